package engine

import (
	"fmt"
	"iter"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

func TestRequestSubject(t *testing.T) {
	tests := map[string]struct{ prompt, want string }{
		"request":            {"fix the off-by-one in src/app.py", "Fix the off-by-one in src/app.py"},
		"first sentence":     {"Add a --verbose flag to cli.py. Print each file as it is read.", "Add a --verbose flag to cli.py"},
		"markdown":           {"**Rename** `Foo` to `Bar` everywhere", "Rename Foo to Bar everywhere"},
		"lead-in skipped":    {"Here is my file:\n\n```python\nx = 1\n```\n\nPlease make x a constant.", "Please make x a constant"},
		"too short":          {"fix it", ""},
		"acknowledgement":    {"yes, go ahead", ""},
		"go on":              {"continue please.", ""},
		"question":           {"why does this fail on Windows?", ""},
		"none":               {"", ""},
		"long request":       {strings.Repeat("make the parser accept ", 6), "Make the parser accept make the parser accept make the parser accept…"},
		"code only":          {"```\nsome code here ok\n```", ""},
		"short then request": {"thanks\n\nnow add tests for the parser", "Now add tests for the parser"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got := requestSubject(tc.prompt)
			assert.Equal(t, tc.want, got)
			assert.LessOrEqual(t, len([]rune(got)), subjectWidth)
		})
	}
}

func TestAnnounces(t *testing.T) {
	for _, s := range []string{"I'll look at the current implementation first.", "Let me check the tests.", "Now I'll update the parser.", "Sure!", "Great, the tests pass."} {
		assert.True(t, announces(s), s)
	}
	for _, s := range []string{"Fixed the off-by-one in the loop.", "The parser now accepts tabs.", "Rename Foo to Bar."} {
		assert.False(t, announces(s), s)
	}
}

func TestChangeSubject(t *testing.T) {
	op := func(k editcore.Kind) *editcore.Op { return &editcore.Op{Kind: k} }
	res := func(path string, st editcore.Status, k editcore.Kind) editcore.Result {
		return editcore.Result{Path: path, Status: st, Op: op(k)}
	}
	tests := map[string]struct {
		blocks []editcore.Result
		want   string
	}{
		"one edit":     {[]editcore.Result{res("a.go", editcore.Applied, editcore.Replace)}, "Edit a.go"},
		"same file":    {[]editcore.Result{res("a.go", editcore.Applied, editcore.Replace), res("a.go", editcore.Applied, editcore.Replace)}, "Edit a.go"},
		"two":          {[]editcore.Result{res("a.go", editcore.Applied, editcore.Replace), res("b.go", editcore.Applied, editcore.Create)}, "Edit a.go and b.go"},
		"all created":  {[]editcore.Result{res("n.md", editcore.Applied, editcore.Create)}, "Create n.md"},
		"all deleted":  {[]editcore.Result{res("old.txt", editcore.Applied, editcore.Delete)}, "Delete old.txt"},
		"many":         {[]editcore.Result{res("a", editcore.Applied, editcore.Replace), res("b", editcore.Applied, editcore.Replace), res("c", editcore.Applied, editcore.Replace), res("d", editcore.Applied, editcore.Replace)}, "Edit a, b and 2 more files"},
		"failed only":  {[]editcore.Result{res("a.go", editcore.Failed, editcore.Replace)}, ""},
		"failed mixed": {[]editcore.Result{res("a.go", editcore.Failed, editcore.Replace), res("b.go", editcore.Applied, editcore.Replace)}, "Edit b.go"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, changeSubject(slices.All(tc.blocks)))
		})
	}
}

// Past maxSubjectPaths distinct paths the subject stops counting them
// (it would hold every name): "over" so many.
func TestChangeSubjectBounded(t *testing.T) {
	blocks := func(n int) iter.Seq2[int, editcore.Result] {
		return func(yield func(int, editcore.Result) bool) {
			for i := range n {
				p := fmt.Sprintf("f%06d.txt", i%(maxSubjectPaths+5))
				if !yield(i, editcore.Result{Path: p, Status: editcore.Applied, Op: &editcore.Op{Kind: editcore.Create}}) {
					return
				}
			}
		}
	}
	assert.Equal(t, "Create f000000.txt, f000001.txt and 4094 more files", changeSubject(blocks(maxSubjectPaths)))
	assert.Equal(t, "Create f000000.txt, f000001.txt and over 4094 more files", changeSubject(blocks(3*maxSubjectPaths)))
}

