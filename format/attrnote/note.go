// Package attrnote is the attribution note, the JSON document git-aiedit
// keeps on Ref for each commit it wrote, saying which lines of the
// commit's files model responses wrote (docs/attribution.md): its types,
// its encoder (encoder.go) and its decoder (decoder.go), which also reads
// the several documents git makes of notes it joins.
//
// It is pure: bytes in, types out, and back. Reading and writing the
// note blobs on the notes ref is gitops's (Repo.Note, Repo.AddNotes);
// which block of a response wrote which line is editcore/attribution's.
package attrnote

// Ref is the notes ref that holds the notes.
const Ref = "refs/notes/aiedit"

// Version is the version of the note schema written.
const Version = 1

// Note is the note of one commit on Ref: the lines of the commit's files
// (line numbers of the files in that commit) that model responses wrote.
// Lines it does not list were not written by a response in this commit:
// they come from its parents (git blame says which), or, on a commit that
// `land --squash` made, from a person.
type Note struct {
	Version int `json:"version"`
	// Commit is the commit whose files the line numbers count, written
	// with the note. git copies a note verbatim to another commit (notes
	// rewriting on rebase, amend) and concatenates the notes of a squash:
	// a reader that finds another commit here carries the lines through
	// the difference, or says it cannot. Empty in notes written before
	// it was recorded.
	Commit    string     `json:"commit,omitempty"`
	Responses []Response `json:"responses"`
	Files     []File     `json:"files"`
}

// Response is one model response that wrote lines of the commit.
type Response struct {
	// Commit is the response's own commit when the note is on another
	// one (land --squash, land --rebase); empty on the response's commit.
	Commit     string `json:"commit,omitempty"`
	Transcript string `json:"transcript"` // the Aiedit-Transcript value
	Response   int    `json:"response"`   // n of Aiedit-Response n/total
	Total      int    `json:"total"`
	Model      string `json:"model,omitempty"`
	Agent      string `json:"agent,omitempty"`
}

// File is one file's attributed lines.
type File struct {
	Path  string  `json:"path"`
	Lines []Lines `json:"lines"`
}

// Lines is a run of lines, 1-based and inclusive, that one block of one
// response wrote. Source is the index of that response in Responses.
type Lines struct {
	Start  int `json:"start"`
	End    int `json:"end"`
	Source int `json:"source"`
	Block  int `json:"block"`
}

// At returns the response and block that wrote line (1-based) of path.
func (n *Note) At(path string, line int) (r *Response, block int, ok bool) {
	for _, f := range n.Files {
		if f.Path != path {
			continue
		}
		for _, l := range f.Lines {
			if l.Start <= line && line <= l.End {
				return &n.Responses[l.Source], l.Block, true
			}
		}
	}
	return nil, 0, false
}
