package hook

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
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
	fmt.Fprintln(out, "hooks:")
	for _, a := range agents {
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
			fmt.Fprintf(out, "  %-12s %-8s %-14s %s\n", a, name, installedState(a, path, sc.notify), path)
		}
	}
	if repo == nil {
		return nil
	}
	sessions := liveSessions(repo.CommonDir, agents)
	if len(sessions) > 0 {
		fmt.Fprintln(out, "live sessions:")
		for _, c := range sessions {
			branch := c.Branch
			if !branchExists(ctx, repo, branch) {
				branch = "(nothing recorded yet)"
			}
			count := fmt.Sprintf("%d response(s)", c.Responses+c.Waiting)
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
	return nil
}

// statusScopes are the places status looks in for an agent's hooks.
func statusScopes(a Agent) []scope { return a.spec().scopes }

// installedState reads an agent's settings file for git-aiedit's hooks.
func installedState(a Agent, path string, notify bool) string {
	text, existed, err := readSettings(path)
	switch {
	case err != nil:
		return "unreadable"
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

// liveSessions lists the cursors of the sessions recorded here.
func liveSessions(commonDir string, agents []Agent) []*Cursor {
	var out []*Cursor
	for _, a := range agents {
		files, _ := filepath.Glob(filepath.Join(commonDir, "aiedit", "sessions", string(a), "*.json"))
		for _, f := range files {
			if c, err := loadCursor(f); err == nil && c != nil {
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Updated > out[j].Updated })
	return out
}

// SessionBranch finds the review branch of a session recorded here by its
// id or a prefix of it. The id is the agent's session id or the name of
// its session file without the extension: `git aiedit sessions` lists a
// Codex session as its rollout (rollout-<time>-<thread id>) and a Gemini
// CLI one as session-<time>-<id>, while the hook keys them by the id.
func SessionBranch(commonDir, id string) (string, error) {
	var found []*Cursor
	for _, c := range liveSessions(commonDir, Agents) {
		names := c.names()
		if slices.Contains(names, id) {
			return c.Branch, nil
		}
		if slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, id) }) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 1:
		return found[0].Branch, nil
	case 0:
		if _, err := os.Stat(filepath.Join(commonDir, "aiedit", "sessions")); err != nil {
			return "", fmt.Errorf("no session was recorded live in this repository; `git aiedit hook install` sets that up")
		}
		return "", fmt.Errorf("no session %q was recorded live in this repository; `git aiedit hook status` lists them", id)
	}
	var ids []string
	for _, c := range found {
		ids = append(ids, c.Session)
	}
	return "", fmt.Errorf("session %q is ambiguous: %s; give more of the id", id, strings.Join(ids, ", "))
}

// names are the ids a session recorded live goes by: its id, and its
// session file's name without the extension.
func (c *Cursor) names() []string {
	names := []string{c.Session}
	if c.Transcript != "" {
		base := filepath.Base(c.Transcript)
		names = append(names, strings.TrimSuffix(base, filepath.Ext(base)))
	}
	return names
}

// Live is a session recorded live in this repository: its review branch,
// and whether the branch exists yet. A session whose turns so far had no
// edits, or whose first turn the commit-msg hook refused, has a cursor
// but no branch.
type Live struct {
	Branch string
	Exists bool
}

// LiveSessions maps the session files recorded live in this repository to
// their review branches, so that `git aiedit sessions` can say so.
func LiveSessions(ctx context.Context, repo *gitops.Repo) map[string]Live {
	out := map[string]Live{}
	for _, c := range liveSessions(repo.CommonDir, Agents) {
		if c.Transcript != "" && c.Branch != "" {
			out[filepath.Clean(c.Transcript)] = Live{Branch: c.Branch, Exists: branchExists(ctx, repo, c.Branch)}
		}
	}
	return out
}

func branchExists(ctx context.Context, repo *gitops.Repo, branch string) bool {
	_, exists, err := repo.ReadRef(ctx, "refs/heads/"+branch)
	return err == nil && exists
}
