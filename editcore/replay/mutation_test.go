package replay

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/match"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/searchreplace"
)

// tally counts the outcomes of one perturbation.
type tally struct {
	blocks         int // blocks the perturbation changed
	recovered      int // applied by the ladder, same result as unperturbed
	layout         int // applied in the right place; differs only in trailing spaces or blank lines
	failed         int // refused (not found, ambiguous, malformed)
	ambiguous      int // of which ambiguous_anchor
	wrong          int // applied, different code
	exact          int // recovered with every location found by the exact step
	steps          map[match.Step]int
	wrongCases     []string
	layoutCases    []string
	alreadyApplied int
}

// TestAiderMutations perturbs the SEARCH text of every single-replace block
// of the replay data and applies it alone, after the response's earlier
// blocks, comparing with the unperturbed application.
func TestAiderMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("mutation benchmark: skipped with -short")
	}
	cases := loadCases(t)
	tallies := make([]tally, len(perturbations))
	for i := range tallies {
		tallies[i].steps = map[match.Step]int{}
	}
	total := 0
	for _, c := range cases {
		files := maps.Clone(c.Before)
		for _, op := range parseAll(c.Response) {
			if op.Kind != editcore.Replace || op.Group != 0 {
				continue
			}
			fsys := newFS(t, files)
			r := editcore.NewSession(fsys, options(fsys)).Apply(&op)
			if r.Status != editcore.Applied {
				continue
			}
			after := snapshot(t, fsys)
			want := after[r.Path]
			total++
			for k, pt := range perturbations {
				s, rp, ok := pt.fn(op.Lines(), op.Replacement())
				if !ok {
					continue
				}
				tallies[k].add(t, fmt.Sprintf("%s line %d", c.Name, op.Line), files, r.Path, s, rp, want)
			}
			files = after
		}
	}
	t.Logf("%d blocks applied unperturbed; per perturbation (blocks = blocks it changed):\n\n%s", total, table(tallies))
	for k, tl := range tallies {
		for _, c := range tl.layoutCases {
			t.Logf("%s: white space differs: %s", perturbations[k].name, c)
		}
		assert.Zero(t, tl.wrong, "%s: wrong applications %v", perturbations[k].name, tl.wrongCases)
	}
}

// add applies the perturbed block on files and counts the outcome.
func (tl *tally) add(t *testing.T, where string, files map[string][]byte, path string, search, repl []string, want []byte) {
	tl.blocks++
	text := path + "\n```\n<<<<<<< SEARCH\n" + strings.Join(search, "\n") + "\n=======\n" +
		strings.Join(repl, "\n") + "\n>>>>>>> REPLACE\n```\n"
	p := parse.New(parse.WithFormats(searchreplace.New()))
	ops := append(p.Feed([]byte(text)), p.Finish()...)
	fsys := newFS(t, files)
	results := applyAll(editcore.NewSession(fsys, options(fsys)), ops)
	applied, exact, ambiguous := len(results) > 0, true, false
	for _, r := range results {
		switch {
		case r.Status == editcore.AlreadyApplied:
			tl.alreadyApplied++
			applied = false
		case r.Status != editcore.Applied:
			ambiguous = ambiguous || r.Error == editcore.AmbiguousAnchor
			applied = false
		case r.Match != match.Exact:
			exact = false
		}
	}
	if !applied {
		tl.failed++
		if ambiguous {
			tl.ambiguous++
		}
		return
	}
	if got := snapshot(t, fsys)[path]; normal(got) != normal(want) {
		if layout(got) == layout(want) {
			tl.layout++
			tl.layoutCases = append(tl.layoutCases, where+": "+firstDiff(normal(want), normal(got)))
			return
		}
		tl.wrong++
		tl.wrongCases = append(tl.wrongCases, where+": "+firstDiff(normal(want), normal(got)))
		return
	}
	tl.recovered++
	for _, r := range results {
		tl.steps[r.Match]++
	}
	if exact {
		tl.exact++
	}
}

// table renders the tallies as a markdown table.
func table(tallies []tally) string {
	var b strings.Builder
	b.WriteString("| perturbation | blocks | ladder recovered | white space differs | failed (ambiguous) | WRONG | exact only recovered | steps used |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---|\n")
	for k, tl := range tallies {
		var steps []string
		for _, s := range slices.Sorted(maps.Keys(tl.steps)) {
			steps = append(steps, fmt.Sprintf("%s %d", s, tl.steps[s]))
		}
		fmt.Fprintf(&b, "| %s | %d | %d (%s) | %d | %d (%d) | %d | %d (%s) | %s |\n",
			perturbations[k].name, tl.blocks, tl.recovered, pct(tl.recovered, tl.blocks), tl.layout,
			tl.failed, tl.ambiguous, tl.wrong, tl.exact, pct(tl.exact, tl.blocks), strings.Join(steps, ", "))
	}
	return b.String()
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(d))
}

// firstDiff describes the first line where got differs from want.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, a, b)
		}
	}
	return "same"
}
