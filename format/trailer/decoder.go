package trailer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Decode reads the trailers of a commit message (Parse) into a Record.
// Keys it does not know are left out; a malformed line of a list is left
// out and the rest read. Without a readable Aiedit-Summary the blocks
// listed are counted instead.
func Decode(message string) Record {
	return FromTrailers(Parse(message))
}

// FromTrailers reads parsed trailers into a Record (Decode).
func FromTrailers(ts []Trailer) Record {
	var r Record
	var reasons []string
	summary, hasSummary := editcore.Summary{}, false
	for _, t := range ts {
		switch t.Key {
		case KeyReconcile:
			r.Reconcile, _ = ParseReconcile(t.Value)
		case KeySquashed:
			r.Squashed, _ = ParseSquashed(t.Value)
		case KeyTranscript:
			r.Transcript = t.Value
		case KeyResponse:
			r.N, r.Total = parseResponse(t.Value)
		case KeySession:
			r.Session, _ = ParseSession(t.Value)
		case KeyBase:
			r.Base, _ = ParseBase(t.Value)
		case KeySnapshot:
			r.Snapshot = t.Value
		case KeyDigest:
			r.Digest = t.Value
		case KeyWorkdir:
			if i := strings.LastIndexByte(t.Value, ' '); i > 0 {
				r.Workdirs = append(r.Workdirs, Workdir{Path: t.Value[:i], From: t.Value[i+1:]})
			}
		case KeyVerified:
			r.Verified, _ = ParseVerified(t.Value)
		case KeyDiffers:
			var n int
			if _, err := fmt.Sscanf(t.Value, "… %d more", &n); err == nil {
				r.DiffersMore += n
			} else if d, ok := parseDiffer(t.Value); ok {
				r.Differs = append(r.Differs, d)
			}
		case KeyRetryOf:
			// "<response n> round <k>"
			var n, k int
			if _, err := fmt.Sscanf(t.Value, "%d round %d", &n, &k); err == nil && n > 0 && k > 0 {
				r.RetryOf, r.Round = n, k
			}
		case KeyModel:
			r.Model = t.Value
		case KeyBlock:
			if b, ok := ParseBlock(t.Value); ok {
				r.Blocks = append(r.Blocks, b)
			}
		case KeyReason:
			reasons = append(reasons, t.Value)
		case KeyShell:
			st, cmd, _ := strings.Cut(t.Value, " ")
			r.Shell = append(r.Shell, Shell{Status: editcore.Status(st), Command: cmd})
		case KeyUnreplayed:
			_, cmd, _ := strings.Cut(t.Value, " ")
			r.Shell = append(r.Shell, Shell{Status: editcore.NotReplayed, Command: cmd})
		case KeyUnexplained:
			if p := strings.TrimSpace(t.Value); p != "" {
				r.Unexplained = append(r.Unexplained, p)
			}
		case KeyCheck:
			name, rest, _ := strings.Cut(strings.TrimSpace(t.Value), " ")
			st, reason, _ := strings.Cut(rest, " ")
			if name != "" && st != "" {
				r.Checks = append(r.Checks, Check{Name: name, Status: st, Reason: reason})
			}
		case KeySummary:
			summary, hasSummary = parseSummary(t.Value)
		case KeyOmitted:
			if o, ok := parseOmission(t.Value); ok {
				r.Omitted = append(r.Omitted, o)
			}
		case KeyAssistedBy:
			r.AssistedBy = append(r.AssistedBy, t.Value)
		case KeyReviewed:
			if v, ok := ParseReviewed(t.Value); ok {
				r.Reviewed = append(r.Reviewed, v)
			}
		}
	}
	for _, v := range reasons {
		r.addReason(v)
	}
	if hasSummary {
		r.Summary = summary
	} else {
		for _, b := range r.Blocks {
			r.Summary.Count(b.Status)
		}
	}
	return r
}

// parseResponse reads "<n>/<total>"; 0, 0 unless both are numbers and n
// is positive.
func parseResponse(v string) (n, total int) {
	a, b, found := strings.Cut(v, "/")
	n, err1 := strconv.Atoi(strings.TrimSpace(a))
	total, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !found || err1 != nil || err2 != nil || n <= 0 {
		return 0, 0
	}
	return n, total
}

