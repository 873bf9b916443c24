// Package export implements `git aiedit export --agent-trace REV…`: the
// attribution notes of commits as Agent Trace records
// (https://agent-trace.dev, specification 0.1), one JSON record per line.
package export

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
	"github.com/git-aiedit/git-aiedit/internal/sharehint"
)

// TraceVersion is the Agent Trace version written. The specification
// calls itself 0.1.0, but its JSON schema requires MAJOR.MINOR
// (^[0-9]+\.[0-9]+$); the schema decides.
const TraceVersion = "0.1"

// Options are one export's inputs.
type Options struct {
	Dir        string
	Revs       []string // commits, or ranges (A..B) of them
	AgentTrace bool
	// GitAI writes git-ai authorship notes on refs/notes/ai (gitai.go)
	// instead of printing records.
	GitAI bool
	IO    *iostreams.IOStreams
}

// Record is an Agent Trace record.
type Record struct {
	Version   string         `json:"version"`
	ID        string         `json:"id"`
	Timestamp string         `json:"timestamp"`
	VCS       *VCS           `json:"vcs,omitempty"`
	Tool      *Tool          `json:"tool,omitempty"`
	Files     []File         `json:"files"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// VCS names the revision the line numbers refer to.
type VCS struct {
	Type     string `json:"type"`
	Revision string `json:"revision"`
}

// Tool is the program that wrote the record.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// File is one file's attributed ranges, by conversation.
type File struct {
	Path          string         `json:"path"`
	Conversations []Conversation `json:"conversations"`
}

// Conversation is one model response that wrote ranges of the file.
type Conversation struct {
	Contributor *Contributor `json:"contributor,omitempty"`
	Ranges      []Range      `json:"ranges"`
}

// Contributor is who produced the ranges.
type Contributor struct {
	Type    string `json:"type"`
	ModelID string `json:"model_id,omitempty"`
}

// Range is a run of lines, 1-based, inclusive, with the hash of its text.
type Range struct {
	StartLine   int    `json:"start_line"`
	EndLine     int    `json:"end_line"`
	ContentHash string `json:"content_hash,omitempty"`
}

// Run writes one record per commit.
func Run(ctx context.Context, opts *Options) error {
	if opts.AgentTrace == opts.GitAI {
		return exitcode.UsageErrorf("export: name one format: --agent-trace or --git-ai")
	}
	if len(opts.Revs) == 0 {
		return exitcode.UsageErrorf("export: name at least one commit or range (for example: git aiedit export --agent-trace main..aiedit/fix)")
	}
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	commits, err := repo.RevList(ctx, opts.Revs)
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	// A clone has no notes until they are fetched: every record would
	// then have no lines, with nothing to say why.
	if _, exists, err := repo.ReadRef(ctx, attrnote.Ref); err == nil && !exists {
		fetch := ""
		if hint := sharehint.Notes(ctx, repo, "pull"); hint != "" {
			fetch = ": fetch it first (" + hint + ")"
		}
		fmt.Fprintf(opts.IO.ErrOut, "warning: %s is not in this repository, so no line can be attributed%s\n", attrnote.Ref, fetch)
	}
	// Never an export that reads as "no AI line" where it cannot tell.
	for _, c := range commits {
		if why, err := res.Unknown(c); err == nil && why != "" {
			fmt.Fprintf(opts.IO.ErrOut, "warning: commit %.8s: cannot tell who wrote its lines, so its export lists none: %s\n", c, why)
		}
	}
	if opts.GitAI {
		n, err := writeGitAI(ctx, repo, res, commits)
		if err != nil {
			return err
		}
		// git-ai's own ref: notes push does not carry it, git push does.
		share := ""
		if remote, _ := sharehint.Remote(ctx, repo); remote != "" {
			share = fmt.Sprintf("; share them with: git push %s %s", remote, GitAIRef)
		}
		fmt.Fprintf(opts.IO.ErrOut, "wrote %s on %s%s\n", english.Count(n, "git-ai authorship log"), GitAIRef, share)
		return nil
	}
	enc := json.NewEncoder(opts.IO.Out)
	enc.SetEscapeHTML(false)
	for _, c := range commits {
		rec, err := record(repo, res, c)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	return nil
}

// record builds the record of one commit from its attribution note.
func record(repo *gitops.Repo, res *provenance.Resolver, h plumbing.Hash) (*Record, error) {
	c, err := repo.Commit(h)
	if err != nil {
		return nil, err
	}
	rec := &Record{
		Version:   TraceVersion,
		ID:        recordID(h),
		Timestamp: c.Committer.When.UTC().Format("2006-01-02T15:04:05Z"),
		VCS:       &VCS{Type: "git", Revision: h.String()},
		Tool:      &Tool{Name: "git-aiedit", Version: version()},
		Files:     []File{},
	}
	note, err := res.Note(h)
	if err != nil || note == nil {
		return rec, err
	}
	for _, f := range note.Files {
		data, _, err := repo.FileAt(h, f.Path)
		if err != nil {
			return nil, err
		}
		lines := strings.SplitAfter(string(data), "\n")
		file := File{Path: f.Path}
		bySource := map[int]int{} // note source -> conversation index
		for _, l := range f.Lines {
			i, ok := bySource[l.Source]
			if !ok {
				i = len(file.Conversations)
				bySource[l.Source] = i
				contrib := &Contributor{Type: "ai", ModelID: ModelID(note.Responses[l.Source].Model)}
				file.Conversations = append(file.Conversations, Conversation{Contributor: contrib})
			}
			file.Conversations[i].Ranges = append(file.Conversations[i].Ranges,
				Range{StartLine: l.Start, EndLine: l.End, ContentHash: contentHash(lines, l.Start, l.End)})
		}
		rec.Files = append(rec.Files, file)
	}
	responses := make([]attrnote.Response, len(note.Responses))
	for i, r := range note.Responses {
		if r.Commit == "" {
			r.Commit = h.String()
		}
		responses[i] = r
	}
	rec.Metadata = map[string]any{"dev.git-aiedit": map[string]any{"notes_ref": attrnote.Ref, "responses": responses}}
	return rec, nil
}

// contentHash is "sha256:<hex>" of the lines start..end (1-based) as
// they are in the file, newlines included.
func contentHash(lines []string, start, end int) string {
	if start < 1 || end > len(lines) || start > end {
		return ""
	}
	sum := sha256.Sum256([]byte(strings.Join(lines[start-1:end], "")))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// ModelID follows the models.dev convention (provider/model) where the
// provider is clear from the name; other names are kept as they are.
func ModelID(model string) string {
	m := strings.ToLower(model)
	switch {
	case model == "" || strings.Contains(model, "/"):
		return model
	case strings.HasPrefix(m, "claude"):
		return "anthropic/" + model
	case strings.HasPrefix(m, "gpt"), strings.HasPrefix(m, "o1"), strings.HasPrefix(m, "o3"), strings.HasPrefix(m, "o4"), strings.HasPrefix(m, "codex"):
		return "openai/" + model
	case strings.HasPrefix(m, "gemini"):
		return "google/" + model
	}
	return model
}

// recordID is a name-based UUID (version 5 layout) of the commit, so the
// same commit always exports the same record.
func recordID(h plumbing.Hash) string {
	sum := sha1.Sum([]byte("git-aiedit agent-trace " + h.String()))
	b := sum[:16]
	b[6] = b[6]&0x0f | 0x50
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
