//go:build unix

package safeopen

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// layout makes root and, beside it, "outside" with a sentinel file, then
// runs setup in root. It returns root and the sentinel's path.
func layout(t *testing.T, setup func(t *testing.T, root, outside string)) (string, string) {
	t.Helper()
	base := t.TempDir()
	root, outside := filepath.Join(base, "root"), filepath.Join(base, "outside")
	require.NoError(t, os.MkdirAll(root, 0o755))
	require.NoError(t, os.MkdirAll(outside, 0o755))
	sentinel := filepath.Join(outside, "sentinel")
	require.NoError(t, os.WriteFile(sentinel, []byte("sentinel\n"), 0o600))
	if setup != nil {
		setup(t, root, outside)
	}
	return root, sentinel
}

func link(t *testing.T, target, at string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(at), 0o755))
	require.NoError(t, os.Symlink(target, at))
}

func fifo(t *testing.T, at string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(at), 0o755))
	require.NoError(t, unix.Mkfifo(at, 0o644))
}

// device makes a character device like /dev/null at at, or skips the
// case when this user may not (only root may).
func device(t *testing.T, at string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(at), 0o755))
	if err := unix.Mknod(at, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Skipf("cannot make a device node here (%v): run as root to test it", err)
	}
}

// The hostile shapes a repository can commit (links) or a local user can
// leave (FIFOs, devices) where the tool writes.
var hostile = []struct {
	name  string
	rel   string
	setup func(t *testing.T, root, outside string)
	what  string // the refusal's What
}{
	{"final_link_to_file_outside", "a/settings.json", func(t *testing.T, root, outside string) {
		link(t, filepath.Join(outside, "sentinel"), filepath.Join(root, "a", "settings.json"))
	}, "a symbolic link"},
	{"final_relative_link_inside", "a/settings.json", func(t *testing.T, root, outside string) {
		require.NoError(t, os.WriteFile(filepath.Join(root, "real.json"), []byte("{}"), 0o644))
		link(t, "../real.json", filepath.Join(root, "a", "settings.json"))
	}, "a symbolic link"},
	{"final_dangling_link", "hooks/TaskComplete", func(t *testing.T, root, outside string) {
		link(t, filepath.Join(outside, "bin", "ls"), filepath.Join(root, "hooks", "TaskComplete"))
	}, "a symbolic link"},
	{"final_link_to_dev_null", "a/settings.json", func(t *testing.T, root, outside string) {
		link(t, "/dev/null", filepath.Join(root, "a", "settings.json"))
	}, "a symbolic link"},
	{"directory_link_outside", "a/settings.json", func(t *testing.T, root, outside string) {
		link(t, outside, filepath.Join(root, "a"))
	}, "a symbolic link"},
	{"deep_directory_link", "a/b/c/settings.json", func(t *testing.T, root, outside string) {
		require.NoError(t, os.MkdirAll(filepath.Join(root, "a"), 0o755))
		link(t, outside, filepath.Join(root, "a", "b"))
	}, "a symbolic link"},
	{"final_fifo", "a/settings.json", func(t *testing.T, root, outside string) {
		fifo(t, filepath.Join(root, "a", "settings.json"))
	}, "a FIFO"},
	{"directory_is_fifo", "a/settings.json", func(t *testing.T, root, outside string) {
		fifo(t, filepath.Join(root, "a"))
	}, "a FIFO"},
	{"final_directory", "a/settings.json", func(t *testing.T, root, outside string) {
		require.NoError(t, os.MkdirAll(filepath.Join(root, "a", "settings.json"), 0o755))
	}, "a directory"},
	{"final_device", "a/settings.json", func(t *testing.T, root, outside string) {
		device(t, filepath.Join(root, "a", "settings.json"))
	}, "a device"},
	{"leaves_root", "../outside/sentinel", nil, "not a path inside"},
}

// Every operation refuses every hostile shape, names the path and what
// it is, and changes nothing: the sentinel outside keeps its bytes, a
// FIFO stays a FIFO, a device a device, a link the same link.
func TestHostileShapesRefused(t *testing.T) {
	ops := map[string]func(root, rel string) error{
		"WriteIn": func(root, rel string) error { return WriteIn(root, rel, []byte("new\n"), 0o755) },
		"ReadIn": func(root, rel string) error {
			_, err := ReadIn(root, rel, 1<<20)
			return err
		},
		"AppendIn": func(root, rel string) error {
			f, err := AppendIn(root, rel, 0o644)
			if err == nil {
				f.Close()
			}
			return err
		},
		"RemoveIn": RemoveIn,
		"CheckIn": func(root, rel string) error {
			_, _, err := CheckIn(root, rel)
			return err
		},
	}
	for _, tc := range hostile {
		for opName, op := range ops {
			t.Run(tc.name+"/"+opName, func(t *testing.T) {
				root, sentinel := layout(t, tc.setup)
				before := snapshot(t, filepath.Dir(root))
				err := op(root, tc.rel)
				var refused *Error
				require.ErrorAs(t, err, &refused)
				assert.Contains(t, refused.What, tc.what)
				assert.Contains(t, err.Error(), root)
				got, rerr := os.ReadFile(sentinel)
				require.NoError(t, rerr)
				assert.Equal(t, "sentinel\n", string(got))
				assert.Equal(t, before, snapshot(t, filepath.Dir(root)), "nothing changed")
			})
		}
	}
}

