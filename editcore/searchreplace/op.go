package searchreplace

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// build returns the operations of a complete block: an Append for a blank
// SEARCH, one Replace otherwise, or one operation per "..." piece.
func build(path string, line int, raw string, search, repl []string) []editcore.Op {
	base := editcore.Op{Format: Name, Path: path, Line: line, Raw: raw}
	if blank(search) {
		return []editcore.Op{appendOp(base, repl)}
	}
	sp, rp := pieces(search), pieces(repl)
	if len(sp) == 1 || len(sp) != len(rp) {
		return []editcore.Op{replaceOp(base, search, repl)}
	}
	var ops []editcore.Op
	for i := range sp {
		switch {
		case blank(sp[i]) && blank(rp[i]):
			continue
		case blank(sp[i]):
			// Nothing to find before the new lines: aider appends them.
			ops = append(ops, appendOp(base, rp[i]))
		default:
			ops = append(ops, replaceOp(base, sp[i], rp[i]))
		}
	}
	if len(ops) > 1 {
		for i := range ops {
			// The start line is unique to this block within the response.
			ops[i].Group, ops[i].InOrder = line, true
		}
	}
	return ops
}

func appendOp(op editcore.Op, repl []string) editcore.Op {
	op.Kind = editcore.Append
	op.Content = editcore.FileContent(repl)
	return op
}

// replaceOp splits the lines both sides share at their start into Anchor
// and at their end into Trailing.
func replaceOp(op editcore.Op, old, repl []string) editcore.Op {
	op.SetReplace(old, repl)
	return op
}

// pieces cuts lines at the lines that are exactly "..." (an elision).
func pieces(lines []string) [][]string {
	out := [][]string{nil}
	for _, l := range lines {
		if strings.TrimRight(l, " \t") == "..." {
			out = append(out, nil)
			continue
		}
		out[len(out)-1] = append(out[len(out)-1], l)
	}
	return out
}

func blank(lines []string) bool {
	for _, l := range lines {
		if !isBlank(l) {
			return false
		}
	}
	return true
}
