// Package langs is the table of languages the syntax check knows, and
// how this build checks each. It is apart from package syntax, and
// imports nothing, so that `git aiedit --version` can print it before
// the parsers' packages are initialized (cmd/git-aiedit/internal/fastpath:
// even strings would make Go initialize most of the program first).
package langs

// Lang is a language the built-in check knows, and how this build checks
// it: the tree-sitter grammars are only in a build with cgo.
type Lang struct {
	Name  string // as Language names it
	Files string // the file names it covers, as globs
	How   string // what checks it in this build ("" when Built is false)
	Built bool   // false: it needs tree-sitter, and this build has none
}

// Languages lists every language the check knows, in a fixed order, as
// this build checks it.
func Languages() []Lang {
	py := "tree-sitter Python grammar + indentation lexer"
	if !TreeSitter {
		py = "indentation and bracket lexer (no tree-sitter: built without cgo)"
	}
	langs := []Lang{
		{Name: "go", Files: "*.go", How: "go/parser", Built: true},
		{Name: "json", Files: "*.json *.jsonc *.jsonl *.ndjson", How: "encoding/json", Built: true},
		{Name: "yaml", Files: "*.yaml *.yml", How: "go.yaml.in/yaml/v3", Built: true},
		{Name: "toml", Files: "*.toml", How: "BurntSushi/toml", Built: true},
		{Name: "python", Files: "*.py *.pyi *.pyw", How: py, Built: true},
	}
	for _, l := range []Lang{
		{Name: "javascript", Files: "*.js *.mjs *.cjs *.jsx"},
		{Name: "typescript", Files: "*.ts *.mts *.cts *.tsx"},
		{Name: "rust", Files: "*.rs"},
		{Name: "java", Files: "*.java"},
		{Name: "c", Files: "*.c *.h"},
		{Name: "cpp", Files: "*.cc *.cpp *.cxx *.hh *.hpp *.hxx"},
	} {
		if TreeSitter {
			l.How, l.Built = "tree-sitter grammar", true
		}
		langs = append(langs, l)
	}
	return langs
}

// Summary says in one line which languages this build checks, e.g. for
// --version.
func Summary() string {
	var in, out []string
	for _, l := range Languages() {
		if l.Built {
			in = append(in, l.Name)
		} else {
			out = append(out, l.Name)
		}
	}
	s := join(in)
	if !TreeSitter {
		s += " (Python by its lexer only; without cgo, so no tree-sitter: " + join(out) + " unchecked)"
	}
	return s
}

// join is strings.Join(names, " "), which this package does not import.
func join(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += " "
		}
		s += n
	}
	return s
}
