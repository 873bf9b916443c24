package trailer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestFormatMessage(t *testing.T) {
	tests := map[string]struct {
		subject, body string
		trailers      []Trailer
		want          string
	}{
		"full": {
			subject: "Fix login", body: "Because it broke.\n\nSecond paragraph.\n",
			trailers: []Trailer{{"Aiedit-Response", "1/2"}, {"Aiedit-Block", "1 applied src/app.py"}},
			want:     "Fix login\n\nBecause it broke.\n\nSecond paragraph.\n\nAiedit-Response: 1/2\nAiedit-Block: 1 applied src/app.py\n",
		},
		"no body": {
			subject: "aiedit: response 1 of 1", trailers: []Trailer{{"K", "v"}},
			want: "aiedit: response 1 of 1\n\nK: v\n",
		},
		"blank body": {
			subject: "s", body: " \n\n", trailers: []Trailer{{"K", "v"}},
			want: "s\n\nK: v\n",
		},
		"no trailers": {subject: "s", body: "b", want: "s\n\nb\n"},
		"newlines collapse": {
			subject: "two\nlines", trailers: []Trailer{{"K", "a\n\n  b\r\nc "}},
			want: "two lines\n\nK: a b c\n",
		},
		"bad key characters": {
			subject: "s", trailers: []Trailer{{"Bad Key:x", "v"}, {"", "w"}},
			want: "s\n\nBad-Key-x: v\nTrailer: w\n",
		},
		"patch divider in body": {
			subject: "s", body: "a\n---\nb\n--- x\n----", trailers: []Trailer{{"K", "v"}},
			want: "s\n\na\n ---\nb\n --- x\n----\n\nK: v\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, FormatMessage(tc.subject, tc.body, tc.trailers))
		})
	}
}

func TestParse(t *testing.T) {
	tests := map[string]struct {
		message string
		want    []Trailer
	}{
		"simple":               {"s\n\nbody\n\nA: 1\nB-c: x: y\n", []Trailer{{"A", "1"}, {"B-c", "x: y"}}},
		"continuation":         {"s\n\nA: 1\n  more\nB: 2", []Trailer{{"A", "1 more"}, {"B", "2"}}},
		"subject only":         {"A: 1\n", nil},
		"not trailers":         {"s\n\nA: 1\nplain line\n", nil},
		"crlf":                 {"s\r\n\r\nA: 1\r\n", []Trailer{{"A", "1"}}},
		"trailing blanks":      {"s\n\nA: 1\n\n\n", []Trailer{{"A", "1"}}},
		"empty":                {"", nil},
		"empty subject":        {"\n\nA: 1\n", []Trailer{{"A", "1"}}},
		"space in key":         {"s\n\nA b: 1\n", nil},
		"leading continuation": {"s\n\n x\nA: 1\n", nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, Parse(tc.message))
		})
	}
}

// TestTrailersReadByGit checks that git reads back exactly our trailers.
func TestTrailersReadByGit(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	long := strings.Repeat("long-value ", 500)
	trailers := []Trailer{
		{"Aiedit-Transcript", "chat.md sha256:abc"},
		{"Aiedit-Block", "1 applied src/app.py"},
		{"Aiedit-Block", "2 failed:ambiguous_anchor src/a: b.py"},
		{"Aiedit-Block", "3 applied Zoë/ünïcödé 文件.py"},
		{"Aiedit-Block", "4 skipped:previous_edit_failed " + long},
		{"Aiedit-Shell", "not_run npm install && echo 'a\nb'"},
		{"Aiedit-Summary", "applied=2 already_applied=0 failed=1 skipped=1 not_in_context=0"},
	}
	msg := FormatMessage("Subject: with colon", "Body line\n---\nKey: looks like a trailer\n", trailers)

	parsed := gittest.RunInput(t, gr.Dir, nil, msg, "interpret-trailers", "--parse")
	var want []string
	for _, tr := range Parse(msg) {
		want = append(want, tr.Key+": "+tr.Value)
	}
	require.Len(t, want, len(trailers))
	assert.Equal(t, strings.Join(want, "\n"), parsed)

	c := gittest.RunInput(t, gr.Dir, nil, msg, "commit-tree", "HEAD^{tree}")
	blocks := gr.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Block,valueonly)", c)
	blocks = strings.TrimRight(blocks, "\n") // a newline ends each trailer
	assert.Equal(t, strings.Join([]string{
		"1 applied src/app.py",
		"2 failed:ambiguous_anchor src/a: b.py",
		"3 applied Zoë/ünïcödé 文件.py",
		"4 skipped:previous_edit_failed " + strings.TrimSpace(long),
	}, "\n"), blocks)
}

func FuzzTrailersRoundTrip(f *testing.F) {
	f.Add("subject", "body", "Aiedit-Block", "1 applied a.py", "K", "v")
	f.Add("", "", "", "", "A b", "x\ny")
	f.Add("s\n", "---\n\nA: b\n", "Key:", " : ", "-", "\r\n")
	f.Fuzz(func(t *testing.T, subject, body, k1, v1, k2, v2 string) {
		in := []Trailer{{k1, v1}, {k2, v2}}
		got := Parse(FormatMessage(subject, body, in))
		require.Len(t, got, 2)
		for i, tr := range in {
			assert.Equal(t, trailerKey(tr.Key), got[i].Key)
			assert.Equal(t, oneLine(tr.Value), got[i].Value)
		}
	})
}
