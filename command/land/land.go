// Package land implements `git aiedit land`: it brings a review branch
// onto its target the way teams merge (a rebase or one squashed commit)
// and keeps the attribution notes true for the new commits.
package land

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
	"github.com/git-aiedit/git-aiedit/internal/refmove"
	"github.com/git-aiedit/git-aiedit/internal/sharehint"
)

// Options are the inputs of `git aiedit land [--squash|--rebase] [--onto B] [BRANCH]`.
type Options struct {
	IO     *iostreams.IOStreams
	Dir    string
	Branch string // the review branch; "" = the current branch
	Onto   string // the target; "" = the current branch when it is not Branch
	Squash bool
	Rebase bool // the default
	// WithBase lands a live branch's session-start snapshot too (base.go).
	WithBase bool
}

// Run lands the branch.
func Run(ctx context.Context, opts *Options) error {
	if opts.Squash && opts.Rebase {
		return exitcode.UsageErrorf("land: choose one of --squash and --rebase")
	}
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	l := &lander{opts: opts, repo: repo}
	return l.run(ctx)
}

type lander struct {
	opts         *Options
	repo         *gitops.Repo
	branch, onto string           // short names
	dropped      []*gitops.Commit // session-start snapshots left out (base.go)
	failedOnly   []*gitops.Commit // responses that changed no file, left out (failed.go)
}

// run lands the branch: it settles which branch goes where, lists what
// to land, builds the new commits and their notes, and only then moves
// the target, so that a refusal changes nothing.
func (l *lander) run(ctx context.Context) error {
	if err := l.resolveNames(ctx); err != nil {
		return err
	}
	tip, target, base, err := l.ends(ctx)
	if err != nil || base == tip {
		return err
	}
	commits, done, err := l.toLand(ctx, tip, base)
	if done || err != nil {
		return err
	}
	dest, err := refmove.Find(ctx, l.repo, "land", l.onto)
	if err != nil {
		return err
	}
	mode := "rebase"
	if l.opts.Squash {
		mode = "squash"
	}
	newTip, notes, err := l.build(ctx, commits, target, base)
	if err != nil {
		return err
	}
	if newTip == target {
		fmt.Fprintf(l.opts.IO.ErrOut, "nothing to land: the changes of %s are already in %s\n", l.branch, l.onto)
		return nil
	}
	if err := l.adopt(ctx, dest, target, newTip); err != nil {
		return err
	}
	if err := l.repo.AddNotes(ctx, attrnote.Ref, notes, fmt.Sprintf("aiedit: land %s onto %s (%s)", l.branch, l.onto, mode)); err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	reason := fmt.Sprintf("aiedit: land %s (%s)", l.branch, mode)
	if err := dest.Move(ctx, l.repo, newTip, target, reason); err != nil {
		return dest.Explain("land", err, fmt.Sprintf("land: %s moved while landing; nothing was changed; run the command again", l.onto))
	}
	return l.report(ctx, len(commits), newTip, len(notes) > 0, dest)
}

// resolveNames settles the review branch and its target from the
// options and the current branch, refusing what names no landing.
func (l *lander) resolveNames(ctx context.Context) error {
	current := l.repo.ShortName(ctx, "HEAD")
	l.branch = strings.TrimPrefix(l.opts.Branch, "refs/heads/")
	if l.branch == "" {
		l.branch = current
	}
	l.onto = strings.TrimPrefix(l.opts.Onto, "refs/heads/")
	if l.opts.Branch == "" && current != "" && current != "HEAD" {
		if err := l.chooseBranch(ctx, current); err != nil {
			return err
		}
	}
	if l.onto == "" {
		if current == l.branch || current == "HEAD" || current == "" {
			if l.branch == "" || l.branch == "HEAD" {
				return exitcode.UsageErrorf("HEAD is not on a branch; name the review branch and its target: git aiedit land --onto %s aiedit/NAME", l.target(ctx))
			}
			return exitcode.UsageErrorf("name the branch to land %s on with --onto: git aiedit land --onto %s %s", l.branch, l.target(ctx), l.branch)
		}
		l.onto = current
	}
	if l.branch == "" || l.branch == "HEAD" {
		return exitcode.UsageErrorf("HEAD is not on a branch; name the review branch: git aiedit land --onto %s aiedit/NAME", l.target(ctx))
	}
	if l.branch == l.onto {
		return exitcode.UsageErrorf("%s cannot be landed on itself; name the target with --onto", l.branch)
	}
	return nil
}

