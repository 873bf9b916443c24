package hook

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/live"
)

// `git aiedit sessions` lists a session by its file's name; the hook keys
// it by the agent's id. log --session takes either, or a prefix of one.
func TestSessionBranch(t *testing.T) {
	common := t.TempDir()
	for _, c := range []*live.Cursor{
		{Agent: string(Codex), Session: "019a0c3e-5d2f-7e41-8a6b-3c9d4e5f6a7b", Branch: "aiedit/codex/019a0c3e",
			Transcript: "/h/.codex/sessions/2026/07/30/rollout-2026-07-30T08-00-00-019a0c3e-5d2f-7e41-8a6b-3c9d4e5f6a7b.jsonl"},
		{Agent: string(Codex), Session: "019b1d4f-0000-7000-8000-000000000000", Branch: "aiedit/codex/019b1d4f",
			Transcript: "/h/.codex/sessions/2026/07/31/rollout-2026-07-31T08-00-00-019b1d4f-0000-7000-8000-000000000000.jsonl"},
		{Agent: string(Gemini), Session: "3f2a9c10-aaaa-4bbb-8ccc-dddddddddddd", Branch: "aiedit/gemini/3f2a9c10",
			Transcript: "/h/.gemini/tmp/abc/chats/session-2026-03-01T00-00-3f2a9c10.json"},
		{Agent: string(ClaudeCode), Session: "aaaaaaaa-1111-4111-8111-111111111111", Branch: "aiedit/claude-code/aaaaaaaa",
			Transcript: "/h/.claude/projects/p/aaaaaaaa-1111-4111-8111-111111111111.jsonl"},
	} {
		require.NoError(t, c.Save(cursorPath(common, Agent(c.Agent), c.Session)))
	}
	for name, tc := range map[string]struct {
		id, want, err string
	}{
		"codex thread id":           {id: "019a0c3e-5d2f-7e41-8a6b-3c9d4e5f6a7b", want: "aiedit/codex/019a0c3e"},
		"codex thread id prefix":    {id: "019a", want: "aiedit/codex/019a0c3e"},
		"codex rollout, as listed":  {id: "rollout-2026-07-30T08-00-00-019a0c3e-5d2f-7e41-8a6b-3c9d4e5f6a7b", want: "aiedit/codex/019a0c3e"},
		"codex rollout prefix":      {id: "rollout-2026-07-31", want: "aiedit/codex/019b1d4f"},
		"gemini session file":       {id: "session-2026-03-01T00-00-3f2a9c10", want: "aiedit/gemini/3f2a9c10"},
		"claude id (the file stem)": {id: "aaaaaaaa", want: "aiedit/claude-code/aaaaaaaa"},
		"ambiguous prefix":          {id: "rollout-2026", err: "is ambiguous"},
		"unknown":                   {id: "nope", err: `no session "nope"`},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := live.SessionBranch(common, tc.id)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
