package log

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

func TestLabels(t *testing.T) {
	live := func(n, total int) *history.Response {
		return &history.Response{Record: trailer.Record{N: n, Total: total, Session: trailer.Session{Agent: "claude-code", ID: "a"}}}
	}
	file := func(n, total int) *history.Response {
		return &history.Response{Record: trailer.Record{N: n, Total: total}}
	}
	tests := map[string]struct {
		rs   []*history.Response // oldest first
		want []string
	}{
		"live turns":        {rs: []*history.Response{live(1, 1), live(2, 2), live(4, 4)}, want: []string{"1/4", "2/4", "4/4"}},
		"session rewritten": {rs: []*history.Response{live(1, 1), live(2, 2), live(4, 4), live(2, 2), live(3, 3)}, want: []string{"1/4", "2/4", "4/4", "2/3", "3/3"}},
		"a transcript":      {rs: []*history.Response{file(1, 3), file(2, 3)}, want: []string{"1/3", "2/3"}},
		"a retry round":     {rs: []*history.Response{live(1, 1), {Record: trailer.Record{N: 1, Total: 1, Round: 1, Session: trailer.Session{Agent: "claude-code", ID: "a"}}}, live(2, 2)}, want: []string{"1/2", "1/2 retry 1", "2/2"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			l := labels(tt.rs)
			var got []string
			for _, r := range tt.rs {
				got = append(got, l[r])
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
