package fsckrule

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fsckRepo is a bare repository that collects objects, then runs
// `git fsck --strict` once and says which objects git complained about.
type fsckRepo struct {
	t   *testing.T
	dir string
}

func newFsckRepo(t *testing.T) *fsckRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	dir := t.TempDir()
	r := &fsckRepo{t: t, dir: dir}
	r.git("", "init", "-q", "--bare", dir)
	return r
}

func (r *fsckRepo) git(stdin string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.dir}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.Output()
	require.NoError(r.t, err, "git %v", args)
	return strings.TrimSpace(string(out))
}

func (r *fsckRepo) blob(content string) string {
	return r.git(content, "hash-object", "-w", "--stdin")
}

// tree writes a tree of one entry; mode is "100644 blob", "120000 blob"
// or "040000 tree".
func (r *fsckRepo) tree(mode, oid, name string) string {
	return r.git(fmt.Sprintf("%s %s\t%s\x00", mode, oid, name), "mktree", "-z")
}

// complaints maps each object git fsck --strict reported to its lines.
func (r *fsckRepo) complaints() map[string]string {
	cmd := exec.Command("git", "-C", r.dir, "fsck", "--strict", "--no-dangling", "--no-progress")
	out, _ := cmd.CombinedOutput()
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && (f[0] == "error" || f[0] == "warning") && f[1] == "in" {
			oid := strings.TrimSuffix(f[3], ":")
			got[oid] += line + "\n"
		}
	}
	return got
}

// TestNamesAgreeWithGit writes each hostile name as a file, a directory
// and a symbolic link, and compares what git fsck --strict reports with
// what this package refuses: exactly for .git and for a directory named
// as a configuration file; for symbolic links, whatever git reports is
// refused (git only notes some of them).
func TestNamesAgreeWithGit(t *testing.T) {
	names := []string{".git", ".GIT", ".git.", ".git ", ".git::$INDEX_ALLOCATION", "git~1", "GIT~1 .", `a\.git`, `a\git~1`,
		".g" + zwnj + "it", "\ufeff.git", ".GI\u202eT", ".git\xc0\xaf", ".git\xff", ".git\x80x", ".gi\xfft", ".git\u00e9",
		".gitx", "git~2", ".github", "README", "a b", "\xff\xfe", "~1000000", "~123456",
		".gitmodules", ".GITMODULES", "gitmod~1", "GITMOD~4", "gitmod~5", ".gitmodules.", ".gitmodules . ", ".gitmodules:$DATA", "GI7EBA~1",
		"GI7EB~10", "GI7EB~1", ".git" + zwnj + "modules", `sub\.gitmodules`, `sub\gitmod~1`, ".gitmodules x", "gitmodules", ".gitmodules\xff",
		".gitattributes", ".GITATTRIBUTES", "gitatt~1", "GI7D29~1", ".gitattributes ", `sub\.gitattributes`,
		".gitignore", "GITIGN~1", ".mailmap", "MABA30~1", ".mail" + zwnj + "map"}
	r := newFsckRepo(t)
	type entry struct{ name, mode, inner, outer string }
	var entries []entry
	for i, n := range names {
		b := r.blob(fmt.Sprintf("# case %d\n", i))
		inner := r.tree("100644 blob", b, "f")
		for _, m := range []struct{ mode, oid string }{{"100644 blob", b}, {"040000 tree", inner}, {"120000 blob", b}} {
			entries = append(entries, entry{n, m.mode, m.oid, r.tree(m.mode, m.oid, n)})
		}
	}
	got := r.complaints()
	for _, e := range entries {
		gitSays := got[e.outer]
		if e.mode == "040000 tree" {
			gitSays += got[e.inner]
		}
		var refuse bool
		switch e.mode {
		case "100644 blob":
			refuse = DotGit(e.name)
		case "040000 tree":
			refuse = DotGit(e.name) || MustBeBlob(e.name)
		case "120000 blob":
			refuse = DotGit(e.name) || NoSymlink(e.name)
			if !refuse {
				require.Empty(t, gitSays, "%s %q", e.mode, e.name)
			}
			continue
		}
		require.Equal(t, gitSays != "", refuse, "%s %q: git says %q", e.mode, e.name, gitSays)
	}
}

// TestGitmodulesAgreeWithGit writes each .gitmodules as a blob at
// .gitmodules and compares git fsck --strict's verdict with ours: git's
// complaints are all refused, and a refusal other than for syntax or a
// url newline is one git makes, under the same message id.
func TestGitmodulesAgreeWithGit(t *testing.T) {
	r := newFsckRepo(t)
	blobs := make([]string, len(gitmodulesCases))
	for i, c := range gitmodulesCases {
		blobs[i] = r.blob(c.content)
		r.tree("100644 blob", blobs[i], ".gitmodules")
	}
	got := r.complaints()
	for i, c := range gitmodulesCases {
		gitSays := got[blobs[i]]
		err := CheckGitmodules([]byte(c.content))
		if gitSays != "" {
			require.Error(t, err, "%s: git says %s", c.name, gitSays)
		}
		ge, _ := err.(*GitmodulesError)
		// Git reads a blob's byte order mark as a syntax error (its
		// buffer reader sign-extends the bytes); we skip it, as git does
		// for a file, and judge what follows.
		if ge != nil && ge.ID != "gitmodulesParse" && !strings.Contains(c.name, "newline") && !strings.Contains(gitSays, "gitmodulesParse") {
			require.Contains(t, gitSays, ge.ID+":", "%s: we say %v", c.name, err)
		}
		require.Equal(t, c.ok, err == nil, "%s: %v", c.name, err)
	}
}

