package editcore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIOErrorType(t *testing.T) {
	wrap := func(err error) error { return &os.PathError{Op: "mkdir", Path: "a.py/b", Err: err} }
	tests := map[string]struct {
		err  error
		want ErrorType
	}{
		"a file where a directory is needed": {wrap(syscall.ENOTDIR), FileExists},
		"a directory where a file is needed": {wrap(syscall.EISDIR), FileExists},
		"exists":                             {fmt.Errorf("create: %w", fs.ErrExist), FileExists},
		"a missing parent":                   {wrap(fs.ErrNotExist), FileNotFound},
		"refused by the tree":                {wrap(fs.ErrPermission), UnsafePath},
		"anything else":                      {errors.New("disk on fire"), WriteFailed},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, ioErrorType(tc.err))
		})
	}
}
