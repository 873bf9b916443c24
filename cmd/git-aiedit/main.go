// Command git-aiedit records AI code edits as reviewable git commits.
// git runs it as `git aiedit …`. This file only wires flags to the
// command packages and decides the exit status.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/prestart"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/gcpolicy"
)

func main() {
	if prestart.Wanted(os.Args) {
		// git finds the repository while the arguments are read: first
		// of all, as its answer is what the run waits for first. Where
		// the system allows, it started during initialization (package
		// prestart), and this takes it over.
		gitops.StartDiscovery(".")
	}
	gcpolicy.Defer()
	status := Main(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)
	gitops.EndDiscovery() // no git started early outlives the command
	os.Exit(status)
}

// Main runs the program and returns its exit status (docs/json-report.md).
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := newApp(stdin, stdout, stderr).Run(ctx, normalizeArgs(args))
	return exitStatus(err, stderr)
}

// exitStatus is the one place that decides the exit status: from the
// typed error a command returned (exitcode.Error), printing its message
// unless the command's own output already said it. An error that names
// no status is a repository problem when it comes from git, else bad
// usage (urfave/cli's own errors).
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return exitcode.OK
	}
	if !exitcode.Shown(err) {
		fmt.Fprintf(stderr, "git-aiedit: %v\n", err)
	}
	var repoErr *gitops.RepoError
	if errors.As(err, &repoErr) {
		return exitcode.Of(err, exitcode.Repo)
	}
	return exitcode.Of(err, exitcode.Usage)
}

// normalizeArgs gives --fuzzy its optional value: `--fuzzy` alone means
// the default threshold (docs/apply.md: --fuzzy[=T]).
func normalizeArgs(args []string) []string {
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if a == "--fuzzy" {
			out[i] = "--fuzzy=0.9"
		}
	}
	return out
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	app := &cli.Command{
		Name:      "git-aiedit",
		Version:   versionHead(), // --version prints versionLine (VersionPrinter)
		Usage:     "apply AI code edits as reviewable git commits",
		UsageText: "git aiedit <command> [options]",
		Description: "git-aiedit reads what an AI model answered, applies every edit it proposed\n" +
			"to an isolated copy of the repository's tree, and records each response as\n" +
			"one commit on a review branch. Your working tree, index and HEAD are never touched.",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are reported once, by Main.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		// Without a known command: the overview, or a clear usage error.
		Action: func(_ context.Context, cmd *cli.Command) error {
			if cmd.Args().Present() {
				return unknownCommand(cmd, cmd.Args().First())
			}
			return cli.ShowRootCommandHelp(cmd)
		},
		EnableShellCompletion:           true,
		ConfigureShellCompletionCommand: configureCompletion,
		Commands: []*cli.Command{
			applyCommand(stdin, stdout, stderr),
			logCommand(stdin, stdout, stderr),
			showCommand(stdin, stdout, stderr),
			sessionsCommand(stdin, stdout, stderr),
			retryPromptCommand(stdin, stdout, stderr),
			undoCommand(stdin, stdout, stderr),
			reviewCommand(stdin, stdout, stderr),
			blameCommand(stdin, stdout, stderr),
			notesCommand(stdin, stdout, stderr),
			relinkCommand(stdin, stdout, stderr),
			landCommand(stdin, stdout, stderr),
			exportCommand(stdin, stdout, stderr),
			branchesCommand(stdin, stdout, stderr),
			hookCommand(stdin, stdout, stderr),
			checksCommand(stdin, stdout, stderr),
			manCommand(stdout, stderr),
			versionCommand(stdout),
			helpCommand(stdout),
		},
	}
	setUsageErrors(app)
	return app
}
