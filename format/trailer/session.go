package trailer

import "strings"

// Session is the Aiedit-Session trailer, "<agent> <session id>": the
// live session a commit records a turn of (or, on a snapshot commit,
// began with), as `hook run` and the runs that continue its series write
// it. The agent is one word; the id is the rest of the line.
type Session struct {
	Agent, ID string
}

// String is the Aiedit-Session value.
func (s Session) String() string { return s.Agent + " " + s.ID }

// ParseSession reads an Aiedit-Session value; ok is false without an
// agent and an id.
func ParseSession(v string) (Session, bool) {
	agent, id, ok := strings.Cut(v, " ")
	if !ok || agent == "" || id == "" {
		return Session{}, false
	}
	return Session{Agent: agent, ID: id}, true
}
