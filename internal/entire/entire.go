// Package entire reads the agent sessions that Entire (entire.io) keeps in
// a repository: on the entire/checkpoints/v1 branch, whose tree holds
// <id[:2]>/<id[2:]>/<n>/full.jsonl (the agent's own transcript) and
// metadata.json for each session n of a checkpoint, the checkpoint being
// named by an "Entire-Checkpoint: <id>" trailer on the commit the
// sessions made. Nothing is fetched and nothing written.
package entire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
)

const (
	// Branch is where Entire keeps its checkpoints.
	Branch = "entire/checkpoints/v1"
	// Trailer names a commit's checkpoint.
	Trailer = "Entire-Checkpoint"
)

var idRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9a-f]{12}$`) })

// IsID reports a checkpoint id: 12 lower-case hex digits.
func IsID(s string) bool { return idRe().MatchString(s) }

// ErrNoBranch: the repository has no copy of Entire's branch.
var ErrNoBranch = fmt.Errorf("this repository has no %s branch, where Entire keeps its checkpoints; fetch it with: git fetch origin %s:%s", Branch, Branch, Branch)

// Store is the tip of Entire's branch.
type Store struct {
	Ref    string // the branch read: entire/checkpoints/v1 or origin/entire/checkpoints/v1
	fs     billy.Filesystem
	repo   *gitops.Repo
	commit plumbing.Hash
}

// Open reads the local branch, or origin's copy of it.
func Open(ctx context.Context, repo *gitops.Repo) (*Store, error) {
	for _, ref := range []string{"refs/heads/" + Branch, "refs/remotes/origin/" + Branch} {
		h, ok, err := repo.ReadRef(ctx, ref)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		fs, err := repo.TreeFS(h)
		if err != nil {
			return nil, err
		}
		return &Store{Ref: strings.TrimPrefix(strings.TrimPrefix(ref, "refs/heads/"), "refs/remotes/"), fs: fs, repo: repo, commit: h}, nil
	}
	return nil, ErrNoBranch
}

func dir(id string) string { return path.Join(id[:2], id[2:]) }

// Has reports whether the checkpoint is on the branch.
func (s *Store) Has(id string) bool {
	_, err := s.fs.Stat(dir(id))
	return IsID(id) && err == nil
}

// Session is one session of a checkpoint.
type Session struct {
	Checkpoint string
	Index      int
	Agent      string    // as Entire names it: "Claude Code", "Gemini CLI", …
	SessionID  string    // the agent's session, as Entire names it
	Created    time.Time // when the checkpoint was written
	// Transcript is full.jsonl's path on the branch, Size its size: it is
	// read as a stream (Open), never whole, however large.
	Transcript string
	Size       int64
}

// MaxMetadata is the largest metadata.json read: Entire writes a few
// hundred bytes. A larger one (a hostile branch's gigabyte of blanks) is
// not read, and the session is listed without what it would say.
const MaxMetadata = 1 << 20

// Open streams a session's transcript (full.jsonl) from git.
func (s *Store) Open(ctx context.Context, se Session) (io.ReadCloser, error) {
	return s.repo.OpenBlob(ctx, s.spec(se.Transcript))
}

func (s *Store) spec(p string) string { return s.commit.String() + ":" + p }

// Sessions reads a checkpoint's sessions, in Entire's order (0, 1, …):
// their metadata, and where their transcripts are.
func (s *Store) Sessions(ctx context.Context, id string) ([]Session, error) {
	entries, err := s.fs.ReadDir(dir(id))
	if err != nil {
		return nil, fmt.Errorf("no checkpoint %s on %s", id, s.Ref)
	}
	var out []Session
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if !e.IsDir() || err != nil {
			continue
		}
		se := Session{Checkpoint: id, Index: n}
		if b, err := s.read(ctx, path.Join(dir(id), e.Name(), "metadata.json"), MaxMetadata); err == nil {
			var m struct {
				Agent     string    `json:"agent"`
				SessionID string    `json:"session_id"`
				CreatedAt time.Time `json:"created_at"`
			}
			_ = json.Unmarshal(b, &m)
			se.Agent, se.SessionID, se.Created = m.Agent, m.SessionID, m.CreatedAt
		}
		se.Transcript = path.Join(dir(id), e.Name(), "full.jsonl")
		if se.Size, err = s.repo.BlobSize(ctx, s.spec(se.Transcript)); err != nil {
			return nil, fmt.Errorf("checkpoint %s: session %d has no full.jsonl", id, n)
		}
		out = append(out, se)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("checkpoint %s on %s holds no session transcript (no <n>/full.jsonl)", id, s.Ref)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out, nil
}

// List returns every checkpoint id on the branch.
func (s *Store) List() []string {
	var ids []string
	shards, _ := s.fs.ReadDir("/")
	for _, sh := range shards {
		if !sh.IsDir() || len(sh.Name()) != 2 {
			continue
		}
		rest, _ := s.fs.ReadDir(sh.Name())
		for _, r := range rest {
			if id := sh.Name() + r.Name(); r.IsDir() && IsID(id) {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// read returns a file of the branch, when it is at most max bytes.
func (s *Store) read(ctx context.Context, name string, max int64) ([]byte, error) {
	spec := s.spec(name)
	n, err := s.repo.BlobSize(ctx, spec)
	if err != nil {
		return nil, err
	}
	if n > max {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d read", name, n, max)
	}
	rc, err := s.repo.OpenBlob(ctx, spec)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, max))
}

// Resolve returns the checkpoints an argument names: itself when it is a
// checkpoint's id on the branch, else those the commit it names lists in
// its trailers, with that commit's first parent (where the agent started).
func (s *Store) Resolve(ctx context.Context, repo *gitops.Repo, arg string) (ids []string, parent string, err error) {
	id := strings.ToLower(strings.TrimSpace(arg))
	if s.Has(id) {
		return []string{id}, "", nil
	}
	h, err := repo.ResolveCommit(ctx, arg)
	if err != nil {
		if IsID(id) {
			return nil, "", fmt.Errorf("no checkpoint %s on %s, and no commit of that name", id, s.Ref)
		}
		return nil, "", fmt.Errorf("%s is neither a checkpoint id (12 hex digits) nor a commit", arg)
	}
	c, err := repo.Commit(h)
	if err != nil {
		return nil, "", err
	}
	ids = Trailers(c.Message)
	if len(ids) == 0 {
		return nil, "", errors.New("commit " + h.String()[:12] + " has no " + Trailer + " trailer: Entire recorded no session for it")
	}
	if len(c.ParentHashes) > 0 {
		parent = c.ParentHashes[0].String()
	}
	return ids, parent, nil
}

// Trailers returns the checkpoint ids a commit message names.
func Trailers(msg string) []string {
	var ids []string
	for _, l := range strings.Split(msg, "\n") {
		k, v, ok := strings.Cut(l, ":")
		if ok && strings.EqualFold(strings.TrimSpace(k), Trailer) {
			if v = strings.ToLower(strings.TrimSpace(v)); IsID(v) {
				ids = append(ids, v)
			}
		}
	}
	return ids
}

var uuidRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
})

// Name is what a session is applied as, entire-<session>: the first
// eight hex digits of its session's uuid, so that every checkpoint of one
// session names the same transcript, and one that grew adds only its new
// turns. The checkpoint (and its session's number) stands in when the
// session has no uuid.
func (s Session) Name() string {
	if u := uuidRe().FindString(s.SessionID); u != "" {
		return "entire-" + u[:8]
	}
	return "entire-" + s.Checkpoint + "-" + strconv.Itoa(s.Index)
}
