//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneResponseBounded: one response of 1,000,000 SEARCH/REPLACE
// blocks (a 73 MB markdown transcript, every block a search that fails,
// which keeps the most of a block) peaks under 128 MB resident: 86–88
// MB here, its text kept in a temporary file past 8 MiB. Before, 174–179
// MB (the text held whole while its blocks applied), and before that
// 209–233 MB (gathered in a buffer that grew by copying). Under -race the bound is not this
// one (shadow memory), and the run takes minutes: .ci/run runs it with
// AIEDIT_STRESS=1 without -race.
func TestOneResponseBounded(t *testing.T) {
	skipUnlessStress(t, "one response of 1,000,000 blocks (about a minute)")
	if raceEnabled {
		t.Skip("peak memory under -race is the race detector's; .ci/run runs this test without it")
	}
	r := newProcRepo(t, map[string]string{"a.txt": "a\n"})
	path := filepath.Join(t.TempDir(), "blocks.md")
	f, err := os.Create(path)
	require.NoError(t, err)
	w := bufio.NewWriter(f)
	fmt.Fprint(w, "## User\n\nGo.\n\n## Assistant\n\n")
	const blocks = 1000000
	for i := range blocks {
		fmt.Fprintf(w, "a.txt\n```\n<<<<<<< SEARCH\nnot there %d\n=======\nx\n>>>>>>> REPLACE\n```\n\n", i)
	}
	require.NoError(t, w.Flush())
	require.NoError(t, f.Close())

	rss, code, out := r.peakHWM(10*time.Minute, "apply", "-q", "--json", "-b", "blocks", path)
	t.Logf("one response of %d blocks: %d KiB at its peak (exit %d)", blocks, rss, code)
	assert.Equal(t, 1, code, "every block fails: exit 1\n%.2000s", out)
	const limit = 128_000_000 / 1024 // KiB: 128 MB (the goal of docs/performance.md is 200 MB)
	assert.Less(t, rss, int64(limit), "one response of %d blocks: %d KiB at its peak", blocks, rss)
	msg := r.git("log", "-1", "--format=%(trailers:key=Aiedit-Summary,valueonly)", "blocks")
	assert.Contains(t, msg, fmt.Sprintf("failed=1 skipped=%d ", blocks-1))
}

// TestManyFilesBounded: one response creating 400,000 one-line files
// peaks where one creating 200,000 does, give or take 16 MB, and under
// 128 MB: its text is kept in a file past 8 MiB, the tree it builds is
// written out as it grows, the pack it writes rolls, the attribution
// tracker lets go of its files, and what it reads of its packs leaves
// its resident memory (docs/reliability.md). Here 97 and 103 MB;
// before, 160 and over 200 MB (the report that found it: 639 MB at
// 200,000). Its note still gives every file's line to the block that
// wrote it.
func TestManyFilesBounded(t *testing.T) {
	skipUnlessStress(t, "responses of 200,000 and 400,000 new files (about half a minute)")
	if raceEnabled {
		t.Skip("peak memory under -race is the race detector's; .ci/run runs this test without it")
	}
	peak := map[int]int64{}
	for _, files := range []int{200000, 400000} {
		r := newProcRepo(t, map[string]string{"a.txt": "a\n"})
		path := filepath.Join(t.TempDir(), "files.md")
		f, err := os.Create(path)
		require.NoError(t, err)
		w := bufio.NewWriter(f)
		fmt.Fprint(w, "## User\n\nMake them.\n\n## Assistant\n\n")
		for i := range files {
			fmt.Fprintf(w, "src/d%03d/f%06d.txt\n```\n<<<<<<< SEARCH\n=======\nfile %d\n>>>>>>> REPLACE\n```\n\n", i/1000, i, i)
		}
		require.NoError(t, w.Flush())
		require.NoError(t, f.Close())
		rss, code, out := r.peakHWM(10*time.Minute, "apply", "-q", "-b", "files", path)
		require.Equal(t, 0, code, "%.2000s", out)
		peak[files] = rss
		t.Logf("one response creating %d files: %d KiB at its peak", files, rss)
		assert.Equal(t, fmt.Sprint(files), countBlobs(r))
		// The note's files counted and its last one read, not held: this
		// process's own memory is what a child starts from in getrusage.
		last := fmt.Sprintf(`"path": "src/d%03d/f%06d.txt",`, (files-1)/1000, files-1)
		c := r.cmd()
		c.Path, c.Args = "/bin/sh", []string{"sh", "-c", `git notes --ref refs/notes/aiedit show files | grep -c '"path"'; git notes --ref refs/notes/aiedit show files | grep -A6 -F "$1" | tr -d ' \n'`, "sh", last}
		got, err := c.Output()
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("%d\n%s\"lines\":[{\"start\":1,\"end\":1,\"source\":0,\"block\":%d", files, strings.ReplaceAll(last, " ", ""), files), string(got))
		r.git("fsck", "--strict", "--no-dangling")
	}
	assert.Less(t, peak[400000]-peak[200000], int64(16<<10), "from 200,000 files to 400,000: %d KiB to %d KiB", peak[200000], peak[400000])
	assert.Less(t, peak[400000], int64(128_000_000/1024), "400,000 files: %d KiB", peak[400000])
}

// countBlobs is the number of files under src/ on branch files, counted
// by git, not held here.
func countBlobs(r *procRepo) string {
	c := r.cmd()
	c.Path, c.Args = "/bin/sh", []string{"sh", "-c", "git ls-tree -r --name-only files src/ | wc -l | tr -d ' '"}
	out, err := c.Output()
	require.NoError(r.t, err)
	return strings.TrimSpace(string(out))
}

// peakHWM runs git-aiedit, which may exit with any status, and returns
// its peak resident memory in KiB as /proc/PID/status's VmHWM last
// showed it, polled until it exits, its exit status and its output: getrusage's ru_maxrss of a child counts the memory of
// the process that started it (Linux carries the parent's high-water
// mark through the vfork and exec), so that a test that held much
// before would see its own.
func (r *procRepo) peakHWM(limit time.Duration, args ...string) (hwm int64, code int, out string) {
	r.t.Helper()
	c := r.aiedit(args...)
	var b bytes.Buffer
	c.Stdout, c.Stderr = &b, &b
	require.NoError(r.t, c.Start())
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	status := fmt.Sprintf("/proc/%d/status", c.Process.Pid)
	deadline := time.After(limit)
	for {
		select {
		case <-done:
			return hwm, c.ProcessState.ExitCode(), b.String()
		case <-deadline:
			_ = c.Process.Kill()
			<-done
			r.t.Fatalf("%v still running after %v", args, limit)
		case <-time.After(10 * time.Millisecond):
		}
		data, err := os.ReadFile(status)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			var kb int64
			if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil && kb > hwm {
				hwm = kb
			}
		}
	}
}
