package syntax

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"regexp"
	"strconv"
	"sync"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"
)

func checkGo(src []byte) []Error {
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	var list scanner.ErrorList
	if errors.As(err, &list) {
		out := make([]Error, 0, len(list))
		for _, e := range list {
			out = append(out, Error{Line: e.Pos.Line, Msg: e.Msg})
		}
		return out
	}
	if err != nil {
		return []Error{{Msg: err.Error()}}
	}
	return nil
}

func checkJSON(src []byte) []Error {
	if json.Valid(src) {
		return nil
	}
	var v any
	err := json.Unmarshal(src, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return []Error{{Line: lineAt(src, int(se.Offset)-1), Msg: se.Error()}}
	}
	if err == nil {
		return nil
	}
	return []Error{{Line: lineAt(src, len(src)), Msg: err.Error()}}
}

// checkJSONC checks JSON with comments and trailing commas: both are
// blanked out (keeping every offset) before the JSON check.
func checkJSONC(src []byte) []Error {
	return checkJSON(stripJSONC(src))
}

// stripJSONC replaces comments and trailing commas with spaces; newlines
// stay, so lines keep their numbers.
func stripJSONC(src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(from, to int) {
		for k := from; k < to && k < len(out); k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	lastComma := -1 // an unresolved comma: trailing if a closer follows
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '"':
			lastComma = -1
			for i++; i < len(out) && out[i] != '"' && out[i] != '\n'; i++ {
				if out[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			j := bytes.IndexByte(out[i:], '\n')
			if j < 0 {
				j = len(out) - i
			}
			blank(i, i+j)
			i += j - 1
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			j := bytes.Index(out[i+2:], []byte("*/"))
			if j < 0 {
				return out // unterminated: the JSON check says where
			}
			blank(i, i+2+j+2)
			i += 2 + j + 1
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			lastComma = -1
		}
	}
	return out
}

// checkJSONLines checks one JSON value per non-empty line.
func checkJSONLines(src []byte) []Error {
	var out []Error
	for n, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || json.Valid(line) {
			continue
		}
		for _, e := range checkJSON(line) {
			out = append(out, Error{Line: n + 1, Msg: e.Msg})
		}
	}
	return out
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })

func checkYAML(src []byte) []Error {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if err == nil {
			continue
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if m := yamlLine().FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			return []Error{{Line: line, Msg: m[2]}}
		}
		return []Error{{Msg: err.Error()}}
	}
}

func checkTOML(src []byte) []Error {
	var v map[string]any
	_, err := toml.Decode(string(src), &v)
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return []Error{{Line: pe.Position.Line, Msg: pe.Message}}
	}
	if err != nil {
		return []Error{{Msg: err.Error()}}
	}
	return nil
}

// lineAt is the 1-based line of byte offset off.
func lineAt(src []byte, off int) int {
	off = min(max(off, 0), len(src))
	return bytes.Count(src[:off], []byte("\n")) + 1
}
