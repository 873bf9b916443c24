package gitops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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
	file := filepath.Join(r.CommonDir, "info", "exclude")
	old, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	line := "/" + strings.TrimPrefix(path, "/")
	text := string(old)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	text += line + "\n"
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
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
