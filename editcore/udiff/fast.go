package udiff

import (
	"os"
	"strings"
)

// verdict is what the fast reader concluded about a section.
type verdict uint8

const (
	unsure   verdict = iota // a shape fast does not read: ask go-gitdiff
	accepted                // read exactly as go-gitdiff would
	rejected                // go-gitdiff would not read it with every line accounted for
)

// fast reads a section of the shapes git writes (a "diff --git a/P b/P"
// header with index and mode lines, or bare ---/+++ lines, then counted
// hunks) straight from the diff's lines. go-gitdiff needs the section
// copied into one text and parsed again, which made diffs the slowest
// format by a factor of ten. It follows go-gitdiff rule for rule on what
// it accepts and rejects and leaves everything else to it.
func (d *fileDiff) fast() (*file, verdict) {
	for _, h := range d.s.hunks {
		if h.implicit {
			return nil, unsure
		}
	}
	if len(d.s.hunks) == 0 {
		return nil, unsure
	}
	f, ok := d.fastHeader()
	if !ok {
		return nil, unsure
	}
	// As strict does: the hunks as written, then with the blank lines at
	// each hunk's end dropped.
	v := d.fastHunks(f, false)
	if v == rejected && d.trailingBlanks() {
		v = d.fastHunks(f, true)
	}
	if v != accepted {
		return nil, v
	}
	return f, accepted
}

func (d *fileDiff) trailingBlanks() bool {
	for _, h := range d.s.hunks {
		from, to := h.body()
		if trimBlank(d.lines, from, to) != to {
			return true
		}
	}
	return false
}

// fastHeader reads the section's header lines, or reports a shape it does
// not read.
func (d *fileDiff) fastHeader() (*file, bool) {
	end := d.headerEnd()
	if !d.s.git || !d.prefixed() {
		first := d.s.start
		if d.s.git {
			first++
		}
		if d.s.oldHdr != first || end != first+2 || len(d.lines[end])+1 < len("@@ -1 +1 @@\n") || !strings.HasPrefix(d.lines[end], "@@ -") {
			return nil, false
		}
		return traditionalHeader(d.lines[first][4:], d.lines[first+1][4:])
	}
	name, ok := strings.CutPrefix(d.lines[d.s.start], "diff --git a/")
	if !ok {
		return nil, false
	}
	n := (len(name) - len(" b/")) / 2
	if n <= 0 || name[n:] != " b/"+name[:n] {
		return nil, false
	}
	name = name[:n]
	if !plainName(name) || strings.ContainsAny(name, " \"") {
		return nil, false
	}
	f := d.newFile()
	for _, l := range d.lines[d.s.start+1 : end] {
		var ok bool
		switch {
		case strings.HasPrefix(l, "--- "):
			ok = gitName(l[4:], "a/", name, &f.oldName, f.isNew)
		case strings.HasPrefix(l, "+++ "):
			ok = gitName(l[4:], "b/", name, &f.newName, f.isDelete)
		case strings.HasPrefix(l, "old mode "):
			f.oldMode, ok = mode(l[len("old mode "):])
		case strings.HasPrefix(l, "new mode "):
			f.newMode, ok = mode(l[len("new mode "):])
		case strings.HasPrefix(l, "deleted file mode "):
			f.isDelete, f.oldName = true, name
			f.oldMode, ok = mode(l[len("deleted file mode "):])
		case strings.HasPrefix(l, "new file mode "):
			f.isNew, f.newName = true, name
			f.newMode, ok = mode(l[len("new file mode "):])
		case strings.HasPrefix(l, "index "):
			ok = index(l[len("index "):], f)
		}
		if !ok {
			return nil, false
		}
	}
	if f.oldName == "" && f.newName == "" {
		f.oldName, f.newName = name, name
	}
	if f.newName == "" && !f.isDelete || f.oldName == "" && !f.isNew {
		return nil, false
	}
	return f, true
}

// gitName reads a ---/+++ line of a git header: the side's prefix and the
// header's name, or /dev/null. Anything else is left to go-gitdiff.
func gitName(rest, prefix, name string, set *string, isNull bool) bool {
	parsed := devNull
	if rest != devNull {
		if rest != prefix+name {
			return false
		}
		parsed = name
	}
	if *set == "" && !isNull {
		*set = parsed
		return true
	}
	// go-gitdiff's verifyGitHeaderName, where a mismatch is an error.
	if *set != "" && (isNull || *set != parsed) {
		return false
	}
	return !isNull || parsed == devNull
}

const devNull = "/dev/null"

// traditionalHeader reads bare "--- old" and "+++ new" lines.
func traditionalHeader(oldName, newName string) (*file, bool) {
	for _, n := range []string{oldName, newName} {
		if n != devNull && !plainName(n) {
			return nil, false
		}
	}
	f := &file{}
	switch {
	case oldName == devNull:
		f.isNew, f.newName = true, newName
	case newName == devNull:
		f.isDelete, f.oldName = true, oldName
	case strings.HasPrefix(newName, oldName):
		// go-gitdiff prefers the old name when it is a prefix of the new
		// one ("file" over "file.orig").
		f.oldName, f.newName = oldName, oldName
	default:
		f.oldName, f.newName = newName, newName
	}
	return f, true
}

