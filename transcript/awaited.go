package transcript

import "encoding/json"

// awaitedCall is a tool call whose outcome the record states later (an
// event stream's result or completion event).
type awaitedCall struct {
	name string
	args json.RawMessage
	rec  int
}

// awaitedCalls holds the calls still waiting for their outcome, in the
// order they were made.
type awaitedCalls struct {
	byID  map[string]awaitedCall
	order []string
}

func (p *awaitedCalls) add(id string, c awaitedCall) {
	if p.byID == nil {
		p.byID = map[string]awaitedCall{}
	}
	p.byID[id] = c
	p.order = append(p.order, id)
}

// take returns the call id names and forgets it.
func (p *awaitedCalls) take(id string) (awaitedCall, bool) {
	c, ok := p.byID[id]
	delete(p.byID, id)
	return c, ok
}

// drain hands every call still waiting, in call order, to fn and forgets
// them all: the record ended, or the turn did, before their outcome.
func (p *awaitedCalls) drain(fn func(awaitedCall)) {
	for _, id := range p.order {
		if c, ok := p.byID[id]; ok {
			fn(c)
		}
	}
	p.order = p.order[:0]
	clear(p.byID)
}
