package editcore

import (
	"bytes"
	"unicode"
)

// Policy is how an agent applied its own edits, so that a replay of its
// record applies them as it did. Each transcript source has one
// (transcript.PolicyOf, docs/formats.md "Each agent's rules"); the zero
// Policy is generic text's: strict, refusing what is ambiguous, every
// edited file ending with a newline. The Session consults it at a few
// named points, never per agent: which of several places an edit takes
// (Choice), whether a final newline is added (NoAddedNewline), and how
// an apply_patch update ends its file (PatchEOF).
type Policy struct {
	// Agent names whose rules these are and the version they follow
	// ("aider 0.86"), for reports and docs; "" for generic text.
	Agent string
	// Choice is which of several places that fit an edit's lines it takes.
	Choice Choice
	// NoAddedNewline: the agent adds no final newline. Content it wrote
	// without one is written without one, and an edit that does not reach
	// the end of a file without one leaves it without.
	NoAddedNewline bool
	// PatchEOF: an apply_patch update ends its file with exactly one
	// newline, a trailing blank line taken for it (Codex's apply-patch
	// joins the lines, the last empty one standing for the newline).
	PatchEOF bool
	// TrimRewrite: a write over an existing file whose content has
	// leading or trailing white space writes the new content with its own
	// removed (Gemini CLI's write_file corrects its content as an edit of
	// the whole file, and trimPairIfPossible trims both sides), so the
	// file ends without a final newline.
	TrimRewrite bool
	// BlockEnds: a SEARCH/REPLACE block's SEARCH and REPLACE text each
	// lose one trailing blank line before they are used (aider's
	// strip_quoted_wrapping splits the text into lines and joins them
	// again, so "x\n\n" becomes "x\n"): a REPLACE that ends in a blank
	// line leaves none in the file.
	BlockEnds bool
	// KeepEnding: a write over an existing file that ended with a newline
	// ends with one (Cline's DiffViewProvider adds it when the original
	// content had one and the new lacks it); with NoAddedNewline, no
	// other write gets one.
	KeepEnding bool
}

// Choice is how a match is chosen among several places.
type Choice uint8

const (
	// Unique refuses an edit whose lines fit several places
	// (ambiguous_anchor): generic text, where no agent chose.
	Unique Choice = iota
	// First takes the first place, at whatever tolerance step found it
	// (aider's replace_most_similar_chunk scans from the top).
	First
	// AfterPrevious takes, for the hunks of one patch of a file, the first
	// place after the previous hunk (apply_patch's seek_sequence); other
	// edits stay Unique.
	AfterPrevious
)

func (c Choice) String() string {
	switch c {
	case First:
		return "first"
	case AfterPrevious:
		return "first after the previous hunk"
	}
	return "unique"
}

// first reports whether op takes the first of several places.
func (p Policy) first(op *Op) bool {
	return p.Choice == First || p.Choice == AfterPrevious && op.InOrder
}

// ending is the final newline rule for content written whole (a write, a
// creation): added unless the agent adds none.
func (p Policy) ending(content []byte) []byte {
	if p.NoAddedNewline {
		return content
	}
	return withFinalNewline(content)
}

// edited is the final newline rule for a file an edit changed, from its
// bytes before (old) and after (out, which ends with a newline): an agent
// that adds none leaves a file without one so when its last line is
// unchanged.
func (p Policy) edited(op *Op, old, out []byte) []byte {
	if p.PatchEOF && op.Format == applyPatchFormat {
		return patchEOF(out)
	}
	if !p.NoAddedNewline || len(old) == 0 || old[len(old)-1] == '\n' {
		return out
	}
	last := old[bytes.LastIndexByte(old, '\n')+1:]
	body := bytes.TrimSuffix(bytes.TrimSuffix(out, []byte("\n")), []byte("\r"))
	if bytes.HasSuffix(body, last) && (len(body) == len(last) || body[len(body)-len(last)-1] == '\n') {
		return body
	}
	return out
}

// plain reports whether edited leaves op's result as it is.
func (p Policy) plain(op *Op) bool {
	return !p.NoAddedNewline && !(p.PatchEOF && op.Format == applyPatchFormat)
}

// rewrite is the content a whole-file write over old (an existing file's
// bytes) leaves.
func (p Policy) rewrite(old, content []byte) []byte {
	if p.TrimRewrite && len(jsTrim(old)) != len(old) {
		return jsTrim(content)
	}
	if p.KeepEnding && bytes.HasSuffix(old, []byte("\n")) && len(content) > 0 && !bytes.HasSuffix(content, []byte("\n")) {
		return append(content[:len(content):len(content)], '\n')
	}
	return content
}

// jsTrim is JavaScript's String.prototype.trim: white space, line
// terminators and the byte order mark off both ends.
func jsTrim(b []byte) []byte {
	return bytes.TrimFunc(b, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
}

// applyPatchFormat is editcore/applypatch's Name (which imports this
// package): PatchEOF is a rule of its updates only.
const applyPatchFormat = "applypatch"

// patchEOF ends an apply_patch update as Codex does: the lines joined by
// newlines, the last one empty when the file ended in a blank line, so
// that a trailing blank line becomes the final newline.
func patchEOF(out []byte) []byte {
	for _, eol := range []string{"\r\n", "\n"} {
		if bytes.HasSuffix(out, []byte(eol+eol)) {
			return out[:len(out)-len(eol)]
		}
	}
	return out
}

// searchReplaceFormat is editcore/searchreplace's Name (which imports
// this package): BlockEnds is a rule of its blocks only.
const searchReplaceFormat = "searchreplace"

// blockEnds returns op with its SEARCH and REPLACE lines as aider uses
// them: each without one trailing empty line. The pieces of a block cut
// at "..." lines (op.Group set) are left as they are: aider strips the
// block's text before cutting it, so only the last piece would lose a
// line, and the pieces do not say which is last.
func (p Policy) blockEnds(op *Op) *Op {
	if op.Format != searchReplaceFormat || op.Group != 0 {
		return op
	}
	switch op.Kind {
	case Replace:
		search, repl := op.Lines(), op.Replacement()
		s2, r2 := dropEndBlank(search), dropEndBlank(repl)
		if len(s2) == len(search) && len(r2) == len(repl) {
			return op
		}
		c := *op
		c.SetReplace(s2, r2)
		return &c
	case Append:
		if !bytes.HasSuffix(op.Content, []byte("\n\n")) && !bytes.Equal(op.Content, []byte("\n")) {
			return op
		}
		c := *op
		c.Content = op.Content[:len(op.Content)-1]
		return &c
	}
	return op
}

// dropEndBlank returns lines without its last line when that line is
// empty (not one of spaces: Python's splitlines keeps those).
func dropEndBlank(lines []string) []string {
	if n := len(lines); n > 0 && lines[n-1] == "" {
		return lines[:n-1]
	}
	return lines
}