// snapshot is every path under dir with its type, permissions, link
// target and (for regular files) content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		v := info.Mode().String()
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			v += " -> " + target
		case info.Mode().IsRegular():
			data, _ := os.ReadFile(p)
			v += " " + string(data)
		}
		out[p] = v
		return nil
	}))
	return out
}

func TestWriteInCreatesAndReplaces(t *testing.T) {
	root, _ := layout(t, nil)
	require.NoError(t, WriteIn(root, "a/b/hook", []byte("one\n"), 0o755))
	info, err := os.Lstat(filepath.Join(root, "a", "b", "hook"))
	require.NoError(t, err)
	assert.True(t, info.Mode().IsRegular())
	assert.Equal(t, os.FileMode(0o755), info.Mode().Perm())

	require.NoError(t, os.Chmod(filepath.Join(root, "a", "b", "hook"), 0o640))
	require.NoError(t, WriteIn(root, "a/b/hook", []byte("two\n"), 0o644))
	data, err := ReadIn(root, "a/b/hook", 100)
	require.NoError(t, err)
	assert.Equal(t, "two\n", string(data))
	info, err = os.Lstat(filepath.Join(root, "a", "b", "hook"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), info.Mode().Perm(), "an existing file keeps its permissions")

	entries, err := os.ReadDir(filepath.Join(root, "a", "b"))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file is left")

	perm, exists, err := CheckIn(root, "a/b/hook")
	require.NoError(t, err)
	assert.True(t, exists)
	assert.Equal(t, os.FileMode(0o640), perm)

	require.NoError(t, RemoveIn(root, "a/b/hook"))
	_, exists, err = CheckIn(root, "a/b/hook")
	require.NoError(t, err)
	assert.False(t, exists)
	require.NoError(t, RemoveIn(root, "a/b/hook"), "removing what is gone is not an error")
	_, err = ReadIn(root, "x/y", 10)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestAppendIn(t *testing.T) {
	root, _ := layout(t, nil)
	for _, line := range []string{"one\n", "two\n"} {
		f, err := AppendIn(root, "aiedit/hook.log", 0o644)
		require.NoError(t, err)
		_, err = f.WriteString(line)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	data, err := os.ReadFile(filepath.Join(root, "aiedit", "hook.log"))
	require.NoError(t, err)
	assert.Equal(t, "one\ntwo\n", string(data))
}

func TestReadInBound(t *testing.T) {
	root, _ := layout(t, nil)
	require.NoError(t, os.WriteFile(filepath.Join(root, "big"), make([]byte, 101), 0o644))
	_, err := ReadIn(root, "big", 100)
	var tl *TooLarge
	require.ErrorAs(t, err, &tl)
	assert.EqualError(t, err, filepath.Join(root, "big")+" is larger than 100 bytes")
	data, err := ReadIn(root, "big", 101)
	require.NoError(t, err)
	assert.Len(t, data, 101)
}

// Regular follows links, but reads only a regular file, and never
// blocks on a FIFO nor reads /dev/zero without end.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("text"), 0o644))
	link(t, file, filepath.Join(dir, "link"))
	fifo(t, filepath.Join(dir, "fifo"))
	link(t, "/dev/zero", filepath.Join(dir, "zero"))
	link(t, filepath.Join(dir, "fifo"), filepath.Join(dir, "fifolink"))

	tests := map[string]struct {
		path string
		max  int64
		want string
		err  string
	}{
		"regular":          {path: file, max: 10, want: "text"},
		"link_to_regular":  {path: filepath.Join(dir, "link"), max: 10, want: "text"},
		"fifo":             {path: filepath.Join(dir, "fifo"), max: 10, err: "fifo is a FIFO"},
		"link_to_fifo":     {path: filepath.Join(dir, "fifolink"), max: 10, err: "fifolink is a FIFO"},
		"link_to_dev_zero": {path: filepath.Join(dir, "zero"), max: 10, err: "zero is a device"},
		"directory":        {path: dir, max: 10, err: "is a directory"},
		"too_large":        {path: file, max: 3, err: "file is larger than 3 bytes"},
		"missing":          {path: filepath.Join(dir, "none"), max: 3, err: "no such file"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := ReadRegular(tc.path, tc.max)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}
	_, err := ReadRegular(filepath.Join(dir, "none"), 1)
	assert.True(t, errors.Is(err, os.ErrNotExist))
}
