package gitops

import (
	"context"
	"strings"
)

// TrailerValues returns the values of one trailer key over every commit
// reachable from the local branches, in one git process: for
// Aiedit-Transcript, what has been applied already, on any review branch.
func (r *Repo) TrailerValues(ctx context.Context, key string) (map[string]bool, error) {
	out, err := r.git("log", "--branches", "--no-color", "--fixed-strings", "--grep="+key+":",
		"--format=%(trailers:key="+key+",valueonly,separator=%x0A)").output(ctx, "list the "+key+" trailers")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			seen[l] = true
		}
	}
	return seen, nil
}
