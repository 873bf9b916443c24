package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLayout holds the house's rules (CONTRIBUTING.md, Layout): command/
// holds commands, and no command imports another, not even in its tests; no library imports a
// command; the edit core knows nothing of transcripts, the engine or
// git's processes; a format of the tool's own (format/) is bytes and
// types, and knows nothing of git access, the engine, commands or their
// libraries; gitops knows git alone: it imports nothing of the tool's but
// its own packages, git's fsck rules (fsckrule) and the two leaf libraries
// for files (a policy or a format it would need belongs to its owner,
// which calls gitops); the edit core reaches into none of gitops.
func TestLayout(t *testing.T) {
	t.Parallel()
	const mod = "github.com/git-aiedit/git-aiedit/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...").Output()
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, mod) {
				continue
			}
			imp = strings.TrimPrefix(imp, mod)
			switch {
			case strings.HasPrefix(pkg, "command/") && strings.HasPrefix(imp, "command/"):
				assert.Fail(t, "a command imports another", "%s imports %s: share a library under internal/ instead", pkg, imp)
			case !strings.HasPrefix(pkg, "command/") && !strings.HasPrefix(pkg, "cmd/") && strings.HasPrefix(imp, "command/"):
				assert.Fail(t, "a library imports a command", "%s imports %s", pkg, imp)
			case strings.HasPrefix(pkg, "editcore") && (strings.HasPrefix(imp, "transcript") || strings.HasPrefix(imp, "engine") ||
				imp == "gitops" || strings.HasPrefix(imp, "gitops/") || strings.HasPrefix(imp, "internal/")):
				assert.Fail(t, "the edit core imports upward", "%s imports %s", pkg, imp)
			case strings.HasPrefix(pkg, "format/") && (imp == "gitops" || strings.HasPrefix(imp, "gitops/") || strings.HasPrefix(imp, "engine") ||
				strings.HasPrefix(imp, "command/") || strings.HasPrefix(imp, "internal/") || strings.HasPrefix(imp, "transcript")):
				assert.Fail(t, "a format package imports upward", "%s imports %s: a format is pure, its callers read and write it through gitops", pkg, imp)
			case (pkg == "gitops" || strings.HasPrefix(pkg, "gitops/")) && imp != "gitops" && !strings.HasPrefix(imp, "gitops/") &&
				imp != "fsckrule" && imp != "internal/ownedtemp" && imp != "internal/safeopen":
				assert.Fail(t, "gitops imports the tool's own", "%s imports %s: gitops holds git's storage and refs; the tool's formats and policies call it, never the other way", pkg, imp)
			}
		}
	}
	// Tests keep the rule too: a command's test that needs what another
	// command does runs the binary (a script), not the other package.
	out, err = exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", mod+"command/...").Output()
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, mod+"command/") && imp != fields[0] {
				assert.Fail(t, "a command's test imports another command", "%s imports %s", strings.TrimPrefix(fields[0], mod), strings.TrimPrefix(imp, mod))
			}
		}
	}
}
