package gitops

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing/format/gitattributes"
)

// Repo is an open repository: where it lives and its object storage.
// Its methods are safe for concurrent use.
type Repo struct {
	Dir       string // absolute directory discovery started from; git runs here
	GitDir    string // absolute $GIT_DIR (per-worktree for linked worktrees)
	CommonDir string // absolute common git directory: objects and shared refs
	WorkTree  string // absolute top of the working tree; "" when bare
	Prefix    string // Dir relative to WorkTree, slash-terminated; "" at the top
	Bare      bool
	// CommitMsgHook is where git looks for the commit-msg hook
	// (core.hooksPath counts); the file may not exist.
	CommitMsgHook string

	config config

	infoAttrsOnce sync.Once
	infoAttrs     []gitattributes.MatchAttribute // $GIT_DIR/info/attributes

	objects *objectStore
	partial bool // a partial clone (extensions.partialClone): objects may be fetched on demand

	treeReads atomic.Int64 // trees decoded, for tests of laziness

	identOnce         sync.Once
	author, committer Signature
	identErr          error

	fsyncOnce sync.Once
	fsync     fsyncPlan // core.fsync for a run's pack (fsyncPlan)
}

// Discover finds the repository containing dir the way git does (so
// GIT_DIR, GIT_WORK_TREE, linked worktrees and bare repositories all work)
// and opens its object storage. It refuses formats this tool cannot write
// correctly: SHA-256 object names and the reftable ref backend.
//
// It starts two git processes, at the same time: one rev-parse with every
// flag discovery needs, and `git config --list -z`, whose answers later
// config lookups (signing, identity, extensions, aiedit.*) are read from.
func Discover(ctx context.Context, dir string) (*Repo, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, cwdError(dir, err)
	}
	d := takeEarly(abs)
	if d == nil {
		d = startDiscovery(ctx, abs)
	} else {
		defer d.cancel() // both processes are waited for below
	}
	r := &Repo{Dir: abs}
	r.config.start = func() (gitResult, error) { c := <-d.config; return c.res, c.err }
	if err := r.discover(<-d.revParse); err != nil {
		// config's git started with rev-parse: it is waited for, so that
		// no process outlives a failed discovery.
		_ = r.config.load()
		return nil, err
	}
	return r, nil
}

// discover reads rev-parse's answer, and the config through r.config.
func (r *Repo) discover(rp gitOutcome) error {
	abs := r.Dir
	res, err := rp.res, rp.err
	if err != nil {
		return &RepoError{Op: "discover", Dir: abs, Msg: "cannot run git: " + err.Error(),
			Hint: "install git and make sure it is on PATH", Err: err}
	}
	lines := strings.Split(strings.TrimRight(string(res.stdout), "\n"), "\n")
	noWorkTree := res.code != 0 && len(lines) == 6 && strings.Contains(string(res.stderr), "must be run in a work tree")
	if res.code != 0 && !noWorkTree {
		return discoverError(abs, res)
	}
	if len(lines) != 7 && !noWorkTree {
		return &RepoError{Op: "discover", Dir: abs, Msg: "unexpected output from git rev-parse: " + string(res.stdout)}
	}
	r.GitDir = filepath.Clean(lines[0])
	r.CommonDir = filepath.Clean(lines[1])
	r.Bare = lines[2] == "true"
	r.Prefix = lines[3]
	r.CommitMsgHook = filepath.Clean(lines[5])
	if !noWorkTree {
		r.WorkTree = filepath.Clean(lines[6])
	}
	if format := lines[4]; format != "sha1" {
		return &RepoError{Op: "discover", Dir: abs,
			Msg:  "sha256 repositories are not supported yet (object format " + format + ")",
			Hint: "use a sha1 repository"}
	}
	if err := r.checkExtensions(); err != nil {
		return err
	}
	r.objects = openObjects(r.CommonDir, abs, r.fsyncPlan)
	// In a partial clone, asking git whether an object exists fetches it
	// from the promisor remote when it is missing, which every new
	// object is.
	r.objects.noExistCheck = r.partial
	return nil
}

func discoverError(dir string, res gitResult) error {
	msg := gitMessage(res)
	e := &RepoError{Op: "discover", Dir: dir, Msg: msg}
	switch lower := strings.ToLower(msg); {
	case strings.Contains(lower, "not a git repository"):
		e.Msg = "not a git repository"
		e.Hint = "run git aiedit inside a git repository (or use git -C DIR aiedit)"
	case strings.Contains(lower, "refstorage"):
		e.Msg = "reftable repositories are not supported yet (" + msg + ")"
		e.Hint = "use a repository with the files ref backend"
	case strings.Contains(lower, "repository extension"), strings.Contains(lower, "repository format"):
		e.Msg = "unsupported repository format: " + msg
		e.Hint = "upgrade git, or use a repository this version of git can read"
	}
	return e
}

// checkExtensions refuses repository extensions that change how refs or
// objects are stored. git itself may accept them when it is new enough.
func (r *Repo) checkExtensions() error {
	if err := r.config.load(); err != nil {
		return &RepoError{Op: "discover", Dir: r.Dir, Msg: "cannot read the config: " + err.Error(), Err: err}
	}
	for _, e := range r.config.entries {
		key, value := e.key, e.value
		value = strings.ToLower(value)
		if strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".promisor") && (value == "true" || value == "yes" || value == "on" || value == "1" || e.bare) {
			r.partial = true // what git clone --filter writes
		}
		switch strings.ToLower(key) {
		case "extensions.refstorage":
			if value != "files" {
				return &RepoError{Op: "discover", Dir: r.Dir,
					Msg:  "reftable repositories are not supported yet (extensions.refStorage=" + value + ")",
					Hint: "use a repository with the files ref backend"}
			}
		case "extensions.partialclone":
			r.partial = true
		case "extensions.objectformat":
			if value != "sha1" {
				return &RepoError{Op: "discover", Dir: r.Dir,
					Msg:  "sha256 repositories are not supported yet (extensions.objectFormat=" + value + ")",
					Hint: "use a sha1 repository"}
			}
		}
	}
	return nil
}

// Close releases the object storage and any helper git process.
func (r *Repo) Close() error {
	if r == nil || r.objects == nil {
		return nil
	}
	return r.objects.close()
}

// git returns a command running in the directory discovery started from, so
// GIT_DIR and GIT_WORK_TREE in the environment keep their meaning.
func (r *Repo) git(args ...string) gitCmd {
	return gitCmd{dir: r.Dir, args: args, pre: r.PublishObjects()}
}

// gitNoObjects is git for a command that reads no object (identity,
// worktrees, ref listings): nothing needs publishing first.
func (r *Repo) gitNoObjects(args ...string) gitCmd {
	return gitCmd{dir: r.Dir, args: args}
}

// PublishObjects makes what this process wrote visible to git processes
// (see objectStore.publish): any of them may read it.
func (r *Repo) PublishObjects() error {
	if r.objects == nil {
		return nil
	}
	if err := r.objects.publish(); err != nil {
		return &RepoError{Op: "write objects", Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	return nil
}
