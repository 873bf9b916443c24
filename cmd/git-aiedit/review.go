package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/review"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func reviewCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "review",
		Usage:     "accept, reject or edit each hunk a review branch's responses made",
		ArgsUsage: "[BRANCH]",
		Metadata:  map[string]any{completeHeads: true},
		Description: "Walks every hunk the responses of BRANCH (default: " + defaultBranch + ") made, response by response, with git add -p's\n" +
			"keys: y keep, n take back, e edit the hunk in git's editor, s split it, a/d keep or\n" +
			"take back the rest of the file, q quit, ? help. The decisions become one new commit\n" +
			"on the branch: rejected hunks taken back, edited ones as saved, and one\n" +
			"Aiedit-Reviewed trailer per hunk (\"2/5 b3 rejected 3f2a1bc9.4 app.py\"). The lines\n" +
			"it changes are the reviewer's (git aiedit blame says human). Running it again shows\n" +
			"only the hunks not decided yet. Without a terminal, --list prints the undecided\n" +
			"hunks, one a line, its id first, and --accept/--reject decide them. A branch\n" +
			"checked out with local changes is refused; the branch moves by compare-and-swap.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "list", Usage: "print the undecided hunks, one a line, id first; decide nothing"},
			&cli.StringSliceFlag{Name: "accept", Usage: "keep the hunk `ID` (repeatable, or comma-separated)"},
			&cli.StringSliceFlag{Name: "reject", Usage: "take back the hunk `ID` (repeatable, or comma-separated)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			accept, reject := cmd.StringSlice("accept"), cmd.StringSlice("reject")
			// `--accept ID ID… BRANCH`: ids after the flag's own value are
			// its too, when only one of the two flags is given.
			var rest []string
			for _, a := range cmd.Args().Slice() {
				switch {
				case !trailer.IsHunkID(a):
					rest = append(rest, a)
				case len(accept) > 0 && len(reject) == 0:
					accept = append(accept, a)
				case len(reject) > 0 && len(accept) == 0:
					reject = append(reject, a)
				default:
					return usageErrorf("review: %s looks like a hunk id; give each id with --accept ID or --reject ID", a)
				}
			}
			if len(rest) > 1 {
				return usageErrorf("review takes at most one BRANCH, got %d arguments", len(rest))
			}
			branch := ""
			if len(rest) == 1 {
				branch = rest[0]
			}
			// An interrupt ends ctx: the session stops and records
			// nothing; once recording has begun it is finished, so the
			// branch is moved or left, never torn.
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return review.Run(ctx, &review.Options{
				IO:     iostreams.System(stdin, stdout, stderr),
				Branch: branch,
				List:   cmd.Bool("list"),
				Accept: accept,
				Reject: reject,
			})
		},
	}
}
