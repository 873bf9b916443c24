package gitops

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestIdentityMatchesGitVar holds the identity worked out from the config
// and environment equal to what `git var` prints, on a table of
// configurations; explicit says whether it was worked out in-process
// (otherwise git var was asked, and the two are equal by construction).
func TestIdentityMatchesGitVar(t *testing.T) {
	cases := []struct {
		name     string
		env      map[string]string
		config   [][2]string
		explicit bool
	}{
		{name: "env only", env: map[string]string{"GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@x.org",
			"GIT_COMMITTER_NAME": "Cy", "GIT_COMMITTER_EMAIL": "cy@x.org"}, explicit: true},
		{name: "user config", config: [][2]string{{"user.name", "Ada Lovelace"}, {"user.email", "ada@x.org"}}, explicit: true},
		{name: "author and committer keys win over user",
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}, {"author.name", "A"}, {"author.email", "a@x"},
				{"committer.name", "C"}, {"committer.email", "c@x"}}, explicit: true},
		{name: "empty author key falls back to user",
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}, {"author.name", ""}}, explicit: true},
		{name: "env wins over config", env: map[string]string{"GIT_AUTHOR_NAME": "Env"},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}, {"author.name", "A"}}, explicit: true},
		{name: "last value wins", config: [][2]string{{"user.name", "First"}, {"user.email", "u@x"}, {"user.name", "Second"}}, explicit: true},
		{name: "unicode", config: [][2]string{{"user.name", "Zoë Ünal"}, {"user.email", "zoë@example.com"}}, explicit: true},
		{name: "crud trimmed by git", config: [][2]string{{"user.name", " Spaced. "}, {"user.email", "<u@x>"}}},
		{name: "angle brackets inside", config: [][2]string{{"user.name", "A <b> C"}, {"user.email", "u@x"}}},
		{name: "date from env", env: map[string]string{"GIT_AUTHOR_DATE": "1600000000 +0530"},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}}},
		{name: "email from EMAIL", env: map[string]string{"EMAIL": "e@x"}, config: [][2]string{{"user.name", "U"}}},
		{name: "time zone", env: map[string]string{"TZ": "Asia/Kolkata"},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}}, explicit: true},
		{name: "time zone with colon", env: map[string]string{"TZ": ":America/New_York"},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}}, explicit: true},
		{name: "empty TZ is UTC", env: map[string]string{"TZ": ""},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}}, explicit: true},
		{name: "POSIX TZ rule", env: map[string]string{"TZ": "EST5EDT,M3.2.0,M11.1.0"},
			config: [][2]string{{"user.name", "U"}, {"user.email", "u@x"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gittest.Setenv(t)
			r := gittest.New(t, map[string]string{"a": "a\n"})
			for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE",
				"GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE", "EMAIL"} {
				t.Setenv(k, "")
				os.Unsetenv(k)
			}
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			for _, kv := range c.config {
				r.Git(t, "config", "--add", kv[0], kv[1])
			}
			repo := open(t, r)
			_, _, explicit := repo.explicitIdentity(time.Now())
			assert.Equal(t, c.explicit, explicit, "worked out in-process")
			before := time.Now().Truncate(time.Second) // identities hold whole seconds
			author, committer, err := repo.Identity(context.Background())
			require.NoError(t, err)
			for _, v := range []struct {
				name string
				got  string
			}{{"GIT_AUTHOR_IDENT", author.String()}, {"GIT_COMMITTER_IDENT", committer.String()}} {
				want := r.Git(t, "var", v.name)
				gotIdent, wantIdent := stripTime(v.got), stripTime(want)
				assert.Equal(t, wantIdent, gotIdent, v.name)
			}
			// Times: the same zone, and the same time: the date the
			// environment gives, or else the time of the call, which git's
			// falls in too (between before and after, however long the
			// calls took).
			want, err := parseIdent(r.Git(t, "var", "GIT_AUTHOR_IDENT"))
			require.NoError(t, err)
			after := time.Now()
			assert.Equal(t, want.When.Format("-0700"), author.When.Format("-0700"))
			if _, set := c.env["GIT_AUTHOR_DATE"]; set {
				assert.True(t, want.When.Equal(author.When), "%v, git says %v", author.When, want.When)
			} else {
				for _, when := range []time.Time{author.When, want.When} {
					assert.False(t, when.Before(before) || when.After(after), "%v is not between %v and %v", when, before, after)
				}
			}
		})
	}
}

// stripTime keeps "Name <email>" of an identity line.
func stripTime(ident string) string {
	i := strings.LastIndexByte(ident, '>')
	return ident[:i+1]
}
