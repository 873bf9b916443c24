package transcript

import "github.com/git-aiedit/git-aiedit/editcore"

// markOutside marks the tool-call operations whose paths the rooter left
// absolute: the agent wrote outside the repository, and the write is
// reported, not replayed. A command that moves or copies between the
// repository and outside it is not replayed: what it brings in is not in
// the record.
func markOutside(ops []editcore.Op, ro *rooter) {
	for i := range ops {
		op := &ops[i]
		markOutsideOp(op)
		if op.Outside && op.OutsideWhy == "" && ro != nil {
			op.OutsideWhy = ro.whyOutside(outsidePath(op))
		}
	}
}

// outsidePath is the first of an operation's paths that stays outside.
func outsidePath(op *editcore.Op) string {
	paths := []string{op.Path, op.From}
	if c := op.Command; op.Kind == editcore.Shell && c != nil {
		paths = append(paths, c.Paths...)
	}
	for _, p := range paths {
		if isAbs(p) {
			return p
		}
	}
	return ""
}

// markOutsideOp marks one operation of a tool-call source whose paths stay
// outside the repository after mapping (also a recorded patch's, once
// read). Never call it on a text source's operations: a path a reply names is no record of a write.
func markOutsideOp(op *editcore.Op) {
	if op.Kind == editcore.Malformed || op.Kind == editcore.Unread {
		return
	}
	op.Exact = true // a recorded path: that file or none
	var in, out int
	count := func(p string) {
		switch {
		case p == "":
		case isAbs(p):
			out++
		default:
			in++
		}
	}
	count(op.Path)
	count(op.From)
	if c := op.Command; op.Kind == editcore.Shell && c != nil {
		for _, p := range c.Paths {
			count(p)
		}
	}
	switch {
	case out == 0:
	case in == 0:
		op.Outside = true
	case op.Kind == editcore.Shell && op.Command != nil:
		op.Command.Op, op.Command.Paths, op.Command.Flags = "", nil, nil
		op.Command.Reason = "moves or copies between the repository and a folder outside it"
	default:
		op.Outside = true
	}
}
