package relink

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// Run finds the commits of opts.Range that have no note of their own,
// matches each to the review commits it came from, and writes their
// notes in one notes commit. It reports what it linked and, by name,
// every commit that carries git-aiedit trailers but matched nothing.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	srcs, err := sources(repo, res.Notes())
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if len(srcs) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "relink: no review commit with an attribution note here, so nothing to relink from: fetch the notes (git aiedit notes pull) and the review branches first\n")
		return nil
	}
	targets, err := targetsOf(ctx, repo, opts.Range, srcs)
	if err != nil {
		return err
	}
	var todo []*object.Commit
	for _, h := range targets {
		if _, own := srcs[h]; own {
			continue
		}
		c, err := repo.Commit(h)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		todo = append(todo, c)
	}
	if len(todo) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "relink: every commit of %s has its note; nothing to do\n", rangeName(opts.Range))
		return nil
	}
	m := &matcher{repo: repo, srcs: srcs, byPatch: map[string][]*source{}, byTree: map[plumbing.Hash][]*object.Commit{}, ranges: map[[2]plumbing.Hash]string{}}
	all := make([]plumbing.Hash, 0, len(srcs)+len(todo))
	for h, s := range srcs {
		all = append(all, h)
		m.byTree[s.commit.TreeHash] = append(m.byTree[s.commit.TreeHash], s.commit)
	}
	for _, c := range todo {
		all = append(all, c.Hash)
	}
	if m.ids, err = repo.PatchIDs(ctx, all); err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	for h, s := range srcs {
		if id := m.ids[h]; id != "" {
			m.byPatch[id] = append(m.byPatch[id], s)
		}
	}
	if m.tips, err = branchTips(ctx, repo, srcs); err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	for h := range m.tips {
		if _, ok := srcs[h]; ok {
			continue // already listed
		}
		if c, err := repo.Commit(h); err == nil {
			m.byTree[c.TreeHash] = append(m.byTree[c.TreeHash], c)
		}
	}

	notes := map[plumbing.Hash][]byte{}
	var lines []string
	skipped := 0
	say := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	for _, t := range todo {
		name := fmt.Sprintf("%.8s %s", t.Hash, firstLine(t.Message))
		// A note git copied or joined here (notes.rewriteRef): written
		// again as this commit's own, once it can be placed.
		if docs, _ := provenance.ReadNote(repo, res.Notes(), t.Hash); docs != nil {
			note, err := res.Note(t.Hash)
			if err == nil && note != nil {
				notes[t.Hash] = note.EncodeFor(t.Hash)
				say("%s: the note git copied here, placed on this commit's lines", name)
				continue
			}
		}
		mt, why, err := m.find(ctx, t)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if mt == nil {
			if why == "" && !fromAiedit(t.Message) {
				skipped++
				continue
			}
			if why == "" {
				why = "it names git-aiedit responses but matches no review commit or branch exactly (fetch the review branches and their notes, or relink it where they are)"
			}
			say("left alone %s: %s", name, why)
			continue
		}
		var note *attrnote.Note
		var from string
		if mt.copyOf != nil {
			note, err = res.Moved(mt.copyOf.commit.Hash, t.Hash)
			from = fmt.Sprintf("rebased copy of %.8s", mt.copyOf.commit.Hash)
		} else {
			note, err = res.Compose(ctx, mt.run, t.Hash)
			from = "squash of " + mt.from
			if len(mt.run) == 1 && strings.Contains(mt.from, "..") { // one commit, on no named branch
				from = fmt.Sprintf("rebased copy of %.8s", mt.run[0])
			}
		}
		var unknown *provenance.UnknownError
		if errors.As(err, &unknown) {
			say("left alone %s: it matches %s, but %v", name, strings.TrimPrefix(from, "squash of "), err)
			continue
		}
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if note == nil {
			say("%s: %s, in which no line a response wrote is left; no note needed", name, from)
			continue
		}
		notes[t.Hash] = note.EncodeFor(t.Hash)
		say("%s: %s", name, from)
	}
	verb := "relinked"
	if opts.DryRun {
		verb = "would relink"
	} else if len(notes) > 0 {
		if err := repo.AddNotes(ctx, attrnote.Ref, notes, "aiedit: relink "+strconv.Itoa(len(notes))+" commit(s)"); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "left alone ") {
			fmt.Fprintf(opts.IO.ErrOut, "relink: %s\n", l)
		} else {
			fmt.Fprintf(opts.IO.ErrOut, "relink: %s %s\n", verb, l)
		}
	}
	fmt.Fprintf(opts.IO.ErrOut, "relink: %d note(s) %s; %d other commit(s) without a note match no review commit (people's commits)\n",
		len(notes), map[bool]string{true: "to write", false: "written"}[opts.DryRun], skipped)
	return nil
}

// targetsOf lists the commits to relink, newest last: RANGE's, or by
// default HEAD's back to a day before the oldest review commit (a hosted
// merge is made after the commits it merges).
func targetsOf(ctx context.Context, repo *gitops.Repo, rng string, srcs map[plumbing.Hash]*source) ([]plumbing.Hash, error) {
	args := []string{"--no-merges", "--reverse"}
	if rng == "" {
		if len(srcs) == 0 {
			return nil, nil
		}
		oldest := time.Now()
		for _, s := range srcs {
			if s.commit.Committer.When.Before(oldest) {
				oldest = s.commit.Committer.When
			}
		}
		args = append(args, "--since="+strconv.FormatInt(oldest.Add(-24*time.Hour).Unix(), 10), "HEAD")
	} else {
		if strings.HasPrefix(rng, "-") {
			return nil, exitcode.UsageErrorf("relink: %q is not a range; name commits as git rev-list does (main~5..main)", rng)
		}
		args = append(args, "--end-of-options", rng)
	}
	hs, err := repo.Walk(ctx, args...)
	if err != nil {
		if errors.Is(err, gitops.ErrNotCommit) {
			return nil, exitcode.UsageErrorf("relink: %v; for a range: main~5..main", err)
		}
		if rng != "" {
			return nil, exitcode.UsageErrorf("relink: %s names no commits (%v); name a range such as main~5..main", rng, err)
		}
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	return hs, nil
}

// fromAiedit: the message carries git-aiedit's trailers (a hosted squash
// keeps the squashed commits' messages in its body).
func fromAiedit(msg string) bool {
	for _, l := range strings.Split(msg, "\n") {
		l = strings.TrimSpace(l) // git merge --squash indents the messages it lists
		if strings.HasPrefix(l, trailer.KeyResponse+":") || strings.HasPrefix(l, trailer.KeySquashed+":") {
			return true
		}
	}
	return false
}

func rangeName(rng string) string {
	if rng == "" {
		return "the current branch"
	}
	return rng
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
