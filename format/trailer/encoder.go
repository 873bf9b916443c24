package trailer

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// MaxListed is how many lines of each per-block or per-command trailer a
// commit message lists. A response of a million blocks would otherwise
// make a message of tens of megabytes that git log, rebase and every
// reader of the history must carry. Past the limit one Aiedit-Omitted
// line says how many were left out; Aiedit-Summary still counts them
// all, and apply --json reports every block.
const MaxListed = 1000

// MaxDiffers bounds the Aiedit-Differs trailers of one commit; the JSON
// report lists every file.
const MaxDiffers = 20

// listed reports whether key is written once per block or command.
func listed(key string) bool {
	switch key {
	case KeyBlock, KeyReason, KeyShell, KeyUnreplayed, KeyUnexplained:
		return true
	}
	return false
}

// Encode is the record's trailers in the order a commit carries them
// (docs/trailers.md), each per-block list bounded (Bound): a record may
// hold more blocks than a commit lists, and Omitted entries for those it
// does not hold.
func (r *Record) Encode() []Trailer { return Bound(r.lines()) }

// lines is the record's trailers in order, every line of every list.
func (r *Record) lines() []Trailer {
	var t []Trailer
	add := func(key, value string) { t = append(t, Trailer{Key: key, Value: value}) }
	if r.Reconcile.What != "" {
		add(KeyReconcile, r.Reconcile.String())
	}
	if r.Squashed.Branch != "" {
		add(KeySquashed, r.Squashed.String())
	}
	if r.IsResponse() || r.Transcript != "" {
		add(KeyTranscript, r.Transcript)
	}
	if r.IsResponse() {
		add(KeyResponse, fmt.Sprintf("%d/%d", r.N, r.Total))
	}
	if r.Session.Agent != "" {
		add(KeySession, r.Session.String())
	}
	if r.Base.Commit != "" {
		add(KeyBase, r.Base.String())
	}
	if r.Snapshot != "" {
		add(KeySnapshot, r.Snapshot)
	}
	if r.Digest != "" {
		add(KeyDigest, r.Digest)
	}
	for _, w := range r.Workdirs {
		add(KeyWorkdir, w.Path+" "+w.From)
	}
	if r.Verified.Result != "" {
		add(KeyVerified, r.Verified.String())
	}
	t = append(t, r.differs()...)
	if r.Round > 0 {
		add(KeyRetryOf, fmt.Sprintf("%d round %d", r.RetryOf, r.Round))
	}
	if r.Model != "" {
		add(KeyModel, r.Model)
	}
	t = append(t, r.perBlock()...)
	for _, c := range r.Checks {
		add(KeyCheck, c.value())
	}
	if r.IsResponse() {
		add(KeySummary, summaryValue(r.Summary))
	}
	for _, a := range r.AssistedBy {
		add(KeyAssistedBy, a)
	}
	for _, v := range r.Reviewed {
		add(KeyReviewed, v.String())
	}
	return t
}

// perBlock are the listed keys' lines: the blocks, their reasons, the
// commands in order, and the record's omissions, each after the last
// line of its key.
func (r *Record) perBlock() []Trailer {
	var t []Trailer
	for _, b := range r.Blocks {
		t = append(t, Trailer{Key: KeyBlock, Value: b.value()})
	}
	for _, b := range r.Blocks {
		if b.Reason == "" {
			continue
		}
		v := strconv.Itoa(b.Index) + " " + b.Reason
		if b.Line > 0 {
			v = fmt.Sprintf("%d line %d: %s", b.Index, b.Line, b.Reason)
		}
		t = append(t, Trailer{Key: KeyReason, Value: v})
	}
	unreplayed := 0
	// A command is put on one line before its prefix, so its own leading
	// whitespace (a vertical tab too) is trimmed, not escaped after it.
	for _, s := range r.Shell {
		if s.Status == editcore.NotReplayed {
			unreplayed++
			t = append(t, Trailer{Key: KeyUnreplayed, Value: strconv.Itoa(unreplayed) + " " + oneLine(s.Command)})
			continue
		}
		t = append(t, Trailer{Key: KeyShell, Value: string(s.Status) + " " + oneLine(s.Command)})
	}
	for _, p := range r.Unexplained {
		t = append(t, Trailer{Key: KeyUnexplained, Value: p})
	}
	for _, o := range r.Omitted {
		at := len(t)
		for i := len(t) - 1; i >= 0; i-- {
			if t[i].Key == o.Key {
				at = i + 1
				break
			}
		}
		t = append(t[:at], append([]Trailer{{Key: KeyOmitted, Value: o.value()}}, t[at:]...)...)
	}
	return t
}

