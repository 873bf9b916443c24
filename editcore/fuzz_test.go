package editcore_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"

	. "github.com/git-aiedit/git-aiedit/editcore"
)

// FuzzApply applies a fuzzed block to a fuzzed file. Properties: no panic
// (so no index out of range), a result always has a status, a failed or
// skipped apply leaves the file's bytes unchanged, and an applied edit
// leaves a file that ends with a newline.
func FuzzApply(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), "a", "b", "B", "", uint8(0))
	f.Add([]byte("one\r\ntwo\r\n"), "one", "two", "TWO\nmore", "", uint8(0))
	f.Add([]byte("\ufeffx\n\ty\n"), "x", "    y", "    z", "", uint8(1))
	f.Add([]byte("line\nline\n"), "", "line", "LINE", "", uint8(2))
	f.Add([]byte("def f():\n    return 1\n"), "def f():", "  return 1", "  return 2", "", uint8(3))
	f.Add([]byte("a\x00b\n"), "", "a", "b", "", uint8(0))
	f.Add([]byte("“quoted” — text\n\n\nend\n"), "\"quoted\" - text", "end", "END", "", uint8(4))
	f.Add([]byte("x\n"), "", "", "", "x\n", uint8(5))
	f.Fuzz(func(t *testing.T, file []byte, anchor, old, new, content string, mode uint8) {
		fs := memfs.New()
		if err := util.WriteFile(fs, "f.txt", file, 0o644); err != nil {
			t.Fatal(err)
		}
		op := &Op{Path: "f.txt", Anchor: split(anchor), Old: split(old), New: split(new), Trailing: nil}
		switch mode % 8 {
		case 0, 1:
			op.Kind = Replace
		case 2:
			op.Kind, op.Hint = Replace, int(mode)
		case 3:
			op.Kind, op.OldText, op.NewText, op.ReplaceAll = Substring, old, new, mode&16 != 0
		case 4:
			op.Kind, op.Scope = Replace, split(anchor)
		case 5:
			op.Kind, op.Content = Create, []byte(content)
		case 6:
			op.Kind, op.Start, op.End = ReplaceRange, int(mode>>3)-2, int(mode>>4)
		case 7:
			op.Kind, op.Start = Insert, int(mode>>3)-1
		}
		opt := Options{}
		if mode&128 != 0 {
			opt.Fuzzy = 0.8
		}
		r := NewSession(fs, opt).Apply(op)
		if r.Status == "" {
			t.Fatalf("no status for %+v", op)
		}
		after, err := util.ReadFile(fs, "f.txt")
		if err != nil {
			t.Fatalf("file lost: %v (status %s)", err, r.Status)
		}
		switch r.Status {
		case Failed, Skipped, NotInContext, AlreadyApplied:
			if !bytes.Equal(after, file) {
				t.Fatalf("%s changed the file:\nbefore %q\nafter  %q", r.Status, file, after)
			}
		case Applied:
			if len(after) > 0 && after[len(after)-1] != '\n' {
				t.Fatalf("applied edit left no final newline: %q", after)
			}
		}
	})
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
