package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

func TestShellOps(t *testing.T) {
	id := func(p string) string { return p }
	type want struct {
		kind    editcore.Kind
		path    string
		content string
		reason  string // Shell: why not replayed ("" for a file operation)
	}
	tests := map[string]struct {
		cmd  string
		want []want
	}{
		"git mv":             {"git mv a b", []want{{kind: editcore.Shell}}},
		"read only":          {"ls -la && cat a | grep x && git status", nil},
		"quiet redirections": {"pytest -q 2>&1 >/dev/null", nil},
		"heredoc quoted":     {"cat > a.txt <<'EOF'\n$HOME\nEOF", []want{{kind: editcore.Write, path: "a.txt", content: "$HOME\n"}}},
		"heredoc after":      {"cat <<EOF > a.txt\nhi\nEOF", []want{{kind: editcore.Write, path: "a.txt", content: "hi\n"}}},
		"heredoc expands":    {"cat > a.txt <<EOF\n$HOME\nEOF", []want{{kind: editcore.Shell, reason: "here-document with expansions (unquoted delimiter)"}}},
		"tee append":         {"tee -a log.txt <<'X'\nmore\nX", []want{{kind: editcore.Append, path: "log.txt", content: "more\n"}}},
		"heredoc in chain": {"mkdir -p d && cat > d/f <<'EOF'\nx\nEOF\necho done", []want{
			{kind: editcore.Shell}, {kind: editcore.Write, path: "d/f", content: "x\n"}}},
		"echo":                         {`echo "a b" > f`, []want{{kind: editcore.Write, path: "f", content: "a b\n"}}},
		"echo -n append":               {`echo -n x >> f`, []want{{kind: editcore.Append, path: "f", content: "x"}}},
		"printf":                       {`printf 'a\n%s\n' b > f`, []want{{kind: editcore.Write, path: "f", content: "a\nb\n"}}},
		"printf %d":                    {`printf '%d\n' 3 > f`, []want{{kind: editcore.Shell, reason: "printf format this tool does not replay"}}},
		"touch":                        {"touch a b", []want{{kind: editcore.Append, path: "a"}, {kind: editcore.Append, path: "b"}}},
		"cp":                           {"cp -r src dst", []want{{kind: editcore.Shell}}},
		"installer":                    {"npm install left-pad", []want{{kind: editcore.Shell, reason: "may write files; not replayed"}}},
		"git apply":                    {"git apply <<'EOF'\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n+y\nEOF", []want{{kind: editcore.Replace, path: "f"}}},
		"cat to patch":                 {"cat <<'EOF' | patch -p1\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n+y\nEOF", []want{{kind: editcore.Replace, path: "f"}}},
		"git apply -R":                 {"git apply -R <<'EOF'\n--- a/f\n+++ b/f\nEOF", []want{{kind: editcore.Shell, reason: "patch option -R is not replayed"}}},
		"git apply check":              {"git apply --check <<'EOF'\n--- a/f\nEOF", nil},
		"sed in place":                 {"sed -i 's/a/b/' f", []want{{kind: editcore.Shell}}},
		"sed line address":             {"sed -i '3s/^/    /' f", []want{{kind: editcore.Shell}}},
		"sed -i '' (macOS)":            {"sed -i '' '2s/^/    /' f", []want{{kind: editcore.Shell}}},
		"sed delete":                   {"sed -i '3,$d' f", []want{{kind: editcore.Shell}}},
		"sed regexp address":           {"sed -i '/x/d' f", []want{{kind: editcore.Shell, reason: "sed: addresses by regular expression are not replayed"}}},
		"sed insert":                   {"sed -i '3i\\x' f", []want{{kind: editcore.Shell, reason: `sed: only s/// and d commands are replayed, not "i\\x"`}}},
		"a for loop is one command":    {"for f in a b; do rm $f; done", []want{{kind: editcore.Shell, reason: "is a loop or conditional (its commands run as it decides)"}}},
		"a loop over lines, then more": {"for f in a b\ndo\n  git rm \"$f\"\ndone && git mv c d", []want{{kind: editcore.Shell, reason: "is a loop or conditional (its commands run as it decides)"}, {kind: editcore.Shell}}},
		"sed e flag":                   {"sed -i 's/a/b/e' f", []want{{kind: editcore.Shell, reason: "sed: s flag e is not replayed"}}},
		"pipe to tee":                  {"echo x | tee f", []want{{kind: editcore.Shell, reason: "uses a pipe"}}},
		"to a variable":                {`echo x > "$OUT"`, []want{{kind: editcore.Shell, reason: "writes to $OUT"}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var got []want
			for _, op := range shellOps(tc.cmd, 1, "", "", id) {
				w := want{kind: op.Kind, path: op.Path, content: string(op.Content)}
				if op.Kind == editcore.Shell && op.Command.Op == "" {
					w.reason = op.Command.Reason
				}
				got = append(got, w)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// FuzzShellOps: any recorded command maps without a panic, and a write is
// never made from a command that is not a recognised write.
func FuzzShellOps(f *testing.F) {
	for _, s := range []string{"cat > a <<'E'\nx\nE", "echo 'a' >> b && touch c", "printf '%s\\n' x > y", "cp -r a b; rm -rf c", "tee f <<-X\n\tx\n\tX"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		for _, op := range shellOps(cmd, 1, "", "", func(p string) string { return p }) {
			if op.Kind == editcore.Shell {
				assert.NotNil(t, op.Command)
			}
		}
	})
}

// OpenHands run actions replay in order with the edits; a non-zero
// exit_code (top-level or in metadata) marks the command failed.
func TestOpenHandsRun(t *testing.T) {
	data := `[
{"id": 1, "source": "user", "action": "message", "args": {"content": "go"}},
{"id": 2, "source": "agent", "action": "run", "args": {"command": "git mv /workspace/p/a.py /workspace/p/b.py", "thought": "rename"}},
{"id": 3, "source": "agent", "cause": 2, "observation": "run", "content": "", "extras": {"metadata": {"exit_code": 0}}},
{"id": 4, "source": "agent", "action": "edit", "args": {"path": "/workspace/p/b.py", "command": "str_replace", "old_str": "x", "new_str": "y"}},
{"id": 5, "source": "agent", "action": "run", "args": {"command": "rm missing.txt"}},
{"id": 6, "source": "agent", "cause": 5, "observation": "run", "content": "rm: cannot remove", "extras": {"exit_code": 1}},
{"id": 7, "source": "agent", "action": "run", "args": {"command": "pip install x"}}
]`
	rs, _, err := readAll(t, []byte(data), OpenHands, Options{Exists: func(p string) bool { return p == "a.py" }})
	assert.NoError(t, err)
	if !assert.Len(t, rs, 1) {
		return
	}
	var got []string
	for _, op := range rs[0].Ops {
		s := op.Kind.String() + " " + op.Path
		if op.Command != nil {
			s = "shell " + op.Command.Text + " " + string(op.Command.Op) + " " + strings.Join(op.Command.Paths, ",")
		}
		if op.RecordedError != "" {
			s += " failed"
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"shell git mv /workspace/p/a.py /workspace/p/b.py move a.py,b.py",
		"substring b.py",
		"shell rm missing.txt remove missing.txt failed",
		"shell pip install x  ",
	}, got)
}
