package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/sessions"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func sessionsCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "sessions",
		Usage: "list the sessions agents recorded for this repository",
		Description: "Lists, newest first, the sessions recorded for this repository on this machine:\n" +
			"Claude Code ($CLAUDE_CONFIG_DIR or ~/.claude/projects), Codex ($CODEX_HOME or\n" +
			"~/.codex/sessions, by the working directory each rollout records), aider\n" +
			"(.aider.chat.history.md) and Cline / Roo Code (VS Code global storage), with\n" +
			"their date, model, number of responses and whether they are applied already.\n" +
			"Apply one with 'git aiedit apply --session ID' (or --session latest).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the list as JSON on standard output"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.NArg() > 0 {
				return usageErrorf("sessions takes no arguments, got %d", cmd.NArg())
			}
			return sessions.Run(ctx, &sessions.Options{
				IO:   iostreams.System(stdin, stdout, stderr),
				JSON: cmd.Bool("json"),
			})
		},
	}
}
