package gitops

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/go-git/go-git/v5/plumbing"
)

// AttributionRef is the notes ref that holds which response wrote which
// lines of each commit (docs/attribution.md).
const AttributionRef = "refs/notes/aiedit"

// AttributionVersion is the version of the note schema written.
const AttributionVersion = 1

// Attribution is the note of one commit on AttributionRef: the lines of
// the commit's files (line numbers of the files in that commit) that
// model responses wrote. Lines it does not list were not written by a
// response in this commit: they come from its parents (git blame says
// which), or, on a commit that `land --squash` made, from a person.
type Attribution struct {
	Version int `json:"version"`
	// Commit is the commit whose files the line numbers count, written
	// with the note. git copies a note verbatim to another commit (notes
	// rewriting on rebase, amend) and concatenates the notes of a squash:
	// a reader that finds another commit here carries the lines through
	// the difference, or says it cannot. Empty in notes written before
	// it was recorded.
	Commit    string         `json:"commit,omitempty"`
	Responses []AttrResponse `json:"responses"`
	Files     []AttrFile     `json:"files"`
}

// AttrResponse is one model response that wrote lines of the commit.
type AttrResponse struct {
	// Commit is the response's own commit when the note is on another
	// one (land --squash, land --rebase); empty on the response's commit.
	Commit     string `json:"commit,omitempty"`
	Transcript string `json:"transcript"` // the Aiedit-Transcript value
	Response   int    `json:"response"`   // n of Aiedit-Response n/total
	Total      int    `json:"total"`
	Model      string `json:"model,omitempty"`
	Agent      string `json:"agent,omitempty"`
}

// AttrFile is one file's attributed lines.
type AttrFile struct {
	Path  string      `json:"path"`
	Lines []AttrLines `json:"lines"`
}

// AttrLines is a run of lines, 1-based and inclusive, that one block of
// one response wrote. Source is the index of that response in Responses.
type AttrLines struct {
	Start  int `json:"start"`
	End    int `json:"end"`
	Source int `json:"source"`
	Block  int `json:"block"`
}

// Encode renders the note: indented JSON, files and runs in order,
// byte for byte what encoding/json's indenting encoder writes (see
// attribution_json.go; a response of 10,000 files made this a tenth of
// its run through reflection).
func (a *Attribution) Encode() []byte {
	a.Version = AttributionVersion
	sort.Slice(a.Files, func(i, j int) bool { return a.Files[i].Path < a.Files[j].Path })
	for _, f := range a.Files {
		sort.Slice(f.Lines, func(i, j int) bool { return f.Lines[i].Start < f.Lines[j].Start })
	}
	return a.appendJSON(make([]byte, 0, a.sizeHint()))
}

// EncodeFor renders the note of commit: Encode, recording that its line
// numbers are those of commit's files.
func (a *Attribution) EncodeFor(commit plumbing.Hash) []byte {
	a.Commit = commit.String()
	return a.Encode()
}

// DecodeAttribution reads a note. A note of a later major schema, or
// one that is not JSON, is an error that says so.
func DecodeAttribution(data []byte) (*Attribution, error) {
	var a Attribution
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("attribution note: %w", err)
	}
	return &a, a.check()
}

// DecodeAttributions reads a note that may hold several JSON documents
// one after another: what git's notes code makes of notes it joins (a
// squash under notes.rewriteRef, `git notes merge -s union`, `git notes
// append`). Each is checked as DecodeAttribution checks one; blank
// lines between them are skipped.
func DecodeAttributions(data []byte) ([]*Attribution, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []*Attribution
	for {
		var a Attribution
		err := dec.Decode(&a)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("attribution note: document %d: %w", len(out)+1, err)
		}
		if err := a.check(); err != nil {
			return nil, err
		}
		out = append(out, &a)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("attribution note: empty")
	}
	return out, nil
}

// check refuses another schema version and line runs that name no
// response.
func (a *Attribution) check() error {
	if a.Version != AttributionVersion {
		return fmt.Errorf("attribution note: schema version %d; this git-aiedit reads version %d", a.Version, AttributionVersion)
	}
	for _, f := range a.Files {
		for _, l := range f.Lines {
			if l.Source < 0 || l.Source >= len(a.Responses) || l.Start < 1 || l.End < l.Start {
				return fmt.Errorf("attribution note: bad line run %d-%d (source %d) in %s", l.Start, l.End, l.Source, f.Path)
			}
		}
	}
	return nil
}

// At returns the response and block that wrote line (1-based) of path.
func (a *Attribution) At(path string, line int) (r *AttrResponse, block int, ok bool) {
	for _, f := range a.Files {
		if f.Path != path {
			continue
		}
		for _, l := range f.Lines {
			if l.Start <= line && line <= l.End {
				return &a.Responses[l.Source], l.Block, true
			}
		}
	}
	return nil, 0, false
}

// ReadAttributions reads commit's attribution note from notes, each of
// the documents it holds (see DecodeAttributions); nil when it has none.
func (r *Repo) ReadAttributions(notes *Notes, commit plumbing.Hash) ([]*Attribution, error) {
	data, ok, err := r.Note(notes, commit)
	if err != nil || !ok {
		return nil, err
	}
	return DecodeAttributions(data)
}

// ReadAttribution reads commit's attribution note from notes; nil when
// it has none.
func (r *Repo) ReadAttribution(notes *Notes, commit plumbing.Hash) (*Attribution, error) {
	data, ok, err := r.Note(notes, commit)
	if err != nil || !ok {
		return nil, err
	}
	return DecodeAttribution(data)
}
