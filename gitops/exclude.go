package gitops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// ExcludeLocally makes git ignore path (relative to the working tree, with
// slashes) in this clone only, by a line in info/exclude, unless git
// ignores it already. It reports whether it added the line.
func (r *Repo) ExcludeLocally(ctx context.Context, path string) (bool, error) {
	const op = "exclude a path"
	res, err := r.git("check-ignore", "-q", "--no-index", "--", path).run(ctx)
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	switch res.code {
	case 0:
		return false, nil // ignored already
	case 1:
	default:
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
	}
	// Reached without links and only as a regular file, as every file
	// git-aiedit writes in a repository (internal/safeopen).
	rel := filepath.Join("info", "exclude")
	old, err := safeopen.ReadIn(r.CommonDir, rel, 64<<20)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	line := "/" + strings.TrimPrefix(path, "/")
	text := string(old)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	text += line + "\n"
	if err := safeopen.WriteIn(r.CommonDir, rel, []byte(text), 0o644); err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	return true, nil
}

// Tracked reports whether the index holds path (relative to the working
// tree, with slashes).
func (r *Repo) Tracked(ctx context.Context, path string) (bool, error) {
	res, err := r.git("ls-files", "-z", "--error-unmatch", "--", ":(top,literal)"+path).run(ctx)
	if err != nil {
		return false, &RepoError{Op: "ls-files", Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	return res.code == 0, nil
}

// UnexcludeLocally takes back what ExcludeLocally added for path: its
// line in info/exclude (the last one, as that is where it was added);
// the file goes too when it is left empty and remove says it was not
// there before. It reports whether it found the line.
func (r *Repo) UnexcludeLocally(path string, remove bool) (bool, error) {
	const op = "take back an exclude line"
	rel := filepath.Join("info", "exclude")
	old, err := safeopen.ReadIn(r.CommonDir, rel, 64<<20)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	line := "/" + strings.TrimPrefix(path, "/") + "\n"
	text := string(old)
	i := strings.LastIndex(text, line)
	if i < 0 || i > 0 && text[i-1] != '\n' {
		return false, nil
	}
	text = text[:i] + text[i+len(line):]
	if text == "" && remove {
		err = safeopen.RemoveIn(r.CommonDir, rel)
	} else {
		err = safeopen.WriteIn(r.CommonDir, rel, []byte(text), 0o644)
	}
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	return true, nil
}
