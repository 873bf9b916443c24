package main

import (
	"io"

	"github.com/urfave/cli/v3"
)

// A command's help has one source, the manual: `git aiedit help CMD` and
// `git aiedit CMD --help` (and `-h`) print the same text, its part of
// git-aiedit(1), rather than one the manual's and one the CLI library's
// own rendering of the same definitions. A subcommand's --help (hook
// install --help) prints its command's part, which covers it.

func init() {
	library := cli.HelpPrinter
	cli.HelpPrinter = func(w io.Writer, templ string, data any) {
		if c, ok := data.(*cli.Command); ok {
			if top := topCommand(c); top != nil {
				_, _ = io.WriteString(w, commandHelp(top))
				return
			}
		}
		library(w, templ, data)
	}
}

// commandHelp is a command's part of the manual, as plain text.
func commandHelp(c *cli.Command) string {
	return renderText([]manSection{{title: commandLine(c), items: manCommandItems(c)[1:]}})
}

// topCommand is the command of the root that c is or is under; nil for
// the root itself and for help, whose own page is the root's.
func topCommand(c *cli.Command) *cli.Command {
	lineage := c.Lineage() // c first, the root last
	if len(lineage) < 2 {
		return nil
	}
	top := lineage[len(lineage)-2]
	if top.Name == "help" {
		return nil
	}
	return top
}
