//go:build linux

package prestart

import (
	"syscall"
	_ "unsafe" // for go:linkname
)

// os.Args, taken from the runtime as os takes it (see the package
// comment: this package does not import os).
//
//go:linkname runtimeArgs os.runtime_args
func runtimeArgs() []string

func init() {
	args := runtimeArgs()
	// A test binary run by hand keeps its own flags; run as git-aiedit
	// (testscript), it is the command.
	if len(args) == 0 || hasSuffix(args[0], ".test") || !Wanted(args) {
		return
	}
	started = Start()
}

// Start starts both processes in the current directory now, or neither
// (nil): anything unusual (no git on PATH, a relative PATH entry before
// it, an unreadable directory) is left to gitops, which starts its own
// and reports what went wrong. The caller reads both outputs to their end
// and waits for the processes, or ends them (End).
func Start() *Discovery {
	dir, ok := getwd()
	if !ok {
		return nil
	}
	git, ok := lookGit()
	if !ok {
		return nil
	}
	// gitops's environment for git (gitEnv); os/exec gives git the last
	// definition of each variable.
	env := append(syscall.Environ(), EnvExtra...)
	null, err := syscall.Open("/dev/null", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(null)
	d := &Discovery{Dir: dir, Git: git, Env: env}
	// rev-parse first: its answer is the one waited for first.
	envv := dedupEnv(env)
	if d.RevParse, ok = spawn(git, dir, RevParseArgs, envv, null); !ok {
		return nil
	}
	if d.Config, ok = spawn(git, dir, ConfigArgs, envv, null); !ok {
		d.RevParse.end()
		return nil
	}
	return d
}

// spawn starts `git -C dir args...` with standard input from null and
// its output into two new pipes.
func spawn(git, dir string, args, env []string, null int) (Process, bool) {
	var out, errp [2]int
	if syscall.Pipe2(out[:], syscall.O_CLOEXEC) != nil {
		return Process{}, false
	}
	if syscall.Pipe2(errp[:], syscall.O_CLOEXEC) != nil {
		syscall.Close(out[0])
		syscall.Close(out[1])
		return Process{}, false
	}
	argv := append([]string{"git", "-C", dir}, args...)
	pid, err := syscall.ForkExec(git, argv, &syscall.ProcAttr{
		Env:   env,
		Files: []uintptr{uintptr(null), uintptr(out[1]), uintptr(errp[1])},
	})
	syscall.Close(out[1])
	syscall.Close(errp[1])
	p := Process{Pid: pid, Stdout: uintptr(out[0]), Stderr: uintptr(errp[0])}
	if err != nil {
		p.Pid = 0
		p.end()
		return Process{}, false
	}
	// Non-blocking, so that os.NewFile reads them through the poller.
	if syscall.SetNonblock(out[0], true) != nil || syscall.SetNonblock(errp[0], true) != nil {
		p.end()
		return Process{}, false
	}
	return p, true
}

// End ends what was started and nobody took: a command that stopped
// before it discovered the repository (a usage error), or discovered
// another one. It waits for the processes, so that none outlives the
// command.
func (d *Discovery) End() {
	d.RevParse.end()
	d.Config.end()
}

func (p Process) end() {
	syscall.Close(int(p.Stdout))
	syscall.Close(int(p.Stderr))
	if p.Pid > 0 {
		_ = syscall.Kill(p.Pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		for {
			if _, err := syscall.Wait4(p.Pid, &ws, 0, nil); err != syscall.EINTR {
				break
			}
		}
	}
}

// getwd is filepath.Abs("."), as os.Getwd finds it: $PWD when it names
// the current directory, else the system's answer.
func getwd() (string, bool) {
	var dot, pwd syscall.Stat_t
	if syscall.Stat(".", &dot) != nil {
		return "", false
	}
	if dir, ok := syscall.Getenv("PWD"); ok && len(dir) > 0 && dir[0] == '/' {
		if syscall.Stat(dir, &pwd) == nil && pwd.Dev == dot.Dev && pwd.Ino == dot.Ino {
			return clean(dir), true
		}
	}
	dir, err := syscall.Getwd()
	if err != nil || len(dir) == 0 || dir[0] != '/' {
		return "", false
	}
	return clean(dir), true
}

// clean drops trailing slashes, the one difference from filepath.Clean
// an absolute directory name usually has. gitops compares the two, so
// any other ("." or ".." elements, double slashes) only costs the early
// start.
func clean(dir string) string {
	for len(dir) > 1 && dir[len(dir)-1] == '/' {
		dir = dir[:len(dir)-1]
	}
	return dir
}

// lookGit is where a PATH search finds an executable git, when every
// entry searched is absolute; gitops checks it against exec.LookPath.
func lookGit() (string, bool) {
	path, _ := syscall.Getenv("PATH")
	for len(path) > 0 {
		entry := path
		if i := indexByte(path, ':'); i >= 0 {
			entry, path = path[:i], path[i+1:]
		} else {
			path = ""
		}
		if len(entry) == 0 || entry[0] != '/' {
			return "", false
		}
		file := entry + "/git"
		var st syscall.Stat_t
		if syscall.Stat(file, &st) == nil && st.Mode&syscall.S_IFMT != syscall.S_IFDIR && st.Mode&0o111 != 0 {
			return file, true
		}
	}
	return "", false
}

// dedupEnv is env as os/exec passes it on: the last definition of each
// variable, in the order of the definitions kept.
func dedupEnv(env []string) []string {
	saw := make(map[string]bool, len(env))
	out := make([]string, len(env))
	n := len(out)
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		eq := indexByte(kv, '=')
		if eq == 0 {
			// A leading "=" is part of the name, as os/exec reads it.
			eq = indexByte(kv[1:], '=') + 1
		}
		if eq < 0 {
			if kv != "" {
				n--
				out[n] = kv
			}
			continue
		}
		if saw[kv[:eq]] {
			continue
		}
		saw[kv[:eq]] = true
		n--
		out[n] = kv
	}
	return out[n:]
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
