package gitops

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBranchNameMatchesGit holds validBranchName equal to
// `git check-ref-format --branch` on names git accepts or refuses for
// each of its rules. Shorthands git expands ("@", "@{-1}") are refused
// here on purpose and left out.
func TestBranchNameMatchesGit(t *testing.T) {
	names := []string{
		"main", "feature/x", "aiedit/fix-math", "a.b", "v1.2.3", "ünïcödé", "x_y-z", "a/b/c/d",
		"", "-x", "HEAD", "a..b", "a/.b", ".a", "a/", "/a", "a//b", "a.", "a.lock", "a.lock/b",
		"b/a.lock", "a b", "a~1", "a^", "a:b", "a?", "a*", "a[b", `a\b`, "a\tb", "a\x7fb", "a\x01",
		"a@b", "@a", "a@", "a/@/b", "a.lock.b", "..", ".", "a/..", "lock", ".lock", "x.lockx",
		"refs/heads/x", "HEAD/x", "x/HEAD", "-", "a-", "a{b}", "a}", "a/b.", "a./b", "@@",
	}
	for _, name := range names {
		err := exec.Command("git", "check-ref-format", "--branch", name).Run()
		assert.Equal(t, err == nil, validBranchName(name), "%q (git: %v)", name, err)
	}
	for _, name := range []string{"@", "@{-1}", "a@{b", "x@{u}"} {
		assert.False(t, validBranchName(name), "%q", name)
	}
}
