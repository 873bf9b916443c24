package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNoParenthesisedPlurals: what the commands print says "1 commit",
// "2 commits" (internal/english.Count), never "commit(s)". Every string
// literal in the module's non-test Go code is checked, so a message, a
// usage line, a note's or reflog's reason cannot bring the "(s)" back.
func TestNoParenthesisedPlurals(t *testing.T) {
	t.Parallel()
	files := houseFiles(t, func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !strings.Contains(rel, "/testdata/")
	})
	plural := regexp.MustCompile(`\p{L}\(s\)`)
	fset := token.NewFileSet()
	for rel, text := range files {
		f, err := parser.ParseFile(fset, rel, text, parser.SkipObjectResolution)
		if !assert.NoError(t, err, rel) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				s = lit.Value
			}
			if m := plural.FindString(s); m != "" {
				assert.Fail(t, "a plural written as (s)", "%s: %q: say \"1 thing\", \"2 things\" with english.Count, or use the plural in a sentence",
					fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}
