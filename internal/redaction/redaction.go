// Package redaction gives the commands that write transcript text into
// history (apply's commit messages, the pull-request summary) one
// redactor configured from the repository: gitleaks' rules, URL
// passwords, and the user's own patterns in git config aiedit.redact
// (docs/privacy.md).
package redaction

import (
	"context"
	"errors"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/redact"
)

// ConfigKey holds the user's own patterns, one regular expression per
// value (git config --add aiedit.redact PATTERN).
const ConfigKey = "aiedit.redact"

// For returns the repository's redactor. A pattern that is not a
// regular expression is a usage error that says how to fix it.
func For(ctx context.Context, repo *gitops.Repo) (*redact.Redactor, error) {
	patterns, err := repo.ConfigAll(ctx, ConfigKey)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	red, err := redact.New(patterns)
	var pe *redact.PatternError
	if errors.As(err, &pe) {
		return nil, exitcode.UsageErrorf("git config %s: %q is not a regular expression (%v); fix it, or remove it with git config --unset %s %q",
			ConfigKey, pe.Pattern, pe.Err, ConfigKey, pe.Pattern)
	}
	return red, err
}
