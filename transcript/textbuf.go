package transcript

import (
	"bytes"
	"unsafe"
)

// textBuf collects one response's lines, dropping leading and trailing
// blank lines; first is the transcript line of the first kept line. A
// blank line between kept ones keeps its white space: a REPLACE section's
// "            " line is what the agent wrote into the file.
//
// The lines go into chunks of at most textChunk bytes that are never
// reallocated, joined once, at their exact size, when the response is
// taken, or handed on as they are (takePieces). A buffer that grows by copying held its old and new arrays at
// once, and a quarter more than the text after: a response of a million
// blocks (73 MB) peaked at 220 MB resident, most of it the buffer's
// growth (docs/performance.md).
type textBuf struct {
	p      Pieces // the chunks, past spillFrom all but the last two in a file
	n      int    // bytes in chunks
	first  int
	blanks [][]byte
	more   int // blank lines past maxBlanks, kept as bare newlines
	// closer: a kept line holds "</", as the closing line of a fence
	// aider wraps in a tag does (aiderFences reads the text whole).
	closer bool
}

// textChunk is the size of the chunks a long response is gathered in;
// a short one is one chunk that grows as usual up to it.
const textChunk = 1 << 20

func (t *textBuf) empty() bool { return t.n == 0 }

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
	if t.n+len(t.blanks)+t.more+len(line) >= MaxResponse {
		return &Error{Line: lineNo, Err: errTooLarge()}
	}
	if t.empty() {
		t.first = lineNo
	}
	if !t.closer && bytes.Contains(line, []byte("</")) {
		t.closer = true
	}
	// The blank lines before it and the line go into one chunk: a chunk
	// holds whole lines (takePieces).
	need := len(line) + 1 + t.more
	for _, b := range t.blanks {
		need += len(b) + 1
	}
	last := len(t.p.mem) - 1
	if last < 0 || len(t.p.mem[last]) > 0 && len(t.p.mem[last])+need > textChunk {
		if t.n >= spillFrom {
			if t.p.spillOld(); t.p.err != nil {
				return &Error{Line: lineNo, Err: t.p.err}
			}
		}
		t.p.mem = append(t.p.mem, make([]byte, 0, min(max(need, 512), textChunk)))
		last = len(t.p.mem) - 1
	}
	c := t.p.mem[last]
	for _, b := range t.blanks {
		c = append(append(c, b...), '\n')
	}
	t.blanks = t.blanks[:0]
	for ; t.more > 0; t.more-- {
		c = append(c, '\n')
	}
	c = append(append(c, line...), '\n')
	t.p.mem[last] = c
	t.n += need
	return nil
}

// maxBlanks bounds the blank lines whose white space is held between kept
// ones: past it (a hostile run of them), they are kept as bare newlines.
const maxBlanks = 1 << 16

// piecesMin is the text from which a response is handed on in pieces
// (Response.Pieces), not joined: past it, the joined copy would cost more
// than the pieces' bookkeeping.
var piecesMin = 4 << 20

// takePieces returns a text of piecesMin or more as its chunks (whole
// lines each), else nil and the text joined; it resets the buffer.
func (t *textBuf) takePieces() (pieces *Pieces, text string, first int) {
	if t.n < piecesMin {
		text, first, _ = t.take() // under spillFrom: in memory
		return nil, text, first
	}
	pieces, first = &Pieces{file: t.p.file, sizes: t.p.sizes, mem: t.p.mem}, t.first
	*t = textBuf{}
	return pieces, "", first
}

// take returns the text and resets the buffer. The text is one array of
// its exact size; each chunk is let go as soon as it is copied, and a
// spilled one read back.
func (t *textBuf) take() (text string, first int, err error) {
	b := make([]byte, 0, t.n)
	if len(t.p.sizes) > 0 || t.p.err != nil {
		// Spilled: read back (a text joined past spillFrom, for aider's
		// wrapped fences).
		err = t.p.Each(func(c []byte) bool {
			b = append(b, c...)
			return true
		})
		t.p.Close()
	} else {
		for i, c := range t.p.mem {
			b = append(b, c...)
			t.p.mem[i] = nil
		}
	}
	first = t.first
	*t = textBuf{}
	return unsafe.String(unsafe.SliceData(b), len(b)), first, err
}
