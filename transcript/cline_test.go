package transcript

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// clineTask is a Cline conversation: the task (naming the working
// directory /home/dev/proj), then the given messages.
func clineTask(msgs ...string) []byte {
	task := `{"role":"user","content":[{"type":"text","text":"<task>\ngo\n</task>"},` +
		`{"type":"text","text":"<environment_details>\n# Current Working Directory (/home/dev/proj) Files\nsrc/\n</environment_details>"}]}`
	return []byte("[" + strings.Join(append([]string{task}, msgs...), ",\n") + "]")
}

// nativeCall is an assistant message with one native tool call.
func nativeCall(id, name, input string) string {
	return fmt.Sprintf(`{"role":"assistant","content":[{"type":"tool_use","id":%q,"name":%q,"input":%s}]}`, id, name, input)
}

// nativeResult is the user message that answers a native tool call.
func nativeResult(id, text string) string {
	return fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":%q,"content":[{"type":"text","text":%q}]}]}`, id, text)
}

// xmlCall is an assistant message with a tool use written as XML, and
// xmlResult the user message that answers it.
func xmlCall(xml string) string {
	return fmt.Sprintf(`{"role":"assistant","content":[{"type":"text","text":%q}]}`, xml)
}

func xmlResult(text string) string {
	return fmt.Sprintf(`{"role":"user","content":[{"type":"text","text":%q}]}`, text)
}

// describeOps is what the Cline tests assert about operations.
func describeOps(ops []editcore.Op) []string {
	var out []string
	for _, op := range ops {
		s := op.Kind.String() + " " + op.Path
		if c := op.Command; c != nil {
			s = "shell " + c.Text + " " + string(c.Op) + " " + strings.Join(c.Paths, ",")
		}
		if op.Group != 0 {
			s += fmt.Sprintf(" g%d", op.Group)
		}
		if op.Kind == editcore.Malformed {
			s += ": " + op.Problem
		}
		if op.RecordedError != "" {
			s += " failed: " + strings.SplitN(op.RecordedError, "\n", 2)[0]
		}
		out = append(out, s)
	}
	return out
}

