package check

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func writeHook(t *testing.T, path, script string, mode os.FileMode) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+script), mode))
}

func TestCommitMsg(t *testing.T) {
	tests := map[string]struct {
		script   string
		mode     os.FileMode
		hooksDir string // "" .git/hooks; else core.hooksPath, relative to the top
		direct   bool   // without `git hook run`
		none     bool   // no hook found
		want     string
		wantErr  string
	}{
		"adds a trailer": {script: "echo 'Change-Id: I123' >> \"$1\"\n", want: "subject\n\nKey: v\nChange-Id: I123\n"},
		"refuses": {script: "echo 'subject must name a ticket' >&2; exit 1\n",
			wantErr: "the commit-msg hook refused the commit message: subject must name a ticket"},
		"empties the message": {script: ": > \"$1\"\n", wantErr: "the hook left an empty message"},
		"core.hooksPath":      {script: "echo 'Signed: x' >> \"$1\"\n", hooksDir: "githooks", want: "subject\n\nKey: v\nSigned: x\n"},
		"run directly":        {script: "test -d .git || exit 9; echo 'Direct: yes' >> \"$1\"\n", direct: true, want: "subject\n\nKey: v\nDirect: yes\n"},
		"not executable":      {script: "exit 1\n", mode: 0o644, none: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			gittest.Setenv(t)
			gr := gittest.New(t, map[string]string{"a.txt": "a\n"})
			hook := filepath.Join(gr.Dir, ".git", "hooks", "commit-msg")
			if tc.hooksDir != "" {
				gr.Git(t, "config", "core.hooksPath", tc.hooksDir)
				hook = filepath.Join(gr.Dir, tc.hooksDir, "commit-msg")
			}
			mode := tc.mode
			if mode == 0 {
				mode = 0o755
			}
			writeHook(t, hook, tc.script, mode)
			before := gr.Snapshot(t)

			h, err := FindCommitMsg(context.Background(), filepath.Join(gr.Dir), gr.Dir, filepath.Join(gr.Dir, ".git"))
			require.NoError(t, err)
			if tc.none {
				assert.Nil(t, h)
				return
			}
			require.NotNil(t, h)
			assert.Equal(t, hook, h.Path())
			if tc.direct {
				h.gitHook = false
			}
			got, err := h.Run(context.Background(), "subject\n\nKey: v\n")
			if tc.wantErr != "" {
				var he *HookError
				require.ErrorAs(t, err, &he)
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, before, gr.Snapshot(t), "running the hook touches nothing of the user's")
		})
	}
}

func TestFindCommitMsgAbsent(t *testing.T) {
	gittest.Setenv(t)
	gr := gittest.New(t, map[string]string{"a.txt": "a\n"})
	h, err := FindCommitMsg(context.Background(), gr.Dir, gr.Dir, filepath.Join(gr.Dir, ".git"))
	require.NoError(t, err)
	assert.Nil(t, h)
	_, err = FindCommitMsg(context.Background(), t.TempDir(), "", "")
	assert.Error(t, err, "not a repository")
}

func TestLoadConfig(t *testing.T) {
	gittest.Setenv(t)
	gr := gittest.New(t, map[string]string{"a.txt": "a\n"})
	c, err := LoadConfig(context.Background(), gr.Dir)
	require.NoError(t, err)
	assert.Equal(t, Config{Syntax: true}, c)
	gr.Git(t, "config", "aiedit.checks", "require")
	gr.Git(t, "config", "aiedit.check.Vet.command", "go vet ./...")
	c, err = LoadConfig(context.Background(), gr.Dir)
	require.NoError(t, err)
	assert.Equal(t, Config{Policy: Require, Syntax: true, Commands: []Command{{Name: "Vet", Command: "go vet ./...", Timeout: DefaultTimeout}}}, c)
}
