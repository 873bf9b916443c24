package repopath

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVerify(t *testing.T) {
	tests := map[string]struct {
		path   string
		reason string // "" means safe
	}{
		"plain":                   {"src/app.py", ""},
		"dotfile":                 {".gitignore", ""},
		"github dir":              {".github/workflows/ci.yml", ""},
		"gitmodules at top":       {".gitmodules", ""},
		"git prefix name":         {".git-blame-ignore-revs", ""},
		"name ending in .git":     {"repo.git/config", ""},
		"git~10 is not short":     {"git~10", ""},
		"spaces":                  {"My Documents/a b.txt", ""},
		"dots inside name":        {"a..b/c", ""},
		"unicode name":            {"données/été.txt", ""},
		"empty":                   {"", "empty path"},
		"absolute":                {"/etc/passwd", "absolute path"},
		"absolute backslash":      {`\x`, "absolute path"},
		"drive backslash":         {`C:\x`, "absolute path"},
		"drive slash":             {"C:/x", "absolute path"},
		"drive relative":          {"c:x", "absolute path"},
		"home":                    {"~/notes.md", "in the home directory (~), outside the repository"},
		"home backslash":          {`~\notes.md`, "in the home directory (~), outside the repository"},
		"home alone":              {"~", "in the home directory (~), outside the repository"},
		"tilde in a name is safe": {"~notes/a.md", ""},
		"tilde later is safe":     {"a/~/b.md", ""},
		"backup tilde is safe":    {"a.py~", ""},
		"dotdot first":            {"../x", "leaves the repository"},
		"dotdot inside":           {"a/../b", "leaves the repository"},
		"dotdot last":             {"a/..", "leaves the repository"},
		"dotdot backslash":        {`a\..\..\x`, "leaves the repository"},
		"dot component":           {"a/./b", `"." component`},
		"double slash":            {"a//b", "empty path component"},
		"trailing slash":          {"a/", "empty path component"},
		"dotgit":                  {".git/config", "names the .git directory"},
		"dotgit alone":            {".git", "names the .git directory"},
		"dotgit upper":            {".GIT/hooks/pre-commit", "names the .git directory"},
		"dotgit mixed deep":       {"sub/.Git/config", "names the .git directory"},
		"dotgit backslash":        {`sub\.git\config`, "names the .git directory"},
		"dotgit trailing dot":     {".git./config", "names the .git directory (as NTFS reads it)"},
		"dotgit trailing dots":    {".git.../x", "names the .git directory (as NTFS reads it)"},
		"dotgit trailing space":   {".git /config", "names the .git directory (as NTFS reads it)"},
		"dotgit stream":           {".git::$INDEX_ALLOCATION/config", "names the .git directory (as NTFS reads it)"},
		"dotgit dot then stream":  {".git. ::$DATA", "names the .git directory (as NTFS reads it)"},
		"short name":              {"git~1/config", "names the .git directory (as NTFS reads it)"},
		"short name upper":        {"GIT~1/config", "names the .git directory (as NTFS reads it)"},
		"hfs zero width joiner":   {".g\u200dit/config", "names the .git directory (as HFS+ reads it, ignoring invisible characters)"},
		"hfs bom":                 {"\ufeff.git/config", "names the .git directory (as HFS+ reads it, ignoring invisible characters)"},
		"hfs direction override":  {".GI\u202eT", "names the .git directory (as HFS+ reads it, ignoring invisible characters)"},
		"hfs inhibit swapping":    {".git\u206a/x", "names the .git directory (as HFS+ reads it, ignoring invisible characters)"},
		"hfs ignorable elsewhere": {".gi\u200ct-ok", ""},
		"hfs invalid utf8":        {".git\xc0\xaf/config", "names the .git directory (as HFS+ reads it, ending the name at invalid UTF-8)"},
		"hfs invalid utf8 byte":   {"a/.GIT\xff", "names the .git directory (as HFS+ reads it, ending the name at invalid UTF-8)"},
		"invalid utf8 elsewhere":  {".gi\xfft/x", ""},
		"gitmodules dir":          {".gitmodules/x", ".gitmodules may not be a directory: git reads it as a file"},
		"gitmodules dir deep":     {"sub/.gitmodules/x", ".gitmodules may not be a directory: git reads it as a file"},
		"gitmodules dir upper":    {".GITMODULES/x", `".GITMODULES" may not be a directory: git reads it as .gitmodules, a file`},
		"gitmodules dir short":    {"gitmod~1/x", `"gitmod~1" may not be a directory: git reads it as .gitmodules, a file`},
		"gitmodules dir dot":      {".gitmodules./x", `".gitmodules." may not be a directory: git reads it as .gitmodules, a file`},
		"gitmodules dir hash":     {"GI7EBA~1/x", `"GI7EBA~1" may not be a directory: git reads it as .gitmodules, a file`},
		"gitmodules dir fallback": {"~1000000/x", `"~1000000" may not be a directory: git reads it as .gitmodules, a file`},
		"gitattributes dir":       {"gitatt~1/x", `"gitatt~1" may not be a directory: git reads it as .gitattributes, a file`},
		"gitattributes dir hfs":   {".git\u200cattributes/x", `".git\u200cattributes" may not be a directory: git reads it as .gitattributes, a file`},
		"gitignore dir is fine":   {".gitignore/x", ""},
		"gitmodules file":         {"sub/GITMOD~1", ""},
		"long component":          {strings.Repeat("a", 4097), "a path component is longer than git's limit of 4096 bytes"},
		"nul":                     {"a\x00b", "contains a NUL byte"},
		"newline":                 {"a\nb", "contains a control character"},
		"escape":                  {"a\x1b[31m", "contains a control character"},
		"delete char":             {"a\x7f", "contains a control character"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			err := Verify(tt.path)
			if tt.reason == "" {
				require.NoError(t, err)
				return
			}
			var ue *UnsafeError
			require.True(t, errors.As(err, &ue), "want *UnsafeError, got %v", err)
			assert.Equal(t, tt.path, ue.Path)
			assert.Equal(t, tt.reason, ue.Reason)
		})
	}
}

func TestUnsafeErrorMessage(t *testing.T) {
	assert.EqualError(t, Verify("../x"), `unsafe path "../x": leaves the repository`)
}

func TestCleanThenVerify(t *testing.T) {
	tests := map[string]struct {
		in   string
		safe bool
	}{
		"dot slash":           {"./src/a.go", true},
		"windows":             {`src\a.go`, true},
		"trailing slash dir":  {"src/", true},
		"windows escape":      {`..\..\etc\passwd`, false},
		"windows absolute":    {`C:\Windows\x`, false},
		"dotgit via dot":      {"./.git/config", false},
		"dotgit via slashes":  {"src//.git//config", false},
		"only dots and slash": {"./", false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			err := Verify(Clean(tt.in))
			if tt.safe {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}
