package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"os"
	"slices"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/match"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// keptBlocks is how many of a response's block results stay in memory
// whole. The rest go to a temporary file as they are recorded, so that a
// response of a million blocks holds a byte per block rather than the
// 2 KB its result, its operation and the text it points into would
// (docs/reliability.md). What is read back of a spilled block is what
// reports, trailers and subjects say of it; retry prompts quote only
// blocks the commit lists, all of them kept (maxListed <= keptBlocks).
const keptBlocks = 4096

// blockLog is a response's edit block results, in order.
type blockLog struct {
	head  []editcore.Result // the first keptBlocks, whole
	codes []uint8           // the status of each spilled block (statusCodes)
	// rolled is why a rolled-back response's changes are not in its
	// commit: spilled blocks that applied read back as failed with it.
	rolled string

	spill *os.File
	named bool // the spill file is still in its folder (close removes it)
	w     *bufio.Writer
	size  int64 // bytes written to the spill file
	err   error // the first failure to write or read the spill file
}

// maxBlockSpill bounds the temporary disk one response's block results
// take, as a stream's spool is bounded: some ten million blocks.
var maxBlockSpill int64 = 1 << 30

// spilled is what the log keeps of a block past keptBlocks.
type spilled struct {
	Path    string             `json:"p,omitempty"`
	From    string             `json:"f,omitempty"`
	Kind    editcore.Kind      `json:"k,omitempty"`
	Format  string             `json:"o,omitempty"`
	Status  editcore.Status    `json:"s"`
	Error   editcore.ErrorType `json:"e,omitempty"`
	Match   match.Step         `json:"m,omitempty"`
	Line    int                `json:"l,omitempty"`
	Message string             `json:"g,omitempty"`
	// OutsideWhy is the Op's: why an outside block is (its reason).
	OutsideWhy string `json:"w,omitempty"`
}

// statusCodes numbers the statuses a block can have, for codes.
var statusCodes = []editcore.Status{
	editcore.Applied, editcore.AlreadyApplied, editcore.Validated, editcore.Failed, editcore.Skipped,
	editcore.NotInContext, editcore.Rejected, editcore.Edited, editcore.Outside,
}

func codeOf(s editcore.Status) uint8 {
	if i := slices.Index(statusCodes, s); i >= 0 {
		return uint8(i)
	}
	return uint8(slices.Index(statusCodes, editcore.Failed))
}

// Len is how many blocks the response has.
func (l *blockLog) Len() int { return len(l.head) + len(l.codes) }

// add records the next block's result; started says that it made the
// spill file, which the run must close.
func (l *blockLog) add(res editcore.Result) (started bool) {
	if len(l.head) < keptBlocks {
		if len(l.head) == cap(l.head) && len(l.head) >= 256 {
			// Doubled: append grows a long slice by a quarter, so that a
			// response of 4,000 blocks copied its results four times over.
			l.head = slices.Grow(l.head, len(l.head))
		}
		l.head = append(l.head, res)
		return false
	}
	l.codes = append(l.codes, codeOf(res.Status))
	if l.err != nil {
		return false
	}
	if l.spill == nil {
		f, err := os.CreateTemp("", "git-aiedit-blocks-*")
		if err != nil {
			l.err = spillError("keep", err)
			return false
		}
		started = true
		// Gone with the process, whatever ends it, where the system
		// allows removing an open file; otherwise close removes it.
		l.named = os.Remove(f.Name()) != nil
		l.spill, l.w = f, bufio.NewWriterSize(f, 64<<10)
	}
	s := spilled{Path: res.Path, Status: res.Status, Error: res.Error, Match: res.Match, Line: res.Line, Message: res.Message}
	if res.Op != nil {
		s.From, s.Kind, s.Format, s.OutsideWhy = res.Op.From, res.Op.Kind, res.Op.Format, res.Op.OutsideWhy
	}
	b, err := json.Marshal(s)
	if err == nil {
		b = append(b, '\n')
		_, err = l.w.Write(b)
	}
	if err != nil {
		l.err = spillError("keep", err)
	}
	if l.size += int64(len(b)); l.size > maxBlockSpill && l.err == nil {
		l.err = exitcode.WithCode(exitcode.Usage, fmt.Errorf("cannot keep the results of a response of %d blocks and more: they pass %d MiB, the most apply keeps of one response in the temporary folder; apply fewer of its blocks at a time (--responses picks responses; split a response's text in two)", l.Len(), maxBlockSpill>>20))
	}
	return started
}

