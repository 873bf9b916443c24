package editcore

import "strings"

// outside reports an operation the agent made outside the repository.
func outside(op *Op) Result {
	p := op.Path
	if op.Kind == Shell && op.Command != nil && len(op.Command.Paths) > 0 {
		p = op.Command.Paths[len(op.Command.Paths)-1]
	}
	what := "written"
	if op.Kind == Shell || op.Kind == Delete || op.Kind == Move {
		what = "changed"
	}
	return Result{Op: op, Path: p, Status: Outside,
		Message: strings.TrimSpace(p + " was " + what + " outside the repository, so it is not replayed into it; " +
			"if the agent's folder was the repository, say which with --workdir")}
}
