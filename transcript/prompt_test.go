package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// aiderPrompts is an aider log as aider's io.py writes it: a multi-line
// request, a /add command with its tool output, a chat-mode command, and
// model text after tool output (as a reflection is), which no user line
// asked for: its prompt is empty.
const aiderPrompts = `# aider chat started at 2025-01-10 09:00:00

> aider --model gpt-4o
> Model: gpt-4o with diff edit format

#### /add app.py

> Added app.py to the chat

#### Make greet() take a name
#### and print it.

app.py
<<<<<<< SEARCH
def greet():
=======
def greet(name):
>>>>>>> REPLACE

> Applied edit to app.py

#### /code add a docstring too

app.py
<<<<<<< SEARCH
def greet(name):
=======
def greet(name):
    """Say hello."""
>>>>>>> REPLACE

> Applied edit to app.py

Then run the tests again.
`

// sweQuery is a SWE-agent 1.0 trajectory: the first step records the
// messages it sent (its query), the task inside <pr_description>.
const sweQuery = `{"trajectory": [
 {"action": "create notes.txt", "observation": "", "response": "Make the file.", "thought": "Make the file.",
  "state": {"open_file": "n/a", "working_dir": "/testbed"},
  "query": [{"role": "system", "content": "You are a helpful assistant"},
            {"role": "user", "content": [{"type": "text", "text": "<uploaded_files>\n/testbed\n</uploaded_files>\nConsider the following PR description:\n<pr_description>\nAdd a notes file.\n</pr_description>\nCan you help me?"}]}]},
 {"action": "submit", "observation": "", "response": "", "thought": "",
  "query": [{"role": "user", "content": "not read: the task was found in the first step"}]}
]}`

func TestPrompts(t *testing.T) {
	tests := map[string]struct {
		data string
		file string
		src  Source
		want []string
	}{
		"aider": {data: aiderPrompts, src: Aider, want: []string{
			"Make greet() take a name\nand print it.", "add a docstring too", ""}},
		"claude code":    {file: "claude-code.jsonl", src: ClaudeCode, want: []string{"fix the off-by-one in src/app.py", "now the notebook"}},
		"codex":          {file: "rollout-2025-09-10T08-00-00-0199abc.jsonl", src: Codex, want: []string{"rename Foo to Bar", "add a test"}},
		"gemini":         {file: "gemini-session.jsonl", src: Gemini, want: []string{"Tidy the module.", "Just rename it."}},
		"openhands sdk":  {file: "openhands-sdk.jsonl", src: OpenHands, want: []string{"Round cart totals and tidy the repo.", "Use the Gemini-style tools and the old bash tool now."}},
		"openhands eval": {file: "openhands-trajectory.json", src: OpenHands, want: []string{"Fix the slugify bug.", "also strip dashes"}},
		"cline":          {file: "cline-task.json", src: Cline, want: []string{"Make cart totals round half up and add a helpers module.", "Keep the name; add a docstring with apply_diff instead."}},
		"markdown":       {file: "chat.md", src: Markdown, want: []string{"Here is my file:\n\nsrc/math.py\n```python\ndef multiply(a, b):\n    return a + b\n```\n\nPlease fix multiply.", "Also add a docstring. A heading inside code is not a role:\n\n```markdown\n## Assistant\n```"}},
		"specstory rule": {file: "specstory.md", src: Markdown, want: []string{"Add a --verbose flag to cli.py"}},
		"swe-agent":      {data: sweQuery, src: SWEAgent, want: []string{"Add a notes file."}},
		"raw":            {data: "Done.\n", src: Raw, want: []string{""}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			data := []byte(tc.data)
			if tc.file != "" {
				data = fixture(t, tc.file)
			}
			rs, _, err := readAll(t, data, tc.src, Options{Root: "/repo"})
			require.NoError(t, err)
			var got []string
			for _, r := range rs {
				got = append(got, r.Prompt)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestCleanPrompt(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"plain":           {"fix it", "fix it"},
		"reminder":        {"fix it<system-reminder>be brief</system-reminder> now", "fix it now"},
		"unclosed":        {"fix it <system-reminder>be brief", "fix it"},
		"slash command":   {"<command-name>/clear</command-name>", ""},
		"local output":    {"<local-command-stdout></local-command-stdout>", ""},
		"interrupt":       {"[Request interrupted by user for tool use]", ""},
		"codex context":   {"<environment_context>\n<cwd>/w</cwd>\n</environment_context>", ""},
		"upload notice":   {"<uploaded_files>\n/w\n</uploaded_files>\nFix it.", "Fix it."},
		"cline env after": {"Do it.\n<environment_details>\n# Files\n</environment_details>", "Do it."},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, cleanPrompt(tc.in))
		})
	}
}

func TestPromptBounded(t *testing.T) {
	var e emitter
	e.ask(strings.Repeat("a", maxPrompt-10))
	e.ask("the rest is cut")
	e.ask("and this too")
	p := e.prompt.take()
	assert.True(t, strings.HasSuffix(p, promptCut), "a prompt over the bound ends with the marker")
	assert.LessOrEqual(t, len(p), maxPrompt+len(promptCut)+2)
	assert.Empty(t, e.prompt.take(), "take starts a new prompt")
}

func TestPromptRepeatKeptOnce(t *testing.T) {
	var e emitter
	e.ask("rename Foo to Bar")
	e.ask(" rename Foo to Bar\n")
	assert.Equal(t, "rename Foo to Bar", e.prompt.take())
}

// FuzzCleanPrompt: what is left of a user message holds none of the
// sections an agent injects, and cleaning again changes nothing.
func FuzzCleanPrompt(f *testing.F) {
	f.Add("fix it<system-reminder>x</system-reminder>")
	f.Add("<uploaded_files>\n/w\n</uploaded_files>\nDo it.")
	f.Add("<system-reminder><system-reminder></system-reminder>")
	f.Fuzz(func(t *testing.T, s string) {
		got := cleanPrompt(s)
		for _, tag := range injectedSections {
			if strings.Contains(got, "<"+tag+">") {
				t.Fatalf("%q still holds <%s>", got, tag)
			}
		}
		if again := cleanPrompt(got); again != got {
			t.Fatalf("not idempotent: %q -> %q", got, again)
		}
	})
}

func TestCleanPromptJoinedTag(t *testing.T) {
	assert.Equal(t, "a", cleanPrompt("a<system-<uploaded_files>x</uploaded_files>reminder>b</system-reminder>"))
}
