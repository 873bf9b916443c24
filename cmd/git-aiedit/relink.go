package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/relink"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func relinkCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "relink",
		Usage:     "write attribution notes for commits a hosting site squashed or rebased from review branches",
		ArgsUsage: "[RANGE]",
		Description: "GitHub's and GitLab's \"Squash and merge\" and \"Rebase and merge\" write new commits\n" +
			"that have no attribution note. relink finds, for each commit of RANGE (default: the\n" +
			"current branch's commits since the oldest review commit) without a note of its own,\n" +
			"the review commits it came from and writes its note: a rebased commit by patch-id\n" +
			"(git patch-id --stable), a squash by its tree change (the same trees as a run of\n" +
			"review commits, or the same patch as a review branch's whole change). Review commits\n" +
			"are those with notes, found on aiedit/* branches, their reflogs, HEAD's reflog and\n" +
			"remote-tracking branches. A note git copied onto a commit (notes.rewriteRef) is\n" +
			"written again for the commit's own lines. Nothing is guessed: a commit that matches\n" +
			"nothing exactly, or several origins, is left alone and, when its message names\n" +
			"git-aiedit responses, reported.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Aliases: []string{"n"}, Usage: "say what would be relinked, write nothing"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("relink takes at most one RANGE, got %d arguments", cmd.NArg())
			}
			return relink.Run(ctx, &relink.Options{
				IO:     iostreams.System(stdin, stdout, stderr),
				Range:  cmd.Args().First(),
				DryRun: cmd.Bool("dry-run"),
			})
		},
	}
}
