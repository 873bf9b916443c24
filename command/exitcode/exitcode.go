// Package exitcode names the exit statuses of cli.md and the errors that
// carry them, so that main decides a run's status in one place.
package exitcode

import (
	"errors"
	"fmt"
)

// Exit statuses (cli.md, "Exit status").
const (
	OK       = 0 // every block applied or was already applied
	Partial  = 1 // at least one block failed, was skipped or was not in context
	Usage    = 2 // bad usage or unreadable/undecodable input
	Repo     = 3 // repository problem
	Internal = 4 // a bug: never expected
)

// Error is an error that decides the exit status.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// UsageErrorf reports bad usage or unreadable input (exit 2).
func UsageErrorf(format string, args ...any) error {
	return &Error{Code: Usage, Err: fmt.Errorf(format, args...)}
}

// RepoErrorf reports a repository problem (exit 3).
func RepoErrorf(format string, args ...any) error {
	return &Error{Code: Repo, Err: fmt.Errorf(format, args...)}
}

// WithCode wraps err so that it exits with code.
func WithCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Code: code, Err: err}
}

// Of returns the exit status err asks for; fallback when it names none.
func Of(err error, fallback int) int {
	if err == nil {
		return OK
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return fallback
}
