package hook

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/live"
)

// StatusOptions are the inputs of `git aiedit hook status [AGENT…]`.
type StatusOptions struct {
	IO     *iostreams.IOStreams
	Dir    string
	Agents []Agent // none: all
}

// Status prints where git-aiedit's hooks are installed, the sessions
// recorded live in this repository, and the hook's recent problems.
func Status(ctx context.Context, opts *StatusOptions) error {
	agents := opts.Agents
	if len(agents) == 0 {
		agents = Agents
	}
	out := opts.IO.Out
	repo, _ := gitops.Discover(ctx, opts.Dir)
	if repo != nil {
		defer repo.Close()
	}
	top := "" // the working tree, where no link is followed (place.go)
	if repo != nil {
		top = repo.WorkTree
	}
	fmt.Fprintln(out, "hooks:")
	healths := map[Agent]*health{}
	for _, a := range agents {
		healths[a] = &health{agent: a}
		for _, sc := range statusScopes(a) {
			if !sc.user && (repo == nil || repo.WorkTree == "") {
				continue
			}
			path, err := settingsPath(ctx, a, sc, opts.Dir)
			if err != nil {
				continue
			}
			name := "user"
			switch {
			case sc.project:
				name = "project"
			case !sc.user:
				name = "local" // the personal project file (personal.go)
			}
			state := installedState(a, placeIn(top, sc, path), sc.notify)
			if strings.HasPrefix(state, "installed") {
				healths[a].installed = append(healths[a].installed, name)
			}
			fmt.Fprintf(out, "  %-12s %-8s %-14s %s\n", a, name, state, path)
		}
	}
	if repo == nil {
		return nil
	}
	var sessions []*live.Cursor
	for _, c := range live.Sessions(repo.CommonDir) {
		if slices.Contains(agents, Agent(c.Agent)) {
			sessions = append(sessions, c)
		}
	}
	if len(sessions) > 0 {
		fmt.Fprintln(out, "live sessions:")
		for _, c := range sessions {
			branch := c.Branch
			if !live.BranchExists(ctx, repo, branch) {
				branch = "(nothing recorded yet)"
			}
			count := english.Count(c.Responses+c.Waiting, "response")
			if c.Waiting > 0 {
				// Counted as sessions counts them: the turn is in the
				// session file, not on the branch yet.
				count += fmt.Sprintf(" (%d waiting to be recorded: see the log)", c.Waiting)
			}
			fmt.Fprintf(out, "  %-12s %-38s %-30s %s, updated %s\n", c.Agent, c.Session, branch, count, c.Updated)
		}
	}
	if problems := tailLog(repo.CommonDir, 10); len(problems) > 0 {
		fmt.Fprintf(out, "recent problems (%s):\n", filepath.Join(repo.CommonDir, "aiedit", logName))
		for _, l := range problems {
			fmt.Fprintf(out, "  %s\n", l)
		}
	}
	logged := tailLog(repo.CommonDir, 1000)
	said := false
	for _, a := range agents {
		h := healths[a]
		h.run = readLastRun(repo.CommonDir, a)
		for _, c := range sessions {
			if Agent(c.Agent) == a {
				h.sessions = append(h.sessions, c)
			}
		}
		h.errors = agentLines(logged, a)
		if !h.relevant() {
			continue
		}
		if !said {
			fmt.Fprintln(out, "health:")
			said = true
		}
		h.print(out)
	}
	return nil
}

// statusScopes are the places status looks in for an agent's hooks.
func statusScopes(a Agent) []scope { return a.spec().scopes }

// installedState reads an agent's settings file for git-aiedit's hooks.
func installedState(a Agent, p place, notify bool) string {
	text, existed, err := p.readRaw()
	switch {
	case err != nil:
		return statusOf(err)
	case !existed:
		return "not installed"
	}
	if notify {
		argv, defined, err := tomlNotify(text)
		if err != nil {
			return "invalid TOML"
		}
		if defined && codexOurs(argv) {
			return "installed (notify)"
		}
		return "not installed"
	}
	events, err := a.spec().form.installed(a.spec(), text)
	switch {
	case err != nil:
		return err.Error()
	case len(events) == 0:
		return "not installed"
	}
	return "installed (" + strings.Join(events, ",") + ")"
}
