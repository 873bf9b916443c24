// Package attribution knows which block of a response wrote which line:
// it watches a Session apply operations and carries, for every file the
// response changed, the owner of each line (the 1-based block that wrote
// it, or 0 for a line the response did not write). It is pure: a billy
// filesystem in, line ranges out; format/attrnote writes them as notes.
package attribution

import (
	"bytes"
	"hash/maphash"
	"maps"
	"path"
	"sort"
	"strings"
	"unsafe"

	"github.com/go-git/go-billy/v5"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// Range is a run of lines of one file, 1-based and inclusive, written by
// one block.
type Range struct {
	Start, End int
	Block      int
}

// Tracker follows one response. cur is the filesystem the Session
// writes; base reads the files as they were when the response started.
type Tracker struct {
	cur    billy.Filesystem
	base   billy.Filesystem
	files  map[string]*file
	blocks int // edit blocks seen so far: the next one is blocks+1
	// moved maps a moved file or directory to where it was, for files
	// below a moved directory that the tracker has not read yet.
	moved map[string]string
	// kept counts the bytes of text the tracker has kept; past maxKept it
	// keeps a file's hash instead (see file.dropped).
	kept int
	// reshaped: a file or directory was moved or deleted, so that a file
	// the tracker has not seen may differ in cur from base.
	reshaped bool
	seed     maphash.Seed
	// sess is the session operations go through: a file it keeps
	// unwritten (editcore.Options.Defer) is read from it, not from cur.
	sess *editcore.Session
	// stale names the files whose text is not kept up (file.stale).
	stale map[string]bool
	// spillTo opens the file the tracker lets go of files to, past
	// maxFiles (spill.go); nil keeps them all in memory. err is the
	// first failure to spill, which Done returns.
	spillTo func() (SpillFile, error)
	spill   *spill
	err     error
}

// maxKept bounds the text the tracker keeps for one response: a response
// that writes more (a thousand large files, one huge one) would otherwise
// hold a second copy of everything it wrote.
var maxKept = 32 << 20

// file is a file's lines as the tracker last saw them, with their owners.
// A dropped file keeps only its text's hash: the text is read again from
// the filesystem just before an operation changes the file (recall), and
// is the same when the hash says so.
type file struct {
	text    string
	owners  []int
	sum     uint64
	dropped bool
	// stale: the owners follow the file's splices (splice.go) and lines
	// counts them, but text is not kept up with them: it is read again
	// (materialize) before anything needs it.
	stale bool
	lines int
}

// New starts tracking a response that applies to cur; base is a copy of
// cur as the response starts (a snapshot), nil when cur is not changed
// before the first operation is applied through the tracker.
func New(cur, base billy.Filesystem) *Tracker {
	return &Tracker{cur: cur, base: base, files: map[string]*file{}, moved: map[string]string{}, seed: maphash.MakeSeed(), stale: map[string]bool{}}
}

// Apply applies op through s and records what it wrote. An applied Create
// or Write of more than editcore.MaxRaw bytes lets its Content go before
// the file is read back: an applied block keeps no text, and a file of
// hundreds of MB would otherwise be held twice.
func (t *Tracker) Apply(s *editcore.Session, op *editcore.Op) editcore.Result {
	t.sess = s
	defer t.bound()
	block := t.next(op)
	if !splices(op.Kind) {
		t.materialize() // it may read or change any file
	}
	t.prime(op)
	t.recall(op)
	res := s.Apply(op)
	if res.Status == editcore.Applied && splices(op.Kind) && s.Defers() {
		// Only then: a file a person puts back between operations (apply
		// -p, Sync) is diffed against the text the tracker kept.
		if sp, ok := s.LastSplice(); ok && sp.Path == res.Path && t.spliced(sp, block) {
			return res
		}
	}
	if res.Status == editcore.Applied && (op.Kind == editcore.Create || op.Kind == editcore.Write) && len(op.Content) > editcore.MaxRaw {
		if f := t.known(res.Path); f.text == "" && !f.dropped {
			// A new file written whole: every line is the block's, and
			// the file is its content with a final newline. Reading it
			// back would make a second copy of a file that may be
			// hundreds of MB while the first is still held.
			t.files[res.Path] = t.whole(op.Content, block)
			op.Content = nil
			return res
		}
		op.Content = nil
	}
	if res.Status == editcore.Applied {
		t.observe(op, res, block)
	}
	return res
}

// ApplyGroup applies a group of operations through s (all or nothing).
// The group's changes to a file are told apart by content: a new line
// belongs to the first operation of the group whose new text holds it.
func (t *Tracker) ApplyGroup(s *editcore.Session, ops []*editcore.Op) []editcore.Result {
	t.sess = s
	defer t.bound()
	t.materialize()
	blocks := make([]int, len(ops))
	for i, op := range ops {
		blocks[i] = t.next(op)
		t.prime(op)
		t.recall(op)
	}
	results := s.ApplyGroup(ops)
	for _, r := range results {
		if r.Status != editcore.Applied {
			return results // restored: nothing changed
		}
	}
	// Files moved or deleted first, then contents, once per path.
	done := map[string]bool{}
	for i, op := range ops {
		if op.Kind == editcore.Move || op.Kind == editcore.Delete || op.Kind == editcore.Shell {
			t.observe(op, results[i], blocks[i])
		}
	}
	for i, op := range ops {
		p := results[i].Path
		if done[p] || !writes(op.Kind) {
			continue
		}
		done[p] = true
		t.update(p, func(line string) int {
			for j, o := range ops {
				if results[j].Path == p && writes(o.Kind) && newText(o, line) {
					return blocks[j]
				}
			}
			return blocks[i]
		})
	}
	return results
}

// next numbers an operation as apply numbers blocks: shell suggestions
// are not blocks.
func (t *Tracker) next(op *editcore.Op) int {
	if op.Kind == editcore.Shell {
		return 0
	}
	t.blocks++
	return t.blocks
}

// prime reads, before an operation, the files it may change that the
// tracker has not seen yet, when there is no base to read them from later,
// or while cur is still base for every such file: every change to cur
// goes through the tracker, which records the file, save a move or a
// deletion (directories too). Reading cur then spares the base its own
// walk of the tree, and the file is in reach for the operation.
func (t *Tracker) prime(op *editcore.Op) {
	if t.base != nil && t.reshaped {
		return
	}
	for _, raw := range []string{op.Path, op.From} {
		if raw == "" {
			continue
		}
		p := repopath.Clean(raw)
		if _, ok := t.get(p); ok {
			continue
		}
		f := t.read(t.cur, p)
		if t.base != nil && t.kept+len(f.text) > maxKept {
			continue // over the budget: read from base when needed, as before
		}
		t.files[p] = t.keep(f)
	}
}

// recall reads again, before an operation, the text of the files it may
// change whose text the tracker dropped. A file that changed past the
// tracker (not expected) keeps no owners.
func (t *Tracker) recall(op *editcore.Op) {
	for _, raw := range []string{op.Path, op.From} {
		if raw == "" {
			continue
		}
		p := repopath.Clean(raw)
		f, ok := t.get(p)
		if !ok || !f.dropped {
			continue
		}
		now := t.read(t.cur, p)
		if maphash.String(t.seed, now.text) == f.sum {
			now.owners = f.owners
		}
		t.files[p] = now
	}
}

// whole is a file the session wrote from content (a final newline added
// when it has none), every line owned by block: kept as its hash, as a
// file over the text budget is.
func (t *Tracker) whole(content []byte, block int) *file {
	var h maphash.Hash
	h.SetSeed(t.seed)
	_, _ = h.Write(content)
	n := bytes.Count(content, []byte{'\n'})
	if len(content) > 0 && content[len(content)-1] != '\n' {
		_ = h.WriteByte('\n')
		n++
	}
	owners := make([]int, n)
	for i := range owners {
		owners[i] = block
	}
	return &file{owners: owners, sum: h.Sum64(), dropped: true}
}

// keep stores f's text while the response's budget allows, else its hash.
func (t *Tracker) keep(f *file) *file {
	if t.kept+len(f.text) <= maxKept {
		t.kept += len(f.text)
		return f
	}
	f.sum, f.dropped, f.text = maphash.String(t.seed, f.text), true, ""
	return f
}

func writes(k editcore.Kind) bool {
	switch k {
	case editcore.Move, editcore.Delete, editcore.Shell, editcore.Chmod, editcore.Malformed, editcore.Unread:
		return false
	}
	return true
}

// newText reports whether line is one of the lines op writes.
func newText(op *editcore.Op, line string) bool {
	line = strings.TrimRight(line, "\r\n")
	for _, l := range op.New {
		if strings.TrimRight(l, "\r\n") == line {
			return true
		}
	}
	text := string(op.Content) + op.NewText
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimRight(l, "\r") == line {
			return true
		}
	}
	return false
}

