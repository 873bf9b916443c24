package transcript

import (
	"bytes"
	"strings"
)

// textBuf collects one response's lines, dropping leading and trailing
// blank lines; first is the transcript line of the first kept line. A
// blank line between kept ones keeps its white space: a REPLACE section's
// "            " line is what the agent wrote into the file.
type textBuf struct {
	b      strings.Builder
	first  int
	blanks [][]byte
	more   int // blank lines past maxBlanks, kept as bare newlines
}

func (t *textBuf) empty() bool { return t.b.Len() == 0 }

// add appends a line; it fails when the response grows past MaxResponse.
func (t *textBuf) add(lineNo int, line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		switch {
		case t.empty():
		case len(t.blanks) < maxBlanks:
			t.blanks = append(t.blanks, bytes.Clone(bytes.TrimRight(line, "\r\n")))
		default:
			t.more++
		}
		return nil
	}
	if t.b.Len()+len(t.blanks)+t.more+len(line) >= MaxResponse {
		return &Error{Line: lineNo, Err: errTooLarge()}
	}
	if t.empty() {
		t.first = lineNo
	}
	for _, b := range t.blanks {
		t.b.Write(b)
		t.b.WriteByte('\n')
	}
	t.blanks = t.blanks[:0]
	for ; t.more > 0; t.more-- {
		t.b.WriteByte('\n')
	}
	t.b.Write(line)
	t.b.WriteByte('\n')
	return nil
}

// maxBlanks bounds the blank lines whose white space is held between kept
// ones: past it (a hostile run of them), they are kept as bare newlines.
const maxBlanks = 1 << 16

// take returns the text and resets the buffer.
func (t *textBuf) take() (text string, first int) {
	text, first = t.b.String(), t.first
	*t = textBuf{}
	return text, first
}
