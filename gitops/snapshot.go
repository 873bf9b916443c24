package gitops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Snapshot is the working tree as a commit: what an agent saw when its
// session started.
type Snapshot struct {
	Commit plumbing.Hash // the snapshot commit; HEAD itself when Clean
	Head   plumbing.Hash // HEAD when the snapshot was taken
	Clean  bool          // the working tree had nothing that HEAD lacks
	// Left out: untracked files not taken, with why, for the caller to
	// say (a secret's name, a size over the limit, the budget spent), and
	// paths git fsck --strict refuses, kept as HEAD has them.
	Left []string
}

// The snapshot is taken while the agent waits, and it ends up in a commit
// that may be pushed: untracked files are taken only within these bounds,
// and never one whose name says it holds a secret.
const (
	maxUntrackedFile  = 1 << 20  // an untracked file larger is left out
	maxUntrackedTotal = 32 << 20 // past this many bytes of untracked files, none are taken
	maxUntrackedFiles = 2000     // past this many untracked files, none are taken
	// maxSecretScan bounds the untracked text read for secrets
	// (WithSecretCheck): the rules take up to ~2 s a MiB of text dense
	// with their keywords on a loaded machine, and the agent waits. A
	// text file past it is left out, not taken unread.
	maxSecretScan = 4 << 20
)

// SnapshotWorkTree records the working tree — tracked files as they are on
// disk plus untracked files that are not ignored, within the bounds above
// and but for secrets (secretName) — as a commit on top of HEAD, the way `git stash create` records local changes, without touching
// the real index, the stash or any ref. It works on a copy of the index
// (GIT_INDEX_FILE), so the stat information there spares hashing files
// that did not change. When the tree equals HEAD's, no commit is written
// and HEAD is returned (Clean).
func (r *Repo) SnapshotWorkTree(ctx context.Context, message string, opts ...SnapshotOption) (Snapshot, error) {
	tree, head, headTree, left, err := r.workTreeTree(ctx, opts)
	if err != nil {
		return Snapshot{}, err
	}
	if tree == headTree {
		return Snapshot{Commit: head, Head: head, Clean: true, Left: left}, nil
	}
	commit, err := r.WriteCommit(ctx, tree, []plumbing.Hash{head}, message)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Commit: commit, Head: head, Left: left}, nil
}

// WorkTreeTree writes the tree SnapshotWorkTree would commit, within the
// same bounds, and no commit: what a live turn's end looks like.
func (r *Repo) WorkTreeTree(ctx context.Context, opts ...SnapshotOption) (plumbing.Hash, error) {
	tree, _, _, _, err := r.workTreeTree(ctx, opts)
	return tree, err
}

