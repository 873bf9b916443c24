package branches

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Every column starts at the same place on every line, whatever the
// widths of the cells above it ("1 failed" and "all applied").
func TestWriteAligned(t *testing.T) {
	s, _, out, _ := iostreams.Test()
	write(s, []*reviewbranch.Branch{
		{Name: "aiedit/create", Responses: 1, Merged: true, Transcripts: []string{"create.md"}},
		{Name: "aiedit/fix", Responses: 2, Problems: 1, Transcripts: []string{"fix.md"}},
		{Name: "aiedit/x", Responses: 12, Problems: 10, Current: true, Transcripts: []string{"a.md", "b.md"}},
	})
	assert.Equal(t, ""+
		"  aiedit/create  1 response    all applied  merged      create.md\n"+
		"  aiedit/fix     2 responses   1 failed     not merged  fix.md\n"+
		"* aiedit/x       12 responses  10 failed    current     a.md, b.md\n", out.String())
}
