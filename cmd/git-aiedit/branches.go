package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/branches"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func branchesCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "branches",
		Usage: "list the review branches: transcripts, responses, failed blocks, merged or not",
		Description: "Lists the review branches: the local branches git aiedit apply wrote (named\n" +
			"aiedit/..., its default, or whose reflog says apply moved it more recently than\n" +
			"land did) whose newest commits are aiedit commits (a few commits of your own on\n" +
			"top are fine). A branch land or a fast-forward put aiedit commits on is not one.\n" +
			"For each: the number of responses, of blocks that did not apply, whether it is\n" +
			"merged (its tip is in HEAD's history, as for git branch --merged) and the\n" +
			"transcripts it came from. --prune-merged deletes the merged ones, each only if it\n" +
			"has not moved meanwhile, never the current branch nor one checked out in a\n" +
			"worktree; it prints how to bring each back.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "prune-merged", Usage: "delete the review branches already merged into HEAD"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON for scripts"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 0 {
				return usageErrorf("branches takes no arguments, got %d", cmd.NArg())
			}
			return branches.Run(ctx, &branches.Options{
				IO:          iostreams.System(stdin, stdout, stderr),
				PruneMerged: cmd.Bool("prune-merged"),
				JSON:        cmd.Bool("json"),
			})
		},
	}
}
