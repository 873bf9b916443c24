package transcript

import (
	"regexp"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A SpecStory page of a Claude Code session (SpecStory CLI, Markdown
// v2.1.0) says so in its header ("<!-- Claude Code Session <id> (…) -->").
// Each tool call is a section of its own:
//
//	<tool-use data-tool-type="read" data-tool-name="Read"><details>
//	<summary>Tool use: **Read**</summary>
//	 `./src/app.py`
//	```py
//	     1→…
//	```
//	</details></tool-use>
//
// A Read shows the file as the agent read it (cat -n), a Bash its command
// in backticks then its output: neither changes a file. An Edit, MultiEdit
// or Write shows only part of what the tool did (the changed lines without
// their place, a file's content without its path), so none is applied:
// each is reported with the reason and where the whole record is, the
// session's own .jsonl, which --from claude-code replays exactly.

// ssClaudeEdits are Claude Code's tools whose input changes a file.
var ssClaudeEdits = map[string]bool{"Edit": true, "MultiEdit": true, "Write": true, "NotebookEdit": true}

var ssBacktickLineRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^`([^`]+)`$") })

// claudeSection reads one tool section of a Claude Code page.
func (s *ssReader) claudeSection(lines []string) {
	switch {
	case ssClaudeEdits[s.name]:
		o := editcore.Op{Kind: editcore.Unread, Format: ToolCallFormat, Line: s.at, Start: s.at,
			Raw: "SpecStory tool use " + s.name,
			Problem: "SpecStory keeps only part of a Claude Code " + s.name + " (not the whole change nor where it goes), " +
				"so it is not replayed; apply the session's own .jsonl (~/.claude/projects/…) with --from claude-code"}
		if p := ssClaudePath(lines); p != "" {
			s.ro.see(p)
			o.Path = s.rel(p)
		}
		s.add(o)
	case s.kind == "shell" || s.name == "Bash":
		cmd := ""
		for _, l := range lines {
			if m := ssBacktickLineRe().FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				cmd = m[1]
				break
			}
		}
		if cmd == "" {
			cmd = ssFence(lines, "bash")
		}
		if ops := shellOps(cmd, s.at, "", s.e.opt.Format, s.rel); len(ops) > 0 {
			s.add(notReplayedOp(oneLine(cmd), s.at, "the history does not record whether it succeeded"))
		}
	}
	// Everything else (Read, Grep, Glob, WebFetch, TodoWrite, …) reads.
}

// ssClaudePath is the path an edit section names in backticks, if any.
func ssClaudePath(lines []string) string {
	for _, l := range lines {
		if m := ssBacktickLineRe().FindStringSubmatch(strings.TrimSpace(l)); m != nil && (isAbs(m[1]) || looksLikePath(m[1])) {
			return m[1]
		}
	}
	return ""
}

// ssFence is the content of the section's first fence in language lang.
func ssFence(lines []string, lang string) string {
	for i := range lines {
		var f fence
		if isFence, info := f.step(lines[i]); isFence && info == lang {
			if text, _, ok := fenceAfter(lines, i); ok {
				return text
			}
		}
	}
	return ""
}
