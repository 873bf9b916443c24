package gitops

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// fsyncValues are core.fsync values with git's quirks: prefixes, removals
// an addition undoes, "none" in and out of the last place, unknown words,
// a lone "-", spaces.
var fsyncValues = []string{
	"", "none", "all", "added", "committed", "objects", "loose-object", "pack", "-pack",
	"pack-metadata", "-pack-metadata", "derived-metadata", "p", "pack,-pack", "objects,-pack",
	"none,pack", "pack,none", "x,none", "-,pack", "pack ,x", "  pack ,\tnone", "-all", "all,-pack",
	"reference,-reference", "bogus", "commit-graph,pack-metadata,none", "-a", "-p,pack-m", "none,index",
}

var fsyncCounter = regexp.MustCompile(`"key":"fsync/(hardware-flush|writeout-only)","value":"(\d+)"`)

// gitFlushes counts the flushes git makes receiving a pack with
// `index-pack --stdin` (the pack and its index) under core.fsync=value
// (unset for nil) and the method, from its trace2 counters.
func gitFlushes(t *testing.T, pack string, value *string, method string) (hardware, writeout int) {
	t.Helper()
	dir := t.TempDir()
	gittest.Run(t, dir, nil, "init", "-q")
	trace := filepath.Join(t.TempDir(), "trace.json")
	args := []string{"-c", "pack.writeReverseIndex=false"}
	if value != nil {
		args = append(args, "-c", "core.fsync="+*value)
	}
	if method != "" {
		args = append(args, "-c", "core.fsyncMethod="+method)
	}
	data, err := os.ReadFile(pack)
	require.NoError(t, err)
	gittest.RunInput(t, dir, []string{"GIT_TRACE2_EVENT=" + trace}, string(data), append(args, "index-pack", "--stdin")...)
	out, err := os.ReadFile(trace)
	require.NoError(t, err)
	for _, m := range fsyncCounter.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "hardware-flush" {
			hardware += n
		} else {
			writeout += n
		}
	}
	return hardware, writeout
}

// fsyncTestPack is a pack of one commit, for gitFlushes to receive.
func fsyncTestPack(tb testing.TB) string {
	tb.Helper()
	gittest.Setenv(tb)
	r := gittest.New(tb, map[string]string{"a.txt": "a\n"})
	dir := tb.TempDir()
	name := gittest.RunInput(tb, r.Dir, nil, "HEAD\n", "pack-objects", "-q", "--revs", filepath.Join(dir, "p"))
	return filepath.Join(dir, "p-"+strings.TrimSpace(name)+".pack")
}

// TestFsyncPlanAsGit holds parseFsync to git itself: for each value, as
// many files as git flushes when it writes a pack and its index, and with
// the writeout-only method, flushed that way.
func TestFsyncPlanAsGit(t *testing.T) {
	pack := fsyncTestPack(t)

	hardware, writeout := gitFlushes(t, pack, nil, "")
	require.Equal(t, 2, hardware, "git's default flushes a pack and its index: the test proves nothing")
	require.Zero(t, writeout)
	require.Equal(t, hardware, flushes(fsyncPlanOf("", false, "")), "core.fsync unset")
	for _, v := range fsyncValues {
		hardware, writeout := gitFlushes(t, pack, &v, "")
		plan := fsyncPlanOf(v, true, "")
		require.Equal(t, hardware, flushes(plan), "core.fsync=%q", v)
		require.Zero(t, writeout)
		hardware, writeout = gitFlushes(t, pack, &v, "writeout-only")
		plan = fsyncPlanOf(v, true, "writeout-only")
		require.Zero(t, hardware, "core.fsync=%q, writeout-only", v)
		require.Equal(t, writeout, flushes(plan), "core.fsync=%q, writeout-only", v)
		require.True(t, plan.writeoutOnly)
	}
}

func flushes(p fsyncPlan) int {
	n := 0
	if p.pack {
		n++
	}
	if p.index {
		n++
	}
	return n
}

// TestPublishFlushes: a run's pack and index are flushed before they move
// into place, as the repository's core.fsync says (git's default: both).
func TestPublishFlushes(t *testing.T) {
	gittest.Setenv(t)
	for value, want := range map[string]int{"": 2, "none": 0, "-pack-metadata": 1, "objects,-pack": 1, "all": 2} {
		t.Run("core.fsync="+value, func(t *testing.T) {
			r := gittest.New(t, map[string]string{"a.txt": "a\n"})
			if value != "" {
				r.Git(t, "config", "core.fsync", value)
			}
			var flushed []string
			prev := flushFile
			flushFile = func(f *os.File, writeoutOnly bool) error {
				require.False(t, writeoutOnly)
				flushed = append(flushed, filepath.Base(f.Name()))
				return prev(f, writeoutOnly)
			}
			t.Cleanup(func() { flushFile = prev })
			repo := open(t, r)
			h, err := repo.writeObject(plumbing.BlobObject, []byte("new\n"))
			require.NoError(t, err)
			prot, err := repo.ProtectWritten()
			require.NoError(t, err)
			defer prot.Release()
			require.Len(t, flushed, want, "flushed: %v", flushed)
			require.Equal(t, "blob", gittest.Run(t, r.Dir, nil, "cat-file", "-t", h.String()))
		})
	}
}

// FuzzParseFsync holds parseFsync to git on any value git can be given.
func FuzzParseFsync(f *testing.F) {
	pack := fsyncTestPack(f)
	for _, v := range fsyncValues {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		c := parseFsync(v)
		require.Zero(t, c&^fsyncAll, "bits no component has")
		if strings.ContainsAny(v, "\x00") || len(v) > 200 {
			return // git cannot be given it
		}
		hardware, _ := gitFlushes(t, pack, &v, "")
		require.Equal(t, hardware, flushes(fsyncPlanOf(v, true, "")), "core.fsync=%q", v)
	})
}
