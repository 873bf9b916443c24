//go:build !unix

package fastpath

import "os"

// Where Go has no unix system interface (Windows), this package takes
// what it needs from os, and is initialized after it.

func arguments() []string { return os.Args }

func getenv(key string) string { return os.Getenv(key) }

func writeStdout(s string) bool {
	n, _ := os.Stdout.WriteString(s)
	return n > 0 || s == ""
}

func exit(code int) { os.Exit(code) }
