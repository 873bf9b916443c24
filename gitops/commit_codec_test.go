package gitops

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestDecodeCommit(t *testing.T) {
	const tree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
	const p1 = "1111111111111111111111111111111111111111"
	const p2 = "2222222222222222222222222222222222222222"
	ann := Signature{Name: "Ann Lee", Email: "ann@x.org", When: time.Unix(1700000000, 0).In(time.FixedZone("", 3600))}
	bo := Signature{Name: "Bo", Email: "bo@y", When: time.Unix(1700000100, 0).In(time.FixedZone("", -(7*3600 + 30*60)))}
	tests := map[string]struct {
		in        string
		parents   []string
		author    Signature
		committer Signature
		message   string
		err       string // "" no error, else the error contains it
	}{
		"plain": {
			in:     "tree " + tree + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n\nsubject\n\nbody\n",
			author: ann, committer: bo, message: "subject\n\nbody\n",
		},
		"two parents": {
			in:      "tree " + tree + "\nparent " + p1 + "\nparent " + p2 + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n\nm\n",
			parents: []string{p1, p2}, author: ann, committer: bo, message: "m\n",
		},
		"signed, mergetag, encoding and other headers are read past": {
			in: "tree " + tree + "\nparent " + p1 + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n" +
				"encoding ISO-8859-1\nmergetag object " + p2 + "\n type commit\n tag v1\n \n tagged\n" +
				"gpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\nx-other value\n\nthe message\n",
			parents: []string{p1}, author: ann, committer: bo, message: "the message\n",
		},
		"message holds empty lines and header-like text": {
			in:     "tree " + tree + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n\n\nparent " + p1 + "\n\n",
			author: ann, committer: bo, message: "\nparent " + p1 + "\n\n",
		},
		"no message": {
			in:     "tree " + tree + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n",
			author: ann, committer: bo,
		},
		"parent after author does not count": {
			in:     "tree " + tree + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\nparent " + p1 + "\ncommitter Bo <bo@y> 1700000100 -0730\n\nm",
			author: ann, message: "m",
		},
		"committer before author: neither in its place is read": {
			in:        "tree " + tree + "\ncommitter Bo <bo@y> 1700000100 -0730\nauthor Ann Lee <ann@x.org> 1700000000 +0100\n\nm",
			committer: bo, message: "m",
		},
		"error_no_tree": {in: "parent " + p1 + "\n\nm", err: "tree header must be first"},
		"error_empty":   {in: "", err: "missing tree header"},
		"error_blank":   {in: "\ntree " + tree + "\n", err: "missing tree header"},
		"error_bad_tree": {
			in: "tree 123\n\nm", err: "bad tree hash",
		},
		"error_bad_parent": {
			in: "tree " + tree + "\nparent xyz\n\nm", err: "bad parent hash",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			h := plumbing.NewHash(p2)
			c, err := decodeCommit(h, []byte(tc.in))
			if tc.err != "" {
				require.ErrorIs(t, err, errMalformedCommit)
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, h, c.Hash)
			assert.Equal(t, tree, c.TreeHash.String())
			var parents []string
			for _, p := range c.ParentHashes {
				parents = append(parents, p.String())
			}
			assert.Equal(t, tc.parents, parents)
			assertSignature(t, tc.author, c.Author)
			assertSignature(t, tc.committer, c.Committer)
			assert.Equal(t, tc.message, c.Message)
		})
	}
}

func TestDecodeSignature(t *testing.T) {
	tests := map[string]struct {
		in          string
		name, email string
		unix        int64  // 0: When is zero
		zone        string // "" with unix: UTC
	}{
		"plain":           {in: "Ann Lee <ann@x.org> 1700000000 +0100", name: "Ann Lee", email: "ann@x.org", unix: 1700000000, zone: "+0100"},
		"angle in name":   {in: "C <c> D <d@e> 5 +0000", name: "C <c> D", email: "d@e", unix: 5, zone: "+0000"},
		"spaces trimmed":  {in: "  Zoë  <z@ü.de> 1 -0930", name: "Zoë", email: "z@ü.de", unix: 1, zone: "-0930"},
		"no time":         {in: "A <a@b>", name: "A", email: "a@b"},
		"bad time":        {in: "A <a@b> soon +0100", name: "A", email: "a@b"},
		"no zone":         {in: "A <a@b> 17", name: "A", email: "a@b", unix: 17},
		"short zone":      {in: "A <a@b> 17 +01", name: "A", email: "a@b", unix: 17},
		"west, under 1 h": {in: "A <a@b> 17 -0030", name: "A", email: "a@b", unix: 17, zone: "-0030"},
		"no email at all": {in: "A 17 +0100"},
		"closing first":   {in: "A >a@b< 17 +0100"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			s := decodeSignature([]byte(tc.in))
			assert.Equal(t, tc.name, s.Name)
			assert.Equal(t, tc.email, s.Email)
			if tc.unix == 0 {
				assert.True(t, s.When.IsZero(), "%v", s.When)
				return
			}
			assert.Equal(t, tc.unix, s.When.Unix())
			if tc.zone == "" {
				assert.Equal(t, time.UTC, s.When.Location())
			} else {
				assert.Equal(t, tc.zone, s.When.Format("-0700"))
			}
		})
	}
}

