package transcript

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// The same change, as the two patch formats agents' tools take.
const (
	v4aPatch = "*** Begin Patch\n*** Update File: src/app.py\n@@ def f():\n-    return 1\n+    return 2\n*** End Patch\n"
	uniDiff  = "--- a/src/app.py\n+++ b/src/app.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n"
)

// outcome is what the patch tests assert of an operation: what it does,
// in which format it was read, where, and why not when it is not applied.
func outcome(op editcore.Op) string {
	s := fmt.Sprintf("%s %s %s", op.Kind, op.Format, op.Path)
	switch {
	case op.Kind == editcore.Malformed:
		s += ": " + op.Problem
	case op.Command != nil && op.Command.Reason != "":
		s += ": " + op.Command.Reason
	}
	if op.RecordedError != "" {
		s += " failed: " + op.RecordedError
	}
	return s
}

// allOps is every operation of a transcript's responses, patches
// included, in order.
func allOps(rs []*Response) []string {
	var out []string
	for _, r := range rs {
		for _, op := range r.Ops {
			out = append(out, outcome(op))
		}
		for _, p := range r.Patches {
			for _, op := range p.Ops {
				out = append(out, outcome(op))
			}
		}
	}
	return out
}

// Why a patch is not read, per kind and forced format.
func notIn(format string) string {
	return fmt.Sprintf("apply_patch input holds no %s patch (--format %s reads every recorded patch as %s; without --format it is read as its tool reads it)", format, format, format)
}

func docNotIn(format string) string {
	return strings.Replace(notIn(format), "apply_patch input", "the here-document", 1)
}

const noV4A = "apply_patch input holds no *** Begin Patch … *** End Patch patch"

