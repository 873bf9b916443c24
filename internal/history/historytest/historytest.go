// Package historytest makes repositories with aiedit commits for the
// tests of the review commands, by running the real `apply`.
package historytest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/engine"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// Transcript has three responses: the first applies two blocks; the
// second has an ambiguous anchor in app.py, an edit to lib.py that is not
// in context (--context app.py,other.py) and one applied edit; the third
// creates docs.md.
const Transcript = `## User

Please make f return 2, and fix the rest.

## Assistant

Make f return 2 and add notes.

app.py
««« EDIT
def f():
    return 1
═══════ REPL
def f():
    return 2
»»» EDIT END

notes.txt
««« EDIT
═══════ REPL
remember the milk
»»» EDIT END

## User

Now the others.

## Assistant

Make the others return 9 and fix y.

app.py
««« EDIT
    return 1
═══════ REPL
    return 9
»»» EDIT END

lib.py
««« EDIT
x = 1
═══════ REPL
x = 2
»»» EDIT END

other.py
««« EDIT
y = 1
═══════ REPL
y = 2
»»» EDIT END

## User

Document it.

## Assistant

Add the docs.

docs.md
««« EDIT
═══════ REPL
# Docs

f returns 2.
»»» EDIT END
`

// Files is the base commit's content.
var Files = map[string]string{
	"app.py":   "def f():\n    return 1\n\ndef g():\n    return 1\n\ndef h():\n    return 1\n",
	"other.py": "y = 1\n",
	"lib.py":   "x = 1\n",
}

// Review makes a repository whose branch "review" holds the three
// responses of Transcript on top of main, and returns it with the JSON
// report apply printed. It sets the environment (gittest.Setenv), so the
// test cannot be parallel.
func Review(t *testing.T) (*gittest.Repo, []byte) {
	t.Helper()
	gittest.Setenv(t)
	r := gittest.New(t, Files)
	path := filepath.Join(t.TempDir(), "review.md")
	require.NoError(t, os.WriteFile(path, []byte(Transcript), 0o644))
	s, _, out, errOut := iostreams.Test()
	_, err := engine.Run(context.Background(), &engine.Options{
		Dir: r.Dir, Transcripts: []string{path}, Branch: "review", JSON: true,
		Context: []string{"app.py", "other.py"}, IO: s,
	})
	require.ErrorIs(t, err, exitcode.ErrPartial, errOut.String())
	return r, out.Bytes()
}
