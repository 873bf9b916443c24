package hook

import (
	"os"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// writable refuses a settings file its owner made read-only: replacing it
// through a temporary file and a rename would succeed, and silently undo
// that choice. A missing file is created as usual.
func writable(path string) error {
	info, err := os.Stat(linkTarget(path))
	if err != nil || info.Mode().Perm()&0o200 != 0 {
		return nil
	}
	return exitcode.UsageErrorf("%s is read-only; nothing was changed: make it writable (chmod u+w %s) for git-aiedit to change it, or add the hooks yourself", path, path)
}
