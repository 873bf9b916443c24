package gitops

import (
	"context"
	"strings"
)

// CheckBranchName refuses a name git would not accept as a branch
// (`git check-ref-format --branch`), with a message saying why.
func (r *Repo) CheckBranchName(ctx context.Context, name string) error {
	res, err := r.git("check-ref-format", "--branch", name).run(ctx)
	if err != nil {
		return &RepoError{Op: "check branch name", Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	// check-ref-format --branch expands "@" and "@{-1}" to branches that
	// exist; a new branch must be a name as written.
	if res.code != 0 || strings.HasPrefix(name, "-") || name == "@" || strings.Contains(name, "@{") ||
		name == "HEAD" || strings.HasPrefix(name, "refs/") {
		return &RepoError{Op: "check branch name", Msg: "not a valid branch name: " + name,
			Hint: "use letters, digits, '/', '-' and '_' (see git check-ref-format)"}
	}
	return nil
}

// ShortName returns the branch a revision names, shortened ("main" for
// HEAD on refs/heads/main), or the revision itself when it names no branch.
func (r *Repo) ShortName(ctx context.Context, rev string) string {
	if strings.HasPrefix(rev, "-") {
		return rev
	}
	out, err := r.git("rev-parse", "--abbrev-ref", rev).output(ctx, "name "+rev)
	if err != nil || out == "" || out == "HEAD" || strings.Contains(out, "\n") {
		return rev
	}
	return out
}

// Files lists every file path of commit's tree (`git ls-tree -r`). It
// reads the whole tree: callers use it only when a model named a file by
// its bare name.
func (r *Repo) Files(ctx context.Context, commit string) ([]string, error) {
	out, err := r.git("ls-tree", "-r", "-z", "--name-only", "--full-tree", commit).output(ctx, "list files")
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(out, "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}
