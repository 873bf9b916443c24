package hook

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// InstallOptions are the inputs of `git aiedit hook install|uninstall`.
type InstallOptions struct {
	IO      *iostreams.IOStreams
	Dir     string // where to look for the repository ("" = current directory)
	Agent   Agent
	Remove  bool // uninstall
	Project bool // --project
	User    bool // --user
	Notify  bool // --notify: Codex's notify program instead of its hooks
}

// runCommand is the command an agent's hook runs.
func runCommand(a Agent) string { return "git aiedit hook run " + string(a) }

// ours recognises a hook command git-aiedit installed.
func ours(command string) bool {
	c := strings.Join(strings.Fields(command), " ")
	return strings.HasPrefix(c, "git aiedit hook run ") || strings.Contains(c, "git-aiedit hook run ")
}

// Install adds (or with Remove, removes) git-aiedit's hooks in the agent's
// settings file.
func Install(ctx context.Context, opts *InstallOptions) error {
	path, err := settingsPath(ctx, opts.Agent, scope{opts.Project, opts.User, opts.Notify}, opts.Dir)
	if err != nil {
		return err
	}
	sc := scope{opts.Project, opts.User, opts.Notify}
	p := placeOf(ctx, sc, opts.Dir, path)
	var companions []place
	for _, name := range opts.Agent.spec().companions {
		companions = append(companions, placeOf(ctx, sc, opts.Dir, filepath.Join(filepath.Dir(path), name)))
	}
	var msg string
	if opts.Remove {
		// The companions go first: the folder install made goes with the
		// settings file, once it is empty.
		for _, c := range companions {
			m, err := uninstall(opts.Agent, c, opts.Notify, tracked(ctx, c.path))
			if err != nil {
				return err
			}
			msg += m + "\n"
		}
		keep := tracked(ctx, path)
		before := loadState(path)
		var m string
		m, err = uninstall(opts.Agent, p, opts.Notify, keep)
		msg += m
		if err == nil {
			msg += unexclude(ctx, before, path)
			msg += otherScopeHint(ctx, opts.Agent, sc, opts.Dir, path)
		}
	} else {
		// A companion that is the user's is refused before anything is
		// written.
		for _, c := range companions {
			text, existed, err := c.read()
			if err != nil {
				return err
			}
			if _, _, err := opts.Agent.spec().form.add(opts.Agent.spec(), text, existed); err != nil {
				return exitcode.UsageErrorf("%s: %v; nothing was changed", c.path, err)
			}
		}
		msg, err = install(ctx, opts.Agent, p, sc, opts.Notify)
		for _, c := range companions {
			if err != nil {
				break
			}
			var m string
			m, err = install(ctx, opts.Agent, c, sc, opts.Notify)
			msg += "\n" + m
		}
		if err == nil {
			var note string
			note, err = scopeNote(ctx, opts.Agent, sc, path)
			msg += note
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.ErrOut, msg)
	return nil
}

// scope is where a hook is installed: --project, --user, and for Codex
// --notify (its notify program rather than its hooks engine). Neither
// --project nor --user is the personal file (personal.go).
type scope struct{ project, user, notify bool }

// settingsPath is the agent's configuration file for the scope asked for.
func settingsPath(ctx context.Context, agent Agent, sc scope, dir string) (string, error) {
	project, user := sc.project, sc.user
	if project && user {
		return "", exitcode.UsageErrorf("--project and --user cannot be combined; choose one")
	}
	if sc.notify && agent != Codex {
		return "", exitcode.UsageErrorf("--notify is for codex only (Codex's notify program)")
	}
	return agent.spec().settings(ctx, sc, dir)
}

// userSettings is ~/DIR/settings.json.
func userSettings(dir string) (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", exitcode.UsageErrorf("cannot find your home directory: %v", err)
	}
	return filepath.Join(home, dir, "settings.json"), nil
}

// projectSettings is DIR/settings.json at the top of the repository.
func projectSettings(ctx context.Context, at, dir string) (string, error) {
	return projectFile(ctx, at, dir, "settings.json")
}

