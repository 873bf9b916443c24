package gitops

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// treeEntry is one entry of a tree object.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash plumbing.Hash
}

// emptyTree is the hash of the tree with no entries.
var emptyTree = plumbing.NewHash("4b825dc642cb6eb9a060e54bf8d69288fbee4904")

// decodeTree parses a tree object: entries of "<octal mode> <name>\0<20-byte hash>".
func decodeTree(data []byte) ([]treeEntry, error) {
	// Names are cut from one copy of the tree, not copied one by one.
	all := string(data)
	base := len(all)
	out := make([]treeEntry, 0, len(data)/32+1)
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp <= 0 {
			return nil, fmt.Errorf("malformed tree entry mode")
		}
		mode, err := parseMode(data[:sp])
		if err != nil {
			return nil, fmt.Errorf("malformed tree entry mode %q", data[:sp])
		}
		data = data[sp+1:]
		nul := bytes.IndexByte(data, 0)
		if nul <= 0 || len(data) < nul+1+20 {
			return nil, fmt.Errorf("malformed tree entry name")
		}
		at := base - len(data)
		e := treeEntry{name: all[at : at+nul], mode: filemode.FileMode(mode)}
		copy(e.hash[:], data[nul+1:nul+21])
		out = append(out, e)
		data = data[nul+21:]
	}
	return out, nil
}

// parseMode reads an entry's octal mode; the modes git writes are
// known without parsing.
func parseMode(b []byte) (uint64, error) {
	switch string(b) {
	case "100644":
		return 0o100644, nil
	case "40000":
		return 0o40000, nil
	case "100755":
		return 0o100755, nil
	}
	return strconv.ParseUint(string(b), 8, 32)
}

// encodeTree writes entries in git's order: by name, where a directory
// compares as if its name ended in "/" (so "a.b" < "a/" < "a0"), with the
// mode in octal without leading zeros ("40000" for a directory).
func encodeTree(entries []treeEntry) []byte {
	sort.Slice(entries, func(i, j int) bool { return entryLess(entries[i], entries[j]) })
	var buf bytes.Buffer
	for _, e := range entries {
		buf.WriteString(strconv.FormatUint(uint64(e.mode), 8))
		buf.WriteByte(' ')
		buf.WriteString(e.name)
		buf.WriteByte(0)
		buf.Write(e.hash[:])
	}
	return buf.Bytes()
}

// entryLess is git's base_name_compare: the common prefix decides, then
// the next byte, where a directory's name ends in an implicit '/'.
func entryLess(a, b treeEntry) bool {
	n := min(len(a.name), len(b.name))
	if a.name[:n] != b.name[:n] {
		return a.name[:n] < b.name[:n]
	}
	return nextByte(a, n) < nextByte(b, n)
}

func nextByte(e treeEntry, n int) byte {
	switch {
	case n < len(e.name):
		return e.name[n]
	case e.mode == filemode.Dir:
		return '/'
	}
	return 0
}

// readTree reads and decodes a tree object; the zero hash is an empty tree.
func (r *Repo) readTree(h plumbing.Hash) ([]treeEntry, error) {
	if h.IsZero() || h == emptyTree {
		return nil, nil
	}
	r.treeReads.Add(1)
	data, err := r.objects.view(plumbing.TreeObject, h) // decodeTree copies what it keeps
	if err != nil {
		return nil, err
	}
	entries, err := decodeTree(data)
	if err != nil {
		return nil, fmt.Errorf("%w (tree %s)", err, h)
	}
	return entries, nil
}

// readObject returns the content of object h of type t, the caller's to
// keep and change.
func (r *Repo) readObject(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	return r.objects.readBytes(t, h)
}

// writeObject stores data as an object of type t and returns its hash.
func (r *Repo) writeObject(t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	return r.objects.writeBytes(t, data)
}
