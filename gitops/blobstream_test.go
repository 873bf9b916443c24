package gitops

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestOpenBlob: a blob read as a stream from git, read to its end and
// past it, or closed half-way; a name that is no blob is an error.
func TestOpenBlob(t *testing.T) {
	gittest.Setenv(t)
	big := strings.Repeat("line of a session\n", 1<<16)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "big.jsonl": big})
	repo := open(t, r)
	ctx := context.Background()

	n, err := repo.BlobSize(ctx, "HEAD:big.jsonl")
	require.NoError(t, err)
	assert.EqualValues(t, len(big), n)

	rc, err := repo.OpenBlob(ctx, "HEAD:big.jsonl")
	require.NoError(t, err)
	got, err := io.ReadAll(rc)
	require.NoError(t, err)
	assert.Equal(t, big, string(got))
	k, err := rc.Read(make([]byte, 8))
	assert.Equal(t, 0, k)
	assert.ErrorIs(t, err, io.EOF, "a read past the end")
	require.NoError(t, rc.Close())

	rc, err = repo.OpenBlob(ctx, "HEAD:big.jsonl")
	require.NoError(t, err)
	_, err = io.ReadFull(rc, make([]byte, 100))
	require.NoError(t, err)
	require.NoError(t, rc.Close(), "closed half-way")

	_, err = repo.BlobSize(ctx, "HEAD:missing")
	assert.Error(t, err)
	rc, err = repo.OpenBlob(ctx, "HEAD:missing")
	require.NoError(t, err)
	_, err = io.ReadAll(rc)
	assert.ErrorContains(t, err, "cat-file blob HEAD:missing")
	require.NoError(t, rc.Close())
}
