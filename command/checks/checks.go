// Package checks implements `git aiedit checks`: what `apply` checks in
// this repository — the built-in syntax check with the languages this
// build knows (the tree-sitter ones only with cgo), and the configured
// commands — so nobody has to guess which files a response is checked in.
package checks

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/check/syntax"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// Options are the inputs of `git aiedit checks`.
type Options struct {
	IO  *iostreams.IOStreams
	Dir string // whose git config counts ("" = current directory); outside a repository, the global one
}

// Run prints the checks apply would run here.
func Run(ctx context.Context, opts *Options) error {
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	cfg, err := check.LoadConfig(ctx, dir)
	var ce *check.ConfigError
	switch {
	case errors.As(err, &ce):
		return exitcode.UsageErrorf("%v", strings.TrimPrefix(ce.Error(), "hooks: "))
	case err != nil:
		return exitcode.WithCode(exitcode.Repo, err)
	}
	cs := opts.IO.ColorScheme()
	w := opts.IO.Out

	policy, from := cfg.Policy, "git config aiedit.checks"
	if policy == "" {
		policy, from = check.Report, "default"
	}
	fmt.Fprintf(w, "%s %s (%s; apply --checks=off|report|require overrides it)\n\n", cs.Bold("policy:"), policy, from)

	state := "on"
	if !cfg.Syntax {
		state = "off (git config aiedit.check.syntax.enabled false)"
	}
	build := "with tree-sitter (cgo)"
	if !syntax.TreeSitter {
		build = "without cgo: no tree-sitter grammars"
	}
	fmt.Fprintf(w, "%s built in, %s; this build: %s\n", cs.Bold(check.SyntaxName), state, build)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, l := range syntax.Languages() {
		how := l.How
		if !l.Built {
			how = cs.Yellow("not checked by this build (needs cgo; see README, Install)")
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", l.Name, l.Files, how)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(w, "\n%s\n", cs.Bold("configured:"))
	if len(cfg.Commands) == 0 {
		fmt.Fprintln(w, "  none; add one with: git config aiedit.check.NAME.command 'CMD'")
		return nil
	}
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, c := range cfg.Commands {
		paths := "any change"
		if len(c.Paths) > 0 {
			paths = strings.Join(c.Paths, " ")
		}
		fmt.Fprintf(tw, "  %s\t%s\tpaths: %s\ttimeout %s\n", c.Name, c.Command, paths, c.Timeout)
	}
	return tw.Flush()
}