// observe records what one applied operation did.
func (t *Tracker) observe(op *editcore.Op, res editcore.Result, block int) {
	switch op.Kind {
	case editcore.Delete:
		t.drop(res.Path)
	case editcore.Move:
		t.move(repopath.Clean(op.From), res.Path)
	case editcore.Chmod:
	case editcore.Shell:
		t.shell(op.Command)
	default:
		t.update(res.Path, func(string) int { return block })
	}
}

func (t *Tracker) shell(c *shell.Command) {
	if c == nil {
		return
	}
	paths := make([]string, len(c.Paths))
	for i, p := range c.Paths {
		paths[i] = repopath.Clean(p)
	}
	switch c.Op {
	case shell.Remove:
		for _, p := range paths {
			t.drop(p)
		}
	case shell.Move:
		if len(paths) < 2 {
			return
		}
		dst := paths[len(paths)-1]
		for _, src := range paths[:len(paths)-1] {
			to := dst
			if info, err := t.cur.Lstat(dst); err == nil && info.IsDir() {
				if _, err := t.cur.Lstat(path.Join(dst, path.Base(src))); err == nil {
					to = path.Join(dst, path.Base(src))
				}
			}
			t.move(src, to)
		}
	}
}

// drop forgets p and everything below it.
func (t *Tracker) drop(p string) {
	t.reshaped = true
	for q := range t.files {
		if q == p || strings.HasPrefix(q, p+"/") {
			t.files[q] = &file{} // gone: an empty file owns nothing
		}
	}
	if _, ok := t.files[p]; !ok {
		t.files[p] = &file{}
	}
	if t.spill != nil {
		t.spill.kill(p)
	}
}

