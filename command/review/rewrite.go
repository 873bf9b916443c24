package review

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// ConflictError says that a hunk cannot be taken back or replaced at the
// tip: the lines it wrote are no longer there as it wrote them (a later
// response, or a person, changed them since).
type ConflictError struct {
	Hunk *Hunk
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("hunk %s (%s, %s) cannot be taken back alone: the lines it wrote were changed again later on the branch; "+
		"decide the later hunk that changed them the same way (with --reject both ids at once), or keep this one", e.Hunk.ID, e.Hunk.Label(), e.Hunk.Path)
}

// rewrite applies the decisions to tree (the branch's tip): a rejected
// hunk's lines go back to what they were before its response, an edited
// hunk's to what the reviewer saved; an accepted hunk changes nothing.
// The newest responses' hunks are undone first, so that an older hunk
// finds its lines as its response left them when the later ones that
// touched the same lines are undone too (as git revert of a series goes
// newest first). order gives each response's place on the branch.
func rewrite(tree *gitops.TreeFS, ds []Decision, order map[string]int) error {
	sorted := make([]Decision, 0, len(ds))
	for _, d := range ds {
		if d.Verdict != Accepted {
			sorted = append(sorted, d)
		}
	}
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].Hunk, sorted[j].Hunk
		if oa, ob := order[a.Response.Commit.String()], order[b.Response.Commit.String()]; oa != ob {
			return oa > ob
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.NewStart > b.NewStart
	})
	for _, d := range sorted {
		if err := rewriteOne(tree, d); err != nil {
			return err
		}
	}
	return nil
}

// rewriteOne replaces one hunk's new lines in its file.
func rewriteOne(tree *gitops.TreeFS, d Decision) error {
	h := d.Hunk
	data, err := tree.ReadFile(h.Path)
	exists := true
	switch {
	case errors.Is(err, fs.ErrNotExist):
		exists, data = false, nil
	case err != nil:
		return err
	}
	lines := splitLines(string(data))
	want := h.New()
	at, ok := find(lines, want, h.NewStart-1)
	if !ok || (!exists && len(want) > 0) || (exists && h.Deleted && len(want) == 0) {
		return &ConflictError{Hunk: h}
	}
	put := h.Old()
	if d.Verdict == Edited {
		put = d.Edit
	}
	out := make([]string, 0, len(lines)-len(want)+len(put))
	out = append(out, lines[:at]...)
	out = append(out, put...)
	out = append(out, lines[at+len(want):]...)
	text := strings.Join(out, "")
	if text == "" && h.Created && d.Verdict == Rejected {
		// The response created the file: taking all of it back removes it.
		if exists {
			return tree.Remove(h.Path)
		}
		return nil
	}
	perm := os.FileMode(0o644)
	if h.Mode == filemode.Executable {
		perm = 0o755
	}
	if dir := dirOf(h.Path); !exists && dir != "." {
		if err := tree.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return tree.WriteFile(h.Path, []byte(text), perm)
}

// find returns where want starts in lines: of every place it occurs, the
// one nearest to near (as git apply chooses), so that the same lines
// elsewhere in the file are never taken for the hunk's.
func find(lines, want []string, near int) (int, bool) {
	best, found := 0, false
	for i := 0; i+len(want) <= len(lines); i++ {
		if !equalAt(lines, want, i) {
			continue
		}
		if !found || abs(i-near) < abs(best-near) {
			best, found = i, true
		}
	}
	return best, found
}

func equalAt(lines, want []string, i int) bool {
	for k, w := range want {
		if lines[i+k] != w {
			return false
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// splitLines splits text after each newline; the last line keeps none
// when the text ends without one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func dirOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}
