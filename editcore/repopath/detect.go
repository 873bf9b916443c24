package repopath

import (
	"fmt"
	"strings"
)

// maxLen is the length from which a line is taken for prose, not a path
// (under 200 characters).
const maxLen = 200

// maxSpaces bounds the spaces a path line may hold. Paths may contain
// spaces (the whole line before ««« EDIT is the path), but a
// line such as "Here is the fix for src/app.py" is a sentence; few real
// paths have more than three spaces.
const maxSpaces = 3

// Detect reports whether line, one whole line of a response, names a file,
// and returns the path as written with its decoration removed.
//
// The rule, in order:
//
//  1. Surrounding whitespace is trimmed, then decoration models put around a
//     path on its own line is removed, repeatedly: a trailing ":", a wrapping
//     pair of "**" or "`", and a trailing parenthetical note such as
//     " (new file)".
//  2. Refused: an empty line; a line of 200 characters or more; a line that
//     starts with "#", "//", "*", "-", ">" or a code fence ("```", "~~~");
//     a line holding a backtick (inline code inside prose), a control
//     character, one of <>"|?* or "://" (a URL); a line ending in sentence
//     punctuation (".", ",", ";", "!").
//  3. A line with spaces is a path only if it also has a separator, at most
//     three spaces, and no component that starts or ends with a space
//     ("a / b" is arithmetic, "My Documents/notes.txt" is a path).
//  4. It names a file if it has a separator and does not end in one, or if
//     its name has an extension (a dot not in first place followed by 1-16
//     letters, digits or "_+-~", at least one a letter), or it is a dotfile
//     (".env"), or it is a well-known name without extension (Makefile,
//     Dockerfile, LICENSE, ...).
func Detect(line string) (path string, ok bool) {
	s := undecorate(strings.TrimSpace(line))
	if s == "" || len(s) >= maxLen || refusedStart(s) || hasRefusedByte(s) ||
		strings.Contains(s, "://") {
		return "", false
	}
	switch s[len(s)-1] {
	case '.', ',', ';', '!':
		return "", false
	}
	sep := strings.ContainsAny(s, `/\`)
	if spaces := strings.Count(s, " "); spaces > 0 {
		if !sep || spaces > maxSpaces || badSpacing(s) {
			return "", false
		}
	}
	if sep {
		if last := s[len(s)-1]; last == '/' || last == '\\' {
			return "", false
		}
		return s, true
	}
	if hasExtension(s) || isDotfile(s) || knownNames[strings.ToLower(s)] {
		return s, true
	}
	return "", false
}

// undecorate strips the decoration of step 1 until none is left.
func undecorate(s string) string {
	for {
		t := strings.TrimSpace(strings.TrimSuffix(s, ":"))
		switch {
		case len(t) > 4 && strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**"):
			t = t[2 : len(t)-2]
		case len(t) > 2 && t[0] == '`' && t[len(t)-1] == '`':
			t = t[1 : len(t)-1]
		case strings.HasSuffix(t, ")"):
			if i := strings.LastIndex(t, " ("); i > 0 {
				t = t[:i]
			}
		}
		t = strings.TrimSpace(t)
		if t == s {
			return s
		}
		s = t
	}
}

func refusedStart(s string) bool {
	switch s[0] {
	case '#', '*', '-', '>':
		return true
	}
	return strings.HasPrefix(s, "//") || strings.HasPrefix(s, "```") ||
		strings.HasPrefix(s, "~~~")
}

func hasRefusedByte(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '`', '<', '>', '"', '|', '?', '*', 0x7f:
			return true
		default:
			if c < 0x20 {
				return true
			}
		}
	}
	return false
}

// badSpacing reports a component that starts or ends with a space.
func badSpacing(s string) bool {
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if c[0] == ' ' || c[len(c)-1] == ' ' {
			return true
		}
	}
	return false
}

