package snapshot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
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
		if secretName(name) {
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
