package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// A commit object, as git writes it (and as go-git's object.Commit reads
// and writes it, which this replaces: importing that package linked
// go-git's OpenPGP verification, and with it ProtonMail/go-crypto and
// cloudflare/circl, about 100 MB of an install's module cache):
//
//	tree <hex>
//	parent <hex>            (zero or more, contiguous)
//	author <signature>
//	committer <signature>
//	<other headers>         (encoding, mergetag, gpgsig, …: a header's
//	                        continuation lines start with a space)
//	                        (one empty line)
//	<message>
//
// Invariants of decodeCommit, the same as go-git's decoder and git's
// parse_commit_buffer for the fields kept here:
//   - the headers end at the first empty line; everything after it is the
//     message, byte for byte; without an empty line the message is empty;
//   - the first header is tree, or the commit is malformed;
//   - only the parents right after tree count; an author or committer out
//     of its place is not read;
//   - the other headers are read past and not kept: nothing here writes
//     back a commit it has read, so a signature (gpgsig) or an encoding
//     header is never lost by a round trip.

// Commit is a commit object: its hash, tree, parents, author, committer
// and message.
type Commit struct {
	Hash         plumbing.Hash
	TreeHash     plumbing.Hash
	ParentHashes []plumbing.Hash
	Author       Signature
	Committer    Signature
	Message      string
}

// Signature is an author or a committer: a name, an email and a time in
// its time zone.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// errMalformedCommit is wrapped by decodeCommit's errors.
var errMalformedCommit = errors.New("malformed commit")

// decodeCommit parses the commit object h whose content is data.
func decodeCommit(h plumbing.Hash, data []byte) (*Commit, error) {
	c := &Commit{Hash: h}
	head := data
	if end := bytes.Index(data, []byte("\n\n")); end >= 0 {
		head = data[:end+1]
		c.Message = string(data[end+2:])
	}
	if len(head) == 0 || head[0] == '\n' {
		return nil, fmt.Errorf("%w: missing tree header", errMalformedCommit)
	}
	next := func() (key string, value []byte) {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		k, v, _ := bytes.Cut(line, []byte{' '})
		return string(k), v
	}
	key, value := next()
	if key != "tree" {
		return nil, fmt.Errorf("%w: tree header must be first", errMalformedCommit)
	}
	var err error
	if c.TreeHash, err = parseObjectID(value, "tree"); err != nil {
		return nil, err
	}
	key, value = next()
	for key == "parent" {
		p, err := parseObjectID(value, "parent")
		if err != nil {
			return nil, err
		}
		c.ParentHashes = append(c.ParentHashes, p)
		key, value = next()
	}
	if key == "author" {
		c.Author = decodeSignature(value)
		key, value = next()
	}
	if key == "committer" {
		c.Committer = decodeSignature(value)
	}
	return c, nil
}

// parseObjectID reads the hexadecimal object name of a header.
func parseObjectID(value []byte, header string) (plumbing.Hash, error) {
	if !plumbing.IsHash(string(value)) {
		return plumbing.ZeroHash, fmt.Errorf("%w: bad %s hash", errMalformedCommit, header)
	}
	return plumbing.NewHash(string(value)), nil
}

// encodeCommit is the content of the commit object c (its Hash is not
// read): without other headers, the message as given.
func encodeCommit(c *Commit) []byte {
	var b bytes.Buffer
	b.Grow(len(c.Message) + 200 + 48*len(c.ParentHashes))
	b.WriteString("tree ")
	b.WriteString(c.TreeHash.String())
	for _, p := range c.ParentHashes {
		b.WriteString("\nparent ")
		b.WriteString(p.String())
	}
	b.WriteString("\nauthor ")
	c.Author.encode(&b)
	b.WriteString("\ncommitter ")
	c.Committer.encode(&b)
	b.WriteString("\n\n")
	b.WriteString(c.Message)
	return b.Bytes()
}

// decodeSignature reads "Name <email> 1700000000 +0100" as go-git does:
// the email is between the last '<' and the last '>', the name before it
// without surrounding spaces; a missing or malformed time leaves When
// zero, a missing or malformed zone leaves it in UTC.
func decodeSignature(b []byte) Signature {
	var s Signature
	open := bytes.LastIndexByte(b, '<')
	closing := bytes.LastIndexByte(b, '>')
	if open < 0 || closing < open {
		return s
	}
	s.Name = string(bytes.Trim(b[:open], " "))
	s.Email = string(b[open+1 : closing])
	if closing+2 >= len(b) {
		return s
	}
	b = b[closing+2:]
	secs, zone, _ := bytes.Cut(b, []byte{' '})
	ts, err := strconv.ParseInt(string(secs), 10, 64)
	if err != nil {
		return s
	}
	s.When = time.Unix(ts, 0).In(time.UTC)
	if len(zone) < 5 {
		return s
	}
	hours, err1 := strconv.ParseInt(string(zone[0:3]), 10, 64)
	mins, err2 := strconv.ParseInt(string(zone[3:5]), 10, 64)
	if err1 != nil || err2 != nil {
		return s
	}
	offset := abs(hours)*3600 + abs(mins)*60
	if zone[0] == '-' { // the sign is the zone's, "-0030" too, whose hours are -00
		offset = -offset
	}
	s.When = s.When.In(time.FixedZone("", int(offset)))
	return s
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// encode writes "Name <email> 1700000000 +0100"; a time before 1970 is
// written as 0, as go-git writes it.
func (s Signature) encode(b *bytes.Buffer) {
	b.WriteString(s.Name)
	b.WriteString(" <")
	b.WriteString(s.Email)
	b.WriteString("> ")
	u := s.When.Unix()
	if u < 0 {
		u = 0
	}
	b.WriteString(strconv.FormatInt(u, 10))
	b.WriteByte(' ')
	b.WriteString(s.When.Format("-0700"))
}

// String is "Name <email>".
func (s Signature) String() string { return s.Name + " <" + s.Email + ">" }
