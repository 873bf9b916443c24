package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/export"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func exportCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the attribution of commits in a standard format",
		ArgsUsage: "--agent-trace|--git-ai REV…",
		Description: "With --agent-trace, writes one Agent Trace record (https://agent-trace.dev,\n" +
			"version 0.1) per commit that REV… names (commits, or ranges such as\n" +
			"main..aiedit/fix), one JSON object per line: the files, the model of each\n" +
			"response as contributor, and the line ranges it wrote with a sha256 of their\n" +
			"text, read from the attribution notes (refs/notes/aiedit). A commit without a\n" +
			"note gets a record with no files.\n\n" +
			"With --git-ai, writes git-ai's authorship logs (Git AI Standard v3.0.0,\n" +
			"authorship/3.0.0) for those commits on refs/notes/ai, so git-ai blame shows them.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "agent-trace", Usage: "Agent Trace records (JSON Lines)"},
			&cli.BoolFlag{Name: "git-ai", Usage: "write git-ai authorship logs (authorship/3.0.0) on refs/notes/ai"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			return export.Run(ctx, &export.Options{
				IO:         iostreams.System(stdin, stdout, stderr),
				Revs:       cmd.Args().Slice(),
				AgentTrace: cmd.Bool("agent-trace"),
				GitAI:      cmd.Bool("git-ai"),
			})
		},
	}
}
