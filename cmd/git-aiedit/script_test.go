package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/git-aiedit/git-aiedit/check/syntax"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script and internal/fastpath/help.go")

func TestMain(m *testing.M) {
	testscript.Main(parallelM{m}, map[string]func(){
		// The real main: its early start of git's discovery and its
		// ending of it are part of what the process tests check.
		"git-aiedit": main,
	})
}

// parallelM runs the package's tests with more of them at once than go
// test's default of one per CPU, unless -parallel is given: a script or
// process test spends most of its time waiting on git processes, timers
// and the processes it signals, not on a CPU. It is set here, in the test
// run, not when the binary runs as git-aiedit (testscript.Main).
type parallelM struct{ *testing.M }

// testParallel is how many tests run at once per CPU.
const testParallel = 4

func (m parallelM) Run() int {
	quickRaceExit()
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(testParallel*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	return m.M.Run()
}

// TestScript runs the end-to-end scripts in testdata/script: each reads
// like a user's terminal session, with `exec git aiedit …` on real
// repositories.
func TestScript(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Setup:               setupEnv,
		Condition:           scriptCondition,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"snapshot": cmdSnapshot,
			"exits":    cmdExits,
			"grow":     cmdGrow,
		},
	})
}

// quickRaceExit shortens what every process of a -race build waits as it
// exits (GORACE's atexit_sleep_ms, 1 s by default, for goroutines still
// running to report a race) to 10 ms, for the processes the tests start:
// the scripts and process tests run git-aiedit thousands of times, and
// those seconds were most of the package's time. A GORACE that sets it
// already is left as it is; testscript passes GORACE on to the scripts.
func quickRaceExit() {
	env := os.Getenv("GORACE")
	if strings.Contains(env, "atexit_sleep_ms") {
		return
	}
	os.Setenv("GORACE", strings.TrimSpace(env+" atexit_sleep_ms=10"))
}

// scriptCondition adds [cgo]: this build has the tree-sitter grammars,
// so scripts can say what each build checks.
func scriptCondition(cond string) (bool, error) {
	if cond == "cgo" {
		return syntax.TreeSitter, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// setupEnv fixes identity, dates and configuration so commit hashes are
// reproducible and no user or system configuration leaks in.
func setupEnv(env *testscript.Env) error {
	// HOME lives beside $WORK, so that `git add .` in a script never
	// picks it up.
	home := filepath.Join(filepath.Dir(env.WorkDir), "home-"+filepath.Base(env.WorkDir))
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	for k, v := range map[string]string{
		"HOME":                home,
		"XDG_CONFIG_HOME":     filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM": "1",
		"GIT_AUTHOR_NAME":     "Ada Author",
		"GIT_AUTHOR_EMAIL":    "ada@example.com",
		"GIT_AUTHOR_DATE":     "2026-01-02T03:04:05Z",
		"GIT_COMMITTER_NAME":  "Cy Committer",
		"GIT_COMMITTER_EMAIL": "cy@example.com",
		"GIT_COMMITTER_DATE":  "2026-01-02T03:04:05Z",
		"NO_COLOR":            "1",
		"TZ":                  "UTC",
	} {
		env.Setenv(k, v)
	}
	// The scripted model CLIs of the retry loop (testdata/models) and the
	// directory where they log what they were given, beside $WORK so that
	// `snapshot check` sees only the repository.
	models, err := filepath.Abs("testdata/models")
	if err != nil {
		return err
	}
	modelLog := filepath.Join(filepath.Dir(env.WorkDir), "log-"+filepath.Base(env.WorkDir))
	if err := os.MkdirAll(modelLog, 0o755); err != nil {
		return err
	}
	env.Setenv("MODELS", models)
	env.Setenv("MODEL_LOG", modelLog)
	gitconfig := "[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n"
	return os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(gitconfig), 0o644)
}

// snapshots holds what `snapshot save` saw, outside the directories a
// script looks at.
var snapshots sync.Map

type snapshotKey struct {
	ts   *testscript.TestScript
	name string
}

// cmdSnapshot implements `snapshot save NAME` and `snapshot check NAME`:
// the working tree files, the index, HEAD and every ref that existed at
// save must be byte-identical between the two. New refs (the review
// branch) are allowed, and refs/notes/aiedit may move.
func cmdSnapshot(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || (args[0] != "save" && args[0] != "check") {
		ts.Fatalf("usage: snapshot save|check NAME")
	}
	got := snapshot(ts)
	key := snapshotKey{ts, args[1]}
	if args[0] == "save" {
		snapshots.Store(key, got)
		return
	}
	want, ok := snapshots.Load(key)
	if !ok {
		ts.Fatalf("no snapshot %s saved", args[1])
	}
	same := sameSnapshot(want.(string), got)
	if neg == same {
		ts.Fatalf("snapshot %s: working tree, index, HEAD or refs changed (neg=%v)\nbefore:\n%s\nafter:\n%s", args[1], neg, want, got)
	}
}

// cmdExits implements `exits N command args...`: it runs the command like
// exec, keeping its output for stdout/stderr checks, and requires exit
// status N.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdGrow implements `grow FILE SRC…`: it appends the SRC files to FILE
// (creating it) with $WORK, $HOME and other variables expanded, the way
// an agent's session file grows turn by turn with absolute paths in it.
func cmdGrow(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: grow FILE SRC...")
	}
	ts.Check(os.MkdirAll(filepath.Dir(ts.MkAbs(args[0])), 0o755))
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	ts.Check(err)
	defer f.Close()
	for _, src := range args[1:] {
		_, err := f.WriteString(os.Expand(ts.ReadFile(src), ts.Getenv))
		ts.Check(err)
	}
}

func sameSnapshot(before, after string) bool {
	was := map[string]bool{}
	refs := map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		was[l] = true
		if name, ok := strings.CutPrefix(l, "ref "); ok {
			refs[strings.Fields(name)[0]] = true
		}
	}
	n := 0
	for _, l := range strings.Split(after, "\n") {
		if was[l] {
			n++
			continue
		}
		name, ok := strings.CutPrefix(l, "ref ")
		if !ok || refs[strings.Fields(name)[0]] {
			return false
		}
	}
	return n == len(was)
}

func snapshot(ts *testscript.TestScript) string {
	dir := ts.MkAbs(".")
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			lines = append(lines, fmt.Sprintf("link %s -> %s", rel, target))
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, _ := d.Info()
		lines = append(lines, fmt.Sprintf("file %s %v %s", rel, info.Mode(), sum(data)))
		return nil
	})
	ts.Check(err)
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = os.Environ()
		for _, kv := range []string{"HOME", "GIT_CONFIG_NOSYSTEM"} {
			cmd.Env = append(cmd.Env, kv+"="+ts.Getenv(kv))
		}
		out, _ := cmd.CombinedOutput()
		return strings.TrimSpace(string(out))
	}
	gitDir := git("rev-parse", "--absolute-git-dir")
	if idx, err := os.ReadFile(filepath.Join(gitDir, "index")); err == nil {
		lines = append(lines, "index "+sum(idx))
	}
	head, _ := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	lines = append(lines, "HEAD "+strings.TrimSpace(string(head)))
	for _, ref := range strings.Split(git("for-each-ref", "--format=%(refname) %(objectname)"), "\n") {
		// The attribution notes are the tool's own record, not the user's.
		if ref != "" && !strings.HasPrefix(ref, "refs/notes/aiedit ") {
			lines = append(lines, "ref "+ref)
		}
	}
	lines = append(lines, "status "+git("status", "--porcelain=v1", "--untracked-files=all"))
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}
