package hook

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// A hook installed for the user (or a session given more directories
// with /add-dir) runs wherever the agent happens to be when a turn ends:
// the event's cwd may be another repository than the session's. Only the
// repository that holds the session's own working directory records it;
// any other would replay the whole session into the wrong tree.

// maxHeadRecords bounds how far into a session file its working
// directory is looked for: the agents write it in their first records.
const maxHeadRecords = 50

// sessionWorkDir is the directory the session works in, as the agent
// recorded it: for Claude Code $CLAUDE_PROJECT_DIR (set for its hooks) or
// else the cwd of the session file's first record that has one; for
// Codex the cwd of the rollout's session_meta; for Copilot CLI its
// session.start's context. "" when the agent says
// nothing (yet).
func sessionWorkDir(agent Agent, transcript string, getenv func(string) string) string {
	if env := agent.spec().projectEnv; env != "" {
		if d := getenv(env); d != "" {
			return d
		}
	}
	if transcript == "" || agent.wholeFile() {
		return ""
	}
	f, err := safeopen.Regular(transcript)
	if err != nil {
		return ""
	}
	defer f.Close()
	return firstCwd(f)
}

// firstCwd finds the first "cwd" of a JSONL session: a top-level field
// (Claude Code) or the payload's (Codex session_meta and turn_context).
func firstCwd(r io.Reader) string {
	br := bufio.NewReaderSize(r, 64<<10)
	for range maxHeadRecords {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A record too long to hold (a pasted prompt): skip it.
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			continue
		}
		var rec struct {
			Cwd     string `json:"cwd"`
			Payload struct {
				Cwd string `json:"cwd"`
			} `json:"payload"`
			Data struct { // Copilot CLI's session.start
				Context struct {
					Cwd string `json:"cwd"`
				} `json:"context"`
			} `json:"data"`
		}
		if json.Unmarshal(bytes.TrimSpace(line), &rec) == nil {
			if rec.Cwd != "" {
				return rec.Cwd
			}
			if rec.Payload.Cwd != "" {
				return rec.Payload.Cwd
			}
			if rec.Data.Context.Cwd != "" {
				return rec.Data.Context.Cwd
			}
		}
		if err != nil {
			return ""
		}
	}
	return ""
}

// geminiProjectHash is a Gemini CLI session's projectHash: the sha256 of
// the directory Gemini CLI was started in. It is read from the
// document's top-level keys, which come before its messages.
func geminiProjectHash(transcript string) string {
	f, err := safeopen.Regular(transcript)
	if err != nil {
		return ""
	}
	defer f.Close()
	dec := json.NewDecoder(io.LimitReader(f, 1<<20))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		if key == "projectHash" {
			var h string
			if dec.Decode(&h) != nil {
				return ""
			}
			return strings.ToLower(h)
		}
		if key == "messages" {
			return "" // the messages come last: no hash before them
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return ""
		}
	}
	return ""
}

// checkWorkDir says why the repository at top must not record the
// session, or returns nil when it may: the session's working directory
// is in it, or the agent does not say where the session works.
func checkWorkDir(agent Agent, transcript, eventCwd, top string, getenv func(string) string) error {
	if top == "" {
		return nil
	}
	if agent.wholeFile() {
		hash := geminiProjectHash(transcript)
		if len(hash) != sha256.Size*2 || geminiStartedIn(hash, eventCwd, top) {
			return nil
		}
		return fmt.Errorf("the session was started outside this repository (its projectHash %.12s… is that of none of the directories from %s up to %s); "+
			"nothing is recorded here: the agent moved to this repository during a session of another", hash, eventCwd, top)
	}
	dir := sessionWorkDir(agent, transcript, getenv)
	if dir == "" || inside(realPath(dir), realPath(top)) {
		return nil
	}
	return fmt.Errorf("the session works in %s, outside this repository (%s); nothing is recorded here: "+
		"the agent moved to this repository during a session of another, whose own repository records it", dir, top)
}

// geminiStartedIn reports whether hash is the sha256 of the event's
// directory or one of its parents up to top, as given or with symbolic
// links resolved.
func geminiStartedIn(hash, eventCwd, top string) bool {
	for _, d := range []string{filepath.Clean(eventCwd), realPath(eventCwd)} {
		for ; inside(d, top) || inside(d, realPath(top)); d = filepath.Dir(d) {
			if sum := sha256.Sum256([]byte(d)); hex.EncodeToString(sum[:]) == hash {
				return true
			}
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	return false
}

// inside reports whether dir is root or below it.
func inside(dir, root string) bool {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	return dir == root || strings.HasPrefix(dir, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator))
}

// realPath resolves symbolic links, so /tmp and /private/tmp compare
// equal; a path that cannot be resolved is compared as given.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
