package gitops

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A .keep file this tool makes names its owner, as git's receive-pack
// names itself in the .keep it holds while refs move: the process id,
// when that process started (so that a later process given the same id
// is not taken for it), and the host. A .keep whose owner is gone was
// left by a killed run: it is removed, by the next run that meets it
// (takeKeep) and by any run that starts a pack (removeAbandoned), instead
// of keeping its pack from gc for ever and making a run that writes the
// same pack wait for it.

// keepPrefix starts the content of every .keep this tool makes.
const keepPrefix = "git-aiedit: kept while a branch moves"

// keepAge is how old a .keep of this tool must be to count as left
// behind when its owner cannot be asked (another host, an older version
// that did not name it): far longer than any run holds one.
const keepAge = time.Hour

// keepContent is what this process writes in a .keep it takes.
func keepContent() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s (pid %d started %s on %s)\n", keepPrefix, os.Getpid(), selfStart(), host)
}

// keepState says who holds an existing .keep: ours is false for one
// this tool did not make (git's, the user's: left alone); dead is true
// when it is this tool's and its owner is gone.
func keepState(path string) (ours, dead bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		// Gone meanwhile: nobody holds it.
		return true, errors.Is(err, fs.ErrNotExist)
	}
	text := string(data)
	if !strings.HasPrefix(text, keepPrefix) {
		return false, false
	}
	var pid int
	var start, host string
	if _, err := fmt.Sscanf(strings.TrimPrefix(text, keepPrefix), " (pid %d started %s on %s", &pid, &start, &host); err == nil {
		if me, _ := os.Hostname(); strings.TrimSuffix(host, ")") == me {
			return true, !processAlive(pid, start)
		}
	}
	info, err := os.Stat(path)
	return true, err == nil && time.Since(info.ModTime()) > keepAge
}

// removeDeadKeeps removes the .keep files in packDir whose owners are
// gone.
func removeDeadKeeps(packDir string) {
	keeps, _ := filepath.Glob(filepath.Join(packDir, "pack-*.keep"))
	for _, k := range keeps {
		if ours, dead := keepState(k); ours && dead {
			_ = os.Remove(k)
		}
	}
}

// startUnknown stands for a start time that cannot be read.
const startUnknown = "-"

// sameStart reports whether a process's start time, as read now, is the
// one recorded.
func sameStart(recorded, now string) bool {
	return recorded == startUnknown || now == startUnknown || recorded == now
}
