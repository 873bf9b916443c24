package transcript

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// readRaw reads the whole input as one response. Lines are joined with LF
// so the transcript's own line endings do not matter.
func readRaw(r io.Reader, e *emitter) error {
	lr := newLineReader(r, MaxLine, e.warn)
	var b strings.Builder
	for {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return &Error{Line: lr.line + 1, Err: err}
		}
		if b.Len()+len(line) > MaxResponse {
			return &Error{Line: lr.line, Err: errTooLarge()}
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return e.emit(&Response{Line: 1, Text: b.String(), resolve: newRooter(e.opt).rel})
}

func errTooLarge() error {
	return fmt.Errorf("%w (limit %d MiB)", ErrTooLarge, MaxResponse>>20)
}
