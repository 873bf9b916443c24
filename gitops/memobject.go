package gitops

import (
	"bytes"
	"io"

	"github.com/go-git/go-git/v5/plumbing"
)

// memObject is an object this process read, as the object cache keeps
// it: its hash is known (go-git's MemoryObject hashes its content again
// when it is cached) and its bytes are never changed once cached, so
// that a reader that only looks (objectStore.view) needs no copy.
type memObject struct {
	typ  plumbing.ObjectType
	hash plumbing.Hash
	data []byte
}

func (o *memObject) Hash() plumbing.Hash           { return o.hash }
func (o *memObject) Type() plumbing.ObjectType     { return o.typ }
func (o *memObject) SetType(t plumbing.ObjectType) { o.typ = t }
func (o *memObject) Size() int64                   { return int64(len(o.data)) }
func (o *memObject) SetSize(int64)                 {}

func (o *memObject) Reader() (io.ReadCloser, error) {
	return io.NopCloser(bytes.NewReader(o.data)), nil
}

// Writer refuses: a cached object does not change.
func (o *memObject) Writer() (io.WriteCloser, error) {
	return nil, plumbing.ErrInvalidType
}

// contentOf is the content of a cached object without a copy; ok is
// false for an object that go-git cached in its own type.
func contentOf(obj plumbing.EncodedObject) (data []byte, ok bool) {
	m, ok := obj.(*memObject)
	if !ok {
		return nil, false
	}
	return m.data, true
}
