package transcript

import (
	"bytes"
	"strings"
)

// textBuf collects one response's lines, dropping leading and trailing
// blank lines; first is the transcript line of the first kept line.
type textBuf struct {
	b      strings.Builder
	first  int
	blanks int
}

func (t *textBuf) empty() bool { return t.b.Len() == 0 }

// add appends a line; it fails when the response grows past MaxResponse.
func (t *textBuf) add(lineNo int, line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		if !t.empty() {
			t.blanks++
		}
		return nil
	}
	if t.b.Len()+t.blanks+len(line) >= MaxResponse {
		return &Error{Line: lineNo, Err: errTooLarge()}
	}
	if t.empty() {
		t.first = lineNo
	}
	for ; t.blanks > 0; t.blanks-- {
		t.b.WriteByte('\n')
	}
	t.b.Write(line)
	t.b.WriteByte('\n')
	return nil
}

// take returns the text and resets the buffer.
func (t *textBuf) take() (text string, first int) {
	text, first = t.b.String(), t.first
	*t = textBuf{}
	return text, first
}
