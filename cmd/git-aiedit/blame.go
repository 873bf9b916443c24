package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/blame"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func blameCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "blame",
		Usage:     "git blame with each line's owner: a response's block and model, or a person",
		ArgsUsage: "FILE [REV]",
		Description: "Runs git blame on FILE at REV (default HEAD) and reads, for the commit that last\n" +
			"changed each line, its attribution note (refs/notes/aiedit): the response,\n" +
			"block and model that wrote the line, or \"human\" when a person did (a fix-up\n" +
			"commit, or a line a person changed before land --squash). An aiedit commit that\n" +
			"git rewrote without its note (a rebase or an amend without notes.rewriteRef)\n" +
			"follows the note of the commit it came from: a line changed on the way is the\n" +
			"person's. One whose note is missing (notes not fetched) is \"unknown\", and\n" +
			"standard error names its response and says to fetch the notes.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "one JSON object per line, for scripts"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() < 1 || cmd.NArg() > 2 {
				return usageErrorf("blame takes FILE and at most one REV, got %d arguments", cmd.NArg())
			}
			return blame.Run(ctx, &blame.Options{
				IO:   iostreams.System(stdin, stdout, stderr),
				File: cmd.Args().Get(0),
				Rev:  cmd.Args().Get(1),
				JSON: cmd.Bool("json"),
			})
		},
	}
}
