// Package syntax finds syntax errors in source files without running any
// tool: Go through go/parser, JSON, YAML and TOML through their parsers,
// and Python, JavaScript (with JSX), TypeScript (with TSX), Rust, Java, C
// and C++ through tree-sitter grammars (ERROR and MISSING nodes); for
// Python also a lexer of its indentation rules, which the grammar forgives.
//
// The tree-sitter grammars are C, so they are only in a build with cgo
// (TreeSitter); without it Go, JSON, YAML, TOML and Python's lexer still
// run, and Languages says what a build checks.
//
// Introduced compares a file's errors before and after an edit, so that a
// file that was already broken is not blamed on the edit.
package syntax

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Error is one syntax error.
type Error struct {
	Line int    // 1-based line; 0 when unknown
	Msg  string // what is wrong, without position, so that errors compare across edits
}

func (e Error) String() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("%d: %s", e.Line, e.Msg)
}

// MaxSize is the largest file checked; bigger files are generated or data
// more often than code, and would cost more than a response is worth.
const MaxSize = 2 << 20

// maxErrors caps what one file reports: the first errors are the ones
// that matter, the rest are mostly consequences.
const maxErrors = 10

// checker returns the syntax errors of a file's content.
type checker func(src []byte) []Error

// Language names the checker for a path ("go", "python", …), or "" when
// no checker knows it.
func Language(name string) string {
	_, lang := checkerFor(name, nil)
	return lang
}

// Check returns the syntax errors of content, for the language its path
// names. ok is false when no checker knows the path, or the content is
// binary or larger than MaxSize.
func Check(name string, content []byte) (errs []Error, ok bool) {
	c, _ := checkerFor(name, content)
	if c == nil || len(content) > MaxSize || bytes.IndexByte(content, 0) >= 0 {
		return nil, false
	}
	// A byte order mark is not part of the text (go/scanner skips it too).
	errs = c(bytes.TrimPrefix(content, []byte("\xef\xbb\xbf")))
	if len(errs) > maxErrors {
		errs = errs[:maxErrors]
	}
	// Lines are counted by "\n", as git and editors do; a parser that
	// also breaks lines at a lone "\r" (YAML) must not point past the end.
	last := bytes.Count(content, []byte("\n")) + 1
	for i := range errs {
		errs[i].Line = min(errs[i].Line, last)
	}
	return errs, true
}

// checkerFor picks a checker by file name (and, for JavaScript that may
// be JSX, by content).
func checkerFor(name string, content []byte) (checker, string) {
	base := path.Base(name)
	ext := strings.ToLower(path.Ext(base))
	switch ext {
	case ".go":
		return checkGo, "go"
	case ".json":
		if jsonc(name) {
			return checkJSONC, "json"
		}
		return checkJSON, "json"
	case ".jsonc", ".code-workspace":
		return checkJSONC, "json"
	case ".jsonl", ".ndjson":
		return checkJSONLines, "json"
	case ".yaml", ".yml":
		if bytes.Contains(content, []byte("{{")) {
			return nil, "" // a template (Helm, Jinja): not YAML until rendered
		}
		return checkYAML, "yaml"
	case ".toml":
		return checkTOML, "toml"
	case ".py", ".pyi", ".pyw":
		// The grammar forgives indentation that Python refuses (a block
		// with no body, an unexpected indent): the lexer adds those.
		// Without cgo the lexer runs alone.
		if g := grammar("python"); g != nil {
			return both(g, checkPython), "python"
		}
		return checkPython, "python"
	case ".js", ".mjs", ".cjs", ".jsx":
		return grammarChecker("javascript", "javascript") // the grammar includes JSX
	case ".ts", ".mts", ".cts":
		return grammarChecker("typescript", "typescript")
	case ".tsx":
		return grammarChecker("tsx", "typescript")
	case ".rs":
		return grammarChecker("rust", "rust")
	case ".java":
		return grammarChecker("java", "java")
	case ".c", ".h":
		return grammarChecker("c", "c")
	case ".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp":
		return grammarChecker("cpp", "cpp")
	}
	return nil, ""
}

// grammarChecker is the tree-sitter checker for a grammar, or none in a
// build without cgo, where the language is then not checked at all.
func grammarChecker(name, lang string) (checker, string) {
	if g := grammar(name); g != nil {
		return g, lang
	}
	return nil, ""
}

// jsonc reports JSON files that conventionally allow comments and
// trailing commas (TypeScript, VS Code and dev container settings).
func jsonc(name string) bool {
	base := strings.ToLower(path.Base(name))
	dir := path.Base(path.Dir(name))
	switch {
	case strings.HasPrefix(base, "tsconfig") || strings.HasPrefix(base, "jsconfig"),
		base == "devcontainer.json" || base == ".devcontainer.json",
		strings.HasPrefix(base, ".eslintrc") || base == ".babelrc.json" || base == "deno.json",
		dir == ".vscode" || dir == ".devcontainer" || dir == ".zed":
		return true
	}
	return false
}

// both runs two checkers and keeps the first error each reports on a line,
// in line order.
func both(a, b checker) checker {
	return func(src []byte) []Error {
		errs := a(src)
		seen := map[int]bool{}
		for _, e := range errs {
			seen[e.Line] = true
		}
		for _, e := range b(src) {
			if !seen[e.Line] {
				errs = append(errs, e)
				seen[e.Line] = true
			}
		}
		slices.SortStableFunc(errs, func(x, y Error) int { return x.Line - y.Line })
		return errs
	}
}
