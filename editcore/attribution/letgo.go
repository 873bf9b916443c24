package attribution

import (
	"hash/maphash"
	"slices"
	"strings"
)

// SpillTo lets the tracker keep at most maxFiles files in memory: past
// them it lets go of them to the file open returns (once, when first
// needed), and reads one back when an operation touches it again.
func (t *Tracker) SpillTo(open func() (SpillFile, error)) { t.spillTo = open }

// get is p's file as the tracker knows it: kept in memory, or read back
// from the spill (then kept again, as a file whose text was dropped: the
// next operation checks its text against the sum).
func (t *Tracker) get(p string) (*file, bool) {
	if f, ok := t.files[p]; ok {
		return f, true
	}
	if t.spill == nil {
		return nil, false
	}
	rec, ok, gone := t.spill.find(p)
	if !ok {
		return nil, false
	}
	f := &file{owners: rec.owners(), sum: rec.sum, dropped: true}
	if gone {
		f = &file{} // as drop and move leave a file they take away
	}
	t.files[p] = f
	return f, true
}

// owners expands the record's runs to an owner a line.
func (r *record) owners() []int {
	out := make([]int, r.lines)
	for _, rg := range r.runs {
		for i := max(rg.Start, 1); i <= rg.End && i <= len(out); i++ {
			out[i-1] = rg.Block
		}
	}
	return out
}

// bound lets go of the files the tracker keeps once they pass maxFiles.
func (t *Tracker) bound() {
	if t.spillTo != nil && len(t.files) > maxFiles {
		t.spillOut()
	}
}

// spillOut writes every file the tracker keeps to the spill, as its
// final runs, and forgets them.
func (t *Tracker) spillOut() {
	if t.err != nil || t.spillTo == nil {
		return
	}
	t.materialize()
	if t.spill == nil {
		f, err := t.spillTo()
		if err != nil {
			t.err = err
			return
		}
		t.spill = &spill{f: f}
	}
	paths := make([]string, 0, len(t.files))
	for p := range t.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	recs := make([]record, 0, len(paths))
	for _, p := range paths {
		owners, now := t.final(p, t.files[p])
		recs = append(recs, record{path: p, sum: maphash.String(t.seed, now), lines: countLines(now), runs: runs(owners)})
	}
	if err := t.spill.write(recs); err != nil {
		t.err = err
		return
	}
	t.files, t.kept = make(map[string]*file), 0
}

// Owned is what a response's blocks wrote of each file: its runs, by
// path. Those of a response of many files are read back from the
// tracker's spill each time they are walked, never held all at once.
type Owned struct {
	mem     map[string][]Range
	spill   *spill
	without map[string]bool
}

// Without leaves p out of what Each walks.
func (o *Owned) Without(p string) {
	if o == nil {
		return
	}
	if o.mem != nil {
		delete(o.mem, p)
		return
	}
	if o.without == nil {
		o.without = map[string]bool{}
	}
	o.without[p] = true
}

// Each walks the files that have lines, in path order, with their runs
// in line order; it stops when yield returns false, and returns why the
// spill could not be read back.
func (o *Owned) Each(yield func(path string, runs []Range) bool) error {
	if o == nil {
		return nil
	}
	if o.spill == nil {
		paths := make([]string, 0, len(o.mem))
		for p := range o.mem {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			if !yield(p, o.mem[p]) {
				return nil
			}
		}
		return nil
	}
	o.spill.each("", func(rec record) bool {
		if len(rec.runs) == 0 || o.without[rec.path] {
			return true
		}
		return yield(rec.path, rec.runs)
	})
	return o.spill.err
}

// OwnedOf is an Owned of runs held in memory.
func OwnedOf(m map[string][]Range) *Owned { return &Owned{mem: m} }

// ClonePaths copies the paths of the runs held in memory, which may be
// cut from a response's text and would keep all of it alive.
func (o *Owned) ClonePaths() {
	if o == nil || o.mem == nil {
		return
	}
	m := make(map[string][]Range, len(o.mem))
	for p, rs := range o.mem {
		m[strings.Clone(p)] = rs
	}
	o.mem = m
}