// All yields every block's result, the spilled ones read back.
func (l *blockLog) All() iter.Seq2[int, editcore.Result] {
	return func(yield func(int, editcore.Result) bool) {
		for i, res := range l.head {
			if !yield(i, res) {
				return
			}
		}
		if len(l.codes) == 0 || l.err != nil || l.spill == nil {
			return // nothing spilled, or no longer: the run is over
		}
		if l.err = l.w.Flush(); l.err != nil {
			return
		}
		rd := bufio.NewReaderSize(io.NewSectionReader(l.spill, 0, 1<<62), 64<<10)
		for i := range l.codes {
			line, err := rd.ReadBytes('\n')
			var s spilled
			if err == nil {
				err = json.Unmarshal(line, &s)
			}
			if err != nil {
				l.err = spillError("read back", err)
				return
			}
			if !yield(len(l.head)+i, l.result(i, s)) {
				return
			}
		}
	}
}

// result is spilled block i as a result.
func (l *blockLog) result(i int, s spilled) editcore.Result {
	res := editcore.Result{Path: s.Path, Status: statusCodes[l.codes[i]], Error: s.Error, Match: s.Match, Line: s.Line, Message: s.Message}
	if res.Status != s.Status { // rolled back
		res.Error, res.Message, res.Match = editcore.CheckFailed, l.rolled, ""
	}
	res.Op = &editcore.Op{Path: s.Path, From: s.From, Kind: s.Kind, Format: s.Format, OutsideWhy: s.OutsideWhy}
	return res
}

// Status is block i's status (0-based).
func (l *blockLog) Status(i int) editcore.Status {
	if i < len(l.head) {
		return l.head[i].Status
	}
	return statusCodes[l.codes[i-len(l.head)]]
}

// summary counts the blocks by status.
func (l *blockLog) summary() editcore.Summary {
	var s editcore.Summary
	for _, b := range l.head {
		s.Count(b.Status)
	}
	for _, c := range l.codes {
		s.Count(statusCodes[c])
	}
	return s
}

// rollBack makes the blocks that applied (or were edited) failed with
// reason: their changes are not in the response's commit.
func (l *blockLog) rollBack(reason string) {
	for i := range l.head {
		b := &l.head[i]
		if wasApplied(b.Status) {
			b.Status, b.Error, b.Message, b.Match = editcore.Failed, editcore.CheckFailed, reason, ""
		}
	}
	failed := codeOf(editcore.Failed)
	for i, c := range l.codes {
		if wasApplied(statusCodes[c]) {
			l.codes[i] = failed
		}
	}
	l.rolled = reason
}

// wasApplied: a block of this status changed the tree (an edited
// block's text is undone with the rest).
func wasApplied(s editcore.Status) bool {
	return s == editcore.Applied || s == editcore.AlreadyApplied || s == editcore.Edited
}

// open reports whether blocks are on disk to be read back.
func (l *blockLog) open() bool { return l != nil && l.spill != nil }

// close lets the spill file go.
func (l *blockLog) close() {
	if l.spill != nil {
		l.spill.Close()
		if l.named {
			os.Remove(l.spill.Name())
		}
		l.spill, l.w = nil, nil
	}
}

// listed is the blocks a commit message lists, the first maxListed: all
// of them kept whole.
func (l *blockLog) listed() []editcore.Result { return l.head[:min(len(l.head), maxListed)] }

// results yields the response's blocks, then its shell operations.
func (r *responseState) results() iter.Seq[editcore.Result] {
	return func(yield func(editcore.Result) bool) {
		for _, b := range r.blocks.All() {
			if !yield(b) {
				return
			}
		}
		for _, s := range r.shell {
			if !yield(s) {
				return
			}
		}
	}
}

// closeSpills lets go of the spill files of every build of the run, once
// its report is written.
func (a *applier) closeSpills() {
	for _, l := range a.spills {
		l.close()
	}
}

// spillError says what went wrong with a spill file, and where to look.
func spillError(what string, err error) error {
	return fmt.Errorf("cannot %s the results of a response of more than %d blocks: %w; they are kept in the temporary folder (TMPDIR): free space there, or point TMPDIR at a folder with room, and run again", what, keptBlocks, err)
}