// TestParseConfigAgreesWithGit reads each config with git config --list
// and compares the entries, or that both refuse it.
func TestParseConfigAgreesWithGit(t *testing.T) {
	dir := t.TempDir()
	for _, c := range append(configCases, gitmodulesCases...) {
		p := filepath.Join(dir, "config")
		require.NoError(t, os.WriteFile(p, []byte(c.content), 0o644))
		cmd := exec.Command("git", "config", "--file", p, "--list", "-z")
		out, gitErr := cmd.Output()
		entries, err := ParseConfig([]byte(c.content))
		if gitErr != nil {
			require.Error(t, err, "%s: git refuses it", c.name)
			continue
		}
		require.NoError(t, err, "%s", c.name)
		var want []ConfigEntry
		for _, rec := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if rec == "" {
				continue
			}
			name, value, has := strings.Cut(rec, "\n")
			want = append(want, ConfigEntry{Name: name, Value: value, HasValue: has})
		}
		// Git before 2.44 turns unquoted inner white space into spaces;
		// later versions keep it. Either reading suits the rules.
		require.Equal(t, spaced(want), spaced(entries), "%s", c.name)
	}
}

func spaced(es []ConfigEntry) []ConfigEntry {
	out := make([]ConfigEntry, len(es))
	for i, e := range es {
		e.Value = strings.NewReplacer("\t", " ", "\r", " ").Replace(e.Value)
		out[i] = e
	}
	return out
}

// TestParseConfigRandomAgreesWithGit compares the parser with git config
// on files assembled at random from the pieces of the syntax: headers,
// quotes, escapes, continuations, comments, CR LF, a byte order mark.
func TestParseConfigRandomAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	pieces := []string{"[", "]", "submodule", "core", " \"", "\"", "x", "Y", "..", "/", "\\", "\n", "\r\n", "\r", " = ", "=",
		"url", "path", "update", ";", "#", "\\n", "\\t", "\\\"", "\\\\", "\\q", "-", ".", "\t", " ", "a", "1", "!", "\xef\xbb\xbf", "\x00"}
	safe := []string{"x", "Y", "a", "1", "-", ".", "/", " ", "\t", "\\n", "\\t", "\\\"", "\\\\", "\"", ";", "#", "\\\n", "!", "..", "%0a", "./", "../", "http://", "h", ":"}
	rng := rand.New(rand.NewPCG(7, 32))
	n := 300
	if testing.Short() {
		n = 60
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "config")
	refused := 0
	var parsed []string
	defer func() { t.Logf("%d files, %d refused by git and by the parser", n, refused) }()
	for i := range n {
		var b strings.Builder
		// Mostly well-formed lines, so that parsing goes past the first;
		// now and then any piece anywhere.
		piece := func() string {
			if rng.IntN(4) == 0 {
				return pieces[rng.IntN(len(pieces))]
			}
			return safe[rng.IntN(len(safe))]
		}
		for range 1 + rng.IntN(6) {
			switch rng.IntN(4) {
			case 0:
				b.WriteString("[submodule \"" + piece() + piece() + "\"]")
			case 1:
				b.WriteString([]string{"[core]", "[submodule.x]", "[Submodule \"A\"]", "[sub.mod]"}[rng.IntN(4)])
			}
			if rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
			b.WriteString("\t" + []string{"url", "path", "update", "x", "URL", "k-2"}[rng.IntN(6)])
			if rng.IntN(8) > 0 {
				b.WriteString([]string{" = ", "=", "\t= "}[rng.IntN(3)])
				for range rng.IntN(6) {
					b.WriteString(piece())
				}
			}
			b.WriteString([]string{"\n", "\r\n", ""}[rng.IntN(3)])
		}
		content := b.String()
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		out, gitErr := exec.Command("git", "config", "--file", p, "--list", "-z").Output()
		entries, err := ParseConfig([]byte(content))
		if gitErr != nil {
			refused++
			require.Error(t, err, "case %d %q: git refuses it", i, content)
			continue
		}
		require.NoError(t, err, "case %d %q", i, content)
		var want []ConfigEntry
		for _, rec := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if rec == "" {
				continue
			}
			name, value, has := strings.Cut(rec, "\n")
			want = append(want, ConfigEntry{Name: name, Value: value, HasValue: has})
		}
		require.Equal(t, spaced(want), spaced(entries), "case %d %q", i, content)
		parsed = append(parsed, content)
	}

	// The files git parses, as .gitmodules: git fsck --strict's verdict
	// on each is ours.
	r := newFsckRepo(t)
	blobs := make([]string, len(parsed))
	for i, c := range parsed {
		blobs[i] = r.blob(c)
		r.tree("100644 blob", blobs[i], ".gitmodules")
	}
	got := r.complaints()
	for i, c := range parsed {
		gitSays := got[blobs[i]]
		err := CheckGitmodules([]byte(c))
		if gitSays != "" {
			require.Error(t, err, "%q: git says %s", c, gitSays)
			continue
		}
		// Stricter than git only for a newline in a url.
		var ge *GitmodulesError
		if errors.As(err, &ge) && !(ge.ID == "gitmodulesUrl" && strings.Contains(urlDecode(ge.Value), "\n")) {
			t.Errorf("%q: git fsck accepts it, we say %v", c, err)
		}
	}
	t.Logf("%d parsed files judged as .gitmodules", len(parsed))
}
