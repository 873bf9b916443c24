package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/show"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func showCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show one response: its blocks, why some failed, and its diff",
		ArgsUsage: "[COMMIT]",
		Description: "Shows an aiedit commit (default: the newest response of " + defaultBranch + "):\n" +
			"every block with its status and, for\n" +
			"those that did not apply, the reason; then the commit's diff, with changed words\n" +
			"highlighted on a terminal and as a plain unified diff when piped.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "no-patch", Aliases: []string{"s"}, Usage: "leave out the diff"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("show takes at most one COMMIT, got %d arguments", cmd.NArg())
			}
			return show.Run(ctx, &show.Options{
				IO:      iostreams.System(stdin, stdout, stderr),
				Rev:     cmd.Args().First(),
				NoPatch: cmd.Bool("no-patch"),
			})
		},
	}
}
