package hook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/live"
	"github.com/git-aiedit/git-aiedit/internal/redaction"
	"github.com/git-aiedit/git-aiedit/internal/snapshot"
)

// RunOptions are the inputs of `git aiedit hook run AGENT [ARG…]`.
type RunOptions struct {
	Agent Agent
	Args  []string  // Codex's notify: its JSON; after "--", a notify program to run too
	Stdin io.Reader // the hook input (Claude Code, Gemini CLI, Codex's hooks)
	Dir   string    // the process's directory, when the event names none
}

// Run records what the agent's event calls for. It never fails: whatever
// goes wrong is written to .git/aiedit/hook.log (when there is a
// repository to write it in), and the agent sees a silent success.
func Run(ctx context.Context, opts *RunOptions) {
	logDir := ""
	session := ""
	defer func() {
		if p := recover(); p != nil && logDir != "" {
			logf(logDir, opts.Agent, session, "internal error: %v: %s", p, firstFrames(debug.Stack()))
		}
	}()
	ev, chained, err := readEvent(opts)
	if chained != nil {
		defer chained()
	}
	if err != nil {
		if repo, derr := gitops.Discover(ctx, opts.Dir); derr == nil {
			logf(repo.CommonDir, opts.Agent, "", "%v", err)
			noteRun(repo.CommonDir, opts.Agent, "", "", err)
			repo.Close()
		}
		return
	}
	session = ev.Session
	if ev.Cwd == "" {
		ev.Cwd = opts.Dir
	}
	dir := ev.Cwd
	repo, err := gitops.Discover(ctx, dir)
	if err != nil {
		return // the agent works outside any repository: nothing to record
	}
	defer repo.Close()
	logDir = repo.CommonDir
	r := &runner{agent: opts.Agent, ev: ev, repo: repo}
	err = r.run(ctx)
	if err != nil {
		logf(logDir, opts.Agent, session, "%s: %v", orDash(ev.Name), err)
	}
	noteRun(logDir, opts.Agent, ev.Name, session, err)
}

// readEvent reads the agent's event, as its spec says; wait, when not
// nil, waits for a program the event started.
func readEvent(opts *RunOptions) (ev Event, wait func(), err error) {
	s := lookup(opts.Agent)
	if s == nil || s.read == nil {
		return Event{}, nil, fmt.Errorf("unknown agent %q", opts.Agent)
	}
	return s.read(opts)
}

// splitChained separates the notify program a user had before install
// (kept after "--") from Codex's own argument.
func splitChained(args []string) (own, chained []string) {
	for i, a := range args {
		if a == "--" {
			// Codex appends its argument at the very end, after the chain.
			rest := args[i+1:]
			if len(rest) == 0 {
				return args[:i], nil
			}
			return append(append([]string{}, args[:i]...), rest[len(rest)-1]), rest[:len(rest)-1]
		}
	}
	return args, nil
}

// runChained starts the user's own notify program with Codex's argument,
// as Codex would have. Codex does not wait for its notify program, so the
// returned wait (at most a few seconds) delays no one.
func runChained(argv []string, event string) func() {
	cmd := exec.Command(argv[0], append(argv[1:], event)...)
	if err := cmd.Start(); err != nil {
		return nil
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	return func() {
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Release()
		}
	}
}

type runner struct {
	agent Agent
	ev    Event
	repo  *gitops.Repo
	cur   *live.Cursor
	known bool          // the session had a cursor before this run
	work  plumbing.Hash // the working tree's tree, once this run took it (settle.go)
}

