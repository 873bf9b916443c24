package transcript

import (
	"path"
	"regexp"
	"strings"
	"sync"
)

// What an aider log says of the files in aider's chat. The log is the
// authority: aider (its io.py, commands.py and coders/base_coder.py)
// writes a tool-output line for every file that joins or leaves the chat,
// and a line for every edit it applied, which it can only apply to a file
// in the chat. A session says nothing until its start-up announcement
// ("Aider v…", then "Added F to the chat." for each file given on the
// command line) or a line about a file; until then every file is in
// context.

// aiderEventKind is what one tool-output line does to the chat.
type aiderEventKind uint8

const (
	aiderNoEvent aiderEventKind = iota
	// aiderJoin: the file joins the chat (from the next reply on).
	aiderJoin
	// aiderEdited: aider applied (or was allowed to apply) the previous
	// reply's edit to the file, so it was in the chat for that reply, and
	// stays in it.
	aiderEdited
	// aiderLeave: the file leaves the chat.
	aiderLeave
	// aiderDropAll: every file leaves the chat but the read-only ones given
	// at start-up (aider's _drop_all_files keeps those).
	aiderDropAll
	// aiderAnnounce: the start-up announcement; the chat is known to hold
	// exactly the files its next lines add.
	aiderAnnounce
	// aiderCreateAsk: aider offered to create path for the word the user
	// typed to /add; path lies under aider's root.
	aiderCreateAsk
)

// aiderEvent is one tool-output line read for context. subject is set for
// a confirm prompt about the file aider named on the line before it (the
// prompt's subject), group for one about the files on the lines before
// it; path is "" then.
type aiderEvent struct {
	kind    aiderEventKind
	path    string
	word    string // aiderCreateAsk: what the user typed
	subject bool
	group   bool // about every file named on the lines before ("Add these files to the chat?")
}

// aiderToolRule maps a tool-output line aider writes to its event; the
// first submatch is the path.
type aiderToolRule struct {
	re   *regexp.Regexp
	kind aiderEventKind
}

var aiderToolRules = sync.OnceValue(func() []aiderToolRule {
	r := func(expr string, k aiderEventKind) aiderToolRule {
		return aiderToolRule{regexp.MustCompile(expr), k}
	}
	return []aiderToolRule{
		// cmd_add (no dot), the start-up announcement (a dot; read-only
		// files given with --read), cmd_read_only, and files aider
		// creates for names given on its command line.
		r(`^Added \d+ lines? of output to the chat`, aiderNoEvent), // /run's output, no file
		r(`^Added (.+?) to the chat(?: \(read-only\))?\.?$`, aiderJoin),
		r(`^Added (.+?) to read-only files\.?$`, aiderJoin),
		r(`^Moved (.+?) from (?:read-only to editable|editable to read-only) files in the chat\.?$`, aiderJoin),
		r(`^Converted (.+?) to read-only\.?$`, aiderJoin),
		r(`^Creating empty file (.+?)\.?$`, aiderJoin),
		r(`^Removed (?:read-only file )?(.+?) from the chat\.?$`, aiderLeave),
		r(`^Dropping all files from the chat session`, aiderDropAll),
		r(`^All files dropped and chat history cleared`, aiderDropAll),
		r(`^Dropping (.+?) from the chat\.?$`, aiderLeave), // a file aider could no longer read
		r(`^Applied edit to (.+?)$`, aiderEdited),
		r(`^Did not apply edit to (.+?) \(--dry-run\)$`, aiderEdited),
		r(`^Committing (.+?) before applying edits\.?$`, aiderEdited),
		r(`^Aider v\d`, aiderAnnounce),
	}
})

var (
	// aiderConfirmRe splits a confirm prompt as aider logs it: the
	// question, aider's options when it wrote them ("(Y)es/(N)o… [Yes]:"),
	// and the answer.
	aiderConfirmRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(.*?\?)(?: \(Y\)es/\(N\)o[^\[]*\[[^\]]*\]:)? *(\S*)$`)
	})
	// Older aider named the file in the question itself.
	aiderOldAllowRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^Allow (?:edits to (.+?) which was not previously (?:added to chat|provided)|creation of new file (.+?))\?$`)
	})
	aiderAddAskRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Add (.+?) to the chat\?$`) })
	aiderNoMatchRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^No files matched '(.+?)'\. Do you want to create (.+?)\?`)
	})
)

