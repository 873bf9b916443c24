package engine

// This file reads a transcript: where it comes from, and its responses
// in order (response.go turns each into operations).

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// read feeds the input's responses, from whatever source, through the
// edit core.
func (b *batch) read(ctx context.Context) (err error) {
	rc, sum, err := b.in.open()
	if err != nil {
		return err
	}
	defer func() {
		// An interrupt while the transcript was awaited stops the run as
		// any interrupt does.
		if errors.Is(err, errInterruptedRead) {
			b.a.halt(stopInterrupted)
		}
	}()
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	// A byte order mark (Windows editors write one) is no part of the
	// first line, which may name a file. The transcript's hash still
	// covers it: it is taken of the bytes as read.
	if head, _ := br.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
		_, _ = br.Discard(len(utf8BOM))
	}
	first := len(b.st.responses)
	src, head, err := b.source(br)
	if err != nil {
		return err
	}
	if len(head) < transcript.DetectSize && len(bytes.TrimSpace(head)) == 0 && b.in.live == nil {
		// Nothing, or only blank lines: no reply to read, not one reply
		// without an edit.
		return exitcode.UsageErrorf("%s is empty: there is no reply in it; name the file that holds the model's answer, a chat log or an agent's session", b.in.shown())
	}
	b.in.source = src
	defer b.countAhead(src)()
	if err = b.checkForced(src, head); err == nil {
		opts := b.transcriptOptions()
		opts.Names = b.remoteNames(ctx)
		opts.Known = b.workdirs(src, opts)
		if h, ok := b.a.opts.entireHeld[b.in.path]; ok && b.in.live == nil {
			b.readHeld(h, src, opts)
		}
		err = transcript.Read(br, src, opts, b.response)
	}
	if err == nil && b.total == 0 && b.a.opts.From != "" && src != transcript.Raw {
		if agent := transcript.Unread(head); agent != "" {
			err = exitcode.UsageErrorf("%s does not look like %s %s transcript: it is a %s session, which no reader reads", b.in.shown(), article(src), src, agent)
		} else if seen := transcript.Detect(head, b.in.name); seen != src {
			err = mismatch(b.in.shown(), src, seen)
		}
	}
	if err == nil && b.in.live == nil {
		err = b.noEdits(src, first)
		if m := b.a.opts.Responses.max(); err == nil && m > b.total {
			b.a.out.say("warning: --responses names response %d, but %s has %d", m, b.in.shown(), b.total)
		}
	}
	sum()
	switch {
	case err == nil:
		b.readAll, b.all = true, b.total
	case errors.Is(err, errStopped):
		// The run stopped early: its commits still say how many responses
		// the transcript has, so that a re-run continues the same series.
		b.all = b.total
		if n, ok, cerr := b.allResponses(); cerr == nil && ok {
			b.all = n
		}
	}
	return readError(b.in.shown(), err)
}

var utf8BOM = []byte("\xef\xbb\xbf")

// readError makes a transcript that cannot be read a usage error.
func readError(name string, err error) error {
	if errors.Is(err, errStopped) {
		return err
	}
	var te *transcript.Error
	var le *parse.LineTooLongError
	if errors.As(err, &te) || errors.Is(err, transcript.ErrTooLarge) || errors.As(err, &le) {
		return exitcode.UsageErrorf("cannot read transcript %s: %v", name, err)
	}
	return err
}

// syncCount is the largest transcript counted before its first response
// is shown (a few milliseconds); a larger one is counted beside the run.
var syncCount int64 = 16 << 20

// countAhead counts a transcript file's responses, so that the progress
// line on a terminal can say "response 37/120". Only there: it reads the
// file a second time. A small file is counted first; a large one on the
// other core while it is applied, never delaying the run (the line says
// "response 37" until the count is known). Standard input and live
// sessions cannot be counted ahead; a count that fails stays unknown. The
// returned stop ends a count still running when the reading is done.
func (b *batch) countAhead(src transcript.Source) (stop func()) {
	if !b.a.out.countAhead || !b.in.countable() {
		return func() {}
	}
	info, err := os.Stat(b.in.path)
	if err != nil {
		return func() {}
	}
	b.count = b.startCount(src, info.Size() > syncCount)
	return b.count.stop
}

