package repopath

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDetect(t *testing.T) {
	tests := map[string]struct {
		line string
		want string // "" means not a path
	}{
		"path with separator":        {"src/app.py", "src/app.py"},
		"backslash separator":        {`src\app.py`, `src\app.py`},
		"surrounding whitespace":     {"  src/app.py \t", "src/app.py"},
		"nested dirs no extension":   {"scripts/deploy", "scripts/deploy"},
		"single name with extension": {"main.go", "main.go"},
		"go.mod":                     {"go.mod", "go.mod"},
		"double extension":           {"archive.tar.gz", "archive.tar.gz"},
		"dotfile gitignore":          {".gitignore", ".gitignore"},
		"dotfile env":                {".env", ".env"},
		"Makefile":                   {"Makefile", "Makefile"},
		"Dockerfile":                 {"Dockerfile", "Dockerfile"},
		"LICENSE":                    {"LICENSE", "LICENSE"},
		"CODEOWNERS":                 {"CODEOWNERS", "CODEOWNERS"},
		"Jenkinsfile":                {"Jenkinsfile", "Jenkinsfile"},
		"bold decoration":            {"**src/app.py**", "src/app.py"},
		"backtick decoration":        {"`src/app.py`", "src/app.py"},
		"trailing colon":             {"src/app.py:", "src/app.py"},
		"bold and colon inside":      {"**src/app.py:**", "src/app.py"},
		"bold backtick colon":        {"**`src/app.py`**:", "src/app.py"},
		"parenthetical note":         {"src/new.py (new file)", "src/new.py"},
		"path with spaces":           {"My Documents/notes draft.txt", "My Documents/notes draft.txt"},
		"next.js route group":        {"app/(shop)/page.tsx", "app/(shop)/page.tsx"},
		"absolute path is a path":    {"/etc/passwd", "/etc/passwd"},
		"dotdot path is a path":      {"../outside.txt", "../outside.txt"},

		"empty":                        {"", ""},
		"blank":                        {"   \t", ""},
		"plain word":                   {"hello", ""},
		"markdown heading":             {"# src/app.py", ""},
		"comment slashes":              {"// src/app.py", ""},
		"bullet star":                  {"* src/app.py", ""},
		"bullet dash":                  {"- src/app.py", ""},
		"quote":                        {"> src/app.py", ""},
		"code fence":                   {"```python", ""},
		"code fence with path":         {"```src/app.py", ""},
		"tilde fence":                  {"~~~", ""},
		"too long":                     {strings.Repeat("a/", 100) + "x.go", ""},
		"sentence ending in period":    {"I changed src/app.py.", ""},
		"sentence with many words":     {"Here is the fix for src/app.py", ""},
		"spaces without separator":     {"see main.go", ""},
		"inline code in prose":         {"Update `src/app.py` like this", ""},
		"url":                          {"https://example.com/a.html", ""},
		"html tag":                     {"</div>", ""},
		"division":                     {"a / b", ""},
		"trailing slash is a dir":      {"src/", ""},
		"version number":               {"1.2.3", ""},
		"dots only":                    {"...", ""},
		"function call":                {"fmt.Println(x)", ""},
		"tab inside":                   {"src/a\tb.go", ""},
		"question":                     {"src/app.py?", ""},
		"emphasis star is not a bold":  {"*src/app.py*", ""},
		"empty bold":                   {"****", ""},
		"marker line":                  {"««« EDIT", ""},
		"only a colon":                 {":", ""},
		"separator with four spaces":   {"a b c d e/f.go", ""},
		"extension with bad character": {"x.a=b", ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := Detect(tt.line)
			assert.Equal(t, tt.want != "", ok, "ok")
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestClean(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"already clean":        {"src/app.py", "src/app.py"},
		"trim":                 {"  src/app.py\t", "src/app.py"},
		"backslashes":          {`src\pkg\app.py`, "src/pkg/app.py"},
		"dot slash":            {"./src/app.py", "src/app.py"},
		"repeated dot slash":   {"././src/app.py", "src/app.py"},
		"inner dot":            {"src/./app.py", "src/app.py"},
		"double slash":         {"src//app.py", "src/app.py"},
		"trailing slash":       {"src/dir/", "src/dir"},
		"keeps dotdot":         {"src/../x", "src/../x"},
		"keeps leading slash":  {"/etc/passwd", "/etc/passwd"},
		"unc becomes absolute": {`\\server\share`, "/server/share"},
		"drive letter":         {`C:\x\y`, "C:/x/y"},
		"diff prefix kept":     {"a/src/app.py", "a/src/app.py"},
		"dot alone":            {".", ""},
		"empty":                {"", ""},
		"space before slash":   {"a /", "a"},
		"byte order mark":      {"\ufeffok.txt", "ok.txt"},
		"byte order mark, dir": {"\ufeff src/\ufeff", "src"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, Clean(tt.in))
		})
	}
}

