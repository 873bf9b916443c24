//go:build cgo

package syntax

import (
	"fmt"
	"sync"
	"unicode/utf8"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
	c "github.com/tree-sitter/tree-sitter-c/bindings/go"
	cpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
	java "github.com/tree-sitter/tree-sitter-java/bindings/go"
	javascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	python "github.com/tree-sitter/tree-sitter-python/bindings/go"
	rust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
	typescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// Tree-sitter grammars, each loaded once: the official bindings
// (github.com/tree-sitter/go-tree-sitter) and one module per grammar,
// so a build downloads and compiles only the grammars the checks use
// (C sources, built with cgo).
var grammars = map[string]checker{
	"python":     treeSitter(language(python.Language)),
	"javascript": treeSitter(language(javascript.Language)),
	"typescript": treeSitter(language(typescript.LanguageTypescript)),
	"tsx":        treeSitter(language(typescript.LanguageTSX)),
	"rust":       treeSitter(language(rust.Language)),
	"java":       treeSitter(language(java.Language)),
	"c":          treeSitter(language(c.Language)),
	"cpp":        treeSitter(language(cpp.Language)),
}

func language(ptr func() unsafe.Pointer) func() *sitter.Language {
	return sync.OnceValue(func() *sitter.Language { return sitter.NewLanguage(ptr()) })
}

// grammar is the checker of a tree-sitter grammar by name.
func grammar(name string) checker { return grammars[name] }

// treeSitter returns a checker that parses with a tree-sitter grammar and
// reports its ERROR and MISSING nodes. Messages name the unexpected or
// missing text but not its position, so that Introduced can compare them
// across an edit.
func treeSitter(lang func() *sitter.Language) checker {
	return func(src []byte) []Error {
		p := sitter.NewParser()
		defer p.Close()
		if err := p.SetLanguage(lang()); err != nil {
			return []Error{{Msg: "cannot parse: " + err.Error()}}
		}
		tree := p.Parse(src, nil)
		if tree == nil {
			return []Error{{Msg: "cannot parse"}}
		}
		defer tree.Close()
		var errs []Error
		collect(tree.RootNode(), src, &errs)
		return errs
	}
}

// collect walks the parts of the tree that hold errors, in source order.
// An ERROR node is reported once, not again for what it contains.
func collect(n *sitter.Node, src []byte, errs *[]Error) {
	if len(*errs) >= maxErrors || n == nil || !n.HasError() && !n.IsMissing() {
		return
	}
	line := int(n.StartPosition().Row) + 1
	switch {
	case n.IsMissing():
		*errs = append(*errs, Error{Line: line, Msg: fmt.Sprintf("missing %s", quoteNode(n.Kind()))})
		return
	case n.IsError():
		*errs = append(*errs, Error{Line: line, Msg: "unexpected " + snippet(n, src)})
		return
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		collect(n.Child(i), src, errs)
	}
}

// snippet is the first token of an ERROR node, quoted and short.
func snippet(n *sitter.Node, src []byte) string {
	for n.ChildCount() > 0 {
		n = n.Child(0)
	}
	start, end := n.StartByte(), n.EndByte()
	if end <= start || int(end) > len(src) {
		return "end of file"
	}
	text := src[start:end]
	if i := indexNewline(text); i >= 0 {
		text = text[:i]
	}
	const max = 24
	if utf8.RuneCount(text) > max {
		r := []rune(string(text))
		return fmt.Sprintf("%q…", string(r[:max]))
	}
	if len(text) == 0 {
		return "end of line"
	}
	return fmt.Sprintf("%q", string(text))
}

func quoteNode(typ string) string {
	// Anonymous nodes are literal tokens (")"); named ones are rules
	// ("identifier").
	if typ != "" && (typ[0] < 'a' || typ[0] > 'z') {
		return fmt.Sprintf("%q", typ)
	}
	return typ
}

func indexNewline(b []byte) int {
	for i, c := range b {
		if c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
}
