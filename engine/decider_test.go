package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// scripted is a Decider that answers from a list, as a user at the
// terminal would, and saves edits from a map.
type scripted struct {
	answers []ask.Answer
	saved   map[string]string // what the "editor" saves, by path
	asked   []string          // "heading: path status"
}

func (s *scripted) Ask(_ context.Context, b ask.Block) (ask.Answer, error) {
	s.asked = append(s.asked, fmt.Sprintf("%s: %s %s", b.Heading, b.Path, b.Status))
	if len(s.answers) == 0 {
		return ask.Quit, fmt.Errorf("asked more than the script says: %s", b.Heading)
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

func (s *scripted) EditText(_ context.Context, name string, text []byte) ([]byte, error) {
	if saved, ok := s.saved[name]; ok {
		return []byte(saved), nil
	}
	return text, nil
}

func (s *scripted) Say(string, ...any) {}

// TestDeciderDecides: with -p, each block that changed the tree is put to
// the Decider, and what it answers is what the commits hold: no terminal.
func TestDeciderDecides(t *testing.T) {
	const documented = "package calc\n\n// Add adds.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n"
	tests := map[string]struct {
		answers  []ask.Answer
		saved    map[string]string
		asked    []string
		code     int
		statuses [][]string // each response's blocks
		calc     string     // calc.go on the branch
		notes    bool       // notes.txt is on the branch
		commits  int
	}{
		"yes, then no": {
			answers: []ask.Answer{ask.Yes, ask.No},
			asked:   []string{"response 1, block 1: calc.go applied", "response 2, block 2: notes.txt applied"},
			code:    exitcode.Partial, statuses: [][]string{{"applied"}, {"failed", "rejected"}, {}},
			calc: documented, commits: 3,
		},
		"edited": {
			answers: []ask.Answer{ask.Edit, ask.Yes},
			saved:   map[string]string{"calc.go": "package calc\n\n// Add adds two ints.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n"},
			asked:   []string{"response 1, block 1: calc.go applied", "response 2, block 2: notes.txt applied"},
			code:    exitcode.Partial, statuses: [][]string{{"edited"}, {"failed", "applied"}, {}},
			calc: "package calc\n\n// Add adds two ints.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n", notes: true, commits: 3,
		},
		"quit at the first": {
			answers: []ask.Answer{ask.Quit},
			asked:   []string{"response 1, block 1: calc.go applied"},
			code:    exitcode.OK, statuses: [][]string{{"rejected"}},
			calc: "package calc\n\nfunc Add(a, b int) int {\n\treturn a + b\n}\n", commits: 1,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			repo, path := sessionRepo(t)
			d := &scripted{answers: tc.answers, saved: tc.saved}
			rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review",
				Patch: true, Decider: d, Observer: Discard})
			assert.Equal(t, tc.code, exitcode.Of(err, -1), "%v", err)
			assert.Equal(t, tc.asked, d.asked)
			assert.Empty(t, d.answers, "every answer was asked for")
			require.NotNil(t, rep)
			var statuses [][]string
			for _, r := range rep.Responses {
				s := []string{}
				for _, b := range r.Blocks {
					s = append(s, b.Status)
				}
				statuses = append(statuses, s)
			}
			assert.Equal(t, tc.statuses, statuses)
			assert.Equal(t, fmt.Sprint(tc.commits), strings.TrimSpace(repo.Git(t, "rev-list", "--count", "main..review")))
			assert.Equal(t, strings.TrimSpace(tc.calc), repo.Git(t, "show", "review:calc.go"))
			_, nerr := gittest.RunErr(repo.Dir, "cat-file", "-e", "review:notes.txt")
			assert.Equal(t, tc.notes, nerr == nil, "notes.txt on the branch")
			repo.Git(t, "fsck", "--strict")
		})
	}
}
