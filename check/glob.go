package check

import (
	"path"
	"strings"
)

// Match reports whether a repository path matches a glob pattern, with
// gitignore's shape: a pattern without a slash matches the base name at
// any depth ("*.go"); one with a slash matches from the top
// ("cmd/*/main.go", a leading "/" is allowed), where "**" stands for any
// number of directories ("src/**/*.ts"), and a pattern naming a directory
// matches everything below it ("docs/").
func Match(pattern, name string) bool {
	pattern = strings.TrimPrefix(pattern, "/")
	if pattern == "" {
		return false
	}
	if strings.HasSuffix(pattern, "/") {
		pattern += "**"
	}
	if !strings.Contains(pattern, "/") {
		ok, _ := path.Match(pattern, path.Base(name))
		return ok
	}
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchParts(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchParts(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
