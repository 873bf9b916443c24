// Package review implements `git aiedit review`: after the fact, the
// hunks a branch's responses made are accepted, rejected or edited one by
// one (git add -p's keys on a terminal; --list, --accept and --reject for
// scripts), and the decisions become one commit on the branch, whose
// Aiedit-Reviewed trailers record each of them (docs/retry-and-review.md).
package review

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
	"github.com/git-aiedit/git-aiedit/internal/refmove"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Options are the inputs of `git aiedit review [BRANCH]`.
type Options struct {
	IO     *iostreams.IOStreams
	Dir    string // where to look for the repository ("" = current directory)
	Branch string // the review branch; "" = the newest one
	List   bool   // print the undecided hunks, one a line, and decide nothing
	Accept []string
	Reject []string
}

// state is what a run knows about the branch.
type state struct {
	repo   *gitops.Repo
	name   string // the branch's short name
	tip    plumbing.Hash
	order  map[string]int // response commit -> place on the branch, oldest 0
	hunks  []*Hunk        // every hunk still undecided (split parts where a hunk was split before), in order
	total  int            // hunks of the branch's responses, decided or not
	binary []string       // changes that cannot be reviewed line by line
}

// Run reviews the branch's hunks.
func Run(ctx context.Context, opts *Options) error {
	scripted := len(opts.Accept) > 0 || len(opts.Reject) > 0
	if opts.List && scripted {
		return exitcode.UsageErrorf("review: --list prints the undecided hunks; --accept and --reject decide them: give one or the other")
	}
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	branch := opts.Branch
	if branch == "" {
		ch, err := reviewbranch.Default(ctx, repo)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if ch.Name == "" {
			return exitcode.UsageErrorf("review: no review branches here (git aiedit branches lists them); name the branch: git aiedit review aiedit/NAME")
		}
		ch.Say(opts.IO.ErrOut, "review")
		branch = ch.Name
	}
	st, err := load(ctx, repo, branch)
	if err != nil {
		return err
	}
	if opts.List {
		return st.list(opts.IO)
	}
	b, err := refmove.Find(ctx, repo, "review", st.name)
	if err != nil {
		return err
	}
	if !b.Clean {
		return exitcode.UsageErrorf("review: branch %s is checked out in %s, which has local changes; commit or stash them first, then review", st.name, b.Where())
	}
	if len(st.hunks) == 0 && !scripted {
		fmt.Fprintf(opts.IO.ErrOut, "nothing to review: every hunk of %s is decided (%d in all)\n", st.name, st.total)
		return nil
	}
	var ds []Decision
	if scripted {
		ds, err = st.decide(opts.Accept, opts.Reject)
	} else {
		ds, err = st.ask(ctx, opts)
	}
	if err != nil {
		return err
	}
	if len(ds) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "nothing decided; %s is unchanged\n", st.name)
		return nil
	}
	commit, err := st.record(context.WithoutCancel(ctx), ds)
	if err != nil {
		return err
	}
	reason := fmt.Sprintf("aiedit: review (%s)", counts(ds))
	if err := b.Move(context.WithoutCancel(ctx), repo, commit, st.tip, reason); err != nil {
		return b.Explain("review", err, fmt.Sprintf("review: branch %s moved while reviewing; nothing was recorded; run the review again", st.name))
	}
	left := st.left(ds)
	fmt.Fprintf(opts.IO.ErrOut, "recorded the review of %s as %s: %s", st.name, commit.String()[:8], counts(ds))
	if left > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "; %s still undecided (git aiedit review %s)", english.Count(left, "hunk"), st.name)
	}
	fmt.Fprintln(opts.IO.ErrOut)
	return nil
}

// left counts the hunks (or parts) still undecided after ds.
func (st *state) left(ds []Decision) int {
	now := map[string]bool{}
	for _, d := range ds {
		now[d.Hunk.ID] = true
	}
	n := 0
	for _, h := range st.hunks {
		n += len(undecided(h, now))
	}
	return n
}

// load reads the branch: its responses, their hunks, and the decisions
// earlier reviews recorded.
func load(ctx context.Context, repo *gitops.Repo, branch string) (*state, error) {
	name := strings.TrimPrefix(branch, "refs/heads/")
	tip, ok, err := repo.ReadRef(ctx, "refs/heads/"+name)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	if !ok {
		if ref, _, found, _ := repo.BranchRef(ctx, name); found && strings.HasPrefix(ref, "refs/remotes/") {
			return nil, exitcode.UsageErrorf("review: %s is a remote-tracking branch, which only fetch moves; review a local copy (git switch -c NAME %s)", name, name)
		}
		return nil, exitcode.UsageErrorf("review: no branch %s (git aiedit branches lists the review branches)", name)
	}
	sel, err := history.Select(ctx, repo, tip.String())
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Usage, err)
	}
	if len(sel.Responses) == 0 {
		return nil, exitcode.UsageErrorf("review: %s holds no aiedit commits; name a review branch (git aiedit branches lists them)", name)
	}
	st := &state{repo: repo, name: name, tip: tip, order: map[string]int{}}
	decided, err := decidedOn(ctx, repo, tip, sel.Responses[0].Parent)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	// The note as placed on the commit's own lines: one git copied here
	// (notes.rewriteRef on a rebase) or joined on a squash reads right.
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	for i, r := range sel.Responses {
		st.order[r.Commit.String()] = i
		if !r.RevertedBy.IsZero() {
			continue // a git revert on the branch took it back already
		}
		changes, err := history.Changes(ctx, repo, r)
		if err != nil {
			return nil, exitcode.WithCode(exitcode.Repo, err)
		}
		note, _ := res.Note(r.Commit) // no note: blocks from the trailers
		hs, skipped := hunksOf(r, changes, note)
		st.binary = append(st.binary, skipped...)
		st.total += len(hs)
		for _, h := range hs {
			st.hunks = append(st.hunks, undecided(h, decided)...)
		}
	}
	return st, nil
}

