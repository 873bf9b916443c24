package udiff

import (
	"os"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// file is one file's part of a diff as build reads it: go-gitdiff's header
// fields and hunks whose lines are views into the diff's own lines. fast
// fills it for the shapes git writes; go-gitdiff (through fromGitdiff) for
// everything else, and for what fast accepts both give the same file
// (FuzzFastMatchesGitdiff).
type file struct {
	oldName, newName                            string
	isNew, isDelete, isRename, isCopy, isBinary bool
	oldMode, newMode                            os.FileMode
	frags                                       []frag
}

// frag is one hunk: its @@ numbers and its lines.
type frag struct {
	oldPos, oldLines, newPos, newLines int64
	lines                              []hline
}

// Line operations, as the diff writes them.
const (
	opContext byte = ' '
	opDelete  byte = '-'
	opAdd     byte = '+'
)

// hline is one hunk line.
type hline struct {
	text  string // without its line terminator
	op    byte   // opContext, opDelete or opAdd
	noEOL bool   // a "\ No newline at end of file" marker follows it
}

// fromGitdiff converts what go-gitdiff read.
func fromGitdiff(g *gitdiff.File) *file {
	f := &file{oldName: g.OldName, newName: g.NewName, isNew: g.IsNew, isDelete: g.IsDelete,
		isRename: g.IsRename, isCopy: g.IsCopy, isBinary: g.IsBinary, oldMode: g.OldMode, newMode: g.NewMode}
	for _, gf := range g.TextFragments {
		fr := frag{oldPos: gf.OldPosition, oldLines: gf.OldLines, newPos: gf.NewPosition, newLines: gf.NewLines,
			lines: make([]hline, len(gf.Lines))}
		for i, l := range gf.Lines {
			text, eol := strings.CutSuffix(l.Line, "\n")
			fr.lines[i] = hline{op: gitdiffOps[l.Op], text: text, noEOL: !eol}
		}
		f.frags = append(f.frags, fr)
	}
	return f
}

var gitdiffOps = map[gitdiff.LineOp]byte{gitdiff.OpContext: opContext, gitdiff.OpDelete: opDelete, gitdiff.OpAdd: opAdd}
