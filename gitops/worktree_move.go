package gitops

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// MoveCheckedOut moves ref, the branch checked out in the worktree at
// dir, from old to new, its index and files following as they do with
// `git reset --keep`: git refuses rather than overwrite a local change
// or an untracked file, and so does this for an ignored one (inTheWay),
// unless it already holds what the new commit does. Either all of it
// happens or nothing does.
//
// git's own reset --keep (and merge --ff-only) update the index and files
// first and lock the ref last: when another process holds the ref's lock,
// the files have moved and the ref has not. Here the order is reversed:
//
//  1. the ref is locked and checked to hold old (update-ref --stdin:
//     start, update, prepare), so no other writer can move it now;
//  2. the index and files follow (read-tree -m -u old new: the two-tree
//     merge reset --keep makes); a refusal aborts the transaction;
//  3. the ref is written (commit). Should that fail, the files are put
//     back (read-tree -m -u new old).
//
// The ref's failures are UpdateRef's (ErrRefMoved, *RefLockError); a
// refused checkout is a *CheckoutBlockedError; in every such case
// nothing changed. Only a process killed between steps 2 and 3 leaves
// the files ahead of the ref, as killing git's own reset can.
//
// The objects new reaches may be this process's own, or git merge-tree's:
// they are published and kept (ProtectReachable) first.
func (r *Repo) MoveCheckedOut(ctx context.Context, dir, ref string, new, old plumbing.Hash, reason string) error {
	return r.MoveCheckedOutAdopting(ctx, dir, ref, &Adoption{Old: old, New: new}, reason)
}

// MoveCheckedOutAdopting is MoveCheckedOut from a.Old to a.New that
// adopts a's paths (worktree_adopt.go): their index entries become
// a.New's in the same step as the other files follow, their files stay.
// A move with paths that differ is refused, nothing changed.
func (r *Repo) MoveCheckedOutAdopting(ctx context.Context, dir, ref string, a *Adoption, reason string) error {
	op := "move " + ref
	new, old := a.New, a.Old
	if !strings.HasPrefix(ref, "refs/heads/") || new.IsZero() || old.IsZero() {
		return &RepoError{Op: op, Msg: "want a full branch name and both of its values"}
	}
	if !a.Clean() {
		return &CheckoutBlockedError{Dir: dir, Path: a.Differ[0], Msg: "local changes to " + strings.Join(a.Differ, ", ") + " would be overwritten"}
	}
	if err := r.transactionsStream(ctx); err != nil {
		return err
	}
	prot, err := r.ProtectReachable(ctx, new)
	if err != nil {
		return prunedError(op, dir, err)
	}
	defer prot.Release()
	from, err := a.fromTree(ctx, r, dir)
	if err != nil {
		return err
	}
	oldC, err := r.Commit(old)
	if err != nil {
		return err
	}
	newC, err := r.Commit(new)
	if err != nil {
		return err
	}
	if len(a.Adopted) == 0 {
		from = oldC.TreeHash
	}
	u := RefUpdate{Ref: ref, New: new, Old: old}
	tx, err := r.prepareRef(ctx, dir, reason, u)
	if err != nil {
		return err
	}
	// From here on the move completes or is undone whatever the context
	// says: stopping half-way is what this function exists to avoid.
	ctx = context.WithoutCancel(ctx)
	if err := r.checkedOutHere(ctx, dir, ref); err != nil {
		tx.abort()
		return err
	}
	if err := r.inTheWay(ctx, dir, from, newC.TreeHash); err != nil {
		tx.abort()
		return err
	}
	if filesMoved, err := followAndCommit(ctx, dir, tx, from, newC.TreeHash, a); err != nil {
		if filesMoved {
			// The ref's commit failed after the files had followed.
			back := readTree(ctx, dir, newC.TreeHash, from)
			if back == nil {
				back = a.stageAdopted(ctx, dir, true)
			}
			if back != nil {
				return &RepoError{Op: op, Dir: dir, Msg: err.Error() + "; putting the files back failed too: " + back.Error(), Err: err,
					Hint: "the branch did not move; `git read-tree -m -u " + new.String() + " " + old.String() + "` there puts the files back"}
			}
		}
		return err
	}
	a.refresh(ctx, dir)
	r.ForgetWritten()
	return nil
}

