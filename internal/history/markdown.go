package history

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// WriteMarkdown writes the pull-request summary of a selection:
// responses, per-file changes and failures with their reasons
// (`git aiedit log --markdown`, `apply --summary-md`). It is plain
// GitHub-flavoured Markdown, stable for the same commits.
func WriteMarkdown(ctx context.Context, w io.Writer, repo *gitops.Repo, sel *Selection) error {
	var b strings.Builder
	sum := sel.Summary()
	fmt.Fprintf(&b, "## AI edits: %s\n\n", plural(len(sel.Responses), "response"))
	if len(sel.Responses) == 0 {
		b.WriteString("No aiedit commits.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "%s.", Counts(sum))
	if t := transcripts(sel.Responses); t != "" {
		fmt.Fprintf(&b, " Transcript %s.", t)
	}
	if m := models(sel.Responses); m != "" {
		fmt.Fprintf(&b, " Model %s.", m)
	}
	b.WriteString("\n\n| response | commit | blocks | subject |\n|---|---|---|---|\n")
	for _, r := range sel.Responses {
		subject := cell(r.Subject)
		if !r.RevertedBy.IsZero() {
			subject = "(reverted by `" + r.RevertedBy.String()[:8] + "`) " + subject
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", r.Label(), r.Short(), Counts(r.Summary), subject)
	}
	if err := writePrompts(ctx, &b, repo, sel.Responses); err != nil {
		return err
	}

	files, err := fileTotals(ctx, repo, sel.Responses)
	if err != nil {
		return err
	}
	b.WriteString("\n### Files changed\n\n")
	if len(files) == 0 {
		b.WriteString("No file changed.\n")
	} else {
		b.WriteString("| file | change | lines |\n|---|---|---|\n")
		for _, f := range files {
			lines := fmt.Sprintf("+%d −%d", f.added, f.deleted)
			if f.binary {
				lines = "binary"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", cell(f.path), f.kind, lines)
		}
	}

	if sum.Problems() > 0 {
		b.WriteString("\n### Not applied\n\n")
		for _, r := range sel.Responses {
			for _, bl := range r.Blocks {
				if bl.OK() {
					continue
				}
				status := string(bl.Status)
				if bl.Detail != "" {
					status += ":" + bl.Detail
				}
				fmt.Fprintf(&b, "- response %d/%d, block %d, `%s` — **%s**: %s\n", r.N, r.Total, bl.Index, bl.Path, status, Explain(bl))
			}
		}
		fmt.Fprintf(&b, "\nThe text to send back to the model: `git aiedit retry-prompt %s`.\n", sel.Name)
	}
	var notRun []string
	for _, r := range sel.Responses {
		for _, s := range r.Shell {
			if s.Status != "applied" {
				notRun = append(notRun, fmt.Sprintf("- `%s` (%s, response %d/%d)", s.Command, s.Status, r.N, r.Total))
			}
		}
	}
	if len(notRun) > 0 {
		b.WriteString("\n### Commands suggested, not run\n\n" + strings.Join(notRun, "\n") + "\n")
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// Counts renders a summary as "2 applied, 1 failed", leaving out zeros
// other than applied, in Aiedit-Summary's order (as apply's last line).
func Counts(s Summary) string {
	parts := []string{fmt.Sprintf("%d applied", s.Applied)}
	for _, c := range []struct {
		n    int
		name string
	}{{s.AlreadyApplied, "already applied"}, {s.Failed, "failed"}, {s.Skipped, "skipped"}, {s.NotInContext, "not in context"}, {s.Rejected, "rejected"}, {s.Edited, "edited"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.name))
		}
	}
	return strings.Join(parts, ", ")
}

type fileTotal struct {
	path, kind     string
	added, deleted int
	binary         bool
	created, gone  bool
}

// fileTotals adds up each file's changes over the responses (each
// response's own diff), in path order.
func fileTotals(ctx context.Context, repo *gitops.Repo, rs []*Response) ([]*fileTotal, error) {
	byPath := map[string]*fileTotal{}
	for _, r := range rs {
		changes, err := Changes(ctx, repo, r)
		if err != nil {
			return nil, err
		}
		for _, c := range changes {
			f := byPath[c.Path]
			if f == nil {
				f = &fileTotal{path: c.Path, created: c.Status == 'A'}
				byPath[c.Path] = f
			}
			f.added += c.Added
			f.deleted += c.Deleted
			f.binary = f.binary || c.Binary
			f.gone = c.Status == 'D'
		}
	}
	out := make([]*fileTotal, 0, len(byPath))
	for _, f := range byPath {
		switch {
		case f.created && f.gone:
			continue // created and deleted again: nothing to review
		case f.created:
			f.kind = "added"
		case f.gone:
			f.kind = "deleted"
		default:
			f.kind = "modified"
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, nil
}

func transcripts(rs []*Response) string {
	return distinct(rs, func(r *Response) string { return r.TranscriptName() })
}

func models(rs []*Response) string {
	return distinct(rs, func(r *Response) string { return r.Model })
}

func distinct(rs []*Response, f func(*Response) string) string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rs {
		if v := f(r); v != "" && !seen[v] {
			seen[v] = true
			out = append(out, "`"+v+"`")
		}
	}
	return strings.Join(out, ", ")
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