// plainName reports a name go-gitdiff returns unchanged: not quoted, no
// tab (a timestamp may follow one), no doubled or leading slash.
func plainName(n string) bool {
	return n != "" && n[0] != '"' && n[0] != '/' && !strings.ContainsAny(n, "\t\n") && !strings.Contains(n, "//")
}

// index reads "index OLD..NEW[ MODE]": the mode is the old side's.
func index(rest string, f *file) bool {
	oids, m, hasMode := strings.Cut(rest, " ")
	if _, _, ok := strings.Cut(oids, ".."); !ok {
		return false
	}
	if hasMode {
		var ok bool
		f.oldMode, ok = mode(m)
		return ok
	}
	return true
}

// mode reads a six-digit octal file mode.
func mode(s string) (os.FileMode, bool) {
	if len(s) != 6 {
		return 0, false
	}
	var m os.FileMode
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return 0, false
		}
		m = m<<3 | os.FileMode(s[i]-'0')
	}
	return m, true
}

// fastHunks reads every hunk as go-gitdiff's ParseTextChunk does, and
// rejects the section when go-gitdiff would stop before a hunk's last line
// or fail.
func (d *fileDiff) fastHunks(f *file, trim bool) verdict {
	n := 0
	for _, h := range d.s.hunks {
		from, to := h.body()
		if trim {
			to = trimBlank(d.lines, from, to)
		}
		n += to - from
	}
	// Views into the section's lines, in arrays the next section reuses:
	// build copies what the operations keep.
	all := d.scratchLines(n)
	frags := d.scratchFrags(len(d.s.hunks))
	for _, h := range d.s.hunks {
		fr, ok := hunkHeader(d.lines[h.at])
		if !ok {
			return unsure
		}
		if f.isNew && fr.oldLines > 0 || f.isDelete && fr.newLines > 0 {
			return rejected
		}
		from, to := h.body()
		if trim {
			to = trimBlank(d.lines, from, to)
		}
		start := len(all)
		oldN, newN := fr.oldLines, fr.newLines
		var changes bool
		i := from
		if i == to {
			return rejected // "no content following fragment header"
		}
		for ; i < to && (oldN > 0 || newN > 0); i++ {
			l := d.lines[i]
			op, text := opContext, ""
			if l != "" {
				op, text = l[0], l[1:]
			}
			switch op {
			case opContext:
				oldN--
				newN--
			case opDelete:
				oldN--
				changes = true
			case opAdd:
				newN--
				changes = true
			case '\\':
				if !isNoEOL(l) {
					return rejected
				}
				if len(all) > start {
					all[len(all)-1].noEOL = true
				}
				continue
			default:
				return rejected
			}
			all = append(all, hline{op: op, text: text})
		}
		if oldN != 0 || newN != 0 || !changes {
			return rejected
		}
		if i < to && isNoEOL(d.lines[i]) {
			all[len(all)-1].noEOL = true
			i++
		}
		if i < to {
			// Lines after the counted ones: go-gitdiff leaves them out,
			// and strict refuses a hunk that lost lines. Only more
			// markers would be ignored, and only after the last hunk.
			for ; i < to; i++ {
				if !isNoEOL(d.lines[i]) {
					return rejected
				}
			}
			return unsure
		}
		fr.lines = all[start:len(all):len(all)]
		frags = append(frags, fr)
	}
	f.frags = frags
	return accepted
}

// hunkHeader reads "@@ -a[,b] +c[,d] @@" with plain decimal numbers.
func hunkHeader(l string) (frag, bool) {
	o, n, ok := hunkRanges(l)
	if !ok {
		return frag{}, false
	}
	var fr frag
	var ok1, ok2 bool
	fr.oldPos, fr.oldLines, ok1 = rangeNumbers(o)
	fr.newPos, fr.newLines, ok2 = rangeNumbers(n)
	return fr, ok1 && ok2
}

// rangeNumbers reads a range's start and count, up to 18 digits each.
func rangeNumbers(r hunkRange) (start, n int64, ok bool) {
	if start, ok = decimal(r.start); !ok {
		return 0, 0, false
	}
	if r.count == "" {
		return start, 1, true
	}
	n, ok = decimal(r.count)
	return start, n, ok
}

// decimal reads up to 18 digits (no sign), which cannot overflow.
func decimal(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int64(s[i]-'0')
	}
	return v, true
}

func (d *fileDiff) scratchLines(n int) []hline {
	if d.sc == nil {
		return make([]hline, 0, n)
	}
	if cap(d.sc.lines) < n {
		d.sc.lines = make([]hline, 0, max(n, 2*cap(d.sc.lines)))
	}
	return d.sc.lines[:0]
}

func (d *fileDiff) scratchFrags(n int) []frag {
	if d.sc == nil {
		return make([]frag, 0, n)
	}
	if cap(d.sc.frags) < n {
		d.sc.frags = make([]frag, 0, max(n, 2*cap(d.sc.frags)))
	}
	return d.sc.frags[:0]
}

// newFile is an empty file, the scratch's when there is one: build reads
// it and keeps nothing of it.
func (d *fileDiff) newFile() *file {
	if d.sc == nil {
		return &file{}
	}
	d.sc.file = file{}
	return &d.sc.file
}
