package gitops

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// Identity returns the author and committer git would use right now:
// config files, includes and GIT_AUTHOR_* / GIT_COMMITTER_* all count,
// because git itself works them out (`git var`).
//
// It is read once per Repo (both variables at the same time), so every
// commit of one run carries the same identity and time, as a rebase's do.
func (r *Repo) Identity(ctx context.Context) (author, committer object.Signature, err error) {
	r.identOnce.Do(func() {
		var wg sync.WaitGroup
		var aerr error
		wg.Go(func() { r.author, aerr = r.ident(ctx, "GIT_AUTHOR_IDENT") })
		r.committer, r.identErr = r.ident(ctx, "GIT_COMMITTER_IDENT")
		wg.Wait()
		if aerr != nil {
			r.identErr = aerr
		}
	})
	return r.author, r.committer, r.identErr
}

// Prefetch starts reading what writing commits needs (identity, signing
// configuration) in the background, so that it overlaps other work.
func (r *Repo) Prefetch(ctx context.Context) {
	go func() { _, _, _ = r.Identity(ctx) }()
	go func() { _, _ = r.signing(ctx) }()
}

func (r *Repo) ident(ctx context.Context, name string) (object.Signature, error) {
	out, err := r.git("var", name).output(ctx, "identity")
	if err != nil {
		if e, ok := err.(*RepoError); ok {
			e.Hint = `set your identity: git config --global user.name "Your Name"; git config --global user.email you@example.com`
		}
		return object.Signature{}, err
	}
	sig, err := parseIdent(out)
	if err != nil {
		return object.Signature{}, &RepoError{Op: "identity", Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	return sig, nil
}

// parseIdent parses git's "Name <email> 1700000000 +0100", keeping the
// time zone offset as written.
func parseIdent(s string) (object.Signature, error) {
	open := strings.LastIndexByte(s, '<')
	closing := strings.LastIndexByte(s, '>')
	if open < 0 || closing < open {
		return object.Signature{}, fmt.Errorf("identity: malformed %q", s)
	}
	name := strings.TrimSuffix(s[:open], " ")
	email := s[open+1 : closing]
	fields := strings.Fields(s[closing+1:])
	if len(fields) != 2 {
		return object.Signature{}, fmt.Errorf("identity: malformed date in %q", s)
	}
	secs, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return object.Signature{}, fmt.Errorf("identity: malformed date in %q", s)
	}
	tz := fields[1]
	if len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return object.Signature{}, fmt.Errorf("identity: malformed time zone in %q", s)
	}
	hh, err1 := strconv.Atoi(tz[1:3])
	mm, err2 := strconv.Atoi(tz[3:5])
	if err1 != nil || err2 != nil {
		return object.Signature{}, fmt.Errorf("identity: malformed time zone in %q", s)
	}
	offset := (hh*60 + mm) * 60
	if tz[0] == '-' {
		offset = -offset
	}
	when := time.Unix(secs, 0).In(time.FixedZone("", offset))
	return object.Signature{Name: name, Email: email, When: when}, nil
}
