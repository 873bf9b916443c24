//go:build unix

package fastpath

import "unsafe"

// What os and syscall take from the runtime, taken from it here by the
// same names (each is pushed by the runtime with go:linkname), so that
// this package imports neither: see the package comment.

//go:linkname runtimeArgs os.runtime_args
func runtimeArgs() []string

//go:linkname runtimeEnvs syscall.runtime_envs
func runtimeEnvs() []string

//go:linkname runtimeWrite runtime.write
func runtimeWrite(fd uintptr, p unsafe.Pointer, n int32) int32

//go:linkname beforeExit os.runtime_beforeExit
func beforeExit(exitCode int)

//go:linkname runtimeExit syscall.Exit
func runtimeExit(code int)

// arguments is os.Args.
func arguments() []string { return runtimeArgs() }

// getenv is os.Getenv: the first definition of key in the environment.
func getenv(key string) string {
	for _, kv := range runtimeEnvs() {
		if len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key {
			return kv[len(key)+1:]
		}
	}
	return ""
}

// writeStdout writes s to standard output, and reports false when none of
// it could be written (the caller then leaves the answer to main). A
// write that fails after some of s went out is given up.
func writeStdout(s string) bool {
	for wrote := false; len(s) > 0; wrote = true {
		n := runtimeWrite(1, unsafe.Pointer(unsafe.StringData(s)), int32(min(len(s), 1<<30)))
		if n <= 0 {
			return wrote
		}
		s = s[n:]
	}
	return true
}

// exit is os.Exit.
func exit(code int) {
	beforeExit(code)
	runtimeExit(code)
}
