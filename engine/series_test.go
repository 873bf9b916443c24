package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// TestResponseOf: a live commit's trailers give its session beside the
// transcript's name and hash, so that a session applied again is known
// as the series the hook started.
func TestResponseOf(t *testing.T) {
	tests := map[string]struct {
		msg        string
		label, sum string
		want       trailer.Record
		wantOK     bool
	}{
		"apply": {
			msg:   "Fix.\n\nAiedit-Transcript: fix.md sha256:ab\nAiedit-Response: 2/3\n",
			label: "fix.md", sum: "sha256:ab",
			want:   trailer.Record{Transcript: "fix.md sha256:ab", N: 2, Total: 3},
			wantOK: true,
		},
		"live": {
			msg:   "Fix.\n\nAiedit-Transcript: s 1.jsonl sha256:cd\nAiedit-Response: 4/4\nAiedit-Session: claude-code s1\n",
			label: "s 1.jsonl", sum: "sha256:cd",
			want:   trailer.Record{Transcript: "s 1.jsonl sha256:cd", N: 4, Total: 4, Session: trailer.Session{Agent: "claude-code", ID: "s1"}},
			wantOK: true,
		},
		"retry round": {
			msg:   "Fix.\n\nAiedit-Transcript: fix.md sha256:ab\nAiedit-Response: 1/1\nAiedit-Retry-Of: 1 round 2\n",
			label: "fix.md", sum: "sha256:ab",
			want:   trailer.Record{Transcript: "fix.md sha256:ab", N: 1, Total: 1, RetryOf: 1, Round: 2},
			wantOK: true,
		},
		"not ours_error_no_hash": {
			msg: "Fix.\n\nAiedit-Transcript: fix.md\nAiedit-Response: 1/1\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, label, sum, ok := responseOf(tc.msg)
			assert.Equal(t, tc.wantOK, ok)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.label, label)
			assert.Equal(t, tc.sum, sum)
		})
	}
}

// TestTurnCommit: a turn the hook recorded is found whatever number it
// was given, preferring the same number.
func TestTurnCommit(t *testing.T) {
	tests := map[string]struct {
		commits map[int]string
		index   int
		want    string
		wantOK  bool
	}{
		"same number":  {commits: map[int]string{2: "b", 3: "c"}, index: 3, want: "c", wantOK: true},
		"other number": {commits: map[int]string{5: "e", 2: "b"}, index: 3, want: "b", wantOK: true},
		"none":         {commits: nil, index: 1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := turnCommit(tc.commits, tc.index)
			assert.Equal(t, tc.wantOK, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestSeriesTurnKey: reading a whole session file names each record as
// the hook, reading a section of it, does: the hash of the record's line.
func TestSeriesTurnKey(t *testing.T) {
	lines := []string{"{\"a\":1}\n", "{\"b\":2}\n", "{\"c\":3}\n"}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(lines[0]+lines[1]+lines[2]), 0o644))
	sum := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return "sha256:" + hex.EncodeToString(h[:])
	}

	f, err := os.Open(path)
	require.NoError(t, err)
	whole := openSeries(f, sha256.New())
	defer whole.Close()
	_, err = io.ReadAll(whole)
	require.NoError(t, err)

	section, err := openLive(path, &Live{Offset: int64(len(lines[0])), End: int64(len(lines[0]) + len(lines[1]) + len(lines[2]))})
	require.NoError(t, err)
	defer section.Close()
	_, err = io.ReadAll(section)
	require.NoError(t, err)

	assert.Equal(t, sum(lines[1]), whole.turnKey(2, ""))
	assert.Equal(t, whole.turnKey(2, ""), section.turnKey(1, ""))
	assert.Equal(t, whole.turnKey(3, ""), section.turnKey(2, ""))
	assert.Equal(t, sum("id-7"), whole.turnKey(0, "id-7"), "a turn the source names is known by its name")
	assert.Empty(t, whole.turnKey(9, ""))
}

// TestSeriesOf: only a file, named as a session the hook recorded on the
// branch, continues its series.
func TestSeriesOf(t *testing.T) {
	a := &applier{}
	s := trailer.Session{Agent: "claude-code", ID: "s"}
	a.noteSeries("s.jsonl", s)
	a.noteSeries("s.jsonl", trailer.Session{Agent: "claude-code", ID: "older"})
	assert.Equal(t, s, a.seriesOf(&input{label: "s.jsonl", path: "/x/s.jsonl"}), "the newest commit's session")
	assert.Empty(t, a.seriesOf(&input{label: "t.jsonl", path: "/x/t.jsonl"}))
	assert.Empty(t, a.seriesOf(&input{label: "s.jsonl", path: "/x/s.jsonl", live: &Live{}}), "the hook's own run")
}
