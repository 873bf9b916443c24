// Package parsetest helps test the incremental parser's central property:
// feeding a response in chunks of any size yields exactly the operations
// of feeding it whole.
package parsetest

import (
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// Chunked feeds text to p in pieces whose lengths come from cuts (cycled;
// each byte gives a length of 1 to 16), then finishes the response. With
// no cuts, the text is fed whole.
func Chunked(p *parse.Parser, text, cuts []byte) []editcore.Op {
	var ops []editcore.Op
	for i := 0; len(text) > 0; i++ {
		n := len(text)
		if len(cuts) > 0 {
			n = min(n, 1+int(cuts[i%len(cuts)]%16))
		}
		ops = append(ops, p.Feed(text[:n])...)
		text = text[n:]
	}
	return append(ops, p.Finish()...)
}
