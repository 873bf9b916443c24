package shell

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Sed is a sed script of substitutions, the subset an agent's `sed -i`
// can be replayed with: s/RE/REPLACEMENT/FLAGS commands (any delimiter),
// separated by ";" or newlines or given as several -e, with flags g, i/I
// and a count N; and d. A command may have a line address (sed_addr.go):
// N, $, or a range N,M / N,$. Regular-expression addresses, other
// commands and the e and w flags (which run or write something else) are
// refused.
type Sed struct {
	Subs []SedSub
}

// SedSub is one command: an s command, translated to Go's regexp syntax,
// or (Delete) a d.
type SedSub struct {
	Re   *regexp.Regexp
	Repl string // in regexp.Expand syntax
	All  bool   // g
	Nth  int    // replace only the Nth match (0: the first, or all with g)

	Addr   SedAddr // the lines it applies to; zero: every line
	Delete bool    // d: the line is deleted, and no later command sees it
}

// Apply runs the script over one line (without its terminator), as if it
// were a line every address selects; Line honours addresses.
func (s *Sed) Apply(line string) string {
	for _, sub := range s.Subs {
		if !sub.Delete {
			line = sub.apply(line)
		}
	}
	return line
}

// Line runs the script over line n (1-based) of a file of last lines, as
// sed -i does, each file on its own. deleted reports a d that took it.
func (s *Sed) Line(n, last int, line string) (out string, deleted bool) {
	for _, sub := range s.Subs {
		if !sub.Addr.selects(n, last) {
			continue
		}
		if sub.Delete {
			return "", true
		}
		line = sub.apply(line)
	}
	return line, false
}

func (sub SedSub) apply(line string) string {
	matches := sub.Re.FindAllStringSubmatchIndex(line, -1)
	if len(matches) == 0 {
		return line
	}
	var b strings.Builder
	last := 0
	for i, m := range matches {
		n := i + 1
		want := sub.All && (sub.Nth == 0 || n >= sub.Nth) || !sub.All && n == max(sub.Nth, 1)
		if !want {
			continue
		}
		b.WriteString(line[last:m[0]])
		b.Write(sub.Re.ExpandString(nil, sub.Repl, line, m))
		last = m[1]
	}
	b.WriteString(line[last:])
	return b.String()
}

// ParseSedArgs reads `sed` arguments for an in-place edit: -i (no backup
// suffix), -E/-r, -e SCRIPT… or one SCRIPT, then the files.
func ParseSedArgs(args []string) (*Sed, []string, error) {
	inPlace, ere := false, false
	var scripts, files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-i" || a == "--in-place":
			inPlace = true
			if a == "-i" && i+2 < len(args) && args[i+1] == "" {
				// BSD sed (macOS): -i takes its backup suffix as the
				// next word, '' for none. GNU sed would have taken ''
				// for its script and failed, which the record shows.
				i++
			}
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			ere = true
		case a == "-e" || a == "--expression":
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("-e without a script")
			}
			i++
			scripts = append(scripts, args[i])
		case a == "-iE" || a == "-Ei" || a == "-ri" || a == "-ir":
			inPlace, ere = true, true
		case strings.HasPrefix(a, "-i"):
			return nil, nil, fmt.Errorf("sed %s writes a backup file", a)
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, nil, fmt.Errorf("sed option %s is not replayed", a)
		case len(scripts) == 0:
			scripts = append(scripts, a)
		default:
			files = append(files, a)
		}
	}
	if !inPlace {
		return nil, nil, fmt.Errorf("sed without -i changes no file")
	}
	if len(scripts) == 0 || len(files) == 0 {
		return nil, nil, fmt.Errorf("sed -i needs a script and a file")
	}
	s := &Sed{}
	for _, sc := range scripts {
		subs, err := parseSedScript(sc, ere)
		if err != nil {
			return nil, nil, err
		}
		s.Subs = append(s.Subs, subs...)
	}
	return s, files, nil
}

