package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	logcmd "github.com/git-aiedit/git-aiedit/command/log"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func logCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "log",
		Usage:     "list the responses recorded on a branch",
		ArgsUsage: "[BRANCH|RANGE]",
		Description: "Lists the aiedit commits of a branch, newest first: short hash, response n/total,\n" +
			"block counts and subject, read from the commits' trailers (so it works on any\n" +
			"clone and after a rebase). By default it walks the first-parent history from\n" +
			"BRANCH (default: " + defaultBranch + "), passes over commits that are not aiedit\n" +
			"commits, then lists aiedit commits down to the first one that is not: the newest\n" +
			"series, the one apply adds to. A range A..B lists every aiedit commit in it.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "one line per block; failed blocks are marked ✗"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON for scripts"},
			&cli.BoolFlag{Name: "markdown", Usage: "print a pull-request summary in Markdown"},
			&cli.StringFlag{Name: "session", Usage: "the branch of the agent session `ID` recorded live (the id git aiedit sessions lists, the agent's own, or a prefix; see git aiedit hook)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("log takes at most one BRANCH or RANGE, got %d arguments", cmd.NArg())
			}
			return logcmd.Run(ctx, &logcmd.Options{
				IO:       iostreams.System(stdin, stdout, stderr),
				Rev:      cmd.Args().First(),
				Verbose:  cmd.Bool("verbose"),
				JSON:     cmd.Bool("json"),
				Markdown: cmd.Bool("markdown"),
				Session:  cmd.String("session"),
			})
		},
	}
}
