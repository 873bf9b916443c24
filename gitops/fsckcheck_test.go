package gitops

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// gitmodulesCases are .gitmodules contents with git's fsck verdict
// (git 2.39: fsck_gitmodules_fn); TestGitmodulesAgreesWithGit checks the
// verdict against the real git as well.
var gitmodulesCases = []struct {
	name, content string
	ok            bool
}{
	{"plain", "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n", true},
	{"relative", "[submodule \"lib\"]\n\tpath = lib\n\turl = ../lib.git\n", true},
	{"ssh", "[submodule \"lib\"]\n\turl = git@example.com:lib.git\n", true},
	{"url option", "[submodule \"lib\"]\n\tpath = lib\n\turl = --upload-pack=touch /tmp/x\n", false},
	{"url dash", "[submodule \"lib\"]\n\turl = -u./payload\n", false},
	{"name dotdot", "[submodule \"../../.git/hooks\"]\n\tpath = x\n\turl = ./x\n", false},
	{"name dotdot middle", "[submodule \"a/../b\"]\n\turl = ./x\n", false},
	{"name backslash dotdot", "[submodule \"a\\\\..\\\\b\"]\n\turl = ./x\n", false},
	{"name dotdot end", "[submodule \"a/..\"]\n\turl = ./x\n", false},
	{"name dots ok", "[submodule \"a..b\"]\n\turl = ./x\n", true},
	{"path option", "[submodule \"x\"]\n\tpath = -x\n\turl = ./x\n", false},
	{"relative escaping to host", "[submodule \"x\"]\n\turl = ../../:example.com/x\n", false},
	{"relative escaping slash", "[submodule \"x\"]\n\turl = ./../../../example.com/x\n", true},
	{"relative escaping root", "[submodule \"x\"]\n\turl = ../../../../../../../../..//example.com/x\n", false},
	{"newline encoded", "[submodule \"x\"]\n\turl = ./%0ahost=example.com\n", false},
	{"http no host", "[submodule \"x\"]\n\turl = http:///path\n", false},
	{"http host", "[submodule \"x\"]\n\turl = http://user@example.com/x\n", true},
	{"http newline", "[submodule \"x\"]\n\turl = https://example.com/%0a/x\n", false},
	{"not a submodule section", "[core]\n\turl = -x\n", true},
	{"empty", "", true},
}

func TestCheckGitmodules(t *testing.T) {
	for _, tc := range gitmodulesCases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckGitmodules(".gitmodules", []byte(tc.content))
			assert.Equal(t, tc.ok, err == nil, "%v", err)
		})
	}
}

// TestGitmodulesAgreesWithGit commits each case with git's own plumbing
// and runs git fsck --strict: where we refuse, git must complain, and
// where we accept, git must be clean.
func TestGitmodulesAgreesWithGit(t *testing.T) {
	for _, tc := range gitmodulesCases {
		t.Run(tc.name, func(t *testing.T) {
			r := gittest.New(t, map[string]string{"README": "x\n"})
			blob := gittest.RunInput(t, r.Dir, nil, tc.content, "hash-object", "-w", "--stdin")
			tree := gittest.RunInput(t, r.Dir, nil, "100644 blob "+strings.TrimSpace(blob)+"\t.gitmodules\n", "mktree")
			commit := gittest.Run(t, r.Dir, nil, "commit-tree", "-m", "m", strings.TrimSpace(tree))
			gittest.Run(t, r.Dir, nil, "update-ref", "refs/heads/t", strings.TrimSpace(commit))
			out, err := gittest.RunErr(r.Dir, "fsck", "--strict", "--no-dangling", "--no-progress")
			gitOK := err == nil && !strings.Contains(out, "gitmodules")
			assert.Equal(t, tc.ok, gitOK, "git fsck: %s", out)
		})
	}
}

func TestCheckNames(t *testing.T) {
	for name, ok := range map[string]bool{
		"a": true, ".gitignore": true, "git~2": true, ".github": true,
		".git": false, ".GIT": false, ".git.": false, ".git ": false, "git~1": false,
		".g\u200cit": false, "\ufeff.git": false, "": false, ".": false, "..": false,
	} {
		assert.Equal(t, ok, checkName(name, name) == nil, "%q", name)
	}
	for name, want := range map[string]string{
		".gitmodules": ".gitmodules", ".GITMODULES": ".gitmodules", ".gitmodules ...": ".gitmodules",
		"gitmod~1": ".gitmodules", "GI7EBA~3": ".gitmodules", ".git\u200dmodules": ".gitmodules",
		".mailmap": ".mailmap", "gitatt~1": ".gitattributes", ".gitignore": ".gitignore",
		"gitmodules": "", "a.gitmodules": "",
	} {
		assert.Equal(t, want, special(name), "%q", name)
	}
}

