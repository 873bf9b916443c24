package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/modelserver"
)

// The Cline CLI (`cline` on npm): an OpenAI-compatible provider in its
// settings pointing at the server (Chat Completions). `cline --json
// PROMPT` runs a new session headless; it resumes a session (--id) only in
// its terminal interface, so a resumed turn is driven over the Agent
// Client Protocol (`cline --acp`: session/load, then session/prompt),
// with CLINE_PROVIDER and CLINE_API_KEY naming the provider, as the
// protocol's own sign-in knows only Cline's accounts. Its session id is
// the name of the newest folder in its sessions folder. The CLI starts a
// background "hub" daemon that outlives it; the suite stops it by the pid
// its lock file names, once that process is the hub it started.
var clineCLIDriver = &driver{
	agent:       "cline-cli",
	bin:         "cline",
	failedShell: true,
	setup: func(c *conformance) {
		dir := filepath.Join(c.home, ".cline", "data", "settings")
		require.NoError(c.t, os.MkdirAll(dir, 0o755))
		// What `cline auth -p openai -k KEY -m MODEL -b URL` writes; that
		// command takes seconds and starts the hub itself.
		providers := `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {
    "openai-compatible": {
      "settings": {"provider": "openai-compatible", "apiKey": "dummy", "model": "m", "baseUrl": "` + c.server.URL + `/v1"},
      "updatedAt": "2026-01-01T00:00:00.000Z",
      "tokenSource": "manual"
    }
  }
}
`
		require.NoError(c.t, os.WriteFile(filepath.Join(dir, "providers.json"), []byte(providers), 0o644))
		// The hub listens on a port of its own, not the default one
		// another run of the CLI on this machine may hold.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(c.t, err)
		clineHubPort = strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
		require.NoError(c.t, ln.Close())
		c.t.Cleanup(func() { stopClineHub(c) })
	},
	env: func(c *conformance) []string {
		env := []string{"CLINE_HUB_PORT=" + clineHubPort, "CLINE_NO_AUTO_UPDATE=1", "DO_NOT_TRACK=1", "OTEL_TELEMETRY_ENABLED=0"}
		if c.mode != newSession {
			// Only for --acp: with these `cline --json` takes Cline's own
			// provider, not the one in its settings.
			env = append(env, "CLINE_PROVIDER=openai-compatible", "CLINE_API_KEY=dummy")
		}
		return env
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		if mode != newSession {
			return []string{"--acp"}
		}
		return []string{"--json", prompt}
	},
	converse: func(c *conformance, prompt string, mode runMode) func(io.Writer, io.Reader, io.Writer) error {
		if mode == newSession {
			return nil
		}
		require.NotEmpty(c.t, c.session, "the session to resume")
		return func(in io.Writer, out io.Reader, log io.Writer) error {
			return clineACPTurn(in, out, log, c.session, c.repo, prompt)
		}
	},
	session: func(c *conformance, _ string) string {
		dir := filepath.Join(c.home, ".cline", "data", "sessions")
		entries, _ := os.ReadDir(dir)
		newest, when := "", int64(0)
		for _, e := range entries {
			if info, err := os.Stat(filepath.Join(dir, e.Name(), e.Name()+".json")); err == nil && info.ModTime().UnixNano() > when {
				newest, when = e.Name(), info.ModTime().UnixNano()
			}
		}
		return newest
	},
	settle: func(c *conformance) { clineHubPIDs(c) },
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".cline", "hooks", "TaskComplete"), filepath.Join(c.repo, ".cline", "hooks", "TaskComplete")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "editor", Args: map[string]any{"path": p, "new_text": content}}
	},
	// The plan edits only in a resumed turn: over --acp the CLI takes the
	// provider's default model (gpt-4o: the settings' "m" is not in its
	// catalog), and to a model whose id holds "gpt" it offers apply_patch
	// instead of editor.
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "apply_patch", Args: map[string]any{
			"input": "*** Begin Patch\n*** Update File: " + p + "\n@@\n" + patchLines("-", old) + patchLines("+", new) + "*** End Patch\n"}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "read_files", Args: map[string]any{"files": []any{map[string]any{"path": p}}}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "run_commands", Args: map[string]any{"commands": []any{command}}}
	},
}

