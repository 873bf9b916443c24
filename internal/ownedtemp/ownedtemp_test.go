package ownedtemp

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSweep: what a process that has ended left is removed; what a live
// process holds, and names of another form, are not.
func TestSweep(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("owners are told apart by /proc here; elsewhere by age")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ended := exec.Command("true")
	require.NoError(t, ended.Run())
	dead := strconv.Itoa(ended.Process.Pid)

	mine, err := MkdirTemp("aiedit-edit-")
	require.NoError(t, err)
	f, err := CreateTemp("aiedit-msg-", ".txt")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	paths := map[string]bool{ // path -> kept
		mine:     true,
		f.Name(): true,
		filepath.Join(tmp, "aiedit-edit-"+dead+".123-abc"):                       false,
		filepath.Join(tmp, "aiedit-edit-"+strconv.Itoa(os.Getpid())+".1-reused"): false, // this pid, another start
		filepath.Join(tmp, "aiedit-edit-12345678"):                               true,  // an older version's name
		filepath.Join(tmp, "other-"+dead+".123-abc"):                             true,
		filepath.Join(tmp, "aiedit-msg-"+dead+".123-abc.txt"):                    false,
	}
	for p := range paths {
		if p != mine && p != f.Name() {
			require.NoError(t, os.Mkdir(p, 0o700))
		}
	}
	Sweep("aiedit-edit-")
	Sweep("aiedit-msg-")
	for p, kept := range paths {
		_, err := os.Stat(p)
		assert.Equal(t, kept, err == nil, p)
	}
}

// FuzzLeft: any name found in TMPDIR is judged without a panic, and one
// naming this live process is never taken for left behind.
func FuzzLeft(f *testing.F) {
	f.Add("123.456-abc")
	f.Add(owner() + "x")
	f.Add("-1.2-x")
	f.Add("99999999999999999999.1-x")
	f.Fuzz(func(t *testing.T, rest string) {
		_ = left(rest, filepath.Join(t.TempDir(), "none"))
		if left(owner()+rest, "") {
			t.Fatalf("this process's own %q taken for left behind", owner()+rest)
		}
	})
}
