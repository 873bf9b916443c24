package history

import (
	"path"
	"sort"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// A response that moved a file (`git mv`, `mv`, performed as a tree
// operation) and edited it records a deletion and an addition: git's own
// rename detection misses the pair when the edit leaves less than half
// the file as it was. The response's Aiedit-Shell trailers say what it
// moved, so the pair is known without guessing.

// Move is one path a response moved: From in its parent, To in its
// commit.
type Move struct{ From, To string }

// MovedTo returns, for the paths the response deleted and added, which
// deleted path each added one was moved from: by the moves its applied
// shell commands recorded, else by identical content (a blob hash, as
// git's exact rename detection). Each path is paired once at most.
func MovedTo(r *Response, changes []FileChange) map[string]string {
	deleted, added := map[string]int{}, map[string]int{}
	for i, c := range changes {
		switch c.Status {
		case 'D':
			deleted[c.Path] = i
		case 'A':
			added[c.Path] = i
		}
	}
	from := map[string]string{} // added path -> deleted path
	pair := func(d, a string) {
		if _, ok := deleted[d]; !ok {
			return
		}
		if _, ok := added[a]; !ok || from[a] != "" {
			return
		}
		from[a] = d
		delete(deleted, d)
	}
	for _, m := range recordedMoves(r) {
		for _, d := range sortedKeys(deleted) {
			for _, a := range movedPaths(m, d) {
				pair(d, a)
			}
		}
	}
	// Identical content: a move the trailers do not name (a tool call
	// replayed as a delete and a write).
	byContent := map[string]string{}
	for _, d := range sortedKeys(deleted) {
		if c := changes[deleted[d]]; len(c.Old) > 0 {
			byContent[string(c.Old)] = d // empty files are too alike to pair
		}
	}
	for _, a := range sortedKeys(added) {
		if d, ok := byContent[string(changes[added[a]].New)]; ok && from[a] == "" {
			if _, still := deleted[d]; still {
				pair(d, a)
			}
		}
	}
	return from
}

// recordedMoves reads the moves among the response's applied shell
// commands, in order.
func recordedMoves(r *Response) []Move {
	var out []Move
	for _, s := range r.Shell {
		if s.Status != editcore.Applied {
			continue
		}
		for _, c := range shell.ParseLine(s.Command, 1) {
			if c.Op != shell.Move || len(c.Paths) < 2 {
				continue
			}
			to := clean(c.Paths[len(c.Paths)-1])
			for _, src := range c.Paths[:len(c.Paths)-1] {
				out = append(out, Move{From: clean(src), To: to})
			}
		}
	}
	return out
}

// movedPaths lists where a move puts the file at p, if it moves it:
// to the destination itself, or into it when it is a directory.
func movedPaths(m Move, p string) []string {
	switch {
	case p == m.From:
		return []string{m.To, path.Join(m.To, path.Base(m.From))}
	case strings.HasPrefix(p, m.From+"/"):
		rel := p[len(m.From)+1:]
		return []string{path.Join(m.To, rel), path.Join(m.To, path.Base(m.From), rel)}
	}
	return nil
}

func clean(p string) string {
	return strings.TrimPrefix(path.Clean(strings.TrimPrefix(p, "./")), "/")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// WithRenames joins each moved pair of changes into one rename (Status
// 'R', OldPath set), for a reader who moved the file, not deleted one
// and wrote another; counts are between the two versions.
func WithRenames(r *Response, changes []FileChange) []FileChange {
	from := MovedTo(r, changes)
	if len(from) == 0 {
		return changes
	}
	gone := map[string]FileChange{}
	for _, c := range changes {
		if c.Status == 'D' {
			gone[c.Path] = c
		}
	}
	used := map[string]bool{}
	for _, d := range from {
		used[d] = true
	}
	out := make([]FileChange, 0, len(changes))
	for _, c := range changes {
		if c.Status == 'D' && used[c.Path] {
			continue
		}
		if d, ok := from[c.Path]; ok {
			old := gone[d]
			c.Status, c.OldPath, c.OldMode, c.Old = 'R', d, old.OldMode, old.Old
			c.Binary = IsBinary(c.Old) || IsBinary(c.New)
			c.Added, c.Deleted = 0, 0
			if !c.Binary {
				c.Added, c.Deleted = countLines(string(c.Old), string(c.New))
			}
		}
		out = append(out, c)
	}
	return out
}

// OldLine is where line n (1-based) of new was in old, when the change
// from old to new left it as it was; 0 when the change wrote it.
func OldLine(old, new string, n int) int {
	oldAt, newAt, pos := 1, 1, 0
	for _, e := range udiff.Lines(old, new) {
		same := lineCount(old[pos:e.Start])
		if n < newAt+same {
			return oldAt + n - newAt
		}
		oldAt += same + lineCount(old[e.Start:e.End])
		newAt += same
		if n < newAt+lineCount(e.New) {
			return 0
		}
		newAt += lineCount(e.New)
		pos = e.End
	}
	if n < newAt+lineCount(old[pos:]) {
		return oldAt + n - newAt
	}
	return 0
}
