package shell

import "strings"

// maxJoin bounds how many lines one command may span (continuations, open
// quotes): a stray quote must not swallow a whole block.
const maxJoin = 64

// Scanner finds the commands a response suggests, in order of appearance.
// It is fed the response's prose line by line (the lines that are not part
// of an edit block) and recognises:
//
//   - fenced code blocks in a shell language (see languages): every line is
//     a command, or, when the block's first command line has a prompt, only
//     the lines with a prompt ("$ ", "user@host:dir$ ", "(venv) $ ") and the
//     rest is output. Unlabelled and text blocks: only prompt lines. Blocks
//     in other languages: nothing. "\" continuations, open quotes and
//     trailing && / || / | join lines (after a prompt, a "> " PS2 prompt is
//     dropped); a here-document's body is skipped up to its terminator.
//   - prose lines starting with "$ ".
//   - inline code spans in prose that start with a command word and have an
//     argument (see commandWords); several spans on a line give several
//     commands.
//
// Inside one fenced block, a cd makes the file operations after it not run,
// as their paths are relative to another directory.
//
// Lines left out by the caller (an edit block) show as a jump in line
// numbers. A jump ends any command being joined and any here-document; a
// fence opened on the line just before the jump, with no content, was the
// edit block's own fence and is closed; and a bare fence line just after
// the jump is taken for the closing fence of the left-out block.
type Scanner struct {
	last    int       // the last line number seen
	fence   *fence    // the open code fence, or nil
	join    *joined   // a command continued on the following lines, or nil
	here    []heredoc // here-document terminators still awaited, in order
	cd      bool      // the open fence ran cd
	swallow bool      // lines were left out just before this one
}

// joined is a command spanning lines.
type joined struct {
	line  int
	text  string
	lines int
}

// NewScanner returns a Scanner for one response.
func NewScanner() *Scanner { return &Scanner{} }

// Line scans response line n (1-based, without its terminator) and returns
// the commands that end on it. A command spanning lines is returned with the
// line that completes it, with Line set to its first line.
func (s *Scanner) Line(n int, line string) []Command {
	line = strings.TrimSuffix(line, "\r")
	var out []Command
	if n != s.last+1 {
		out = s.gap()
	}
	s.last = n
	if s.swallow {
		s.swallow = false
		if isBareFence(line) {
			return out
		}
	}
	if s.fence == nil {
		if f := openFence(line); f != nil {
			s.fence, s.cd = f, false
			return out
		}
		return append(out, s.prose(n, line)...)
	}
	if s.fence.closes(line) {
		out = append(out, s.flush()...)
		s.fence, s.here, s.cd = nil, nil, false
		return out
	}
	s.fence.body++
	return append(out, s.inFence(n, line)...)
}

// End returns the commands still pending at the end of the response (a
// continuation or quote that never closed, in a fence that never closed)
// and resets the Scanner for another response.
func (s *Scanner) End() []Command {
	out := s.flush()
	*s = Scanner{}
	return out
}

func (s *Scanner) gap() []Command {
	out := s.flush()
	s.here = nil
	if s.fence != nil && s.fence.body == 0 {
		s.fence, s.cd = nil, false
	}
	s.swallow = s.fence == nil
	return out
}

func (s *Scanner) prose(n int, line string) []Command {
	if c, ok := dollarCommand(line); ok {
		return ParseLine(c, n)
	}
	if strings.IndexByte(line, '`') < 0 {
		return nil // no code span, no command
	}
	var out []Command
	eachCodeSpan(line, func(span string) {
		if c, ok := inlineCommand(span); ok {
			out = append(out, ParseLine(c, n)...)
		}
	})
	return out
}

func (s *Scanner) inFence(n int, line string) []Command {
	f := s.fence
	if len(s.here) > 0 {
		if f.mode == modePrompt {
			line = stripPS2(line)
		}
		if s.here[0].ends(line) {
			s.here = s.here[1:]
		}
		return nil
	}
	if s.join != nil {
		if f.mode == modePrompt {
			line = stripPS2(line)
		}
		return s.feed(n, line)
	}
	if f.mode == modeDecide {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' {
			return nil
		}
		f.mode = modeScript
		if _, ok := promptCommand(line); ok {
			f.mode = modePrompt
		}
	}
	switch f.mode {
	case modeScript:
		if c, ok := dollarCommand(line); ok {
			line = c
		}
		return s.feed(n, line)
	case modePrompt:
		if c, ok := promptCommand(line); ok {
			return s.feed(n, c)
		}
	}
	return nil
}

// feed adds a line to the command being read and returns its commands once
// it is complete.
func (s *Scanner) feed(n int, text string) []Command {
	if s.join == nil {
		s.join = &joined{line: n, text: text}
	} else {
		s.join.text += "\n" + text
		s.join.lines++
	}
	res := lex(s.join.text)
	if res.open && s.join.lines < maxJoin {
		return nil
	}
	j := s.join
	s.join = nil
	s.here = res.heredocs
	return s.judge(commands(j.text, j.line, res))
}

// flush returns the command being joined, as it stands.
func (s *Scanner) flush() []Command {
	if s.join == nil {
		return nil
	}
	j := s.join
	s.join = nil
	return s.judge(commands(j.text, j.line, lex(j.text)))
}

// judge applies the fence's cd rule to commands read in it.
func (s *Scanner) judge(cmds []Command) []Command {
	for i := range cmds {
		c := &cmds[i]
		if s.cd && c.Op != "" {
			c.notRun(reasonAfterCd)
		}
		s.cd = s.cd || changesDir(c.Program)
	}
	return cmds
}

// stripPS2 drops the "> " prompt bash shows on continuation lines.
func stripPS2(line string) string {
	t := strings.TrimLeft(line, " \t")
	if t == ">" {
		return ""
	}
	if rest, ok := strings.CutPrefix(t, "> "); ok {
		return rest
	}
	return line
}
