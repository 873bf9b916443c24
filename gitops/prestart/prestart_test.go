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
		{[]string{"git-aiedit", "log"}, false},
		{[]string{"git-aiedit", "--help"}, false},
		{[]string{"git-aiedit"}, false},
		{nil, false},
	} {
		assert.Equal(t, tc.want, Wanted(tc.args), "%q", tc.args)
	}
}
