// Package exitcode names the exit statuses (docs/json-report.md) and the typed errors
// that carry them. Commands return errors only; main turns the error into
// the process's exit status in one place (exitStatus in cmd/git-aiedit).
package exitcode

import (
	"errors"
	"fmt"
)

// Exit statuses (docs/json-report.md, "Exit status").
const (
	OK      = 0 // every block applied or was already applied
	Partial = 1 // at least one block failed, was skipped or was not in context
	Usage   = 2 // bad usage or unreadable/undecodable input
	Repo    = 3 // repository problem
	// Interrupted: the user interrupted the run (SIGINT, SIGTERM); what was
	// complete is recorded. 128 + SIGINT, as shells report it.
	Interrupted = 130
)

// Error is an error that decides the exit status.
type Error struct {
	Code int
	Err  error
	// Shown: the command's own output has said all there is to say (a
	// partial apply's report), so main prints no message for it.
	Shown bool
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// ErrPartial is a run that finished, wrote its report and made its
// commits, but where not everything applied (exit 1). Its report already
// says what, so no message is printed for it.
var ErrPartial error = &Error{Code: Partial, Err: errors.New("not every edit applied"), Shown: true}

// UsageErrorf reports bad usage or unreadable input (exit 2).
func UsageErrorf(format string, args ...any) error {
	return &Error{Code: Usage, Err: fmt.Errorf(format, args...)}
}

// Interruptedf reports a run the user interrupted (exit 130).
func Interruptedf(format string, args ...any) error {
	return &Error{Code: Interrupted, Err: fmt.Errorf(format, args...)}
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

// Default gives err the exit status code when it names none.
func Default(code int, err error) error {
	if err == nil || Of(err, -1) != -1 {
		return err
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

// Shown reports whether err's message has already been given to the user
// by the command's own output.
func Shown(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Shown
}
