package review

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func editHunk() *Hunk {
	return &Hunk{ID: "3f2a1bc9.1", OldStart: 1, NewStart: 1, Lines: []Line{
		{Op: ' ', Text: "a\n"}, {Op: '-', Text: "b\n"}, {Op: '+', Text: "B\n"}, {Op: ' ', Text: "c\n"},
	}}
}

func TestParseEdit(t *testing.T) {
	tests := map[string]struct {
		saved   string
		want    []string
		wantErr error
	}{
		"unchanged":           {saved: editText(editHunk()), want: []string{"a\n", "B\n", "c\n"}},
		"plus line changed":   {saved: " a\n-b\n+Bee\n c\n", want: []string{"a\n", "Bee\n", "c\n"}},
		"plus line added":     {saved: " a\n-b\n+B\n+B2\n c\n", want: []string{"a\n", "B\n", "B2\n", "c\n"}},
		"minus kept":          {saved: " a\n b\n+B\n c\n", want: []string{"a\n", "b\n", "B\n", "c\n"}},
		"plus dropped":        {saved: "# note\n@@ -1,3 +1,2 @@\n a\n-b\n c\n", want: []string{"a\n", "c\n"}},
		"crlf":                {saved: " a\r\n-b\r\n+B\r\n c\r\n", want: []string{"a\n", "B\n", "c\n"}},
		"error_empty":         {saved: "# all gone\n", wantErr: errEmptyEdit},
		"error_minus_deleted": {saved: " a\n+B\n c\n", wantErr: errEditMismatch},
		"error_context_typo":  {saved: " A\n-b\n+B\n c\n", wantErr: errEditMismatch},
		"error_no_marker":     {saved: " a\n-b\nB\n c\n", wantErr: errEditMismatch},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := parseEdit(editHunk(), tt.saved)
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseEditKeepsMissingNewline(t *testing.T) {
	h := &Hunk{Lines: []Line{{Op: '-', Text: "a"}, {Op: '+', Text: "b"}}}
	got, err := parseEdit(h, editText(h))
	require.NoError(t, err)
	assert.Equal(t, []string{"b"}, got)
}

// FuzzParseEdit: any saved text is read without a panic, and what it
// returns is the new side of the text as written.
func FuzzParseEdit(f *testing.F) {
	f.Add(editText(editHunk()))
	f.Add(" a\n b\n+B\n c\n")
	f.Add("\n\n-\n+\n")
	f.Fuzz(func(t *testing.T, saved string) {
		got, err := parseEdit(editHunk(), saved)
		if err != nil {
			return
		}
		for _, l := range got {
			assert.True(t, strings.HasSuffix(l, "\n"))
		}
	})
}
