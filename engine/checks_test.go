package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func TestRunChecks(t *testing.T) {
	const (
		breakGo = "Break it.\n\ncalc.go\n««« EDIT\n\treturn a + b\n}\n═══════ REPL\n\treturn a + b\n»»» EDIT END\n"
		fixDoc  = "Document it.\n\ncalc.go\n««« EDIT\nfunc Add(a, b int) int {\n═══════ REPL\n// Add adds.\nfunc Add(a, b int) int {\n»»» EDIT END\n"
		moveOld = "Move it.\n\n```sh\ngit mv old.py legacy/old.py\n```\n"
	)
	tests := map[string]struct {
		reply     string
		opts      Options
		code      int
		checks    []CheckReport // name, status; message when set
		blocks    []string      // status[:error_type] of each block
		unchanged bool          // the response's commit has its parent's tree
	}{
		"report commits the broken file": {
			reply: breakGo, code: exitcode.Partial,
			checks: []CheckReport{{Name: "syntax", Status: "failed", Message: "calc.go:4: expected '}', found 'EOF'"}},
			blocks: []string{"applied"},
		},
		"require keeps it out": {
			reply: breakGo, opts: Options{Checks: "require"}, code: exitcode.Partial,
			checks:    []CheckReport{{Name: "syntax", Status: "failed"}},
			blocks:    []string{"failed:check_failed"},
			unchanged: true,
		},
		"require commits what passes": {
			reply: fixDoc, opts: Options{Checks: "require"}, code: exitcode.OK,
			checks: []CheckReport{{Name: "syntax", Status: "passed"}},
			blocks: []string{"applied"},
		},
		"off runs nothing": {
			reply: breakGo, opts: Options{Checks: "off"}, code: exitcode.OK,
			blocks: []string{"applied"},
		},
		"dry run runs nothing": {
			reply: breakGo, opts: Options{DryRun: true, Checks: "require"}, code: exitcode.OK,
			blocks: []string{"validated"},
		},
		"a moved file keeps its old errors": {
			reply: moveOld, code: exitcode.OK,
			checks: []CheckReport{{Name: "syntax", Status: "passed"}},
			blocks: []string{},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			gittest.Setenv(t)
			repo := gittest.New(t, map[string]string{
				"calc.go": "package calc\n\nfunc Add(a, b int) int {\n\treturn a + b\n}\n",
				"old.py":  "x = (1\n",
			})
			reply := filepath.Join(t.TempDir(), "reply.md")
			require.NoError(t, os.WriteFile(reply, []byte(tc.reply), 0o644))
			s, _, stdout, stderr := iostreams.Test()
			opts := tc.opts
			opts.Dir, opts.Transcripts, opts.JSON, opts.IO = repo.Dir, []string{reply}, true, s
			err := runErr(context.Background(), &opts)
			assert.Equal(t, tc.code, exitcode.Of(err, -1), stderr.String())

			var rep Report
			require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
			require.Len(t, rep.Responses, 1)
			rr := rep.Responses[0]
			require.Len(t, rr.Checks, len(tc.checks))
			for i, want := range tc.checks {
				assert.Equal(t, want.Name, rr.Checks[i].Name)
				assert.Equal(t, want.Status, rr.Checks[i].Status)
				if want.Message != "" {
					assert.Equal(t, want.Message, rr.Checks[i].Message)
				}
			}
			var blocks []string
			for _, b := range rr.Blocks {
				s := b.Status
				if b.ErrorType != "" {
					s += ":" + b.ErrorType
				}
				blocks = append(blocks, s)
			}
			assert.Equal(t, tc.blocks, append([]string{}, blocks...))
			if opts.DryRun {
				assert.Nil(t, rr.Commit)
				return
			}
			require.NotNil(t, rr.Commit)
			tree := repo.Git(t, "rev-parse", *rr.Commit+"^{tree}")
			parentTree := repo.Git(t, "rev-parse", *rr.Commit+"~1^{tree}")
			assert.Equal(t, tc.unchanged, tree == parentTree)
		})
	}
}

func TestRunChecksBadPolicy(t *testing.T) {
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
	reply := filepath.Join(t.TempDir(), "x.md")
	require.NoError(t, os.WriteFile(reply, []byte("Nothing.\n"), 0o644))
	err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{reply}, Checks: "never"})
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
	assert.ErrorContains(t, err, `unknown --checks "never"`)
}

// TestSyntaxManyFiles: a response of more files than the syntax check
// reads between two lettings go of the folders it read (trimChecked)
// is checked file by file all the same: the one broken file past them
// is found, and the files before it pass.
func TestSyntaxManyFiles(t *testing.T) {
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
	var reply strings.Builder
	reply.WriteString("Make them.\n")
	const files, broken = trimChecked + 900, trimChecked + 500
	for i := range files {
		body := "package p"
		if i == broken {
			body = "package p\nfunc ("
		}
		fmt.Fprintf(&reply, "\nd%02d/f%05d.go\n««« EDIT\n═══════ REPL\n%s\n»»» EDIT END\n", i/1000, i, body)
	}
	path := filepath.Join(t.TempDir(), "reply.md")
	require.NoError(t, os.WriteFile(path, []byte(reply.String()), 0o644))
	s, _, stdout, stderr := iostreams.Test()
	err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, JSON: true, IO: s})
	assert.Equal(t, exitcode.Partial, exitcode.Of(err, -1), stderr.String())
	var rep Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep))
	require.Len(t, rep.Responses, 1)
	require.Len(t, rep.Responses[0].Checks, 1)
	c := rep.Responses[0].Checks[0]
	assert.Equal(t, "failed", c.Status)
	assert.Contains(t, c.Message, fmt.Sprintf("d%02d/f%05d.go:", broken/1000, broken))
	assert.NotContains(t, c.Message, "more")
}