func TestEncodeCommitRoundTrip(t *testing.T) {
	c := &Commit{
		TreeHash:     plumbing.NewHash("4b825dc642cb6eb9a060e54bf8d69288fbee4904"),
		ParentHashes: []plumbing.Hash{plumbing.NewHash("1111111111111111111111111111111111111111")},
		Author:       Signature{Name: "Ann", Email: "ann@x.org", When: time.Unix(1700000000, 0).In(time.FixedZone("", 5*3600+30*60))},
		Committer:    Signature{Name: "Bo", Email: "bo@y", When: time.Unix(-5, 0).UTC()},
		Message:      "subject\n\nbody\n",
	}
	data := encodeCommit(c)
	assert.Equal(t, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent 1111111111111111111111111111111111111111\n"+
		"author Ann <ann@x.org> 1700000000 +0530\ncommitter Bo <bo@y> 0 +0000\n\nsubject\n\nbody\n", string(data))
	back, err := decodeCommit(plumbing.ZeroHash, data)
	require.NoError(t, err)
	assert.Equal(t, c.TreeHash, back.TreeHash)
	assert.Equal(t, c.ParentHashes, back.ParentHashes)
	assertSignature(t, c.Author, back.Author)
	assert.Equal(t, c.Message, back.Message)
	assert.Equal(t, "Ann <ann@x.org>", c.Author.String())
}

// TestDecodeCommitAsGit reads a commit git stored, signature and
// encoding headers and all, and compares each field with what git log
// says of it.
func TestDecodeCommitAsGit(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	tree := gr.Git(t, "rev-parse", "HEAD^{tree}")
	raw := "tree " + tree + "\nauthor Ann Lee <ann@x.org> 1700000000 +0100\ncommitter Bo <bo@y> 1700000100 -0730\n" +
		"encoding UTF-8\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n\nsubject\n\nbody\n"
	h := gittest.RunInput(t, gr.Dir, nil, raw, "hash-object", "-t", "commit", "-w", "--stdin")
	c, err := open(t, gr).Commit(plumbing.NewHash(strings.TrimSpace(h)))
	require.NoError(t, err)
	got := strings.Join([]string{c.TreeHash.String(), c.Author.Name, c.Author.Email,
		strconv.FormatInt(c.Author.When.Unix(), 10), c.Author.When.Format("-0700"),
		c.Committer.Name, c.Committer.Email,
		strconv.FormatInt(c.Committer.When.Unix(), 10), c.Committer.When.Format("-0700"), c.Message}, "\n")
	want := gr.Git(t, "log", "-1", "--date=format:%z", "--format=%T%n%an%n%ae%n%at%n%ad%n%cn%n%ce%n%ct%n%cd%n%B", strings.TrimSpace(h))
	assert.Equal(t, strings.TrimSpace(want), strings.TrimSpace(got))
}

func assertSignature(t *testing.T, want, got Signature) {
	t.Helper()
	assert.Equal(t, want.Name, got.Name)
	assert.Equal(t, want.Email, got.Email)
	assert.True(t, want.When.Equal(got.When), "%v, want %v", got.When, want.When)
	if !want.When.IsZero() {
		assert.Equal(t, want.When.Format("-0700"), got.When.Format("-0700"))
	}
}

// FuzzDecodeCommit: whatever a commit object holds, decoding it never
// panics, and a commit decoded is written back (encodeCommit) as one that
// decodes to the same tree, parents, people, times and message.
func FuzzDecodeCommit(f *testing.F) {
	f.Add([]byte("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n" +
		"author A <a@x> 1700000000 +0100\ncommitter C <c@x> 1700000000 -0030\ngpgsig -----BEGIN\n -----END\n\nmsg\n"))
	f.Add([]byte("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor <> 0 +0000\n\n"))
	f.Add([]byte("tree x\n\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := decodeCommit(plumbing.ZeroHash, data)
		if err != nil {
			return
		}
		again, err := decodeCommit(plumbing.ZeroHash, encodeCommit(c))
		require.NoError(t, err)
		assert.Equal(t, c.TreeHash, again.TreeHash)
		assert.Equal(t, len(c.ParentHashes), len(again.ParentHashes))
		assert.Equal(t, c.Message, again.Message)
		for _, p := range [][2]Signature{{c.Author, again.Author}, {c.Committer, again.Committer}} {
			assert.Equal(t, p[0].Name, p[1].Name)
			assert.Equal(t, p[0].Email, p[1].Email)
			if !p[0].When.IsZero() && p[0].When.Unix() >= 0 {
				assert.Equal(t, p[0].When.Unix(), p[1].When.Unix())
			}
		}
	})
}