// TestReadPatch: a recorded patch text is read in its tool's format, or in
// the forced one, and only in that one: a text holding none of it is
// reported at the call, never read in another format.
func TestReadPatch(t *testing.T) {
	prefix := func(p string) string { return "r/" + p }
	tests := map[string]struct {
		kind   patchKind
		text   string
		format string
		want   []string
	}{
		"apply_patch input":                      {toolPatch, v4aPatch, "", []string{"replace applypatch r/src/app.py"}},
		"apply_patch input, applypatch forced":   {toolPatch, v4aPatch, "applypatch", []string{"replace applypatch r/src/app.py"}},
		"apply_patch input, udiff forced":        {toolPatch, v4aPatch, "udiff", []string{"malformed toolcall : " + notIn("udiff")}},
		"apply_patch input, editblock forced":    {toolPatch, v4aPatch, "editblock", []string{"malformed toolcall : " + notIn("editblock")}},
		"a diff given to apply_patch":            {toolPatch, uniDiff, "", []string{"malformed toolcall : " + noV4A}},
		"a diff given to apply_patch, udiff":     {toolPatch, uniDiff, "udiff", []string{"replace udiff r/src/app.py"}},
		"a diff given to apply_patch, forced ap": {toolPatch, uniDiff, "applypatch", []string{"malformed toolcall : " + noV4A}},
		"prose around the patch is no edit": {toolPatch, "Here it is:\n```sh\nrm -rf build\n```\n" + v4aPatch + "done\n", "",
			[]string{"replace applypatch r/src/app.py"}},
		"an empty input":           {toolPatch, " \n", "", []string{"malformed toolcall : apply_patch without a patch"}},
		"git apply's diff":         {shellDiff, uniDiff, "", []string{"replace udiff r/src/app.py"}},
		"git apply's diff, udiff":  {shellDiff, uniDiff, "udiff", []string{"replace udiff r/src/app.py"}},
		"git apply's diff, forced": {shellDiff, uniDiff, "applypatch", []string{"shell toolcall : " + docNotIn("applypatch")}},
		"git apply of no diff":     {shellDiff, "nothing\n", "", []string{"shell toolcall : the here-document holds no diff this tool reads"}},
		"a patch written from a record's chunks, whatever is forced": {ownPatch, v4aPatch, "udiff",
			[]string{"replace applypatch r/src/app.py"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			ops := readPatch(recordedPatch{kind: tc.kind, text: tc.text, rec: 7, raw: "apply_patch"}, tc.format, prefix)
			var got []string
			for _, op := range ops {
				got = append(got, outcome(op))
				assert.Equal(t, 7, op.Line, "every operation is at the call's record")
				assert.Equal(t, tc.kind == shellDiff, op.Executed, "a command's operations were run")
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// patchRecords writes a session of one tool, as it records it, in which
// the agent passed text to its apply_patch tool and then ran git apply
// with diff in a here-document.
type patchRecords func(t *testing.T, text, diff string) []byte

// codexPatches: a rollout with a custom apply_patch call (gpt-5-codex's)
// and a shell call, each with its output.
func codexPatches(t *testing.T, text, diff string) []byte {
	return cxRollout(t,
		map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": "Returning 2."}}},
		map[string]any{"type": "custom_tool_call", "status": "completed", "call_id": "call_1", "name": "apply_patch", "input": text},
		map[string]any{"type": "custom_tool_call_output", "call_id": "call_1", "output": `{"output":"Success. Updated the following files:\nM src/app.py\n","metadata":{"exit_code":0}}`},
		cxCall("call_2", "shell", map[string]any{"command": []string{"bash", "-lc", "git apply <<'EOF'\n" + diff + "EOF"}, "workdir": "/home/dev/proj"}),
		cxOutput("call_2", `{"output":"","metadata":{"exit_code":0}}`),
	)
}

// clinePatches: a Cline task whose model called apply_patch and
// execute_command natively, each answered by its result.
func clinePatches(t *testing.T, text, diff string) []byte {
	in, err := json.Marshal(map[string]string{"input": text})
	require.NoError(t, err)
	cmd, err := json.Marshal(map[string]any{"command": "git apply <<'EOF'\n" + diff + "EOF", "requires_approval": false})
	require.NoError(t, err)
	return clineTask(
		nativeCall("toolu_1", "apply_patch", string(in)),
		nativeResult("toolu_1", "[apply_patch] Result:\nSuccessfully applied patch to the following files:\n\nsrc/app.py"),
		nativeCall("toolu_2", "execute_command", string(cmd)),
		nativeResult("toolu_2", "[execute_command for 'git apply'] Result:\nCommand executed successfully (exit code 0)."),
	)
}

// openHandsPatches: OpenHands V1 (software-agent-sdk) events, one a line:
// the user's message, an ApplyPatchAction and a TerminalAction, each with
// its observation.
func openHandsPatches(t *testing.T, text, diff string) []byte {
	events := []map[string]any{
		{"kind": "MessageEvent", "id": "e1", "timestamp": "2026-03-01T09:00:01.000001", "source": "user",
			"llm_message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "Return 2."}}}},
		{"kind": "ActionEvent", "id": "e2", "timestamp": "2026-03-01T09:00:02.000001", "source": "agent",
			"thought": []any{map[string]any{"type": "text", "text": "Returning 2."}},
			"action":  map[string]any{"kind": "ApplyPatchAction", "patch": text}, "tool_name": "apply_patch", "tool_call_id": "call_1"},
		{"kind": "ObservationEvent", "id": "e3", "timestamp": "2026-03-01T09:00:03.000001", "source": "environment",
			"tool_name": "apply_patch", "tool_call_id": "call_1", "action_id": "e2",
			"observation": map[string]any{"kind": "ApplyPatchObservation", "content": []any{map[string]any{"type": "text", "text": "Done!"}}, "is_error": false}},
		{"kind": "ActionEvent", "id": "e4", "timestamp": "2026-03-01T09:00:04.000001", "source": "agent", "thought": []any{},
			"action": map[string]any{"kind": "TerminalAction", "command": "git apply <<'EOF'\n" + diff + "EOF", "is_input": false}, "tool_name": "terminal", "tool_call_id": "call_2"},
		{"kind": "ObservationEvent", "id": "e5", "timestamp": "2026-03-01T09:00:05.000001", "source": "environment",
			"tool_name": "terminal", "tool_call_id": "call_2", "action_id": "e4",
			"observation": map[string]any{"kind": "TerminalObservation", "exit_code": 0, "content": []any{map[string]any{"type": "text", "text": ""}}, "is_error": false}},
	}
	var b strings.Builder
	for _, ev := range events {
		j, err := json.Marshal(ev)
		require.NoError(t, err)
		b.Write(j)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// openCodePatches: an OpenCode export (opencode export) whose assistant
// message called apply_patch and bash, both completed.
func openCodePatches(t *testing.T, text, diff string) []byte {
	tool := func(id, name string, input map[string]any) map[string]any {
		return map[string]any{"id": "prt_" + id, "type": "tool", "callID": "toolu_" + id, "tool": name,
			"state": map[string]any{"status": "completed", "input": input, "output": ""}}
	}
	session := map[string]any{
		"info": map[string]any{"id": "ses_1", "version": "1.0.85", "directory": "/home/dev/proj", "title": "Return 2",
			"time": map[string]any{"created": 1763715600000, "updated": 1763716200000}},
		"messages": []any{
			map[string]any{"info": map[string]any{"id": "msg_1", "sessionID": "ses_1", "role": "user", "time": map[string]any{"created": 1763715600000}},
				"parts": []any{map[string]any{"id": "prt_0", "type": "text", "text": "Return 2."}}},
			map[string]any{"info": map[string]any{"id": "msg_2", "sessionID": "ses_1", "role": "assistant", "time": map[string]any{"created": 1763715605000},
				"modelID": "gpt-5", "path": map[string]any{"cwd": "/home/dev/proj", "root": "/home/dev/proj"}},
				"parts": []any{
					map[string]any{"id": "prt_t", "type": "text", "text": "Returning 2."},
					tool("1", "apply_patch", map[string]any{"patchText": text}),
					tool("2", "bash", map[string]any{"command": "git apply <<'EOF'\n" + diff + "EOF", "description": "Apply the diff"}),
				}},
		},
	}
	j, err := json.MarshalIndent(session, "", "  ")
	require.NoError(t, err)
	return j
}

// TestRecordedPatchFormat: --format means one thing for every source's
// recorded patches. The same apply_patch input and git apply diff, in a
// Codex rollout, a Cline task and an OpenHands event stream, give the same
// operations: each read in its tool's format without --format, in the
// forced one with it, and reported where they hold none of it. (OpenCode
// records them so too.)
func TestRecordedPatchFormat(t *testing.T) {
	sources := map[string]struct {
		src     Source
		records patchRecords
	}{
		"codex":     {Codex, codexPatches},
		"cline":     {Cline, clinePatches},
		"openhands": {OpenHands, openHandsPatches},
		"opencode":  {OpenCode, openCodePatches},
	}
	// Each: the apply_patch operations, then git apply's.
	tests := map[string]struct {
		text, diff, format string
		want               []string
	}{
		"V4A patch and diff, no --format": {v4aPatch, uniDiff, "",
			[]string{"replace applypatch src/app.py", "replace udiff src/app.py"}},
		"V4A patch and diff, --format applypatch": {v4aPatch, uniDiff, "applypatch",
			[]string{"replace applypatch src/app.py", "shell toolcall : " + docNotIn("applypatch")}},
		"V4A patch and diff, --format udiff": {v4aPatch, uniDiff, "udiff",
			[]string{"malformed toolcall : " + notIn("udiff"), "replace udiff src/app.py"}},
		"a diff given to apply_patch, no --format": {uniDiff, uniDiff, "",
			[]string{"malformed toolcall : " + noV4A, "replace udiff src/app.py"}},
		"a diff given to apply_patch, --format udiff": {uniDiff, uniDiff, "udiff",
			[]string{"replace udiff src/app.py", "replace udiff src/app.py"}},
		"a diff given to apply_patch, --format applypatch": {uniDiff, uniDiff, "applypatch",
			[]string{"malformed toolcall : " + noV4A, "shell toolcall : " + docNotIn("applypatch")}},
		"--format editblock reads neither": {v4aPatch, uniDiff, "editblock",
			[]string{"malformed toolcall : " + notIn("editblock"), "shell toolcall : " + docNotIn("editblock")}},
	}
	for name, tc := range tests {
		for sname, s := range sources {
			t.Run(name+"/"+sname, func(t *testing.T) {
				data := s.records(t, tc.text, tc.diff)
				require.Equal(t, s.src, Detect(data, "session"), "the records are the tool's")
				rs, ws, err := readAll(t, data, s.src, Options{Root: "/home/dev/proj", Format: tc.format})
				require.NoError(t, err)
				assert.Empty(t, ws)
				require.Len(t, rs, 1)
				assert.Equal(t, tc.want, allOps(rs))
				if s.src == OpenHands && !strings.HasPrefix(tc.want[0], "malformed") {
					// A patch that was read quotes its file, in any format.
					assert.Contains(t, rs[0].Context, "src/app.py")
				}
			})
		}
	}
}

// A failed apply_patch call's operations carry its recorded error, read in
// whatever format: a patch that did not apply then is not applied now.
func TestRecordedPatchFailedCall(t *testing.T) {
	data := cxRollout(t,
		map[string]any{"type": "custom_tool_call", "call_id": "c1", "name": "apply_patch", "input": uniDiff},
		map[string]any{"type": "custom_tool_call_output", "call_id": "c1", "output": `{"output":"apply_patch verification failed: invalid patch","metadata":{"exit_code":1}}`},
	)
	for _, format := range []string{"", "udiff"} {
		rs, _, err := readAll(t, data, Codex, Options{Root: "/home/dev/proj", Format: format})
		require.NoError(t, err)
		got := allOps(rs)
		require.Len(t, got, 1, format)
		assert.Contains(t, got[0], " failed: apply_patch verification failed", format)
	}
}

// FuzzReadPatch: whatever the text, kind and forced format, readPatch
// never panics; every operation is at the call, of the format the text was
// read in (or the one report that it holds none), on resolved paths; and
// forcing the tool's own format reads as no --format does.
func FuzzReadPatch(f *testing.F) {
	for _, s := range []string{v4aPatch, uniDiff, "", "x", "apply_patch <<'EOF'\n" + v4aPatch + "EOF\n",
		"*** Begin Patch\n*** Update File: a\n@@\n-x\n", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- /dev/null\n+++ b/y\n@@ -0,0 +1 @@\n+c\n"} {
		for k := range 3 {
			f.Add(s, uint8(k), uint8(0))
			f.Add(s, uint8(k), uint8(3))
		}
	}
	formats := append([]string{""}, parse.Names()...)
	f.Fuzz(func(t *testing.T, text string, kind, forced uint8) {
		k := patchKind(kind % 3)
		format := formats[int(forced)%len(formats)]
		resolve := func(p string) string { return "r/" + p }
		p := recordedPatch{kind: k, text: text, rec: 5, raw: "apply_patch"}
		ops := readPatch(p, format, resolve)
		require.NotEmpty(t, ops, "a patch is read or reported")
		read := format
		if read == "" || k == ownPatch {
			read = k.native()
		}
		for _, op := range ops {
			require.Equal(t, 5, op.Line)
			if op.Format == ToolCallFormat {
				require.Len(t, ops, 1, "the report that nothing was read stands alone")
				continue
			}
			require.Equal(t, read, op.Format)
			for _, path := range []string{op.Path, op.From} {
				require.True(t, path == "" || strings.HasPrefix(path, "r/"), "path %q is resolved", path)
			}
		}
		if format == "" {
			require.Equal(t, ops, readPatch(p, k.native(), resolve), "the tool's own format, forced, reads the same")
		}
	})
}
