package gitops

import (
	"context"
	"strings"
)

// RecordedTranscripts returns the Aiedit-Transcript trailer values ("<name>
// sha256:<hex>") of every commit reachable from the local branches, in one
// git process: what has been applied already, on any review branch.
func (r *Repo) RecordedTranscripts(ctx context.Context) (map[string]bool, error) {
	out, err := r.git("log", "--branches", "--no-color", "--fixed-strings", "--grep=Aiedit-Transcript:",
		"--format=%(trailers:key=Aiedit-Transcript,valueonly,separator=%x0A)").output(ctx, "list recorded transcripts")
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
