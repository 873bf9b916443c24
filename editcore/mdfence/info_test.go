package mdfence

import (
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
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			p, lang := InfoPath(tt.info)
			assert.Equal(t, tt.path, p, "path")
			assert.Equal(t, tt.lang, lang, "lang")
		})
	}
}
