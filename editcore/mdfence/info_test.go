package mdfence

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInfoPath(t *testing.T) {
	tests := map[string]struct{ info, path, lang string }{
		"language only":           {"python", "", "python"},
		"language and path":       {"python src/app.py", "src/app.py", "python"},
		"language colon path":     {"python:src/app.py", "src/app.py", "python"},
		"path only":               {"src/app.py", "src/app.py", ""},
		"bare name with a dot":    {"app.py", "app.py", ""},
		"title label":             {`python title="src/app.py"`, "src/app.py", "python"},
		"filename label":          {"js filename=web/main.js", "web/main.js", "js"},
		"language with a dot":     {"node.js", "", "node.js"},
		"language version":        {"python3.11", "", "python3.11"},
		"line highlights":         {"js {1,3}", "", "js"},
		"c++ colon path":          {"c++:src/a.cc", "src/a.cc", "c++"},
		"empty":                   {"", "", ""},
		"colon without path":      {"python:", "", "python"},
		"url is not a path":       {"text https://example.com/a.html", "", "text"},
		"windows path":            {`cs src\App.cs`, `src\App.cs`, "cs"},
		"language colon language": {"python:repl", "", "python"},
		"cursor citation":         {"1:8:/Users/kim/app/tsconfig.eslint.json", "", ""},
		"relative citation":       {"12:40:src/app.ts", "", ""},
		"citation after language": {"ts 12:40:src/app.ts", "", "ts"},
		"windows drive path":      {`cs C:\src\App.cs`, `C:\src\App.cs`, "cs"},
		"colon inside a name":     {"yaml conf:prod/app.yml", "", "yaml"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			p, lang := InfoPath(tt.info)
			assert.Equal(t, tt.path, p, "path")
			assert.Equal(t, tt.lang, lang, "lang")
		})
	}
}

// FuzzInfoPath: a path found in an info string never carries a colon but
// a Windows drive's: citations (12:40:src/app.ts) and labels are no paths.
func FuzzInfoPath(f *testing.F) {
	for _, s := range []string{"python src/app.py", "1:8:/Users/kim/a.json", `cs C:\src\A.cs`, "py:src/a.py", "x:y:z.py"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, info string) {
		p, _ := InfoPath(info)
		if i := strings.IndexByte(p, ':'); i >= 0 && i != 1 {
			t.Fatalf("%q: path %q", info, p)
		}
	})
}
