package iostreams

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestColorScheme(t *testing.T) {
	tests := map[string]struct {
		tty, noColor bool
		want         string
	}{
		"pipe":              {tty: false, want: "x"},
		"terminal":          {tty: true, want: "\x1b[31mx\x1b[0m"},
		"terminal NO_COLOR": {tty: true, noColor: true, want: "x"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			s, _, _, _ := Test()
			s.SetTTY(tt.tty, tt.tty)
			s.SetNoColor(tt.noColor)
			assert.Equal(t, tt.want, s.ColorScheme().Red("x"))
			assert.Equal(t, tt.want, s.ErrColorScheme().Red("x"))
		})
	}
}

func TestPaintResetsEveryLine(t *testing.T) {
	c := &ColorScheme{enabled: true}
	assert.Equal(t, "\x1b[32ma\x1b[0m\n\x1b[32mb\x1b[0m", c.Green("a\nb"))
	assert.Equal(t, "", c.Green(""))
}

func TestNoColor(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	assert.False(t, NoColor(get))
	env["TERM"] = "dumb"
	assert.True(t, NoColor(get))
	env = map[string]string{"NO_COLOR": "1"}
	assert.True(t, NoColor(get))
}

func TestSystemPipeIsNotTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Skip(err)
	}
	defer r.Close()
	defer w.Close()
	s := System(nil, w, w)
	assert.False(t, s.IsStdoutTTY())
	assert.False(t, s.ColorEnabled())
}
