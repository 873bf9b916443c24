package provenance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// Tally counts, in the files as sel's tip has them, the lines written
// on sel's commits: by response and model, and by people (fix-up
// commits between the responses). Lines the commits did not touch are
// not counted.
type Tally struct {
	Rows  []TallyRow
	Human int
}

// TallyRow is one response's line count.
type TallyRow struct {
	Response attrnote.Response
	Lines    int
}

// Count composes the attribution of the commits from the parent of
// sel's first response to its tip (first parents).
func Count(ctx context.Context, repo *gitops.Repo, sel *history.Selection) (*Tally, error) {
	if len(sel.Responses) == 0 {
		return &Tally{}, nil
	}
	var commits []plumbing.Hash
	err := repo.FirstParents(ctx, sel.Tip, sel.Responses[0].Parent, func(c *gitops.Commit) error {
		if len(commits) > history.MaxRange {
			return gitops.ErrStopWalk
		}
		commits = append(commits, c.Hash)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, j := 0, len(commits)-1; i < j; i, j = i+1, j-1 {
		commits[i], commits[j] = commits[j], commits[i]
	}
	r, err := NewResolver(ctx, repo)
	if err != nil {
		return nil, err
	}
	t, files, err := r.compose(ctx, commits, sel.Tip)
	if err != nil {
		return nil, err
	}
	tally := &Tally{}
	byResponse := map[string]int{}
	for _, f := range files {
		for _, o := range f.owners {
			switch {
			case o == humanID:
				tally.Human++
			case o > 0:
				resp := *t.owner[o-1].Response
				key := fmt.Sprintf("%s\x00%s\x00%d", resp.Commit, resp.Transcript, resp.Response)
				i, ok := byResponse[key]
				if !ok {
					i = len(tally.Rows)
					byResponse[key] = i
					tally.Rows = append(tally.Rows, TallyRow{Response: resp})
				}
				tally.Rows[i].Lines++
			}
		}
	}
	sort.SliceStable(tally.Rows, func(i, j int) bool {
		a, b := tally.Rows[i].Response, tally.Rows[j].Response
		if a.Transcript != b.Transcript {
			return a.Transcript < b.Transcript
		}
		return a.Response < b.Response
	})
	return tally, nil
}

// WriteTable appends the attribution table to a pull-request summary:
// lines per response (with its model) and lines by people.
func WriteTable(ctx context.Context, w io.Writer, repo *gitops.Repo, sel *history.Selection) error {
	if len(sel.Responses) == 0 {
		return nil
	}
	t, err := Count(ctx, repo, sel)
	var unknown *UnknownError
	if errors.As(err, &unknown) {
		// A table would have to guess the lines of that commit.
		_, err = fmt.Fprintf(w, "\n### Attribution\n\nNot counted: %s.\n", unknown.Error())
		return err
	}
	if err != nil {
		return err
	}
	total := t.Human
	for _, r := range t.Rows {
		total += r.Lines
	}
	if total == 0 {
		return nil
	}
	out := "\n### Attribution\n\nLines of the final files, by who wrote them last.\n\n| written by | model | lines |\n|---|---|---|\n"
	for _, r := range t.Rows {
		model := r.Response.Model
		if model == "" {
			model = "—"
		}
		out += fmt.Sprintf("| response %d/%d `%.8s` | %s | %d |\n", r.Response.Response, r.Response.Total, r.Response.Commit, model, r.Lines)
	}
	if t.Human > 0 {
		out += fmt.Sprintf("| people (fix-up commits) | — | %d |\n", t.Human)
	}
	_, err = io.WriteString(w, out)
	return err
}
