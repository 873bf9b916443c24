package prestart

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWanted(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"git-aiedit", "apply", "fix.md"}, true},
		{[]string{"git-aiedit", "apply", "-b", "x", "-"}, true},
		{[]string{"git-aiedit", "apply", "--", "-h"}, true}, // a transcript named -h
		{[]string{"git-aiedit", "apply", "-h"}, false},
		{[]string{"git-aiedit", "apply", "fix.md", "--help"}, false},
		{[]string{"git-aiedit", "apply", "-help"}, false},
		{[]string{"git-aiedit", "log"}, true},
		{[]string{"git-aiedit", "log", "-v", "aiedit/x"}, true},
		{[]string{"git-aiedit", "log", "--help"}, false},
		{[]string{"git-aiedit", "hook", "run", "claude-code"}, true},
		{[]string{"git-aiedit", "hook", "run", "-h"}, false},
		{[]string{"git-aiedit", "hook", "install", "claude-code"}, false},
		{[]string{"git-aiedit", "hook"}, false},
		{[]string{"git-aiedit", "show"}, false},
		{[]string{"git-aiedit", "--help"}, false},
		{[]string{"git-aiedit"}, false},
		{nil, false},
	} {
		assert.Equal(t, tc.want, Wanted(tc.args), "%q", tc.args)
	}
}
