package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/retryprompt"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func retryPromptCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "retry-prompt",
		Usage:     "print the text to send back to the model for the blocks that did not apply",
		ArgsUsage: "[COMMIT|BRANCH]",
		Description: "Writes, for every failed, skipped or not-in-context block, what went wrong and\n" +
			"the current content of the file (with line numbers; files the model had not seen\n" +
			"in full are quoted verbatim). A BRANCH (default: " + defaultBranch + "; a remote-tracking\n" +
			"one such as origin/aiedit/fix too) covers its newest series of aiedit commits and\n" +
			"quotes files as they are at its tip; a COMMIT covers that response alone. It is\n" +
			"the same text as retry_prompt in apply --json.",
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 1 {
				return usageErrorf("retry-prompt takes at most one COMMIT or BRANCH, got %d arguments", cmd.NArg())
			}
			return retryprompt.Run(ctx, &retryprompt.Options{
				IO:  iostreams.System(stdin, stdout, stderr),
				Rev: cmd.Args().First(),
			})
		},
	}
}
