package sessions

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/transcript"
)

// CopilotCLI lists GitHub Copilot CLI sessions whose working directory is
// in root: $COPILOT_HOME (default ~/.copilot)/session-state/<id>/events.jsonl,
// or <id>.jsonl as versions before 0.0.340 wrote them, the working
// directory being session.start's context.cwd.
func CopilotCLI(root string, env Env) []Session {
	dir := env.get("COPILOT_HOME")
	if dir == "" {
		dir = filepath.Join(env.Home, ".copilot")
	}
	state := filepath.Join(dir, "session-state")
	entries, err := os.ReadDir(state)
	if err != nil {
		return nil
	}
	var out []Session
	for _, e := range entries {
		file, id := filepath.Join(state, e.Name(), "events.jsonl"), e.Name()
		if !e.IsDir() {
			if !strings.HasSuffix(e.Name(), ".jsonl") {
				continue
			}
			file, id = filepath.Join(state, e.Name()), strings.TrimSuffix(e.Name(), ".jsonl")
		}
		cwd := jsonlField(file, func(m map[string]json.RawMessage) string {
			var d struct {
				Context struct {
					Cwd string `json:"cwd"`
				} `json:"context"`
			}
			_ = json.Unmarshal(m["data"], &d)
			return d.Context.Cwd
		})
		if inside(cwd, root) {
			out = append(out, session(transcript.CopilotCLI, file, file, id, cwd))
		}
	}
	return out
}

// SpecStory lists the histories SpecStory saved in the repository:
// <root>/.specstory/history/*.md, one per chat.
func SpecStory(root string) []Session {
	files, _ := filepath.Glob(filepath.Join(root, ".specstory", "history", "*.md"))
	var out []Session
	for _, f := range files {
		if !inRepo(f) {
			continue
		}
		out = append(out, session(transcript.SpecStory, f, f, strings.TrimSuffix(filepath.Base(f), ".md"), root))
	}
	return out
}

// inRepo reports whether a session file inside the repository is a
// regular file itself, not a link: a repository can commit
// .specstory/history/x.md -> /dev/zero, or -> a private file elsewhere
// that apply --session latest would then read into a commit.
func inRepo(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.Mode().IsRegular()
}
