package parse

import (
	"regexp"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
)

// A tool record is SpecStory's account of one tool call an agent made,
// kept in its markdown histories (and pasted from them):
//
//	<tool-use data-tool-type="read" data-tool-name="Read"><details>
//	…the path, the file as read, a command and its output…
//	</details></tool-use>
//
// It is what a tool did, not text the model wrote: a read's listing or a
// command's output after a path in backticks looks like a whole file, and
// must never become one. A record opens at a line outside any block and
// any code fence that starts with "<tool-use " and ends at the first line
// outside a code fence of its own that ends with "</tool-use>" (a file it
// shows may hold the tag). Its lines are dropped, prose included: a commit
// message never holds the markup. A record of an editing tool is said as
// an unread block, so that an edit read as plain text is not lost unseen:
// the SpecStory reader (--from specstory) is the one that knows its shape.
const toolRecordTag = "<tool-use "

var toolRecordTypeRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^<tool-use data-tool-type="([^"]*)"(?:\s+data-tool-name="([^"]*)")?`)
})

// A citation is Cursor's quotation of lines of a file, a code fence whose
// info string is START:END:PATH ("```12:40:src/app.ts"): what the file
// held, dropped to its closing fence as a record is.
var citationRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d+:\d+:\S`) })

// openRecord reports whether s opens a tool record or a citation.
func (p *Parser) openRecord(s string) bool {
	if f, ok := mdfence.Open(s); ok && f.Tag == "" && citationRe().MatchString(f.Info) {
		p.record, p.recordFence, p.citation = p.n, f, true
		return true
	}
	t := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(t, toolRecordTag) {
		return false
	}
	p.record, p.recordFence, p.citation = p.n, mdfence.Fence{}, false
	if m := toolRecordTypeRe().FindStringSubmatch(t); m != nil && m[1] == "write" {
		p.emit([]editcore.Op{{Kind: editcore.Unread, Line: p.n, Start: p.n, End: p.n, Raw: strings.TrimSpace(t),
			Problem: "a SpecStory record of the agent's " + m[2] + " tool call is what the tool did, not an edit written as text, " +
				"so it is not read here; apply the history with --from specstory"}})
	}
	return true
}

// inRecord drops one line of a tool record, the opening one included.
func (p *Parser) inRecord(s string) {
	if p.recordFence != (mdfence.Fence{}) {
		if p.record != p.n && p.recordFence.Closes(s) {
			p.recordFence = mdfence.Fence{}
			if p.citation {
				p.record = 0
			}
		}
		return
	}
	if strings.HasSuffix(strings.TrimRight(s, " \t"), "</tool-use>") {
		p.record = 0
		return
	}
	if f, ok := mdfence.Open(s); ok && f.Tag == "" {
		p.recordFence = f
	}
}
