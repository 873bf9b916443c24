// Package sessions finds the transcripts that coding agents recorded on
// this machine for one repository: Claude Code and Codex session logs,
// aider's chat history, and Cline / Roo Code task folders.
//
// Where each agent keeps them (respecting the variables that move them):
//
//	claude-code  $CLAUDE_CONFIG_DIR (default ~/.claude)/projects/<cwd, every
//	             character but letters and digits as ->/<session>.jsonl
//	codex        $CODEX_HOME (default ~/.codex)/sessions/YYYY/MM/DD/rollout-*.jsonl
//	             whose session_meta cwd is in the repository
//	aider        <repository>/.aider.chat.history.md
//	cline        VS Code (and Insiders, VSCodium, Cursor, Windsurf, remote
//	             servers) globalStorage/saoudrizwan.claude-dev/tasks/<id>/,
//	             rooveterinaryinc.roo-cline for Roo Code, whose environment
//	             details name a working directory in the repository
//	gemini       $GEMINI_CLI_HOME (default ~)/.gemini/tmp/<project>/chats/
//	             session-*.jsonl (.json before v0.39), <project> being
//	             the name .gemini/projects.json gives a directory in the
//	             repository, or the sha256 of the repository's root
//	specstory    <repository>/.specstory/history/*.md
//	cursor       ~/.cursor/projects/<root without its leading /, every
//	             character but letters and digits as ->/agent-transcripts/
//	             <id>.jsonl or <id>/<id>.jsonl
//	copilot-cli  $COPILOT_HOME (default ~/.copilot)/session-state/<id>/events.jsonl
//	             (<id>.jsonl before 0.0.340) whose session.start cwd is in
//	             the repository
//	cline-cli    $CLINE_SESSION_DATA_DIR, $CLINE_DATA_DIR/sessions, or
//	             ($CLINE_DIR, default ~/.cline)/data/sessions: <id>/<id>.messages.json
//	             whose manifest <id>/<id>.json names a cwd in the repository
//	qwen-code    ~/.qwen/projects/<cwd, every character but letters and
//	             digits as ->/chats/<id>.jsonl whose records' cwd is in the
//	             repository
//
// Finding reads at most the head of each candidate; nothing is written.
// A candidate that is no regular file (a FIFO, a link to /dev/zero, in an
// agent's folder or committed in the repository) is no session: it is
// left out, never opened to wait on or read without end; every open is
// safeopen.Regular's, which does not block.
package sessions

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/internal/safeopen"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Session is one recorded session.
type Session struct {
	Agent    transcript.Source // the agent that recorded it
	ID       string            // the session's id: file stem, or task folder name
	Path     string            // what to apply: a file, or a Cline task folder
	File     string            // the transcript file itself
	Modified time.Time         // when it last changed
	Cwd      string            // the working directory it recorded, when known
}

// Env is where to look: the user's home and environment.
type Env struct {
	Home   string
	Getenv func(string) string // os.Getenv when nil
}

// System is the current user's environment.
func System() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home, Getenv: os.Getenv}
}

func (e Env) get(k string) string {
	if e.Getenv == nil {
		return os.Getenv(k)
	}
	return e.Getenv(k)
}

// Find lists the sessions recorded for the repository whose worktree root is
// root (absolute), newest first. Unreadable places are skipped.
func Find(root string, env Env) []Session {
	root = filepath.Clean(root)
	var all []Session
	all = append(all, Claude(root, env)...)
	all = append(all, Codex(root, env)...)
	all = append(all, Aider(root)...)
	all = append(all, Cline(root, env)...)
	all = append(all, Gemini(root, env)...)
	all = append(all, CopilotCLI(root, env)...)
	all = append(all, Cursor(root, env)...)
	all = append(all, ClineCLI(root, env)...)
	all = append(all, QwenCode(root, env)...)
	all = append(all, SpecStory(root)...)
	all = slices.DeleteFunc(all, func(s Session) bool { return !regular(s.File) })
	sort.SliceStable(all, func(i, j int) bool { return all[i].Modified.After(all[j].Modified) })
	return all
}

