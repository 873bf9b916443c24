package engine

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// trailers sets the Aiedit-Verified trailer (docs/trailers.md) and, when
// the replay differs, the Aiedit-Differs trailers, one per file.
func (v *verification) trailers(rec *trailer.Record) {
	rec.Verified = trailer.Verified{Result: v.result, What: v.what}
	if v.result == verifiedUnchecked {
		rec.Verified.Why = oneLine(v.reason)
	}
	rec.Differs = v.differs()
}

// differs are the files the replay differs in, as Aiedit-Differs
// trailers name them.
func (v *verification) differs() []trailer.Differ {
	var t []trailer.Differ
	for _, f := range v.files {
		d := trailer.Differ{Path: f.Path, Change: f.Change}
		if f.Why != "" {
			d.Why = oneLine(f.Why)
		}
		t = append(t, d)
	}
	return t
}

// oneLine is s's first line, at most 200 bytes, for a trailer.
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		s = strings.ToValidUTF8(s[:200], "") + "…"
	}
	return s
}
