package provenance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/gitops"
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
func (r *Resolver) settle(commit plumbing.Hash, docs []*gitops.Attribution) (note *gitops.Attribution, unknown string, err error) {
	if len(docs) == 1 && (docs[0].Commit == "" || docs[0].Commit == commit.String()) {
		return docs[0], "", nil
	}
	t := newTable()
	files := map[string]*fileState{}
	cur := plumbing.ZeroHash
	for _, d := range docs {
		desc := commit
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
	return &gitops.Attribution{Version: gitops.AttributionVersion}, "", nil
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
