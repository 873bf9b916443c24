//go:build !unix

package gitops

import (
	"os"
	"time"
)

func holdPending(*os.File) {}

// abandoned: without a lock to ask, a pending pack untouched for a day.
func abandoned(_ string, mod time.Time) bool { return time.Since(mod) > 24*time.Hour }
