package fsckrule

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const zwnj = "\u200c"

func TestSpecial(t *testing.T) {
	tests := map[string][]string{
		Gitmodules: {".gitmodules", ".git" + zwnj + "modules", ".Gitmodules", ".gitmoduleS", ".gitmodules ",
			".gitmodules.", ".gitmodules. .", ".GITMODULES  .", "GITMOD~1", "gitmod~4", "gitmod~4. ",
			"GI7EBA~1", "gi7eba~9", "GI7EB~10", "GI7E~999", "~1000000", "~9999999", ".gitmodules:$DATA",
			"gitmod~4 . :$DATA", `a\.gitmodules`, `x\gitmod~1`, "\ufeff.gitmodules", ".gitmodules\xff"},
		Gitattributes: {".gitattributes", ".git" + zwnj + "attributes", ".GITATTRIBUTES", "GITATT~1", "GI7D29~1", ".gitattributes. "},
		Gitignore:     {".gitignore", ".Gitignore", "GITIGN~1", "GI250A~1"},
		Mailmap:       {".mailmap", ".mail" + zwnj + "map", "MAILMA~1", "MABA30~1"},
		"": {"gitmodules", ".gitmodules x", ".gitmodules .x", " .gitmodules", "..gitmodules", ".gitmodule",
			"GI7EBA~", "GI7EBA~0", "GI7EBA~~1", "GI7EBA~X", "Gx7EBA~1", "GI7EBX~1", "GI7EB~1", "GI7EB~01",
			"GI7EB~1X", ".gitmodules,:$DATA", "gitmod~5", "a.gitmodules", ".gitmod\xffules", `.gitattributes\x`,
			`a\.gitattributes`, ".git\xc0\xafmodules", "~123456", "README"},
	}
	for want, names := range tests {
		for _, n := range names {
			assert.Equal(t, want, Special(n), "%q", n)
		}
	}
}

func TestDotGit(t *testing.T) {
	for n, want := range map[string]bool{
		".git": true, ".GIT": true, ".git.": true, ".git ": true, ".git. . ": true, ".git::$INDEX_ALLOCATION": true,
		"git~1": true, "GIT~1.": true, "git~1:x": true, `.git\x`: true, `a\.git`: true, `a\b\GIT~1`: true,
		".g" + zwnj + "it": true, "\ufeff.git": true, ".GI\u202eT": true, ".git\u206f": true,
		// Invalid UTF-8 reads as the end of the name in HFS+ (next_hfs_char).
		".git\xc0\xaf": true, ".git\xff": true, ".git\xed\xa0\x80": true, ".git\xef\xbf\xbe": true, ".git\x80rest": true,
		".git\x00x": true,
		// ... but not in the middle of it, nor valid code points after it.
		".gi\xfft": false, ".git\u00e9": false, ".git\xef\xbf\xbd": false, "\xff.git": false,
		".gitx": false, "git": false, "git~2": false, "git~10": false, ".git~1": false, "x.git": false,
		".git-blame-ignore-revs": false, ".github": false, ".gitmodules": false, "": false,
	} {
		assert.Equal(t, want, DotGit(n), "%q", n)
	}
}

func TestMustBeBlob(t *testing.T) {
	for n, want := range map[string]bool{
		".gitmodules": true, "GITMOD~1": true, ".gitmodules.": true, "GI7EBA~1": true, "gitatt~1": true,
		".GITATTRIBUTES": true, `x\.gitmodules`: true, ".gitignore": false, ".mailmap": false, "a": false,
	} {
		assert.Equal(t, want, MustBeBlob(n), "%q", n)
	}
}

func FuzzNames(f *testing.F) {
	for _, s := range []string{".git", "git~1", ".gitmodules", "GI7EBA~1", "~1000000", ".git\xc0\xaf", `a\.git`, ".g\u200cit", "gitmod~4 . :$DATA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, g := Special(name), DotGit(name)
		// Case never matters, for ASCII letters.
		if u := upperASCII(name); Special(u) != s || DotGit(u) != g {
			t.Fatalf("%q and %q differ", name, u)
		}
		// A name git reads as .gitmodules or .git is one of a few shapes.
		if g && name != "" && name[0] != '.' && !hasPrefixFold(name, "git~1") && !containsByte(name, '\\') && !hfsStart(name) {
			t.Fatalf("DotGit(%q) but not of a known shape", name)
		}
		_ = MustBeBlob(name) == (s == Gitmodules || s == Gitattributes) || panicf(t, name)
	})
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func hasPrefixFold(s, p string) bool {
	return len(s) >= len(p) && upperASCII(s[:len(p)]) == upperASCII(p)
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// hfsStart: the name starts with code points HFS+ ignores.
func hfsStart(s string) bool {
	c, _ := pickUTF8(s)
	return hfsIgnorable(c)
}

func panicf(t *testing.T, name string) bool {
	t.Fatalf("MustBeBlob(%q) disagrees with Special", name)
	return false
}