// checkedOutHere checks that the worktree at dir still has ref checked
// out: it may have switched since it was listed.
func (r *Repo) checkedOutHere(ctx context.Context, dir, ref string) error {
	out, err := gitCmd{dir: dir, args: []string{"symbolic-ref", "-q", "HEAD"}}.run(ctx)
	if err != nil {
		return &RepoError{Op: "symbolic-ref HEAD", Dir: dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if got := strings.TrimSpace(string(out.stdout)); got != ref {
		return &RepoError{Op: "move " + ref, Dir: dir, Msg: "the worktree no longer has " + ref + " checked out", Err: ErrRefMoved,
			Hint: "it switched branches meanwhile; look, then run the command again"}
	}
	return nil
}

// refTx is a `git update-ref --stdin` transaction holding its refs'
// locks between prepare and commit.
type refTx struct {
	r       *Repo
	dir     string
	updates []RefUpdate
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	input   *os.File // stdin's file
	stdout  *bufio.Reader
	stderr  strings.Builder
}

// prepareRef starts the transaction in dir and takes the locks: when it
// returns without error, the refs hold their Old values and no other
// process can move them until commit or abort. Should this process die,
// git sees the end of its input and aborts: nothing moves.
func (r *Repo) prepareRef(ctx context.Context, dir, reason string, updates ...RefUpdate) (*refTx, error) {
	in, err := refCommands(updates)
	if err != nil {
		return nil, err
	}
	// Not ended by ctx: killed, git could leave its lock files behind.
	cmd := gitCommand(context.Background(), "-C", dir, "update-ref", "-m", reflogLine(reason), "--stdin")
	cmd.Env = gitEnv()
	// Its own process group: ^C must not end it between the files'
	// move and the commit.
	detach(cmd)
	t := &refTx{r: r, dir: dir, updates: updates, cmd: cmd}
	cmd.Stderr = &t.stderr
	// A pipe of its own, not StdinPipe: its writing end may be handed to
	// the process that finishes the move (followAndCommit).
	var rd *os.File
	if rd, t.input, err = os.Pipe(); err == nil {
		t.stdin = t.input
		cmd.Stdin = rd
		var out io.ReadCloser
		if out, err = cmd.StdoutPipe(); err == nil {
			t.stdout = bufio.NewReader(out)
			err = cmd.Start()
		}
		_ = rd.Close()
		if err != nil {
			_ = t.input.Close()
		}
	}
	if err != nil {
		return nil, &RepoError{Op: opName(updates), Dir: dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	// Its input closed, git aborts: nothing moves.
	stop := context.AfterFunc(ctx, func() { _ = t.stdin.Close() })
	err = t.say("start\n"+in+"prepare\n", "start", "prepare")
	stop()
	if err != nil && ctx.Err() != nil {
		return nil, &RepoError{Op: opName(updates), Dir: dir, Msg: ctx.Err().Error(), Err: ctx.Err()}
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// say writes commands and reads git's answer to each of verbs. A missing
// answer means git refused and ended: its error is returned.
func (t *refTx) say(commands string, verbs ...string) error {
	_, werr := io.WriteString(t.stdin, commands)
	for _, v := range verbs {
		line, err := t.stdout.ReadString('\n')
		if werr == nil && err == nil && line == v+": ok\n" {
			continue
		}
		if err := t.end(); err != nil {
			return err
		}
		return &RepoError{Op: opName(t.updates), Dir: t.dir, Msg: "git ended the transaction without answering " + v}
	}
	return nil
}

// abort lets the locks go with nothing written.
func (t *refTx) abort() {
	_, _ = io.WriteString(t.stdin, "abort\n")
	_ = t.end()
}

// end closes git's input and waits for it; a failure is read as
// UpdateRefs reads one.
func (t *refTx) end() error {
	_ = t.stdin.Close()
	_, _ = io.Copy(io.Discard, t.stdout)
	err := t.cmd.Wait()
	res := gitResult{stderr: []byte(t.stderr.String())}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil:
		return &RepoError{Op: opName(t.updates), Dir: t.dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	return t.r.refUpdateError(t.updates, res)
}

// CheckoutBlockedError is a checked-out branch's move that git refused
// because the worktree's files would lose something: an untracked file
// in the way, or a local change. Nothing was changed.
type CheckoutBlockedError struct {
	Dir       string
	Path      string // the first path git named ("" when it named none)
	Untracked bool   // an untracked file or directory; else a local change
	Ignored   bool   // an untracked file git ignores (git itself would overwrite it)
	Msg       string // git's message
}

func (e *CheckoutBlockedError) Error() string {
	return "the files of " + e.Dir + " cannot follow: " + e.Msg
}

// git's messages for a two-tree merge it refuses (unpack-trees.c, with
// LC_ALL=C): an untracked path in the way, a local change, a locked index.
// Compiled on first use: package init is on every command's start-up path.
var (
	untrackedInWay = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^error: (?:Untracked working tree file '(.+)' would be (?:overwritten|removed) by merge\.|Updating '(.+)' would lose untracked files in it)`)
	})
	localChange = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^error: Entry '(.+)' (?:not uptodate\. Cannot merge|would be overwritten by merge\. Cannot merge)\.?`)
	})
	indexLocked = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)Unable to create '(.+\.lock)': File exists`) })
)

// readTree makes the index and files of dir go from tree-ish from to to,
// as reset --keep's two-tree merge does.
func readTree(ctx context.Context, dir string, from, to plumbing.Hash) error {
	res, err := gitCmd{dir: dir, args: []string{"read-tree", "-m", "-u", from.String(), to.String()}}.run(ctx)
	if err != nil {
		return &RepoError{Op: "read-tree", Dir: dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code == 0 {
		return nil
	}
	return checkoutError(dir, res)
}

// checkoutError says what a refused read-tree means.
func checkoutError(dir string, res gitResult) error {
	stderr := string(res.stderr)
	if m := untrackedInWay().FindStringSubmatch(stderr); m != nil {
		return &CheckoutBlockedError{Dir: dir, Path: m[1] + m[2], Untracked: true, Msg: gitMessage(res)}
	}
	if m := localChange().FindStringSubmatch(stderr); m != nil {
		return &CheckoutBlockedError{Dir: dir, Path: m[1], Msg: gitMessage(res)}
	}
	if m := indexLocked().FindStringSubmatch(stderr); m != nil {
		return &RepoError{Op: "read-tree", Dir: dir, Msg: "the index is locked (" + m[1] + " exists): another git process is using it; nothing was changed",
			Hint: "run the command again once it has finished; if no git process is running, a killed one left the lock: remove it (rm " + shellQuote(m[1]) + ")"}
	}
	return &RepoError{Op: "read-tree", Dir: dir, Msg: gitMessage(res)}
}

// transactionsStream checks that git answers update-ref --stdin's
// transaction verbs as it goes (git 2.34): an older one answers only
// when its input ends, and MoveCheckedOut would wait for ever.
func (r *Repo) transactionsStream(ctx context.Context) error {
	out, err := r.gitNoObjects("version").output(ctx, "git version")
	if err != nil {
		return err
	}
	if major, minor, ok := gitVersion(out); ok && (major > 2 || major == 2 && minor >= 34) {
		return nil
	}
	return &RepoError{Op: "git version", Msg: fmt.Sprintf("moving a checked-out branch needs git 2.34 or later (%s)", out),
		Hint: "update git, or switch that worktree to another branch and run the command again"}
}

// gitVersion reads "git version 2.39.5" (and vendor suffixes after it).
func gitVersion(s string) (major, minor int, ok bool) {
	v, found := strings.CutPrefix(strings.TrimSpace(s), "git version ")
	if !found {
		return 0, 0, false
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	return major, minor, err1 == nil && err2 == nil
}
