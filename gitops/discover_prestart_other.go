//go:build !unix

package gitops

// adoptPrestart: package prestart starts nothing where the system is not
// unix.
func adoptPrestart(string) *discovery { return nil }
