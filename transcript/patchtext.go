package transcript

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/applypatch"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/udiff"
)

// patchKind says what took a recorded patch text, and so the format it is
// read in when no format is forced.
type patchKind uint8

const (
	// toolPatch is the input of an apply_patch tool (Codex's, Cline's,
	// OpenHands', OpenCode's): applypatch.
	toolPatch patchKind = iota
	// shellDiff is a here-document given to git apply or patch: udiff.
	shellDiff
	// ownPatch is a patch this package wrote from a record's chunks
	// (SpecStory's Cursor diffs): applypatch, whatever is forced, for it
	// is no text the model wrote.
	ownPatch
)

// native is the format the kind's tool reads.
func (k patchKind) native() string {
	if k == shellDiff {
		return udiff.Name
	}
	return applypatch.Name
}

// recordedPatch is one patch text as a tool call recorded it.
type recordedPatch struct {
	kind patchKind
	text string
	rec  int    // record of the call; every operation is placed there
	raw  string // the call as a report shows it ("apply_patch", the command line)
}

// readPatch is the one way a recorded patch text becomes operations. Its
// rules:
//
//   - the text is read in format when one is forced (apply --format), else
//     in the format its tool reads (patchKind.native); ownPatch texts always
//     in theirs;
//   - only that format's operations are kept: prose around a patch is no
//     edit and no suggestion, the tool read none of it;
//   - a text holding nothing that format reads gives one operation saying
//     so (malformed for a tool's patch, not_replayed for a command), never
//     a reading in another format;
//   - every operation is at p.rec, its paths mapped by resolve; a shell
//     diff's are Executed (the agent ran the command).
func readPatch(p recordedPatch, format string, resolve func(string) string) []editcore.Op {
	if format == "" || p.kind == ownPatch {
		format = p.kind.native()
	}
	fail := func(why string) []editcore.Op {
		if p.kind == shellDiff {
			return []editcore.Op{notReplayedOp(p.raw, p.rec, why)}
		}
		return []editcore.Op{malformed(p.rec, p.raw, "", why)}
	}
	if strings.TrimSpace(p.text) == "" && p.kind != shellDiff {
		return fail(p.raw + " without a patch")
	}
	f, err := parse.Lookup(format)
	if err != nil {
		return fail(err.Error())
	}
	pr := parse.New(parse.WithFormats(f))
	var ops []editcore.Op
	for _, op := range append(pr.Feed([]byte(p.text)), pr.Finish()...) {
		if op.Format != format {
			continue
		}
		op.Line = p.rec
		op.Executed = p.kind == shellDiff
		if op.Path != "" {
			op.Path = resolve(op.Path)
		}
		if op.From != "" {
			op.From = resolve(op.From)
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return fail(noPatchWhy(p.kind, format))
	}
	return ops
}

// noPatchWhy says why a text gave no operation, and what to do when a
// forced format decided it.
func noPatchWhy(k patchKind, format string) string {
	what := "apply_patch input"
	if k == shellDiff {
		what = "the here-document"
	}
	switch {
	case format != k.native():
		return fmt.Sprintf("%s holds no %s patch (--format %s reads every recorded patch as %s; without --format it is read as its tool reads it)",
			what, format, format, format)
	case k == shellDiff:
		return "the here-document holds no diff this tool reads"
	}
	return "apply_patch input holds no *** Begin Patch … *** End Patch patch"
}
