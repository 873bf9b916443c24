package gittest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// OptionsFile is the txtar section that holds fixture options, one a line:
//
//	bare                 make a bare repository
//	exec: PATH           the file is executable (100755)
//	symlink: LINK -> T   a symbolic link LINK pointing at T
//	submodule: PATH      a submodule entry (gitlink) at PATH
//	branch: NAME         name of the branch (default main)
//	message: TEXT        message of the commit (default "initial")
//
// Lines starting with # are comments.
const OptionsFile = ".aiedit-fixture"

// submoduleCommit is the commit a fixture's submodule entries point at; it
// need not exist, as in a checkout whose submodule is not initialised.
const submoduleCommit = "1111111111111111111111111111111111111111"

type fixture struct {
	files      map[string]string
	bare       bool
	exec       []string
	symlinks   [][2]string
	submodules []string
	branch     string
	message    string
}

// FromTxtar makes a repository from a txtar archive: each section is a
// file, and the OptionsFile section, when present, holds options.
func FromTxtar(t testing.TB, path string) *Repo {
	t.Helper()
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseFixture(a)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return build(t, f)
}

// FromTxtarString is FromTxtar for an archive held in a string.
func FromTxtarString(t testing.TB, archive string) *Repo {
	t.Helper()
	f, err := parseFixture(txtar.Parse([]byte(archive)))
	if err != nil {
		t.Fatal(err)
	}
	return build(t, f)
}

func parseFixture(a *txtar.Archive) (*fixture, error) {
	f := &fixture{files: map[string]string{}}
	for _, file := range a.Files {
		if file.Name != OptionsFile {
			f.files[file.Name] = string(file.Data)
			continue
		}
		for _, line := range strings.Split(string(file.Data), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			key, value, _ := strings.Cut(line, ":")
			value = strings.TrimSpace(value)
			switch strings.TrimSpace(key) {
			case "bare":
				f.bare = true
			case "exec":
				f.exec = append(f.exec, value)
			case "symlink":
				link, target, ok := strings.Cut(value, "->")
				if !ok {
					return nil, fmt.Errorf("symlink option %q: want LINK -> TARGET", line)
				}
				f.symlinks = append(f.symlinks, [2]string{strings.TrimSpace(link), strings.TrimSpace(target)})
			case "submodule":
				f.submodules = append(f.submodules, value)
			case "branch":
				f.branch = value
			case "message":
				f.message = value
			default:
				return nil, fmt.Errorf("unknown fixture option %q", line)
			}
		}
	}
	return f, nil
}

func build(t testing.TB, f *fixture) *Repo {
	t.Helper()
	Setenv(t)
	branch := f.branch
	if branch == "" {
		branch = "main"
	}
	message := f.message
	if message == "" {
		message = "initial"
	}
	dir := filepath.Join(t.TempDir(), "repo")
	Run(t, ".", nil, "init", "-q", "-b", branch, dir)
	r := &Repo{Dir: dir}
	for _, name := range sortedKeys(f.files) {
		r.Write(t, name, f.files[name])
	}
	for _, name := range f.exec {
		if err := os.Chmod(r.Path(name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range f.symlinks {
		if err := os.MkdirAll(filepath.Dir(r.Path(l[0])), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], r.Path(l[0])); err != nil {
			t.Fatal(err)
		}
	}
	r.Git(t, "add", "-A")
	for _, p := range f.submodules {
		// An empty directory, as an uninitialised submodule leaves.
		if err := os.MkdirAll(r.Path(p), 0o755); err != nil {
			t.Fatal(err)
		}
		r.Git(t, "update-index", "--add", "--cacheinfo", "160000,"+submoduleCommit+","+p)
	}
	r.Git(t, "commit", "-q", "--allow-empty", "-m", message)
	if !f.bare {
		return r
	}
	bare := filepath.Join(filepath.Dir(dir), "repo.git")
	Run(t, ".", nil, "clone", "-q", "--bare", "--no-local", dir, bare)
	return &Repo{Dir: bare, Bare: true}
}
