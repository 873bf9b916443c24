package provenance

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
)

// table numbers the (response, block) pairs that own lines; 0 is a
// line no response wrote.
type table struct {
	ids   map[string]int
	owner []Owner // by id-1
}

func newTable() *table { return &table{ids: map[string]int{}} }

// humanID owns a line a person wrote in one of the composed commits.
const humanID = -1

func (t *table) id(o Owner) int {
	if !o.AI {
		return humanID
	}
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%d", o.Response.Commit, o.Response.Transcript, o.Response.Response, o.Block)
	if id, ok := t.ids[key]; ok {
		return id
	}
	t.owner = append(t.owner, o)
	t.ids[key] = len(t.owner)
	return len(t.owner)
}

// fileState is a file's text with the owner id of each line.
type fileState struct {
	text   string
	owners []int
}

// note builds the attribution note of files whose lines carry ids of t.
func (t *table) note(files map[string]*fileState) *attrnote.Note {
	a := &attrnote.Note{}
	source := map[string]int{} // response commit -> index in a.Responses
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		f := attrnote.File{Path: p}
		for _, rg := range attribution.Runs(aiOnly(files[p].owners)) {
			o := t.owner[rg.Block-1]
			key := fmt.Sprintf("%s\x00%s\x00%d", o.Response.Commit, o.Response.Transcript, o.Response.Response)
			src, ok := source[key]
			if !ok {
				src = len(a.Responses)
				source[key] = src
				a.Responses = append(a.Responses, *o.Response)
			}
			f.Lines = append(f.Lines, attrnote.Lines{Start: rg.Start, End: rg.End, Source: src, Block: o.Block})
		}
		if len(f.Lines) > 0 {
			a.Files = append(a.Files, f)
		}
	}
	if len(a.Files) == 0 {
		return nil
	}
	return a
}

// aiOnly keeps the owners that are responses.
func aiOnly(owners []int) []int {
	out := make([]int, len(owners))
	for i, o := range owners {
		out[i] = max(o, 0)
	}
	return out
}

// Compose follows every line through commits (oldest first, each the
// first parent of the next) and returns the attribution of the tree of
// result: a line that a response wrote and no later commit changed is
// that response's; a line a later response changed is the later one's;
// a line a person changed (a commit with no note for it) is no
// response's. result's tree is the tree of the last commit, or one
// merged from it (land onto a target that moved): lines are carried
// through that last difference too.
func (r *Resolver) Compose(ctx context.Context, commits []plumbing.Hash, result plumbing.Hash) (*attrnote.Note, error) {
	t, files, err := r.compose(ctx, commits, result)
	if err != nil {
		return nil, err
	}
	return t.note(files), nil
}

func (r *Resolver) compose(ctx context.Context, commits []plumbing.Hash, result plumbing.Hash) (*table, map[string]*fileState, error) {
	t := newTable()
	files := map[string]*fileState{}
	for _, c := range commits {
		commit, err := r.repo.Commit(c)
		if err != nil {
			return nil, nil, err
		}
		parent := plumbing.ZeroHash
		if len(commit.ParentHashes) > 0 {
			parent = commit.ParentHashes[0]
		}
		changes, err := r.repo.DiffTree(ctx, parent, c)
		if err != nil {
			return nil, nil, err
		}
		for _, ch := range changes {
			if ch.NewHash.IsZero() || !ch.NewMode.IsFile() {
				delete(files, ch.Path)
				continue
			}
			prev := files[ch.Path]
			if prev == nil {
				prev = &fileState{}
				if !ch.OldHash.IsZero() && ch.OldMode.IsFile() {
					b, err := r.repo.Blob(ch.OldHash)
					if err != nil {
						return nil, nil, err
					}
					prev.text = string(b)
				}
			}
			b, err := r.repo.Blob(ch.NewHash)
			if err != nil {
				return nil, nil, err
			}
			var ferr error
			owners := attribution.Carry(prev.text, prev.owners, string(b), func(i int, _ string) int {
				o, err := r.Who(c, ch.Path, i+1, "")
				if err != nil {
					ferr = err
				}
				if o.Unknown && ferr == nil {
					ferr = &UnknownError{Commit: c, Reason: o.Reason}
				}
				return t.id(o)
			})
			if ferr != nil {
				return nil, nil, ferr
			}
			files[ch.Path] = &fileState{text: string(b), owners: owners}
		}
	}
	if len(commits) > 0 && result != commits[len(commits)-1] {
		for p, f := range files {
			data, ok, err := r.repo.FileAt(result, p)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				delete(files, p)
				continue
			}
			if string(data) != f.text {
				f.owners = attribution.Carry(f.text, f.owners, string(data), func(int, string) int { return 0 })
				f.text = string(data)
			}
		}
	}
	return t, files, nil
}

// Moved carries the note of commit old to commit new, a copy of it on
// another base (land --rebase): each file's lines follow the difference
// between the two versions of the file, and the responses name old (or
// the commit they already named). nil when old has no note.
func (r *Resolver) Moved(old, new plumbing.Hash) (*attrnote.Note, error) {
	note, err := r.Note(old)
	if err != nil || note == nil {
		return nil, err
	}
	t := newTable()
	files := map[string]*fileState{}
	for _, f := range note.Files {
		before, ok, err := r.repo.FileAt(old, f.Path)
		if err != nil || !ok {
			continue
		}
		after, ok, err := r.repo.FileAt(new, f.Path)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		n := strings.Count(string(before), "\n") + 1
		owners := make([]int, n)
		for _, l := range f.Lines {
			resp := note.Responses[l.Source]
			if resp.Commit == "" {
				resp.Commit = old.String()
			}
			id := t.id(Owner{AI: true, Response: &resp, Block: l.Block})
			for i := l.Start; i <= l.End && i <= n; i++ {
				owners[i-1] = id
			}
		}
		files[f.Path] = &fileState{text: string(after), owners: attribution.Carry(string(before), owners, string(after), func(int, string) int { return 0 })}
	}
	return t.note(files), nil
}
