package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	_ "unsafe" // go:linkname

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/cmd/git-aiedit/internal/fastpath"
)

// version, commit and date are the release's, when the build says so
// (goreleaser: -ldflags "-X main.version=1.2.3 -X main.commit=… -X
// main.date=…"). Package fastpath also reads them, by these link names:
// it prints --version before this package is initialized.
//
//go:linkname version
//go:linkname commit
//go:linkname date
var version, commit, date = "", "", ""

func init() {
	// --version alone: -v is --verbose on the commands.
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version, commit and Go version"}
	cli.VersionPrinter = func(cmd *cli.Command) { fmt.Fprintln(cmd.Root().Writer, versionLine()) }
}

// versionLine is the version, commit, Go version and the languages this
// build's syntax check knows (fastpath.VersionLine), from the build
// information as runtime/debug reads it.
func versionLine() string {
	return fastpath.VersionLine(buildStamp())
}

// versionHead is versionLine's first line: the root help's VERSION.
func versionHead() string {
	return fastpath.VersionHead(buildStamp())
}

func buildStamp() (fastpath.Stamp, *fastpath.Build) {
	stamp := fastpath.Stamp{Version: version, Commit: commit, Date: date}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return stamp, nil
	}
	b := &fastpath.Build{Version: info.Main.Version}
	for _, s := range info.Settings {
		b.Settings = append(b.Settings, [2]string{s.Key, s.Value})
	}
	return stamp, b
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
