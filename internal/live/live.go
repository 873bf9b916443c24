// Package live reads and writes the cursors that `git aiedit hook run`
// keeps for each session it records live (.git/aiedit/sessions/<agent>/
// <session>.json): what earlier runs read and recorded, the review
// branch. hook run writes them; sessions and log read them to say which
// sessions are recorded live, and on which branch.
package live

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// Cursor is what a session's earlier runs read and recorded. It lets a run
// read only what the session file gained, and is verified before it is
// trusted: the file must still be as long, and its first and last window
// of bytes before Offset must hash as they did.
type Cursor struct {
	Agent      string `json:"agent"`
	Session    string `json:"session"`
	Transcript string `json:"transcript"`     // the session file
	Branch     string `json:"branch"`         // short name of the review branch
	Base       string `json:"base,omitempty"` // the base chosen at session start
	BaseNote   string `json:"base_note"`      // Aiedit-Base of the first commit
	Offset     int64  `json:"offset"`         // bytes read and recorded
	Responses  int    `json:"responses"`      // responses in those bytes
	Head       string `json:"head,omitempty"` // sha256 of the first window before Offset
	Tail       string `json:"tail,omitempty"` // sha256 of the last window before Offset
	Tip        string `json:"tip,omitempty"`  // the branch after the last run
	// Recheck: the last run recorded only part of what follows Offset
	// (the commit-msg hook refused a response), so the next run must look
	// on the branch for what is recorded there already.
	Recheck bool `json:"recheck,omitempty"`
	// Waiting counts the turns after Offset held back until they are
	// known to be complete (Claude Code: see completeTurns).
	Waiting int `json:"waiting,omitempty"`
	// Seen is the tree of the working tree as the last run left it (or
	// as a resumed session started): where the next turn starts, so that
	// what changed during a turn is known (command/hook, settle.go).
	Seen    string `json:"seen,omitempty"`
	Updated string `json:"updated,omitempty"` // RFC 3339 time of the last run
}

// Holds reports whether the cursor records anything a later run needs: a
// base taken at session start, bytes read, or a branch.
func (c *Cursor) Holds() bool {
	return c.Base != "" || c.Offset > 0 || c.Responses > 0 || c.Tip != "" || c.Recheck || c.Waiting > 0
}

// window is how many bytes at each end of what was read are checked.
const window = 4096

func Load(path string) (*Cursor, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Cursor
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("cursor %s is damaged (%v); it is rebuilt from the session file", path, err)
	}
	return &c, nil
}

// Save writes the cursor through a temporary file and a rename, so a
// reader never sees half of it.
func (c *Cursor) Save(path string) error {
	c.Updated = time.Now().UTC().Format(time.RFC3339)
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".cursor-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(append(data, '\n'))
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

// Windows hashes the first and last window of f's bytes before off.
func Windows(f io.ReaderAt, off int64) (head, tail string, err error) {
	sum := func(from, to int64) (string, error) {
		buf := make([]byte, to-from)
		if _, err := f.ReadAt(buf, from); err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		h := sha256.Sum256(buf)
		return hex.EncodeToString(h[:]), nil
	}
	if head, err = sum(0, min(off, window)); err != nil {
		return "", "", err
	}
	tail, err = sum(max(0, off-window), off)
	return head, tail, err
}

// Valid reports whether the cursor still describes f (of the given size).
func (c *Cursor) Valid(f io.ReaderAt, size int64) bool {
	if c.Offset == 0 {
		return true
	}
	if c.Offset > size {
		return false // truncated
	}
	head, tail, err := Windows(f, c.Offset)
	return err == nil && head == c.Head && tail == c.Tail
}

// Sessions lists the cursors of the sessions recorded here.
func Sessions(commonDir string) []*Cursor {
	var out []*Cursor
	files, _ := filepath.Glob(filepath.Join(commonDir, "aiedit", "sessions", "*", "*.json"))
	for _, f := range files {
		if c, err := Load(f); err == nil && c != nil {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	return out
}

// SessionBranch finds the review branch of a session recorded here by its
// id or a prefix of it. The id is the agent's session id or the name of
// its session file without the extension: `git aiedit sessions` lists a
// Codex session as its rollout (rollout-<time>-<thread id>) and a Gemini
// CLI one as session-<time>-<id>, while the hook keys them by the id.
func SessionBranch(commonDir, id string) (string, error) {
	var found []*Cursor
	for _, c := range Sessions(commonDir) {
		names := c.Names()
		if slices.Contains(names, id) {
			return c.Branch, nil
		}
		if slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, id) }) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 1:
		return found[0].Branch, nil
	case 0:
		if _, err := os.Stat(filepath.Join(commonDir, "aiedit", "sessions")); err != nil {
			return "", fmt.Errorf("no session was recorded live in this repository; `git aiedit hook install` sets that up")
		}
		return "", fmt.Errorf("no session %q was recorded live in this repository; `git aiedit hook status` lists them", id)
	}
	var ids []string
	for _, c := range found {
		ids = append(ids, c.Session)
	}
	return "", fmt.Errorf("session %q is ambiguous: %s; give more of the id", id, strings.Join(ids, ", "))
}

// Names are the ids a session recorded live goes by: its id, and its
// session file's name without the extension.
func (c *Cursor) Names() []string {
	names := []string{c.Session}
	if c.Transcript != "" {
		base := filepath.Base(c.Transcript)
		names = append(names, strings.TrimSuffix(base, filepath.Ext(base)))
	}
	return names
}

// Live is a session recorded live in this repository: its review branch,
// and whether the branch exists yet. A session whose turns so far had no
// edits, or whose first turn the commit-msg hook refused, has a cursor
// but no branch.
type Live struct {
	Branch string
	Exists bool
}

// Branches maps the session files recorded live in this repository to
// their review branches, so that `git aiedit sessions` can say so.
func Branches(ctx context.Context, repo *gitops.Repo) map[string]Live {
	out := map[string]Live{}
	for _, c := range Sessions(repo.CommonDir) {
		if c.Transcript != "" && c.Branch != "" {
			out[filepath.Clean(c.Transcript)] = Live{Branch: c.Branch, Exists: BranchExists(ctx, repo, c.Branch)}
		}
	}
	return out
}

// BranchExists reports whether a branch (short name) exists.
func BranchExists(ctx context.Context, repo *gitops.Repo, branch string) bool {
	_, exists, err := repo.ReadRef(ctx, "refs/heads/"+branch)
	return err == nil && exists
}
