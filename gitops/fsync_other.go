//go:build !linux

package gitops

import "os"

// writeout flushes f fully where sync_file_range is missing: more than
// writeout-only asks, never less.
func writeout(f *os.File) error { return f.Sync() }
