package udiff_test

import (
	"bytes"
	"github.com/git-aiedit/git-aiedit/internal/extdata"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// conformanceDir holds go-gitdiff's apply test data (see its README).
const conformanceDir = "../../../shared/conformance/gitdiff-apply"

// prefixCases are the three cases whose .out stops where the hunk ends
// (go-gitdiff's test never copies the source lines after the fragment).
var prefixCases = map[string]bool{
	"text_fragment_change_start":  true,
	"text_fragment_change_middle": true,
	"text_fragment_change_exact":  true,
}

// sharedSource names the .src of the cases that have none of their own.
func sharedSource(name string) string {
	for _, p := range []string{"text_fragment_error", "bin_fragment_delta_error", "file_text"} {
		if strings.HasPrefix(name, p+"_") {
			return p
		}
	}
	if name == "bin_fragment_literal_error_limit" {
		return "bin_fragment_literal_create"
	}
	return name
}

// TestGitdiffConformance applies every case of go-gitdiff's apply data
// through the udiff format and the shared Session: text cases must give
// .out (line ending rule aside), expected failures must fail and leave the
// file alone, binary patches must be refused cleanly.
func TestGitdiffConformance(t *testing.T) {
	extdata.Require(t, conformanceDir, "go-gitdiff's apply conformance data",
		"put go-gitdiff's testdata/apply cases (github.com/bluekeyes/go-gitdiff, gitdiff/testdata/apply) there, beside this repository as ../shared/conformance/gitdiff-apply")
	patches, err := filepath.Glob(filepath.Join(conformanceDir, "*.patch"))
	require.NoError(t, err)
	require.Len(t, patches, 36, "20 successes and 16 expected failures")

	var text, failures, binary int
	for _, patchFile := range patches {
		name := strings.TrimSuffix(filepath.Base(patchFile), ".patch")
		t.Run(name, func(t *testing.T) {
			patch := read(t, patchFile)
			src := read(t, filepath.Join(conformanceDir, sharedSource(name)+".src"))
			out, outErr := os.ReadFile(filepath.Join(conformanceDir, name+".out"))
			wantOK := outErr == nil

			ops := parseAll(string(patch), 0)
			require.NotEmpty(t, ops)
			path := target(ops)
			require.NotEmpty(t, path, "the patch names its file")
			fs := newFS()
			require.NoError(t, util.WriteFile(fs, path, src, 0o644))
			results := applyAll(editcore.NewSession(fs, editcore.Options{}), ops)
			require.Len(t, results, len(ops))

			if bytes.Contains(patch, []byte("GIT binary patch")) {
				binary++
				// Refused cleanly: a malformed block, nothing applied, the
				// file untouched.
				for _, r := range results {
					assert.Equal(t, editcore.Failed, r.Status)
					assert.Equal(t, editcore.MalformedBlock, r.Error)
					assert.Contains(t, r.Message, "binary patches are not supported")
				}
				assert.Equal(t, src, readFS(t, fs, path))
				return
			}
			if !wantOK {
				failures++
				failed := false
				for _, r := range results {
					assert.NotEqual(t, editcore.Applied, r.Status, "%s: %s", r.Op.Kind, r.Message)
					assert.NotEqual(t, editcore.AlreadyApplied, r.Status, "%s: %s", r.Op.Kind, r.Message)
					failed = failed || r.Status == editcore.Failed
				}
				assert.True(t, failed, "an expected failure must fail")
				assert.Equal(t, src, readFS(t, fs, path), "the file is unchanged")
				return
			}
			text++
			for _, r := range results {
				require.Equal(t, editcore.Applied, r.Status, "%s %s: %s", r.Op.Kind, r.Path, r.Message)
				if r.Op.Kind == editcore.Replace {
					assert.Equal(t, "exact", string(r.Match))
				}
			}
			switch {
			case len(ops) == 1 && ops[0].Kind == editcore.Delete:
				require.Empty(t, out)
				_, err := fs.Stat(path)
				assert.True(t, os.IsNotExist(err), "deleted")
			case prefixCases[name]:
				got := readFS(t, fs, path)
				assert.True(t, bytes.HasPrefix(got, out), "%q is a prefix of %q", out, got)
				assert.Greater(t, len(got), len(out))
			default:
				want := out
				if len(out) > 0 && out[len(out)-1] != '\n' {
					// An edited file ends with a newline (docs/formats.md, "Files
					// and bytes"): "\ No newline at end of file" is not kept.
					want = append(want, '\n')
				}
				assert.Equal(t, string(want), string(readFS(t, fs, path)))
			}
			if name == "file_mode_change" {
				info, err := fs.Stat(path)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o755), info.Mode().Perm())
			}
		})
	}
	assert.Equal(t, 15, text, "text cases applied")
	assert.Equal(t, 8, failures, "text cases refused")
	assert.Equal(t, 13, binary, "binary cases refused")
}

// target is the path the patch's single file has in the operations.
func target(ops []editcore.Op) string {
	for _, op := range ops {
		if op.From != "" {
			return repopath.Clean(op.From)
		}
		if op.Path != "" {
			return repopath.Clean(op.Path)
		}
	}
	return ""
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return b
}
