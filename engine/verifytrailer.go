package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// maxDiffers bounds the Aiedit-Differs trailers of one commit; the JSON
// report lists every file.
const maxDiffers = 20

// trailers are the Aiedit-Verified trailer (docs/trailers.md) and, when
// the replay differs, one Aiedit-Differs trailer per file.
func (v *verification) trailers() []gitops.Trailer {
	value := v.result + " " + v.what
	if v.result == verifiedUnchecked {
		value += ": " + oneLine(v.reason)
	}
	t := []gitops.Trailer{{Key: "Aiedit-Verified", Value: value}}
	return append(t, v.differs()...)
}

// differs are the Aiedit-Differs trailers: "<path> <change>[ (<why>)]",
// the path quoted as a Go string when it holds a blank, a quote, a
// backslash or a control character.
func (v *verification) differs() []gitops.Trailer {
	var t []gitops.Trailer
	for i, f := range v.files {
		if i == maxDiffers {
			t = append(t, gitops.Trailer{Key: "Aiedit-Differs", Value: fmt.Sprintf("… %d more (the JSON report lists them)", len(v.files)-maxDiffers)})
			break
		}
		value := quotePath(f.Path) + " " + f.Change
		if f.Why != "" {
			value += " (" + oneLine(f.Why) + ")"
		}
		t = append(t, gitops.Trailer{Key: "Aiedit-Differs", Value: value})
	}
	return t
}

func quotePath(p string) string {
	if strings.ContainsFunc(p, func(r rune) bool {
		return r == '"' || r == '\\' || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) {
		return strconv.Quote(p)
	}
	return p
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