// ends reads the review branch's tip, the target's and their merge base.
// base == tip (with a nil error) when there is nothing to land, which it
// has said.
func (l *lander) ends(ctx context.Context) (tip, target, base plumbing.Hash, err error) {
	// The review branch may be a remote-tracking one (origin/aiedit/fix
	// on a fresh clone): land only reads it.
	_, tip, ok, err := l.repo.BranchRef(ctx, l.branch)
	if err != nil {
		return tip, target, base, exitcode.WithCode(exitcode.Repo, err)
	}
	if !ok {
		return tip, target, base, exitcode.UsageErrorf("land: no branch %s (git aiedit branches lists the review branches)", l.branch)
	}
	target, ok, err = l.repo.ReadRef(ctx, "refs/heads/"+l.onto)
	if err != nil {
		return tip, target, base, exitcode.WithCode(exitcode.Repo, err)
	}
	if !ok {
		if ref, _, remote, _ := l.repo.BranchRef(ctx, l.onto); remote && strings.HasPrefix(ref, "refs/remotes/") {
			return tip, target, base, exitcode.UsageErrorf("land: %s is a remote-tracking branch, which only fetch moves; land on the local branch, then push it", l.onto)
		}
		return tip, target, base, exitcode.UsageErrorf("land: no branch %s to land on", l.onto)
	}
	base, found, err := l.repo.MergeBase(ctx, target, tip)
	if err != nil {
		return tip, target, base, exitcode.WithCode(exitcode.Repo, err)
	}
	if !found {
		return tip, target, base, exitcode.UsageErrorf("land: %s and %s share no history", l.branch, l.onto)
	}
	if base == tip {
		fmt.Fprintf(l.opts.IO.ErrOut, "nothing to land: %s is already in %s\n", l.branch, l.onto)
	}
	return tip, target, base, nil
}

// toLand lists the commits to land, oldest first, leaving out the
// session-start snapshots unless --with-base; done when none is left,
// which it has said.
func (l *lander) toLand(ctx context.Context, tip, base plumbing.Hash) (commits []*gitops.Commit, done bool, err error) {
	commits, err = l.commits(ctx, tip, base)
	if err != nil {
		return nil, true, err
	}
	if commits, err = l.leaveFailed(ctx, commits); err != nil || len(commits) == 0 {
		return nil, true, err
	}
	if l.opts.WithBase {
		return commits, false, nil
	}
	turns, snapshots := leaveBase(commits)
	if len(turns) == 0 {
		fmt.Fprintf(l.opts.IO.ErrOut, "nothing to land: %s holds only the working tree as the session began, no turn of the agent; land it with --with-base if you mean to\n", l.branch)
		return nil, true, nil
	}
	l.dropped = snapshots
	return turns, false, nil
}

// build writes the landed commits on target, squashed or rebased, and
// the notes that keep their attribution; it moves nothing.
func (l *lander) build(ctx context.Context, commits []*gitops.Commit, target, base plumbing.Hash) (newTip plumbing.Hash, notes map[plumbing.Hash][]byte, err error) {
	res, err := provenance.NewResolver(ctx, l.repo)
	if err != nil {
		return plumbing.ZeroHash, nil, exitcode.WithCode(exitcode.Repo, err)
	}
	notes = map[plumbing.Hash][]byte{}
	if l.opts.Squash {
		newTip, err = l.squash(ctx, res, commits, target, base, notes)
	} else {
		newTip, err = l.rebase(ctx, res, commits, target, base, notes)
	}
	return newTip, notes, err
}

