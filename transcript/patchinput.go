package transcript

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/applypatch"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// patchInput maps the patch an apply_patch tool took as its input (Cline's,
// OpenHands'): "*** Begin Patch" … "*** End Patch", possibly inside its
// apply_patch here-document, parsed by the applypatch format as the Codex
// source's patches are. resolve maps the paths it names; every operation
// is at record rec.
func patchInput(rec int, input string, resolve func(string) string) []editcore.Op {
	const raw = "apply_patch"
	if strings.TrimSpace(input) == "" {
		return []editcore.Op{malformed(rec, raw, "", "apply_patch without a patch")}
	}
	f, err := parse.Lookup(applypatch.Name)
	if err != nil {
		return []editcore.Op{malformed(rec, raw, "", err.Error())}
	}
	p := parse.New(parse.WithFormats(f))
	var ops []editcore.Op
	for _, op := range append(p.Feed([]byte(input)), p.Finish()...) {
		if op.Format != applypatch.Name {
			continue // prose around the patch
		}
		op.Line = rec
		if op.Path != "" {
			op.Path = resolve(op.Path)
		}
		if op.From != "" {
			op.From = resolve(op.From)
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return []editcore.Op{malformed(rec, raw, "", "apply_patch input holds no *** Begin Patch … *** End Patch patch")}
	}
	return ops
}

// regroup numbers the groups of one tool call's operations afresh, after
// *last. Each call numbers its own (a MultiEdit-like call from 1, a parsed
// patch from -1), and consecutive operations of one number are applied as
// one group: two calls must never share a number.
func regroup(ops []editcore.Op, last *int) {
	fresh := map[int]int{}
	for i := range ops {
		g := ops[i].Group
		if g == 0 {
			continue
		}
		if _, ok := fresh[g]; !ok {
			*last++
			fresh[g] = *last
		}
		ops[i].Group = fresh[g]
	}
}