// clineHubPort is the port the suite gives the CLI's hub (one agent run
// at a time uses it).
var clineHubPort string

// clineHubs are the hub daemons seen during the run, by pid.
var clineHubs = map[int]bool{}

// clineHubPIDs notes the hub the CLI's lock file names, if it is running.
func clineHubPIDs(c *conformance) {
	b, err := os.ReadFile(filepath.Join(c.home, ".cline", "data", "locks", "hub", "production.json"))
	if err != nil {
		return
	}
	var lock struct {
		PID int `json:"pid"`
	}
	if json.Unmarshal(b, &lock) == nil && lock.PID > 0 && isClineHub(lock.PID, c) {
		clineHubs[lock.PID] = true
	}
}

// isClineHub reports whether pid is the hub daemon this run's CLI started:
// its command line is the CLI's daemon, on the port the suite gave it.
func isClineHub(pid int, c *conformance) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	args := strings.Split(string(b), "\x00")
	daemon, port := false, false
	for i, a := range args {
		daemon = daemon || a == "--cline-hub-daemon"
		port = port || a == "--port" && i+1 < len(args) && args[i+1] == clineHubPort
	}
	return daemon && port
}

// stopClineHub stops the hub daemons the CLI left running, by their pids.
func stopClineHub(c *conformance) {
	clineHubPIDs(c)
	for pid := range clineHubs {
		if isClineHub(pid, c) && syscall.Kill(pid, syscall.SIGTERM) == nil {
			// It writes its databases as it goes: the test's folders are
			// removed once it is gone.
			deadline := time.Now().Add(10 * time.Second)
			for isClineHub(pid, c) && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
			}
			if isClineHub(pid, c) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			c.t.Logf("cline-cli: stopped the CLI's hub daemon, pid %d", pid)
		}
		delete(clineHubs, pid)
	}
}

// clineACPTurn resumes session id over the Agent Client Protocol
// (JSON-RPC 2.0, one message a line) and types prompt: initialize,
// session/load, session/prompt, allowing each tool call the agent asks
// permission for; it returns once the prompt's answer came.
func clineACPTurn(in io.Writer, out io.Reader, log io.Writer, id, cwd, prompt string) error {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	next := 0
	send := func(v map[string]any) error {
		v["jsonrpc"] = "2.0"
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = in.Write(append(b, '\n'))
		return err
	}
	call := func(method string, params map[string]any) error {
		next++
		want := next
		if err := send(map[string]any{"id": want, "method": method, "params": params}); err != nil {
			return err
		}
		for sc.Scan() {
			fmt.Fprintf(log, "%s\n", sc.Bytes())
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params struct {
					Options []struct {
						OptionID string `json:"optionId"`
						Kind     string `json:"kind"`
					} `json:"options"`
				} `json:"params"`
				Error *struct {
					Message string `json:"message"`
				} `json:"error"`
			}
			if json.Unmarshal(sc.Bytes(), &m) != nil {
				continue
			}
			switch {
			case m.Method == "session/request_permission":
				option := ""
				for _, o := range m.Params.Options {
					if strings.HasPrefix(o.Kind, "allow") && option == "" {
						option = o.OptionID
					}
				}
				if err := send(map[string]any{"id": m.ID, "result": map[string]any{"outcome": map[string]any{"outcome": "selected", "optionId": option}}}); err != nil {
					return err
				}
			case m.Method == "" && string(m.ID) == strconv.Itoa(want):
				if m.Error != nil {
					return fmt.Errorf("%s: %s", method, m.Error.Message)
				}
				return nil
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
		return errors.New(method + ": the agent closed its output before answering")
	}
	if err := call("initialize", map[string]any{"protocolVersion": 1, "clientCapabilities": map[string]any{
		"fs": map[string]any{"readTextFile": false, "writeTextFile": false}, "terminal": false}}); err != nil {
		return err
	}
	if err := call("session/load", map[string]any{"sessionId": id, "cwd": cwd, "mcpServers": []any{}}); err != nil {
		return err
	}
	return call("session/prompt", map[string]any{"sessionId": id, "prompt": []any{map[string]any{"type": "text", "text": prompt}}})
}
