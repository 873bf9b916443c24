//go:build unix

package fastpath

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// getenv, which reads the environment the runtime was given, agrees with
// os.Getenv on this process's own (nothing has set a variable yet): the
// first definition of a name, and no name taken for a longer one.
func TestGetenv(t *testing.T) {
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		assert.Equal(t, os.Getenv(k), getenv(k), k)
		if len(k) > 1 {
			assert.Equal(t, os.Getenv(k[:len(k)-1]), getenv(k[:len(k)-1]), k[:len(k)-1])
		}
	}
	assert.Equal(t, "", getenv("GIT_AIEDIT_NO_SUCH_VARIABLE"))
	assert.Equal(t, os.Args, arguments())
}
