package attrnote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Decode reads a note of one document. A note of a later major schema,
// or one that is not JSON, is an error that says so.
func Decode(data []byte) (*Note, error) {
	var n Note
	if err := json.Unmarshal(data, &n); err != nil {
		return nil, fmt.Errorf("attribution note: %w", err)
	}
	return &n, n.check()
}

// DecodeAll reads a note that may hold several JSON documents one after
// another: what git's notes code makes of notes it joins (a squash under
// notes.rewriteRef, `git notes merge -s union`, `git notes append`). Each
// is checked as Decode checks one; JSON's white space between them (git
// separates them with a blank line) is skipped.
func DecodeAll(data []byte) ([]*Note, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []*Note
	for {
		var n Note
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("attribution note: document %d: %w", len(out)+1, err)
		}
		if err := n.check(); err != nil {
			return nil, err
		}
		out = append(out, &n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("attribution note: empty")
	}
	return out, nil
}

// check refuses another schema version and line runs that name no
// response.
func (n *Note) check() error {
	if n.Version != Version {
		return fmt.Errorf("attribution note: schema version %d; this git-aiedit reads version %d", n.Version, Version)
	}
	for _, f := range n.Files {
		for _, l := range f.Lines {
			if l.Source < 0 || l.Source >= len(n.Responses) || l.Start < 1 || l.End < l.Start {
				return fmt.Errorf("attribution note: bad line run %d-%d (source %d) in %s", l.Start, l.End, l.Source, f.Path)
			}
		}
	}
	return nil
}
