package gitops

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// branchesLocal lists refs/heads from the files backend (the only one
// discovery accepts) without a git process: loose refs over packed ones,
// in ref order, as for-each-ref lists them. ok is false when git should
// be asked instead: a loose ref that is not an object id (a symbolic
// ref), a name git would not accept, anything unreadable.
func (r *Repo) branchesLocal() (list []Branch, ok bool) {
	tips := map[string]plumbing.Hash{}
	if !r.packedBranches(tips) {
		return nil, false
	}
	heads := filepath.Join(r.CommonDir, "refs", "heads")
	err := filepath.WalkDir(heads, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == heads && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return errNotLocal
		}
		rel, err := filepath.Rel(r.CommonDir, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		if strings.HasSuffix(name, ".lock") {
			return nil // a writer's lock, not a ref (git skips it too)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		h, isHash := hexHash(strings.TrimRight(string(data), "\r\n\t "))
		if !isHash || !validRefName(name) {
			return errNotLocal
		}
		tips[name] = h
		return nil
	})
	if err != nil {
		return nil, false
	}
	for name, h := range tips {
		list = append(list, Branch{Ref: name, Tip: h})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Ref < list[j].Ref })
	return list, true
}

var errNotLocal = errors.New("not readable without git")

// packedBranches adds the branches of packed-refs to tips.
func (r *Repo) packedBranches(tips map[string]plumbing.Hash) bool {
	data, err := os.ReadFile(filepath.Join(r.CommonDir, "packed-refs"))
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' || line[0] == '^' {
			continue
		}
		h, name, found := strings.Cut(line, " ")
		if !found || !strings.HasPrefix(name, "refs/heads/") {
			continue
		}
		hash, isHash := hexHash(h)
		if !isHash {
			return false
		}
		tips[name] = hash
	}
	return sc.Err() == nil
}
