package gitops

import (
	"bufio"
	"bytes"
	"context"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// BlameLine is one line of `git blame`: the commit that last changed it,
// where it was in that commit's version of the file, and its text.
type BlameLine struct {
	Commit   plumbing.Hash
	OrigPath string // the file's path in Commit (git follows renames)
	OrigLine int    // 1-based, in Commit's version of the file
	Line     int    // 1-based, in the blamed revision
	Text     string // without its newline
	Author   string
	Boundary bool // Commit is the boundary of the walk (a root commit)
}

// Blame runs `git blame --porcelain rev -- path` (rev "" is the working
// tree's HEAD) and returns every line.
func (r *Repo) Blame(ctx context.Context, rev, path string) ([]BlameLine, error) {
	args := []string{"blame", "--porcelain"}
	if rev != "" {
		args = append(args, rev)
	}
	args = append(args, "--", path)
	res, err := r.git(args...).run(ctx)
	if err != nil {
		return nil, &RepoError{Op: "blame " + path, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		return nil, &RepoError{Op: "blame " + path, Dir: r.Dir, Msg: gitMessage(res)}
	}
	return parseBlame(res.stdout), nil
}

// parseBlame reads git blame's porcelain format: a header line
// "<hash> <orig> <final> [<count>]", the commit's details the first time
// it appears ("author …", "filename …"), then the line after a tab.
func parseBlame(out []byte) []BlameLine {
	type info struct {
		author, path string
		boundary     bool
	}
	commits := map[plumbing.Hash]*info{}
	var lines []BlameLine
	var cur *BlameLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		l := sc.Text()
		if cur != nil && strings.HasPrefix(l, "\t") {
			cur.Text = l[1:]
			in := commits[cur.Commit]
			cur.Author, cur.OrigPath, cur.Boundary = in.author, in.path, in.boundary
			lines = append(lines, *cur)
			cur = nil
			continue
		}
		if cur == nil {
			f := strings.Fields(l)
			if len(f) < 3 || len(f[0]) != 40 || !isHex(f[0]) {
				continue
			}
			orig, _ := strconv.Atoi(f[1])
			final, _ := strconv.Atoi(f[2])
			h := plumbing.NewHash(f[0])
			cur = &BlameLine{Commit: h, OrigLine: orig, Line: final}
			if commits[h] == nil {
				commits[h] = &info{}
			}
			continue
		}
		in := commits[cur.Commit]
		key, value, _ := strings.Cut(l, " ")
		switch key {
		case "author":
			in.author = value
		case "filename":
			in.path = value
		case "boundary":
			in.boundary = true
		}
	}
	return lines
}

// FileAsIn reports whether the working tree's file at path (as Blame
// takes it, relative to where git runs) holds what rev has at that path,
// as git would store it (its filters applied). false when rev has no
// such file, or the working tree none.
func (r *Repo) FileAsIn(ctx context.Context, rev, path string) (bool, error) {
	want, err := r.git("rev-parse", "--verify", "-q", rev+":./"+strings.TrimPrefix(path, "./")).run(ctx)
	if err != nil {
		return false, &RepoError{Op: "rev-parse", Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if want.code != 0 {
		return false, nil
	}
	got, err := r.gitNoObjects("hash-object", "--", path).run(ctx)
	if err != nil {
		return false, &RepoError{Op: "hash-object", Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	return got.code == 0 && strings.TrimSpace(string(got.stdout)) == strings.TrimSpace(string(want.stdout)), nil
}
