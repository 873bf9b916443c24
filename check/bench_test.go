package check

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// responseFiles is what one ordinary response changes: five files of
// about 1,000 lines each (Go, Python, TypeScript, JSON, YAML), each with
// one line edited.
func responseFiles() []File {
	gen := map[string]func(i int) string{
		"svc/handler.go": func(i int) string {
			return fmt.Sprintf("func F%d(a []int) (int, error) {\n\tfor i, x := range a {\n\t\tif x > %d {\n\t\t\treturn i, nil\n\t\t}\n\t}\n\treturn 0, nil\n}\n\n", i, i)
		},
		"app/models.py": func(i int) string {
			return fmt.Sprintf("def f%d(a, s='x'):\n    for i, x in enumerate(a):\n        if x > %d:\n            return {'i': i, 's': f\"{s}\"}\n    return None\n\n\n", i, i)
		},
		"web/util.ts": func(i int) string {
			return fmt.Sprintf("export function f%d(a: number[]): number {\n  for (const [i, x] of a.entries()) {\n    if (x > %d) { return i; }\n  }\n  return `${a}`.length / 2;\n}\n\n", i, i)
		},
		"data/items.json": func(i int) string { return fmt.Sprintf("  {\"id\": %d, \"tags\": [\"a\", \"b\"], \"ok\": true},\n", i) },
		"deploy/values.yaml": func(i int) string {
			return fmt.Sprintf("item%d:\n  name: \"n%d\"\n  ports: [80, 443]\n", i, i)
		},
	}
	var files []File
	for name, line := range gen {
		var b bytes.Buffer
		switch name {
		case "svc/handler.go":
			b.WriteString("package svc\n\n")
		case "data/items.json":
			b.WriteString("[\n")
		}
		for i := 0; bytes.Count(b.Bytes(), []byte("\n")) < 1000; i++ {
			b.WriteString(line(i))
		}
		if name == "data/items.json" {
			b.WriteString("  {}\n]\n")
		}
		before := b.Bytes()
		after := bytes.Replace(before, []byte("7"), []byte("8"), 1)
		files = append(files, File{Path: name, Before: before, After: after})
	}
	return files
}

// BenchmarkSyntax is the built-in check's cost for one response (README:
// under 50 ms for ordinary files).
func BenchmarkSyntax(b *testing.B) {
	files := responseFiles()
	for b.Loop() {
		if o, ok := Syntax(slices.Values(files)); !ok || !o.OK() {
			b.Fatal(o)
		}
	}
}