// workTreeTree writes the working tree's tree through a copy of the index
// and returns it with HEAD, HEAD's tree and what was left out.
func (r *Repo) workTreeTree(ctx context.Context, opts []SnapshotOption) (tree, head, headTree plumbing.Hash, left []string, err error) {
	var o snapshotOptions
	for _, opt := range opts {
		opt(&o)
	}
	const op = "snapshot the working tree"
	if r.WorkTree == "" {
		return tree, head, headTree, nil, &RepoError{Op: op, Dir: r.Dir, Msg: "a bare repository has no working tree"}
	}
	head, err = r.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return tree, head, headTree, nil, &RepoError{Op: op, Dir: r.Dir, Msg: "HEAD does not name a commit", Err: err}
	}
	c, err := r.Commit(head)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	tmp, err := os.CreateTemp(r.GitDir, "aiedit-index-*")
	if err != nil {
		return tree, head, headTree, nil, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	index := tmp.Name()
	defer os.Remove(index)
	copied, err := copyIndex(filepath.Join(r.GitDir, "index"), tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !copied {
		err = os.Remove(index) // git reads a missing index as empty, an empty file as corrupt
	}
	if err == nil && copied {
		err = keepIndexTime(filepath.Join(r.GitDir, "index"), index)
	}
	if err != nil {
		return tree, head, headTree, nil, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	env := []string{"GIT_INDEX_FILE=" + index}
	if _, err := (gitCmd{dir: r.WorkTree, args: []string{"add", "--update", "--ignore-errors", "--", "."}, env: env}).output(ctx, op); err != nil {
		return tree, head, headTree, nil, err
	}
	var take []string
	take, left, err = r.untracked(ctx, env, o.secret)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	if len(take) > 0 {
		list := []byte(strings.Join(take, "\x00"))
		args := []string{"add", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"}
		if _, err := (gitCmd{dir: r.WorkTree, args: args, env: env, stdin: list}).output(ctx, op); err != nil {
			return tree, head, headTree, nil, err
		}
	}
	unfsckable, err := r.leaveOutUnfsckable(ctx, env)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	left = append(left, unfsckable...)
	out, err := gitCmd{dir: r.WorkTree, args: []string{"write-tree"}, env: env}.output(ctx, op)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	tree, err = parseHash(op, out)
	return tree, head, c.TreeHash, left, err
}

// untracked lists the untracked files that are not ignored and may be
// taken, and says which were left out and why.
func (r *Repo) untracked(ctx context.Context, env []string, secret SecretCheck) (take, left []string, err error) {
	out, err := gitCmd{dir: r.WorkTree, args: []string{"ls-files", "-z", "--others", "--exclude-standard"}, env: env}.output(ctx, "list untracked files")
	if err != nil {
		return nil, nil, err
	}
	var total, scanned int64
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		if secretName(name) {
			left = append(left, name+" (its name says it holds a secret)")
			continue
		}
		info, err := os.Lstat(filepath.Join(r.WorkTree, filepath.FromSlash(name)))
		if err != nil {
			continue // gone since it was listed
		}
		if info.Mode().IsRegular() && info.Size() > maxUntrackedFile {
			left = append(left, fmt.Sprintf("%s (%d bytes, over %d)", name, info.Size(), maxUntrackedFile))
			continue
		}
		if secret != nil && info.Mode().IsRegular() && scanned+info.Size() > maxSecretScan {
			left = append(left, fmt.Sprintf("%s (not read for secrets: past the %d MiB the snapshot reads)", name, maxSecretScan>>20))
			continue
		}
		rule, found, read := holdsSecret(filepath.Join(r.WorkTree, filepath.FromSlash(name)), info, secret)
		scanned += read
		if found {
			left = append(left, name+" (it holds a secret: "+rule+")")
			continue
		}
		total += info.Size()
		take = append(take, name)
	}
	if total > maxUntrackedTotal || len(take) > maxUntrackedFiles {
		left = append(left, fmt.Sprintf("all %d untracked files (%d bytes; at most %d files, %d bytes are taken)",
			len(take), total, maxUntrackedFiles, maxUntrackedTotal))
		take = nil
	}
	return take, left, nil
}

// SecretCheck says whether a file's content holds a secret, and which
// rule found it.
type SecretCheck func(content []byte) (rule string, found bool)

// SnapshotOption sets how SnapshotWorkTree chooses what it takes.
type SnapshotOption func(*snapshotOptions)

type snapshotOptions struct{ secret SecretCheck }

// WithSecretCheck leaves out an untracked text file whose content check
// says holds a secret, as a file whose name says so is: the snapshot is
// a commit, and a commit may be pushed. gitops knows no secrets; the
// caller brings its redactor's judgement.
func WithSecretCheck(check SecretCheck) SnapshotOption {
	return func(o *snapshotOptions) { o.secret = check }
}

// holdsSecret reads an untracked regular file (within maxUntrackedFile)
// and asks check about it. A binary file (a NUL in its first 8 KiB) is
// not asked: the rules read text. The file is opened without blocking
// and must still be a regular file once open: a FIFO put in its place
// since it was listed is not waited on.
func holdsSecret(name string, info os.FileInfo, check SecretCheck) (rule string, found bool, read int64) {
	if check == nil || !info.Mode().IsRegular() || info.Size() == 0 {
		return "", false, 0
	}
	f, err := openNoBlock(name)
	if err != nil {
		return "", false, 0
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return "", false, 0
	}
	b, err := io.ReadAll(io.LimitReader(f, maxUntrackedFile))
	if err != nil || bytes.IndexByte(b[:min(len(b), 8<<10)], 0) >= 0 {
		return "", false, int64(len(b))
	}
	rule, found = check(b)
	return rule, found, int64(len(b))
}

// secretName reports an untracked file whose name says it holds a
// secret: environment files, private keys, credential stores, the
// files tools keep their tokens in.
func secretName(name string) bool {
	base := strings.ToLower(path.Base(name))
	switch {
	case base == ".env" || strings.HasPrefix(base, ".env."),
		strings.HasSuffix(base, ".env"),
		strings.HasPrefix(base, "id_rsa"), strings.HasPrefix(base, "id_dsa"),
		strings.HasPrefix(base, "id_ecdsa"), strings.HasPrefix(base, "id_ed25519"),
		strings.HasPrefix(base, "kubeconfig"):
		return !strings.HasSuffix(base, ".example") && !strings.HasSuffix(base, ".sample") && !strings.HasSuffix(base, ".pub")
	}
	switch path.Ext(base) {
	case ".pem", ".key", ".p12", ".pfx", ".keystore", ".jks", ".kdbx", ".gpg", ".asc":
		return true
	}
	switch base {
	case ".npmrc", ".pypirc", ".netrc", ".git-credentials", ".pgpass", ".htpasswd",
		"credentials", "credentials.json", "secrets.json", "secrets.yaml", "secrets.yml",
		"service-account.json", ".dockercfg", "terraform.tfvars",
		".envrc", ".vault-token", ".s3cfg", ".boto":
		return true
	}
	lower := strings.ToLower(name)
	if lower == ".kube/config" || strings.HasSuffix(lower, "/.kube/config") ||
		lower == ".docker/config.json" || strings.HasSuffix(lower, "/.docker/config.json") {
		return true
	}
	return tokenFile(base) || strings.Contains(base, "secret") || strings.Contains(base, "credential")
}

// tokenFile reports a name such as token.txt, .vault-token, api_token,
// github-token.json: a data file (no extension, or a text or config
// format) whose stem is, or ends in, "token" or "tokens". token.go and
// tokenizer.py are code.
func tokenFile(base string) bool {
	stem := base
	switch ext := path.Ext(base); ext {
	case "", ".txt", ".json", ".yml", ".yaml", ".toml", ".ini", ".cfg", ".conf":
		stem = strings.TrimSuffix(base, ext)
	default:
		return false
	}
	for _, w := range []string{"token", "tokens"} {
		if stem == w {
			return true
		}
		if rest, ok := strings.CutSuffix(stem, w); ok && strings.ContainsAny(rest[len(rest)-1:], "._-") {
			return true
		}
	}
	return false
}

// keepIndexTime gives the copy of the index the original's modification
// time. git trusts an entry's stat data only when the file was modified
// before the index was written; an entry modified in the same second is
// "racily clean" and its content is compared. A copy made now would make
// every entry look older than the index, and a file changed in the second
// of the last commit, its size the same, would be missed.
func keepIndexTime(orig, copy string) error {
	fi, err := os.Stat(orig)
	if err != nil {
		return err
	}
	return os.Chtimes(copy, fi.ModTime(), fi.ModTime())
}

// copyIndex copies the index to dst. It reports false for a repository
// without an index yet (nothing was ever added).
func copyIndex(src string, dst io.Writer) (bool, error) {
	f, err := os.Open(src)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	_, err = io.Copy(dst, f)
	return true, err
}
