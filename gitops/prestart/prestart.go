// Package prestart starts the two git processes that discover the
// repository (rev-parse with every flag discovery needs, and `git config
// --list -z`) while the program is still being initialized.
//
// Every package linked into git-aiedit is initialized before main runs:
// go-git, gitleaks' rules with viper and what it imports (net/http,
// crypto/tls, html/template), gob, YAML, TOML. On a small machine that is several milliseconds of one
// core, and the first thing apply does afterwards is wait for these two
// processes, which take as long again to start. Go initializes packages in
// import-path order as far as their imports allow, and this package
// imports only syscall (sys_linux.go): it is initialized right after the
// runtime's own packages, before any of the heavy ones, so git starts on
// another core while they are initialized. Elsewhere (sys_other.go) it
// starts nothing, and main starts discovery as before. gitops.Discover takes the
// processes' answers (Take) when they are what it would have asked for
// itself: the same directory, git and environment. Anything else, and it
// starts its own, and these are ended (End).
//
// Importing os, strings or fmt here would let most other packages be
// initialized first, and would save nothing.
package prestart

// RevParseArgs are discovery's rev-parse arguments. --show-toplevel goes
// last: it fails where there is no work tree (a bare repository, inside
// the git directory) after the rest is printed.
var RevParseArgs = []string{"rev-parse", "--path-format=absolute",
	"--git-dir", "--git-common-dir", "--is-bare-repository", "--show-prefix", "--show-object-format",
	"--git-path", "hooks/commit-msg", "--show-toplevel"}

// ConfigArgs are discovery's config arguments.
var ConfigArgs = []string{"config", "--list", "-z"}

// EnvExtra is what every git process gets on top of the user's
// environment: messages in English, since a few are parsed (gitops's
// gitEnv).
var EnvExtra = []string{"LC_ALL=C", "LANGUAGE="}

// Wanted reports a command line (os.Args) that will discover the
// repository of the current directory first of all, unless it is asked
// for help: apply; log, whose whole run is a few milliseconds beside
// `git log -1`; and hook run, which an agent waits for at every turn
// (its event names the folder, which is the current directory as agents
// run hooks; another folder, and the processes are ended unused).
func Wanted(args []string) bool {
	switch {
	case len(args) >= 2 && (args[1] == "apply" || args[1] == "log"):
	case len(args) >= 3 && args[1] == "hook" && args[2] == "run":
	default:
		return false
	}
	for _, a := range args[2:] {
		switch a {
		case "-h", "--help", "-help":
			return false
		case "--":
			return true
		}
	}
	return true
}

// Process is one git started here: its process id and the read ends of
// its standard output and error, non-blocking and close-on-exec, for
// os.NewFile. Whoever takes it reads both to their end and waits for it.
type Process struct {
	Pid            int
	Stdout, Stderr uintptr
}

// Discovery is what was started: in Dir (the absolute directory, as
// filepath.Abs(".") gives it), running Git with Env.
type Discovery struct {
	Dir, Git string
	Env      []string
	RevParse Process
	Config   Process
}

var started *Discovery

// Take returns what was started, once; nil when nothing was. Callers
// take turns (gitops holds a lock).
func Take() *Discovery {
	d := started
	started = nil
	return d
}
