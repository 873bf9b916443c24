package editcore

import "github.com/git-aiedit/git-aiedit/editcore/match"

// notFoundType maps the matcher's diagnosis to an error type: the first
// lines exist but later ones differ (old_text_mismatch), or nothing like
// the block's start is in the file (anchor_not_found).
func notFoundType(nf *match.NotFound) ErrorType {
	if nf.Diagnosis.Cause == match.Mismatch {
		return OldTextMismatch
	}
	return AnchorNotFound
}

// notFoundLine is the 1-based line of the closest candidate, 0 when
// nothing in the file resembles the block.
func notFoundLine(nf *match.NotFound) int {
	if d := nf.Diagnosis; d.End > d.Start {
		return d.Start + 1
	}
	return 0
}