// addReason reads "<n> [line <L>: ]<why>" onto block n.
func (r *Record) addReason(v string) {
	n, text, _ := strings.Cut(v, " ")
	i, err := strconv.Atoi(n)
	if err != nil {
		return
	}
	line := 0
	if rest, ok := strings.CutPrefix(text, "line "); ok {
		if l, after, ok := strings.Cut(rest, ": "); ok {
			// Only the number Encode writes: "line 01: x" or "line +1: x"
			// is a reason of those words, not line 1.
			if num, err := strconv.Atoi(l); err == nil && num > 0 && strconv.Itoa(num) == l {
				line, text = num, after
			}
		}
	}
	for k := range r.Blocks {
		if r.Blocks[k].Index == i {
			r.Blocks[k].Reason, r.Blocks[k].Line = text, line
		}
	}
}

// ParseBlock reads one Aiedit-Block value. The path is the rest of the
// line, so paths with spaces survive.
func ParseBlock(v string) (Block, bool) {
	n, rest, ok1 := strings.Cut(strings.TrimSpace(v), " ")
	status, path, ok2 := strings.Cut(rest, " ")
	idx, err := strconv.Atoi(n)
	if !ok1 || !ok2 || err != nil || status == "" || path == "" {
		return Block{}, false
	}
	st, detail, _ := strings.Cut(status, ":")
	if st == "" {
		return Block{}, false
	}
	b := Block{Index: idx, Path: path}
	b.Status, b.Detail = editcore.Status(st), detail
	switch b.Status {
	case editcore.Failed, editcore.Skipped, editcore.NotInContext:
		b.Error = editcore.ErrorType(detail)
	}
	return b, true
}

func parseSummary(v string) (editcore.Summary, bool) {
	var s editcore.Summary
	fields := strings.Fields(v)
	if len(fields) == 0 {
		return s, false
	}
	for _, f := range fields {
		k, val, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(val)
		if !ok || err != nil {
			return s, false
		}
		switch k {
		case "applied":
			s.Applied = n
		case "already_applied":
			s.AlreadyApplied = n
		case "failed":
			s.Failed = n
		case "skipped":
			s.Skipped = n
		case "not_in_context":
			s.NotInContext = n
		case "rejected":
			s.Rejected = n
		case "edited":
			s.Edited = n
		}
	}
	return s, true
}

// parseOmission reads "<n> <key> lines (past the first <m>); …".
func parseOmission(v string) (Omission, bool) {
	f := strings.Fields(v)
	if len(f) < 7 || f[2] != "lines" || f[3] != "(past" || f[4] != "the" || f[5] != "first" {
		return Omission{}, false
	}
	n, err1 := strconv.Atoi(f[0])
	first, err2 := strconv.Atoi(strings.TrimRight(f[6], ");"))
	if err1 != nil || err2 != nil || n < 0 || first <= 0 {
		return Omission{}, false
	}
	return Omission{Key: f[1], N: n, First: first}, true
}

// parseDiffer reads "<path> <change>[ (<why>)]", the path a Go string
// when it starts with a quote.
func parseDiffer(v string) (Differ, bool) {
	var d Differ
	rest := v
	if strings.HasPrefix(v, `"`) {
		q, err := strconv.QuotedPrefix(v)
		if err != nil {
			return Differ{}, false
		}
		d.Path, _ = strconv.Unquote(q)
		rest = v[len(q):]
	} else {
		var ok bool
		if d.Path, rest, ok = strings.Cut(v, " "); !ok {
			return Differ{}, false
		}
		rest = " " + rest
	}
	rest, ok := strings.CutPrefix(rest, " ")
	if !ok {
		return Differ{}, false
	}
	d.Change, rest, _ = strings.Cut(rest, " ")
	if d.Path == "" || d.Change == "" {
		return Differ{}, false
	}
	if rest != "" {
		why, open := strings.CutPrefix(rest, "(")
		why, closed := strings.CutSuffix(why, ")")
		if !open || !closed {
			return Differ{}, false
		}
		d.Why = why
	}
	return d, true
}
