// Package retry builds the text that `git aiedit retry-prompt`, `apply
// --json` (retry_prompt) and apply's retry rounds hand back to the model
// for the blocks that did not apply, and decides which failures are still
// outstanding on a branch.
//
// The text is built only from what the commits record, the Aiedit-Block
// trailers and the tree, so that the prompt of a fresh `apply` and the
// one read later from its branch (on any clone, after a rebase) are the
// same text.
package retry

import (
	"fmt"
	"sort"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// Limits of the file content quoted in a prompt.
const (
	MaxLines = 2000
	MaxBytes = 256 << 10
)

// Item is one block to send back: where it was and what happened.
type Item struct {
	Response int // response number in its transcript (Aiedit-Response n)
	Block    int
	Path     string // "-" when unknown
	Status   editcore.Status
	Error    editcore.ErrorType
	Reason   string // the block's Aiedit-Reason, when recorded
	Line     int    // where the edit was meant to land (or came closest); 0 when unknown
	// Round: the retry round whose answer held the block (0: the
	// transcript's own response).
	Round int
	// Proposed is the edit as the model wrote it, in SEARCH/REPLACE form
	// (apply --retry-cmd: a model called afresh has not seen its earlier
	// answer); "" to leave it out.
	Proposed string
}

// Files reads the current content of a repository path; ok is false when
// there is no such file.
type Files func(path string) (data []byte, ok bool, err error)

// ItemsOf lists the blocks of responses that did not apply, and those a
// person rejected (apply -p), in order, leaving out the failures the
// branch settled since:
//
//   - a retry round's commit settles the failures of its response that it
//     fixed (CarryOver);
//   - a later response of another transcript settles a failure on a file
//     it changed (or found already as wanted) with no block failing on
//     that file (Settle): the commits do not record what a failed block
//     meant to write, so a later clean change to the file from outside the
//     conversation is taken as the answer to it, as a retry round's is.
//     This is what `apply -b BRANCH -` of the model's answer to this prompt
//     records. A later response of the same conversation does not settle
//     it: the model believed its edit applied and went on to other things;
//   - a tool call the record shows as failed is settled by a later block,
//     of the same response or a later one of the same conversation, that
//     changed the same file (MovedPast, Settle): the agent saw the failure
//     and moved past it.
func ItemsOf(rs []*history.Response) []Item {
	type key struct {
		transcript string
		n          int
	}
	var order []key
	failed := map[key][]Item{}
	var rejected []Item
	for _, r := range rs {
		k := key{r.Transcript, r.N}
		var round []Outcome
		var items []Item
		for i, b := range r.Blocks {
			round = append(round, Outcome{Path: b.Path, Status: b.Status})
			it := Item{Response: r.N, Round: r.Round, Block: b.Index, Path: b.Path, Status: b.Status, Error: b.Error, Reason: b.Reason, Line: b.Line}
			switch {
			case b.Status == editcore.Rejected:
				rejected = append(rejected, it)
			case b.Error == editcore.ToolFailed && MovedPast(b.Path, outcomes(r.Blocks[i+1:])):
			case !b.OK():
				items = append(items, it)
			}
		}
		if _, seen := failed[k]; !seen {
			order = append(order, k)
		}
		for _, other := range order {
			if other != k {
				failed[other] = Settle(failed[other], round, other.transcript == r.Transcript)
			}
		}
		if r.RetryOf > 0 {
			failed[k] = CarryOver(failed[k], round)
		}
		failed[k] = append(failed[k], items...)
	}
	var out []Item
	for _, k := range order {
		out = append(out, failed[k]...)
	}
	return append(out, rejected...)
}

func outcomes(bs []history.Block) []Outcome {
	out := make([]Outcome, len(bs))
	for i, b := range bs {
		out[i] = Outcome{Path: b.Path, Status: b.Status}
	}
	return out
}

// MovedPast reports whether later blocks of a response changed path (or
// found it as wanted): after a tool call that failed at the time, the
// agent's next edit of the file is its own retry.
func MovedPast(path string, later []Outcome) bool {
	for _, b := range later {
		if b.Path == path && settles(b.Status) {
			return true
		}
	}
	return false
}

func settles(s editcore.Status) bool {
	return s == editcore.Applied || s == editcore.AlreadyApplied || s == editcore.Edited
}

// Settle drops the failures on files a later response changed (or found
// already as wanted) with no block failing on them; with toolOnly (a
// later response of the same conversation), only the tool calls that
// failed at the time.
func Settle(outstanding []Item, later []Outcome, toolOnly bool) []Item {
	settled, failedOn := map[string]bool{}, map[string]bool{}
	for _, b := range later {
		switch {
		case settles(b.Status):
			settled[b.Path] = true
		case !b.Status.OK():
			failedOn[b.Path] = true
		}
	}
	var keep []Item
	for _, it := range outstanding {
		if settled[it.Path] && !failedOn[it.Path] && (!toolOnly || it.Error == editcore.ToolFailed) {
			continue
		}
		keep = append(keep, it)
	}
	return keep
}

// Outcome is one block of a retry round: where, and what happened.
type Outcome struct {
	Path   string
	Status editcore.Status
}

// CarryOver keeps the failures a retry round did not settle. A failure on
// a file is settled when the round changed that file (or found it already
// as wanted) with no block failing on it; a failure on a file where the
// round failed again is replaced by the round's own (the caller adds it).
func CarryOver(outstanding []Item, round []Outcome) []Item {
	settled, failedOn := map[string]bool{}, map[string]bool{}
	for _, b := range round {
		switch {
		case b.Status == editcore.Applied || b.Status == editcore.AlreadyApplied || b.Status == editcore.Edited:
			settled[b.Path] = true
		case !b.Status.OK():
			failedOn[b.Path] = true
		}
	}
	var keep []Item
	for _, it := range outstanding {
		if settled[it.Path] || failedOn[it.Path] {
			continue
		}
		keep = append(keep, it)
	}
	return keep
}

// label names an item's block for the model.
func (it Item) label() string {
	if it.Round > 0 {
		return fmt.Sprintf("response %d, retry %d, block %d", it.Response, it.Round, it.Block)
	}
	return fmt.Sprintf("response %d, block %d", it.Response, it.Block)
}

// Build writes the prompt; "" when there is nothing to retry.
//
// Sections, each present only when it has items: ambiguous anchors (the
// seed's template word for word), other failures, skipped blocks, files
// not in context; then the current content of every file concerned: with
// line numbers for failed edits (the commits do not record where an edit
// was meant to land, so the whole file is quoted, up to MaxLines), and
// verbatim for files the model had not seen.
func Build(items []Item, files Files) (string, error) {
	s := sortItems(items)
	parts := s.requests()
	if len(parts) == 0 {
		return "", nil // rejected blocks alone need no retry
	}
	if len(s.proposed) > 0 {
		parts = append(parts, "The edits as you wrote them:\n\n"+strings.Join(s.proposed, "\n\n"))
	}
	if len(s.rejected) > 0 {
		parts = append(parts, "The user reviewed these edits and rejected them; do not propose them again:\n\n"+strings.Join(s.rejected, "\n"))
	}
	quotes, err := s.quotes(files, placesOf(items))
	if err != nil {
		return "", err
	}
	parts = append(parts, quotes...)
	return strings.Join(parts, "\n\n") + "\n", nil
}

// sections are the prompt's lists, one line an item, and the files to
// quote after them.
type sections struct {
	ambiguous, failed, malformed, skipped, notInContext, rejected, proposed []string
	// Paths to quote, in first-seen order; a path is in one list only.
	numbered, full []string
}

// sortItems puts each item in its section; a file is quoted with line
// numbers when an edit to it failed, verbatim when the model had not seen
// it.
func sortItems(items []Item) *sections {
	s := &sections{}
	seen := map[string]bool{}
	quote := func(list *[]string, path string) {
		if path != "-" && path != "" && !seen[path] {
			seen[path] = true
			*list = append(*list, path)
		}
	}
	for _, it := range items {
		line := it.failure()
		if it.Proposed != "" && it.Status != editcore.Rejected {
			s.proposed = append(s.proposed, fmt.Sprintf("%s (%s):\n%s", it.Path, it.label(), fenced(it.Proposed)))
		}
		switch {
		case it.Status == editcore.Rejected:
			s.rejected = append(s.rejected, fmt.Sprintf("- %s (%s)", it.Path, it.label()))
		case it.Status == editcore.NotInContext:
			s.notInContext = append(s.notInContext, "- "+it.Path)
			quote(&s.full, it.Path)
		case it.Error == editcore.AmbiguousAnchor:
			s.ambiguous = append(s.ambiguous, line)
			quote(&s.numbered, it.Path)
		case it.Status == editcore.Skipped && it.Error != editcore.PreviousEditFailed:
			s.skipped = append(s.skipped, line)
		case it.Error == editcore.MalformedBlock:
			// Nothing in a file to copy: the block itself is to be
			// written again.
			s.malformed = append(s.malformed, line)
		default:
			s.failed = append(s.failed, line)
			quote(&s.numbered, it.Path)
		}
	}
	return s
}

// failure is the item's line in its section: where, what went wrong, and
// which block.
func (it Item) failure() string {
	b := history.Block{Status: it.Status, Error: it.Error, Reason: it.Reason}
	if it.Path == "-" || it.Path == "" {
		return fmt.Sprintf("- %s (%s)", history.Explain(b), it.label()) // a block read without a path
	}
	// The line names the file; the reason need not say it again.
	return fmt.Sprintf("- %s: %s (%s)", it.Path, strings.TrimPrefix(history.Explain(b), "in "+it.Path+": "), it.label())
}

// requests are the sections that ask the model for something, each with
// its instructions; none when nothing is to be retried.
func (s *sections) requests() []string {
	var parts []string
	if len(s.ambiguous) > 0 {
		parts = append(parts, "Some edits failed due to ambiguous anchors (the context lines matched multiple locations in the file). "+
			"Please retry these edits with more unique anchor context — include a distinctive preceding line "+
			"(like a function name, class definition, or unique comment) to disambiguate:\n\n"+strings.Join(s.ambiguous, "\n"))
	}
	if len(s.failed) > 0 {
		parts = append(parts, "Some edits could not be applied. Copy the lines to replace exactly from the current "+
			"file content below (without the line numbers) and retry them:\n\n"+strings.Join(s.failed, "\n"))
	}
	if len(s.malformed) > 0 {
		parts = append(parts, "Some edit blocks could not be read as edits. Write them again in the same format, "+
			"as each message says:\n\n"+strings.Join(s.malformed, "\n"))
	}
	if len(s.skipped) > 0 {
		parts = append(parts, "Some edits were skipped; they cannot be applied as written:\n\n"+strings.Join(s.skipped, "\n"))
	}
	if len(s.notInContext) > 0 {
		parts = append(parts, "Edits to these files were not attempted because you had not seen them in full. "+
			"Their full content is below; please retry the edits for them:\n\n"+strings.Join(s.notInContext, "\n"))
	}
	return parts
}

// quotes are the files' current content: those with failed edits with
// line numbers, as much of each as pl says; those the model had not seen
// whole and verbatim.
func (s *sections) quotes(files Files, pl places) ([]string, error) {
	var parts []string
	if len(s.numbered) > 0 {
		var q []string
		for _, p := range s.numbered {
			text, err := pl.quote(files, p)
			if err != nil {
				return nil, err
			}
			q = append(q, text)
		}
		parts = append(parts, "Current content of the files, with line numbers (each line starts with its number "+
			"and a tab, which are not part of the file):\n\n"+strings.Join(q, "\n\n"))
	}
	if len(s.full) > 0 {
		var q []string
		for _, p := range s.full {
			text, err := quoteFile(files, p, false, nil)
			if err != nil {
				return nil, err
			}
			q = append(q, text)
		}
		parts = append(parts, "Full content of the files you had not seen:\n\n"+strings.Join(q, "\n\n"))
	}
	return parts, nil
}

// places says how much of each file with failed edits to quote.
type places struct {
	focus map[string][]int // the lines edits were meant for
	whole map[string]bool  // an ambiguous edit, or one whose place is unknown: quoted whole
	head  map[string]bool  // a failed tool call: quoted in part (quoteHead)
}

func placesOf(items []Item) places {
	pl := places{focus: map[string][]int{}, whole: map[string]bool{}, head: map[string]bool{}}
	for _, it := range items {
		if it.Status == editcore.Rejected {
			continue
		}
		switch {
		case it.Line > 0 && it.Error != editcore.AmbiguousAnchor:
			pl.focus[it.Path] = append(pl.focus[it.Path], it.Line)
		case it.Error == editcore.ToolFailed:
			// The record says the tool call failed, not where it was
			// meant to go: its file is quoted in part, never whole.
			pl.head[it.Path] = true
		case it.Status != editcore.NotInContext:
			pl.whole[it.Path] = true
		}
	}
	return pl
}

// quote renders path with line numbers: around the places edits were
// meant for, its head for a failed tool call alone, else whole.
func (pl places) quote(files Files, path string) (string, error) {
	var around []int
	if !pl.whole[path] {
		around = pl.focus[path]
	}
	if pl.head[path] && !pl.whole[path] && len(around) == 0 {
		return quoteHead(files, path)
	}
	return quoteFile(files, path, true, around)
}

// fenced puts text in a fence longer than any it holds.
func fenced(text string) string {
	text = strings.TrimSuffix(text, "\n") + "\n"
	f := fenceFor(text)
	return f + "\n" + text + f
}

// Window is how many lines around an intended place are quoted from a
// file longer than WholeFile lines; shorter files are quoted whole.
const (
	Window    = 15
	WholeFile = 120
)

// quoteFile renders one file in a fence long enough for its content. With
// around, a file longer than WholeFile lines is quoted only in windows of
// Window lines around those lines.
func quoteFile(files Files, path string, numbers bool, around []int) (string, error) {
	data, ok, err := files(path)
	switch {
	case err != nil:
		return "", err
	case !ok:
		return path + ": there is no such file now (it may have been moved or deleted since).", nil
	case history.IsBinary(data):
		return path + ": binary file, not shown.", nil
	case len(data) == 0:
		return path + ": the file is empty.", nil
	}
	text := strings.ToValidUTF8(string(data), "\uFFFD")
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	total := len(lines)
	if numbers && len(around) > 0 && total > WholeFile {
		return quoteWindows(path, lines, around), nil
	}
	cut, size := total, 0
	for i, l := range lines {
		if i >= MaxLines || size+len(l) > MaxBytes {
			cut = i
			break
		}
		size += len(l)
	}
	var b strings.Builder
	for i, l := range lines[:cut] {
		if numbers {
			fmt.Fprintf(&b, "%6d\t", i+1)
		}
		b.WriteString(strings.TrimRight(l, "\n"))
		b.WriteByte('\n')
	}
	body := b.String()
	fence := fenceFor(body)
	head := fmt.Sprintf("%s (%s):", path, plural(total, "line"))
	out := head + "\n" + fence + "\n" + body + fence
	if cut < total {
		out += fmt.Sprintf("\n[… %d more lines not shown]", total-cut)
	}
	if !strings.HasSuffix(text, "\n") {
		out += "\n(no newline at the end of the file)"
	}
	return out, nil
}

// fenceFor returns a backtick fence longer than any run of backticks at
// the start of a line in s.
func fenceFor(s string) string {
	longest := 0
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimLeft(l, " \t0123456789")
		n := len(l) - len(strings.TrimLeft(l, "`"))
		longest = max(longest, n)
	}
	return strings.Repeat("`", max(3, longest+1))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// quoteWindows quotes the lines around each of around (1-based), merging
// windows that touch, and says which lines are left out.
func quoteWindows(path string, lines []string, around []int) string {
	sort.Ints(around)
	type span struct{ from, to int } // 0-based, half-open
	var spans []span
	for _, l := range around {
		s := span{max(0, l-1-Window), min(len(lines), l+Window)}
		if n := len(spans); n > 0 && s.from <= spans[n-1].to {
			spans[n-1].to = max(spans[n-1].to, s.to)
			continue
		}
		spans = append(spans, s)
	}
	var b strings.Builder
	prev := 0
	for _, s := range spans {
		if s.from > prev {
			fmt.Fprintf(&b, "[… lines %d-%d not shown]\n", prev+1, s.from)
		}
		for i := s.from; i < s.to; i++ {
			fmt.Fprintf(&b, "%6d\t%s\n", i+1, strings.TrimRight(lines[i], "\n"))
		}
		prev = s.to
	}
	if prev < len(lines) {
		fmt.Fprintf(&b, "[… lines %d-%d not shown]\n", prev+1, len(lines))
	}
	body := b.String()
	fence := fenceFor(body)
	return fmt.Sprintf("%s (%s; the lines around the edits):\n%s\n%s%s", path, plural(len(lines), "line"), fence, body, fence)
}

// quoteHead quotes a file whose failed edit has no known place: whole
// when it is at most WholeFile lines, else its first WholeFile lines,
// saying what is left out.
func quoteHead(files Files, path string) (string, error) {
	data, ok, err := files(path)
	if err != nil || !ok || history.IsBinary(data) || len(data) == 0 {
		return quoteFile(files, path, true, nil)
	}
	lines := strings.SplitAfter(strings.ToValidUTF8(string(data), "\uFFFD"), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= WholeFile {
		return quoteFile(files, path, true, nil)
	}
	var b strings.Builder
	for i, l := range lines[:WholeFile] {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, strings.TrimRight(l, "\n"))
	}
	fmt.Fprintf(&b, "[… lines %d-%d not shown: the record does not say where the edit was meant to go]\n", WholeFile+1, len(lines))
	body := b.String()
	fence := fenceFor(body)
	return fmt.Sprintf("%s (%s; its first %d lines):\n%s\n%s%s", path, plural(len(lines), "line"), WholeFile, fence, body, fence), nil
}
