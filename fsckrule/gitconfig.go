package fsckrule

import (
	"fmt"
	"strings"
)

// ConfigEntry is one variable of a git config file as git's parser hands
// it on: the full name ("section.subsection.key", section and key in lower
// case) and the value, absent for a bare "key" line.
type ConfigEntry struct {
	Name     string
	Value    string
	HasValue bool
}

// ConfigError is a config file git's parser stops at.
type ConfigError struct {
	Line int
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("bad config syntax at line %d", e.Line)
}

// ParseConfig reads a git config file the way git_parse_source (config.c)
// does, and returns its entries in order. On a syntax error it returns the
// entries before it (git has already handed those on) and the error.
//
// Git's parser, whose rules this follows:
//   - "\r\n" reads as "\n"; the end of the input as a final "\n";
//   - a UTF-8 byte order mark is skipped at the start (a partial one is an
//     error);
//   - "#" and ";" start a comment, outside a value's quotes;
//   - "[section]", "[section.sub]" and `[section "sub"]` set the prefix;
//     section names are letters, digits, "-" and "." and are lower-cased;
//     a quoted subsection keeps its case and takes "\x" as "x";
//   - "key = value" (key: a letter, then letters, digits and "-"), with
//     the value's unquoted spaces trimmed at both ends and inner runs kept,
//     "\" at the end of a line continuing it, `\t \b \n \\ \"` escapes (any
//     other is an error), and double quotes toggling quoting; a bare "key"
//     has no value.
func ParseConfig(data []byte) ([]ConfigEntry, error) {
	p := &configParser{data: data, line: 1}
	var out []ConfigEntry
	var section []byte
	bom := "\xef\xbb\xbf"
	bomAt := 0
	comment := false
	for {
		c := p.next()
		if bomAt >= 0 && bomAt < len(bom) {
			if c == int(bom[bomAt]) {
				bomAt++
				continue
			}
			if bomAt > 0 {
				return out, p.err()
			}
			bomAt = -1
		}
		switch {
		case c == '\n':
			if p.eof {
				return out, nil
			}
			comment = false
			continue
		case comment:
			continue
		case isSpace(c):
			continue
		case c == '#' || c == ';':
			comment = true
			continue
		case c == '[':
			s, ok := p.baseVar()
			if !ok || len(s) == 0 {
				return out, p.err()
			}
			section = append(s, '.')
			continue
		case !isAlpha(c):
			return out, p.err()
		}
		name := append(append([]byte(nil), section...), toLower(byte(c)))
		e, ok := p.value(name)
		if !ok {
			return out, p.err()
		}
		out = append(out, e)
	}
}

type configParser struct {
	data []byte
	pos  int
	line int
	eof  bool
}

func (p *configParser) err() error { return &ConfigError{Line: p.line} }

// next is get_next_char.
func (p *configParser) next() int {
	if p.pos >= len(p.data) {
		p.eof = true
		return '\n'
	}
	c := int(p.data[p.pos])
	p.pos++
	if c == '\r' && p.pos < len(p.data) && p.data[p.pos] == '\n' {
		c = '\n'
		p.pos++
	}
	if c == '\n' {
		p.line++
	}
	return c
}

// baseVar is get_base_var and get_extended_base_var, after the "[".
func (p *configParser) baseVar() ([]byte, bool) {
	var name []byte
	for {
		c := p.next()
		switch {
		case p.eof:
			return nil, false
		case c == ']':
			return name, true
		case isSpace(c):
			return p.extendedBaseVar(name, c)
		case !isKeyChar(c) && c != '.':
			return nil, false
		}
		name = append(name, toLower(byte(c)))
	}
}

func (p *configParser) extendedBaseVar(name []byte, c int) ([]byte, bool) {
	for {
		if c == '\n' {
			return nil, false
		}
		c = p.next()
		if !isSpace(c) {
			break
		}
	}
	if c != '"' {
		return nil, false
	}
	name = append(name, '.')
	for {
		c := p.next()
		if c == '\n' {
			return nil, false
		}
		if c == '"' {
			break
		}
		if c == '\\' {
			c = p.next()
			if c == '\n' {
				return nil, false
			}
		}
		name = append(name, byte(c))
	}
	return name, p.next() == ']'
}

// value is get_value and parse_value: the rest of the key's name, then
// "=" and the value, or the end of the line.
func (p *configParser) value(name []byte) (ConfigEntry, bool) {
	var c int
	for {
		c = p.next()
		if p.eof || !isKeyChar(c) {
			break
		}
		name = append(name, toLower(byte(c)))
	}
	for c == ' ' || c == '\t' {
		c = p.next()
	}
	// The callback gets C strings: a NUL ends the name and the value.
	e := ConfigEntry{Name: cstr(string(name))}
	if c == '\n' {
		return e, true
	}
	if c != '=' {
		return e, false
	}
	var v []byte
	quote, comment := false, false
	trim := 0
	for {
		c := p.next()
		if c == '\n' {
			if quote {
				return e, false
			}
			if trim > 0 {
				v = v[:trim]
			}
			e.Value, e.HasValue = cstr(string(v)), true
			return e, true
		}
		if comment {
			continue
		}
		if isSpace(c) && !quote {
			if trim == 0 {
				trim = len(v)
			}
			if len(v) > 0 {
				v = append(v, byte(c))
			}
			continue
		}
		if !quote && (c == ';' || c == '#') {
			comment = true
			continue
		}
		trim = 0
		switch c {
		case '\\':
			switch c = p.next(); c {
			case '\n':
				continue
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'n':
				c = '\n'
			case '\\', '"':
			default:
				return e, false
			}
		case '"':
			quote = !quote
			continue
		}
		v = append(v, byte(c))
	}
}

// isSpace is isspace in git's own table (ctype.c): space, \t, \n and \r,
// not \v or \f.
func isSpace(c int) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isAlpha(c int) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isKeyChar(c int) bool { return isAlpha(c) || c >= '0' && c <= '9' || c == '-' }

// splitSubsection is parse_config_key(var, section): the subsection and
// key of a name in section, if it has a subsection.
func splitSubsection(name, section string) (sub, key string, ok bool) {
	rest, found := strings.CutPrefix(cstr(name), section+".")
	if !found {
		return "", "", false
	}
	dot := strings.LastIndexByte(rest, '.')
	if dot < 0 {
		return "", rest, false
	}
	return rest[:dot], rest[dot+1:], true
}
