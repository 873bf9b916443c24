package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// hostilePaths are paths a tree may not hold under git fsck --strict (or
// that git would not check out): .git and the configuration files git
// reads, in the spellings HFS+, NTFS and invalid UTF-8 allow.
var hostilePaths = []string{
	".gitmodules/x", ".GITMODULES/x", "gitmod~1/x", "GITMOD~4/x", ".gitmodules./x", ".gitmodules .. /x",
	"GI7EBA~1/x", "gi7eb~12/x", "~1000000/x", ".git\u200cmodules/x", "sub/.gitmodules/x", "a/b/GI7EBA~3/c",
	".gitattributes/x", "gitatt~1/x", "GI7D29~1/x", ".GitAttributes./x", "sub/.gitattributes/y",
	".git/config", ".GIT./x", "git~1/x", ".git\u200d/x", "\ufeff.git/x", ".git::$INDEX_ALLOCATION/x",
}

// hostileRawPaths can only be written in a text transcript: JSON cannot
// carry invalid UTF-8.
var hostileRawPaths = []string{".git\xc0\xaf/config", ".git\xff/x", "a/.GIT\xed\xa0\x80/hooks/x"}

// hostileGitmodules are .gitmodules contents git fsck --strict rejects.
var hostileGitmodules = map[string]string{
	"url continued":  "[submodule \"lib\"]\n\tpath = lib\n\turl = \\\n--upload-pack=touch${IFS}/tmp/pwned\n",
	"url option":     "[submodule \"lib\"]\n\tpath = lib\n\turl = --upload-pack=x\n",
	"url quoted":     "[submodule \"lib\"]\n\turl = \"-u\"./x\n",
	"url newline":    "[submodule \"lib\"]\n\turl = \"./x\\nhost=evil\"\n",
	"update command": "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n\tupdate = !sh -c 'touch /tmp/pwned'\n",
	"update split":   "[submodule \"lib\"]\n\tupdate = \\\n!sh\n",
	"name escapes":   "[submodule \"../../.git/hooks\"]\n\turl = ./x\n",
	"path option":    "[SubModule.lib]\n\tPATH = -x\n",
}

// hostileGitattributes are .gitattributes contents git fsck --strict
// rejects: a line of 2048 bytes is already too long (fsck.c's >=).
var hostileGitattributes = []string{strings.Repeat("a", 2048) + "\n", "*.txt text\n" + strings.Repeat("b", 2048) + "\n"}

type reportBlock struct {
	File      string `json:"file"`
	Status    string `json:"status"`
	ErrorType string `json:"error_type"`
	Message   string `json:"message"`
}

type report struct {
	Responses []struct {
		Blocks []reportBlock `json:"blocks"`
	} `json:"responses"`
}

func editblock(p, content string) string {
	return fmt.Sprintf("%s\n««« EDIT\n═══════ REPL\n%s»»» EDIT END\n\n", p, content)
}

func udiff(p, content string) string {
	lines := strings.SplitAfter(strings.TrimSuffix(content, "\n"), "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "```diff\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n", p, len(lines))
	for _, l := range lines {
		b.WriteString("+" + strings.TrimSuffix(l, "\n") + "\n")
	}
	b.WriteString("```\n\n")
	return b.String()
}

// claudeWrite is a Claude Code session in which the agent writes each file
// with its Write tool, one response per file.
func claudeWrite(files [][2]string) string {
	var b strings.Builder
	line := func(v map[string]any) {
		j, _ := json.Marshal(v)
		b.Write(j)
		b.WriteByte('\n')
	}
	base := map[string]any{"isSidechain": false, "userType": "external", "cwd": "/home/u/w", "sessionId": "5f0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804", "version": "2.0.14"}
	with := func(extra map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	parent := any(nil)
	for i, f := range files {
		u, a, r := fmt.Sprintf("u%d", i), fmt.Sprintf("a%d", i), fmt.Sprintf("r%d", i)
		line(with(map[string]any{"parentUuid": parent, "type": "user", "uuid": u, "timestamp": "2025-10-06T14:00:07.259Z",
			"message": map[string]any{"role": "user", "content": "Write " + f[0]}}))
		line(with(map[string]any{"parentUuid": u, "type": "assistant", "uuid": a, "timestamp": "2025-10-06T14:00:09.259Z",
			"message": map[string]any{"id": "msg_" + a, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
				"content": []any{map[string]any{"type": "tool_use", "id": "toolu_" + a, "name": "Write",
					"input": map[string]any{"file_path": "/home/u/w/" + f[0], "content": f[1]}}}}}))
		line(with(map[string]any{"parentUuid": a, "type": "user", "uuid": r, "timestamp": "2025-10-06T14:00:10.259Z",
			"message": map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": "toolu_" + a, "type": "tool_result",
				"content": "File created successfully at: /home/u/w/" + f[0]}}}}))
		parent = r
	}
	return b.String()
}

