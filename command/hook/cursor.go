package hook

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Cursor is what a session's earlier runs read and recorded. It lets a run
// read only what the session file gained, and is verified before it is
// trusted: the file must still be as long, and its first and last window
// of bytes before Offset must hash as they did.
type Cursor struct {
	Agent      Agent  `json:"agent"`
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
	Waiting int    `json:"waiting,omitempty"`
	Updated string `json:"updated,omitempty"` // RFC 3339 time of the last run
}

// holds reports whether the cursor records anything a later run needs: a
// base taken at session start, bytes read, or a branch.
func (c *Cursor) holds() bool {
	return c.Base != "" || c.Offset > 0 || c.Responses > 0 || c.Tip != "" || c.Recheck || c.Waiting > 0
}

// window is how many bytes at each end of what was read are checked.
const window = 4096

// cursorPath is where a session's cursor lives, under the common git
// directory (sessions belong to the repository, not to one worktree).
func cursorPath(commonDir string, agent Agent, session string) string {
	return filepath.Join(commonDir, "aiedit", "sessions", string(agent), safeID(session)+".json")
}

func loadCursor(path string) (*Cursor, error) {
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

// save writes the cursor through a temporary file and a rename, so a
// reader never sees half of it.
func (c *Cursor) save(path string) error {
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

// windows hashes the first and last window of f's bytes before off.
func windows(f io.ReaderAt, off int64) (head, tail string, err error) {
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

// valid reports whether the cursor still describes f (of the given size).
func (c *Cursor) valid(f io.ReaderAt, size int64) bool {
	if c.Offset == 0 {
		return true
	}
	if c.Offset > size {
		return false // truncated
	}
	head, tail, err := windows(f, c.Offset)
	return err == nil && head == c.Head && tail == c.Tail
}

// lastLineEnd returns the offset just after the last newline in f before
// size, not before from: a record still being written is left for later.
// It reads backwards in small chunks, so its cost does not grow with the
// file.
func lastLineEnd(f io.ReaderAt, from, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for end := size; end > from; {
		start := max(from, end-int64(len(buf)))
		chunk := buf[:end-start]
		if _, err := f.ReadAt(chunk, start); err != nil && !errors.Is(err, io.EOF) {
			return from, err
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return from, nil
}
