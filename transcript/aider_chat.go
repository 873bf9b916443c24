package transcript

import (
	"path"
	"slices"
	"strings"
	"time"
)

// startSession begins a session: aider starts every run with a fresh
// chat, about which nothing is known until the log says something.
func (a *aiderReader) startSession(t string) {
	a.ctx = fileSet{}
	a.keep, a.words, a.subjects = nil, nil, nil
	a.start = time.Time{}
	if ts, err := time.Parse("2006-01-02 15:04:05", aiderStartRe().FindStringSubmatch(t)[1]); err == nil {
		a.start = ts
	}
}

// toolLine reads context and the model name from aider's tool output.
func (a *aiderReader) toolLine(t string) {
	if m := aiderModelRe().FindStringSubmatch(t); m != nil {
		a.model = m[1]
	}
	if c, ok := aiderCommit(t); ok {
		a.commit = c
	}
	ev := parseAiderTool(t)
	subjects := a.subjects
	a.subjects = nil
	if ev.kind == aiderNoEvent && aiderSubject(t) {
		a.subjects = append(subjects, t) // aider names a prompt's files on the lines before it
	}
	switch ev.kind {
	case aiderNoEvent:
		return
	case aiderAnnounce:
		a.ctx.known = true // the announcement lists every file the chat starts with
		return
	case aiderDropAll:
		a.dropAll()
		return
	}
	paths := []string{ev.path}
	switch {
	case ev.group:
		paths = subjects
	case ev.subject:
		paths = subjects[max(len(subjects)-1, 0):]
	}
	for _, p := range paths {
		if p != "" {
			a.event(ev, p, t)
		}
	}
}

// event applies one tool-output line's event about the file p.
func (a *aiderReader) event(ev aiderEvent, p, t string) {
	switch ev.kind {
	case aiderJoin:
		a.learnRoot(p, a.words)
		p = a.norm(p)
		a.ctx.add(p)
		if strings.HasSuffix(t, "to the chat (read-only).") { // given with --read
			a.keep = append(a.keep, p)
		}
	case aiderEdited:
		p = a.norm(p)
		if a.ctx.known {
			a.ctx.add(p)
		}
		if r := a.held; r != nil && r.Context != nil && !isAbs(p) && !slices.Contains(r.Context, p) {
			r.Context = append(r.Context, p)
		}
	case aiderLeave:
		a.ctx.remove(a.norm(p))
	case aiderCreateAsk:
		a.learnRoot(p, []string{ev.word})
	}
}

// aiderSubject reports a tool-output line that can be the file a confirm
// prompt asks about: aider prints the file's path alone, on the line
// before the question (or on the lines before "Add these files to the
// chat?"). A path may hold spaces and brackets, not a sentence's ": ".
func aiderSubject(t string) bool {
	return t != "" && len(t) <= 1024 && !strings.Contains(t, ": ") && !strings.Contains(t, "://") &&
		!strings.HasSuffix(t, "?") && !strings.HasSuffix(t, ".") && !strings.HasPrefix(t, "#")
}

// command follows the chat commands a user typed. What /add and
// /read-only added is what aider's tool output after them says ("Added …",
// or "No files matched …"); the words typed only help map the absolute
// paths older aider wrote. /drop and /reset are followed here too, by
// aider's own rules, so that a log whose tool output was cut short stays
// right.
func (a *aiderReader) command(t string) {
	c, ok := parseAiderCommand(t)
	if !ok {
		return
	}
	switch aiderCommandName(c.name) {
	case "add", "read-only", "read":
		a.words = c.words
	case "drop":
		if len(c.words) == 0 {
			a.dropAll()
			return
		}
		for _, w := range c.words {
			a.dropMatching(w)
		}
	case "reset":
		a.dropAll()
	}
}

// dropAll empties the chat but for the read-only files given at start-up.
func (a *aiderReader) dropAll() {
	a.ctx.clear()
	for _, p := range a.keep {
		a.ctx.add(p)
	}
}

// dropMatching removes the files /drop's word names: a glob matches, any
// other word is a part of the path (aider's own rule).
func (a *aiderReader) dropMatching(w string) {
	w = strings.ReplaceAll(w, `\`, "/")
	for _, p := range slices.Clone(a.ctx.order) {
		hit := strings.Contains(p, w)
		if hasGlob(w) {
			hit, _ = path.Match(w, p)
		}
		if hit {
			a.ctx.remove(p)
		}
	}
	a.ctx.known = true
}

// norm is a chat file's path as the repository names it where it can be
// mapped (relative, slashes), else as aider wrote it.
func (a *aiderReader) norm(p string) string { return a.ro.rel(slashPath(p)) }

// learnRoot learns aider's root folder, on the machine that wrote the log,
// from an absolute path aider wrote for a word the user typed: older
// aider wrote "Added /home/u/app/src/x.py to the chat" for "/add
// src/x.py". The first root found stays.
func (a *aiderReader) learnRoot(p string, words []string) {
	if a.ro.cwd != "" || !isAbs(a.ro.rel(p)) {
		return
	}
	for _, w := range words {
		if root := aiderRootOf(p, w); root != "" && isAbs(root) {
			a.ro.cwd = cleanAbs(root)
			return
		}
	}
}

// aiderCommands are aider's chat commands; a user may type any unique
// prefix of one.
var aiderCommands = []string{
	"add", "architect", "ask", "chat-mode", "clear", "code", "commit", "context", "copy", "copy-context",
	"diff", "drop", "edit", "editor", "editor-model", "exit", "git", "help", "lint", "load", "ls", "map",
	"map-refresh", "model", "models", "multiline-mode", "ok", "paste", "quit", "read-only", "reasoning-effort",
	"report", "reset", "run", "save", "settings", "test", "think-tokens", "tokens", "undo", "voice",
	"weak-model", "web",
}

// aiderCommandName resolves what the user typed ("/dr") to the command
// aider ran ("drop"); "" when aider ran none.
func aiderCommandName(typed string) string {
	w := strings.TrimPrefix(typed, "/")
	if w == "read" { // older aider's name for read-only
		return w
	}
	var match []string
	for _, c := range aiderCommands {
		if c == w {
			return c
		}
		if strings.HasPrefix(c, w) {
			match = append(match, c)
		}
	}
	if len(match) == 1 {
		return match[0]
	}
	return ""
}
