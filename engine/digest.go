package engine

// A transcript that grows (an aider log a later session appends to, an
// agent's session file) hashes differently every time, so its hash cannot
// say which of its responses are on the branch already. Each response
// commit therefore also carries a digest of the response's own content
// (Aiedit-Response-Digest); a later run of the same transcript (by file
// name) recognises a response whose digest a commit on the branch carries
// and records only the others. Commits made before the trailer existed
// are still recognised by transcript hash and response number
// (recorded.go).

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"strings"
	"unsafe"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// responseDigest is "sha256:<hex>" over what a response asks for: its text
// with trailing blanks and surrounding blank lines dropped (a log's last
// reply may end at the end of the file in one version and before the next
// session's header in a later one), and the edits and commands of its tool
// calls and recorded patches. Where in the transcript it stands (line,
// record number) is left out: that moves when a session file is rewritten.
// "" for a response streamed as it arrives, whose text is not held.
func responseDigest(tr *transcript.Response) string {
	if tr.Body != nil {
		return ""
	}
	h := sha256.New()
	if tr.Pieces != nil {
		textFieldOf(h, func(n *normalizer, emit func(string)) {
			// A piece the file cannot give back is the parse's error.
			_ = tr.Pieces.Each(func(p []byte) bool {
				// Whole lines each: the newline that ends one is where
				// the next starts.
				n.lines(strings.TrimSuffix(unsafe.String(unsafe.SliceData(p), len(p)), "\n"), emit)
				return true
			})
		})
	} else {
		textField(h, tr.Text)
	}
	for i := range tr.Ops {
		opDigest(h, &tr.Ops[i])
	}
	for _, p := range tr.Patches {
		field(h, "patch", p.Text, p.Dir, p.RecordedError)
		if p.Text != "" {
			continue // its text names it, however --format reads it
		}
		for i := range p.Ops {
			opDigest(h, &p.Ops[i])
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// textField adds the text field of a response's digest to h: the text
// with trailing spaces and tabs dropped from each line and blank lines at
// both ends, hashed as field does. The text is not copied: a response of
// a million blocks is 70 MB of text, whose normalized copy and slice of
// lines took three times that again.
func textField(h hash.Hash, s string) {
	textFieldOf(h, func(n *normalizer, emit func(string)) { n.lines(s, emit) })
}

// textFieldOf is textField of a text that pieces gives, in order, to a
// normalizer (twice: once to count, once to hash).
func textFieldOf(h hash.Hash, pieces func(*normalizer, func(string))) {
	n := 0
	pieces(&normalizer{}, func(p string) { n += len(p) })
	var size [8]byte
	binary.BigEndian.PutUint64(size[:], uint64(len("text")))
	h.Write(size[:])
	h.Write([]byte("text"))
	binary.BigEndian.PutUint64(size[:], uint64(n))
	h.Write(size[:])
	// Through a buffer: a hash takes bytes, and each piece as bytes would
	// be an allocation per line.
	buf := make([]byte, 0, 32<<10)
	pieces(&normalizer{}, func(p string) {
		if len(buf)+len(p) > cap(buf) {
			h.Write(buf)
			buf = buf[:0]
		}
		if len(p) > cap(buf) {
			h.Write([]byte(p))
			return
		}
		buf = append(buf, p...)
	})
	h.Write(buf)
}

// normalizer gives the pieces of a text, in order, that make it
// normalized: each line without its trailing spaces, tabs and CR, the
// newlines between them, blank lines at both ends left out. The text may
// come in parts of whole lines (each part's final newline cut): it keeps
// what it has seen so far.
type normalizer struct {
	started bool
	blanks  int
}

// lines calls emit with the pieces of the text's next lines.
func (n *normalizer) lines(s string, emit func(string)) {
	for rest, more := s, true; more; {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			if n.started {
				n.blanks++
			}
			continue
		}
		if n.started {
			for range n.blanks + 1 {
				emit("\n")
			}
		}
		emit(line)
		n.started, n.blanks = true, 0
	}
}

// opDigest adds what an operation changes to h: its kind, paths, text and
// command, not where it was written.
func opDigest(h hash.Hash, op *editcore.Op) {
	field(h, "op", op.Kind.String(), op.Path, op.From, op.OldText, op.NewText, string(op.Content), op.RecordedError)
	for _, ls := range [][]string{op.Anchor, op.Old, op.New, op.Trailing, op.Scope} {
		field(h, "lines", ls...)
	}
	var flags [7]byte
	for i, b := range []bool{op.AtEOF, op.InOrder, op.ReplaceAll, op.Recursive, op.Executed, op.NewOnly, op.Whole} {
		if b {
			flags[i] = 1
		}
	}
	nums := binary.BigEndian.AppendUint64(nil, uint64(op.Start))
	nums = binary.BigEndian.AppendUint64(nums, uint64(op.End))
	nums = binary.BigEndian.AppendUint32(nums, uint32(op.Mode))
	field(h, "flags", string(flags[:]), string(nums))
	if op.Command != nil {
		field(h, "command", op.Command.Text)
	}
}

// field writes a tag and its values, each length-prefixed, so that no two
// different sequences of values hash alike.
func field(h hash.Hash, tag string, values ...string) {
	var n [8]byte
	for _, v := range append([]string{tag}, values...) {
		binary.BigEndian.PutUint64(n[:], uint64(len(v)))
		h.Write(n[:])
		h.Write([]byte(v))
	}
}

// digestTrailer is the Aiedit-Response-Digest value naming a response by
// its content; "" for a retry round (its response's commit carries it)
// or when unknown.
func digestTrailer(r *responseState) string {
	if r.round > 0 {
		return ""
	}
	return r.digest
}

// recordedDigests are the response commits on the branch by transcript
// file name and response digest, oldest first; a run takes each commit at
// most once, so that a transcript that holds the same response twice has
// the second recorded too.
type recordedDigests struct {
	commits map[string]map[string][]string // label -> digest -> commits, oldest first
	taken   map[string]bool
	// origin is what a commit recorded: its transcript hash and response
	// number, under which its retry rounds are found (retryloop.go).
	origin map[string]recordedOrigin
}

type recordedOrigin struct {
	sum   string
	index int
}

// note adds a commit found walking the branch newest first.
func (d *recordedDigests) note(label, digest, commit, sum string, index int) {
	if d.commits == nil {
		d.commits = map[string]map[string][]string{}
		d.origin = map[string]recordedOrigin{}
	}
	d.origin[commit] = recordedOrigin{sum, index}
	if d.commits[label] == nil {
		d.commits[label] = map[string][]string{}
	}
	d.commits[label][digest] = append([]string{commit}, d.commits[label][digest]...)
}

// take returns the oldest commit not taken yet that recorded a response
// with this digest from a transcript of this name, and takes it.
func (d *recordedDigests) take(label, digest string) (string, bool) {
	if digest == "" {
		return "", false
	}
	for _, c := range d.commits[label][digest] {
		if !d.taken[c] {
			d.mark(c)
			return c, true
		}
	}
	return "", false
}

// mark takes a commit that was recognised otherwise (by transcript hash
// and response number).
func (d *recordedDigests) mark(commit string) {
	if d.taken == nil {
		d.taken = map[string]bool{}
	}
	d.taken[commit] = true
}
