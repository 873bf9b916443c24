package main

import (
	"context"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
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
	if s := suggest(name, names); s != "" {
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
		if s := suggest(name, names); s != "" {
			return exitcode.UsageErrorf("%sunknown option %s; did you mean %s? (%s lists the options)", where, dashes(name), dashes(s), help)
		}
		return exitcode.UsageErrorf("%sunknown option %s (%s lists the options)", where, dashes(name), help)
	}
	return exitcode.UsageErrorf("%s%s (%s lists the options)", where, msg, help)
}

// suggest returns the name closest to typed when it is close enough to be
// a typo (an edit or two, or a prefix), else "".
func suggest(typed string, names []string) string {
	best, bestD := "", 0
	for _, n := range names {
		if len(n) < 2 {
			continue
		}
		d := editDistance(typed, n)
		if strings.HasPrefix(n, typed) && len(typed) >= 2 {
			d = min(d, 1)
		}
		if limit := max(1, min(2, len([]rune(n))/3)); d <= limit && (best == "" || d < bestD) {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Damerau-Levenshtein distance (adjacent swaps count
// once: "aplpy" is one typo away from "apply").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// usageErrorf is a usage error (exit 2) for the commands' own checks.
func usageErrorf(format string, args ...any) error { return exitcode.UsageErrorf(format, args...) }
