package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// houseFiles returns the repository's files whose path matches keep, as
// paths relative to the repository's root.
func houseFiles(t *testing.T, keep func(rel string) bool) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..")
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && rel != "." && d.Name() != ".ci" && d.Name() != ".github" {
				return filepath.SkipDir
			}
			return nil
		}
		if !keep(filepath.ToSlash(rel)) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out)
	return out
}

// TestNoCitationsACloneCannotFollow: the repository documents itself in
// docs/. Code, tests, scripts and the docs cite no document a clone does
// not have (the design's spec files, an issue by number), and no test
// says it is PENDING once it passes.
func TestNoCitationsACloneCannotFollow(t *testing.T) {
	t.Parallel()
	files := houseFiles(t, func(rel string) bool {
		switch {
		case strings.HasSuffix(rel, ".go"), strings.HasSuffix(rel, ".txtar"), strings.HasSuffix(rel, ".md"),
			strings.HasPrefix(rel, "scripts/"), strings.HasPrefix(rel, ".ci/"):
			return !strings.Contains(rel, "/testdata/fuzz/")
		}
		return false
	})
	bad := []struct {
		re  *regexp.Regexp
		why string
	}{
		{regexp.MustCompile(`\b(cli|commits)\.md\b`), "cites a spec file a clone does not have; cite docs/"},
		{regexp.MustCompile(`(?i)\bissues? #?\d+\b`), "cites an issue by number; say what the code does, or cite docs/"},
		{regexp.MustCompile(`\bPENDING\b`), "a passing test that says it is pending; say what it checks"},
	}
	// docs/ names its own pages bare; elsewhere a page is docs/NAME.md.
	bare := regexp.MustCompile(`(^|[^/\w"(\[-])(formats|transcripts)\.md\b`)
	for rel, text := range files {
		if rel == "cmd/git-aiedit/house_test.go" {
			continue
		}
		// The whole file first, the lines only where a rule matches
		// somewhere in it: under -race a regexp per line of the
		// repository cost seconds of CPU.
		hit := bare.MatchString(text)
		for _, b := range bad {
			hit = hit || b.re.MatchString(text)
		}
		if !hit {
			continue
		}
		for i, line := range strings.Split(text, "\n") {
			for _, b := range bad {
				assert.False(t, b.re.MatchString(line), "%s:%d %s: %s", rel, i+1, b.why, line)
			}
			if !strings.HasPrefix(rel, "docs/") && !strings.HasSuffix(rel, ".md") {
				assert.False(t, bare.MatchString(line), "%s:%d names a page of docs/ without docs/: %s", rel, i+1, line)
			}
		}
	}
}

// TestExternalDataSkipsLoudly: a test whose data lives outside the
// repository skips through internal/extdata, which says on standard error
// what is missing and how to get it, never with a bare t.Skip.
func TestExternalDataSkipsLoudly(t *testing.T) {
	t.Parallel()
	files := houseFiles(t, func(rel string) bool { return strings.HasSuffix(rel, "_test.go") })
	skip := regexp.MustCompile(`\bt\.Skipf?\(`)
	for rel, text := range files {
		if rel == "cmd/git-aiedit/house_test.go" {
			continue
		}
		if strings.Contains(text, `"../../../shared/`) || strings.Contains(text, "../shared/") {
			assert.Contains(t, text, "git-aiedit/internal/extdata", "%s reads data from beside the repository: skip through extdata", rel)
		}
		for i, line := range strings.Split(text, "\n") {
			if skip.MatchString(line) && (strings.Contains(line, "shared/") || strings.Contains(line, "beside this repository")) {
				assert.Fail(t, "a quiet skip for missing data", "%s:%d skips with t.Skip; use extdata.Require or extdata.Missing: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestTrailerKeysOwnedOnce: format/trailer owns aiedit's trailers both
// ways. No other code spells a key as a string of its own to write or
// read one (help text may name a trailer inside a sentence); it uses the
// package's Key constants.
func TestTrailerKeysOwnedOnce(t *testing.T) {
	t.Parallel()
	files := houseFiles(t, func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !strings.HasPrefix(rel, "format/trailer/")
	})
	key := regexp.MustCompile(`(?i)"(aiedit-[a-z-]+|assisted-by)(:? ?)"`)
	temp := regexp.MustCompile(`(?i)"aiedit-[a-z-]*-"`) // a temporary file's prefix, no key
	for rel, text := range files {
		for i, line := range strings.Split(text, "\n") {
			if key.MatchString(line) && !temp.MatchString(line) {
				assert.Fail(t, "a trailer key spelt outside format/trailer", "%s:%d: use format/trailer's Key constants: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestPackageDocsNameTheirPackage: a package comment starts "Package
// NAME" with the package's own name, so that go doc and a reader who
// opens the file are told the same thing.
func TestPackageDocsNameTheirPackage(t *testing.T) {
	t.Parallel()
	files := houseFiles(t, func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !strings.Contains(rel, "/testdata/")
	})
	for rel, text := range files {
		f, err := parser.ParseFile(token.NewFileSet(), rel, text, parser.PackageClauseOnly|parser.ParseComments)
		require.NoError(t, err, rel)
		if f.Doc == nil {
			continue
		}
		doc := f.Doc.Text()
		if !strings.HasPrefix(doc, "Package ") {
			continue // a command's doc: "Command …", or a file's own note
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(doc, "Package "), " ")
		assert.Equal(t, f.Name.Name, strings.TrimRight(name, ",.:\n"), "%s: its package comment names package %s", rel, name)
	}
}

// TestScriptsRunInCI: every script under scripts/ runs in CI (.ci/run),
// in a short mode, so that none rots unseen; a Go command there whose
// package has tests is run by go test ./... instead.
func TestScriptsRunInCI(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	require.NoError(t, err)
	entries, err := os.ReadDir(filepath.Join(root, "scripts"))
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		name := "scripts/" + e.Name()
		if e.IsDir() {
			if tests, _ := filepath.Glob(filepath.Join(root, name, "*_test.go")); len(tests) > 0 {
				continue
			}
		} else if info, err := e.Info(); err == nil && info.Mode()&0o111 == 0 {
			continue // a script's data (agents-versions), not a script
		}
		assert.Regexp(t, `(?m)^[^#\n]*\b`+regexp.QuoteMeta(name)+`\b`, string(ci), "%s is not run by .ci/run", name)
	}
}