// Claude lists Claude Code sessions started in root or below it.
func Claude(root string, env Env) []Session {
	dir := env.get("CLAUDE_CONFIG_DIR")
	if dir == "" {
		dir = filepath.Join(env.Home, ".claude")
	}
	projects := filepath.Join(dir, "projects")
	entries, err := os.ReadDir(projects)
	if err != nil {
		return nil
	}
	want := ProjectDir(root)
	var out []Session
	for _, e := range entries {
		if !e.IsDir() || (e.Name() != want && !strings.HasPrefix(e.Name(), want+"-")) {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(projects, e.Name(), "*.jsonl"))
		for _, f := range files {
			cwd := jsonlField(f, func(m map[string]json.RawMessage) string { return str(m["cwd"]) })
			// A directory whose name only starts like root's may be another
			// repository's ("/a/b" and "/a/b-c"): the recorded cwd decides.
			if e.Name() != want && !inside(cwd, root) {
				continue
			}
			if cwd != "" && !inside(cwd, root) {
				continue
			}
			out = append(out, session(transcript.ClaudeCode, f, f, strings.TrimSuffix(filepath.Base(f), ".jsonl"), cwd))
		}
	}
	return out
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var notAlnum = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9]`) })

// ProjectDir is the name Claude Code gives the folder of a working
// directory's sessions: every character but ASCII letters and digits
// becomes "-".
func ProjectDir(cwd string) string { return notAlnum().ReplaceAllString(cwd, "-") }

// Codex lists Codex CLI rollouts whose working directory is in root.
func Codex(root string, env Env) []Session {
	dir := env.get("CODEX_HOME")
	if dir == "" {
		dir = filepath.Join(env.Home, ".codex")
	}
	var out []Session
	_ = filepath.WalkDir(filepath.Join(dir, "sessions"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		name := d.Name()
		if !strings.HasPrefix(name, "rollout-") || !strings.HasSuffix(name, ".jsonl") {
			return nil
		}
		cwd := jsonlField(p, func(m map[string]json.RawMessage) string {
			var pl struct {
				Cwd string `json:"cwd"`
			}
			_ = json.Unmarshal(m["payload"], &pl)
			return pl.Cwd
		})
		if inside(cwd, root) {
			out = append(out, session(transcript.Codex, p, p, strings.TrimSuffix(name, ".jsonl"), cwd))
		}
		return nil
	})
	return out
}

// Gemini lists Gemini CLI sessions started in root or below it. Since
// v0.29 Gemini CLI keeps a project's sessions in .gemini/tmp/<name>/chats/,
// the name being the one .gemini/projects.json gives the project's root
// ({"projects": {"/abs/root": "name"}}); before, in
// .gemini/tmp/<sha256 of the root, hex>/chats/, which records no root:
// there only sessions started at root itself are found.
func Gemini(root string, env Env) []Session {
	home := env.get("GEMINI_CLI_HOME")
	if home == "" {
		home = env.Home
	}
	dir := filepath.Join(home, ".gemini")
	var out []Session
	for _, p := range geminiProjects(dir) {
		if inside(geminiCase(p.root), geminiCase(root)) {
			out = append(out, geminiChats(filepath.Join(dir, "tmp", p.name, "chats"), p.root)...)
		}
	}
	sum := sha256.Sum256([]byte(root))
	return append(out, geminiChats(filepath.Join(dir, "tmp", hex.EncodeToString(sum[:]), "chats"), root)...)
}

type geminiProject struct{ root, name string }

// geminiCase folds the case of a root on Windows, where Gemini CLI
// writes the roots in projects.json in lower case.
func geminiCase(root string) string {
	if runtime.GOOS == "windows" {
		return strings.ToLower(root)
	}
	return root
}

// geminiSlug is the form Gemini CLI gives a project's name; anything else
// in projects.json could lead outside .gemini/tmp.
var geminiSlug = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9-]+$`) })

// geminiProjects reads .gemini/projects.json, sorted by root.
func geminiProjects(dir string) []geminiProject {
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if json.Unmarshal(readHead(filepath.Join(dir, "projects.json"), 4<<20), &reg) != nil {
		return nil
	}
	var out []geminiProject
	for r, name := range reg.Projects {
		if geminiSlug().MatchString(name) {
			out = append(out, geminiProject{root: r, name: name})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].root < out[j].root })
	return out
}

