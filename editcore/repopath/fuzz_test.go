package repopath

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/git-aiedit/git-aiedit/fsckrule"
)

func FuzzPath(f *testing.F) {
	for _, s := range []string{"src/a.go", "**`a/b.py`**:", "../x", ".git./c", "git~1", ".g\u200dit", `C:\x`, " a / b ", "x (new)", "Meeting Notes.md", "# a b.txt", ".git\xc0\xaf/config", "GITMOD~1/x", "~1000000/y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if p, ok := Detect(line); ok {
			if p == "" || p != strings.TrimSpace(p) || len(p) >= maxLen {
				t.Fatalf("Detect(%q) = %q", line, p)
			}
		}
		// A spaced name is what DetectLine refuses, and written with its
		// directory, as SpacedAdvice says, "./" and the name is a path
		// that cleans to the name.
		if name, ok := SpacedName(line); ok {
			if _, isPath := DetectLine(line); isPath {
				t.Fatalf("%q is both a path and a spaced name", line)
			}
			if p, ok := DetectLine("./" + name); !ok || Clean(p) != Clean(name) {
				t.Fatalf("SpacedName(%q) = %q, but ./%s is not that path (%q, %v)", line, name, name, p, ok)
			}
		}
		c := Clean(line)
		if slow := cleanSlow(line); c != slow {
			t.Fatalf("Clean(%q) = %q, the slow path gives %q", line, c, slow)
		}
		if Clean(c) != c {
			t.Fatalf("Clean not idempotent: %q -> %q -> %q", line, c, Clean(c))
		}
		if err := Verify(c); err == nil {
			parts := strings.Split(c, "/")
			for i, part := range parts {
				if part == ".." || fsckrule.DotGit(part) || i < len(parts)-1 && fsckrule.MustBeBlob(part) {
					t.Fatalf("Verify accepted %q", c)
				}
			}
		}
	})
}

// cleanSlow is Clean without its shortcut for a clean path.
func cleanSlow(p string) string {
	for {
		c := cleanOnce(p)
		if c == p {
			return c
		}
		p = c
	}
}

func TestCleanShortcut(t *testing.T) {
	for _, p := range []string{"", "a", "a/b", "/a/b", "a/../b", "a b/c", ".a/.b", "/", "//a", "a//b", "./a", "a/.", "a/", " a", "a ",
		"a\\b", "\u00a0a", "a\u3000", "\ta", "é/ü"} {
		if got, want := Clean(p), cleanSlow(p); got != want {
			t.Errorf("Clean(%q) = %q, want %q", p, got, want)
		}
	}
}

// Clean's result never shares the caller's bytes: paths are kept in maps
// and results, and one cut from a reply's text would keep all of it
// alive (a 95 MB response of 1,000 new files was held whole).
func TestCleanCopies(t *testing.T) {
	text := "src/a.go and more of the reply"
	p := text[:8]
	c := Clean(p)
	if c != p {
		t.Fatalf("Clean(%q) = %q", p, c)
	}
	if unsafe.StringData(c) == unsafe.StringData(p) {
		t.Fatal("Clean returned the caller's bytes")
	}
}