// undecided returns h, or the parts of it not decided when an earlier
// review split it, or nothing when it is decided.
func undecided(h *Hunk, decided map[string]bool) []*Hunk {
	if decided[h.ID] {
		return nil
	}
	split := false
	for id := range decided {
		if strings.HasPrefix(id, h.ID+".") {
			split = true
			break
		}
	}
	if !split {
		return []*Hunk{h}
	}
	var out []*Hunk
	for _, p := range h.Split() {
		if !decided[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// decidedOn reads the hunk ids earlier reviews recorded on the
// first-parent history from tip down to stop.
func decidedOn(ctx context.Context, repo *gitops.Repo, tip, stop plumbing.Hash) (map[string]bool, error) {
	out := map[string]bool{}
	err := repo.FirstParents(ctx, tip, stop, func(c *gitops.Commit) error {
		if !history.IsReview(c) {
			return nil
		}
		for _, r := range trailer.Decode(c.Message).Reviewed {
			out[r.HunkID] = true
		}
		return nil
	})
	return out, err
}

// list prints the undecided hunks, one a line, its id first:
//
//	3f2a1bc9.2 2/5 b3 app.py:12 -1 +2
func (st *state) list(s *iostreams.IOStreams) error {
	for _, h := range st.hunks {
		del, add := h.counts()
		if _, err := fmt.Fprintf(s.Out, "%s %s %s:%d -%d +%d\n", h.ID, h.Label(), h.Path, h.ChangeLine(), del, add); err != nil {
			return err
		}
	}
	st.sayBinary(s)
	if len(st.hunks) == 0 {
		fmt.Fprintf(s.ErrOut, "nothing to review: every hunk of %s is decided (%d in all)\n", st.name, st.total)
	}
	return nil
}

func (st *state) sayBinary(s *iostreams.IOStreams) {
	for _, p := range st.binary {
		fmt.Fprintf(s.ErrOut, "not reviewable hunk by hunk (binary file, link, submodule or mode change): %s\n", p)
	}
}

// record writes the review commit on top of the tip: the decisions
// applied to the tip's tree, one Aiedit-Reviewed trailer each. It moves
// no ref.
func (st *state) record(ctx context.Context, ds []Decision) (plumbing.Hash, error) {
	tree, err := st.repo.TreeFS(st.tip)
	if err != nil {
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	if err := rewrite(tree, ds, st.order); err != nil {
		return plumbing.ZeroHash, conflictCode(err)
	}
	treeHash, err := st.repo.WriteTree(tree)
	if ue := (*gitops.UnsafePathError)(nil); errors.As(err, &ue) {
		// Hunks of one file decided apart can leave it as git refuses
		// (a .gitmodules line that only another hunk made harmless).
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Partial, fmt.Errorf(
			"review: these decisions leave %s as git fsck --strict refuses it (%s); nothing was recorded: decide its hunks alike (accept them all or reject them all)", ue.Path, ue.Reason))
	}
	if err != nil {
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	var rec trailer.Record
	for _, d := range ds {
		rec.Reviewed = append(rec.Reviewed, d.Trailer())
	}
	subject := fmt.Sprintf("aiedit: review of %s: %s", st.name, counts(ds))
	body := "Hunks of the branch's responses, decided by the reviewer: the rejected ones are taken back, the edited ones hold what the reviewer saved."
	msg := trailer.FormatMessage(subject, body, rec.Encode())
	h, err := st.repo.WriteCommit(ctx, treeHash, []plumbing.Hash{st.tip}, msg)
	if err != nil {
		return plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	return h, nil
}

// conflictCode gives a hunk that cannot be taken back exit 1, as land
// gives a conflict; anything else is a repository problem.
func conflictCode(err error) error {
	var ce *ConflictError
	if errors.As(err, &ce) {
		return exitcode.WithCode(exitcode.Partial, fmt.Errorf("review: %w; nothing was recorded", err))
	}
	return exitcode.WithCode(exitcode.Repo, err)
}

// trial reports whether ds can be applied to the tip (a rejection or an
// edit whose lines a later response changed cannot).
func (st *state) trial(ds []Decision) error {
	tree, err := st.repo.TreeFS(st.tip)
	if err != nil {
		return err
	}
	return rewrite(tree, ds, st.order)
}
