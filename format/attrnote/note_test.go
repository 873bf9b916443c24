package attrnote

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// Every field survives Encode and Decode, in the order Encode puts files
// and runs in, and the bytes are the ones notes on existing branches hold.
func TestRoundTrip(t *testing.T) {
	for name, tc := range map[string]struct {
		note *Note
		want *Note // Decode(Encode(note)); nil: note itself
		enc  string
	}{
		"no lines": {
			note: &Note{Responses: []Response{}, Files: []File{}},
			want: &Note{Version: 1, Responses: []Response{}, Files: []File{}},
			enc:  "{\n  \"version\": 1,\n  \"responses\": [],\n  \"files\": []\n}\n",
		},
		"nil lists": {
			note: &Note{},
			want: &Note{Version: 1},
			enc:  "{\n  \"version\": 1,\n  \"responses\": null,\n  \"files\": null\n}\n",
		},
		"every field": {
			note: &Note{
				Version: 7, // Encode writes the version it knows
				Commit:  "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
				Responses: []Response{
					{Transcript: "chat.md sha256:00ff", Response: 1, Total: 2, Model: "gpt-5", Agent: "aider"},
					{Commit: "0123456789abcdef0123456789abcdef01234567", Transcript: "s.jsonl sha256:11", Response: 2, Total: 2, Model: "claude", Agent: "claude-code"},
				},
				Files: []File{
					{Path: "src/b.py", Lines: []Lines{{Start: 9, End: 12, Source: 1, Block: 3}, {Start: 1, End: 3, Source: 0, Block: 1}}},
					{Path: "a b/\"q\".py", Lines: []Lines{{Start: 4, End: 4, Source: 0, Block: 2}}},
				},
			},
			want: &Note{
				Version: 1,
				Commit:  "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
				Responses: []Response{
					{Transcript: "chat.md sha256:00ff", Response: 1, Total: 2, Model: "gpt-5", Agent: "aider"},
					{Commit: "0123456789abcdef0123456789abcdef01234567", Transcript: "s.jsonl sha256:11", Response: 2, Total: 2, Model: "claude", Agent: "claude-code"},
				},
				Files: []File{
					{Path: "a b/\"q\".py", Lines: []Lines{{Start: 4, End: 4, Source: 0, Block: 2}}},
					{Path: "src/b.py", Lines: []Lines{{Start: 1, End: 3, Source: 0, Block: 1}, {Start: 9, End: 12, Source: 1, Block: 3}}},
				},
			},
			enc: `{
  "version": 1,
  "commit": "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
  "responses": [
    {
      "transcript": "chat.md sha256:00ff",
      "response": 1,
      "total": 2,
      "model": "gpt-5",
      "agent": "aider"
    },
    {
      "commit": "0123456789abcdef0123456789abcdef01234567",
      "transcript": "s.jsonl sha256:11",
      "response": 2,
      "total": 2,
      "model": "claude",
      "agent": "claude-code"
    }
  ],
  "files": [
    {
      "path": "a b/\"q\".py",
      "lines": [
        {
          "start": 4,
          "end": 4,
          "source": 0,
          "block": 2
        }
      ]
    },
    {
      "path": "src/b.py",
      "lines": [
        {
          "start": 1,
          "end": 3,
          "source": 0,
          "block": 1
        },
        {
          "start": 9,
          "end": 12,
          "source": 1,
          "block": 3
        }
      ]
    }
  ]
}
`,
		},
		"HTML and control characters": {
			note: &Note{Responses: []Response{{Transcript: "<a&b>\u2028\x01 ü", Response: 1, Total: 1}}, Files: []File{{Path: "x", Lines: []Lines{}}}},
			want: &Note{Version: 1, Responses: []Response{{Transcript: "<a&b>\u2028\x01 ü", Response: 1, Total: 1}}, Files: []File{{Path: "x", Lines: []Lines{}}}},
			enc:  "{\n  \"version\": 1,\n  \"responses\": [\n    {\n      \"transcript\": \"<a&b>\\u2028\\u0001 ü\",\n      \"response\": 1,\n      \"total\": 1\n    }\n  ],\n  \"files\": [\n    {\n      \"path\": \"x\",\n      \"lines\": []\n    }\n  ]\n}\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			enc := tc.note.Encode()
			assert.Equal(t, tc.enc, string(enc))
			got, err := Decode(enc)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			all, err := DecodeAll(enc)
			require.NoError(t, err)
			assert.Equal(t, []*Note{tc.want}, all)
		})
	}
}

