package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5/util"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// Checks run on each response's result before its commit is written
// (docs/checks.md):
//
//   - the built-in syntax check on the files the response changed, blaming
//     it only for errors it introduced;
//   - the commands configured as aiedit.check.<name>.*, whose paths match
//     a changed file, one after the other in one temporary checkout of the
//     response's tree (removed afterwards);
//   - the repository's commit-msg hook on the finished message, unless
//     --no-verify.
//
// Under --checks=report (the default) outcomes are recorded and a check
// that did not pass makes the exit status 1. Under require, a response
// whose checks did not all pass (failed, or could not run) is undone in
// the tree: later responses apply on top of the last good state, and the
// response still gets its commit, an empty one recording the failure,
// whose applied blocks are failed/check_failed. --checks=off runs none.
// A dry run writes no tree and runs no check.
//
// A commit-msg hook that refuses a message stops the run there, as a
// rebase stops at a commit its hook refuses: earlier responses are
// committed and the branch moves to them; that response gets no commit
// (its blocks become failed/check_failed), later ones are not read, and
// the exit status is 1. Messages are hooked as their responses end
// (commitmsg.go), so that no retry round is asked for in vain. Running
// the command again, once the hook is satisfied, records the rest.

// checkSetup is one run's checks.
type checkSetup struct {
	// ctx is the run's context: response.end, where checks start, has
	// none of its own, and configured commands must stop with the run.
	ctx    context.Context
	policy check.Policy
	config check.Config
	hook   *check.CommitMsg // nil: none, --no-verify or a dry run
}

// setupChecks reads the checks policy and configuration, and finds the
// commit-msg hook, before anything is applied.
func (a *applier) setupChecks(ctx context.Context) error {
	s := &checkSetup{ctx: ctx, policy: check.Report}
	a.checks = s
	if a.opts.Checks != "" {
		p, err := check.ParsePolicy(a.opts.Checks)
		if err != nil {
			return exitcode.UsageErrorf("unknown --checks %q; use off, report or require", a.opts.Checks)
		}
		s.policy = p
	}
	var (
		wg                 sync.WaitGroup
		configErr, hookErr error
	)
	if s.policy != check.Off || a.opts.Checks == "" {
		wg.Go(func() {
			list, err := a.repo.ConfigList(ctx)
			if err != nil {
				configErr = err
				return
			}
			s.config, configErr = check.ParseConfig(list)
		})
	}
	if !a.opts.NoVerify && !a.opts.DryRun {
		wg.Go(func() {
			s.hook, hookErr = check.CommitMsgAt(ctx, a.repo.CommitMsgHook, a.repo.Dir, a.repo.WorkTree, a.repo.GitDir)
		})
	}
	wg.Wait()
	var ce *check.ConfigError
	switch {
	case errors.As(configErr, &ce):
		return exitcode.WithCode(exitcode.Usage, ce)
	case configErr != nil:
		return exitcode.WithCode(exitcode.Repo, configErr)
	case hookErr != nil:
		return exitcode.WithCode(exitcode.Repo, hookErr)
	}
	if a.opts.Checks == "" && s.config.Policy != "" {
		s.policy = s.config.Policy
	}
	return nil
}

// snapshot keeps the tree as a response starts, when checks will need it:
// the content before the response, and the state to go back to.
func (a *applier) snapshot(tfs *gitops.TreeFS, dryRun bool) *gitops.TreeFS {
	if a.checks == nil || a.checks.policy == check.Off || dryRun {
		return nil
	}
	return tfs.Snapshot()
}

// check runs the checks on a response whose tree was just written, and
// returns the tree to commit: tree, or under require when a check did
// not pass, the tree the response started from.
func (r *response) check(tree plumbing.Hash) (plumbing.Hash, error) {
	if r.before == nil {
		return tree, nil
	}
	s := r.b.a.checks
	start, err := r.b.a.repo.WriteTree(r.before) // its hash: it was written
	if err != nil {
		return tree, exitcode.WithCode(exitcode.Repo, err)
	}
	// The paths the response changed: kept when they are few, else read
	// from its trees each time they are walked, never a list of them all.
	var kept []string
	diffErr := r.b.a.repo.DiffTrees(start, tree, func(p string) bool {
		kept = append(kept, p)
		return len(kept) <= keptChanged
	})
	if len(kept) == 0 {
		return tree, diffErr
	}
	changed := slices.Values(kept)
	if len(kept) > keptChanged {
		changed = func(yield func(string) bool) {
			if diffErr == nil {
				diffErr = r.b.a.repo.DiffTrees(start, tree, yield)
			}
		}
	}
	var outcomes []check.Outcome
	if s.config.Syntax {
		if o, ok := check.Syntax(r.syntaxFiles(changed)); ok {
			outcomes = append(outcomes, o)
		}
	}
	outcomes = append(outcomes, r.runCommands(tree, changed)...)
	if diffErr != nil {
		return tree, exitcode.WithCode(exitcode.Repo, diffErr)
	}
	failed := ""
	for _, o := range outcomes {
		r.r.checks = append(r.r.checks, o)
		if !r.b.quiet {
			r.b.a.out.check(o)
		}
		if !o.OK() && failed == "" {
			failed = o.Name
		}
	}
	if failed == "" || s.policy != check.Require {
		return tree, nil
	}
	r.b.tfs.Restore(r.before)
	r.r.rollBack(fmt.Sprintf("rolled back: check %s did not pass (--checks=require)", failed))
	if !r.b.quiet {
		r.b.a.out.note("  %s rolled back: check %s did not pass; its commit records the failure", r.r.label(r.b.st.multi), failed)
	}
	tree, err = r.b.a.repo.WriteTree(r.b.tfs)
	if err != nil {
		return tree, exitcode.WithCode(exitcode.Repo, err)
	}
	return tree, nil
}