// TestClineNativeTools: recent Cline versions call their tools natively,
// write_to_file and replace_in_file naming the file by absolutePath,
// apply_patch taking a V4A patch as input and execute_command running a
// command; each maps like the XML tool use of the same name.
func TestClineNativeTools(t *testing.T) {
	tests := map[string]struct {
		msgs []string
		want []string
	}{
		"absolutePath names the file": {
			msgs: []string{
				nativeCall("w", "write_to_file", `{"absolutePath":"/home/dev/proj/src/helpers.py","content":"x = 1\n"}`),
				nativeCall("r", "replace_in_file", `{"absolutePath":"/home/dev/proj/src/app.py","diff":"------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n------- SEARCH\nc\n=======\nd\n+++++++ REPLACE"}`),
				nativeCall("o", "write_to_file", `{"absolutePath":"/elsewhere/x.py","content":""}`),
			},
			want: []string{"write src/helpers.py", "replace src/app.py g1", "replace src/app.py g1", "write /elsewhere/x.py"},
		},
		"a relative absolutePath is the working directory's": {
			msgs: []string{nativeCall("w", "write_to_file", `{"absolutePath":"src/a.py","content":""}`)},
			want: []string{"write src/a.py"},
		},
		"no path at all": {
			msgs: []string{nativeCall("w", "write_to_file", `{"content":"x"}`)},
			want: []string{"malformed : write_to_file names no file"},
		},
		"apply_patch input": {
			msgs: []string{
				nativeCall("p1", "apply_patch", `{"input":"*** Begin Patch\n*** Update File: src/app.py\n@@ def f():\n-    a\n+    b\n@@ def g():\n-    c\n+    d\n*** Add File: src/new.py\n+n\n*** End Patch"}`),
				nativeResult("p1", "Successfully applied patch to the following files:\n\nsrc/app.py"),
				nativeCall("p2", "apply_patch", `{"input":"%%bash\napply_patch <<\"EOF\"\n*** Begin Patch\n*** Update File: /home/dev/proj/src/app.py\n-    b\n+    e\n*** Delete File: src/old.py\n*** End Patch\nEOF"}`),
				nativeResult("p2", "The tool execution failed with the following error:\n<error>\nFile not found: src/old.py\n</error>"),
			},
			want: []string{
				"replace src/app.py g1", "replace src/app.py g1", "write src/new.py",
				"replace src/app.py g2 failed: File not found: src/old.py", "delete src/old.py failed: File not found: src/old.py",
			},
		},
		"apply_patch without a patch": {
			msgs: []string{
				nativeCall("p", "apply_patch", `{"input":""}`),
				nativeCall("q", "apply_patch", `{"input":"make it better"}`),
			},
			want: []string{
				"malformed : apply_patch without a patch",
				"malformed : apply_patch input holds no *** Begin Patch … *** End Patch patch",
			},
		},
		"apply_patch denied": {
			msgs: []string{
				nativeCall("p", "apply_patch", `{"input":"*** Begin Patch\n*** Add File: a.py\n+a\n*** End Patch"}`),
				nativeResult("p", "The user denied this patch operation."),
			},
			want: []string{"write a.py failed: the user denied this operation"},
		},
		"execute_command is replayed, never run": {
			msgs: []string{
				nativeCall("c1", "execute_command", `{"command":"git rm -q config.py","requires_approval":false}`),
				nativeResult("c1", "Command executed."),
				nativeCall("c2", "execute_command", `{"command":"mkdir -p docs && touch docs/a.md"}`),
				nativeResult("c2", "Command executed successfully (exit code 0)."),
				nativeCall("c3", "execute_command", `{"command":"npm install"}`),
				nativeCall("c4", "execute_command", `{"command":"ls src"}`),
			},
			want: []string{
				"shell git rm -q config.py remove config.py",
				"shell mkdir -p docs mkdir docs", "append docs/a.md",
				"shell npm install  ",
			},
		},
		"a command that failed is not replayed": {
			msgs: []string{
				nativeCall("c1", "execute_command", `{"command":"rm gone.txt"}`),
				nativeResult("c1", "Command failed with exit code 1.\nOutput:\nrm: cannot remove 'gone.txt'"),
				nativeCall("c2", "execute_command", `{"command":"rm a.txt"}`),
				nativeResult("c2", "Command terminated by signal SIGKILL."),
				nativeCall("c3", "execute_command", `{"command":"rm b.txt"}`),
				nativeResult("c3", "The user denied this operation."),
				nativeCall("c4", "execute_command", `{"command":"rm c.txt"}`),
				nativeResult("c4", "Command executed successfully (exit code 0).\nOutput:\nExit code: 1 of the test, printed"),
				nativeCall("c5", "execute_command", `{"command":"echo exit code 3 > log.txt"}`),
				nativeResult("c5", "[execute_command for 'echo exit code 3 > log.txt'] Result:\nCommand executed."),
			},
			want: []string{
				"shell rm gone.txt remove gone.txt failed: Command failed with exit code 1.",
				"shell rm a.txt remove a.txt failed: Command terminated by signal SIGKILL.",
				"shell rm b.txt remove b.txt failed: the user denied this operation",
				"shell rm c.txt remove c.txt",
				"write log.txt",
			},
		},
		"Roo Code's cwd and exit code": {
			msgs: []string{
				nativeCall("c1", "execute_command", `{"command":"touch x.py","cwd":"src"}`),
				nativeResult("c1", "Command executed in terminal within working directory '/home/dev/proj/src'. Exit code: 0\nOutput:\n"),
				nativeCall("c2", "execute_command", `{"command":"git mv x.py y.py","cwd":"/home/dev/proj/src"}`),
				nativeResult("c2", "Command executed in terminal within working directory '/home/dev/proj/src'. Command execution was not successful, inspect the cause and adjust as needed.\nExit code: 128\nOutput:\nfatal"),
			},
			want: []string{
				"append src/x.py",
				"shell git mv x.py y.py move src/x.py,src/y.py failed: Command executed in terminal within working directory '/home/dev/proj/src'. Command execution was not successful, inspect the cause and adjust as needed.",
			},
		},
		"XML tool uses of the same tools": {
			msgs: []string{
				xmlCall("Removing it.\n\n<execute_command>\n<command>echo 'it''s' > notes.txt</command>\n<requires_approval>false</requires_approval>\n</execute_command>"),
				xmlResult("[execute_command for 'echo 'it''s' > notes.txt'] Result:\nCommand failed with exit code 2."),
				xmlCall("<execute_command>\n<command>cat > b.txt <<'EOF'\nb\nEOF</command>\n</execute_command>"),
				xmlResult("[execute_command for 'cat > b.txt <<'EOF'\nb\nEOF'] Result:\nCommand executed."),
				xmlCall("<apply_patch>\n<input>\n*** Begin Patch\n*** Add File: c.txt\n+c\n*** End Patch\n</input>\n</apply_patch>"),
				xmlCall("<write_to_file>\n<absolutePath>/home/dev/proj/d.txt</absolutePath>\n<content>\nd\n</content>\n</write_to_file>"),
			},
			want: []string{"write notes.txt failed: Command failed with exit code 2.", "write b.txt", "write c.txt", "write d.txt"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, clineTask(tc.msgs...), Cline, Options{})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, 1, "the tool results belong to the turn")
			assert.Equal(t, tc.want, describeOps(rs[0].Ops))
		})
	}
}