func hasExtension(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || len(name)-i-1 < 1 || len(name)-i-1 > 16 {
		return false
	}
	letter := false
	for _, c := range []byte(name[i+1:]) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9', c == '_', c == '+', c == '-', c == '~':
		default:
			return false
		}
	}
	return letter
}

func isDotfile(name string) bool {
	return len(name) > 1 && name[0] == '.' && strings.Trim(name, ".") != ""
}

// knownNames are file names without an extension that are common enough in
// repositories to be recognised alone on a line (compared in lower case).
var knownNames = map[string]bool{
	"makefile": true, "gnumakefile": true, "dockerfile": true, "containerfile": true,
	"license": true, "licence": true, "copying": true, "readme": true,
	"authors": true, "contributors": true, "changelog": true, "codeowners": true,
	"gemfile": true, "rakefile": true, "procfile": true, "vagrantfile": true,
	"jenkinsfile": true, "brewfile": true, "podfile": true, "caddyfile": true,
	"justfile": true, "pipfile": true, "guardfile": true, "capfile": true,
	"berksfile": true, "snakefile": true, "tiltfile": true, "earthfile": true,
	"build": true, "workspace": true,
}

// labels are words some models put before a path on its line.
var labels = []string{"file:", "filename:", "path:"}

// DetectLine is Detect for a line that may carry the decoration models put
// around a path on its own line before an edit block, beyond what Detect
// strips: a Markdown heading ("# p"), Cline's <path>p</path>, a label
// ("File: p") and escaped underscores.
func DetectLine(line string) (path string, ok bool) { return Detect(lineText(line)) }

// lineText is line without the decoration DetectLine strips.
func lineText(line string) string {
	s := strings.TrimSpace(line)
	if strings.HasPrefix(s, "#") {
		t := strings.TrimLeft(s, "#")
		if t == "" || (t[0] != ' ' && t[0] != '\t') {
			return s // refused by Detect: no heading
		}
		s = strings.TrimSpace(t)
	}
	if t, ok := strings.CutPrefix(s, "<path>"); ok {
		if t, ok = strings.CutSuffix(t, "</path>"); ok {
			s = strings.TrimSpace(t)
		}
	}
	// Detect's own decoration first, so that the stars of a bold path
	// are not trimmed away from around its backticks ("**`a.py`**:").
	s = strings.TrimSpace(strings.Trim(undecorate(s), "*"))
	for _, l := range labels {
		if len(s) > len(l) && strings.EqualFold(s[:len(l)], l) {
			// "**File:** a.py"
			s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s[len(l):]), "*"))
			break
		}
	}
	return strings.ReplaceAll(s, `\_`, "_")
}

// SpacedName reports a line, decorated as DetectLine allows, that
// DetectLine refuses only because it is a file name with spaces and no
// directory ("Meeting Notes.md", rule 3 of Detect), and returns the name.
// Such a line is as often prose ("Update main.py") as a file, so it is
// not taken for a path; a parser that found no path says why with
// SpacedAdvice, so that a file with spaces in its name is written again
// with its directory, "./Meeting Notes.md".
func SpacedName(line string) (string, bool) {
	s := undecorate(lineText(line))
	if !strings.Contains(s, " ") || strings.ContainsAny(s, `/\`) || refusedStart(s) {
		return "", false
	}
	if !hasExtension(s) && !isDotfile(s) && !knownNames[strings.ToLower(s)] {
		return "", false // rule 4, as for a name without spaces
	}
	if _, ok := Detect("./" + s); !ok {
		return "", false
	}
	return s, true
}

// SpacedAdvice says why name, a SpacedName, is not a path. It does not
// suggest "./" + name itself: the line may be prose ("Update main.py"),
// and a model told to write "./Update main.py" could create that file.
func SpacedAdvice(name string) string {
	return fmt.Sprintf("%q is not taken for a path: it has spaces and no directory "+
		"(a file name with spaces needs its directory, as in ./My Notes.md)", name)
}