// TestHostileTreesPassFsck applies every hostile path and .gitmodules
// through the whole apply path, in three formats (SEARCH/REPLACE, a
// unified diff, a Claude Code Write tool call), beside one good file. Each
// hostile block must be refused as unsafe_path, the good one applied, and
// the branch must pass git fsck --strict. Lines the markdown reader does
// not take for a path are refused as malformed blocks, also a refusal.
func TestHostileTreesPassFsck(t *testing.T) {
	type hostile struct{ path, content string }
	var cases []hostile
	for _, p := range append(append([]string{}, hostilePaths...), hostileRawPaths...) {
		cases = append(cases, hostile{p, "x\n"})
	}
	for name, content := range hostileGitmodules {
		cases = append(cases, hostile{".gitmodules", content})
		if name == "url continued" || name == "update command" {
			cases = append(cases, hostile{"sub/.gitmodules", content}, hostile{"GITMOD~1", content}, hostile{".gitmodules.", content})
		}
	}
	for _, content := range hostileGitattributes {
		cases = append(cases, hostile{".gitattributes", content}, hostile{"sub/.gitattributes", content})
	}
	formats := map[string]func([]hostile) (string, string){
		"editblock": func(hs []hostile) (string, string) {
			var b strings.Builder
			b.WriteString("Here are the files.\n\n")
			for _, h := range hs {
				b.WriteString(editblock(h.path, h.content))
			}
			b.WriteString(editblock("ok.txt", "fine\n"))
			return "evil.md", b.String()
		},
		"udiff": func(hs []hostile) (string, string) {
			var b strings.Builder
			b.WriteString("Here is the patch.\n\n")
			for _, h := range hs {
				b.WriteString(udiff(h.path, h.content))
			}
			b.WriteString(udiff("ok.txt", "fine\n"))
			return "evil.md", b.String()
		},
		"claude-code": func(hs []hostile) (string, string) {
			var files [][2]string
			for _, h := range hs {
				if !utf8.ValidString(h.path) {
					continue // not representable in JSON
				}
				files = append(files, [2]string{h.path, h.content})
			}
			return "evil.jsonl", claudeWrite(append(files, [2]string{"ok.txt", "fine\n"}))
		},
	}
	for format, build := range formats {
		// One transcript per hostile item, so that an earlier refusal
		// cannot hide a later one (a file written once stays).
		for i, h := range cases {
			if format == "claude-code" && !utf8.ValidString(h.path) {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d/%q", format, i, h.path), func(t *testing.T) {
				name, text := build([]hostile{h})
				rep, repo := applyJSON(t, name, text)
				var seen, ok bool
				for _, r := range rep.Responses {
					for _, b := range r.Blocks {
						if b.File == "ok.txt" {
							ok = b.Status == "applied"
							continue
						}
						seen = true
						assert.NotEqual(t, "applied", b.Status, "%s: %+v", h.path, b)
						// A line the markdown reader does not take for a
						// path ("GITMOD~1") is a malformed block: nothing
						// is written either.
						assert.Contains(t, []string{"unsafe_path", "malformed_block"}, b.ErrorType, "%s: %+v", h.path, b)
					}
				}
				assert.True(t, seen, "the hostile block was not read: %+v", rep)
				assert.True(t, ok, "ok.txt was not applied: %+v", rep)
				out, err := gittest.RunErr(repo.Dir, "fsck", "--strict", "--no-dangling", "--no-progress")
				assert.NoError(t, err, out)
				assert.Empty(t, strings.TrimSpace(out))
			})
		}
	}
}

// applyJSON applies one transcript to a fresh repository with --json.
func applyJSON(t *testing.T, name, text string) (report, *gittest.Repo) {
	t.Helper()
	repo := gittest.New(t, map[string]string{"README": "x\n"})
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	var out, errOut bytes.Buffer
	// The Claude Code session's folder is named as the repository's, so
	// that its paths reach the tree's rules rather than stay outside.
	err := runErr(context.Background(), &Options{
		Dir: repo.Dir, Transcripts: []string{p}, JSON: true, Quiet: true, Workdir: "/home/u/w",
		IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
	})
	_ = err // exit 1 for refused blocks is expected
	var rep report
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep), "stdout: %s\nstderr: %s", out.String(), errOut.String())
	return rep, repo
}
