package gitops

import (
	"strconv"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/hash"
)

// hashers are reused: plumbing.ComputeHash makes a new collision-
// detecting SHA-1 state (about 1 KiB) and two small buffers per object,
// and a response may write tens of thousands of objects.
var hashers = sync.Pool{New: func() any { return hash.New(hash.CryptoType) }}

// objectHash is plumbing.ComputeHash(t, data), the same algorithm go-git
// uses for every object (TestHashObjectMatchesGoGit).
func objectHash(t plumbing.ObjectType, data []byte) (h plumbing.Hash) {
	hh := hashers.Get().(hash.Hash)
	hh.Reset()
	var head [32]byte
	b := append(head[:0], t.Bytes()...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(len(data)), 10)
	b = append(b, 0)
	hh.Write(b)
	hh.Write(data)
	var sum [64]byte
	copy(h[:], hh.Sum(sum[:0]))
	hashers.Put(hh)
	return h
}
