package blame

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// git blame follows a file to its old name only when the commit that
// moved it left at least half of it as it was. A response that moved a
// small file and edited it (`git mv` with an edit block) is then blamed
// for every line, and the lines it only moved, which its note does not
// claim, would read as a person's at the response's commit. The
// response's trailers say what it moved (history.MovedTo): such a line is
// followed to where it was in the commit's parent and blamed there.

// maxFollow bounds the moves followed for one line.
const maxFollow = 20

// follower resolves owners, following moves; it remembers the
// blames and changes it read.
type follower struct {
	repo    *gitops.Repo
	res     *provenance.Resolver
	blames  map[[2]string][]gitops.BlameLine
	changes map[plumbing.Hash]*moved
}

// moved is what one response commit moved.
type moved struct {
	parent plumbing.Hash
	from   map[string]string             // new path -> old path
	files  map[string]history.FileChange // by path, both sides
}

func newFollower(repo *gitops.Repo, res *provenance.Resolver) *follower {
	return &follower{repo: repo, res: res, blames: map[[2]string][]gitops.BlameLine{}, changes: map[plumbing.Hash]*moved{}}
}

// owner is the owner of line b, and the blame line it was followed to.
func (f *follower) owner(ctx context.Context, b gitops.BlameLine) (gitops.BlameLine, provenance.Owner, error) {
	for depth := 0; ; depth++ {
		o, err := f.res.Who(b.Commit, b.OrigPath, b.OrigLine, b.Author)
		if err != nil || o.AI || o.Unknown || depth == maxFollow {
			return b, o, err
		}
		prev, ok, err := f.before(ctx, b)
		if err != nil || !ok {
			return b, o, err
		}
		b = prev
	}
}

// before is line b blamed in its commit's parent, when that commit is a
// response that moved the file there and left the line as it was.
func (f *follower) before(ctx context.Context, b gitops.BlameLine) (gitops.BlameLine, bool, error) {
	m, err := f.moves(ctx, b.Commit)
	if err != nil || m == nil {
		return b, false, err
	}
	src, ok := m.from[b.OrigPath]
	if !ok {
		return b, false, nil
	}
	n := history.OldLine(string(m.files[src].Old), string(m.files[b.OrigPath].New), b.OrigLine)
	if n == 0 {
		return b, false, nil
	}
	key := [2]string{m.parent.String(), src}
	lines, seen := f.blames[key]
	if !seen {
		if lines, err = f.repo.Blame(ctx, m.parent.String(), src); err != nil {
			return b, false, err
		}
		f.blames[key] = lines
	}
	if n > len(lines) {
		return b, false, nil
	}
	p := lines[n-1]
	p.Line, p.Text = b.Line, b.Text
	return p, true, nil
}

// moves reads what commit moved; nil when it is not a response commit
// or moved nothing.
func (f *follower) moves(ctx context.Context, commit plumbing.Hash) (*moved, error) {
	if m, ok := f.changes[commit]; ok {
		return m, nil
	}
	f.changes[commit] = nil
	c, err := f.repo.Commit(commit)
	if err != nil {
		return nil, err
	}
	r, ok := history.FromCommit(c)
	if !ok || len(c.ParentHashes) == 0 {
		return nil, nil
	}
	changes, err := history.Changes(ctx, f.repo, r)
	if err != nil {
		return nil, err
	}
	from := history.MovedTo(r, changes)
	if len(from) == 0 {
		return nil, nil
	}
	m := &moved{parent: c.ParentHashes[0], from: from, files: map[string]history.FileChange{}}
	for _, ch := range changes {
		m.files[ch.Path] = ch
	}
	f.changes[commit] = m
	return m, nil
}
