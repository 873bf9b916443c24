package gitops

import (
	"bytes"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"
)

func TestHashObjectMatchesGoGit(t *testing.T) {
	for _, typ := range []plumbing.ObjectType{plumbing.BlobObject, plumbing.TreeObject, plumbing.CommitObject, plumbing.TagObject} {
		for _, data := range [][]byte{nil, []byte("a\n"), bytes.Repeat([]byte("0123456789"), 10000)} {
			require.Equal(t, plumbing.ComputeHash(typ, data), objectHash(typ, data), "%s of %d bytes", typ, len(data))
			require.Equal(t, plumbing.ComputeHash(typ, data), objectHash(typ, data), "reused: %s of %d bytes", typ, len(data))
		}
	}
}
