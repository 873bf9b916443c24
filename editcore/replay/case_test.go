package replay

import (
	"errors"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/internal/extdata"
)

// dataDir is the aider replay data, relative to this package.
const dataDir = "../../../shared/bench/aider-replay"

// loadCases reads every case, or skips the test when the data is absent.
func loadCases(t testing.TB) []Case {
	t.Helper()
	cases, err := Load(Dir(dataDir))
	if errors.Is(err, ErrNoData) {
		extdata.Missing(t, Dir(dataDir), "the aider replay data set (one folder per case with meta.json)", extdata.AiderReplayHow)
	}
	require.NoError(t, err)
	return cases
}

// newFS returns an in-memory tree holding files.
func newFS(t testing.TB, files map[string][]byte) billy.Filesystem {
	fsys := memfs.New()
	for p, b := range files {
		require.NoError(t, util.WriteFile(fsys, p, b, 0o644))
	}
	return fsys
}

// snapshot returns every file of fsys by path.
func snapshot(t testing.TB, fsys billy.Filesystem) map[string][]byte {
	files := map[string][]byte{}
	err := util.Walk(fsys, "/", func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := util.ReadFile(fsys, p)
		files[strings.TrimPrefix(p, "/")] = b
		return err
	})
	require.NoError(t, err)
	return files
}

// options resolve a bare file name to the files of fsys with that base
// name, as the command layer does with the repository's tree, and apply
// the responses by aider's rules, as aider did: the first place that fits
// (transcript.PolicyOf(transcript.Aider), which apply uses for an aider
// log; this package may not import transcript).
func options(fsys billy.Filesystem) editcore.Options {
	return editcore.Options{Policy: editcore.Policy{Agent: "aider", Choice: editcore.First}, Resolve: func(name string) []string {
		var out []string
		_ = util.Walk(fsys, "/", func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && path.Base(p) == name {
				out = append(out, strings.TrimPrefix(p, "/"))
			}
			return nil
		})
		sort.Strings(out)
		return out
	}}
}

// parseAll parses a whole response with auto-detection.
func parseAll(response []byte) []editcore.Op {
	p := parse.New()
	return append(p.Feed(response), p.Finish()...)
}

// applyAll applies ops in order, consecutive ops of one Group together, as
// the command layer does.
func applyAll(s *editcore.Session, ops []editcore.Op) []editcore.Result {
	var out []editcore.Result
	for i := 0; i < len(ops); {
		g := ops[i].Group
		if g == 0 {
			out = append(out, s.Apply(&ops[i]))
			i++
			continue
		}
		var group []*editcore.Op
		for ; i < len(ops) && ops[i].Group == g; i++ {
			group = append(group, &ops[i])
		}
		out = append(out, s.ApplyGroup(group)...)
	}
	return out
}
