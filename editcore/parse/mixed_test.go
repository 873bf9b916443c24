package parse

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fencedAfterPath is a fenced block written after a path line, as chat
// models write new files and snippets between their edit blocks.
type fencedAfterPath struct {
	first, last int // lines of the path and of the closing fence
}

// mixedReply generates a reply of prose, SEARCH/REPLACE blocks and fenced
// blocks after path lines (of any language, content and path style), and
// where each of the latter lies.
func mixedReply(rng *rand.Rand) (string, []fencedAfterPath) {
	var b strings.Builder
	var blocks []fencedAfterPath
	n := 0
	add := func(lines ...string) {
		for _, l := range lines {
			b.WriteString(l + "\n")
			n++
		}
	}
	paths := []string{"helpers/util.py", "src/app.js", "README.md", "cmd/main.go", "web/style.css", "config.yaml", "scripts/run.sh", "Makefile"}
	pathLine := func(p string) string {
		switch rng.IntN(5) {
		case 0:
			return "`" + p + "`"
		case 1:
			return "**" + p + "**"
		case 2:
			return "### " + p
		case 3:
			return "File: " + p
		}
		return p
	}
	langs := []string{"", "python", "js", "go", "text", "css", "yaml", "json", "bash", "sh", "diff", "console", "markdown"}
	bodies := [][]string{
		{"def helper():", "    return 1"},
		{"console.log('hi')"},
		{"# only a comment"},
		{"-old line", "+new line"},
		{"$ npm test"},
		{"x: 1"},
		{},
		{"   "},
	}
	for i := 0; i < 1+rng.IntN(6); i++ {
		switch rng.IntN(4) {
		case 0:
			add("Some explanation of the change.", "")
		case 1:
			add("src/a.py", "```python", "<<<<<<< SEARCH", "x = 1", "=======", "x = 2", ">>>>>>> REPLACE", "```", "")
		default:
			add("Here is the new file:", "")
			first := n + 1
			fence := "```"
			if rng.IntN(4) == 0 {
				fence = "~~~~"
			}
			add(pathLine(paths[rng.IntN(len(paths))]), fence+langs[rng.IntN(len(langs))])
			add(bodies[rng.IntN(len(bodies))]...)
			add(fence)
			blocks = append(blocks, fencedAfterPath{first, n})
			add("")
		}
	}
	return b.String(), blocks
}

// Property: no fenced block that follows a path-like line disappears. Each
// one ends up as an operation (an edit, a whole file, a creation, or a
// malformed block) or holds a suggested command, reported as a shell
// operation, whatever else the reply holds.
func TestNoFencedBlockAfterAPathDisappears(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	for i := 0; i < 3000; i++ {
		text, blocks := mixedReply(rng)
		ops := Bytes([]byte(text))
		for _, blk := range blocks {
			found := false
			for _, op := range ops {
				if op.Line >= blk.first && op.Line <= blk.last {
					found = true
					break
				}
			}
			if !assert.True(t, found, "reply %d: the block at lines %d-%d left no trace:\n%s", i, blk.first, blk.last, numbered(text)) {
				return
			}
		}
	}
}

func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		fmt.Fprintf(&b, "%3d %s\n", i+1, l)
	}
	return b.String()
}
