package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"
)

// LooksBinary reports whether the head of an input is not text at all:
// more than one byte in ten is not UTF-8 or is a control character other
// than white space. A reply with a stray NUL byte, or a block in Latin-1,
// is still text.
func LooksBinary(head []byte) bool {
	bad := 0
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRune(head[i:])
		switch {
		case r == utf8.RuneError && n == 1 && utf8.FullRune(head[i:]):
			bad++
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' && r != 0x1b:
			bad++
		}
		i += n
	}
	return bad*10 > len(head)
}

// LooksJSON reports whether an input is JSON: an object or an array, or a
// stream of values (JSONL), that parses to the head's end (a value cut off
// there is fine). A transcript that detection found no source's records in
// is then not a model's reply either, unless the user says so (--from
// raw). Text that only starts like JSON (a pasted Python repr, a Markdown
// link) is text.
func LooksJSON(head []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n")
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	for {
		_, err := dec.Token()
		if err != nil {
			return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		}
	}
}
