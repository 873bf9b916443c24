package gitops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
)

// CheckBranchName refuses a name git would not accept as a new branch
// (`git check-ref-format --branch`, checked in-process by git's rules; a
// table test holds the two equal), with a message saying why. Full ref
// names (refs/…) are refused too: -b takes a branch's short name.
func (r *Repo) CheckBranchName(ctx context.Context, name string) error {
	if !validBranchName(name) || strings.HasPrefix(name, "refs/") {
		return &RepoError{Op: "branch " + name, Msg: "not a valid branch name",
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
	if rev == "HEAD" {
		if name, ok := r.headBranch(); ok {
			return name
		}
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

// headBranch reads the branch HEAD is on from $GIT_DIR/HEAD (the files
// backend: reftable repositories are refused at discovery). ok is false
// when HEAD is detached or not a plain symbolic ref.
func (r *Repo) headBranch() (string, bool) {
	data, err := os.ReadFile(filepath.Join(r.GitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	target, ok := strings.CutPrefix(strings.TrimRight(string(data), "\n"), "ref: ")
	name, branch := strings.CutPrefix(target, "refs/heads/")
	if !ok || !branch || !validBranchName(name) {
		return "", false
	}
	return name, true
}