// projectFile is DIR/NAME at the top of the repository.
func projectFile(ctx context.Context, at, dir, name string) (string, error) {
	repo, err := gitops.Discover(ctx, at)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if repo.WorkTree == "" {
		return "", exitcode.UsageErrorf("a bare repository has no project settings; use --user")
	}
	return filepath.Join(repo.WorkTree, dir, name), nil
}

// installState is what install remembers about a file so that uninstall
// can give it back byte for byte: if the file is still exactly what
// install wrote, the original comes back; otherwise only git-aiedit's
// entries are cut out.
type installState struct {
	Path       string `json:"path"`
	Existed    bool   `json:"existed"`
	Original   string `json:"original"`
	Wrote      string `json:"wrote"` // sha256 of what install wrote
	CreatedDir string `json:"created_dir,omitempty"`
	// Excluded: the path install added to info/exclude (personal.go),
	// and whether that file was new; uninstall takes it back.
	Excluded        string `json:"excluded,omitempty"`
	ExcludedNewFile bool   `json:"excluded_new_file,omitempty"`
}

func statePath(settings string) (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(settings))
	return filepath.Join(dir, "git-aiedit", "hooks", hex.EncodeToString(sum[:8])+".json"), nil
}

func loadState(settings string) *installState {
	p, err := statePath(settings)
	if err != nil {
		return nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var s installState
	if json.Unmarshal(data, &s) != nil || s.Path != settings {
		return nil
	}
	return &s
}

func (s *installState) save() error {
	p, err := statePath(s.Path)
	if err != nil {
		return err
	}
	data, _ := json.MarshalIndent(s, "", "  ")
	if err := makeStateDir(filepath.Dir(p)); err != nil {
		return err
	}
	return os.WriteFile(p, append(data, '\n'), 0o644)
}

func dropState(settings string) {
	if p, err := statePath(settings); err == nil {
		_ = os.Remove(p)
		removeStateDir(filepath.Dir(p))
	}
}

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// readSettings reads a file of the user's own that install does not
// write (Codex's config.toml, for its notes): a regular file only,
// bounded (place.go).
func readSettings(path string) (string, bool, error) {
	data, err := safeopen.ReadRegular(path, maxSettings)
	if errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, exitcode.UsageErrorf("cannot read %s: %v", path, err)
	}
	return string(data), true, nil
}

// writeSettings replaces the file's content through a temporary file and
// a rename in its directory, keeping its permissions (perm for a new
// one). A settings file of the user's own that is a symbolic link
// (dotfiles kept in a repository of their own) is written where it
// points, so the link stays; one inside the repository is never a link
// (place.go).
func writeSettings(p place, text string, perm os.FileMode) error {
	if err := writable(p); err != nil {
		return err
	}
	if target := linkTarget(p.path); target != p.path && !p.inRepo {
		if dir := filepath.Dir(target); !isDir(dir) {
			return exitcode.UsageErrorf("%s is a link to %s, in a directory that does not exist (%s); nothing was changed: create it, or point the link elsewhere", p.path, target, dir)
		}
	}
	return p.write(text, perm)
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// firstMissing is the outermost directory of dir's that does not exist
// ("" when dir exists): what install creates, and uninstall may remove.
func firstMissing(dir string) string {
	missing := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
			return missing
		}
		missing = d
		if filepath.Dir(d) == d {
			return missing
		}
	}
}

// removeEmpty removes dir and its parents up to top, each only while it
// is empty: the directories install created and nothing else uses.
func removeEmpty(dir, top string) {
	for d := filepath.Clean(dir); inside(d, top); d = filepath.Dir(d) {
		if os.Remove(d) != nil || d == filepath.Clean(top) {
			return
		}
	}
}

// linkTarget is the file a symbolic link at path leads to, or path.
func linkTarget(path string) string {
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return path
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	// A dangling link: write the file it names.
	for range 40 { // as the kernel's bound on links followed
		dst, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(dst) {
			dst = filepath.Join(filepath.Dir(path), dst)
		}
		path = dst
		if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return path
		}
	}
	return path
}

