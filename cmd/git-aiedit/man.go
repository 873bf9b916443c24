package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"
)

func manCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the git-aiedit(1) man page, or install it",
		Description: "Prints the manual page in man(7) format. With --install it writes git-aiedit.1\n" +
			"into DIR/man1, by default the share/man directory beside the binary\n" +
			"(GOPATH/share/man for go install), where man finds it through PATH. Then\n" +
			"`git aiedit --help` (git runs `git help aiedit`) opens it; if git prints an\n" +
			"HTML error, run: git config --global help.format man.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "install", Usage: "write git-aiedit.1 instead of printing it"},
			&cli.StringFlag{Name: "dir", Usage: "install into `DIR`/man1 (default: <binary>/../share/man)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			page := renderRoff(cmd.Root(), manual(cmd.Root()))
			if !cmd.Bool("install") {
				_, err := io.WriteString(stdout, page)
				return err
			}
			dir := cmd.String("dir")
			if dir == "" {
				exe, err := os.Executable()
				if err != nil {
					return usageErrorf("man: cannot find this program's directory (%v); pass --dir", err)
				}
				if resolved, err := filepath.EvalSymlinks(exe); err == nil {
					exe = resolved
				}
				dir = filepath.Join(filepath.Dir(exe), "..", "share", "man")
			}
			target := filepath.Join(dir, "man1", "git-aiedit.1")
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return usageErrorf("man: %v", err)
			}
			if err := os.WriteFile(target, []byte(page), 0o644); err != nil {
				return usageErrorf("man: %v", err)
			}
			fmt.Fprintf(stderr, "wrote %s\nif man cannot find it, add %s to MANPATH; then: git aiedit --help\n", filepath.Clean(target), filepath.Clean(dir))
			return nil
		},
	}
}

func helpCommand(stdout io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "print the manual (the text of git-aiedit(1)), or one command's part of it",
		ArgsUsage: "[COMMAND]",
		Action: func(ctx context.Context, cmd *cli.Command) error {
			secs := manual(cmd.Root())
			if name := cmd.Args().First(); name != "" {
				c := cmd.Root().Command(name)
				if c == nil || c.Name == "help" {
					return usageErrorf("help: no command %q; commands: git aiedit help", name)
				}
				_, err := io.WriteString(stdout, commandHelp(c))
				return err
			}
			_, err := io.WriteString(stdout, renderText(secs))
			return err
		},
	}
}