// report says what landed, what was left out, and how to share the
// notes.
func (l *lander) report(ctx context.Context, landed int, newTip plumbing.Hash, noted bool, dest *refmove.Branch) error {
	how := "as " + english.Count(landed, "commit")
	if l.opts.Squash {
		how = "as one commit"
	}
	fmt.Fprintf(l.opts.IO.ErrOut, "landed %s of %s on %s %s: %s is now at %s\n", english.Count(landed, "commit"), l.branch, l.onto, how, l.onto, short(newTip))
	if dest.Adopt != nil && len(dest.Adopt.Adopted) > 0 {
		fmt.Fprintf(l.opts.IO.ErrOut, "the agent's changes to %s were already in %s: they are committed now, and your other changes are as they were\n",
			english.Count(len(dest.Adopt.Adopted), "file"), dest.Where())
	}
	if len(l.failedOnly) > 0 {
		fmt.Fprintln(l.opts.IO.ErrOut, l.failedLeftOut())
	}
	if len(l.dropped) > 0 {
		msg, err := l.leftOut(ctx, l.dropped)
		if err != nil {
			return err
		}
		fmt.Fprintln(l.opts.IO.ErrOut, msg)
	}
	if noted {
		// A plain git push of the notes is refused once someone else
		// pushed theirs: the hint names the command that merges.
		if hint := sharehint.Notes(ctx, l.repo, "push"); hint != "" {
			fmt.Fprintf(l.opts.IO.ErrOut, "attribution kept in %s; share it with: %s\n", attrnote.Ref, hint)
		} else {
			fmt.Fprintf(l.opts.IO.ErrOut, "attribution kept in %s\n", attrnote.Ref)
		}
	}
	return nil
}

