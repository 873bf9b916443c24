package repopath

import (
	"strings"
	"testing"
)

func FuzzPath(f *testing.F) {
	for _, s := range []string{"src/a.go", "**`a/b.py`**:", "../x", ".git./c", "git~1", ".g\u200dit", `C:\x`, " a / b ", "x (new)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if p, ok := Detect(line); ok {
			if p == "" || p != strings.TrimSpace(p) || len(p) >= maxLen {
				t.Fatalf("Detect(%q) = %q", line, p)
			}
		}
		c := Clean(line)
		if Clean(c) != c {
			t.Fatalf("Clean not idempotent: %q -> %q -> %q", line, c, Clean(c))
		}
		if err := Verify(c); err == nil {
			for _, part := range strings.Split(c, "/") {
				if part == ".." || strings.EqualFold(part, ".git") {
					t.Fatalf("Verify accepted %q", c)
				}
			}
		}
	})
}
