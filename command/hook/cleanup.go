package hook

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Uninstall takes back everything install added, and nothing else:
// besides the settings file (install.go), the line it added to
// .git/info/exclude for Claude Code's personal file, the state files
// under the user's configuration directory (~/.config/git-aiedit/hooks)
// with their directories once empty, and the configuration directory
// itself when install created it (createdMarker says so).

// createdMarker, in ~/.config/git-aiedit, holds the outermost directory
// install created above it (~/.config on a new account), for the last
// uninstall to remove.
const createdMarker = "created"

// makeStateDir makes the state directory, remembering what it creates
// above ~/.config/git-aiedit.
func makeStateDir(hooks string) error {
	top := firstMissing(hooks)
	ours := filepath.Dir(hooks) // ~/.config/git-aiedit
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return err
	}
	if top != "" && top != hooks && top != ours {
		return os.WriteFile(filepath.Join(ours, createdMarker), []byte(top+"\n"), 0o644)
	}
	return nil
}

// removeStateDir removes the state directory when no state is left in
// it, then ~/.config/git-aiedit, then what install created above it.
func removeStateDir(hooks string) {
	if os.Remove(hooks) != nil {
		return // another install's state is there
	}
	ours := filepath.Dir(hooks)
	marker := filepath.Join(ours, createdMarker)
	top, _ := os.ReadFile(marker)
	_ = os.Remove(marker)
	if os.Remove(ours) != nil {
		return
	}
	if t := strings.TrimSpace(string(top)); t != "" && inside(filepath.Dir(ours), t) {
		removeEmpty(filepath.Dir(ours), t)
	}
}

// rememberExcluded records, in the state install just saved for the
// settings file at path, the exclude line it added (added).
func rememberExcluded(ctx context.Context, path string, added bool) error {
	if !added {
		return nil
	}
	st := loadState(path)
	if st == nil {
		return nil
	}
	repo, err := gitops.Discover(ctx, filepath.Dir(filepath.Dir(path)))
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	rel, err := filepath.Rel(repo.WorkTree, path)
	if err != nil {
		return nil
	}
	st.Excluded = filepath.ToSlash(rel)
	// ExcludeLocally just wrote the file: it was new if it holds only
	// that line.
	if data, err := os.ReadFile(filepath.Join(repo.CommonDir, "info", "exclude")); err == nil {
		st.ExcludedNewFile = string(data) == "/"+st.Excluded+"\n"
	}
	if err := st.save(); err != nil {
		return exitcode.UsageErrorf("cannot remember what install changes (%v)", err)
	}
	return nil
}

// unexclude takes back the exclude line install added, once uninstall
// has dropped install's state for the file (before: that state); it
// returns what to add to uninstall's message.
func unexclude(ctx context.Context, before *installState, path string) string {
	if before == nil || before.Excluded == "" || loadState(path) != nil {
		return ""
	}
	repo, err := gitops.Discover(ctx, filepath.Dir(filepath.Dir(path)))
	if err != nil {
		return ""
	}
	defer repo.Close()
	found, err := repo.UnexcludeLocally(before.Excluded, before.ExcludedNewFile)
	switch {
	case err != nil:
		return fmt.Sprintf("\ncannot take /%s out of .git/info/exclude (%v): remove that line by hand", before.Excluded, err)
	case found:
		return fmt.Sprintf("; took /%s out of .git/info/exclude again", before.Excluded)
	}
	return ""
}