// geminiChats lists the sessions in a chats folder. A session resumed
// from a .json of before v0.39 goes on in a .jsonl of the same name that
// holds all of it: the .json is then left out.
func geminiChats(chats, cwd string) []Session {
	logs, _ := filepath.Glob(filepath.Join(chats, "session-*.jsonl"))
	docs, _ := filepath.Glob(filepath.Join(chats, "session-*.json"))
	var out []Session
	for _, f := range logs {
		out = append(out, session(transcript.Gemini, f, f, strings.TrimSuffix(filepath.Base(f), ".jsonl"), cwd))
	}
	for _, f := range docs {
		if _, err := os.Stat(f + "l"); err == nil {
			continue
		}
		out = append(out, session(transcript.Gemini, f, f, strings.TrimSuffix(filepath.Base(f), ".json"), cwd))
	}
	return out
}

// Aider lists the repository's aider chat history.
func Aider(root string) []Session {
	f := filepath.Join(root, ".aider.chat.history.md")
	if inRepo(f) {
		return []Session{session(transcript.Aider, f, f, "aider", root)}
	}
	return nil
}

// clineExtensions are the extension ids whose global storage holds tasks.
var clineExtensions = []string{"saoudrizwan.claude-dev", "rooveterinaryinc.roo-cline"}

// editors are the VS Code family's user-data folder names.
var editors = []string{"Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"}

// globalStorages lists where VS Code-like editors keep extensions' data.
func globalStorages(env Env) []string {
	var bases []string
	if x := env.get("XDG_CONFIG_HOME"); x != "" {
		bases = append(bases, x)
	}
	bases = append(bases,
		filepath.Join(env.Home, ".config"),
		filepath.Join(env.Home, "Library", "Application Support"))
	if a := env.get("APPDATA"); a != "" {
		bases = append(bases, a)
	}
	var out []string
	for _, b := range bases {
		for _, ed := range editors {
			out = append(out, filepath.Join(b, ed, "User", "globalStorage"))
		}
	}
	for _, remote := range []string{".vscode-server", ".vscode-remote", ".cursor-server"} {
		out = append(out, filepath.Join(env.Home, remote, "data", "User", "globalStorage"))
	}
	return out
}

var clineCwdRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`# Current Working Directory \(([^)\n]+)\)`) })

// Cline lists Cline and Roo Code tasks whose working directory is in root.
func Cline(root string, env Env) []Session {
	var out []Session
	seen := map[string]bool{}
	for _, gs := range globalStorages(env) {
		for _, ext := range clineExtensions {
			tasks := filepath.Join(gs, ext, "tasks")
			if seen[tasks] {
				continue
			}
			seen[tasks] = true
			entries, err := os.ReadDir(tasks)
			if err != nil {
				continue
			}
			for _, e := range entries {
				dir := filepath.Join(tasks, e.Name())
				f, ok := transcript.TaskFile(dir)
				if !ok {
					continue
				}
				head := readHead(f, 1<<20)
				m := clineCwdRe().FindSubmatch(head)
				if m == nil || !inside(string(m[1]), root) {
					continue
				}
				out = append(out, session(transcript.Cline, dir, f, e.Name(), string(m[1])))
			}
		}
	}
	return out
}

// CursorProject is the folder name Cursor gives a workspace under
// ~/.cursor/projects/: its path without the leading separator, every
// character but ASCII letters and digits as "-".
func CursorProject(root string) string {
	return notAlnum().ReplaceAllString(strings.TrimLeft(filepath.ToSlash(root), "/"), "-")
}

// Cursor lists the Cursor agent transcripts of the workspace at root.
// They record no working directory: the folder's name is the workspace's.
func Cursor(root string, env Env) []Session {
	dir := filepath.Join(env.Home, ".cursor", "projects", CursorProject(root), "agent-transcripts")
	flat, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	nested, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	var out []Session
	for _, f := range append(flat, nested...) {
		id := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		if filepath.Dir(f) != dir && filepath.Base(filepath.Dir(f)) != id {
			continue // <id>/<id>.jsonl only: subagents' files are beside it
		}
		out = append(out, session(transcript.Cursor, f, f, id, root))
	}
	return out
}

// ClineTask is the conversation file of the Cline or Roo Code task id,
// wherever an editor keeps it; "" when none is found.
func ClineTask(id string, env Env) string {
	if id == "" || id != filepath.Base(id) || id == "." || id == ".." {
		return ""
	}
	for _, gs := range globalStorages(env) {
		for _, ext := range clineExtensions {
			if f, ok := transcript.TaskFile(filepath.Join(gs, ext, "tasks", id)); ok {
				return f
			}
		}
	}
	return ""
}

