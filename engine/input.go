package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/gcpolicy"
	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// input is one transcript. Standard input is copied to a temporary file as
// it streams, so that a retry (the branch moved meanwhile) can read it again.
type input struct {
	name  string // as given on the command line
	label string // Aiedit-Transcript file name: base name, or "stdin"
	path  string // file to (re)read; for stdin, the spool once complete
	sum   string // "sha256:<hex>" once known

	stdin io.Reader // standard input, or a stream named on the command line (stream.go)
	// spool holds what was read of stdin, so that a retry reads it again.
	// Its name is removed as soon as it is made: a killed run leaves
	// nothing behind. spooled is its size once stdin has ended.
	spool   *os.File
	spooled int64
	intr    context.Context // ends when the user interrupts the run
	stop    func()          // stops the interruptible reading of stdin

	source transcript.Source // what wrote it, once read
	count  atomic.Int64      // its responses, counted beside the run for the progress line; 0 while unknown

	live   *Live           // a section of an agent's session (live.go)
	series trailer.Session // the live session it continues on the branch (series.go); zero for none
	reader *liveReader     // its reader while it is read (live or series)
}

func openInputs(intr context.Context, names []string, stdin io.Reader) ([]*input, error) {
	var ins []*input
	seenStdin := false
	for _, n := range names {
		// Standard input as "-", or by a name when it is a pipe or a
		// terminal (a regular file given as standard input is read as
		// that file).
		stdinName := n == "-"
		if isStdinName(n) {
			info, err := os.Stat(n)
			stdinName = err == nil && isStream(info)
		}
		if stdinName {
			if seenStdin {
				return nil, exitcode.UsageErrorf("standard input (-) can be named only once (/dev/stdin is standard input too)")
			}
			seenStdin = true
			var r io.Reader = stdin
			if n != "-" {
				r = &lazyStream{name: n, intr: intr}
			}
			ins = append(ins, &input{name: n, label: "stdin", stdin: r, intr: intr})
			continue
		}
		info, err := os.Stat(n)
		switch {
		case err != nil:
			return nil, exitcode.UsageErrorf("cannot read transcript %s: %v", n, unwrapPath(err))
		case info.IsDir():
			// A Cline / Roo Code task folder is read through its conversation.
			if f, ok := transcript.TaskFile(n); ok {
				ins = append(ins, &input{name: f, label: filepath.Base(filepath.Clean(n)), path: f, intr: intr})
				continue
			}
			return nil, exitcode.UsageErrorf("transcript %s is a directory; name a file (or a Cline task folder holding %s)", n, transcript.ClineTaskFile)
		case isStream(info):
			ins = append(ins, &input{name: n, label: streamLabel(n), stdin: &lazyStream{name: n, intr: intr}, intr: intr})
			continue
		}
		if filepath.Base(n) == transcript.ClineUIFile {
			// What Cline's panel showed: the conversation is beside it.
			if f, ok := transcript.TaskFile(filepath.Dir(n)); ok {
				ins = append(ins, &input{name: f, label: filepath.Base(filepath.Dir(filepath.Clean(n))), path: f})
				continue
			}
		}
		ins = append(ins, &input{name: n, label: filepath.Base(n), path: n, intr: intr})
		gcpolicy.Expect(info.Size())
	}
	return ins, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// open returns a reader over the transcript's bytes and a function that
// returns their hash once the reader has been read to the end.
func (in *input) open() (io.ReadCloser, func() string, error) {
	if in.live != nil {
		lr, err := openLive(in.path, in.live)
		if err != nil {
			return nil, nil, err
		}
		in.reader = lr
		return lr, func() string { return "" }, nil
	}
	h := sha256.New()
	if in.spool != nil && in.stdin == nil {
		// Read again (a retry): from the spool, which has all of it.
		r := io.TeeReader(io.NewSectionReader(in.spool, 0, in.spooled), h)
		return io.NopCloser(r), in.sumOf(h), nil
	}
	if in.stdin != nil {
		f, err := ownedtemp.Unnamed("git-aiedit-stdin-")
		if err != nil {
			return nil, nil, fmt.Errorf("cannot spool standard input: %w", err)
		}
		in.spool = f
		src, stop := interruptible(in.intr, in.stdin)
		in.stop = stop
		r := io.TeeReader(src, io.MultiWriter(&spoolWriter{f: f}, h))
		return &spoolReader{Reader: r, in: in}, in.sumOf(h), nil
	}
	f, err := os.Open(in.path)
	if err != nil {
		return nil, nil, exitcode.UsageErrorf("cannot read transcript %s: %v", in.shown(), unwrapPath(err))
	}
	if in.series != (trailer.Session{}) {
		in.reader = openSeries(f, h)
		return in.reader, in.sumOf(h), nil
	}
	return readCloser{io.TeeReader(f, h), f}, in.sumOf(h), nil
}

func (in *input) sumOf(h hash.Hash) func() string {
	return func() string {
		if in.sum == "" {
			in.sum = "sha256:" + hex.EncodeToString(h.Sum(nil))
		}
		return in.sum
	}
}

// trailer is the Aiedit-Transcript value.
func (in *input) trailer() string { return trailer.JoinTranscript(in.label, in.sum) }

// hashFile computes a file's sum without keeping it in memory. It judges
// the file's head first, as reading it will (batch.source): input that
// is no transcript is refused before a large file is read to its end
// (a 3 GB file of zeros took 18 s). An interrupt stops it between reads.
func (in *input) hashFile(from string) error {
	f, err := os.Open(in.path)
	if err != nil {
		return exitcode.UsageErrorf("cannot read transcript %s: %v", in.shown(), unwrapPath(err))
	}
	defer f.Close()
	h := sha256.New()
	head := make([]byte, len(utf8BOM)+transcript.DetectSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return exitcode.UsageErrorf("cannot read transcript %s: %v", in.shown(), err)
	}
	whole := err != nil // the file ended within its head
	head = head[:n]
	h.Write(head)
	if from == "" {
		text := bytes.TrimPrefix(head, utf8BOM)
		text = text[:min(len(text), transcript.DetectSize)]
		if transcript.Detect(text, in.name) == transcript.Raw {
			if err := notTranscript(in.shown(), text); err != nil {
				return err
			}
		}
	}
	if !whole {
		if err := in.hashRest(f, h); err != nil {
			return err
		}
	}
	in.sum = "sha256:" + hex.EncodeToString(h.Sum(nil))
	return nil
}

// hashRest feeds the rest of f to h, a MiB at a time.
func (in *input) hashRest(f *os.File, h hash.Hash) error {
	buf := make([]byte, 1<<20)
	for {
		if in.intr != nil && in.intr.Err() != nil {
			return errInterruptedRead
		}
		n, err := f.Read(buf)
		h.Write(buf[:n])
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return exitcode.UsageErrorf("cannot read transcript %s: %v", in.shown(), err)
		}
	}
}

