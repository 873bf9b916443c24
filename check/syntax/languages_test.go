package syntax

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The table Languages shows agrees with what Check really does in this
// build: every glob of a built language is checked under that name, every
// glob of a language this build lacks is not checked at all. CI runs this
// with and without cgo.
func TestLanguagesMatchChecks(t *testing.T) {
	for _, l := range Languages() {
		for _, glob := range strings.Fields(l.Files) {
			name := "dir/x" + strings.TrimPrefix(glob, "*")
			if l.Built {
				assert.Equal(t, l.Name, Language(name), name)
				assert.NotEmpty(t, l.How, l.Name)
			} else {
				assert.Empty(t, Language(name), name)
			}
		}
	}
	assert.Contains(t, Summary(), "go json yaml toml python")
	if TreeSitter {
		assert.Equal(t, "go json yaml toml python javascript typescript rust java c cpp", Summary())
	} else {
		assert.Contains(t, Summary(), "javascript typescript rust java c cpp unchecked")
	}
}

// Without cgo, Python still gets the lexer's errors; with cgo, the
// grammar's too.
func TestPythonWithoutGrammar(t *testing.T) {
	errs, ok := Check("a.py", []byte("def f():\nreturn 1\n"))
	assert.True(t, ok)
	assert.Equal(t, []Error{{2, "expected an indented block"}}, errs)
	_, ok = Check("a.js", []byte("f(\n"))
	assert.Equal(t, TreeSitter, ok)
}