// move carries what the tracker knows of from (a file or directory) to to.
func (t *Tracker) move(from, to string) {
	if from == to {
		return
	}
	t.reshaped = true
	t.moved[to] = from
	if t.spill != nil {
		if err := t.spill.move(from, to); err != nil && t.err == nil {
			t.err = err
		}
	}
	if _, ok := t.get(from); !ok {
		// As it was before the move, so its lines keep no owner.
		t.files[from] = t.keep(t.origin(from))
	}
	for q, f := range t.files {
		switch {
		case q == from:
			t.files[to] = f
		case strings.HasPrefix(q, from+"/"):
			t.files[to+q[len(from):]] = f
		default:
			continue
		}
		t.files[q] = &file{}
	}
}

// update reads p as it is now and carries the owners of the lines it kept;
// each new line's owner is owner(line).
func (t *Tracker) update(p string, owner func(line string) int) {
	before := t.known(p)
	now := t.read(t.cur, p)
	now.owners = carry(before, now.text, owner)
	t.files[p] = t.keep(now)
}

// known is p as the tracker last saw it, else as the response started.
func (t *Tracker) known(p string) *file {
	if f, ok := t.get(p); ok {
		return f
	}
	f := t.origin(p)
	if t.kept+len(f.text) <= maxKept {
		t.files[p] = t.keep(f)
		return f
	}
	stored := *f // the caller uses the text now; the map keeps its hash
	t.files[p] = t.keep(&stored)
	return f
}

// origin reads p as the response started, following moves made since.
func (t *Tracker) origin(p string) *file {
	if t.base == nil {
		return &file{}
	}
	for hops := 0; hops < len(t.moved); hops++ {
		q := p
		for q != "." && q != "/" && q != "" && t.moved[q] == "" {
			q = path.Dir(q)
		}
		from, ok := t.moved[q]
		if !ok {
			break
		}
		p = from + p[len(q):]
	}
	return t.read(t.base, p)
}

