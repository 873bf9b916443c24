package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/land"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func landCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "land",
		Usage:     "bring a review branch onto its target, keeping who wrote each line",
		ArgsUsage: "[BRANCH]",
		Description: "Lands BRANCH (a remote-tracking one such as origin/aiedit/fix too) on the\n" +
			"local branch named by --onto (default: the current branch, when BRANCH is another\n" +
			"one). Without BRANCH: on a review branch, that branch; on any other branch, the\n" +
			"newest review branch made on it, after saying which.\n\n" +
			"--rebase (the default) replays BRANCH's commits on the target, each keeping its\n" +
			"author and message, and carries each attribution note to its copy (as git's\n" +
			"notes.rewriteRef does, with line numbers moved to the new files). When the target\n" +
			"has not moved since BRANCH left it, the commits themselves land.\n\n" +
			"--squash makes one commit listing the responses (Aiedit-Squashed trailer) whose\n" +
			"note composes theirs: a line a later response rewrote is the later one's, a line\n" +
			"a person changed in a fix-up commit is human.\n\n" +
			"The target moves in one compare-and-swap; a target checked out in a worktree is\n" +
			"moved there, its index and files following as with git reset --keep; either all\n" +
			"of it moves or nothing does. A local change that is what landing brings (the\n" +
			"agent's edit after a live session) is committed and left clean; other local\n" +
			"changes to files landing does not touch stay as they are; a different local\n" +
			"change to a file landing changes is refused, named. A commit that conflicts with\n" +
			"the target changes nothing (exit 1).\n\n" +
			"A branch the hook recorded starts with a snapshot of the working tree as the\n" +
			"session began (your uncommitted work, scratch files, the agent's settings). land\n" +
			"lands the agent's turns only, replayed without it, and says what it left out;\n" +
			"--with-base lands the snapshot too.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "squash", Usage: "land as one commit"},
			&cli.BoolFlag{Name: "rebase", Usage: "replay every commit (the default)"},
			&cli.StringFlag{Name: "onto", Usage: "the `BRANCH` to land on"},
			&cli.BoolFlag{Name: "with-base", Usage: "also land the working tree the agent's session began with (a hook-recorded branch's first commit)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("land takes at most one BRANCH, got %d arguments", cmd.NArg())
			}
			return land.Run(ctx, &land.Options{
				IO:     iostreams.System(stdin, stdout, stderr),
				Branch: cmd.Args().First(),
				Onto:   cmd.String("onto"),
				Squash: cmd.Bool("squash"),
				Rebase: cmd.Bool("rebase"),

				WithBase: cmd.Bool("with-base"),
			})
		},
	}
}
