package replay

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// dataDir is the aider replay data, relative to this package.
const dataDir = "../../../shared/bench/aider-replay"

// replayCase is one recorded response with the files before and after the
// commit aider made from it.
type replayCase struct {
	name     string
	response []byte
	before   map[string][]byte
	after    map[string][]byte // a changed path missing here was deleted
	changed  []string
}

// loadCases reads every case, or skips the test when the data is absent.
func loadCases(t testing.TB) []replayCase {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(dataDir, "[0-9]*"))
	if err != nil || len(dirs) == 0 {
		t.Skip("aider replay data not present at " + dataDir)
	}
	sort.Strings(dirs)
	cases := make([]replayCase, 0, len(dirs))
	for _, d := range dirs {
		c := replayCase{name: filepath.Base(d)}
		c.response, err = os.ReadFile(filepath.Join(d, "response.md"))
		require.NoError(t, err)
		meta, err := os.ReadFile(filepath.Join(d, "meta.json"))
		require.NoError(t, err)
		var m struct {
			Changed []string `json:"changed"`
		}
		require.NoError(t, json.Unmarshal(meta, &m), c.name)
		c.changed = m.Changed
		c.before = readTree(t, filepath.Join(d, "before"))
		c.after = readTree(t, filepath.Join(d, "after"))
		cases = append(cases, c)
	}
	return cases
}

// readTree returns the files below dir by slash path; none when dir is
// missing.
func readTree(t testing.TB, dir string) map[string][]byte {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	require.NoError(t, err)
	return files
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
// name, as the command layer does with the repository's tree.
func options(fsys billy.Filesystem) editcore.Options {
	return editcore.Options{Resolve: func(name string) []string {
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

// normal compares file content with line endings aside.
func normal(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }

// layout is the text without what only changes its layout: line endings,
// trailing white space and blank lines. Two results with the same layout
// text hold the same code in the same places.
func layout(b []byte) string {
	var out []string
	for _, l := range strings.Split(normal(b), "\n") {
		if l = strings.TrimRight(l, " \t"); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
