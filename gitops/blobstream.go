package gitops

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// Blobs of any size (an agent's session kept in the repository, hundreds
// of MB) are read through git as streams, never held whole: the object
// store here reads an object into memory at once.

// BlobSize returns the size of the blob spec names ("<commit>:<path>"),
// which git reads from the object's header.
func (r *Repo) BlobSize(ctx context.Context, spec string) (int64, error) {
	out, err := r.git("cat-file", "-s", spec).output(ctx, "cat-file -s "+spec)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		return 0, &RepoError{Op: "cat-file -s " + spec, Dir: r.Dir, Msg: "unexpected size " + out}
	}
	return n, nil
}

// OpenBlob streams the blob spec names from `git cat-file blob`. Close
// ends git if it has not finished; a read after git failed returns its
// message.
func (r *Repo) OpenBlob(ctx context.Context, spec string) (io.ReadCloser, error) {
	if err := r.PublishObjects(); err != nil {
		return nil, err
	}
	cmd := gitCommand(ctx, "-C", r.Dir, "cat-file", "blob", spec)
	cmd.Env = gitEnv()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	dieWithParent(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &RepoError{Op: "cat-file blob " + spec, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	if err := cmd.Start(); err != nil {
		return nil, &RepoError{Op: "cat-file blob " + spec, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	return &blobStream{cmd: cmd, out: out, stderr: &stderr, spec: spec, dir: r.Dir}, nil
}

type blobStream struct {
	cmd    *exec.Cmd
	out    io.ReadCloser
	stderr *strings.Builder
	spec   string
	dir    string
	done   bool
}

func (b *blobStream) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF // Wait closed the pipe
	}
	n, err := b.out.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		if werr := b.cmd.Wait(); werr != nil {
			return n, &RepoError{Op: "cat-file blob " + b.spec, Dir: b.dir, Msg: fmt.Sprintf("%v: %s", werr, strings.TrimSpace(b.stderr.String()))}
		}
	}
	return n, err
}

func (b *blobStream) Close() error {
	if b.done {
		return nil
	}
	b.done = true
	_ = b.out.Close()
	_ = b.cmd.Process.Kill()
	_ = b.cmd.Wait()
	return nil
}
