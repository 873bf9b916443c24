package trailer

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// noControls fails when msg holds a control character a commit must not:
// any C0 but newline and tab, DEL, a C1 character, or a raw byte 0x80-0x9f.
func noControls(t *testing.T, msg string) {
	t.Helper()
	for i := 0; i < len(msg); {
		r, n := utf8.DecodeRuneInString(msg[i:])
		bad := r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f ||
			r == utf8.RuneError && n == 1 && msg[i] >= 0x80 && msg[i] <= 0x9f
		require.False(t, bad, "control %q at %d in %q", msg[i:i+n], i, msg)
		i += n
	}
}

// FuzzMessageNoControls: whatever a transcript puts in a shell command, a
// model name, a block's path, a reason, the subject or the prose, the
// message FormatMessage writes holds no NUL nor any other control
// character but the newlines that end its lines and tabs (git fsck
// --strict refuses a NUL: nulInCommit; an ESC drives the terminal of
// whoever reads git log), and still parses as exactly its trailers.
func FuzzMessageNoControls(f *testing.F) {
	f.Add("fix\x00it", "prose\x1b]0;title\x07\r\nmore", "gpt\x00-4o", "src/\x1b[31ma.py", "rm -rf\x00 /", "why\u009b2J", "t\x9b.md")
	f.Add("", "", "", "", "", "", "")
	f.Add("a\tb", "---\n\x00", "\x7f", "\n", "\r", "\x01\x02", "é")
	f.Fuzz(func(t *testing.T, subject, body, model, path, command, reason, transcript string) {
		rec := Record{Transcript: transcript, N: 1, Total: 1, Model: model, AssistedBy: []string{model}}
		rec.Blocks = []Block{{Index: 1, Status: editcore.Failed, Path: path, Reason: reason, Line: 2}}
		rec.Shell = []Shell{{Status: editcore.NotRun, Command: command}, {Status: editcore.NotReplayed, Command: command}}
		rec.Checks = []Check{{Name: "syntax", Status: "failed", Reason: reason}}
		trailers := rec.Encode()
		msg := FormatMessage(subject, body, trailers)
		noControls(t, msg)
		got := Parse(msg)
		require.Len(t, got, len(trailers), "%q", msg)
		for i, tr := range trailers {
			assert.Equal(t, trailerKey(tr.Key), got[i].Key)
		}
	})
}

func TestMessageEscapesControls(t *testing.T) {
	rec := Record{Transcript: "chat.md", N: 1, Total: 1, Model: "gpt\x00-4o\x1b]0;x\x07", AssistedBy: []string{"gpt\x00-4o"}}
	rec.Blocks = []Block{{Index: 1, Status: editcore.Applied, Path: "a\x00b.py"}}
	rec.Shell = []Shell{{Status: editcore.NotReplayed, Command: "echo \x1b[2Jhi\x00"}, {Status: editcore.NotRun, Command: "ls\x00"}}
	msg := FormatMessage("say\x00 hi", "prose \x1b[31mred\r\nline two", rec.Encode())
	noControls(t, msg)
	for _, want := range []string{
		`say\x00 hi`,
		"prose \\x1b[31mred\nline two",
		`Aiedit-Model: gpt\x00-4o\x1b]0;x\x07`,
		`Assisted-by: gpt\x00-4o`,
		`Aiedit-Block: 1 applied a\x00b.py`,
		`Aiedit-Unreplayed: 1 echo \x1b[2Jhi\x00`,
		`Aiedit-Shell: not_run ls\x00`,
	} {
		assert.True(t, strings.Contains(msg, want), "%q not in\n%s", want, msg)
	}
}