// TestClinePatchContent: apply_patch's operations carry the patch's lines,
// from the format's own parser.
func TestClinePatchContent(t *testing.T) {
	data := clineTask(nativeCall("p", "apply_patch", `{"input":"*** Begin Patch\n*** Update File: src/app.py\n@@ def greet(name):\n-    return a\n+    return b\n*** End Patch"}`))
	rs, _, err := readAll(t, data, Cline, Options{})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Len(t, rs[0].Ops, 1)
	op := rs[0].Ops[0]
	assert.Equal(t, "applypatch", op.Format)
	assert.Equal(t, []string{"def greet(name):"}, op.Scope)
	assert.Equal(t, []string{"    return a"}, op.Old)
	assert.Equal(t, []string{"    return b"}, op.New)
	assert.Equal(t, 2, op.Line, "the record of the call")
}

// TestClineNativeFixture: the fuzz seed of native tool calls is a Cline
// task, read in full.
func TestClineNativeFixture(t *testing.T) {
	data := fixture(t, "cline-native.json")
	assert.Equal(t, Cline, Detect(data, "api_conversation_history.json"))
	rs, ws, err := readAll(t, data, Cline, Options{})
	require.NoError(t, err)
	assert.Empty(t, ws)
	require.Len(t, rs, 1)
	assert.Equal(t, []string{
		"write a.py failed: the user denied this operation",
		"replace a.py g1", "move c.py g1",
		"shell git mv x.py y.py move sub/src/x.py,sub/src/y.py failed: Command failed with exit code 128.",
		`shell rm -f "it's.txt" remove it's.txt`,
	}, describeOps(rs[0].Ops))
}

// A ui_messages.json alone (Cline 3.x panel messages) is read: its
// complete tool messages that change files, a response per message of the
// user.
func TestClineUIMessages(t *testing.T) {
	data := fixture(t, "cline-ui.json")
	require.Equal(t, Cline, Detect(data, "ui_messages.json"))
	require.Equal(t, Cline, Detect(data, "x.json"))
	var got []*Response
	require.NoError(t, Read(bytes.NewReader(data), Cline, Options{}, func(r *Response) error {
		got = append(got, r)
		return nil
	}))
	require.Len(t, got, 2)
	assert.Equal(t, []string{"replace toolcall shop/cart.py", "write toolcall shop/tax.py"}, allOps(got[:1]))
	assert.Equal(t, []string{"replace toolcall shop/cart.py"}, allOps(got[1:]))
	assert.Equal(t, "Rounding to cents, and a tax module.\n\nDone.", got[0].Text)
}