func TestCheckGitattributes(t *testing.T) {
	assert.NoError(t, CheckContent("a/.gitattributes", []byte("*.bin binary\n")))
	assert.Error(t, CheckContent("a/.gitattributes", []byte("*.x "+strings.Repeat("a", attrMaxLine)+"\n")))
	assert.NoError(t, CheckContent("notattributes", []byte(strings.Repeat("a", attrMaxLine+1))))
}

// TestTreeFSFsckProperty drives random operation sequences (names and
// contents chosen to hit fsck's rules) through the tree filesystem, commits
// whatever it accepted, and requires `git fsck --strict` to be clean.
func TestTreeFSFsckProperty(t *testing.T) {
	names := []string{"a", "b", "d/e", ".gitmodules", "d/.gitmodules", "GITMOD~1", ".gitattributes", ".mailmap",
		".gitignore", "git~1", ".git\u200c", ".GIT.", "d/../x", "x\u200d", "gi7eba~2",
		".gitmodules/x", "d/GITMOD~1/x", ".gitmodules./y", "gitatt~1/z", "GI7EBA~1/a", "~1000000/b", ".git\xc0\xaf/config", ".git\xff"}
	var contents []string
	for _, tc := range gitmodulesCases {
		contents = append(contents, tc.content)
	}
	contents = append(contents, "text\n", "*.x "+strings.Repeat("b", attrMaxLine)+"\n", "*.bin binary\n")
	seqs := 40
	if testing.Short() {
		seqs = 8
	}
	ctx := context.Background()
	for seq := range seqs {
		rng := rand.New(rand.NewPCG(uint64(seq), 13))
		r := gittest.New(t, map[string]string{"README": "x\n"})
		repo := open(t, r)
		fs, err := repo.TreeFS(head(t, repo))
		require.NoError(t, err)
		var log []string
		for range 12 {
			p := names[rng.IntN(len(names))]
			switch rng.IntN(5) {
			case 4:
				log = append(log, fmt.Sprintf("mkdir %q: %v", p, fs.MkdirAll(p+"/n", 0o755)))
				if err := util.WriteFile(fs, p+"/n/f", []byte("x\n"), 0o644); err == nil {
					log = append(log, "wrote "+p+"/n/f")
				}
			case 0, 1:
				c := contents[rng.IntN(len(contents))]
				var err error
				if CheckContent(p, []byte(c)) == nil {
					err = util.WriteFile(fs, p, []byte(c), 0o644)
				}
				log = append(log, fmt.Sprintf("write %q: %v", p, err))
			case 2:
				q := names[rng.IntN(len(names))]
				log = append(log, fmt.Sprintf("rename %q %q: %v", p, q, fs.Rename(p, q)))
			case 3:
				log = append(log, fmt.Sprintf("symlink %q: %v", p, fs.Symlink("target", p)))
			}
		}
		tree, err := repo.WriteTree(fs)
		if err != nil {
			// Refusing the whole tree is allowed only as an unsafe path.
			var ue *UnsafePathError
			require.ErrorAs(t, err, &ue, "seq %d:\n%s", seq, strings.Join(log, "\n"))
			continue
		}
		c, err := repo.WriteCommit(ctx, tree, nil, "property")
		require.NoError(t, err)
		publish(t, repo)
		gittest.Run(t, r.Dir, nil, "update-ref", "refs/heads/p", c.String())
		out, err := gittest.RunErr(r.Dir, "fsck", "--strict", "--no-dangling", "--no-progress")
		require.NoError(t, err, "seq %d: %s\n%s", seq, out, strings.Join(log, "\n"))
		require.Empty(t, strings.TrimSpace(out), "seq %d:\n%s", seq, strings.Join(log, "\n"))
	}
}

func FuzzCheckGitmodules(f *testing.F) {
	for _, tc := range gitmodulesCases {
		f.Add([]byte(tc.content))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := CheckGitmodules(".gitmodules", data)
		// Deterministic, and a refusal always says why.
		again := CheckGitmodules(".gitmodules", data)
		require.Equal(t, err == nil, again == nil)
		if err != nil {
			require.NotEmpty(t, err.Error())
		}
	})
}
