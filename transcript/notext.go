package transcript

import (
	"bytes"
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

// LooksJSON reports whether an input starts as a JSON value would: a
// transcript that detection found no source's records in is then not a
// model's reply either, unless the user says so (--from raw).
func LooksJSON(head []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}
