//go:build unix

package safeopen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// FuzzWriteInStaysInside: whatever a repository holds on the way to a
// file (directories, links to anywhere, FIFOs, files in a directory's
// place) and whatever the relative name, WriteIn, AppendIn and RemoveIn
// change nothing outside the root, never block, and a write that succeeds
// leaves a regular file reached through real directories only. layout is
// read as lines "d NAME", "l NAME TARGET", "p NAME" (a FIFO) or "f NAME";
// a TARGET starting with "@" names the directory outside the root.
func FuzzWriteInStaysInside(f *testing.F) {
	f.Add("d a\nl a/settings.json @/sentinel", "a/settings.json", uint8(0))
	f.Add("l a @", "a/settings.json", uint8(0))
	f.Add("d hooks\nl hooks/TaskComplete @/bin/ls", "hooks/TaskComplete", uint8(0))
	f.Add("d a\np a/x", "a/x", uint8(1))
	f.Add("d a\nd a/b\nl a/b/c ../../..", "a/b/c/d", uint8(2))
	f.Add("l a .", "a/a/a/x", uint8(0))
	f.Add("f a", "a/b", uint8(0))
	f.Add("", "../x", uint8(0))
	f.Add("d a", "a/new/deep/file", uint8(0))
	f.Fuzz(func(t *testing.T, layout, rel string, op uint8) {
		if strings.ContainsRune(rel, 0) || len(rel) > 200 || strings.Count(layout, "\n") > 12 {
			return
		}
		base := t.TempDir()
		root, outside := filepath.Join(base, "root"), filepath.Join(base, "outside")
		require.NoError(t, os.MkdirAll(filepath.Join(outside, "bin"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(outside, "sentinel"), []byte("sentinel\n"), 0o644))
		require.NoError(t, os.MkdirAll(root, 0o755))
		for _, line := range strings.Split(layout, "\n") {
			fields := strings.Fields(line)
			if len(fields) < 2 || strings.Contains(fields[1], "..") || filepath.IsAbs(fields[1]) {
				continue
			}
			at := filepath.Join(root, fields[1])
			switch {
			case fields[0] == "d":
				_ = os.MkdirAll(at, 0o755)
			case fields[0] == "f":
				_ = os.WriteFile(at, []byte("file\n"), 0o644)
			case fields[0] == "p":
				_ = unix.Mkfifo(at, 0o644)
			case fields[0] == "l" && len(fields) == 3:
				target := fields[2]
				if rest, ok := strings.CutPrefix(target, "@"); ok {
					target = outside + rest
				}
				_ = os.Symlink(target, at)
			}
		}
		before := snapshot(t, outside)
		var err error
		switch op % 3 {
		case 0:
			err = WriteIn(root, rel, []byte("new\n"), 0o755)
		case 1:
			var f *os.File
			if f, err = AppendIn(root, rel, 0o644); err == nil {
				_, err = f.WriteString("new\n")
				f.Close()
			}
		case 2:
			err = RemoveIn(root, rel)
		}
		assert.Equal(t, before, snapshot(t, outside), "nothing outside the root changes")
		if err != nil || op%3 == 2 {
			return
		}
		// Reached through real directories only, to a regular file.
		p := root
		parts := strings.Split(filepath.Clean(rel), string(filepath.Separator))
		for i, c := range parts {
			p = filepath.Join(p, c)
			info, lerr := os.Lstat(p)
			require.NoError(t, lerr)
			if i < len(parts)-1 {
				assert.True(t, info.IsDir(), "%s is a real directory", p)
			} else {
				assert.True(t, info.Mode().IsRegular(), "%s is a regular file", p)
			}
		}
	})
}
