package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

var bom = []byte("\xef\xbb\xbf")

// lineReader yields lines without their terminator (LF or CRLF), counting
// them from 1. A line longer than max is skipped whole, with a warning, so a
// 1 GB line costs at most max bytes of memory; bufio.Scanner would instead
// stop at its token limit.
type lineReader struct {
	br   *bufio.Reader
	max  int
	line int // number of the line last returned
	buf  []byte
	warn func(line int, format string, args ...any)
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
				lr.warn(lr.line, "line longer than %d bytes skipped", lr.max)
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