// commits lists the branch's commits after base, oldest first; merges
// are refused (replaying them is not land's business).
func (l *lander) commits(ctx context.Context, tip, base plumbing.Hash) ([]*gitops.Commit, error) {
	var out []*gitops.Commit
	err := l.repo.FirstParents(ctx, tip, base, func(c *gitops.Commit) error {
		if len(c.ParentHashes) != 1 {
			return exitcode.UsageErrorf("land: %s %q on %s is a merge or root commit; land replays only ordinary commits (rebase it first)", short(c.Hash), firstLine(c.Message), l.branch)
		}
		if len(out) > history.MaxRange {
			return exitcode.UsageErrorf("land: %s has more than %d commits after %s", l.branch, history.MaxRange, l.onto)
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		var ee *exitcode.Error
		if errors.As(err, &ee) {
			return nil, err
		}
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// rebase replays the commits on the target, each keeping its author and
// message, and moves each note to its copy. When the target has not
// moved since the branch left it, the commits themselves land.
func (l *lander) rebase(ctx context.Context, res *provenance.Resolver, commits []*gitops.Commit, target, base plumbing.Hash, notes map[plumbing.Hash][]byte) (plumbing.Hash, error) {
	if target == base && len(l.dropped) == 0 && len(l.failedOnly) == 0 {
		// The commits themselves land: each is held to the rules where it
		// differs from its parent, as a merged tree is.
		for _, c := range commits {
			p, err := l.repo.Commit(c.ParentHashes[0])
			if err != nil {
				return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
			}
			if err := l.repo.CheckMergedTree(c.TreeHash, p.TreeHash); err != nil {
				return plumbing.ZeroHash, l.pickError(fmt.Sprintf("%s %q on %s", short(c.Hash), firstLine(c.Message), l.onto), err)
			}
		}
		return commits[len(commits)-1].Hash, nil
	}
	parent := target
	for _, c := range commits {
		tree, clean, err := l.repo.Pick(ctx, c, parent)
		if err != nil {
			return plumbing.ZeroHash, l.pickError(fmt.Sprintf("%s %q on %s", short(c.Hash), firstLine(c.Message), l.onto), err)
		}
		if !clean {
			return plumbing.ZeroHash, l.conflict(c)
		}
		if same, err := l.sameTree(parent, tree); err != nil || same {
			if err != nil {
				return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
			}
			continue // already there, as git rebase drops it
		}
		n, err := l.repo.WriteCommitAs(ctx, tree, []plumbing.Hash{parent}, c.Message, c.Author)
		if err != nil {
			return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
		}
		note, err := res.Moved(c.Hash, n)
		if err != nil {
			return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
		}
		if note != nil {
			notes[n] = note.EncodeFor(n)
		}
		parent = n
	}
	return parent, nil
}

// sameTree reports whether commit's tree is tree.
func (l *lander) sameTree(commit, tree plumbing.Hash) (bool, error) {
	c, err := l.repo.Commit(commit)
	if err != nil {
		return false, err
	}
	return c.TreeHash == tree, nil
}

// pickError is a merge's failure: a tree git fsck --strict would refuse
// (what is said of what, and the path to fix), or a repository problem.
func (l *lander) pickError(what string, err error) error {
	var fe *gitops.FsckError
	if errors.As(err, &fe) {
		return &exitcode.Error{Code: exitcode.Partial, Err: fmt.Errorf(
			"land: %s would make a tree git fsck --strict refuses: %v; nothing was changed: fix %s on %s, then land again",
			what, fe, fe.Path, l.branch)}
	}
	return exitcode.WithCode(exitcode.Repo, err)
}

func (l *lander) conflict(c *gitops.Commit) error {
	if len(l.dropped) > 0 {
		return &exitcode.Error{Code: exitcode.Partial, Err: fmt.Errorf(
			"land: %s %q does not apply on %s without the working tree the session began with (%s, left out: the turn builds on it); nothing was changed: land it with the snapshot: git aiedit land --with-base --onto %s %s",
			short(c.Hash), firstLine(c.Message), l.onto, short(l.dropped[0].Hash), l.onto, l.branch)}
	}
	return &exitcode.Error{Code: exitcode.Partial, Err: fmt.Errorf(
		"land: %s %q does not apply on %s (it conflicts with what %s gained since); nothing was changed: rebase %s on %s by hand, then land again",
		short(c.Hash), firstLine(c.Message), l.onto, l.onto, l.branch, l.onto)}
}

// squash makes one commit on the target with the branch's changes, a
// message listing its commits, and the composed attribution.
func (l *lander) squash(ctx context.Context, res *provenance.Resolver, commits []*gitops.Commit, target, base plumbing.Hash, notes map[plumbing.Hash][]byte) (plumbing.Hash, error) {
	last := commits[len(commits)-1]
	tree := last.TreeHash
	if target == base && len(l.dropped) == 0 {
		// The branch's own tree lands: held to the rules where it differs
		// from the target's, as a merged tree is.
		t, err := l.repo.Commit(target)
		if err != nil {
			return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
		}
		if err := l.repo.CheckMergedTree(tree, t.TreeHash); err != nil {
			return plumbing.ZeroHash, l.pickError("the changes of "+l.branch, err)
		}
	}
	if len(l.dropped) > 0 {
		// The turns without the snapshot they were made on: replayed one
		// by one, their last tree is the change.
		tip, err := l.rebase(ctx, res, commits, target, base, map[plumbing.Hash][]byte{})
		if err != nil {
			return plumbing.ZeroHash, err
		}
		if tip == target {
			return target, nil
		}
		c, err := l.repo.Commit(tip)
		if err != nil {
			return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
		}
		tree = c.TreeHash
	} else if target != base {
		t, clean, err := l.repo.MergeTrees(ctx, target, last.Hash)
		if err != nil {
			return plumbing.ZeroHash, l.pickError("the changes of "+l.branch, err)
		}
		if !clean {
			// The branch is merged as one change: no one commit of it is
			// the one that conflicts.
			return plumbing.ZeroHash, &exitcode.Error{Code: exitcode.Partial, Err: fmt.Errorf(
				"land: the changes of %s (%s) do not apply on %s as one (they conflict with what %s gained since); nothing was changed: rebase %s on %s by hand, then land again",
				l.branch, english.Count(len(commits), "commit"), l.onto, l.onto, l.branch, l.onto)}
		}
		tree = t
		if same, err := l.sameTree(target, tree); err != nil || same {
			if err != nil {
				return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
			}
			return target, nil
		}
	}
	msg := l.squashMessage(commits)
	c, err := l.repo.WriteCommit(ctx, tree, []plumbing.Hash{target}, msg)
	if err != nil {
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	hashes := make([]plumbing.Hash, len(commits))
	for i, k := range commits {
		hashes[i] = k.Hash
	}
	note, err := res.Compose(ctx, hashes, c)
	if err != nil {
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	if note != nil {
		notes[c] = note.EncodeFor(c)
	}
	return c, nil
}

// squashMessage lists the responses, their retry rounds and the people's
// commits with their summaries; its trailers say where it came from.
// Aiedit-Squashed counts responses: a retry round's commit is the model's
// answer about a response already counted, not a response of its own.
func (l *lander) squashMessage(commits []*gitops.Commit) string {
	var responses []*history.Response
	var lines []string
	counted := map[string]bool{}
	assisted := map[string]bool{}
	var trailers []trailer.Trailer
	for _, c := range commits {
		r, ok := history.FromCommit(c)
		if !ok {
			lines = append(lines, fmt.Sprintf("- %s %s (%s)", short(c.Hash), firstLine(c.Message), c.Author.Name))
			trailers = append(trailers, reviewed(c)...)
			continue
		}
		if key := fmt.Sprintf("%s %d", r.Transcript, r.N); !counted[key] {
			counted[key] = true
			responses = append(responses, r)
		}
		lines = append(lines, fmt.Sprintf("- %s %s: %s (%s)", short(c.Hash), squashLabel(r), r.Subject, history.Counts(r.Summary)))
		for _, a := range r.AssistedBy {
			if !assisted[a] {
				assisted[a] = true
				trailers = append(trailers, trailer.Trailer{Key: trailer.KeyAssistedBy, Value: a})
			}
		}
	}
	subject := fmt.Sprintf("aiedit: %d responses from %s", len(responses), l.branch)
	if len(responses) == 1 && len(commits) == 1 {
		subject = responses[0].Subject
	}
	// The trailers carried over keep the order of their commits.
	rec := trailer.Record{Squashed: trailer.Squashed{N: len(responses), Branch: l.branch}}
	return trailer.FormatMessage(subject, "Landed from "+l.branch+":\n\n"+strings.Join(lines, "\n"), append(rec.Encode(), trailers...))
}

// squashLabel names a commit in the squash's list: "response 1/2", or
// "response 1/2, retry round 1" for the model's answer to a round.
func squashLabel(r *history.Response) string {
	if r.Round > 0 {
		return fmt.Sprintf("response %d/%d, retry round %d", r.N, r.Total, r.Round)
	}
	return fmt.Sprintf("response %d/%d", r.N, r.Total)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func short(h plumbing.Hash) string { return h.String()[:8] }

// reviewed returns the Aiedit-Reviewed trailers of a `git aiedit review`
// commit: the squash keeps the decisions with the changes.
func reviewed(c *gitops.Commit) []trailer.Trailer {
	var out []trailer.Trailer
	for _, v := range trailer.Decode(c.Message).Reviewed {
		out = append(out, trailer.Trailer{Key: trailer.KeyReviewed, Value: v.String()})
	}
	return out
}

// target names, for an example, the branch a review branch is most likely
// landed on: the first of main, master and trunk that exists, or BRANCH.
func (l *lander) target(ctx context.Context) string {
	for _, b := range []string{"main", "master", "trunk"} {
		if _, ok, err := l.repo.ReadRef(ctx, "refs/heads/"+b); err == nil && ok {
			return b
		}
	}
	return "BRANCH"
}

// holdsResponses reports whether HEAD's commit is a response commit: the
// checked-out branch is then a review branch (whatever its name), and
// what land lacks is its target.
func (l *lander) holdsResponses(ctx context.Context) bool {
	h, err := l.repo.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return false
	}
	c, err := l.repo.Commit(h)
	if err != nil {
		return false
	}
	_, ok := history.FromCommit(c)
	return ok
}
