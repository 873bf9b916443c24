package searchreplace

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func FuzzClassifyShortcut(f *testing.F) {
	for _, s := range []string{"<<<<<<< SEARCH", " \t=======", ">>>>>>> REPLACE", "\u00a0<<<<<<< SEARCH", "text", "", "\v\f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		assert.Equal(t, classifyTrimmed(line), classify(line), "%q", line)
	})
}
