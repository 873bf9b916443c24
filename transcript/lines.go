package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

var bom = []byte("\xef\xbb\xbf")

// ErrLineTooLong reports a transcript line or JSON record over MaxLine.
var ErrLineTooLong = errors.New("line longer than the limit")

// lineReader yields lines without their terminator (LF or CRLF), counting
// them from 1, holding at most max bytes of any line (bufio.Scanner would
// stop at its token limit instead). A longer line ends the reading with
// ErrLineTooLong: in a text transcript a block that lost a line must never
// apply, and no model writes such a line, so the transcript is refused
// whole, as a raw reply is. Reading JSONL records (skipLong), the record
// is skipped with a warning instead: a record is all or nothing, so no
// edit can apply in part, and the warning says one was lost.
type lineReader struct {
	br       *bufio.Reader
	max      int
	line     int // number of the line last returned
	buf      []byte
	warn     func(line int, format string, args ...any)
	skipLong bool
}

func newLineReader(r io.Reader, max int, warn func(int, string, ...any)) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max, warn: warn}
}

// next returns the next line, valid until the following call, or io.EOF.
func (lr *lineReader) next() ([]byte, error) {
	for {
		lr.buf = lr.buf[:0]
		tooLong := false
		sawAny := false
		for {
			chunk, err := lr.br.ReadSlice('\n')
			if len(chunk) > 0 {
				sawAny = true
			}
			if !tooLong {
				if len(lr.buf)+len(chunk) > lr.max+2 { // +2: the terminator
					if !lr.skipLong {
						// Refused at once, not at the line's end: a
						// stream (/dev/zero) may have none. lr.line
						// stays that of the line before: callers report
						// lr.line+1, the line that was too long.
						return nil, fmt.Errorf("%w (%d MiB); this is not a model's reply", ErrLineTooLong, lr.max>>20)
					}
					tooLong = true
					lr.buf = lr.buf[:0]
				} else {
					lr.buf = append(lr.buf, chunk...)
				}
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			if !sawAny {
				return nil, io.EOF
			}
			break
		}
		lr.line++
		if tooLong {
			if lr.warn != nil {
				lr.warn(lr.line, "record longer than %d MiB skipped: whatever it held (an edit too) is not applied", lr.max>>20)
			}
			continue
		}
		b := bytes.TrimSuffix(lr.buf, []byte("\n"))
		b = bytes.TrimSuffix(b, []byte("\r"))
		if lr.line == 1 {
			b = bytes.TrimPrefix(b, bom)
		}
		return b, nil
	}
}
