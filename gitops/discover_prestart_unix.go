//go:build unix

package gitops

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"syscall"

	"github.com/git-aiedit/git-aiedit/gitops/prestart"
)

// adoptPrestart takes the discovery package prestart started while the
// program was initialized, when it is the one startDiscovery(abs) would
// start: the same directory, the same git, the same environment. Any
// other is ended, and nil returned. The caller holds earlyMu.
func adoptPrestart(abs string) *discovery { return adopt(prestart.Take(), abs) }

// adopt is adoptPrestart for p (nil: none).
func adopt(p *prestart.Discovery, abs string) *discovery {
	if p == nil {
		return nil
	}
	if git, ok := gitPath(); !ok || git != p.Git || p.Dir != abs || !slices.Equal(p.Env, gitEnv()) {
		p.End()
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	d := &discovery{dir: abs, revParse: make(chan gitOutcome, 1), config: make(chan gitOutcome, 1), cancel: cancel}
	go func() { d.revParse <- collect(ctx, p.RevParse) }()
	go func() { d.config <- collect(ctx, p.Config) }()
	return d
}

// collect is gitCmd.run's answer for a process prestart started: its
// output, then its exit status. Cancelling ctx kills it.
func collect(ctx context.Context, p prestart.Process) gitOutcome {
	stop := context.AfterFunc(ctx, func() { _ = syscall.Kill(p.Pid, syscall.SIGKILL) })
	stdout, stderr := os.NewFile(p.Stdout, "git stdout"), os.NewFile(p.Stderr, "git stderr")
	var errBuf bytes.Buffer
	errDone := make(chan struct{})
	go func() {
		_, _ = io.Copy(&errBuf, stderr)
		close(errDone)
	}()
	out, _ := io.ReadAll(stdout)
	<-errDone
	_ = stdout.Close()
	_ = stderr.Close()
	// Not killed after this: the process is not waited for yet, so its
	// id cannot have been reused.
	stop()
	var ws syscall.WaitStatus
	var err error
	for {
		if _, err = syscall.Wait4(p.Pid, &ws, 0, nil); err != syscall.EINTR {
			break
		}
	}
	res := gitResult{stdout: out, stderr: errBuf.Bytes(), code: -1}
	switch {
	case ctx.Err() != nil:
		return gitOutcome{res, ctx.Err()}
	case err != nil:
		return gitOutcome{res, &os.SyscallError{Syscall: "wait4", Err: err}}
	case ws.Exited():
		res.code = ws.ExitStatus()
	}
	return gitOutcome{res, nil}
}