// syntaxFiles yields the changed files that the syntax check knows,
// before and after the response, one at a time, a moved file paired with
// its old content (check.PairMove). The removed files a new one may have
// been moved from are read first and kept, up to maxPaired bytes: past
// it, a new file is checked as new.
func (r *response) syntaxFiles(changed func(func(string) bool)) func(func(check.File) bool) {
	return func(yield func(check.File) bool) {
		var removed []check.File
		size := 0
		changed(func(p string) bool {
			if !check.Checkable(p) || exists(r.b.tfs, p) {
				return true
			}
			if before := readFile(r.before, p); before != nil {
				size += len(before)
				if size > maxPaired {
					return false
				}
				removed = append(removed, check.File{Path: p, Before: before})
			}
			return true
		})
		n := 0
		changed(func(p string) bool {
			if !check.Checkable(p) {
				return true
			}
			if n++; n%trimChecked == 0 {
				// The folders read so far, both sides, let go of: nothing
				// in them changed since they were written.
				_, _ = r.b.a.repo.TrimTree(r.b.tfs)
				_, _ = r.b.a.repo.TrimTree(r.before)
			}
			f := check.File{Path: p, Before: readFile(r.before, p), After: readFile(r.b.tfs, p)}
			check.PairMove(&f, removed)
			return yield(f)
		})
	}
}

// trimChecked is how many files the syntax check reads between two
// lettings go of the folders it read them from.
const trimChecked = 4096

// keptChanged is how many changed paths the checks keep, walking the
// trees once; a response that changed more has them read again at each
// walk.
const keptChanged = 4096

// maxPaired bounds what the syntax check keeps of removed files.
const maxPaired = 32 << 20

// exists reports whether p is in the tree now.
func exists(fsys *gitops.TreeFS, p string) bool {
	_, err := fsys.Lstat(p)
	return err == nil
}

// readFile returns a file's content, nil when it does not exist (or is
// not a regular file); an empty file is empty, not nil.
func readFile(fsys *gitops.TreeFS, p string) []byte {
	b, err := util.ReadFile(fsys, p)
	if err != nil {
		return nil
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

// runCommands runs the configured checks that want this response's
// changes, one after the other in one temporary checkout of its tree.
func (r *response) runCommands(tree plumbing.Hash, changed func(func(string) bool)) []check.Outcome {
	s := r.b.a.checks
	var want []check.Command
	for _, c := range s.config.Commands {
		if c.WantsOf(changed) {
			want = append(want, c)
		}
	}
	if len(want) == 0 {
		return nil
	}
	list, remove, err := changedList(changed)
	if err != nil {
		return brokenAll(want, "cannot list the changed paths: "+err.Error())
	}
	defer remove()
	dir, removeDir, err := r.b.a.repo.TempCheckout(s.ctx, tree)
	if err != nil {
		return brokenAll(want, "cannot check out the response's tree: "+err.Error())
	}
	defer removeDir()
	var out []check.Outcome
	for _, c := range want {
		out = append(out, c.Run(s.ctx, dir, list))
	}
	return out
}

// changedList writes the changed paths to a temporary file, one a line,
// for AIEDIT_CHANGED_FILE, and keeps them for AIEDIT_CHANGED while they
// fit in it.
func changedList(changed func(func(string) bool)) (check.Changed, func(), error) {
	f, err := ownedtemp.CreateTemp("git-aiedit-changed-", ".txt")
	if err != nil {
		return check.Changed{}, func() {}, err
	}
	remove := func() { os.Remove(f.Name()) }
	w := bufio.NewWriter(f)
	var lines strings.Builder
	fits := true
	changed(func(p string) bool {
		w.WriteString(p)
		w.WriteByte('\n')
		if fits = fits && lines.Len()+len(p)+1 <= check.MaxChangedLines; fits {
			if lines.Len() > 0 {
				lines.WriteByte('\n')
			}
			lines.WriteString(p)
		}
		return true
	})
	err = errors.Join(w.Flush(), f.Close())
	if err != nil {
		remove()
		return check.Changed{}, func() {}, err
	}
	list := check.Changed{File: f.Name()}
	if fits {
		list.Lines = lines.String()
	}
	return list, remove, nil
}

func brokenAll(cmds []check.Command, msg string) []check.Outcome {
	out := make([]check.Outcome, len(cmds))
	for i, c := range cmds {
		out[i] = check.Outcome{Name: c.Name, Status: check.Broken, Message: msg}
	}
	return out
}
