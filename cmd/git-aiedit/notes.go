package main

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/notes"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func notesCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	sub := func(name, usage, description string, run func(context.Context, *notes.Options) error) *cli.Command {
		return &cli.Command{
			Name:        name,
			Usage:       usage,
			ArgsUsage:   "[REMOTE]",
			Description: description,
			Action: func(ctx context.Context, cmd *cli.Command) error {
				if cmd.NArg() > 1 {
					return usageErrorf("notes %s takes at most one REMOTE, got %d arguments", name, cmd.NArg())
				}
				return run(ctx, &notes.Options{IO: iostreams.System(stdin, stdout, stderr), Remote: cmd.Args().First()})
			},
		}
	}
	return &cli.Command{
		Name:      "notes",
		Usage:     "share the attribution notes (refs/notes/aiedit) with a remote",
		ArgsUsage: "push|pull|setup [REMOTE]",
		Description: "push fetches REMOTE's refs/notes/aiedit into refs/notes/remotes/REMOTE/aiedit, merges\n" +
			"it into yours (git notes merge, union strategy, then the JSON of a note both sides\n" +
			"changed merged into one) and pushes the result as a fast-forward; when\n" +
			"another push came first it fetches, merges and pushes again, a bounded number of\n" +
			"times. Never forced, so two people pushing notes never drop each other's. pull\n" +
			"fetches and merges, and pushes nothing. setup (opt-in) adds to .git/config, once:\n" +
			"the fetch refspec for REMOTE's notes, push refspecs for refs/notes/aiedit (and HEAD\n" +
			"when none was set, so that git push still pushes the current branch),\n" +
			"notes.rewriteRef refs/notes/aiedit and notes.rewriteMode concatenate, and says what\n" +
			"it set. REMOTE defaults to the current branch's upstream remote, else origin.\n" +
			"Nothing is fetched or pushed unless you run push or pull.",
		// Without it, urfave/cli answers an unknown subcommand with "No help topic".
		Action: func(_ context.Context, cmd *cli.Command) error {
			if cmd.Args().Present() {
				return usageErrorf("notes: no command %q; use notes push, notes pull or notes setup", cmd.Args().First())
			}
			return cli.ShowSubcommandHelp(cmd)
		},
		Commands: []*cli.Command{
			sub("push", "fetch the remote's notes, merge them with yours, push; again if another push came first",
				"Fetches REMOTE's refs/notes/aiedit into refs/notes/remotes/REMOTE/aiedit, merges it\n"+
					"into your refs/notes/aiedit (git notes merge, union strategy), and pushes the result\n"+
					"as a fast-forward. When another push moved the remote's notes in between, it\n"+
					"fetches, merges and pushes again (a bounded number of times). Never forced.",
				notes.Push),
			sub("pull", "fetch the remote's notes and merge them into yours",
				"Fetches REMOTE's refs/notes/aiedit into refs/notes/remotes/REMOTE/aiedit and merges\n"+
					"it into your refs/notes/aiedit (git notes merge, union strategy). Nothing is pushed.",
				notes.Pull),
			sub("setup", "configure git to fetch, push and keep the notes through rebases (opt-in)",
				"Adds to .git/config, once: a fetch refspec bringing REMOTE's notes to\n"+
					"refs/notes/remotes/REMOTE/aiedit; push refspecs for refs/notes/aiedit (and HEAD,\n"+
					"when no push refspec was set, so that git push still pushes the current\n"+
					"branch); notes.rewriteRef refs/notes/aiedit and notes.rewriteMode concatenate, so\n"+
					"that git rebase and commit --amend carry the notes. It says what it set.",
				notes.Setup),
		},
	}
}
