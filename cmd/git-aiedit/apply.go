package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/engine"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/transcript"
)

func applyCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "apply",
		Usage:     "apply the edits of AI transcripts, one commit per response",
		ArgsUsage: "TRANSCRIPT… (- for standard input)",
		Description: "Reads each transcript, applies every edit of every assistant response to an\n" +
			"isolated copy of the base tree, and records one commit per response on a\n" +
			"review branch (default aiedit/<name of the first transcript>).\n\n" +
			"Each response's result is checked before its commit (built-in syntax\n" +
			"check, commands configured as aiedit.check.<name>.command, the repository's\n" +
			"commit-msg hook); --checks=require keeps a response that fails them out.\n\n" +
			"Exit status: 0 all applied; 1 some block failed, was skipped or not in\n" +
			"context, or a check did not pass (commits are still made); 2 bad usage or\n" +
			"input; 3 repository problem; 130 interrupted (what was complete is recorded).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "branch", Aliases: []string{"b"}, Usage: "branch that receives the commits (default aiedit/<transcript stem>)"},
			&cli.StringFlag{Name: "base", Usage: "where a new branch starts (default HEAD)"},
			&cli.BoolFlag{Name: "dry-run", Aliases: []string{"n"}, Usage: "validate only: write no objects, move no ref"},
			&cli.StringSliceFlag{Name: "context", Usage: "files the model saw in full, relative to the current directory like git pathspecs (:/PATH from the top; repeatable, comma-separated)"},
			&cli.StringFlag{Name: "format", Usage: "force one edit format, on replies and recorded patch texts alike: " + strings.Join(parse.Names(), ", ")},
			&cli.StringFlag{Name: "from", Usage: "force one transcript source: " + strings.Join(transcript.SourceNames(), ", ")},
			&cli.StringFlag{Name: "workdir", Usage: "the folder the agent worked in, as its record names it (`PATH`, absolute, may be a Windows path): its paths map onto the repository's root (default: found from the record)"},
			&cli.StringFlag{Name: "session", Usage: "apply the session `ID` (or latest) that 'git aiedit sessions' lists"},
			&cli.StringFlag{Name: "responses", Usage: "apply only these responses of each transcript (`LIST`: 3, 2-5, 1,4-6)"},
			&cli.StringFlag{Name: "fuzzy", Usage: "also accept a unique similar-enough location (`[=T]`, similarity ≥ T, default 0.9)"},
			&cli.BoolFlag{Name: "json", Usage: "print the JSON report on standard output"},
			&cli.StringFlag{Name: "worktree", Usage: "check the branch out into a new linked worktree at `DIR`"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only failures and the summary"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "print every message"},
			&cli.StringFlag{Name: "checks", Usage: "what a check that does not pass does: off, report (commit anyway, exit 1) or require (keep the response out of the branch); default: git config aiedit.checks, else report"},
			&cli.BoolFlag{Name: "no-verify", Usage: "do not run the repository's commit-msg hook on the commit messages"},
			&cli.BoolFlag{Name: "no-prompts", Usage: "leave the user's prompts out of the commits and the report (default: git config aiedit.prompts, else recorded)"},
			&cli.StringFlag{Name: "summary-md", Usage: "also write a pull-request summary in Markdown (as log --markdown) to `FILE`"},
			&cli.StringFlag{Name: "retry-cmd", Usage: "after a response with failed blocks, run `CMD` (sh -c) with the retry prompt on its standard input and apply what it prints, as its own commit"},
			&cli.IntFlag{Name: "retries", Usage: "retry rounds per response at most (default: git config aiedit.retries, else 2)"},
			&cli.DurationFlag{Name: "retry-timeout", Usage: "stop a retry command that runs longer than this (default 10m)"},
			&cli.BoolFlag{Name: "patch", Aliases: []string{"p"}, Usage: "show each block and ask before it is committed (on a terminal)"},
			&cli.BoolFlag{Name: "reconcile", Usage: "where the record states the agent's final result (OpenHands git_patch, SWE-agent submission, an aider commit) and the replay differs, end with a commit that brings the branch to it"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			opts := &engine.Options{
				Transcripts:  cmd.Args().Slice(),
				Branch:       cmd.String("branch"),
				Base:         cmd.String("base"),
				DryRun:       cmd.Bool("dry-run"),
				Format:       cmd.String("format"),
				Workdir:      cmd.String("workdir"),
				From:         cmd.String("from"),
				JSON:         cmd.Bool("json"),
				Worktree:     cmd.String("worktree"),
				Quiet:        cmd.Bool("quiet"),
				Verbose:      cmd.Bool("verbose"),
				Checks:       cmd.String("checks"),
				NoVerify:     cmd.Bool("no-verify"),
				NoPrompts:    cmd.Bool("no-prompts"),
				SummaryMD:    cmd.String("summary-md"),
				Session:      cmd.String("session"),
				RetryCmd:     cmd.String("retry-cmd"),
				Retries:      int(cmd.Int("retries")),
				RetryTimeout: cmd.Duration("retry-timeout"),
				Patch:        cmd.Bool("patch"),
				Reconcile:    cmd.Bool("reconcile"),
				// Read and checked by the engine, with every other flag.
				FuzzyText:     cmd.String("fuzzy"),
				ResponsesText: cmd.String("responses"),
				IO:            iostreams.System(stdin, stdout, stderr),
				// A flag given with the value that means "not given" is
				// refused by the engine's check, not taken as the default.
				Given: engine.Given{Branch: cmd.IsSet("branch"), Session: cmd.IsSet("session"), RetryCmd: cmd.IsSet("retry-cmd"),
					Retries: cmd.IsSet("retries"), RetryTimeout: cmd.IsSet("retry-timeout"), Responses: cmd.IsSet("responses")},
			}
			for _, c := range cmd.StringSlice("context") {
				for _, p := range strings.Split(c, ",") {
					if p = strings.TrimSpace(p); p != "" {
						opts.Context = append(opts.Context, p)
					}
				}
			}
			// An interrupt ends ctx: apply stops at the next response,
			// question or retry command and records what was complete,
			// which takes a moment; further interrupts meanwhile are
			// ignored, so that the branch is moved or left, never torn.
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			_, err := engine.Run(ctx, opts)
			return err
		},
	}
}
