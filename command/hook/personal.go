package hook

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// hook install writes the user's own settings by default: for Claude
// Code the repository's personal file (.claude/settings.local.json,
// which Claude Code keeps out of git), for Gemini CLI, which has none,
// the user's ~/.gemini/settings.json, and for Codex its ~/.codex files.
// The shared project file, committed with the repository and so run by
// everyone who clones it, is written only with --project, and install
// says so. A hook in the shared file would otherwise be recorded in the
// session-start snapshot and could land with the agent's work.

// claudeLocal is Claude Code's personal project settings file.
const claudeLocal = "settings.local.json"

// scopeNote is what install adds to its message about the file it
// wrote: that a shared file is shared, and that a personal file is kept
// out of git (made so when it was not).
func scopeNote(ctx context.Context, agent Agent, sc scope, path string) (string, error) {
	switch {
	case sc.project:
		return fmt.Sprintf("\nnote: %s is the project's shared settings file: once it is committed, everyone who works in this repository runs the hook; `git aiedit hook install %s` (without --project) writes your own settings instead", path, agent), nil
	case agent == ClaudeCode && !sc.user:
		added, err := ignoreLocally(ctx, path)
		if err != nil {
			return "", err
		}
		if err := rememberExcluded(ctx, path, added); err != nil {
			return "", err
		}
		note := "\nyour own settings for this repository, not shared (--project writes the shared .claude/settings.json)"
		if added {
			note += fmt.Sprintf("; added /.claude/%s to .git/info/exclude so that git leaves it out", claudeLocal)
		}
		return note, nil
	}
	return "", nil
}

// ignoreLocally makes git ignore the personal settings file in this
// clone only (info/exclude), unless it is ignored already; it reports
// whether it added the pattern.
func ignoreLocally(ctx context.Context, path string) (bool, error) {
	repo, err := gitops.Discover(ctx, filepath.Dir(filepath.Dir(path)))
	if err != nil {
		return false, exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	rel, err := filepath.Rel(repo.WorkTree, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false, nil
	}
	added, err := repo.ExcludeLocally(ctx, filepath.ToSlash(rel))
	if err != nil {
		return false, exitcode.WithCode(exitcode.Repo, err)
	}
	return added, nil
}

// otherScopeHint points uninstall at the other project file when the one
// it looked in had no hook and the other has: a hook installed by an
// earlier version, which wrote the shared file by default.
func otherScopeHint(ctx context.Context, agent Agent, sc scope, dir, path string) string {
	if agent != ClaudeCode || sc.user || sc.notify {
		return ""
	}
	other := scope{project: !sc.project}
	p, err := settingsPath(ctx, agent, other, dir)
	if err != nil || p == path {
		return ""
	}
	if text, _, err := placeOf(ctx, other, dir, p).readRaw(); err != nil || !strings.Contains(text, runCommand(agent)) {
		return ""
	}
	flag := " --project"
	if sc.project {
		flag = ""
	}
	return fmt.Sprintf("\nthe hook is installed in %s: git aiedit hook uninstall%s %s", p, flag, agent)
}

// tracked reports whether git tracks the settings file at path (it was
// committed, perhaps by landing a session's snapshot): uninstall then
// never deletes it.
func tracked(ctx context.Context, path string) bool {
	repo, err := gitops.Discover(ctx, filepath.Dir(path))
	if err != nil {
		return false
	}
	defer repo.Close()
	if repo.WorkTree == "" {
		return false
	}
	rel, err := filepath.Rel(repo.WorkTree, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	ok, err := repo.Tracked(ctx, filepath.ToSlash(rel))
	return err == nil && ok
}
