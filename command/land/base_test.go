package land

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/gitops"
)

func TestLeaveBase(t *testing.T) {
	snapNew := &gitops.Commit{Hash: plumbing.NewHash("1111111111111111111111111111111111111111"),
		Message: "aiedit: the working tree when claude-code session s started\n\nUncommitted changes.\n\nAiedit-Session: claude-code s\nAiedit-Snapshot: session-start\n"}
	// Recorded before the Aiedit-Snapshot trailer: the first response's
	// Aiedit-Base names it.
	snapOld := &gitops.Commit{Hash: plumbing.NewHash("2222222222222222222222222222222222222222"),
		Message: "aiedit: the working tree when claude-code session s started\n\nAiedit-Session: claude-code s\n"}
	turnOld := &gitops.Commit{Hash: plumbing.NewHash("3333333333333333333333333333333333333333"),
		Message: "Fix it\n\nAiedit-Transcript: s.jsonl sha256:ab\nAiedit-Response: 1/1\nAiedit-Session: claude-code s\n" +
			"Aiedit-Base: 2222222222222222222222222222222222222222 working tree at session start (uncommitted changes on HEAD 444444444444)\n"}
	clean := &gitops.Commit{Hash: plumbing.NewHash("5555555555555555555555555555555555555555"),
		Message: "Fix it\n\nAiedit-Response: 1/1\nAiedit-Base: 6666666666666666666666666666666666666666 HEAD (clean working tree at session start)\n"}
	human := &gitops.Commit{Hash: plumbing.NewHash("7777777777777777777777777777777777777777"), Message: "fix by hand\n"}

	turns, snaps := leaveBase([]*gitops.Commit{snapNew, human})
	assert.Equal(t, []*gitops.Commit{human}, turns)
	assert.Equal(t, []*gitops.Commit{snapNew}, snaps)

	turns, snaps = leaveBase([]*gitops.Commit{snapOld, turnOld})
	assert.Equal(t, []*gitops.Commit{turnOld}, turns)
	assert.Equal(t, []*gitops.Commit{snapOld}, snaps)

	turns, snaps = leaveBase([]*gitops.Commit{clean, human})
	assert.Equal(t, []*gitops.Commit{clean, human}, turns, "a clean start has no snapshot: HEAD is the base")
	assert.Empty(t, snaps)
}
