package provenance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
)

// settle turns the documents of commit's note into one note whose line
// numbers count commit's own lines. A note written for commit is read as
// it is. Otherwise git copied it here: notes.rewriteRef copies a note
// verbatim to the rebased commit, and concatenates the notes of the
// commits a squash joins. Each document names the commit it was written
// for; their lines are followed, in order, through the difference to
// the next one's commit and then to commit itself (a line that differs
// was written by something the notes do not describe: it is left out,
// so blame gives it to its author). Documents for the same commit join
// as a union (a notes merge). When a described commit is not in the
// repository any more, unknown says so and the note is nil.
func (r *Resolver) settle(commit plumbing.Hash, docs []*attrnote.Note) (note *attrnote.Note, unknown string, err error) {
	if len(docs) == 1 && docs[0].Commit == commit.String() {
		return docs[0], "", nil
	}
	if len(docs) == 1 && docs[0].Commit == "" {
		// Written before notes named their commit: it may be one git
		// copied here. Its lines must at least be lines this commit
		// changed.
		if stale, err := r.stale(commit, docs[0]); err != nil || stale != "" {
			return nil, stale, err
		}
		return docs[0], "", nil
	}
	t := newTable()
	files := map[string]*fileState{}
	cur := plumbing.ZeroHash
	for _, d := range docs {
		desc := commit
		if d.Commit == "" {
			// An older git-aiedit's document, joined with others: checked
			// as one alone is.
			if stale, err := r.stale(commit, d); err != nil || stale != "" {
				return nil, stale, err
			}
		}
		if d.Commit != "" {
			if !plumbing.IsHash(d.Commit) {
				return nil, fmt.Sprintf("its attribution note names %q as the commit it describes, which is not a commit name", d.Commit), nil
			}
			desc = plumbing.NewHash(d.Commit)
		}
		if !cur.IsZero() && desc != cur {
			if unknown, err := r.carryTo(files, cur, desc); unknown != "" || err != nil {
				return nil, unknown, err
			}
		}
		cur = desc
		for _, f := range d.Files {
			st := files[f.Path]
			if st == nil {
				data, ok, unknown, err := r.describedFile(desc, f.Path)
				if unknown != "" || err != nil {
					return nil, unknown, err
				}
				if !ok {
					continue // not a file of the commit it names: nothing to place
				}
				st = &fileState{text: data, owners: make([]int, lineCount(data))}
				files[f.Path] = st
			}
			for _, l := range f.Lines {
				resp := d.Responses[l.Source]
				if resp.Commit == "" {
					resp.Commit = desc.String()
				}
				id := t.id(Owner{AI: true, Response: &resp, Block: l.Block})
				for i := l.Start; i <= l.End && i <= len(st.owners); i++ {
					if st.owners[i-1] == 0 {
						st.owners[i-1] = id
					}
				}
			}
		}
	}
	if cur != commit {
		if unknown, err := r.carryTo(files, cur, commit); unknown != "" || err != nil {
			return nil, unknown, err
		}
	}
	if note := t.note(files); note != nil {
		return note, "", nil
	}
	// A note that, once placed, lists no line still says that no
	// response wrote a line of commit.
	return &attrnote.Note{Version: attrnote.Version}, "", nil
}

// carryTo moves every file's owners from the files of commit from to
// those of commit to.
func (r *Resolver) carryTo(files map[string]*fileState, from, to plumbing.Hash) (unknown string, err error) {
	for p, st := range files {
		data, ok, unknown, err := r.describedFile(to, p)
		if unknown != "" || err != nil {
			return unknown, err
		}
		if !ok {
			delete(files, p)
			continue
		}
		if data != st.text {
			st.owners = attribution.Carry(st.text, st.owners, data, func(int, string) int { return 0 })
			st.text = data
		}
	}
	return "", nil
}

// describedFile reads path as commit has it; unknown says why it cannot
// when commit is gone (a rebased commit that git gc pruned).
func (r *Resolver) describedFile(commit plumbing.Hash, path string) (data string, ok bool, unknown string, err error) {
	if _, err := r.repo.Commit(commit); err != nil {
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return "", false, fmt.Sprintf("its attribution note was written for commit %.12s, which is no longer in the repository, so its line numbers cannot be placed", commit), nil
		}
		return "", false, "", err
	}
	b, ok, err := r.repo.FileAt(commit, path)
	return string(b), ok, "", err
}

// lineCount is the number of lines Carry counts in text.
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }

// Unknown says why the owners of commit's lines cannot be told ("" when
// they can): see Owner.Unknown.
func (r *Resolver) Unknown(commit plumbing.Hash) (string, error) {
	in, err := r.info(commit)
	if err != nil {
		return "", err
	}
	return in.unknown, nil
}

// stale says why a note that names no commit cannot be this commit's:
// it lists a line the commit did not change (a note git copied from a
// rebased commit, with the old line numbers). "" when every listed line
// is one the commit changed from its first parent.
func (r *Resolver) stale(commit plumbing.Hash, note *attrnote.Note) (string, error) {
	c, err := r.repo.Commit(commit)
	if err != nil {
		return "", err
	}
	for _, f := range note.Files {
		data, ok, err := r.repo.FileAt(commit, f.Path)
		if err != nil {
			return "", err
		}
		if !ok {
			return fmt.Sprintf("its attribution note names %s, which this commit does not have: the note was written for another commit (git copied it here)", f.Path), nil
		}
		before := ""
		if len(c.ParentHashes) > 0 {
			b, _, err := r.repo.FileAt(c.ParentHashes[0], f.Path)
			if err != nil {
				return "", err
			}
			before = string(b)
		}
		changed := attribution.Carry(before, nil, string(data), func(int, string) int { return 1 })
		for _, l := range f.Lines {
			for i := l.Start; i <= l.End; i++ {
				if i > len(changed) || changed[i-1] == 0 {
					return fmt.Sprintf("its attribution note (written by an older git-aiedit, without the commit it describes) lists line %d of %s, which this commit did not change: it was written for another commit (git copied it here); run git aiedit relink", i, f.Path), nil
				}
			}
		}
	}
	return "", nil
}
