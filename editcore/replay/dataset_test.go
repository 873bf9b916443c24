package replay

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGrade(t *testing.T) {
	before := map[string][]byte{"a.py": []byte("x = 1\n\ny = 2\n"), "gone.py": []byte("z\n")}
	tests := []struct {
		name        string
		kind        string
		after       map[string][]byte
		got         map[string][]byte
		want        map[string]Verdict
		pass, exact bool
	}{
		{
			name:  "equal, line endings aside",
			kind:  "exact",
			after: map[string][]byte{"a.py": []byte("x = 3\n\ny = 2\n")},
			got:   map[string][]byte{"a.py": []byte("x = 3\r\n\r\ny = 2\r\n")},
			want:  map[string]Verdict{"a.py": Equal, "gone.py": Equal},
			pass:  true, exact: true,
		},
		{
			name:  "trailing spaces pass only when the case is lenient_exact",
			kind:  "lenient_exact",
			after: map[string][]byte{"a.py": []byte("x = 3\n    \ny = 2\n")},
			got:   map[string][]byte{"a.py": []byte("x = 3\n\ny = 2\n")},
			want:  map[string]Verdict{"a.py": Lenient, "gone.py": Equal},
			pass:  true,
		},
		{
			name:  "trailing spaces fail an exact case",
			kind:  "exact",
			after: map[string][]byte{"a.py": []byte("x = 3\n    \ny = 2\n")},
			got:   map[string][]byte{"a.py": []byte("x = 3\n\ny = 2\n")},
			want:  map[string]Verdict{"a.py": Layout, "gone.py": Equal},
		},
		{
			name:  "a dropped blank line fails even lenient_exact",
			kind:  "lenient_exact",
			after: map[string][]byte{"a.py": []byte("x = 3\n\ny = 2\n")},
			got:   map[string][]byte{"a.py": []byte("x = 3\ny = 2\n")},
			want:  map[string]Verdict{"a.py": Layout, "gone.py": Equal},
		},
		{
			name:  "different code, a missing file and an extra one",
			kind:  "lenient_exact",
			after: map[string][]byte{"a.py": []byte("x = 3\n\ny = 2\n"), "gone.py": []byte("z\n")},
			got:   map[string][]byte{"a.py": []byte("x = 4\n\ny = 2\n"), "new.py": []byte("n\n")},
			want:  map[string]Verdict{"a.py": Differs, "gone.py": Missing, "new.py": Extra},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Case{Kind: tt.kind, Before: before, After: tt.after, Changed: []string{"a.py", "gone.py"}}
			v := c.Grade(tt.got)
			assert.Equal(t, tt.want, v)
			pass, exact := Passed(v)
			assert.Equal(t, tt.pass, pass, "pass")
			assert.Equal(t, tt.exact, exact, "exact")
		})
	}
}

func TestLoadRefusesUnknownKind(t *testing.T) {
	dir := t.TempDir()
	writeCase(t, dir, "001", `{"kind": "fuzzy", "changed": []}`)
	_, err := Load(dir)
	assert.ErrorContains(t, err, `case 001: meta.json: unknown kind "fuzzy"`)

	_, err = Load(t.TempDir())
	assert.ErrorIs(t, err, ErrNoData)
}

func writeCase(t *testing.T, dir, name, meta string) {
	t.Helper()
	d := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(d, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(d, "response.md"), []byte("hi\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(d, "meta.json"), []byte(meta), 0o644))
}
