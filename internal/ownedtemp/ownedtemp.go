// Package ownedtemp makes temporary files and folders whose names say
// which process owns them, and removes those whose owner is gone. A run
// killed with SIGKILL cannot remove what it made; the next run that makes
// one of the same kind does. Where a temporary file needs no name while
// it is used, removing its name at once (os.Remove after os.CreateTemp)
// is simpler and is done instead; these are the ones a child process
// opens by name (an editor, a hook, a model command).
package ownedtemp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// unknownAge is how old one must be to count as left behind when its
// owner cannot be asked (no /proc): far longer than any run.
const unknownAge = 24 * time.Hour

// owner is this process's part of a name: "<pid>.<start>-".
func owner() string { return strconv.Itoa(os.Getpid()) + "." + procStart(os.Getpid()) + "-" }

// MkdirTemp makes a folder in os.TempDir() named prefix, this process's
// id and start time, then random characters, after removing those of
// prefix whose owner is gone (Sweep).
func MkdirTemp(prefix string) (string, error) {
	Sweep(prefix)
	return os.MkdirTemp("", prefix+owner())
}

// CreateTemp is MkdirTemp for a file; pattern's last "*" is where the
// random part goes, as in os.CreateTemp.
func CreateTemp(prefix, suffix string) (*os.File, error) {
	Sweep(prefix)
	return os.CreateTemp("", prefix+owner()+"*"+suffix)
}

// Sweep removes the entries of os.TempDir() made by MkdirTemp or
// CreateTemp with prefix whose owning process has ended.
func Sweep(prefix string) {
	dir := os.TempDir()
	names, err := filepath.Glob(filepath.Join(dir, prefix+"*"))
	if err != nil {
		return
	}
	for _, p := range names {
		if left(strings.TrimPrefix(filepath.Base(p), prefix), p) {
			_ = os.RemoveAll(p)
		}
	}
}

// left reports whether rest ("<pid>.<start>-…") names an owner that is
// gone; a name of another form (an older version's) is never touched.
func left(rest, path string) bool {
	id, _, ok := strings.Cut(rest, "-")
	pidText, start, ok2 := strings.Cut(id, ".")
	pid, err := strconv.Atoi(pidText)
	if !ok || !ok2 || err != nil || pid <= 0 {
		return false
	}
	if now := procStart(pid); now != "" || runtime.GOOS == "linux" {
		return now == "" || start != "" && now != start
	}
	info, err := os.Lstat(path)
	return err == nil && time.Since(info.ModTime()) > unknownAge
}

// procStart is when process pid started, in clock ticks since boot
// (field 22 of /proc/PID/stat, after the command name, which is in
// parentheses and may hold spaces); "" when there is no such process or
// no /proc to ask.
func procStart(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return ""
	}
	fields := strings.Fields(s[i+1:])
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
}
