package engine

// This file is what `git aiedit hook run` (command/hook) needs from the engine:
// record the turns of an agent's session that were appended since the
// last run, numbered after the earlier ones, each identified by its own
// first record so that a full re-read recognises what is on the branch.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// Live makes a run record a section of an agent's session file.
type Live struct {
	Agent   string // transcript source and Aiedit-Session's first word: claude-code, codex
	Session string // the agent's session id
	Offset  int64  // where to start reading (the start of a line)
	End     int64  // where to stop (the end of the last complete line)
	Before  int    // responses before Offset: numbering continues after them
	// Trusted: the caller's cursor says nothing after Offset is on the
	// branch, so the branch's history is not read for recorded turns.
	Trusted bool
	// BaseNote, when set, is the Aiedit-Base trailer of the first commit
	// made on a new branch: what the session started from.
	BaseNote string
	// Tip and Exists are the branch as the caller just read it (Read set):
	// the ref is not read again; its compare-and-swap still catches a move.
	Read   bool
	Tip    plumbing.Hash
	Exists bool
	// Settle, when set, brings the run's last commit to the files the
	// agent left (settle.go): given that commit's tree, the paths the
	// run's responses name and whether one of them ran a command that
	// could not be replayed, it returns the tree to commit and the paths
	// it took whose content the replay did not produce.
	Settle func(ctx context.Context, tree plumbing.Hash, named []string, opaque bool) (plumbing.Hash, []string, error)
}

// base resolves the base: a full commit id needs no git process, and on
// an existing branch none is needed at all (the hook passes no base then).
func (l *Live) base(ctx context.Context, repo *gitops.Repo, rev string) (plumbing.Hash, error) {
	if len(rev) == 40 {
		h := plumbing.NewHash(rev)
		if h.String() == rev {
			if _, err := repo.Commit(h); err != nil {
				return plumbing.ZeroHash, err
			}
			return h, nil
		}
	}
	return repo.ResolveCommit(ctx, rev)
}

// liveReader reads [Offset, End) of the session file and remembers where
// each line starts, so that a response's first record can be read back.
type liveReader struct {
	f      *os.File
	r      io.Reader
	off    int64
	pos    int64
	starts []int64 // starts[i] = offset (from off) of line i+1
}

func openLive(path string, l *Live) (*liveReader, error) {
	f, err := safeopen.Regular(path) // never blocks on a FIFO put in its place
	if err != nil {
		return nil, exitcode.UsageErrorf("cannot read transcript %s: %v", path, unwrapPath(err))
	}
	if _, err := f.Seek(l.Offset, io.SeekStart); err != nil {
		f.Close()
		return nil, exitcode.UsageErrorf("cannot read transcript %s: %v", path, err)
	}
	return &liveReader{f: f, r: io.LimitReader(f, l.End-l.Offset), off: l.Offset, starts: []int64{0}}, nil
}

func (lr *liveReader) Read(p []byte) (int, error) {
	n, err := lr.r.Read(p)
	for i, c := range p[:n] {
		if c == '\n' {
			lr.starts = append(lr.starts, lr.pos+int64(i)+1)
		}
	}
	lr.pos += int64(n)
	return n, err
}

func (lr *liveReader) Close() error { return lr.f.Close() }

// turnKey is the hash of record rec (1-based line of the section): the
// record that starts a response holds its uuid and time, so the hash names
// the turn wherever the file was cut or appended to. A source that names
// its turns itself (a session rewritten whole at every turn, where lines
// mean nothing) gives that name, which is hashed instead.
func (lr *liveReader) turnKey(rec int, name string) string {
	if name != "" {
		sum := sha256.Sum256([]byte(name))
		return "sha256:" + hex.EncodeToString(sum[:])
	}
	if rec < 1 || rec > len(lr.starts) {
		return ""
	}
	start := lr.starts[rec-1]
	end := lr.pos
	if rec < len(lr.starts) {
		end = lr.starts[rec]
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(lr.f, lr.off+start, end-start)); err != nil {
		return ""
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// liveTrailers sets the trailers a live run adds after Aiedit-Response:
// its session, and on the branch's first commit what it starts from.
func (a *applier) liveTrailers(rec *trailer.Record, first bool) {
	l := a.opts.Live
	if l == nil {
		return
	}
	rec.Session = trailer.Session{Agent: l.Agent, ID: l.Session}
	if first && !a.exists {
		rec.Base, _ = trailer.ParseBase(l.BaseNote)
	}
}