// read reads p, every line owned by no block.
func (t *Tracker) read(fsys billy.Filesystem, p string) *file {
	if b, ok := t.pending(fsys, p); ok {
		return &file{text: unsafe.String(unsafe.SliceData(b), len(b))}
	}
	b, err := editcore.ReadRegular(fsys, p)
	if err != nil {
		return &file{}
	}
	// b is never changed, by the filesystem or here: the text needs no
	// copy (a file may be hundreds of MB).
	// No owners yet: a line past the end of owners is owned by no block.
	return &file{text: unsafe.String(unsafe.SliceData(b), len(b))}
}

// view is p's text as it is now, to compare at once ("" when p is not a
// regular file): no copy is made.
func (t *Tracker) view(p string) string {
	if b, ok := t.pending(t.cur, p); ok {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	b, err := editcore.ViewFile(t.cur, p)
	if err != nil {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// pending returns p's bytes when the session keeps them unwritten and
// fsys is the filesystem it applies to.
func (t *Tracker) pending(fsys billy.Filesystem, p string) ([]byte, bool) {
	if t.sess == nil || fsys != t.cur {
		return nil, false
	}
	return t.sess.Pending(p)
}

// countLines is the number of lines of s, a last one without a newline
// counted.
func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && s[len(s)-1] != '\n' {
		n++
	}
	return n
}

// carry gives the lines of now that were already in before (as a line
// diff finds them) their previous owner, and the others owner(line).
func carry(before *file, now string, owner func(string) int) []int {
	return Carry(before.text, before.owners, now, func(_ int, line string) int { return owner(line) })
}

// Carry follows line owners through a change of a file's text: a line of
// after that a line diff finds unchanged from before keeps its owner in
// owners (indexed like before's lines; missing entries are 0); every other
// line's owner is fill(i, line), i its 0-based index in after.
func Carry(before string, owners []int, after string, fill func(i int, line string) int) []int {
	return carryWith(before, owners, after, fill, lineEdits)
}

// carryWith is Carry with the line diff diff. Lines are walked in place,
// not split into slices: a response of many small edits makes this a
// large part of its work.
func carryWith(before string, owners []int, after string, fill func(i int, line string) int, diff func(before, after string) []lineEdit) []int {
	if before == "" {
		// Every line is new (a file written whole): no diff to make.
		return fallback(after, fill)
	}
	n := countLines(after)
	out := make([]int, 0, n)
	i, pos := 0, 0   // line and byte offset in before
	next := func() { // past line i of before
		if j := strings.IndexByte(before[pos:], '\n'); j >= 0 {
			pos += j + 1
		} else {
			pos = len(before)
		}
		i++
	}
	keep := func(end int) bool {
		for pos < end && pos < len(before) {
			out = append(out, ownerAt(owners, i))
			next()
		}
		return pos == end
	}
	for _, e := range diff(before, after) {
		if !keep(e.start) {
			return fallback(after, fill)
		}
		for pos < e.end && pos < len(before) {
			next()
		}
		for rest := e.text; rest != ""; {
			var line string
			line, rest = cutLine(rest)
			out = append(out, fill(len(out), line))
		}
	}
	keep(len(before))
	if len(out) != n {
		return fallback(after, fill)
	}
	return out
}

// cutLine cuts s after its first newline (or at its end).
func cutLine(s string) (line, rest string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1], s[i+1:]
	}
	return s, ""
}

func ownerAt(owners []int, i int) int {
	if i < len(owners) {
		return owners[i]
	}
	return 0
}

// fallback owns every line of text by its content alone: a file written
// whole, or (never expected) a diff that does not fit.
func fallback(text string, fill func(int, string) int) []int {
	out := make([]int, 0, countLines(text))
	for rest := text; rest != ""; {
		var line string
		line, rest = cutLine(rest)
		out = append(out, fill(len(out), line))
	}
	return out
}

