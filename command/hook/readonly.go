package hook

import (
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// writable refuses a settings file its owner made read-only: replacing it
// through a temporary file and a rename would succeed, and silently undo
// that choice. A missing file is created as usual.
func writable(p place) error {
	perm, exists, err := safeopen.CheckIn(p.root, p.rel)
	if err != nil {
		return p.refusal(err)
	}
	if !exists || perm&0o200 != 0 {
		return nil
	}
	return exitcode.UsageErrorf("%s is read-only; nothing was changed: make it writable (chmod u+w %s) for git-aiedit to change it, or add the hooks yourself", p.path, p.path)
}