func (in *input) cleanup() {
	if in.stop != nil {
		in.stop()
	}
	if ls, ok := in.stdin.(*lazyStream); ok {
		ls.close()
	}
	if in.spool != nil {
		in.spool.Close()
	}
}

// maxSpool is the most of a stream kept to be read again: far more than
// any session (the largest seen are a few hundred MB), and a bound on the
// temporary disk an endless stream (/dev/zero, `yes`) takes.
var maxSpool int64 = 1 << 30

// spoolWriter writes to the spool, refusing to go past maxSpool. Its
// error is read as the transcript's, which names the stream.
type spoolWriter struct {
	f *os.File
	n int64
}

func (w *spoolWriter) Write(p []byte) (int, error) {
	if w.n+int64(len(p)) > maxSpool {
		return 0, exitcode.UsageErrorf("it goes on past %d MiB, the most apply keeps of a stream to read it again; save it to a file and name the file", maxSpool>>20)
	}
	n, err := w.f.Write(p)
	w.n += int64(n)
	return n, err
}

type readCloser struct {
	io.Reader
	io.Closer
}

// spoolReader switches its input to the spooled file once standard input
// has been read to the end, so later attempts read the file.
type spoolReader struct {
	io.Reader
	in *input
}

func (r *spoolReader) Read(p []byte) (int, error) {
	n, err := r.Reader.Read(p)
	if errors.Is(err, io.EOF) && r.in.stdin != nil {
		if r.in.spooled, err = r.in.spool.Seek(0, io.SeekCurrent); err == nil {
			err = io.EOF
		}
		r.in.stdin = nil
	}
	return n, err
}

func (r *spoolReader) Close() error { return nil }

// stem is the default branch name's last part: the first transcript's base
// name without its extension(s), as a safe ref component.
// shown is how messages name the input: standard input is no file "-".
func (in *input) shown() string {
	if in.name == "-" {
		return "standard input"
	}
	return in.name
}

func stem(name string) string {
	if name == "-" || streamLabel(name) == "stdin" {
		return "stdin" // also /dev/fd/63 of a process substitution
	}
	base := filepath.Base(name)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	// A session log whose file name is the same for every session
	// (Copilot CLI's <id>/events.jsonl, an Entire checkpoint's full.jsonl)
	// is named by its folder.
	if base == "events" || base == "full" {
		if dir := filepath.Base(filepath.Dir(name)); dir != "." && dir != string(filepath.Separator) {
			base = dir
		}
	}
	// Letters, digits and "._-" of any script; anything else (and a run of
	// dots, which a ref may not hold) becomes one dash.
	var b strings.Builder
	dash := false
	var last rune
	for _, r := range base {
		switch {
		case r == '.' && last == '.':
			continue
		case r == '_' || r == '-' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		last = r
	}
	s := strings.Trim(b.String(), "-_.")
	s = strings.TrimSuffix(s, ".lock")
	if s == "" {
		return "transcript"
	}
	return s
}
