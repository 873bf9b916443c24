package fsckrule

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitattributesCases sit on both sides of git's line limit: a line of
// exactly 2048 bytes is already refused (fsck.c compares with >=).
var gitattributesCases = map[string]string{
	"short":           "*.bin binary\n",
	"2047":            strings.Repeat("a", 2047) + "\n",
	"2048":            strings.Repeat("a", 2048) + "\n",
	"2049":            strings.Repeat("a", 2049) + "\n",
	"2048 no eol":     "*.txt text\n" + strings.Repeat("b", 2048),
	"2047 no eol":     "*.txt text\n" + strings.Repeat("b", 2047),
	"2047 and CR":     strings.Repeat("c", 2047) + "\r\n",
	"2046 and CR":     strings.Repeat("c", 2046) + "\r\n",
	"long after NUL":  "*.txt text\n\x00" + strings.Repeat("d", 3000) + "\n",
	"long before NUL": strings.Repeat("d", 3000) + "\x00\n",
	"empty":           "",
	"blank lines":     "\n\n\n",
}

// TestGitattributesAgreeWithGit writes each .gitattributes as a blob at
// .gitattributes and requires git fsck --strict's verdict, message id
// included, to be ours.
func TestGitattributesAgreeWithGit(t *testing.T) {
	r := newFsckRepo(t)
	blobs := map[string]string{}
	for name, c := range gitattributesCases {
		blobs[name] = r.blob(c)
		r.tree("100644 blob", blobs[name], ".gitattributes")
	}
	got := r.complaints()
	for name, c := range gitattributesCases {
		gitSays := got[blobs[name]]
		err := CheckGitattributes([]byte(c))
		require.Equal(t, gitSays != "", err != nil, "%s: git says %q, we say %v", name, gitSays, err)
		if err != nil {
			assert.Contains(t, gitSays, err.(*GitattributesError).ID+":", name)
		}
	}
}

// FuzzCheckGitattributes: a file accepted has no line, before its first
// NUL, of AttrMaxLine bytes or more; one refused for a line names a line
// that long.
func FuzzCheckGitattributes(f *testing.F) {
	for _, c := range gitattributesCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := CheckGitattributes(data)
		text := data
		if i := bytes.IndexByte(text, 0); i >= 0 {
			text = text[:i]
		}
		lines := bytes.Split(text, []byte("\n"))
		if err == nil {
			for _, l := range lines {
				require.Less(t, len(l), AttrMaxLine)
			}
			return
		}
		ge, ok := err.(*GitattributesError)
		require.True(t, ok, "%T", err)
		if ge.ID == "gitattributesLineLength" {
			require.GreaterOrEqual(t, len(lines[ge.Line-1]), AttrMaxLine)
		}
	})
}
