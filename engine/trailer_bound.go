package engine

import (
	"fmt"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// maxListed is how many lines of each per-block or per-command trailer a
// commit message lists. A response of a million blocks would otherwise
// make a message of tens of megabytes that git log, rebase and every
// reader of the history must carry. Past the limit one Aiedit-Omitted
// line says how many were left out; Aiedit-Summary still counts them
// all, and apply --json reports every block.
const maxListed = 1000

// listedKeys are the trailers written once per block or command.
var listedKeys = map[string]bool{
	"Aiedit-Block": true, "Aiedit-Reason": true, "Aiedit-Shell": true, "Aiedit-Unreplayed": true,
}

// boundTrailers keeps the first maxListed lines of each listed key and
// puts, after the last one kept, "Aiedit-Omitted: <n> <key> lines; apply
// --json lists them all". Other trailers are kept as they are, in order.
func boundTrailers(t []gitops.Trailer) []gitops.Trailer {
	count := map[string]int{}
	for _, tr := range t {
		if listedKeys[tr.Key] {
			count[tr.Key]++
		}
	}
	over := false
	for _, n := range count {
		over = over || n > maxListed
	}
	if !over {
		return t
	}
	out := make([]gitops.Trailer, 0, len(t))
	seen := map[string]int{}
	for _, tr := range t {
		if !listedKeys[tr.Key] {
			out = append(out, tr)
			continue
		}
		seen[tr.Key]++
		switch n := seen[tr.Key]; {
		case n <= maxListed:
			out = append(out, tr)
		case n == maxListed+1:
			out = appendOmitted(out, tr.Key, count[tr.Key])
		}
	}
	return out
}

// appendOmitted says, when there were more than maxListed lines of key,
// how many were left out.
func appendOmitted(t []gitops.Trailer, key string, total int) []gitops.Trailer {
	if total <= maxListed {
		return t
	}
	return append(t, gitops.Trailer{Key: "Aiedit-Omitted", Value: fmt.Sprintf(
		"%d %s lines (past the first %d); apply --json lists them all", total-maxListed, key, maxListed)})
}
