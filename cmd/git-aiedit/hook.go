package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/command/hook"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func hookCommand(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	scopeFlags := []cli.Flag{
		&cli.BoolFlag{Name: "project", Usage: "the repository's shared agent settings, committed with it (" + hook.SettingsFiles(true) + "); default: your own (.claude/settings.local.json for claude-code, the --user file for the others)"},
		&cli.BoolFlag{Name: "user", Usage: "your own agent settings (" + hook.SettingsFiles(false) + ")"},
		&cli.BoolFlag{Name: "notify", Usage: "codex: its notify program in $CODEX_HOME/config.toml, for a Codex older than its hooks (0.114)"},
	}
	agents := strings.Join(hook.AgentNames(), ", ")
	install := func(name, usage string, remove bool) *cli.Command {
		return &cli.Command{
			Name:      name,
			Usage:     usage,
			ArgsUsage: "AGENT (" + agents + ")",
			Flags:     scopeFlags,
			Action: func(ctx context.Context, cmd *cli.Command) error {
				if cmd.NArg() != 1 {
					return usageErrorf("hook %s takes one AGENT (%s), got %d arguments", name, agents, cmd.NArg())
				}
				agent, err := hook.ParseAgent(cmd.Args().First())
				if err != nil {
					return err
				}
				return hook.Install(ctx, &hook.InstallOptions{
					IO: iostreams.System(stdin, stdout, stderr), Agent: agent, Remove: remove,
					Project: cmd.Bool("project"), User: cmd.Bool("user"), Notify: cmd.Bool("notify"),
				})
			},
		}
	}
	return &cli.Command{
		Name:  "hook",
		Usage: "record an agent's turns as they happen (live capture)",
		Description: "install writes the agent's own hook configuration so that, while you work,\n" +
			"every turn of an agent session is recorded as one commit on\n" +
			"aiedit/<agent>/<session id, short>. It writes your own settings by default\n" +
			"(.claude/settings.local.json, kept out of git; ~/.codex, ~/.gemini), the shared\n" +
			"project file only with --project. uninstall removes exactly what install added;\n" +
			"status says what is installed where, the live sessions, and recent hook problems.\n" +
			"run is what the agent calls: it always exits 0 and writes problems to\n" +
			".git/aiedit/hook.log.",
		Commands: []*cli.Command{
			install("install", "add git-aiedit to the agent's hooks", false),
			install("uninstall", "remove what install added", true),
			{
				Name:      "status",
				Usage:     "what is installed where, live sessions, recent problems",
				ArgsUsage: "[AGENT]",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					var agents []hook.Agent
					for _, a := range cmd.Args().Slice() {
						agent, err := hook.ParseAgent(a)
						if err != nil {
							return err
						}
						agents = append(agents, agent)
					}
					return hook.Status(ctx, &hook.StatusOptions{IO: iostreams.System(stdin, stdout, stderr), Agents: agents})
				},
			},
			{
				Name:            "run",
				Usage:           "what the agent's hook calls (always exits 0)",
				ArgsUsage:       "AGENT [EVENT-JSON]",
				SkipFlagParsing: true,
				Action: func(ctx context.Context, cmd *cli.Command) error {
					// An agent shows a hook that fails as an error on every
					// turn: a mistake in the configuration is said on
					// standard error, which agents keep out of the way, and
					// the status is still 0.
					args := cmd.Args().Slice()
					if len(args) > 0 && (args[0] == "--help" || args[0] == "-h") {
						return cli.ShowSubcommandHelp(cmd)
					}
					if len(args) == 0 {
						fmt.Fprintf(stderr, "git-aiedit: hook run takes the AGENT whose hook calls it: %s; nothing was recorded\n", agents)
						return nil
					}
					agent, err := hook.ParseAgent(args[0])
					if err != nil {
						fmt.Fprintf(stderr, "git-aiedit: %v; nothing was recorded\n", err)
						return nil
					}
					dir, _ := os.Getwd()
					hook.Run(ctx, &hook.RunOptions{Agent: agent, Args: args[1:], Stdin: stdin, Dir: dir})
					return nil
				},
			},
		},
	}
}
