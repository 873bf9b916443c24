package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/entire"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// resolveEntire turns --from entire's arguments (checkpoint ids, or
// commits whose Entire-Checkpoint trailers name them) into the session
// transcripts the checkpoints hold, written to a temporary folder that the
// returned function removes. Each is then read as the agent's own record,
// found by its structure. A commit given alone is also the default base:
// its first parent, where the agent started.
func (o *Options) resolveEntire(ctx context.Context) (cleanup func(), err error) {
	cleanup = func() {}
	if !strings.EqualFold(strings.TrimSpace(o.From), string(transcript.Entire)) {
		return cleanup, nil
	}
	repo := o.Repo
	if repo == nil {
		if repo, err = gitops.Discover(ctx, o.Dir); err != nil {
			return cleanup, exitcode.WithCode(exitcode.Repo, err)
		}
		defer repo.Close()
	}
	store, err := entire.Open(ctx, repo)
	if errors.Is(err, entire.ErrNoBranch) {
		return cleanup, exitcode.WithCode(exitcode.Usage, err)
	} else if err != nil {
		return cleanup, exitcode.WithCode(exitcode.Repo, err)
	}
	var sessions []entire.Session
	start := "" // the one commit's parent
	for _, arg := range o.Transcripts {
		ids, parent, err := store.Resolve(ctx, repo, arg)
		if err != nil {
			return cleanup, exitcode.WithCode(exitcode.Usage, err)
		}
		if len(o.Transcripts) == 1 {
			start = parent
		}
		for _, id := range ids {
			got, err := store.Sessions(ctx, id)
			if err != nil {
				return cleanup, exitcode.WithCode(exitcode.Usage, err)
			}
			sessions = append(sessions, got...)
		}
	}
	dir, err := ownedtemp.MkdirTemp("git-aiedit-entire-")
	if err != nil {
		return cleanup, fmt.Errorf("cannot make a temporary folder for the checkpoints: %w", err)
	}
	cleanup = func() { os.RemoveAll(dir) }
	// Named after the session (Session.Name), so that checkpoints of one
	// session add only what is new; of several checkpoints of one session
	// given at once, the longest copy of its transcript holds the others.
	var order []string
	byName := map[string]entire.Session{}
	for _, s := range sessions {
		name := s.Name()
		old, ok := byName[name]
		if !ok {
			order = append(order, name)
		}
		if !ok || s.Size > old.Size {
			byName[name] = s
		}
	}
	o.Transcripts = nil
	var copied int64
	for _, name := range order {
		s := byName[name]
		if err := spare(&copied, s); err != nil {
			cleanup()
			return func() {}, err
		}
		file := filepath.Join(dir, name+".jsonl")
		if err := copySession(ctx, store, s, file); err != nil {
			cleanup()
			return func() {}, fmt.Errorf("cannot write checkpoint %s to a temporary file: %w", s.Checkpoint, err)
		}
		o.Transcripts = append(o.Transcripts, file)
	}
	// A new branch starts where the agent did; one that exists goes on
	// from its tip, adding the turns it does not hold yet.
	if start != "" && o.Base == "" && len(order) > 0 {
		branch := o.Branch
		if branch == "" {
			branch = "aiedit/" + order[0]
		}
		if _, exists, err := repo.ReadRef(ctx, "refs/heads/"+branch); err == nil && !exists {
			o.Base = start
			if err := o.heldEarlier(ctx, repo, store, start, dir, order, byName, &copied); err != nil {
				cleanup()
				return func() {}, err
			}
		}
	}
	// Each session is read as what its agent wrote, found by structure.
	o.From = ""
	return cleanup, nil
}

// spare counts s's transcript into what the run copies from Entire's
// branch (copied), refusing to pass maxSpool: the bound on the temporary
// disk a run takes for what it reads twice, as for a stream. Sessions are
// a few hundred MB at most; a larger one is applied from a file of its
// own, which is read where it is.
func spare(copied *int64, s entire.Session) error {
	if *copied+s.Size > maxSpool {
		return exitcode.UsageErrorf("checkpoint %s: its transcripts go on past %d MiB, the most apply copies from %s to read them; write the session to a file (git show %s:%s >FILE) and apply the file",
			s.Checkpoint, maxSpool>>20, entire.Branch, entire.Branch, s.Transcript)
	}
	*copied += s.Size
	return nil
}

// copySession streams a session's transcript from git into file: its
// bytes pass through a small buffer, never held whole.
func copySession(ctx context.Context, store *entire.Store, s entire.Session, file string) error {
	rc, err := store.Open(ctx, s)
	if err != nil {
		return err
	}
	defer rc.Close()
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, rc); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// heldCopy is an older copy of a session's transcript (file) that the
// checkpoint of commit, an ancestor of the run's start, holds. With until
// set, file is the run's own copy and commit carries the same checkpoint:
// it holds the turns that began by until, its commit time.
type heldCopy struct {
	file, commit string
	until        time.Time
}

// maxHeldWalk bounds the commits below the start searched for an older
// checkpoint of the same session.
const maxHeldWalk = 200

// heldEarlier finds, for each session of the one commit given, the
// nearest ancestor of start whose checkpoint holds the same session: a
// checkpoint holds the whole session as it stood, so the turns that copy
// holds made start's tree already and are not applied again on it (a
// Claude Code Edit of "a" into "a\nb" on a file that has b already
// would write b twice). The copy is written beside the transcripts; the
// run recognises its responses by their digests (build.go).
//
// An ancestor whose trailer names the very checkpoint being applied
// (Entire puts one checkpoint's id on every commit of a session that it
// did not condense again) holds what the session did before that commit
// was made: the turns that began by its commit time are held by it
// (readHeld), and only the rest is applied. Applied again, a real Codex
// session's first turns rewrote README.md from an older state.
func (o *Options) heldEarlier(ctx context.Context, repo *gitops.Repo, store *entire.Store, start, dir string,
	order []string, byName map[string]entire.Session, copied *int64) error {
	tip, err := repo.ResolveCommit(ctx, start)
	if err != nil {
		return nil // no history to search: every turn is applied
	}
	if o.entireHeld == nil {
		o.entireHeld = map[string]heldCopy{}
	}
	want := map[string]bool{}
	for _, name := range order {
		want[name] = true
	}
	n := 0
	err = repo.FirstParents(ctx, tip, plumbing.ZeroHash, func(c *gitops.Commit) error {
		if n++; n > maxHeldWalk || len(want) == 0 {
			return gitops.ErrStopWalk
		}
		for _, id := range entire.Trailers(c.Message) {
			if !store.Has(id) {
				continue
			}
			got, err := store.Sessions(ctx, id)
			if err != nil {
				continue
			}
			for _, s := range got {
				name := s.Name()
				if !want[name] {
					continue
				}
				if s.Checkpoint == byName[name].Checkpoint {
					own := filepath.Join(dir, name+".jsonl")
					o.entireHeld[own] = heldCopy{file: own, commit: c.Hash.String(), until: c.Committer.When}
					delete(want, name)
					continue
				}
				if err := spare(copied, s); err != nil {
					return err
				}
				file := filepath.Join(dir, name+".held.jsonl")
				if err := copySession(ctx, store, s, file); err != nil {
					return fmt.Errorf("cannot write checkpoint %s to a temporary file: %w", s.Checkpoint, err)
				}
				o.entireHeld[filepath.Join(dir, name+".jsonl")] = heldCopy{file: file, commit: c.Hash.String()}
				delete(want, name)
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, gitops.ErrStopWalk) {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	return nil
}
