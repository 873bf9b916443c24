//go:build unix

package gitops

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// followAndCommit moves the files of dir from old to new (read-tree -m
// -u, as readTree), then commits the prepared transaction; filesMoved
// reports a commit that failed after the files had moved. A refused move
// aborts the transaction.
//
// Both steps are handed to one shell, in a process group of its own,
// that holds the transaction's input: it runs read-tree and, only when
// that succeeded, says "commit" to git update-ref. Should this process
// be killed once the shell started, the shell still finishes: the ref
// commits when the files moved, or git sees the end of its input and
// aborts when they did not. Either way the branch and its files end
// together, where they were or where they were going; killed before the
// shell started, nothing moved. Only a kill of the shell or of git
// read-tree itself can leave the files half-way, as a kill of git's own
// checkout can.
//
// Adopted paths (a) are staged first, in the same shell, and put back
// should read-tree refuse: the index never keeps half a move.
func followAndCommit(_ context.Context, dir string, tx *refTx, old, new plumbing.Hash, a *Adoption) (filesMoved bool, err error) {
	// git's messages go to a file, not a pipe: with this process gone a
	// pipe would kill read-tree (SIGPIPE) on its first warning. It has no
	// name (the shell writes through the descriptor it is given), so that
	// a killed run leaves no file behind.
	errFile, err := ownedtemp.Unnamed("aiedit-read-tree-")
	if err != nil {
		tx.abort()
		return false, &RepoError{Op: "read-tree", Dir: dir, Msg: err.Error(), Err: err}
	}
	defer errFile.Close()
	git, ok := gitPath()
	if !ok {
		git = "git"
	}
	stage, restore, err := adoptionFiles(a)
	if err != nil {
		tx.abort()
		return false, &RepoError{Op: "update-index", Dir: dir, Msg: err.Error(), Err: err}
	}
	defer os.Remove(stage)
	defer os.Remove(restore)
	const script = `{ [ -z "$5" ] || "$1" -C "$2" update-index -z --index-info <"$5"; } &&
{ "$1" -C "$2" read-tree -m -u "$3" "$4" || { [ -z "$6" ] || "$1" -C "$2" update-index -z --index-info <"$6"; exit 1; }; } &&
printf 'commit\n' >&3`
	cmd := exec.Command("/bin/sh", "-c", script, "sh", git, dir, old.String(), new.String(), stage, restore)
	cmd.Env = gitEnv()
	cmd.Stderr = errFile
	cmd.ExtraFiles = []*os.File{tx.input}
	detach(cmd)
	runErr := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		tx.abort()
		data, _ := io.ReadAll(io.NewSectionReader(errFile, 0, 1<<20))
		return false, checkoutError(dir, gitResult{stderr: data, code: exit.ExitCode()})
	case runErr != nil:
		tx.abort()
		return false, &RepoError{Op: "read-tree", Dir: dir, Msg: "cannot run git: " + runErr.Error(), Err: runErr}
	}
	// The shell said "commit": read git's answer.
	if err := tx.answer("commit"); err != nil {
		return true, err
	}
	if err := tx.end(); err != nil {
		return true, err
	}
	return false, nil
}

// answer reads git's answer to a command another process wrote.
func (t *refTx) answer(verb string) error {
	line, err := t.stdout.ReadString('\n')
	if err == nil && line == verb+": ok\n" {
		return nil
	}
	if err := t.end(); err != nil {
		return err
	}
	return &RepoError{Op: opName(t.updates), Dir: t.dir, Msg: "git ended the transaction without answering " + strings.TrimSpace(verb)}
}

// adoptionFiles writes a's index records to files for the shell; ""
// for none.
func adoptionFiles(a *Adoption) (stage, restore string, err error) {
	if len(a.Adopted) == 0 {
		return "", "", nil
	}
	write := func(data []byte) (string, error) {
		f, err := os.CreateTemp("", "aiedit-adopt-")
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(f.Name())
			return "", err
		}
		return f.Name(), nil
	}
	if stage, err = write(a.stage); err != nil {
		return "", "", err
	}
	if restore, err = write(a.restore); err != nil {
		_ = os.Remove(stage)
		return "", "", err
	}
	return stage, restore, nil
}
