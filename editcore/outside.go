package editcore

import "strings"

// outside reports an operation the agent made outside the repository.
func outside(op *Op) Result {
	paths := []string{op.Path}
	if op.Kind == Shell && op.Command != nil && len(op.Command.Paths) > 0 {
		paths = op.Command.Paths
	}
	msg := strings.Join(paths, ", ") + ": outside the repository, so not replayed into it; " +
		"if the agent's folder was the repository after all, name it with --workdir"
	if op.OutsideWhy != "" {
		msg = strings.Join(paths, ", ") + ": not replayed into the repository: " + op.OutsideWhy
	}
	return Result{Op: op, Path: paths[len(paths)-1], Status: Outside, Message: msg}
}
