package transcript

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// sweReplace maps SWE-agent 1.0's windowed search-and-replace edit,
// `edit SEARCH REPLACE [REPLACE-ALL]`, on the open file. Its words are
// shell words (the agent's function call quoted each argument). The tool
// replaces the one occurrence of SEARCH in the lines it shows, or, with a
// third argument, every occurrence in the file; that argument is read as
// Python's bool of a string, so any non-empty word, "False" too, means
// every occurrence. The shown lines are not in the record: without the
// third argument, SEARCH must occur once in the whole file, else the edit
// is reported ambiguous, never guessed. ok is false when action is not
// this form.
func sweReplace(rec int, action, file string) (op editcore.Op, ok bool) {
	first, _, _ := strings.Cut(action, "\n")
	cmds := shell.ParseLine(action, 1)
	if len(cmds) != 1 || cmds[0].Program != "edit" || len(cmds[0].Args) < 2 {
		return editcore.Op{}, false
	}
	args := cmds[0].Args
	if len(args) > 3 {
		return malformed(rec, first, file, "edit takes a search text, a replacement and an optional replace-all flag"), true
	}
	if file == "" {
		return malformed(rec, first, "", "edit with no open file"), true
	}
	if args[0] == "" {
		return malformed(rec, first, file, "edit with an empty search text"), true
	}
	return editcore.Op{Kind: editcore.Substring, Format: ToolCallFormat, Path: file, Line: rec, Raw: first,
		OldText: args[0], NewText: args[1], ReplaceAll: len(args) == 3 && args[2] != ""}, true
}
