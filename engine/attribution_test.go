package engine

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// TestNote: the note lists the lines the response's blocks put in its
// commit; a response in which a person edited a block (-p) gets one even
// when no line is left the model's, so that blame does not take the
// person's lines for the model's.
func TestNote(t *testing.T) {
	tests := map[string]struct {
		statuses []editcore.Status
		ranges   map[string][]attribution.Range
		want     []attrnote.File // nil: no note
		noted    bool            // a note, even without files
	}{
		"applied": {
			statuses: []editcore.Status{editcore.Applied},
			ranges:   map[string][]attribution.Range{"app.py": {{Start: 2, End: 2, Block: 1}}},
			want:     []attrnote.File{{Path: "app.py", Lines: []attrnote.Lines{{Start: 2, End: 2, Block: 1}}}},
			noted:    true,
		},
		"edited, every line the person's": {
			statuses: []editcore.Status{editcore.Edited},
			want:     []attrnote.File{},
			noted:    true,
		},
		"edited, some lines left as the model wrote them": {
			statuses: []editcore.Status{editcore.Edited},
			ranges:   map[string][]attribution.Range{"app.py": {{Start: 3, End: 4, Block: 1}}},
			want:     []attrnote.File{{Path: "app.py", Lines: []attrnote.Lines{{Start: 3, End: 4, Block: 1}}}},
			noted:    true,
		},
		"edited beside a rejected block": {
			statuses: []editcore.Status{editcore.Rejected, editcore.Edited},
			ranges:   map[string][]attribution.Range{"app.py": {{Start: 1, End: 1, Block: 1}}},
			want:     []attrnote.File{},
			noted:    true,
		},
		"rejected only": {
			statuses: []editcore.Status{editcore.Rejected},
		},
		"rolled back": {
			statuses: []editcore.Status{editcore.Failed},
			ranges:   map[string][]attribution.Range{"app.py": {{Start: 2, End: 2, Block: 1}}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := &responseState{index: 1, total: 1, in: &input{source: transcript.Markdown}, transcript: "fix.md sha256:00", ranges: attribution.OwnedOf(tc.ranges)}
			for _, st := range tc.statuses {
				r.blocks.add(editcore.Result{Status: st, Path: "app.py"})
			}
			n, err := r.note()
			require.NoError(t, err)
			if !tc.noted {
				assert.Nil(t, n)
				return
			}
			if assert.NotNil(t, n) {
				files := []attrnote.File{}
				require.NoError(t, n.files(func(f attrnote.File) bool {
					f.Lines = slices.Clone(f.Lines) // reused for the next file
					files = append(files, f)
					return true
				}))
				assert.Equal(t, tc.want, files)
				assert.Equal(t, 1, n.head.Responses[0].Response)
			}
		})
	}
}

// TestRollBackUndoesEdited: a response rolled back (a required check, a
// refused message) keeps none of its blocks, edited ones included.
func TestRollBackUndoesEdited(t *testing.T) {
	r := &responseState{}
	for _, st := range []editcore.Status{editcore.Edited, editcore.Applied, editcore.Rejected} {
		r.blocks.add(editcore.Result{Status: st})
	}
	r.rollBack("rolled back")
	var got []editcore.Status
	for _, b := range r.blocks.All() {
		got = append(got, b.Status)
	}
	assert.Equal(t, []editcore.Status{editcore.Failed, editcore.Failed, editcore.Rejected}, got)
}