// noEdits says so when a transcript held no edit at all: exit 2 when it
// held no assistant response, else a note naming the source it was read
// as and the formats looked for, so that a wrong guess is visible.
func (b *batch) noEdits(src transcript.Source, first int) error {
	if b.total == 0 {
		return exitcode.UsageErrorf("no assistant response found in %s (read as %s %s transcript); if it is another kind, say which with --from (%s)",
			b.in.shown(), article(src), src, strings.Join(transcript.SourceNames(), ", "))
	}
	for _, rs := range b.st.responses[first:] {
		if rs.alreadyRecorded || rs.blocks.Len()+len(rs.shell) > 0 {
			return nil
		}
	}
	formats := strings.Join(parse.Names(), ", ")
	if b.a.opts.Format != "" {
		formats = b.a.opts.Format
	}
	what := "looked for edits in the formats " + formats
	if src != transcript.Raw && src != transcript.Markdown && src != transcript.Aider {
		what = "looked for edit tool calls and, in the prose, the formats " + formats
	}
	b.a.out.say("no edit found in %s: %s, read as %s %s transcript; %s", b.in.shown(), english.Count(b.total, "response"), article(src), src, what)
	return nil
}

// checkForced refuses a forced text source on a transcript that is clearly
// a JSON session log (the text readers would take it as one reply), and a
// forced JSON source on a recognised chat. raw stays allowed: it asks for
// the whole input as one response.
func (b *batch) checkForced(src transcript.Source, head []byte) error {
	if b.a.opts.From == "" || src == transcript.Raw {
		return nil
	}
	seen := transcript.Detect(head, b.in.name)
	if seen != src && seen.Records() && !src.Records() {
		return mismatch(b.in.shown(), src, seen)
	}
	// A chat the detector recognised is text: a JSON reader would skip it
	// line by line. (Raw text may still be a log whose first record is
	// too long to be seen whole: that one is read, and checked after.)
	if src.Records() && (seen == transcript.Markdown || seen == transcript.Aider) {
		return mismatch(b.in.shown(), src, seen)
	}
	return nil
}

func mismatch(name string, forced, seen transcript.Source) error {
	return exitcode.UsageErrorf("%s does not look like %s %s transcript (it looks like %s); drop --from or use --from %s", name, article(forced), forced, seen, seen)
}

// article is the one a source's name takes: an aider, an openhands.
func article(src transcript.Source) string {
	if src != "" && strings.ContainsRune("aeiou", rune(src[0])) {
		return "an"
	}
	return "a"
}

// source decides where the transcript comes from: --from, or its head.
// Standard input is judged on what has arrived once its first line is
// complete, so that a streamed reply is applied as it arrives.
func (b *batch) source(br *bufio.Reader) (transcript.Source, []byte, error) {
	var head []byte
	var err error
	if b.in.stdin != nil {
		head, err = firstLine(br, 4<<10)
	} else {
		head, err = br.Peek(transcript.DetectSize)
	}
	if errors.Is(err, errStopped) {
		return "", nil, err
	}
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", nil, exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.shown(), err)
	}
	if b.in.live != nil {
		src, err := transcript.ParseSource(b.in.live.Agent)
		return src, head, exitcode.WithCode(exitcode.Usage, err)
	}
	if b.a.opts.From != "" {
		src, err := transcript.ParseSource(b.a.opts.From)
		return src, head, exitcode.WithCode(exitcode.Usage, err)
	}
	src := transcript.Detect(head, b.in.name)
	b.a.debug.Debug("transcript", "file", b.in.name, "source", src, "detected-from", len(head))
	if src == transcript.Raw {
		if err := notTranscript(b.in.shown(), head); err != nil {
			return "", nil, err
		}
	}
	return src, head, nil
}

// notTranscript refuses, when nothing was forced, an input that detection
// could only call raw but that no model writes as a reply: binary data,
// or JSON that is no source's records. --from raw takes either anyway.
func notTranscript(name string, head []byte) error {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		// Windows editors and PowerShell's > save UTF-16.
		return exitcode.UsageErrorf("%s is UTF-16 text (it starts with a UTF-16 byte order mark), and transcripts are read as UTF-8: convert it first, e.g. iconv -f UTF-16 -t UTF-8 %s > reply.md", name, name)
	case transcript.LooksBinary(head):
		return exitcode.UsageErrorf("%s is not a transcript: it looks like binary data (not UTF-8 text); name a model's reply, a chat log or an agent's session file (or say --from raw)", name)
	case transcript.Unread(head) != "":
		agent := transcript.Unread(head)
		return exitcode.UsageErrorf("%s is a %s session, which is not a known transcript source: no reader reads %s's records, so nothing in it can be replayed: "+
			"review the agent's changes as they were committed (if the file is another source's records after all, say which with --from)", name, agent, agent)
	case transcript.LooksJSON(head):
		var json []string
		for _, n := range transcript.SourceNames() {
			// Entire's checkpoints are read from the repository, by id.
			if src, err := transcript.ParseSource(n); err == nil && src.Records() && src != transcript.Entire {
				json = append(json, n)
			}
		}
		return exitcode.UsageErrorf("%s is JSON, but not the records of any transcript source (%s); say which with --from, or --from raw if it is a model's reply",
			name, strings.Join(json, ", "))
	}
	return nil
}

