package ask

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func newTest(input string) (*Reviewer, *bytes.Buffer) {
	var out bytes.Buffer
	return &Reviewer{lines: readLines(strings.NewReader(input)), out: &out, cs: &iostreams.ColorScheme{}}, &out
}

func TestAsk(t *testing.T) {
	tests := map[string]struct {
		input string
		want  Answer
		help  bool
	}{
		"yes":               {input: "y\n", want: Yes},
		"no":                {input: "n\n", want: No},
		"edit":              {input: "e\n", want: Edit},
		"all":               {input: "a\n", want: All},
		"done":              {input: "d\n", want: Done},
		"quit":              {input: "q\n", want: Quit},
		"help then yes":     {input: "?\ny\n", want: Yes, help: true},
		"unknown then no":   {input: "x\nn\n", want: No, help: true},
		"end of input":      {input: "", want: Quit},
		"spaces and case":   {input: "  Y \n", want: Yes},
		"no newline at end": {input: "d", want: Done},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r, out := newTest(tt.input)
			got, err := r.Ask(context.Background(), Block{Heading: "response 1/1, block 2 of 3", Path: "app.py", Status: "applied", Line: 4, Diff: "@@ -4 +4 @@\n-a\n+b\n"})
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Contains(t, out.String(), "response 1/1, block 2 of 3: app.py:4 applied\n@@ -4 +4 @@\n-a\n+b\nApply this block [y,n,e,a,d,q,?]? ")
			assert.Equal(t, tt.help, strings.Contains(out.String(), "q - quit"))
		})
	}
}

func TestNewNeedsATerminal(t *testing.T) {
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	defer pw.Close()
	_, err = New(pr, os.Stderr, &iostreams.ColorScheme{}, "")
	assert.ErrorIs(t, err, ErrNoTerminal)
	null, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer null.Close()
	_, err = New(null, os.Stderr, &iostreams.ColorScheme{}, "")
	assert.ErrorIs(t, err, ErrNoTerminal, "/dev/null is a character device, not a terminal")
	_, err = New(strings.NewReader("y\n"), os.Stderr, &iostreams.ColorScheme{}, "")
	assert.ErrorIs(t, err, ErrNoTerminal)
}

func TestEditText(t *testing.T) {
	dir := t.TempDir()
	editor := filepath.Join(dir, "editor.sh")
	// The scripted editor appends a line and records the name it was given.
	require.NoError(t, os.WriteFile(editor, []byte("#!/bin/sh\necho '# reviewed' >> \"$1\"\nbasename \"$1\" > "+dir+"/name\n"), 0o755))
	t.Setenv("GIT_EDITOR", editor)
	r, _ := newTest("")
	r.dir = dir
	got, err := r.EditText(context.Background(), "src/app.py", []byte("x = 1\n"))
	require.NoError(t, err)
	assert.Equal(t, "x = 1\n# reviewed\n", string(got))
	name, _ := os.ReadFile(filepath.Join(dir, "name"))
	assert.Equal(t, "app.py\n", string(name))

	t.Setenv("GIT_EDITOR", "false")
	_, err = r.EditText(context.Background(), "app.py", []byte("x"))
	assert.ErrorContains(t, err, `the editor "false" failed`)
}

func TestAskInterrupted(t *testing.T) {
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	var out strings.Builder
	r := &Reviewer{lines: readLines(pr), out: &out, cs: &iostreams.ColorScheme{}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = r.Ask(ctx, Block{Heading: "h", Path: "p"})
	assert.ErrorIs(t, err, ErrInterrupted)
}
