package gitops

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Identity returns the author and committer git would use right now:
// config files, includes and GIT_AUTHOR_* / GIT_COMMITTER_* all count.
// When the names and addresses are given explicitly (environment or
// config) and plain, and no GIT_*_DATE is set, it is worked out from the
// config read at discovery exactly as `git var` would (a table test holds
// the two equal); otherwise git itself is asked (`git var`).
//
// It is read once per Repo (both at the same time), so every commit of
// one run carries the same identity and time, as a rebase's do.
func (r *Repo) Identity(ctx context.Context) (author, committer Signature, err error) {
	r.identOnce.Do(func() {
		if a, c, ok := r.explicitIdentity(time.Now()); ok {
			r.author, r.committer = a, c
			return
		}
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

// explicitIdentity is git's fmt_ident (ident.c) for the case where
// nothing is guessed: the name from GIT_<WHO>_NAME, else <who>.name, else
// user.name; the address likewise from GIT_<WHO>_EMAIL, <who>.email,
// user.email; the time now, in the local zone. ok is false when git would
// guess, refuse, clean up a value, or parse a date: then only git knows.
func (r *Repo) explicitIdentity(now time.Time) (author, committer Signature, ok bool) {
	if r.config.load() != nil {
		return author, committer, false
	}
	loc, ok := localZone()
	if !ok {
		return author, committer, false
	}
	now = now.In(loc)
	one := func(who, env string) (Signature, bool) {
		if _, set := os.LookupEnv("GIT_" + env + "_DATE"); set {
			return Signature{}, false
		}
		name, nok := r.identPart("GIT_"+env+"_NAME", who+".name", "user.name")
		email, eok := r.identPart("GIT_"+env+"_EMAIL", who+".email", "user.email")
		if !nok || !eok {
			return Signature{}, false
		}
		return Signature{Name: name, Email: email, When: now.Truncate(time.Second)}, true
	}
	author, aok := one("author", "AUTHOR")
	committer, cok := one("committer", "COMMITTER")
	return author, committer, aok && cok
}

// localZone is the zone git's localtime() uses: TZ when set (a zone
// name; git also takes POSIX rules such as "EST5EDT", which only git
// knows), else the system's.
func localZone() (*time.Location, bool) {
	tz, set := os.LookupEnv("TZ")
	if !set {
		return time.Local, true
	}
	if tz == "" {
		return time.UTC, true
	}
	loc, err := time.LoadLocation(strings.TrimPrefix(tz, ":"))
	return loc, err == nil
}

// identPart is the first of the environment variable, the per-role key
// and the user key that is set (an empty per-role key counts as unset,
// as in git), if git would use it unchanged.
func (r *Repo) identPart(env, roleKey, userKey string) (string, bool) {
	v, set := os.LookupEnv(env)
	if !set {
		e, ok := r.config.lookup(roleKey)
		if !ok || e.value == "" {
			e, ok = r.config.lookup(userKey)
		}
		if !ok || e.bare {
			return "", false
		}
		v = e.value
	}
	return v, plainIdent(v)
}

// plainIdent reports a value git's strbuf_addstr_without_crud keeps as it
// is: not empty, no '<', '>' or newline, no "crud" at either end.
func plainIdent(v string) bool {
	if v == "" || strings.ContainsAny(v, "<>\n") {
		return false
	}
	crud := func(c byte) bool { return c <= ' ' || strings.IndexByte(",:;<>\"\\'.", c) >= 0 }
	return !crud(v[0]) && !crud(v[len(v)-1])
}

// Prefetch starts reading what writing commits needs (identity, signing
// configuration) in the background, so that it overlaps other work.
func (r *Repo) Prefetch(ctx context.Context) {
	go func() { _, _, _ = r.Identity(ctx) }()
	go func() { _, _ = r.signing(ctx) }()
}

func (r *Repo) ident(ctx context.Context, name string) (Signature, error) {
	// Read in the background from the start of a run, and needed for
	// the commits of what was complete when ^C comes (the terminal's
	// SIGINT would kill it with the run's process group).
	c := r.gitNoObjects("var", name)
	c.detached = true
	res, err := c.run(ctx)
	if err == nil && res.code == -1 && ctx.Err() == nil {
		// Killed by a signal meant for the run: an interrupt that came
		// as it started, before its process group was its own. Once more:
		// what was complete is committed with this identity.
		res, err = c.run(ctx)
	}
	out, err := c.outputOf("identity", res, err)
	if err != nil {
		if e, ok := err.(*RepoError); ok {
			e.Hint = `set your identity: git config --global user.name "Your Name"; git config --global user.email you@example.com`
		}
		return Signature{}, err
	}
	sig, err := parseIdent(out)
	if err != nil {
		return Signature{}, &RepoError{Op: "identity", Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	return sig, nil
}

// parseIdent parses git's "Name <email> 1700000000 +0100", keeping the
// time zone offset as written.
func parseIdent(s string) (Signature, error) {
	open := strings.LastIndexByte(s, '<')
	closing := strings.LastIndexByte(s, '>')
	if open < 0 || closing < open {
		return Signature{}, fmt.Errorf("identity: malformed %q", s)
	}
	name := strings.TrimSuffix(s[:open], " ")
	email := s[open+1 : closing]
	fields := strings.Fields(s[closing+1:])
	if len(fields) != 2 {
		return Signature{}, fmt.Errorf("identity: malformed date in %q", s)
	}
	secs, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return Signature{}, fmt.Errorf("identity: malformed date in %q", s)
	}
	tz := fields[1]
	if len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return Signature{}, fmt.Errorf("identity: malformed time zone in %q", s)
	}
	hh, err1 := strconv.Atoi(tz[1:3])
	mm, err2 := strconv.Atoi(tz[3:5])
	if err1 != nil || err2 != nil {
		return Signature{}, fmt.Errorf("identity: malformed time zone in %q", s)
	}
	offset := (hh*60 + mm) * 60
	if tz[0] == '-' {
		offset = -offset
	}
	when := time.Unix(secs, 0).In(time.FixedZone("", offset))
	return Signature{Name: name, Email: email, When: when}, nil
}
