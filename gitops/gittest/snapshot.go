package gittest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Snapshot is the state of a checkout that a tool must not change behind
// the user's back: work tree files, the index, HEAD and every ref.
// Compare two with assert.Equal.
type Snapshot struct {
	Files map[string]string // work tree path → mode and content ("100644 …", "link → target")
	Index string            // bytes of the index file
	HEAD  string            // bytes of the HEAD file
	Refs  map[string]string // ref name → object name, loose and packed alike
}

// Snapshot captures the repository's current state.
func (r *Repo) Snapshot(t testing.TB) Snapshot {
	t.Helper()
	gitDir := Run(t, r.Dir, nil, "rev-parse", "--absolute-git-dir")
	s := Snapshot{Files: map[string]string{}, Refs: map[string]string{}}
	if !r.Bare {
		err := filepath.WalkDir(r.Dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(r.Dir, p)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if d.Name() == ".git" {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				target, err := os.Readlink(p)
				s.Files[rel] = "link → " + target
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			data, err := os.ReadFile(p)
			s.Files[rel] = info.Mode().String() + " " + string(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Index = readOptional(t, filepath.Join(gitDir, "index"))
	s.HEAD = readOptional(t, filepath.Join(gitDir, "HEAD"))
	out := Run(t, r.Dir, nil, "for-each-ref", "--format=%(refname) %(objectname)")
	for _, line := range strings.Split(out, "\n") {
		if name, hash, ok := strings.Cut(line, " "); ok {
			s.Refs[name] = hash
		}
	}
	return s
}

// Without returns a copy of s without the refs under prefix (the refs a
// tool is allowed to write, such as "refs/heads/aiedit/").
func (s Snapshot) Without(prefix string) Snapshot {
	out := s
	out.Refs = map[string]string{}
	for k, v := range s.Refs {
		if !strings.HasPrefix(k, prefix) {
			out.Refs[k] = v
		}
	}
	return out
}

func readOptional(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}
