package gitops

import "os"

// signalZero: Windows has no signal 0; FindProcess already opened the
// process, so it exists.
func signalZero(*os.Process) error { return nil }