// TestPromptBlockKeepsTrailers: whatever the prompt holds (a "---" line,
// lines shaped like trailers, a very long text), git reads exactly the
// message's own trailers.
func TestPromptBlockKeepsTrailers(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	trailers := []trailer.Trailer{{Key: trailer.KeyTranscript, Value: "chat.md sha256:ab"}, {Key: trailer.KeyResponse, Value: "1/1"}}
	prompts := map[string]string{
		"divider":        "fix this\n---\nnot a patch",
		"trailer shaped": "Signed-off-by: Someone <s@example.com>\nCo-authored-by: x <x@y>",
		"scissors":       "# ------------------------ >8 ------------------------\nafter",
		"long":           strings.Repeat("a line of the request\n", 100),
		"blank lines":    "first\n\n\nsecond",
	}
	for name, p := range prompts {
		t.Run(name, func(t *testing.T) {
			msg := trailer.FormatMessage("Subject", withPrompt(p, 3, "The model's prose."), trailers)
			cmd := exec.Command("git", "interpret-trailers", "--parse")
			cmd.Stdin = strings.NewReader(msg)
			out, err := cmd.Output()
			require.NoError(t, err)
			assert.Equal(t, "Aiedit-Transcript: chat.md sha256:ab\nAiedit-Response: 1/1\n", string(out))
			assert.Contains(t, msg, "Prompt:\n> ")
			if name == "long" {
				assert.Contains(t, msg, "> […] (cut: the whole prompt is response 3's")
				assert.LessOrEqual(t, strings.Count(msg, "\n> "), promptLines+1)
			}
		})
	}
}

func TestCapitalise(t *testing.T) {
	for in, want := range map[string]string{
		"fix the parser":         "Fix the parser",
		"to_radius should halve": "to_radius should halve",
		"parseArgs drops a flag": "parseArgs drops a flag",
		"main.go must build":     "main.go must build",
		"don't cache the result": "Don't cache the result",
		"Already capitalised":    "Already capitalised",
		"élan is French":         "Élan is French",
	} {
		assert.Equal(t, want, capitalise(in), in)
	}
}

func TestRequestSubjectOverLines(t *testing.T) {
	assert.Equal(t, "Make greet() take a name and print it", requestSubject("make greet() take a name\nand print it"))
	assert.Equal(t, "Use the key [REDACTED:aws-access-token] to deploy", requestSubject("use the key [REDACTED:aws-access-token]\nto deploy.\nThen tell me."))
	assert.Equal(t, "Fix the parser", requestSubject("fix the parser.\nthen the lexer"))
}

// FuzzPromptRoundTrip: whatever a prompt holds, the message quotes it so
// that history reads the same prompt back (when it was not cut) and the
// message's own trailers stay its trailers.
func FuzzPromptRoundTrip(f *testing.F) {
	f.Add("fix the parser")
	f.Add("a\n---\nb")
	f.Add("Key: value\n\nOther: x")
	f.Add("> quoted\n>\n")
	trailers := []trailer.Trailer{{Key: trailer.KeyTranscript, Value: "t.md sha256:ab"}, {Key: trailer.KeyResponse, Value: "1/1"}}
	f.Fuzz(func(t *testing.T, p string) {
		p = strings.TrimSpace(printable(p))
		msg := trailer.FormatMessage("Subject", withPrompt(p, 1, "prose"), trailers)
		got := trailer.Parse(msg)
		if len(got) != 2 || got[0] != trailers[0] || got[1] != trailers[1] {
			t.Fatalf("trailers changed: %q", got)
		}
		r, ok := history.Parse(msg)
		if !ok {
			t.Fatalf("not read back as a response")
		}
		if strings.Contains(r.Prompt, "[…]") || p == "" {
			return
		}
		var want []string
		for _, l := range strings.Split(p, "\n") {
			want = append(want, strings.TrimRight(l, " \t"))
		}
		if w := strings.TrimSpace(strings.Join(want, "\n")); len(w) < promptChars && strings.Count(w, "\n") < promptLines && r.Prompt != w {
			t.Fatalf("prompt %q read back as %q", w, r.Prompt)
		}
	})
}

func TestPromptBlockBounds(t *testing.T) {
	long := strings.Repeat("x", 1000) + "\n" + strings.Repeat("y", 1000) + "\nnever shown"
	got := promptBlock(long, 2)
	assert.NotContains(t, got, "never shown")
	assert.Contains(t, got, "\n> […] (cut: the whole prompt is response 2's")
	assert.LessOrEqual(t, len(got), promptChars+300)
	assert.Equal(t, "Prompt:\n> a\n>\n> b", promptBlock("a\n\nb", 1))
	assert.Empty(t, promptBlock("", 1))
}
