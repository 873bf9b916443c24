package engine

import (
	"io"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// responseOps is the one way a transcript response becomes operations,
// whatever its source: the edit blocks and shell suggestions of its text
// (or of its streamed Body), the structured edits of its tool calls, and
// its recorded patches (read by the transcript, in the format --format
// forces on them), in that order. Each batch of operations
// goes to apply as soon as it is complete, so a streamed reply is applied
// while it arrives. It returns the response's prose, for the commit
// message. format forces one edit format ("" detects them). apply
// returns false when nothing more is wanted (the run was interrupted):
// the rest of the response is then not parsed.
func responseOps(tr *transcript.Response, format string, apply func([]editcore.Op) bool) (prose string, err error) {
	if tr.Body == nil && (len(tr.Ops) > 0 || len(tr.Patches) > 0) {
		if !apply(tr.Ops) {
			return "", nil
		}
		for _, patch := range tr.Patches {
			if !apply(patch.Ops) {
				return "", nil
			}
		}
		return tr.Text, nil
	}
	p := newParser(format)
	shift := func(ops []editcore.Op) []editcore.Op {
		for i := range ops {
			ops[i].Line += tr.Line - 1
		}
		return ops
	}
	if tr.Pieces != nil {
		// Each piece let go of once parsed: the parser keeps what it
		// needs of it.
		goOn := true
		if err := tr.Pieces.Each(func(piece []byte) bool {
			goOn = apply(shift(p.Feed(piece)))
			return goOn
		}); err != nil {
			return "", err
		}
		if !goOn {
			return "", nil
		}
	} else if tr.Body == nil {
		// In slices, so that a long response's operations are applied
		// (and their text let go) as they are read.
		const slice = 256 << 10
		for text := tr.Text; text != ""; {
			n := min(len(text), slice)
			if !apply(shift(p.Feed([]byte(text[:n])))) {
				return "", nil
			}
			text = text[n:]
		}
	} else if goOn, err := feed(p, tr.Body, func(ops []editcore.Op) bool { return apply(shift(ops)) }); err != nil || !goOn {
		return "", err
	}
	apply(shift(p.Finish()))
	if err := p.Err(); err != nil {
		return "", err
	}
	return p.Prose(), nil
}

// feed parses a streamed text chunk by chunk, handing on each chunk's
// operations before reading the next; goOn is false when apply wanted
// no more.
func feed(p *parse.Parser, body io.Reader, apply func([]editcore.Op) bool) (goOn bool, err error) {
	buf := make([]byte, 64<<10)
	for {
		n, err := body.Read(buf)
		if !apply(p.Feed(buf[:n])) {
			return false, nil
		}
		if perr := p.Err(); perr != nil {
			return false, perr
		}
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return false, err
		}
	}
}
