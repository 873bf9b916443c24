package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/redact"
)

// maxIgnoreFile bounds a .gitignore read for the check below; git reads
// larger ones, but a pattern file of megabytes is not a project's.
const maxIgnoreFile = 1 << 20

// ignores answers whether the project ignores a path: the .gitignore
// files of the tree being built, from the top down to the path's folder,
// and the repository's info/exclude, as git reads them. Each folder's
// file is read once, again after a write to it.
type ignores struct {
	tfs     *gitops.TreeFS
	exclude []gitignore.Pattern
	byDir   map[string][]gitignore.Pattern
	known   map[string]bool
}

func newIgnores(tfs *gitops.TreeFS, commonDir string) *ignores {
	ig := &ignores{tfs: tfs, byDir: map[string][]gitignore.Pattern{}, known: map[string]bool{}}
	if commonDir != "" {
		if data, err := os.ReadFile(filepath.Join(commonDir, "info", "exclude")); err == nil {
			ig.exclude = parseIgnore(data, nil)
		}
	}
	return ig
}

func parseIgnore(data []byte, domain []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxIgnoreFile)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

func (ig *ignores) dir(d string) []gitignore.Pattern {
	if ps, ok := ig.byDir[d]; ok {
		return ps
	}
	var ps []gitignore.Pattern
	name := path.Join(d, ".gitignore")
	if info, err := ig.tfs.Lstat(name); err == nil && info.Mode().IsRegular() && info.Size() <= maxIgnoreFile {
		if data, err := ig.tfs.ReadFile(name); err == nil {
			var domain []string
			if d != "" {
				domain = strings.Split(d, "/")
			}
			ps = parseIgnore(data, domain)
		}
	}
	ig.byDir[d] = ps
	return ps
}

// ignored reports whether git would ignore the file p (slash-separated,
// from the top) were it untracked.
func (ig *ignores) ignored(p string) bool {
	if v, ok := ig.known[p]; ok {
		return v
	}
	ps := append([]gitignore.Pattern(nil), ig.exclude...)
	parts := strings.Split(p, "/")
	for i := range parts {
		ps = append(ps, ig.dir(strings.Join(parts[:i], "/"))...)
	}
	v := len(ps) > 0 && gitignore.NewMatcher(ps).Match(parts, false)
	if len(ig.known) < maxKnownIgnores {
		ig.known[p] = v
	}
	return v
}

// maxKnownIgnores bounds the answers kept: a response may write a
// million files.
const maxKnownIgnores = 1 << 16

// wrote forgets what was read of a .gitignore the response writes.
func (ig *ignores) wrote(p string) {
	if path.Base(p) == ".gitignore" {
		delete(ig.byDir, strings.TrimSuffix(path.Dir(p), "."))
		clear(ig.known)
	}
}

// checkWrite is the check every write of a response passes (Options.Check):
// git's fsck rules (checkContent), and no secret the project keeps out of
// git. A file the agent wrote that the project ignores (.env.local under
// ".env*"), whose name or content says it holds a secret, is not
// recorded: the project would never commit it, and a review branch is
// pushed and landed. Every other file the agent wrote is its work and is
// recorded as written, a secret in code included, for review.
func (a *applier) checkWrite(tfs *gitops.TreeFS) func(string, []byte) error {
	var ig *ignores // read on the first write
	return func(p string, data []byte) error {
		if err := checkContent(p, data); err != nil {
			return err
		}
		if ig == nil {
			ig = newIgnores(tfs, a.repo.CommonDir)
		}
		ignored := ig.ignored(p)
		ig.wrote(p)
		if !ignored {
			return nil
		}
		why := ""
		if redact.SecretName(p) {
			why = "its name says it holds a secret"
		} else if a.text != nil && a.text.red != nil && !bytes.Contains(data[:min(len(data), 8<<10)], []byte{0}) {
			if rule, found := a.text.red.Secret(string(data)); found {
				why = "it holds a secret (" + rule + ")"
			}
		}
		if why == "" {
			return nil
		}
		return fmt.Errorf("%s is a file the project ignores and %s: it is kept out of history, as git keeps it out of a commit; "+
			"the rest of the response is recorded", p, why)
	}
}
