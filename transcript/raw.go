package transcript

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// readRaw gives the whole input as one response whose text streams: its
// Body is the input itself, so a caller applies each block as soon as it
// is complete, while a model's reply is still arriving on a pipe. What fn
// leaves unread is drained when it returns, so that the input is read to
// its end either way.
func readRaw(r io.Reader, e *emitter) error {
	body := &rawBody{r: r, line: 1}
	resp := &Response{Line: 1, Body: body, resolve: newRooter(e.opt).rel}
	if err := e.emit(resp); err != nil {
		return err
	}
	if _, err := io.Copy(io.Discard, body); err != nil {
		return err
	}
	return nil
}

// rawBody reads a raw transcript up to MaxResponse bytes, counting lines
// so that an error can say where it happened.
type rawBody struct {
	r    io.Reader
	n    int // bytes read
	line int // 1-based line of the next byte
	err  error
}

func (b *rawBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if left := MaxResponse - b.n; len(p) > left+1 {
		p = p[:left+1]
	}
	n, err := b.r.Read(p)
	if b.n+n > MaxResponse {
		n = MaxResponse - b.n
		b.line += bytes.Count(p[:n], []byte{'\n'})
		b.n += n
		b.err = &Error{Line: b.line, Err: errTooLarge()}
		return n, b.err
	}
	b.n += n
	b.line += bytes.Count(p[:n], []byte{'\n'})
	switch {
	case errors.Is(err, io.EOF):
		b.err = io.EOF
	case err != nil:
		b.err = &Error{Line: b.line, Err: err}
		err = b.err
	}
	return n, err
}

func errTooLarge() error {
	return fmt.Errorf("%w (limit %d MiB)", ErrTooLarge, MaxResponse>>20)
}
