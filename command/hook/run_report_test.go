package hook

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestRunReadsTheReport: hook run learns from the report the engine
// returns that the repository's commit-msg hook refused a turn: the log
// names the turn and what the hook said, the branch keeps only the turn
// before, and the next run records the refused turn once it is accepted.
func TestRunReadsTheReport(t *testing.T) {
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"README.md": "# Numbers\n"})
	hook := filepath.Join(repo.Dir, ".git", "hooks", "commit-msg")
	require.NoError(t, os.MkdirAll(filepath.Dir(hook), 0o755))
	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\nif grep -q WIP \"$1\"; then\n\techo 'no WIP commits, please' >&2\n\texit 1\nfi\n"), 0o755))

	const id = "eeeeeeee-5555-4555-8555-555555555555"
	session := filepath.Join(os.Getenv("HOME"), ".claude", "projects", "repo", id+".jsonl")
	require.NoError(t, os.MkdirAll(filepath.Dir(session), 0o755))
	line := func(parent, uuid, typ, message string) string {
		return `{"parentUuid":` + parent + `,"isSidechain":false,"cwd":"` + repo.Dir + `","sessionId":"` + id + `","version":"2.1.40","type":"` + typ +
			`","message":` + message + `,"uuid":"` + uuid + `","timestamp":"2026-02-01T10:00:00.000Z"}` + "\n"
	}
	turn := func(n, name, text, parent string) string {
		return line(parent, `t`+n+`-u`, "user", `{"role":"user","content":"Write `+name+`."}`) +
			line(`"t`+n+`-u"`, `t`+n+`-a`, "assistant", `{"role":"assistant","model":"claude-opus-4-5-20251101","content":[{"type":"tool_use","id":"toolu_t`+n+
				`","name":"Write","input":{"file_path":"`+filepath.Join(repo.Dir, name+".txt")+`","content":"`+name+`\n"}}]}`) +
			line(`"t`+n+`-a"`, `t`+n+`-r`, "user", `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_t`+n+`","content":"File created successfully"}]}`) +
			line(`"t`+n+`-r"`, `t`+n+`-t`, "assistant", `{"role":"assistant","model":"claude-opus-4-5-20251101","content":[{"type":"text","text":"`+text+`"}]}`)
	}
	stop := func(last string) *RunOptions {
		ev := `{"session_id":"` + id + `","transcript_path":"` + session + `","cwd":"` + repo.Dir +
			`","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"` + last + `"}`
		return &RunOptions{Agent: ClaudeCode, Stdin: strings.NewReader(ev), Dir: repo.Dir}
	}
	appendTurn := func(s string) {
		f, err := os.OpenFile(session, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		require.NoError(t, err)
		_, err = f.WriteString(s)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	branch := "aiedit/claude-code/eeeeeeee"
	commits := func() string { return repo.Git(t, "rev-list", "--count", "main.."+branch) }

	appendTurn(turn("1", "one", "Add one.", "null"))
	Run(context.Background(), stop("Add one."))
	require.Equal(t, "1", commits())

	appendTurn(turn("2", "two", "WIP: add two.", `"t1-t"`))
	Run(context.Background(), stop("WIP: add two."))
	assert.Equal(t, "1", commits(), "the refused turn is not recorded")
	log := strings.Join(tailLog(filepath.Join(repo.Dir, ".git"), 5), "\n")
	assert.Contains(t, log, "Stop: response 2: the repository's commit-msg hook refused its message (no WIP commits, please); "+
		"it and the turns after it are not recorded yet")

	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\nexit 0\n"), 0o755))
	appendTurn(turn("3", "three", "Add three.", `"t2-t"`))
	Run(context.Background(), stop("Add three."))
	assert.Equal(t, "3", commits(), "the refused turn is recorded at the next run")
	assert.Equal(t, "Add three. 3/3\nWIP: add two. 2/3\nAdd one. 1/1",
		repo.Git(t, "log", "--format=%s %(trailers:key=Aiedit-Response,valueonly,separator=)", "main.."+branch))
}