// Ranges returns, for every file the response wrote lines of and that
// still exists, the runs of lines each block wrote, in line order. Lines
// are checked against the files as they are now: a change made past the
// tracker (none is expected) owns its lines to nobody.
func (t *Tracker) Ranges() map[string][]Range {
	if t.spill == nil {
		return t.ranges(false)
	}
	out := map[string][]Range{}
	t.spill.each("", func(rec record) bool {
		if len(rec.runs) > 0 {
			out[rec.path] = rec.runs
		}
		return true
	})
	for p := range t.files {
		delete(out, p) // kept: newer than what was let go of
	}
	maps.Copy(out, t.ranges(false))
	return out
}

// Done is Ranges for the tracker's last use, as an Owned: what it kept
// of the files is let go of as their ranges are made, so that a response
// of 100,000 new files does not hold both (12 MB each). The tracker is
// not to be used again.
func (t *Tracker) Done() (*Owned, error) {
	if t.spill == nil && t.err == nil {
		return &Owned{mem: t.ranges(true)}, nil
	}
	t.spillOut()
	if t.err != nil {
		return nil, t.err
	}
	o := &Owned{spill: t.spill}
	t.files, t.moved, t.stale, t.sess, t.spill = nil, nil, nil, nil, nil
	return o, nil
}

func (t *Tracker) ranges(done bool) map[string][]Range {
	t.materialize()
	// The files' ranges share one array, sized exactly (the response's
	// ranges are kept until its commit is written): runs are found once
	// to count them, and again to keep them.
	type owned struct {
		path   string
		owners []int
	}
	files := make([]owned, 0, len(t.files))
	var scratch []Range
	n := 0
	for p, f := range t.files {
		owners, _ := t.final(p, f)
		if scratch = appendRuns(scratch[:0], owners); len(scratch) > 0 {
			files = append(files, owned{p, owners})
			n += len(scratch)
		}
		if done {
			delete(t.files, p) // its text and hash; the owners are in files
		}
	}
	if done {
		t.files, t.moved, t.stale, t.sess = nil, nil, nil, nil
	}
	out := make(map[string][]Range, len(files))
	all := make([]Range, 0, n)
	for _, f := range files {
		start := len(all)
		all = appendRuns(all, f.owners)
		out[f.path] = all[start:len(all):len(all)]
	}
	return out
}

// final is f's owners checked against p's text as it is now, and that
// text: a change made past the tracker (none is expected) owns its lines
// to nobody.
func (t *Tracker) final(p string, f *file) ([]int, string) {
	owners := f.owners
	now := t.view(p)
	switch {
	case f.dropped && maphash.String(t.seed, now) != f.sum:
		owners = nil // changed past the tracker, its old text gone
	case !f.dropped && now != f.text:
		owners = carry(f, t.read(t.cur, p).text, func(string) int { return 0 })
	}
	return owners, now
}

// Blocks lists the blocks that own at least one line, sorted.
func Blocks(ranges map[string][]Range) []int {
	seen := map[int]bool{}
	for _, rs := range ranges {
		for _, r := range rs {
			seen[r.Block] = true
		}
	}
	out := make([]int, 0, len(seen))
	for b := range seen {
		out = append(out, b)
	}
	sort.Ints(out)
	return out
}

// Runs turns per-line owners into ranges (see runs).
func Runs(owners []int) []Range { return runs(owners) }

// runs turns per-line owners into ranges of consecutive lines of one
// owner, leaving out lines no block owns.
func runs(owners []int) []Range { return appendRuns(nil, owners) }

// appendRuns appends the runs of owners to out.
func appendRuns(out []Range, owners []int) []Range {
	start := len(out)
	for i, o := range owners {
		if o == 0 {
			continue
		}
		if n := len(out); n > start && out[n-1].Block == o && out[n-1].End == i {
			out[n-1].End = i + 1
			continue
		}
		out = append(out, Range{Start: i + 1, End: i + 1, Block: o})
	}
	return out
}

// Skip numbers an operation that is recorded without being applied (a
// block a person rejected unseen under apply -p), so that later blocks
// keep their numbers.
func (t *Tracker) Skip(op *editcore.Op) { t.next(op) }

// Sync reads p again after something other than an operation changed it
// (a person rejected or edited a block under apply -p): lines it still
// has keep their owners, new ones are owned by no block.
func (t *Tracker) Sync(p string) {
	t.update(repopath.Clean(p), func(string) int { return 0 })
}
