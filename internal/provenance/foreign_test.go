package provenance

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// TestNotRewriteOf: what makes a commit a rewrite of the one its copied
// note was written for, as rebase, amend, cherry-pick and squash leave it.
func TestNotRewriteOf(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ada := gitops.Signature{Name: "Ada", Email: "ada@example.com", When: t0}
	at := func(s gitops.Signature, d time.Duration) gitops.Signature { s.When = s.When.Add(d); return s }
	bea := gitops.Signature{Name: "Bea", Email: "bea@example.com", When: t0.Add(time.Hour)}
	orig := &gitops.Commit{Author: ada, Committer: ada, Message: "Fix f\n\nAiedit-Response: 1/1\nAiedit-Response-Digest: sha256:ab12\n"}
	tests := []struct {
		name string
		x    *gitops.Commit
		want string
	}{
		{"rebase", &gitops.Commit{Author: ada, Committer: at(ada, time.Hour), Message: orig.Message}, ""},
		{"rebase_committer_date_is_author_date", &gitops.Commit{Author: ada, Committer: ada, Message: orig.Message}, ""},
		{"amend_reset_author", &gitops.Commit{Author: bea, Committer: bea, Message: orig.Message}, ""},
		{"squash_later_commit", &gitops.Commit{Author: bea, Committer: bea, Message: "first\n\n" + orig.Message}, ""},
		{"error_person_before", &gitops.Commit{Author: at(bea, -90*time.Minute), Committer: at(bea, -90*time.Minute), Message: "fix f\n"}, "committed before it"},
		{"error_person_after", &gitops.Commit{Author: bea, Committer: bea, Message: "fix f\n"}, "neither its author nor its Aiedit-Response-Digest"},
		{"error_same_person_other_date", &gitops.Commit{Author: at(ada, time.Minute), Committer: at(ada, time.Minute), Message: "fix f\n"}, "neither its author nor its Aiedit-Response-Digest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, notRewriteOf(tc.x, orig))
		})
	}
}
