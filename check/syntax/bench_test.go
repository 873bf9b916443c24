package syntax

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// ordinary returns a file of about n lines in the language of ext, and
// the same file with one edit in the middle.
func ordinary(ext string, n int) (before, after []byte) {
	var b bytes.Buffer
	switch ext {
	case ".go":
		b.WriteString("package p\n\nimport \"fmt\"\n\n")
		for i := 0; b.Len() < n*30; i++ {
			fmt.Fprintf(&b, "// F%d prints.\nfunc F%d(a []int, s string) (int, error) {\n\tfor i, x := range a {\n\t\tif x > %d {\n\t\t\treturn i, fmt.Errorf(\"%%s: %%d\", s, x)\n\t\t}\n\t}\n\treturn 0, nil\n}\n\n", i, i, i)
		}
	case ".py":
		for i := 0; b.Len() < n*30; i++ {
			fmt.Fprintf(&b, "def f%d(a, s='x'):\n    \"\"\"Doc (%d).\"\"\"\n    for i, x in enumerate(a):\n        if x > %d:\n            return {'i': i, 's': f\"{s}:{x}\"}\n    return None\n\n\n", i, i, i)
		}
	case ".ts":
		for i := 0; b.Len() < n*30; i++ {
			fmt.Fprintf(&b, "export function f%d(a: number[], s: string): number {\n  const re = /[a-z]+/g;\n  for (const [i, x] of a.entries()) {\n    if (x > %d) { return i; }\n  }\n  return `${s}`.length / 2;\n}\n\n", i, i)
		}
	}
	before = b.Bytes()
	mid := bytes.IndexByte(before[len(before)/2:], '\n') + len(before)/2 + 1
	comment := "// an edit\n"
	if ext == ".py" {
		comment = "# an edit\n"
	}
	after = append(append(bytes.Clone(before[:mid]), comment...), before[mid:]...)
	return before, after
}

// BenchmarkIntroduced measures the built-in check of one edited file of
// about 1,000 lines: both versions are checked.
func BenchmarkIntroduced(b *testing.B) {
	for _, ext := range []string{".go", ".py", ".ts"} {
		before, after := ordinary(ext, 1000)
		b.Run(ext[1:], func(b *testing.B) {
			b.SetBytes(int64(len(before) + len(after)))
			for b.Loop() {
				if errs, _ := Introduced("f"+ext, before, after); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

// TestOwnSources runs the Go checker and the comparison on this
// repository's own Go files: none may be reported.
func TestOwnSources(t *testing.T) {
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		t.Skip("no source path")
	}
	root := filepath.Join(filepath.Dir(here), "..", "..")
	n := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".go" || bytes.Contains([]byte(p), []byte("testdata")) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		errs, ok := Check(p, src)
		if ok && len(errs) > 0 {
			t.Errorf("%s: %v", p, errs)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Skip("no Go files found")
	}
}
