package snapshot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
	"github.com/git-aiedit/git-aiedit/redact"
)

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

// SecretCheck says whether a file's content holds a secret, and which
// rule found it.
type SecretCheck func(content []byte) (rule string, found bool)

// Option sets how Take chooses what it takes.
type Option func(*options)

type options struct{ secret SecretCheck }

// WithSecretCheck leaves out an untracked text file whose content check
// says holds a secret, as a file whose name says so is: the snapshot is
// a commit, and a commit may be pushed. This package knows no secrets;
// the caller brings its redactor's judgement.
func WithSecretCheck(check SecretCheck) Option {
	return func(o *options) { o.secret = check }
}

// untracked lists the untracked files that are not ignored and may be
// taken, and says which were left out and why.
func untracked(ctx context.Context, index *gitops.ScratchIndex, workTree string, secret SecretCheck) (take, left []string, err error) {
	names, err := index.Untracked(ctx)
	if err != nil {
		return nil, nil, err
	}
	var total, scanned int64
	for _, name := range names {
		if redact.SecretName(name) {
			left = append(left, name+" (its name says it holds a secret)")
			continue
		}
		info, err := os.Lstat(filepath.Join(workTree, filepath.FromSlash(name)))
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
		rule, found, read := holdsSecret(filepath.Join(workTree, filepath.FromSlash(name)), info, secret)
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

// holdsSecret reads an untracked regular file (within maxUntrackedFile)
// and asks check about it. A binary file (a NUL in its first 8 KiB) is
// not asked: the rules read text. The file is opened without blocking
// and must still be a regular file once open (safeopen.Regular): a FIFO
// put in its place since it was listed is not waited on.
func holdsSecret(name string, info os.FileInfo, check SecretCheck) (rule string, found bool, read int64) {
	if check == nil || !info.Mode().IsRegular() || info.Size() == 0 {
		return "", false, 0
	}
	f, err := safeopen.Regular(name)
	if err != nil {
		return "", false, 0
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxUntrackedFile))
	if err != nil || bytes.IndexByte(b[:min(len(b), 8<<10)], 0) >= 0 {
		return "", false, int64(len(b))
	}
	rule, found = check(b)
	return rule, found, int64(len(b))
}
