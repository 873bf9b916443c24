package attrnote

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing"
)

// Encode renders the note: indented JSON, files and runs in order, byte
// for byte what encoding/json's indenting encoder writes (appendJSON; a
// response of 10,000 files made this a tenth of its run through
// reflection). The notes on a branch, and so the hashes of the notes
// commits, depend on these bytes.
func (n *Note) Encode() []byte {
	n.prepare()
	return n.appendJSON(make([]byte, 0, n.sizeHint()), nil)
}

// EncodeTo writes what Encode returns to w a few KB at a time: the note
// of a response of 200,000 files is some 40 MB, which need not be held
// whole to be stored (gitops.Repo.AddNoteStreamsWith encodes it once to
// measure it, once to hash it and once to write it).
func (n *Note) EncodeTo(w io.Writer) error {
	n.prepare()
	var err error
	b := n.appendJSON(make([]byte, 0, 32<<10), func(b []byte) []byte {
		if len(b) < 32<<10 || err != nil {
			return b
		}
		_, err = w.Write(b)
		return b[:0]
	})
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// prepare sets the version and puts the files and their runs in order.
func (n *Note) prepare() {
	n.Version = Version
	sort.Slice(n.Files, func(i, j int) bool { return n.Files[i].Path < n.Files[j].Path })
	for _, f := range n.Files {
		sort.Slice(f.Lines, func(i, j int) bool { return f.Lines[i].Start < f.Lines[j].Start })
	}
}

// EncodeFor renders the note of commit: Encode, recording that its line
// numbers are those of commit's files.
func (n *Note) EncodeFor(commit plumbing.Hash) []byte {
	n.Commit = commit.String()
	return n.Encode()
}

// appendJSON appends the note as encoding/json's encoder writes it with
// SetIndent("", "  ") and SetEscapeHTML(false), final newline included.
// TestEncodeMatchesJSON and FuzzEncode hold the two to the same bytes.
// flush, when set, is given what is appended so far after each file and
// returns what to go on appending to (EncodeTo).
func (n *Note) appendJSON(b []byte, flush func([]byte) []byte) []byte {
	b = n.appendHead(b)
	switch {
	case n.Files == nil:
		b = append(b, "null"...)
	case len(n.Files) == 0:
		b = append(b, "[]"...)
	default:
		for i, f := range n.Files {
			b = appendFile(b, f, i == 0)
			if flush != nil {
				b = flush(b)
			}
		}
		b = append(b, "\n  ]"...)
	}
	return appendTail(b)
}

// EncodeFilesTo writes to w what EncodeTo writes for n with the files
// files yields (in path order, each file's runs in line order; n's own
// Files are not used): the note of a response of many files, whose runs
// are read back as they are written. No file writes "files": [].
func (n *Note) EncodeFilesTo(w io.Writer, files func(yield func(File) bool) error) error {
	n.Version = Version
	b := n.appendHead(make([]byte, 0, 32<<10))
	first := true
	var werr error
	ferr := files(func(f File) bool {
		b = appendFile(b, f, first)
		first = false
		if len(b) >= 32<<10 {
			_, werr = w.Write(b)
			b = b[:0]
		}
		return werr == nil
	})
	if err := errors.Join(werr, ferr); err != nil {
		return err
	}
	if first {
		b = append(b, "[]"...)
	} else {
		b = append(b, "\n  ]"...)
	}
	_, err := w.Write(appendTail(b))
	return err
}

// appendHead appends the note up to its files' value.
func (n *Note) appendHead(b []byte) []byte {
	b = append(b, "{\n  \"version\": "...)
	b = strconv.AppendInt(b, int64(n.Version), 10)
	if n.Commit != "" {
		b = append(b, ",\n  \"commit\": "...)
		b = appendJSONString(b, n.Commit)
	}
	b = append(b, ",\n  \"responses\": "...)
	switch {
	case n.Responses == nil:
		b = append(b, "null"...)
	case len(n.Responses) == 0:
		b = append(b, "[]"...)
	default:
		b = append(b, '[')
		for i, r := range n.Responses {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n    {"...)
			sep := "\n      "
			field := func(name string) {
				b = append(b, sep...)
				b = append(b, name...)
				sep = ",\n      "
			}
			if r.Commit != "" {
				field(`"commit": `)
				b = appendJSONString(b, r.Commit)
			}
			field(`"transcript": `)
			b = appendJSONString(b, r.Transcript)
			field(`"response": `)
			b = strconv.AppendInt(b, int64(r.Response), 10)
			field(`"total": `)
			b = strconv.AppendInt(b, int64(r.Total), 10)
			if r.Model != "" {
				field(`"model": `)
				b = appendJSONString(b, r.Model)
			}
			if r.Agent != "" {
				field(`"agent": `)
				b = appendJSONString(b, r.Agent)
			}
			b = append(b, "\n    }"...)
		}
		b = append(b, "\n  ]"...)
	}
	return append(b, ",\n  \"files\": "...)
}

// appendFile appends one file of the note's files, first or not.
func appendFile(b []byte, f File, first bool) []byte {
	if first {
		b = append(b, '[')
	} else {
		b = append(b, ',')
	}
	b = append(b, "\n    {\n      \"path\": "...)
	b = appendJSONString(b, f.Path)
	b = append(b, ",\n      \"lines\": "...)
	switch {
	case f.Lines == nil:
		b = append(b, "null"...)
	case len(f.Lines) == 0:
		b = append(b, "[]"...)
	default:
		b = append(b, '[')
		for j, l := range f.Lines {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n        {\n          \"start\": "...)
			b = strconv.AppendInt(b, int64(l.Start), 10)
			b = append(b, ",\n          \"end\": "...)
			b = strconv.AppendInt(b, int64(l.End), 10)
			b = append(b, ",\n          \"source\": "...)
			b = strconv.AppendInt(b, int64(l.Source), 10)
			b = append(b, ",\n          \"block\": "...)
			b = strconv.AppendInt(b, int64(l.Block), 10)
			b = append(b, "\n        }"...)
		}
		b = append(b, "\n      ]"...)
	}
	b = append(b, "\n    }"...)
	return b
}

// appendTail appends the note's end.
func appendTail(b []byte) []byte {
	return append(b, "\n}\n"...)
}

// sizeHint is about the size of the encoded note, so that it is built
// in one allocation.
func (n *Note) sizeHint() int {
	size := 112
	for _, r := range n.Responses {
		size += 128 + len(r.Commit) + len(r.Transcript) + len(r.Model) + len(r.Agent)
	}
	for _, f := range n.Files {
		size += 48 + len(f.Path) + 130*len(f.Lines)
	}
	return size
}

// appendJSONString appends s as a JSON string. Printable ASCII without a
// quote or backslash, the usual path or name, is written as it is;
// anything else is left to encoding/json (HTML characters unescaped, as
// the note's encoder was set).
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s) // a string: cannot fail
			return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