func session(agent transcript.Source, path, file, id, cwd string) Session {
	s := Session{Agent: agent, ID: id, Path: path, File: file, Cwd: cwd}
	if info, err := os.Stat(file); err == nil {
		s.Modified = info.ModTime()
	}
	return s
}

// regular reports whether path leads to a regular file.
func regular(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

// inside reports whether dir is root or below it.
func inside(dir, root string) bool {
	if dir == "" {
		return false
	}
	dir = filepath.Clean(dir)
	return dir == root || strings.HasPrefix(dir, root+string(filepath.Separator))
}

// jsonlField returns the first non-empty value get finds in the first
// records of a JSONL file.
func jsonlField(path string, get func(map[string]json.RawMessage) string) string {
	f, err := safeopen.Regular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	for i := 0; i < 20; i++ {
		line, err := br.ReadSlice('\n')
		if len(bytes.TrimSpace(line)) > 0 && !errorsIsFull(err) {
			var m map[string]json.RawMessage
			if json.Unmarshal(line, &m) == nil {
				if v := get(m); v != "" {
					return v
				}
			}
		}
		if errorsIsFull(err) {
			// A record longer than the buffer: skip to its end.
			for errorsIsFull(err) {
				_, err = br.ReadSlice('\n')
			}
		}
		if err != nil {
			return ""
		}
	}
	return ""
}

func errorsIsFull(err error) bool { return err == bufio.ErrBufferFull }

func str(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

func readHead(path string, n int64) []byte {
	f, err := safeopen.Regular(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, n))
	return b
}

// ClineCLIDir is where the Cline CLI keeps its sessions, as it resolves
// it: $CLINE_SESSION_DATA_DIR, else $CLINE_DATA_DIR/sessions, else
// ($CLINE_DIR, or ~/.cline)/data/sessions.
func ClineCLIDir(env Env) string {
	if d := strings.TrimSpace(env.get("CLINE_SESSION_DATA_DIR")); d != "" {
		return d
	}
	if d := strings.TrimSpace(env.get("CLINE_DATA_DIR")); d != "" {
		return filepath.Join(d, "sessions")
	}
	if d := strings.TrimSpace(env.get("CLINE_DIR")); d != "" {
		return filepath.Join(d, "data", "sessions")
	}
	if env.Home == "" {
		return ""
	}
	return filepath.Join(env.Home, ".cline", "data", "sessions")
}

// ClineCLI lists the Cline CLI sessions whose working directory (their
// manifest's cwd, <id>/<id>.json) is in root.
func ClineCLI(root string, env Env) []Session {
	dir := ClineCLIDir(env)
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Session
	for _, e := range entries {
		id := e.Name()
		if !e.IsDir() {
			continue
		}
		f, err := safeopen.Regular(filepath.Join(dir, id, id+".json"))
		if err != nil {
			continue
		}
		var m struct {
			Cwd string `json:"cwd"`
		}
		err = json.NewDecoder(io.LimitReader(f, 1<<20)).Decode(&m)
		f.Close()
		if err != nil || !inside(m.Cwd, root) {
			continue
		}
		msgs := filepath.Join(dir, id, id+transcript.ClineCLIMessages)
		out = append(out, session(transcript.ClineCLI, msgs, msgs, id, m.Cwd))
	}
	return out
}

// QwenCode lists the Qwen Code sessions started in root or below it:
// ~/.qwen/projects/<cwd with every non-alphanumeric character as ->/chats/<id>.jsonl,
// whose records' cwd is in root.
func QwenCode(root string, env Env) []Session {
	projects := filepath.Join(env.Home, ".qwen", "projects")
	want := ProjectDir(root)
	dirs, _ := filepath.Glob(filepath.Join(projects, want+"*"))
	var out []Session
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "chats", "*.jsonl"))
		for _, f := range files {
			cwd := jsonlField(f, func(m map[string]json.RawMessage) string { return str(m["cwd"]) })
			if !inside(cwd, root) {
				continue
			}
			out = append(out, session(transcript.QwenCode, f, f, strings.TrimSuffix(filepath.Base(f), ".jsonl"), cwd))
		}
	}
	return out
}
