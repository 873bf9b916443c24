package gitops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestParseIdent(t *testing.T) {
	tests := map[string]struct {
		in                string
		name, email, zone string
		unix              int64
		err               bool
	}{
		"plain":          {in: "Ann Lee <ann@x.org> 1700000000 +0100", name: "Ann Lee", email: "ann@x.org", unix: 1700000000, zone: "+0100"},
		"negative zone":  {in: "B <b@y> 1 -0730", name: "B", email: "b@y", unix: 1, zone: "-0730"},
		"angle in name":  {in: "C <c> D <d@e> 5 +0000", name: "C <c> D", email: "d@e", unix: 5, zone: "+0000"},
		"unicode":        {in: "Zoë Ünal <z@ü.de> 1700000000 +0530", name: "Zoë Ünal", email: "z@ü.de", unix: 1700000000, zone: "+0530"},
		"error_no_email": {in: "Ann 1700000000 +0100", err: true},
		"error_no_date":  {in: "Ann <a@b>", err: true},
		"error_bad_zone": {in: "Ann <a@b> 17 0100", err: true},
		"error_bad_secs": {in: "Ann <a@b> x +0100", err: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			sig, err := parseIdent(tc.in)
			if tc.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.name, sig.Name)
			assert.Equal(t, tc.email, sig.Email)
			assert.Equal(t, tc.unix, sig.When.Unix())
			assert.Equal(t, tc.zone, sig.When.Format("-0700"))
		})
	}
}

func TestIdentityFromGit(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	t.Setenv("GIT_AUTHOR_NAME", "Author Person")
	t.Setenv("GIT_AUTHOR_DATE", "1600000000 -0500")
	gr.Git(t, "config", "user.email", "ignored@x") // GIT_*_EMAIL wins, as in git
	author, committer, err := repo.Identity(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "Author Person", author.Name)
	assert.Equal(t, gittest.Email, author.Email)
	assert.Equal(t, "-0500", author.When.Format("-0700"))
	assert.Equal(t, int64(1600000000), author.When.Unix())
	assert.Equal(t, gittest.Name, committer.Name)
	assert.Equal(t, time.Unix(1700000000, 0).Unix(), committer.When.Unix())
}

func TestWriteCommitMatchesCommitTree(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	base := head(t, repo)
	tree := gr.Git(t, "rev-parse", "HEAD^{tree}")
	t.Setenv("GIT_AUTHOR_NAME", "Zoë Ünal")
	t.Setenv("GIT_AUTHOR_DATE", "1600000000 +0530")
	t.Setenv("GIT_COMMITTER_DATE", "1700000001 -0800")
	messages := map[string]string{
		"with trailers": trailer.FormatMessage("Fix the thing", "Because.", []trailer.Trailer{{Key: trailer.KeyResponse, Value: "1/2"}}),
		"one line":      "subject\n",
		"no newline":    "subject",
	}
	for name, msg := range messages {
		t.Run(name, func(t *testing.T) {
			for _, parents := range [][]plumbing.Hash{nil, {base}} {
				got, err := repo.WriteCommit(context.Background(), plumbing.NewHash(tree), parents, msg)
				require.NoError(t, err)
				args := []string{"commit-tree", tree}
				for _, p := range parents {
					args = append(args, "-p", p.String())
				}
				want := gittest.RunInput(t, gr.Dir, nil, msg, args...)
				assert.Equal(t, want, got.String())
			}
		})
	}
	fsck(t, gr)
}

func TestWriteCommitSigns(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	fake := filepath.Join(t.TempDir(), "fake-gpg")
	script := "#!/bin/sh\ncat >/dev/null\n" +
		"echo >&2\necho '[GNUPG:] SIG_CREATED D 1 8 00 1700000000 FAKE' >&2\n" +
		"printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n'\n"
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	gr.Git(t, "config", "commit.gpgsign", "true")
	gr.Git(t, "config", "gpg.program", fake)
	gr.Git(t, "config", "user.signingkey", "FAKE")
	repo := open(t, gr)
	base := head(t, repo)
	tree := plumbing.NewHash(gr.Git(t, "rev-parse", "HEAD^{tree}"))
	c, err := repo.WriteCommit(context.Background(), tree, []plumbing.Hash{base}, "signed\n")
	require.NoError(t, err)
	raw := gr.Git(t, "cat-file", "commit", c.String())
	assert.Contains(t, raw, "gpgsig -----BEGIN PGP SIGNATURE-----")
	assert.True(t, strings.HasSuffix(raw, "\n\nsigned"))
}

func TestIdentityMissing(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	gr.Git(t, "config", "user.useConfigOnly", "true")
	_, _, err := repo.Identity(context.Background())
	var re *RepoError
	require.ErrorAs(t, err, &re)
	assert.Contains(t, re.Hint, "git config")
}