func (r *runner) run(ctx context.Context) error {
	if r.ev.Session == "" {
		return errors.New("the event names no session id")
	}
	path := cursorPath(r.repo.CommonDir, r.agent, r.ev.Session)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	unlock, err := lockFile(strings.TrimSuffix(path, ".json") + ".lock")
	if err != nil {
		return fmt.Errorf("cannot lock the session: %w", err)
	}
	// The lock file goes when the run ends, so that no run leaves a
	// *.lock behind; a run that waited on it locks afresh (lockFile).
	defer unlock(true)
	cur, err := live.Load(path)
	if err != nil {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "%v", err)
	}
	r.known = cur != nil
	if r.ev.FirstOnly && r.known {
		return nil // the session's base is taken: nothing to do until its turn ends
	}
	if cur == nil {
		cur = &live.Cursor{Agent: string(r.agent), Session: r.ev.Session}
	}
	r.cur = cur
	if r.ev.Record != nil {
		if err := keepRecord(recordPath(path), r.ev.Record); err != nil {
			return fmt.Errorf("cannot keep the session's record: %w", err)
		}
		r.ev.Transcript = recordPath(path)
	}
	if r.ev.Transcript != "" {
		cur.Transcript = r.ev.Transcript
	}
	if locate := r.agent.spec().locate; cur.Transcript == "" && locate != nil {
		cur.Transcript = locate(r.ev)
	}
	if err := regularFile(cur.Transcript); err != nil {
		return err // read nowhere: it would hold the agent up
	}
	if err := checkWorkDir(r.agent, cur.Transcript, r.ev.Cwd, r.repo.WorkTree, os.Getenv); err != nil {
		return err // nothing is saved: this repository has no part in the session
	}
	if cur.Branch == "" {
		if cur.Branch, err = r.branchName(ctx); err != nil {
			return err
		}
	}
	if r.ev.Name == "SessionStart" && cur.Base == "" && cur.Tip == "" {
		if err := r.snapshot(ctx); err != nil {
			logf(r.repo.CommonDir, r.agent, r.ev.Session, "session start: %v; the first commit will say its base is HEAD", err)
		}
	}
	if r.ev.Name == "SessionStart" && r.known {
		// A session resumed: its next turn starts from the files as they
		// are now, whatever the user did between.
		r.see(ctx)
	}
	if r.ev.Name == "SessionStart" && !r.agent.spec().completeTurns {
		// Nothing is read at a session's start: a resumed session's
		// earlier turns were read at their ends, and the agent may have
		// written the new prompt already (Copilot CLI 1.0 does, before
		// the event): read now, the cursor would pass over it, and the
		// turn would lose its words. Claude Code's reads hold back a turn
		// until it is complete (complete.go), and catch up here.
		return r.save(path)
	}
	if cur.Transcript == "" {
		if r.ev.Name == "SessionStart" {
			return r.save(path)
		}
		return errors.New("cannot find the session file")
	}
	if err := r.record(ctx); err != nil {
		// Keep what this run learnt (the base); the offsets are unchanged.
		_ = r.save(path)
		if r.ev.Name == "SessionStart" && errors.Is(err, os.ErrNotExist) {
			return nil // the agent writes its session file after the first prompt
		}
		return err
	}
	return r.save(path)
}

// recordPath is where a session's record, when the event carries it, is
// kept: beside its cursor (not *.json, which are cursors).
func recordPath(cursor string) string { return strings.TrimSuffix(cursor, ".json") + ".record" }

// keepRecord writes the record through a temporary file and a rename.
func keepRecord(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".record-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// save writes the cursor when it holds something a later run needs, or
// was there already.
func (r *runner) save(path string) error {
	if !r.known && !r.cur.Holds() {
		return nil
	}
	return r.cur.Save(path)
}

// regularFile refuses a session file that is no regular file. The agent
// appends to a regular file; anything else (a FIFO, /dev/zero) would
// hold the agent up: opening a FIFO waits for a writer, a device never
// ends. A missing file is for the caller to judge.
func regularFile(path string) error {
	if path == "" {
		return nil
	}
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("the session file %s is not a regular file (%s); nothing recorded", path, info.Mode().Type())
	}
	return nil
}

// branchName picks aiedit/<agent>/<first 8 characters of the id>, or the
// whole id when that branch belongs to another session.
func (r *runner) branchName(ctx context.Context) (string, error) {
	id := safeID(r.ev.Session)
	short := id
	if len(short) > 8 {
		short = short[:8]
	}
	name := "aiedit/" + string(r.agent) + "/" + short
	if short == id {
		return name, nil
	}
	tip, exists, err := r.repo.ReadRef(ctx, "refs/heads/"+name)
	if err != nil || !exists {
		return name, err
	}
	if c, err := r.repo.Commit(tip); err == nil && strings.Contains(c.Message, r.sessionTrailer()) {
		return name, nil
	}
	return "aiedit/" + string(r.agent) + "/" + id, nil
}

func (r *runner) sessionTrailer() string {
	return trailer.Trailer{Key: trailer.KeySession, Value: r.session().String()}.String()
}

func (r *runner) session() trailer.Session {
	return trailer.Session{Agent: string(r.agent), ID: r.ev.Session}
}

// secretCheck is what leaves an untracked file whose content holds a
// secret out of the snapshot: the repository's redactor, or gitleaks'
// rules alone when aiedit.redact holds a bad pattern (apply refuses it
// later, saying so; the snapshot must not take a secret meanwhile).
func (r *runner) secretCheck(ctx context.Context) snapshot.SecretCheck {
	red, err := redaction.For(ctx, r.repo)
	if err != nil {
		red = nil
	}
	return func(content []byte) (string, bool) { return red.Secret(string(content)) }
}