func TestEncodeFor(t *testing.T) {
	h := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	n := &Note{Commit: "old", Responses: []Response{{Transcript: "t", Response: 1, Total: 1}}}
	got, err := Decode(n.EncodeFor(h))
	require.NoError(t, err)
	assert.Equal(t, h.String(), got.Commit)
}

func TestAt(t *testing.T) {
	n := &Note{
		Responses: []Response{{Transcript: "t", Response: 1, Total: 2}, {Transcript: "t", Response: 2, Total: 2}},
		Files: []File{
			{Path: "a.py", Lines: []Lines{{Start: 1, End: 3, Source: 0, Block: 1}, {Start: 7, End: 7, Source: 1, Block: 4}}},
			{Path: "b.py", Lines: []Lines{{Start: 2, End: 2, Source: 1, Block: 2}}},
		},
	}
	for name, tc := range map[string]struct {
		path     string
		line     int
		response int // 0: not found
		block    int
	}{
		"first line":     {"a.py", 1, 1, 1},
		"last of run":    {"a.py", 3, 1, 1},
		"between runs":   {"a.py", 4, 0, 0},
		"second run":     {"a.py", 7, 2, 4},
		"after":          {"a.py", 8, 0, 0},
		"other file":     {"b.py", 2, 2, 2},
		"unlisted file":  {"c.py", 1, 0, 0},
		"line 0":         {"a.py", 0, 0, 0},
		"path is a name": {"a", 1, 0, 0},
	} {
		t.Run(name, func(t *testing.T) {
			r, block, ok := n.At(tc.path, tc.line)
			if tc.response == 0 {
				assert.False(t, ok)
				assert.Nil(t, r)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tc.response, r.Response)
			assert.Equal(t, tc.block, block)
		})
	}
}

// The notes git joins read as the notes joined: `git notes append` and
// `git notes merge -s union` (what notes.rewriteMode's concatenate does
// too) put two notes of one commit into one blob.
func TestDecodeAllGitJoined(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	one := &Note{Commit: "1111111111111111111111111111111111111111", Responses: []Response{{Transcript: "t.md sha256:00", Response: 1, Total: 2}},
		Files: []File{{Path: "a.txt", Lines: []Lines{{Start: 1, End: 1, Block: 1}}}}}
	two := &Note{Commit: "2222222222222222222222222222222222222222", Responses: []Response{{Transcript: "t.md sha256:00", Response: 2, Total: 2, Model: "m"}},
		Files: []File{{Path: "a.txt", Lines: []Lines{{Start: 1, End: 1, Block: 2}}}}}
	dir := t.TempDir()
	write := func(name string, n *Note) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, n.Encode(), 0o644))
		return p
	}
	onePath, twoPath := write("one", one), write("two", two)
	want := []*Note{{Version: 1, Commit: one.Commit, Responses: one.Responses, Files: one.Files},
		{Version: 1, Commit: two.Commit, Responses: two.Responses, Files: two.Files}}

	r.Git(t, "notes", "--ref=appended", "add", "-F", onePath, "HEAD")
	r.Git(t, "notes", "--ref=appended", "append", "-F", twoPath, "HEAD")

	r.Git(t, "notes", "--ref=ours", "add", "-F", onePath, "HEAD")
	r.Git(t, "notes", "--ref=theirs", "add", "-F", twoPath, "HEAD")
	r.Git(t, "notes", "--ref=ours", "merge", "-q", "-s", "union", "refs/notes/theirs")

	for _, ref := range []string{"appended", "ours"} {
		t.Run(ref, func(t *testing.T) {
			blob := r.Git(t, "notes", "--ref="+ref, "show", "HEAD")
			got, err := DecodeAll([]byte(blob))
			require.NoError(t, err)
			assert.Equal(t, want, got)
			_, err = Decode([]byte(blob))
			require.Error(t, err, "one document only")
		})
	}
}
