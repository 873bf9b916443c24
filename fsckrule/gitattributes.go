package fsckrule

import (
	"bytes"
	"fmt"
)

// Limits git (2.40 and later, attr.h) puts on a .gitattributes blob.
const (
	AttrMaxLine = 2048      // a line this long or longer is refused
	AttrMaxSize = 100 << 20 // a blob larger is refused
)

// GitattributesError is a .gitattributes git's fsck refuses, with its
// message id (gitattributesLarge, gitattributesLineLength).
type GitattributesError struct {
	ID     string
	Line   int // of gitattributesLineLength
	Detail string
}

func (e *GitattributesError) Error() string { return e.Detail }

// CheckGitattributes is fsck_blob's check of a .gitattributes: the blob
// at most AttrMaxSize bytes, and every line, without its newline, shorter
// than AttrMaxLine bytes. As in git, a NUL byte ends the text looked at.
func CheckGitattributes(data []byte) error {
	if len(data) > AttrMaxSize {
		return &GitattributesError{ID: "gitattributesLarge",
			Detail: fmt.Sprintf(".gitattributes is larger than git's limit of %d MiB", AttrMaxSize>>20)}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		data = data[:i]
	}
	for n := 1; len(data) > 0; n++ {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		if len(line) >= AttrMaxLine {
			return &GitattributesError{ID: "gitattributesLineLength", Line: n,
				Detail: fmt.Sprintf(".gitattributes line %d is %d bytes long; git reads only lines shorter than %d bytes", n, len(line), AttrMaxLine)}
		}
		data = rest
	}
	return nil
}
