// Package branches implements `git aiedit branches`: the review branches
// of a repository (the local branches `git aiedit apply` wrote whose
// newest commits are aiedit commits) with what they hold, and
// --prune-merged, which deletes the ones already merged.
package branches

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Options are the inputs of `git aiedit branches`.
type Options struct {
	IO          *iostreams.IOStreams
	Dir         string // where to look for the repository ("" = current directory)
	PruneMerged bool
	JSON        bool
}

// Run lists the review branches, or deletes the merged ones.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	list, err := reviewbranch.List(ctx, repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if opts.PruneMerged {
		return prune(ctx, repo, opts, list)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		if list == nil {
			list = []*reviewbranch.Branch{}
		}
		return enc.Encode(list)
	}
	if len(list) == 0 {
		fmt.Fprintln(opts.IO.ErrOut, "no review branches (branches git aiedit apply wrote, whose newest commits it made)")
		return nil
	}
	write(opts.IO, list)
	return nil
}

// padded before it is coloured, as colour codes have no width.
func write(s *iostreams.IOStreams, list []*reviewbranch.Branch) {
	cs := s.ColorScheme()
	rows := make([][4]string, len(list))
	var width [4]int
	for i, b := range list {
		n := fmt.Sprintf("%d responses", b.Responses)
		if b.Responses == 1 {
			n = "1 response"
		}
		problems := "all applied"
		if b.Problems > 0 {
			problems = fmt.Sprintf("%d failed", b.Problems)
		}
		state := "not merged"
		switch {
		case b.Current:
			state = "current"
		case b.Merged:
			state = "merged"
		}
		rows[i] = [4]string{b.Name, n, problems, state}
		for c, cell := range rows[i] {
			width[c] = max(width[c], len(cell))
		}
	}
	for i, b := range list {
		mark := "  "
		if b.Current {
			mark = "* "
		}
		cell := func(c int) string { return fmt.Sprintf("%-*s", width[c], rows[i][c]) }
		problems := cs.Green(cell(2))
		if b.Problems > 0 {
			problems = cs.Red(cell(2))
		}
		state := cell(3)
		if b.Merged && !b.Current {
			state = cs.Dim(state)
		}
		line := fmt.Sprintf("%s%s  %s  %s  %s  %s", mark, cell(0), cell(1), problems, state, strings.Join(b.Transcripts, ", "))
		fmt.Fprintln(s.Out, strings.TrimRight(line, " "))
	}
}

// prune deletes the merged review branches, each only if it still points
// where it was read (compare-and-swap), never the current branch, one
// a worktree has checked out, nor one a rebase or bisect in any worktree
// is working on. The reflog of HEAD keeps nothing of them:
// each deletion prints the commit to recreate it from.
func prune(ctx context.Context, repo *gitops.Repo, opts *Options, list []*reviewbranch.Branch) error {
	deleted := 0
	for _, b := range list {
		switch {
		case !b.Merged:
			continue
		case b.CheckedOut != "":
			fmt.Fprintf(opts.IO.ErrOut, "kept %s: checked out in %s\n", b.Name, b.CheckedOut)
			continue
		}
		// A branch a rebase or bisect will come back to is not checked
		// out (HEAD is detached), yet deleting it breaks the operation:
		// git's own `branch -d` refuses it too.
		if busy := repo.Busy("refs/heads/" + b.Name); busy != nil {
			how := fmt.Sprintf("finish it with `%s`, or `%s`", busy.Resume(), busy.Abandon())
			if busy.Resume() == busy.Abandon() {
				how = fmt.Sprintf("end it with `%s`", busy.Resume())
			}
			fmt.Fprintf(opts.IO.ErrOut, "kept %s: a %s in %s will come back to it (%s)\n", b.Name, busy.Op, busy.Worktree, how)
			continue
		}
		tip := plumbing.NewHash(b.Tip)
		err := repo.DeleteRef(ctx, "refs/heads/"+b.Name, tip, "aiedit: branches --prune-merged")
		if errors.Is(err, gitops.ErrRefMoved) {
			fmt.Fprintf(opts.IO.ErrOut, "kept %s: it moved while pruning\n", b.Name)
			continue
		}
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		deleted++
		fmt.Fprintf(opts.IO.Out, "deleted %s (was %s; git branch %s %s brings it back)\n", b.Name, b.Tip[:12], b.Name, b.Tip[:12])
	}
	if deleted == 0 {
		fmt.Fprintln(opts.IO.ErrOut, "no merged review branch to delete")
	}
	return nil
}
