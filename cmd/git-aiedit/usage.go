package main

import (
	"context"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/internal/didyoumean"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Usage errors are one line saying what was wrong and where to look, as
// git's are: never the whole help text.

// unknownCommand is the error for `git aiedit NAME` when no command is
// called NAME, with the nearest command's name when one is close.
func unknownCommand(root *cli.Command, name string) error {
	var names []string
	for _, c := range root.Commands {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	if s := didyoumean.Suggest(name, names); s != "" {
		return exitcode.UsageErrorf("unknown command %q; did you mean %s? (git aiedit help lists the commands)", name, s)
	}
	return exitcode.UsageErrorf("unknown command %q; run 'git aiedit help' to list the commands", name)
}

// setUsageErrors gives every command, and those added later to the tree,
// the one-line usage error of usageError.
func setUsageErrors(c *cli.Command) {
	c.OnUsageError = usageError
	for _, sub := range c.Commands {
		setUsageErrors(sub)
	}
}

// usageError turns urfave/cli's flag errors into one line naming the
// command, the nearest option when one is close, and where the options
// are listed.
func usageError(_ context.Context, cmd *cli.Command, err error, _ bool) error {
	where, help := "", "git aiedit help"
	if cmd.Root() != cmd {
		where = strings.TrimPrefix(cmd.FullName(), cmd.Root().Name+" ") + ": "
		help = "git aiedit " + strings.TrimSuffix(where, ": ") + " --help"
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimLeft(name, "-")
		var names []string
		for _, f := range cmd.VisibleFlags() {
			names = append(names, f.Names()...)
		}
		dashes := func(n string) string {
			if len([]rune(n)) == 1 {
				return "-" + n
			}
			return "--" + n
		}
		if s := didyoumean.Suggest(name, names); s != "" {
			return exitcode.UsageErrorf("%sunknown option %s; did you mean %s? (%s lists the options)", where, dashes(name), dashes(s), help)
		}
		return exitcode.UsageErrorf("%sunknown option %s (%s lists the options)", where, dashes(name), help)
	}
	return exitcode.UsageErrorf("%s%s (%s lists the options)", where, msg, help)
}

// usageErrorf is a usage error (exit 2) for the commands' own checks.
func usageErrorf(format string, args ...any) error { return exitcode.UsageErrorf(format, args...) }

// defaultBranch is, for the help of every command that takes a review
// branch, which one it takes when none is named (reviewbranch.Default;
// docs/workflow.md, "Which branch").
const defaultBranch = "the checked-out branch when it is a review branch, else the newest review\n" +
	"branch made on it, else the newest of all; the command says which it took"