// parseSedScript reads s commands separated by ";" or newlines.
func parseSedScript(script string, ere bool) ([]SedSub, error) {
	var out []SedSub
	rest := script
	for {
		rest = strings.TrimLeft(rest, " \t\n;")
		if rest == "" {
			break
		}
		addr, after, err := parseSedAddr(rest)
		if err != nil {
			return nil, err
		}
		rest = strings.TrimLeft(after, " \t")
		if rest != "" && rest[0] == 'd' {
			if tail := strings.TrimLeft(rest[1:], " \t"); tail != "" && tail[0] != ';' && tail[0] != '\n' {
				return nil, fmt.Errorf("only s/// and d commands are replayed, not %q", firstWord(rest))
			}
			out = append(out, SedSub{Addr: addr, Delete: true})
			rest = rest[1:]
			continue
		}
		if rest == "" || rest[0] != 's' || len(rest) < 2 {
			return nil, fmt.Errorf("only s/// and d commands are replayed, not %q", firstWord(rest))
		}
		delim := rest[1]
		if delim == '\\' || delim == '\n' || delim == ' ' {
			return nil, fmt.Errorf("bad delimiter in %q", firstWord(rest))
		}
		pat, after, ok := sedPart(rest[2:], delim)
		if !ok {
			return nil, fmt.Errorf("unterminated s command")
		}
		repl, after, ok := sedPart(after, delim)
		if !ok {
			return nil, fmt.Errorf("unterminated s command")
		}
		flags := after
		if i := strings.IndexAny(after, ";\n"); i >= 0 {
			flags, rest = after[:i], after[i:]
		} else {
			rest = ""
		}
		sub, err := sedSub(pat, repl, strings.TrimSpace(flags), ere, delim)
		if err != nil {
			return nil, err
		}
		sub.Addr = addr
		out = append(out, sub)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty sed script")
	}
	return out, nil
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " ;\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// sedPart reads up to an unescaped delimiter; an escaped delimiter
// becomes the delimiter itself.
func sedPart(s string, delim byte) (part, rest string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == delim:
			b.WriteByte(delim)
			i++
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
		case c == delim:
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

func sedSub(pat, repl, flags string, ere bool, delim byte) (SedSub, error) {
	sub := SedSub{}
	icase := false
	for i := 0; i < len(flags); i++ {
		switch c := flags[i]; {
		case c == 'g':
			sub.All = true
		case c == 'i' || c == 'I':
			icase = true
		case c >= '0' && c <= '9':
			j := i
			for j < len(flags) && flags[j] >= '0' && flags[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(flags[i:j])
			if n < 1 {
				return sub, fmt.Errorf("s flag %s is not a match number", flags[i:j])
			}
			sub.Nth = n
			i = j - 1
		default:
			return sub, fmt.Errorf("s flag %c is not replayed", c)
		}
	}
	re := pat
	if !ere {
		var err error
		if re, err = breToRE2(pat); err != nil {
			return sub, err
		}
	} else if strings.Contains(pat, `\<`) || strings.Contains(pat, `\>`) {
		return sub, fmt.Errorf("word boundaries \\< \\> are not replayed")
	}
	if icase {
		re = "(?i)" + re
	}
	compiled, err := regexp.Compile(re)
	if err != nil {
		return sub, fmt.Errorf("regular expression %q: %v", pat, err)
	}
	sub.Re = compiled
	r, err := sedRepl(repl, compiled.NumSubexp())
	if err != nil {
		return sub, err
	}
	sub.Repl = r
	return sub, nil
}

// breToRE2 translates a POSIX basic regular expression (with GNU's \+ \?
// \|) into Go's syntax.
func breToRE2(p string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			i++
			switch n := p[i]; n {
			case '(', ')', '{', '}', '+', '?', '|':
				b.WriteByte(n)
			case 'n':
				b.WriteString(`\n`)
			case 't':
				b.WriteString(`\t`)
			case '<', '>':
				return "", fmt.Errorf("word boundaries \\< \\> are not replayed")
			case '1', '2', '3', '4', '5', '6', '7', '8', '9':
				return "", fmt.Errorf("back-references in a pattern are not replayed")
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '(' || c == ')' || c == '{' || c == '}' || c == '+' || c == '?' || c == '|':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '*' && (i == 0 || p[i-1] == '^' && i == 1):
			b.WriteString(`\*`)
		case c == '[':
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				if p[j] == '[' && j+1 < len(p) && p[j+1] == ':' {
					if k := strings.Index(p[j:], ":]"); k >= 0 {
						j += k + 2
						continue
					}
				}
				j++
			}
			if j >= len(p) {
				return "", fmt.Errorf("unterminated [ in %q", p)
			}
			b.WriteString(p[i : j+1])
			i = j
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// sedRepl translates a replacement: & the match, \1-\9 groups, \n a
// newline; $ is literal.
func sedRepl(r string, groups int) (string, error) {
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == '&':
			b.WriteString("${0}")
		case c == '$':
			b.WriteString("$$")
		case c == '\\' && i+1 < len(r):
			i++
			switch n := r[i]; {
			case n >= '1' && n <= '9':
				if int(n-'0') > groups {
					return "", fmt.Errorf("replacement refers to group \\%c, which the pattern does not have", n)
				}
				b.WriteString("${" + string(n) + "}")
			case n == 'n':
				return "", fmt.Errorf("a newline in the replacement is not replayed")
			case n == 't':
				b.WriteByte('\t')
			case n == '$':
				b.WriteString("$$")
			default:
				b.WriteByte(n)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
