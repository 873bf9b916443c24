package sessions

import (
	"fmt"
	"strings"
)

// Pick chooses the session id names in list (as Find returns it, newest
// first): "latest" is the newest, otherwise an id or a prefix that only one
// id starts with.
func Pick(list []Session, id string) (Session, error) {
	id = strings.TrimSpace(id)
	if len(list) == 0 {
		return Session{}, fmt.Errorf("no sessions recorded for this repository were found; run 'git aiedit sessions' to see where they are looked for")
	}
	if id == "latest" {
		return list[0], nil
	}
	var hits []Session
	for _, s := range list {
		if s.ID == id {
			return s, nil
		}
		if id != "" && strings.HasPrefix(s.ID, id) {
			hits = append(hits, s)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return Session{}, fmt.Errorf("no session %q; run 'git aiedit sessions' to list them, or use --session latest", id)
	}
	ids := make([]string, 0, 3)
	for _, s := range hits[:min(3, len(hits))] {
		ids = append(ids, s.ID)
	}
	return Session{}, fmt.Errorf("session %q is ambiguous: %d sessions start with it (%s…); give more of the id", id, len(hits), strings.Join(ids, ", "))
}