// sameEOL gives text the line endings of orig when orig's are all CRLF:
// the lines install adds (and what uninstall leaves) then match the file.
func sameEOL(orig, text string) string {
	n := strings.Count(orig, "\n")
	if n == 0 || strings.Count(orig, "\r\n") != n {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n")
}

func install(ctx context.Context, agent Agent, p place, sc scope, notify bool) (string, error) {
	path := p.path
	orig, existed, err := p.read()
	if err != nil {
		return "", err
	}
	var text string
	var done bool
	if notify {
		text, done, err = installCodex(orig)
	} else {
		text, done, err = agent.spec().form.add(agent.spec(), orig, existed)
	}
	if err != nil {
		return "", exitcode.UsageErrorf("%s: %v; nothing was changed", path, err)
	}
	if done {
		return fmt.Sprintf("already installed in %s", path) + installNote(agent, notify, path), nil
	}
	if err := writable(p); err != nil {
		return "", err
	}
	// Everything install will write is looked at before anything is.
	if err := checkOthers(ctx, agent, sc, p); err != nil {
		return "", err
	}
	text = sameEOL(orig, text)
	st := &installState{Path: path, Existed: existed, Original: orig, Wrote: hashOf(text)}
	if !existed {
		st.CreatedDir = firstMissing(filepath.Dir(path))
	}
	if err := st.save(); err != nil {
		return "", exitcode.UsageErrorf("cannot remember what install changes (%v); nothing was changed", err)
	}
	perm := os.FileMode(0o644)
	if agent.spec().executable {
		perm = 0o755 // a new one; an existing file keeps its permissions
	}
	if err := writeSettings(p, text, perm); err != nil {
		return "", err
	}
	return fmt.Sprintf("installed: %s now runs `%s` (%s)", path, runCommand(agent), describeHooks(agent, notify)) + installNote(agent, notify, path), nil
}

func describeHooks(agent Agent, notify bool) string {
	if notify {
		return "notify, after every turn; notify has no session-start event, so the base is HEAD"
	}
	return agent.spec().describe
}

// installNote is what the agent asks of the user before it runs a new
// hook, if anything.
func installNote(agent Agent, notify bool, path string) string {
	if n := agent.spec().note; n != nil {
		return n(notify, path)
	}
	return ""
}

// uninstallHint says where else the hook may be, when uninstall found
// none.
func uninstallHint(agent Agent, notify bool) string {
	if h := agent.spec().hint; h != nil {
		return h(notify)
	}
	return ""
}

// uninstall removes git-aiedit's entries from path; keep (the file is
// tracked by git) keeps the file even when install created it, so that
// uninstall never deletes what a commit holds.
func uninstall(agent Agent, p place, notify, keep bool) (string, error) {
	path := p.path
	text, existed, err := p.read()
	if err != nil {
		return "", err
	}
	if !existed {
		return fmt.Sprintf("not installed: %s does not exist", path) + uninstallHint(agent, notify), nil
	}
	if st := loadState(path); st != nil && st.Wrote == hashOf(text) && (st.Existed || !keep) {
		// Untouched since install: give the original back exactly.
		if err := writable(p); err != nil {
			return "", err
		}
		if st.Existed {
			err = writeSettings(p, st.Original, 0o644)
		} else {
			err = p.remove()
			if err == nil && st.CreatedDir != "" {
				removeEmpty(filepath.Dir(path), st.CreatedDir)
			}
		}
		if err != nil {
			return "", exitcode.UsageErrorf("cannot restore %s: %v", path, err)
		}
		dropState(path)
		return fmt.Sprintf("uninstalled: %s is as it was before install", path), nil
	}
	var out string
	var removed bool
	if notify {
		out, removed, err = uninstallCodex(text, loadState(path))
	} else {
		out, removed, err = agent.spec().form.remove(agent.spec(), text)
	}
	if err != nil {
		return "", exitcode.UsageErrorf("%s: %v; nothing was changed", path, err)
	}
	if !removed {
		return fmt.Sprintf("not installed in %s", path) + uninstallHint(agent, notify), nil
	}
	if out == "" {
		// A file that was git-aiedit's alone (a plugin, a hook script),
		// edited since: nothing of it is left to keep.
		if err := p.remove(); err != nil {
			return "", err
		}
		dropState(path)
		return fmt.Sprintf("uninstalled: %s, git-aiedit's own file, is removed", path), nil
	}
	out = sameEOL(text, out)
	if err := writeSettings(p, out, 0o644); err != nil {
		return "", err
	}
	dropState(path)
	if keep {
		return fmt.Sprintf("uninstalled: git-aiedit's entries removed from %s; git tracks the file, so it is kept: commit the change so that the hook stops running for everyone", path), nil
	}
	return fmt.Sprintf("uninstalled: git-aiedit's entries removed from %s (the rest was edited since install and is kept)", path), nil
}

// hookEvents names the events of a settings object's "hooks" whose list
// holds an entry of ours (has looks in one list), in the file's order.
func hookEvents(root *jnode, has func(list *jnode) bool) []string {
	_, hooks := root.member("hooks")
	if hooks == nil || hooks.kind != '{' {
		return nil
	}
	var events []string
	for _, m := range hooks.members {
		if m.val.kind == '[' && has(m.val) {
			events = append(events, m.key)
		}
	}
	return events
}

// removeHookEntries cuts git-aiedit's entries out of the "hooks" object of
// a settings text (what names that object in errors), one at a time until
// none is left, taking the event lists and the object that become empty
// with them. cut looks in one event's list: whether it holds an entry of
// ours, and the edit that removes it, unless it would leave the list
// empty (whole): the list goes then.
func removeHookEntries(text, what string, cut func(list *jnode) (e edit, found, whole bool)) (string, bool, error) {
	removed := false
	for {
		root, err := parseJSONText(text)
		if err != nil {
			return "", false, fmt.Errorf("not valid JSON (%v)", err)
		}
		if root.kind != '{' {
			return text, removed, nil
		}
		if err := noDuplicate(text, root, "hooks", what); err != nil {
			return "", false, err
		}
		hi, hooks := root.member("hooks")
		if hooks == nil || hooks.kind != '{' {
			return text, removed, nil
		}
		found := false
		for ei, m := range hooks.members {
			if m.val.kind != '[' {
				continue
			}
			e, ok, whole := cut(m.val)
			if !ok {
				continue
			}
			switch {
			case !whole:
			case len(hooks.members) > 1:
				e = removeMember(hooks, ei)
			default:
				e = removeMember(root, hi)
			}
			text = e.apply(text)
			found, removed = true, true
			break
		}
		if !found {
			return text, removed, nil
		}
	}
}

// addHookEntries adds entry to the list of each of events in the "hooks"
// object of a settings text (what names that object in errors), one event
// at a time, the text parsed again after each edit; has says whether a list
// holds our entry already. added says whether the text changed.
func addHookEntries(text string, events []string, parse func(string) (*jnode, error), what string, entry any, has func(*jnode) bool) (out string, added bool, err error) {
	for _, event := range events {
		root, err := parse(text)
		if err != nil {
			return "", false, err
		}
		e, done, err := addHookEntry(text, root, what, event, entry, has)
		if err != nil {
			return "", false, err
		}
		if done {
			continue
		}
		text = e.apply(text)
		added = true
	}
	return text, added, nil
}

// addHookEntry is the edit that adds entry under "hooks" → event of the
// settings object root (named what in errors), creating "hooks" and the
// event's list as needed; done when has finds the entry there already.
// A duplicate "hooks" or event key is refused: agents read one copy,
// other readers the other.
func addHookEntry(text string, root *jnode, what, event string, entry any, has func(*jnode) bool) (e edit, done bool, err error) {
	unit := indentUnit(text, root)
	if err := noDuplicate(text, root, "hooks", what); err != nil {
		return edit{}, false, err
	}
	_, hooks := root.member("hooks")
	if hooks != nil && hooks.kind == '{' {
		if err := noDuplicate(text, hooks, event, `"hooks"`); err != nil {
			return edit{}, false, err
		}
	}
	switch {
	case hooks == nil:
		return addMember(text, root, 0, unit, "hooks", map[string]any{event: []any{entry}}), false, nil
	case hooks.kind != '{':
		return edit{}, false, errors.New(`"hooks" is not an object`)
	}
	_, arr := hooks.member(event)
	switch {
	case arr == nil:
		return addMember(text, hooks, 1, unit, event, []any{entry}), false, nil
	case arr.kind != '[':
		return edit{}, false, fmt.Errorf(`"hooks.%s" is not a list`, event)
	case has(arr):
		return edit{}, true, nil
	}
	return addElem(text, arr, 2, unit, entry), false, nil
}
