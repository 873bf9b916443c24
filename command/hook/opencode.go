package hook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// OpenCode has no hook configuration: it loads every .js and .ts file in
// .opencode/plugins/ and ~/.config/opencode/plugins/ as a plugin, which
// subscribes to its events. install writes a plugin of its own,
// git-aiedit.js. When a session is created the plugin sends its id and
// directory; when it goes idle (the turn is over) the plugin reads the
// session from OpenCode's server and sends it as `opencode export <id>`
// prints it: one JSON document, {info: {id, directory, …}, messages},
// which the opencode transcript source reads. hook run executes nothing:
// it keeps the document beside the session's cursor and reads it whole
// (it is written whole each time), knowing recorded turns by their
// messages' ids.
var opencodeSpec = &spec{
	name:      OpenCode,
	display:   "OpenCode",
	project:   ".opencode/plugins/",
	user:      "~/.config/opencode/plugins/",
	settings:  opencodeSettings,
	scopes:    allScopes,
	form:      fileForm{content: opencodePlugin},
	events:    []string{"session.created", "session.idle"},
	describe:  "session.created takes the base, session.idle records each turn",
	read:      readOpenCodeEvent,
	wholeFile: true,
	idle:      "OpenCode loads its plugins as it starts: start `opencode` again in this repository",
}

// opencodeFile is the plugin install writes.
const opencodeFile = "git-aiedit.js"

func opencodeSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectFile(ctx, dir, filepath.Join(".opencode", "plugins"), opencodeFile)
	}
	config := os.Getenv("XDG_CONFIG_HOME")
	if config == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", exitcode.UsageErrorf("cannot find your home directory: %v", err)
		}
		config = filepath.Join(home, ".config")
	}
	return filepath.Join(config, "opencode", "plugins", opencodeFile), nil
}

// opencodePlugin is the plugin: it passes OpenCode's events to hook run
// and never lets a failure reach OpenCode. At session.idle it reads the
// session from OpenCode's own server (the client it is given: {info,
// messages}, the shape `opencode export` prints, in milliseconds) and
// hands it to a hook run started on its own: `opencode run` exits about
// a second after session.idle (checked with OpenCode 1.18.33), and the
// run must not die with it nor be waited for. The session goes to it
// through a private temporary file the run's shell removes. Only when the
// client cannot read the session does it run `opencode export` (slow).
// The session id reaches a shell as one quoted argument (Bun's shell
// escapes what it interpolates; sh gets it as "$1").
func opencodePlugin(s *spec) string {
	return `// git-aiedit: records each OpenCode turn as a commit on a review branch
// (` + runCommand(s.name) + `). Written by ` + "`git aiedit hook install opencode`" + `;
// ` + "`git aiedit hook uninstall opencode`" + ` removes it.
import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const GitAiedit = async ({ client, $, directory }) => {
  const send = async (input) => {
    try {
      await $` + "`" + runCommand(s.name) + ` < ${new Response(input)}` + "`" + `.cwd(directory).quiet().nothrow()
    } catch {}
  }
  const sendDetached = (input) => {
    try {
      const dir = mkdtempSync(join(tmpdir(), "git-aiedit-"))
      const file = join(dir, "session.json")
      writeFileSync(file, input, { mode: 0o600 })
      spawn("sh", ["-c", '` + runCommand(s.name) + ` < "$1"; rm -rf "$2"', "sh", file, dir],
        { cwd: directory, detached: true, stdio: "ignore" }).unref()
    } catch {}
  }
  const session = async (id) => {
    for (const args of [{ path: { id } }, { sessionID: id }]) {
      try {
        const [info, messages] = await Promise.all([client.session.get(args), client.session.messages(args)])
        if (info?.data?.id && Array.isArray(messages?.data)) {
          return JSON.stringify({ info: info.data, messages: messages.data })
        }
      } catch {}
    }
    const out = await $` + "`opencode export ${id}`" + `.cwd(directory).quiet().nothrow().text()
    const at = out.indexOf("{")
    return at >= 0 ? out.slice(at) : ""
  }
  return {
    event: async ({ event }) => {
      try {
        if (event.type === "session.created") {
          const info = event.properties?.info
          if (info?.id) {
            await send(JSON.stringify({ hook_event_name: "session.created", session_id: info.id, cwd: info.directory ?? directory }))
          }
        } else if (event.type === "session.idle") {
          const id = event.properties?.sessionID
          if (!id) return
          const doc = await session(id)
          if (doc) sendDetached(doc)
        }
      } catch {}
    },
  }
}
`
}

// maxRecord bounds an OpenCode session's export.
const maxRecord = 256 << 20

// readOpenCodeEvent reads what the plugin sends: a session's export (the
// end of a turn) or the session's start.
func readOpenCodeEvent(opts *RunOptions) (Event, func(), error) {
	raw, err := readInput(opts.Stdin, opts.Agent, maxRecord)
	if err != nil {
		return Event{}, nil, fmt.Errorf("the input is not what git-aiedit's OpenCode plugin sends (a session's export or its start): %w", err)
	}
	var in struct {
		Info *struct {
			ID        string `json:"id"`
			Directory string `json:"directory"`
		} `json:"info"`
		Messages      json.RawMessage `json:"messages"`
		HookEventName string          `json:"hook_event_name"`
		SessionID     string          `json:"session_id"`
		Cwd           string          `json:"cwd"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return Event{}, nil, fmt.Errorf("the input is not what git-aiedit's OpenCode plugin sends: %w", err)
	}
	switch {
	case in.Info != nil && in.Messages != nil:
		if in.Info.ID == "" {
			return Event{}, nil, errors.New("the session's export has no info.id")
		}
		return Event{Name: "session.idle", Session: in.Info.ID, Cwd: in.Info.Directory, Record: raw}, nil, nil
	case in.HookEventName == "session.created":
		return Event{Name: "SessionStart", Session: in.SessionID, Cwd: in.Cwd}, nil, nil
	}
	return Event{}, nil, errors.New("the input is neither a session's export ({info, messages}) nor its start")
}
