package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/checks"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func checksCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "checks",
		Usage: "list the checks apply runs here, and the languages this build's syntax check knows",
		Description: "Prints the checks policy, the built-in syntax check with every language it\n" +
			"knows and how this build checks it (JavaScript, TypeScript, Rust, Java, C and\n" +
			"C++ need tree-sitter, which is only in a build with cgo; without it Python is\n" +
			"checked by its lexer alone), and the checks configured with\n" +
			"git config aiedit.check.NAME.command.",
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.Args().Present() {
				return usageErrorf("checks takes no arguments")
			}
			return checks.Run(ctx, &checks.Options{IO: iostreams.System(stdin, stdout, stderr)})
		},
	}
}
