package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v3"
)

// version is the release's version when the build says so:
// go build -ldflags "-X main.version=v1.2.3". Otherwise the module's
// version from the build information (go install …@v1.2.3), or "(devel)".
var version = ""

func init() {
	// --version alone: -v is --verbose on the commands.
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version, commit and Go version"}
	cli.VersionPrinter = func(cmd *cli.Command) { fmt.Fprintln(cmd.Root().Writer, versionLine()) }
}

// versionLine is "git-aiedit version V (commit C, DATE[, modified]) GO OS/ARCH".
func versionLine() string {
	v, commit, date, modified := version, "", "", false
	goVersion := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" {
			v = info.Main.Version
		}
		goVersion = info.GoVersion
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.time":
				date = s.Value
			case "vcs.modified":
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
	return fmt.Sprintf("%s %s %s/%s", line, goVersion, runtime.GOOS, runtime.GOARCH)
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