// parseAiderTool reads one tool-output line (its "> " and the trailing
// spaces gone) for context.
func parseAiderTool(t string) aiderEvent {
	if m := aiderNoMatchRe().FindStringSubmatch(t); m != nil {
		return aiderEvent{kind: aiderCreateAsk, path: m[2], word: m[1]}
	}
	if strings.HasSuffix(t, "?") || strings.Contains(t, "? ") {
		if ev, ok := parseAiderConfirm(t); ok {
			return ev
		}
	}
	for _, rule := range aiderToolRules() {
		m := rule.re.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		ev := aiderEvent{kind: rule.kind}
		if len(m) > 1 {
			ev.path = strings.TrimSpace(m[1])
			if ev.path == "" {
				return aiderEvent{}
			}
		}
		return ev
	}
	return aiderEvent{}
}

// parseAiderConfirm reads a confirm prompt about a file, answered.
func parseAiderConfirm(t string) (aiderEvent, bool) {
	m := aiderConfirmRe().FindStringSubmatch(t)
	if m == nil {
		return aiderEvent{}, false
	}
	q, answer := m[1], strings.ToLower(m[2])
	var ev aiderEvent
	switch {
	case q == "Add file to the chat?": // a file the reply mentioned
		ev = aiderEvent{kind: aiderJoin, subject: true}
	case q == "Allow edits to file that has not been added to the chat?", q == "Create new file?":
		ev = aiderEvent{kind: aiderEdited, subject: true}
	case q == "Add these files to the chat?": // older aider's mentions, asked at once
		ev = aiderEvent{kind: aiderJoin, group: true}
	default:
		if o := aiderOldAllowRe().FindStringSubmatch(q); o != nil {
			ev = aiderEvent{kind: aiderEdited, path: strings.TrimSpace(o[1] + o[2])}
		} else if o := aiderAddAskRe().FindStringSubmatch(q); o != nil && looksLikePath(o[1]) {
			ev = aiderEvent{kind: aiderJoin, path: o[1]}
		} else {
			return aiderEvent{}, false
		}
	}
	if answer != "y" && answer != "yes" && answer != "a" && answer != "all" {
		return aiderEvent{}, true // declined: the file stays out
	}
	return ev, true
}

// aiderCommand is a chat command the user typed ("/add a.py b.py"), as
// aider splits it: its name and its file names, a double-quoted name
// being one ("/add "my file.py"").
type aiderCommand struct {
	name  string
	words []string
}

var aiderWordRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(.+?)"|(\S+)`) })

// parseAiderCommand reads a user line that is a command; ok is false for
// anything else.
func parseAiderCommand(t string) (c aiderCommand, ok bool) {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "/") {
		return c, false
	}
	name, args, _ := strings.Cut(t, " ")
	c.name = name
	for _, m := range aiderWordRe().FindAllStringSubmatch(args, -1) {
		c.words = append(c.words, m[1]+m[2])
	}
	return c, true
}

// hasGlob reports a word aider expands as a glob.
func hasGlob(w string) bool { return strings.ContainsAny(w, "*?[]") }

// aiderRootOf finds aider's root folder from an absolute path aider wrote
// for a word the user typed (a file, a folder or a glob under the root):
// the path with the word's literal part, and what follows it, cut off.
// "" when the path does not hold the word.
func aiderRootOf(abs, word string) string {
	a := cleanAbs(abs)
	if a == "" {
		return ""
	}
	w := strings.ReplaceAll(word, `\`, "/")
	if isAbs(w) {
		return ""
	}
	if hasGlob(w) { // keep the folders before the first pattern
		parts := strings.Split(w, "/")
		i := 0
		for i < len(parts) && !hasGlob(parts[i]) {
			i++
		}
		w = strings.Join(parts[:i], "/")
	}
	w = path.Clean(w)
	if w == "." || w == ".." || strings.HasPrefix(w, "../") {
		return ""
	}
	fold := isWinAbs(a) // Windows file systems ignore case
	la, lw := a, w
	if fold {
		la, lw = strings.ToLower(a), strings.ToLower(w)
	}
	if strings.HasSuffix(la, "/"+lw) {
		return a[:len(a)-len(w)-1]
	}
	if i := strings.LastIndex(la, "/"+lw+"/"); i >= 0 {
		return a[:i]
	}
	return ""
}
