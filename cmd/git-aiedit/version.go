package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/hooks/syntax"
)

// version, commit and date are the release's, when the build says so
// (goreleaser: -ldflags "-X main.version=1.2.3 -X main.commit=… -X
// main.date=…"). Otherwise they come from the build information: the
// module's version (go install …@v1.2.3) or "(devel)", and the VCS
// revision and time of a build from a checkout.
var version, commit, date = "", "", ""

func init() {
	// --version alone: -v is --verbose on the commands.
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version, commit and Go version"}
	cli.VersionPrinter = func(cmd *cli.Command) { fmt.Fprintln(cmd.Root().Writer, versionLine()) }
}

// versionLine is "git-aiedit version V (commit C, DATE[, modified]) GO
// OS/ARCH", then which languages this build's syntax check knows (a build
// without cgo has no tree-sitter grammars).
func versionLine() string {
	v, commit, date, modified := version, commit, date, false
	goVersion := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" {
			v = info.Main.Version
		}
		goVersion = info.GoVersion
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && commit == "":
				commit = s.Value
			case s.Key == "vcs.time" && date == "":
				date = s.Value
			case s.Key == "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	line := "git-aiedit version " + v
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		line += " (commit " + commit
		if date != "" {
			line += ", " + date
		}
		if modified {
			line += ", modified"
		}
		line += ")"
	}
	return fmt.Sprintf("%s %s %s/%s\nsyntax checks: %s", line, goVersion, runtime.GOOS, runtime.GOARCH, syntax.Summary())
}

func versionCommand(stdout io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version, commit and Go version (as --version)",
		Action: func(context.Context, *cli.Command) error {
			_, err := fmt.Fprintln(stdout, versionLine())
			return err
		},
	}
}
