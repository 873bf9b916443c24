//go:build cgo

package syntax

import (
	"context"
	"fmt"
	"sync"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// Tree-sitter grammars, each loaded once. The official
// github.com/tree-sitter/go-tree-sitter modules are not served by the Go
// module proxy this project builds from; these bindings carry the same
// upstream grammars (C sources, built with cgo).
var grammars = map[string]checker{
	"python":     treeSitter(sync.OnceValue(python.GetLanguage)),
	"javascript": treeSitter(sync.OnceValue(javascript.GetLanguage)),
	"typescript": treeSitter(sync.OnceValue(typescript.GetLanguage)),
	"tsx":        treeSitter(sync.OnceValue(tsx.GetLanguage)),
	"rust":       treeSitter(sync.OnceValue(rust.GetLanguage)),
	"java":       treeSitter(sync.OnceValue(java.GetLanguage)),
	"c":          treeSitter(sync.OnceValue(c.GetLanguage)),
	"cpp":        treeSitter(sync.OnceValue(cpp.GetLanguage)),
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
		p.SetLanguage(lang())
		tree, err := p.ParseCtx(context.Background(), nil, src)
		if err != nil {
			return []Error{{Msg: "cannot parse: " + err.Error()}}
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
	line := int(n.StartPoint().Row) + 1
	switch {
	case n.IsMissing():
		*errs = append(*errs, Error{Line: line, Msg: fmt.Sprintf("missing %s", quoteNode(n.Type()))})
		return
	case n.IsError():
		*errs = append(*errs, Error{Line: line, Msg: "unexpected " + snippet(n, src)})
		return
	}
	for i := 0; i < int(n.ChildCount()); i++ {
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