func TestStripDiffPrefix(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"a prefix":         {"a/src/app.py", "src/app.py"},
		"b prefix":         {"b/src/app.py", "src/app.py"},
		"no prefix":        {"src/app.py", "src/app.py"},
		"only prefix":      {"a/", "a/"},
		"other letter":     {"c/x", "c/x"},
		"name starting a/": {"ab/x", "ab/x"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, StripDiffPrefix(tt.in))
		})
	}
}

func TestSpacedName(t *testing.T) {
	tests := map[string]struct {
		line string
		want string // "" means not a spaced name
	}{
		"name with a space":        {"Meeting Notes.md", "Meeting Notes.md"},
		"three spaces":             {"a b c d.txt", "a b c d.txt"},
		"decorated":                {"**`crlf file.txt`**:", "crlf file.txt"},
		"heading":                  {"## Meeting Notes.md", "Meeting Notes.md"},
		"label":                    {"File: Meeting Notes.md", "Meeting Notes.md"},
		"known name with a space":  {"old Makefile", ""},
		"prose ending in a name":   {"Update main.py", "Update main.py"},
		"four spaces":              {"a b c d e.txt", ""},
		"sentence":                 {"Then edit Meeting Notes.md.", ""},
		"no space: Detect's path":  {"notes.md", ""},
		"directory: Detect's path": {"docs/Meeting Notes.md", ""},
		"no extension":             {"Meeting Notes", ""},
		"bullet":                   {"- Meeting Notes.md", ""},
		"comment":                  {"// Meeting Notes.md", ""},
		"inline code in prose":     {"see `a b.md` here", ""},
		"empty":                    {"", ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := SpacedName(tt.line)
			assert.Equal(t, tt.want != "", ok, "ok")
			assert.Equal(t, tt.want, got)
			if _, isPath := DetectLine(tt.line); ok && isPath {
				t.Errorf("%q is both a path and a spaced name", tt.line)
			}
		})
	}
}

func TestDetectLine(t *testing.T) {
	tests := map[string]struct {
		line string
		want string // "" means not a path
	}{
		"plain":                   {"src/app.py", "src/app.py"},
		"heading":                 {"### src/app.py", "src/app.py"},
		"cline path tag":          {"<path>src/app.py</path>", "src/app.py"},
		"label":                   {"File: src/app.py", "src/app.py"},
		"bold label":              {"**File:** src/app.py", "src/app.py"},
		"bold label and path":     {"**File: src/app.py**", "src/app.py"},
		"label and bold path":     {"Path: **src/app.py**", "src/app.py"},
		"bold label and code":     {"**Filename:** `src/app.py`", "src/app.py"},
		"bold code and colon":     {"**`src/app.py`**:", "src/app.py"},
		"bold code":               {"**`src/app.py`**", "src/app.py"},
		"emphasis":                {"*src/app.py*", "src/app.py"},
		"escaped underscores":     {`src/my\_file.py`, "src/my_file.py"},
		"heading and bold code":   {"## **`src/app.py`**", "src/app.py"},
		"hash without a space":    {"#src/app.py", ""},
		"only hashes":             {"###", ""},
		"prose":                   {"Here is the fix for src/app.py", ""},
		"label without a path":    {"File:", ""},
		"spaced name, no dir":     {"Meeting Notes.md", ""},
		"spaced name with a dir":  {"**`docs/Meeting Notes.md`**:", "docs/Meeting Notes.md"},
		"sentence in bold":        {"**Update src/app.py.**", ""},
		"heading of a whole line": {"# Changes", ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := DetectLine(tt.line)
			assert.Equal(t, tt.want != "", ok, "ok")
			assert.Equal(t, tt.want, got)
		})
	}
}
