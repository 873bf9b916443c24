package fastpath

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/check/syntax/langs"
)

// parseBuild reads build information as runtime/debug does, as far as
// the version line goes: this binary's own, and what releases, go
// install and builds from a checkout store.
func TestParseBuildAgrees(t *testing.T) {
	data := modinfo()
	require.GreaterOrEqual(t, len(data), 32, "a test binary has build information")
	samples := []string{data[16 : len(data)-16]}
	for _, bi := range []debug.BuildInfo{
		{Path: "github.com/git-aiedit/git-aiedit/cmd/git-aiedit", Main: debug.Module{Path: "github.com/git-aiedit/git-aiedit", Version: "v1.2.3", Sum: "h1:abc="}},
		{
			Path: "github.com/git-aiedit/git-aiedit/cmd/git-aiedit",
			Main: debug.Module{Path: "github.com/git-aiedit/git-aiedit", Version: "(devel)"},
			Deps: []*debug.Module{
				{Path: "github.com/urfave/cli/v3", Version: "v3.14.0", Sum: "h1:x="},
				{Path: "example.com/old", Version: "v1.0.0", Replace: &debug.Module{Path: "../old", Version: "(devel)"}},
			},
			Settings: []debug.BuildSetting{
				{Key: "-ldflags", Value: `-s -w -X main.version=1.2.3 -X "main.date=2026 01"`},
				{Key: "-tags", Value: "a,b"},
				{Key: "weird=key", Value: "x"},
				{Key: "CGO_ENABLED", Value: "1"},
				{Key: "vcs", Value: "git"},
				{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
				{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
				{Key: "vcs.modified", Value: "true"},
			},
		},
	} {
		samples = append(samples, bi.String())
	}
	for _, s := range samples {
		want, err := debug.ParseBuildInfo(s)
		require.NoError(t, err)
		wb := &Build{Version: want.Main.Version}
		for _, st := range want.Settings {
			wb.Settings = append(wb.Settings, [2]string{st.Key, st.Value})
		}
		got, ok := parseBuild(s)
		require.True(t, ok, s)
		for _, st := range []Stamp{{}, {Version: "1.2.3", Commit: "abc", Date: "2026-01-02"}} {
			assert.Equal(t, VersionLine(st, wb), string(appendVersionLine(nil, st, got)), s)
		}
	}
}

// What the fast path answers, and what it leaves to main.
func TestAnswer(t *testing.T) {
	f, ok := readBuild()
	require.True(t, ok)
	v := string(appendVersionLine(nil, Stamp{version, commit, date}, f))
	head := string(appendVersionHead(nil, Stamp{version, commit, date}, f))
	h, ok := Answer(nil)
	require.True(t, ok)
	// The help's VERSION is the first line alone: no stray "syntax
	// checks:" line under it.
	assert.Contains(t, h, "VERSION:\n   "+head+"\n\n")
	assert.NotContains(t, h, "syntax checks")
	assert.NotContains(t, h, VersionMarker)
	for _, args := range [][]string{{"--help"}, {"-h"}} {
		got, ok := Answer(args)
		assert.True(t, ok)
		assert.Equal(t, h, got)
	}
	got, ok := Answer([]string{"--version"})
	assert.True(t, ok)
	assert.Equal(t, v+"\n", got)
	for _, args := range [][]string{{"help"}, {"--help", "--version"}, {"apply", "--help"}, {"-v"}, {"--help=true"}} {
		_, ok := Answer(args)
		assert.False(t, ok, args)
	}
	// The process's own environment, as os.Getenv has it: the one the
	// runtime gave (what the fast path reads) does not follow Setenv.
	t.Setenv("URFAVE_CLI_TRACING", "on")
	_, ok = answer([]string{"--help"}, os.Getenv)
	assert.False(t, ok, "urfave/cli traces to stderr: main answers")
}

// The summary the fast path writes is the languages package's.
func TestSummary(t *testing.T) {
	assert.Equal(t, langs.Summary(), string(appendSummary(nil)))
	assert.Equal(t, "x"+langs.Summary(), string(appendSummary([]byte("x"))))
}
