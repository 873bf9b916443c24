package hook

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// maxSettings bounds a settings file read: agents' own files are a few
// kilobytes; a link to /dev/zero or a huge file must not grow memory.
const maxSettings = 16 << 20

// place is a settings file and how it is reached. One inside the
// repository's working tree (project and personal files) is reached from
// the tree's top without following any symbolic link: a repository can
// commit a link (.claude -> ~/elsewhere, a hook script -> ~/bin/ls), and
// installing in a clone must never write anywhere but the file it names.
// One outside (the user's own, under the home directory) is the user's:
// a link there (dotfiles kept in a repository of their own) is followed,
// to a regular file. Either way the file is read and written only if it
// is a regular file, so a FIFO or a device in its place is refused, never
// read (it would hang) nor replaced.
type place struct {
	path      string // as messages show it
	root, rel string // the file is root/rel, reached without links
	inRepo    bool
}

// placeOf is where install, uninstall and status find path, which
// settingsPath gave for scope sc.
func placeOf(ctx context.Context, sc scope, dir, path string) place {
	top := ""
	if !sc.user {
		if repo, err := gitops.Discover(ctx, dir); err == nil {
			top = repo.WorkTree
			repo.Close()
		}
	}
	return placeIn(top, sc, path)
}

// placeIn is placeOf for the repository whose working tree is top ("" for
// none).
func placeIn(top string, sc scope, path string) place {
	if !sc.user && top != "" {
		if rel, err := filepath.Rel(top, path); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return place{path: path, root: top, rel: rel, inRepo: true}
		}
	}
	target := linkTarget(path)
	root := filepath.Dir(target)
	for {
		if info, err := os.Stat(root); err == nil && info.IsDir() {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			break
		}
		root = up
	}
	rel, err := filepath.Rel(root, target)
	if err != nil {
		rel = filepath.Base(target)
	}
	return place{path: path, root: root, rel: rel}
}

// read is the file's text; existed is false when there is none.
func (p place) read() (text string, existed bool, err error) {
	text, existed, err = p.readRaw()
	if err != nil {
		return "", false, p.refusal(err)
	}
	return text, existed, nil
}

// readRaw is read with safeopen's own errors (statusOf reads them).
func (p place) readRaw() (string, bool, error) {
	data, err := safeopen.ReadIn(p.root, p.rel, maxSettings)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	return string(data), true, nil
}

// check refuses what read and write would refuse, before anything is
// written (install writes more than one file).
func (p place) check() error {
	if _, _, err := safeopen.CheckIn(p.root, p.rel); err != nil {
		return p.refusal(err)
	}
	return nil
}

// write replaces the file's text (perm for a new file; an existing one
// keeps its own).
func (p place) write(text string, perm os.FileMode) error {
	if err := safeopen.WriteIn(p.root, p.rel, []byte(text), perm); err != nil {
		return p.refusal(err)
	}
	return nil
}

// remove removes the file.
func (p place) remove() error {
	if err := safeopen.RemoveIn(p.root, p.rel); err != nil {
		return p.refusal(err)
	}
	return nil
}

// checkOthers refuses, before install writes anything, the other file it
// would write: for Claude Code's personal file, the clone's
// info/exclude, which keeps that file out of git (personal.go).
func checkOthers(ctx context.Context, agent Agent, sc scope, p place) error {
	if agent != ClaudeCode || sc.user || sc.project || !p.inRepo {
		return nil
	}
	repo, err := gitops.Discover(ctx, p.root)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	git := place{path: filepath.Join(repo.CommonDir, "info", "exclude"), root: repo.CommonDir, rel: filepath.Join("info", "exclude")}
	return git.check()
}

// refusal is the message for a file that cannot be used: which path,
// why, and what to do.
func (p place) refusal(err error) error {
	var bad *safeopen.Error
	var big *safeopen.TooLarge
	switch {
	case errors.As(err, &bad) && bad.What == "a symbolic link" && p.inRepo:
		return exitcode.UsageErrorf("%s is a symbolic link; nothing was changed: git-aiedit does not write through links inside a repository, "+
			"which can commit one that leads anywhere; replace it with a regular file (or a real directory), or install with --user", bad.Path)
	case errors.As(err, &bad):
		return exitcode.UsageErrorf("%s is %s, not a regular file; nothing was changed: move it aside and try again", bad.Path, bad.What)
	case errors.As(err, &big):
		return exitcode.UsageErrorf("%s is larger than %d MiB, too large for a settings file; nothing was changed: move it aside and try again", big.Path, big.Max>>20)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return exitcode.UsageErrorf("cannot %s %s: %v; nothing was changed", pe.Op, pe.Path, pe.Err)
	}
	return exitcode.UsageErrorf("%s: %v; nothing was changed", p.path, err)
}

// statusOf is the state hook status shows for a file it cannot read.
func statusOf(err error) string {
	var bad *safeopen.Error
	var big *safeopen.TooLarge
	switch {
	case errors.As(err, &bad):
		return fmt.Sprintf("unreadable (%s)", bad.What)
	case errors.As(err, &big):
		return "unreadable (too large)"
	}
	return "unreadable"
}
