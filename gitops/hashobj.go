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
var hashers = sync.Pool{New: func() any { return &hasher{h: hash.New(hash.CryptoType)} }}

// hasher is a SHA-1 state with room for an object's header and sum, so
// that hashing allocates nothing.
type hasher struct {
	h   hash.Hash
	buf [64]byte
}

// objectHash is plumbing.ComputeHash(t, data), the same algorithm go-git
// uses for every object (TestHashObjectMatchesGoGit).
func objectHash(t plumbing.ObjectType, data []byte) (h plumbing.Hash) {
	hh := hashers.Get().(*hasher)
	hh.h.Reset()
	b := append(hh.buf[:0], t.Bytes()...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(len(data)), 10)
	b = append(b, 0)
	hh.h.Write(b)
	hh.h.Write(data)
	copy(h[:], hh.h.Sum(hh.buf[:0]))
	hashers.Put(hh)
	return h
}
