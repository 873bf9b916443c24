package match

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzFind checks properties of Find and Splice on arbitrary input:
//   - nothing panics;
//   - the exact step agrees with a brute-force search (one location: an
//     exact match there; several: ambiguous at the exact step, listing them
//     all; none: some other outcome);
//   - a match lies within the file, honours From and AtEOF, and an exact
//     one is the pattern;
//   - splicing the pattern in for itself gives the file back, and at an
//     exact match splicing in new lines gives exactly those lines;
//   - a diagnosis stays within the file.
func FuzzFind(f *testing.F) {
	f.Add("a\nb\nc\nb\nc", "b\nc", 0, false, false)
	f.Add("a\nb\nc\nb\nc", "b\nc", 2, true, true)
	f.Add("\tx := 1\n\ty()\n", "x := 1\ny()", 0, false, false)
	f.Add("“q”\n\n— x\u00a0…", "\"q\"\n- x ...", 0, false, true)
	f.Add("a\n\n\nb\n\n", "a\nb", 0, true, false)
	f.Add("func a() {\n\treturn 1\n}", "func a() {\n\treturn 2\n}", 0, false, true)
	f.Add("", "x", 0, false, false)
	f.Add("a\xff\nb", "\xff", -3, false, true)
	f.Fuzz(func(t *testing.T, text, pat string, from int, atEOF, fuzzy bool) {
		if len(text) > 4000 || len(pat) > 400 {
			t.Skip()
		}
		file, pattern := strings.Split(text, "\n"), strings.Split(pat, "\n")
		opt := Options{From: from % 64, AtEOF: atEOF}
		if fuzzy {
			opt.Fuzzy = 0.7
		}
		m, err := Find(file, pattern, opt)

		want := bruteForce(file, pattern, max(opt.From, 0), atEOF)
		var amb *Ambiguous
		isAmb := errors.As(err, &amb)
		switch {
		case len(want) == 1:
			if err != nil || m.Step != Exact || m.Start != want[0] {
				t.Fatalf("exact location %d: got %+v, %v", want[0], m, err)
			}
		case len(want) > 1:
			lines := make([]int, len(want))
			for i, s := range want {
				lines[i] = s + 1
			}
			if !isAmb || amb.Step != Exact || !slices.Equal(amb.Lines, lines) {
				t.Fatalf("exact locations %v: got %+v, %v", lines, m, err)
			}
		default:
			if err == nil && m.Step == Exact || isAmb && amb.Step == Exact {
				t.Fatalf("no exact location: got %+v, %v", m, err)
			}
		}

		if err == nil {
			if m.Start < max(opt.From, 0) || m.Start >= m.End || m.End > len(file) {
				t.Fatalf("match %+v out of range for %d lines from %d", m, len(file), opt.From)
			}
			if atEOF && m.End != len(file) {
				t.Fatalf("match %+v does not end the %d-line file", m, len(file))
			}
			if m.Step == Exact && !slices.Equal(file[m.Start:m.End], pattern) {
				t.Fatalf("exact match %+v is not the pattern", m)
			}
			if got := Splice(file, m, pattern, pattern); !slices.Equal(got, file) {
				t.Fatalf("splicing the pattern for itself at %+v changed the file:\n%q\n%q", m, file, got)
			}
			repl := append(slices.Clone(pattern[len(pattern)/2:]), "x", "", "\ty")
			repl = append(repl, pattern[:len(pattern)/2]...)
			got := Splice(file, m, pattern, repl)
			if m.Step == Exact {
				want := slices.Concat(file[:m.Start], repl, file[m.End:])
				if !slices.Equal(got, want) {
					t.Fatalf("exact splice at %+v:\n%q\nwant %q", m, got, want)
				}
			}
		}
		var nf *NotFound
		if errors.As(err, &nf) {
			d := nf.Diagnosis
			if d.Start < 0 || d.Start > d.End || d.End > len(file) || d.ExcerptStart < d.Start ||
				d.ExcerptStart+len(d.Excerpt) > d.End || len(d.Excerpt) > MaxExcerpt || d.Line >= len(pattern) {
				t.Fatalf("diagnosis out of range: %+v", d)
			}
			_ = nf.Error()
		}
		if isAmb {
			_ = amb.Error()
		}
	})
}

func bruteForce(file, pattern []string, from int, atEOF bool) []int {
	var out []int
	for s := from; s+len(pattern) <= len(file); s++ {
		if atEOF && s+len(pattern) != len(file) {
			continue
		}
		if slices.Equal(file[s:s+len(pattern)], pattern) {
			out = append(out, s)
		}
	}
	return out
}
