package gitops

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// leaveOutUnfsckable takes out of the snapshot's index (env names it)
// every entry git fsck --strict would refuse in the tree: a directory
// named .gitmodules or .gitattributes in any spelling, a symbolic link
// named as a file git reads as configuration, a .gitmodules or
// .gitattributes whose content git refuses. git add takes all of these,
// and the snapshot commit ends up on a branch that may be pushed to a
// server with receive.fsckObjects. Such a path is put back as HEAD has
// it (or left out when HEAD lacks it) and said, with why.
func (r *Repo) leaveOutUnfsckable(ctx context.Context, env []string) (left []string, err error) {
	const op = "snapshot the working tree"
	out, err := gitCmd{dir: r.WorkTree, args: []string{"ls-files", "-s", "-z"}, env: env}.output(ctx, op)
	if err != nil {
		return nil, err
	}
	var bad []string
	for _, rec := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		// "<mode> <hash> <stage>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		mode, perr := strconv.ParseUint(f[0], 8, 32)
		if perr != nil {
			continue
		}
		blob := func() ([]byte, error) {
			b, err := gitCmd{dir: r.WorkTree, args: []string{"cat-file", "blob", f[1]}}.output(ctx, op)
			return []byte(b), err
		}
		reason, err := fsckPathReason(p, filemode.FileMode(mode), blob)
		if err != nil {
			return nil, err
		}
		if reason != "" {
			bad = append(bad, p)
			left = append(left, fmt.Sprintf("%s (%s: git fsck --strict refuses it)", p, reason))
		}
	}
	if len(bad) > 0 {
		args := []string{"reset", "-q", "HEAD", "--pathspec-from-file=-", "--pathspec-file-nul"}
		env := append(append([]string{}, env...), "GIT_LITERAL_PATHSPECS=1")
		if _, err := (gitCmd{dir: r.WorkTree, args: args, env: env, stdin: []byte(strings.Join(bad, "\x00"))}).output(ctx, op); err != nil {
			return nil, err
		}
	}
	return left, nil
}

// fsckPathReason says why git fsck --strict would refuse an entry of mode
// at p (a slash path) in a tree, or "": every component's name, each
// directory's, the entry's kind, and the content of a .gitmodules or
// .gitattributes (read only then).
func fsckPathReason(p string, mode filemode.FileMode, content func() ([]byte, error)) (string, error) {
	parts := strings.Split(p, "/")
	for i, name := range parts {
		if err := checkName(p, name); err != nil {
			return reasonOf(err), nil
		}
		if i < len(parts)-1 {
			if err := checkDir(p, name); err != nil {
				return reasonOf(err), nil
			}
		}
	}
	if err := checkEntry(p, mode); err != nil {
		return reasonOf(err), nil
	}
	if mode != filemode.Regular && mode != filemode.Executable || special(path.Base(p)) == "" {
		return "", nil
	}
	data, err := content()
	if err != nil {
		return "", err
	}
	if err := CheckContent(p, data); err != nil {
		return reasonOf(err), nil
	}
	return "", nil
}

// reasonOf is why the fsck rules refused a path: the reason alone, as the
// log lists it beside the path.
func reasonOf(err error) string {
	if u := (*UnsafePathError)(nil); errors.As(err, &u) {
		return u.Reason
	}
	return err.Error()
}
