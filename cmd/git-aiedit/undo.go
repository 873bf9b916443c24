package main

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/undo"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func undoCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "undo",
		Usage:     "remove the newest response commits from a review branch",
		ArgsUsage: "[BRANCH]",
		Metadata:  map[string]any{completeHeads: true},
		Description: "Moves BRANCH (default: " + defaultBranch + ") back to the parent of its newest\n" +
			"commit, which must be an aiedit commit, in one compare-and-swap: if anything moved\n" +
			"the branch meanwhile, nothing changes. With --to COMMIT every commit after COMMIT\n" +
			"is removed, and each must be an aiedit commit. A branch checked out in a worktree\n" +
			"is moved there, its index and files following as with git reset --keep, when that\n" +
			"worktree has no local changes, and refused when it has (commit or stash them\n" +
			"first); either all of it moves or nothing does. For an older response,\n" +
			"git revert works as on any commit. The reflog keeps what was removed.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "keep `COMMIT` and remove every commit after it"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("undo takes at most one BRANCH, got %d arguments", cmd.NArg())
			}
			if cmd.IsSet("to") && strings.TrimSpace(cmd.String("to")) == "" {
				return usageErrorf("undo: --to needs a COMMIT, the last one to keep (git aiedit log BRANCH lists them)")
			}
			return undo.Run(ctx, &undo.Options{
				IO:     iostreams.System(stdin, stdout, stderr),
				Branch: cmd.Args().First(),
				To:     cmd.String("to"),
			})
		},
	}
}