// snapshot records the working tree the agent starts from as the base.
func (r *runner) snapshot(ctx context.Context) error {
	rec := trailer.Record{Session: r.session(), Snapshot: trailer.SessionStart}
	msg := trailer.FormatMessage(fmt.Sprintf("aiedit: the working tree when %s session %s started", r.agent, r.ev.Session),
		"Uncommitted changes and untracked files, as the agent saw them.", rec.Encode())
	// Claude Code kills a SessionStart hook after 60 s; the agent waits
	// for it until then.
	ctx, cancel := context.WithTimeout(ctx, snapshotTimeout)
	defer cancel()
	snap, err := snapshot.Take(ctx, r.repo, msg, snapshot.WithSecretCheck(r.secretCheck(ctx)))
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("the working tree took longer than %s to record (%v)", snapshotTimeout, err)
		}
		return err
	}
	if len(snap.Left) > 0 {
		left := snap.Left
		if len(left) > 10 {
			left = append(left[:10:10], fmt.Sprintf("and %d more", len(snap.Left)-10))
		}
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "session start: files left out of the base: %s", strings.Join(left, "; "))
	}
	if snap.Clean {
		r.cur.Base = snap.Head.String()
		r.cur.BaseNote = trailer.CleanBase(snap.Head.String()).String()
		return nil
	}
	// A ref keeps the snapshot from garbage collection until the branch
	// holds it.
	ref := r.baseRef()
	if err := r.repo.UpdateRefProtected(ctx, ref, snap.Commit, plumbing.ZeroHash, "aiedit: session start"); err != nil && !errors.Is(err, gitops.ErrRefMoved) {
		return err
	}
	r.cur.Base = snap.Commit.String()
	r.cur.BaseNote = trailer.SnapshotBase(snap.Commit.String(), snap.Head.String()).String()
	return nil
}

// snapshotTimeout bounds the session-start snapshot; past it the base is
// HEAD, and the log says so.
const snapshotTimeout = 20 * time.Second

// baseRef keeps a session's start snapshot until its branch holds it.
func (r *runner) baseRef() string {
	return "refs/aiedit/base/" + string(r.agent) + "/" + safeID(r.ev.Session)
}

// dropBaseRef deletes the base ref once the new branch holds the base,
// so that no ref is left behind for every session.
func (r *runner) dropBaseRef(ctx context.Context) {
	base := plumbing.NewHash(r.cur.Base)
	if r.cur.Base == "" || base.IsZero() {
		return
	}
	if _, exists, err := r.repo.ReadRef(ctx, r.baseRef()); err == nil && exists {
		_ = r.repo.DeleteRef(ctx, r.baseRef(), base, "aiedit: the session's branch holds its base")
	}
}

// record applies the turns the session file gained since the cursor.
func (r *runner) record(ctx context.Context) error {
	cur := r.cur
	if r.agent.spec().settle {
		settle(cur.Transcript)
	}
	f, size, err := openSession(cur.Transcript)
	if err != nil {
		return err
	}
	defer f.Close()
	tip, exists, err := r.repo.ReadRef(ctx, "refs/heads/"+cur.Branch)
	if err != nil {
		return err
	}
	s, err := r.toRead(f, size, tip, exists)
	if err != nil {
		return err
	}
	if s.end <= s.offset && s.trusted {
		return nil
	}
	report, err := r.apply(ctx, s, tip, exists)
	if err != nil {
		return err
	}
	return r.advance(ctx, f, s, report, exists)
}

// oneLine shortens what a program said to one line for the log.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = strings.ToValidUTF8(s[:300], "") + "…"
	}
	if s == "" {
		return "it said nothing"
	}
	return s
}

// tipKept reports whether the branch is where the last run left it. A
// branch that moved on, even by commits on top (a person's fix-up, or
// apply --session adding turns this cursor has not read), may hold turns
// past the cursor: the session is then read again, and the turns the
// branch holds are recognised, not recorded twice.
func (r *runner) tipKept(tip plumbing.Hash, exists bool) bool {
	want := r.cur.Tip
	switch {
	case want == "":
		return !exists // nothing recorded yet, and nobody made the branch
	case !exists:
		return false
	}
	return tip.String() == want
}

// fallbackBase is HEAD, said so, when no session start was seen.
func (r *runner) fallbackBase(ctx context.Context) error {
	if r.cur.Base != "" {
		if _, err := r.repo.Commit(plumbing.NewHash(r.cur.Base)); err == nil {
			return nil
		}
	}
	head, err := r.repo.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return err
	}
	r.cur.Base = head.String()
	r.cur.BaseNote = trailer.UnknownBase(head.String()).String()
	return nil
}

// settle waits briefly for a session file that is still growing: Codex
// runs its notify program as the turn ends, while its rollout writer may
// still be flushing the turn's last records.
func settle(path string) {
	var last int64 = -1
	stable := 0
	for i := 0; i < 20 && stable < 3; i++ {
		info, err := os.Stat(path)
		if errors.Is(err, fs.ErrNotExist) {
			// Not written yet: Copilot CLI can run agentStop before its
			// session log of a first turn reaches the disk.
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if err != nil {
			return
		}
		if info.Size() == last {
			stable++
		} else {
			stable, last = 0, info.Size()
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 12 {
		lines = lines[:12]
	}
	return strings.Join(lines, " | ")
}
