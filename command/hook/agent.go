package hook

import "context"

// spec is everything git-aiedit knows about one agent it records live:
// where the agent reads its hook configuration and how install edits it,
// the events install adds, how an event names the session and its file,
// and how that file is read. Each agent defines its spec in a file of
// its own; registry (hook.go) lists them.
type spec struct {
	name    Agent
	display string // the product's name, for messages
	// project and user are the settings file (or folder) of --project
	// and --user, as the flags' help shows them.
	project, user string

	// settings is the configuration file for the scope asked for
	// (--project, --user, --notify, or none of them: the default).
	settings func(ctx context.Context, sc scope, dir string) (string, error)
	// scopes are the places `hook status` looks in, in order.
	scopes []scope
	// form is how install and uninstall edit that file.
	form form
	// events are the hook events install adds, in order; describe says
	// what they do, for install's message.
	events   []string
	describe string
	// note adds to install's message what the agent itself asks of the
	// user before it runs a new hook; hint adds to uninstall's "not
	// installed" where else the hook may be. Either may be nil.
	note func(notify bool, path string) string
	hint func(notify bool) string
	// idle says why hooks installed for the agent may never have run,
	// and what to do, for `hook status` ("" for the general reason).
	idle string

	// read reads one event from what the agent passes; wait, when not
	// nil, is called once the event is recorded.
	read func(opts *RunOptions) (ev Event, wait func(), err error)
	// locate finds the session file of an event that names none (nil:
	// the agent always names it).
	locate func(ev Event) string
	// settle: the agent may still be writing the turn when the event
	// comes (Codex's notify, Copilot CLI, Cursor), so run waits for the
	// file to stop growing (at most 1 s).
	settle bool
	// wholeFile: the session file is one document rewritten at every turn
	// (Gemini CLI); turns are known by their ids, not by offsets.
	wholeFile bool
	// completeTurns: the agent fires its Stop before the turn reaches the
	// session file (Claude Code, complete.go).
	completeTurns bool
	// executable: the configuration file is a program the agent runs
	// (Cline's hooks), so install makes it executable.
	executable bool
	// companions are more files of the form's beside the settings file,
	// installed and uninstalled with it: an agent that runs one file per
	// event (the Cline CLI) needs one for each event but the first.
	companions []string
	// projectEnv is a variable the agent sets for its hooks naming the
	// session's project directory ("" none).
	projectEnv string
}

// form is a hook configuration file's shape, edited as text so that the
// rest of the file stays byte for byte.
type form interface {
	// add adds git-aiedit's hooks for the agent's events; done reports
	// that they were all there already.
	add(s *spec, text string, existed bool) (out string, done bool, err error)
	// remove cuts out git-aiedit's hooks; removed reports any.
	remove(s *spec, text string) (out string, removed bool, err error)
	// installed lists the events that run git-aiedit; an error says the
	// file cannot be read as the agent reads it.
	installed(s *spec, text string) ([]string, error)
}

// allScopes is where most agents keep hooks: the repository and the user.
var allScopes = []scope{{project: true}, {user: true}}