// firstLine peeks at what br holds once a whole line has arrived (or max
// bytes, or the end of the input), without waiting for more.
func firstLine(br *bufio.Reader, max int) ([]byte, error) {
	for n := 1; ; {
		if _, err := br.Peek(n); err != nil {
			head, _ := br.Peek(br.Buffered())
			return head, err
		}
		head, _ := br.Peek(br.Buffered())
		if bytes.IndexByte(head, '\n') >= 0 || len(head) >= max {
			return head, nil
		}
		n = len(head) + 1
	}
}

func (b *batch) transcriptOptions() transcript.Options {
	path := b.in.path
	if b.in.spool != nil {
		path = "" // standard input: nothing lies beside it
	}
	return transcript.Options{
		Root:    b.a.repo.WorkTree,
		Workdir: b.a.opts.Workdir,
		Format:  b.a.opts.Format,
		Path:    path,
		Exists: func(p string) bool {
			// A folder answers too: the subfolder a session started in
			// shows where the repository's root was.
			_, err := b.tfs.Lstat(p)
			return err == nil
		},
		Fold: b.folder(),
		// Shown even with -q: a warning from a reader means something of
		// the transcript was not read.
		Warn: func(line int, msg string) {
			b.a.out.say("warning: %s:%d: %s", b.in.shown(), line, msg)
		},
		Outcome: b.noteOutcome,
	}
}

// remoteNames are the names the repository goes by besides its folder's:
// origin's URL (a clone in a folder of another name is still the
// repository a record's folder of that name holds).
func (b *batch) remoteNames(ctx context.Context) []string {
	if url, ok, err := b.a.repo.ConfigValue(ctx, "remote.origin.url"); err == nil && ok && url != "" {
		return []string{url}
	}
	return nil
}

// response applies one transcript response, as its operations complete,
// then retries what failed (--retry-cmd). It returns errStopped when the
// user interrupted the run or quit the review (-p).
func (b *batch) response(tr *transcript.Response) error {
	defer tr.Pieces.Close()
	if b.a.halted() {
		return errStopped
	}
	r := b.beginAt(tr.Model, tr.Context, tr.Line, tr.Key, responseDigest(tr))
	r.r.prompt = tr.Prompt
	r.workdirs(tr.Workdirs)
	prose, err := responseOps(tr, b.a.opts.Format, r.applyAll)
	if err != nil {
		return err
	}
	r.workdirs(tr.Workdirs)
	if r.halted {
		// Interrupted while it was applied, or while the user decided: the
		// response is not recorded.
		if r.start != nil {
			b.tfs.Restore(r.start)
		}
		b.st.responses = b.st.responses[:len(b.st.responses)-1]
		return errStopped
	}
	if err := r.end(prose); err != nil {
		return err
	}
	if b.st.stop != "" {
		// The commit-msg hook refused its message, or the run was
		// interrupted while it ran: no retry round is asked for.
		return errStopped
	}
	if err := b.retry(r); err != nil {
		return err
	}
	r.r.release()
	if b.a.halted() {
		return errStopped
	}
	return nil
}

// readHeld reads the older copy of this session that an earlier commit's
// checkpoint holds (entire.go, heldEarlier) for its responses' digests,
// read as the transcript itself is so that equal responses digest
// alike. A copy that cannot be read holds nothing: every turn is applied.
func (b *batch) readHeld(h heldCopy, src transcript.Source, opts transcript.Options) {
	f, err := os.Open(h.file)
	if err != nil {
		return
	}
	defer f.Close()
	var digests, tail []string
	err = transcript.Read(bufio.NewReaderSize(f, 64<<10), src, opts, func(r *transcript.Response) error {
		if !h.until.IsZero() {
			// The run's own copy, whose checkpoint an earlier commit
			// carries: held are the turns begun by that commit's time; a
			// turn of unknown time ends them, and no turn is held in part.
			if r.Time.IsZero() || r.Time.After(h.until) {
				return errHeldEnd
			}
			digests = append(digests, responseDigest(r))
			return nil
		}
		digests = append(digests, responseDigest(r))
		tail = tail[:0]
		_, err := responseOps(r, b.a.opts.Format, func(ops []editcore.Op) bool {
			for i := range ops {
				tail = append(tail, heldOpDigest(&ops[i]))
			}
			return true
		})
		return err
	})
	if (err == nil || errors.Is(err, errHeldEnd)) && len(digests) > 0 {
		b.held, b.heldTail, b.heldCommit = digests, tail, h.commit
	}
}

// errHeldEnd ends the reading of a copy at the first turn it does not hold.
var errHeldEnd = errors.New("held turns end")