// value is "<n> <status>[:<detail>] <path>".
func (b Block) value() string {
	p := b.Path
	if p == "" {
		p = "-"
	}
	return strconv.Itoa(b.Index) + " " + b.Outcome() + " " + p
}

// value is "<name> <status>[ <reason>]".
func (c Check) value() string {
	s := c.Name + " " + c.Status
	if c.Reason != "" {
		s += " " + c.Reason
	}
	return s
}

func (o Omission) value() string {
	first := o.First
	if first == 0 {
		first = MaxListed
	}
	return fmt.Sprintf("%d %s lines (past the first %d); apply --json lists them all", o.N, o.Key, first)
}

// String is the Aiedit-Omitted value.
func (o Omission) String() string { return o.value() }

// summaryValue counts validated blocks as applied; the decisions of
// apply -p follow only when there were some, so other summaries keep
// their five counts.
func summaryValue(s editcore.Summary) string {
	v := fmt.Sprintf("applied=%d already_applied=%d failed=%d skipped=%d not_in_context=%d",
		s.Applied+s.Validated, s.AlreadyApplied, s.Failed, s.Skipped, s.NotInContext)
	if s.Rejected+s.Edited > 0 {
		v += fmt.Sprintf(" rejected=%d edited=%d", s.Rejected, s.Edited)
	}
	return v
}

// differs are the Aiedit-Differs lines: the first MaxDiffers files, then
// how many more.
func (r *Record) differs() []Trailer {
	var t []Trailer
	for i, d := range r.Differs {
		if i == MaxDiffers {
			break
		}
		v := quotePath(d.Path) + " " + d.Change
		if d.Why != "" {
			v += " (" + d.Why + ")"
		}
		t = append(t, Trailer{Key: KeyDiffers, Value: v})
	}
	if more := max(len(r.Differs)-MaxDiffers, 0) + r.DiffersMore; more > 0 {
		t = append(t, Trailer{Key: KeyDiffers, Value: fmt.Sprintf("… %d more (the JSON report lists them)", more)})
	}
	return t
}

func quotePath(p string) string {
	if !utf8.ValidString(p) || strings.ContainsFunc(p, func(r rune) bool {
		return r == '"' || r == '\\' || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) {
		return strconv.Quote(p)
	}
	return p
}

// Bound keeps the first MaxListed lines of each per-block or per-command
// key and puts, after the last one kept, "Aiedit-Omitted: <n> <key> lines
// (past the first 1000); apply --json lists them all" (adding in an
// Aiedit-Omitted line t already holds for that key). Other trailers are
// kept as they are, in order.
func Bound(t []Trailer) []Trailer {
	count := map[string]int{}
	for _, tr := range t {
		if listed(tr.Key) {
			count[tr.Key]++
		}
	}
	over := false
	for _, n := range count {
		over = over || n > MaxListed
	}
	if !over {
		return t
	}
	before := map[string]int{} // what earlier omissions of an over key said
	for _, tr := range t {
		if o, ok := parseOmission(tr.Value); tr.Key == KeyOmitted && ok && count[o.Key] > MaxListed {
			before[o.Key] += o.N
		}
	}
	out := make([]Trailer, 0, len(t))
	seen := map[string]int{}
	for _, tr := range t {
		if o, ok := parseOmission(tr.Value); tr.Key == KeyOmitted && ok && count[o.Key] > MaxListed {
			continue // said again, added in, below
		}
		if !listed(tr.Key) {
			out = append(out, tr)
			continue
		}
		seen[tr.Key]++
		switch n := seen[tr.Key]; {
		case n <= MaxListed:
			out = append(out, tr)
		case n == MaxListed+1:
			o := Omission{Key: tr.Key, N: count[tr.Key] - MaxListed + before[tr.Key], First: MaxListed}
			out = append(out, Trailer{Key: KeyOmitted, Value: o.value()})
		}
	}
	return out
}
