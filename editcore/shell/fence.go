package shell

import (
	"regexp"
	"strings"
	"sync"
)

// mode says which lines of a fenced block are commands.
type mode uint8

const (
	// modeIgnore: a block in another language; nothing in it is a command.
	modeIgnore mode = iota
	// modeScript: a shell script; every non-comment line is a command (a
	// leading "$ " is dropped).
	modeScript
	// modePrompt: a terminal session or plain text; only lines with a prompt
	// are commands, the rest is output.
	modePrompt
	// modeDecide: a shell or session block whose first command line decides:
	// a prompt makes it modePrompt, anything else modeScript. Models often
	// write sessions in ```bash blocks and scripts in ```console blocks.
	modeDecide
)

// languages maps a fence's language (lower case) to its mode; a language
// not listed is modeIgnore, and no language at all is modePrompt.
var languages = map[string]mode{
	"bash": modeDecide, "sh": modeDecide, "shell": modeDecide, "zsh": modeDecide,
	"ksh": modeDecide, "dash": modeDecide, "shellscript": modeDecide,
	"console": modeDecide, "shell-session": modeDecide, "shellsession": modeDecide,
	"bash-session": modeDecide, "sh-session": modeDecide, "terminal": modeDecide,
	"": modePrompt, "text": modePrompt, "txt": modePrompt, "plain": modePrompt,
	"plaintext": modePrompt,
}

// fence is an open markdown code fence (CommonMark, leniently: any
// indentation is accepted, as models indent fences inside list items).
type fence struct {
	char byte // '`' or '~'
	n    int  // length of the opening run
	mode mode
	body int // content lines seen so far
}

// openFence returns the fence a line opens, or nil.
func openFence(line string) *fence {
	t := trimIndent(line)
	n := fenceRun(t)
	if n == 0 {
		return nil
	}
	info := strings.TrimSpace(t[n:])
	if t[0] == '`' && strings.IndexByte(info, '`') >= 0 {
		return nil // ```git rm x``` is a code span, not a fence
	}
	m, ok := languages[language(info)]
	if !ok {
		m = modeIgnore
	}
	return &fence{char: t[0], n: n, mode: m}
}

// closes reports whether line closes f: a run of the same character at
// least as long, followed only by blanks.
func (f *fence) closes(line string) bool {
	t := trimIndent(line)
	if t == "" || t[0] != f.char {
		return false // most lines: not even a fence character
	}
	n := fenceRun(t)
	return n >= f.n && t[0] == f.char && strings.TrimSpace(t[n:]) == ""
}

// isBareFence reports whether line is a fence line with no info string.
func isBareFence(line string) bool {
	t := trimIndent(line)
	n := fenceRun(t)
	return n > 0 && strings.TrimSpace(t[n:]) == ""
}

// fenceRun is the length of the run of ` or ~ that starts t, if at least 3.
func fenceRun(t string) int {
	if t == "" || (t[0] != '`' && t[0] != '~') {
		return 0
	}
	n := 1
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 {
		return 0
	}
	return n
}

// language is the first word of an info string, lower case, without the
// decorations some renderers use: "{.bash}", "bash title=x", "sh:run.sh".
func language(info string) string {
	info = strings.TrimLeft(info, "{.")
	end := 0
	for end < len(info) {
		c := info[end] | 0x20
		if !(c >= 'a' && c <= 'z' || isDigit(info[end]) || info[end] == '-' || info[end] == '_' || info[end] == '+') {
			break
		}
		end++
	}
	return strings.ToLower(info[:end])
}

// Regexps are compiled on first use: package init is on every command's start-up path.
// prompt matches a shell prompt at the start of a session line: "$ ", or
// one decorated with a virtualenv, user@host, a directory or [user@host
// dir]. "# " is deliberately not a prompt: in a shell it starts a comment,
// and models write far more comments than root sessions.
var prompt = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[ \t]*(?:\([^()\s]+\)[ \t]*)?(?:\[[^\]\n]*\]|[A-Za-z0-9_.@:~/+-]*)\$(?:[ \t]|$)`)
})

// promptCommand returns the command on a session line, if it has a prompt.
func promptCommand(line string) (string, bool) {
	loc := prompt().FindStringIndex(line)
	if loc == nil {
		return "", false
	}
	return line[loc[1]:], true
}

// dollarCommand returns the command on a line that starts with a bare "$ "
// prompt (after indentation), as in prose and shell scripts.
func dollarCommand(line string) (string, bool) {
	t := trimIndent(line)
	if t == "$" {
		return "", true
	}
	if strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "$\t") {
		return t[2:], true
	}
	return "", false
}

// trimIndent drops leading spaces and tabs (cheaper than strings.TrimLeft
// with a cut set, on every line of a fence).
func trimIndent(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:]
}
