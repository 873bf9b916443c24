package export

// This file writes git-ai's authorship notes (refs/notes/ai, the Git AI
// Standard v3.0.0, schema "authorship/3.0.0") from our attribution notes,
// so that `git-ai blame` shows what git-aiedit recorded.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// GitAIRef and GitAISchema name git-ai's notes and their format.
const (
	GitAIRef    = "refs/notes/ai"
	GitAISchema = "authorship/3.0.0"
)

// gitAIMeta is the metadata section of an authorship log.
type gitAIMeta struct {
	SchemaVersion string                  `json:"schema_version"`
	GitAIVersion  string                  `json:"git_ai_version,omitempty"`
	BaseCommitSHA string                  `json:"base_commit_sha"`
	Prompts       map[string]any          `json:"prompts"`
	Sessions      map[string]gitAISession `json:"sessions"`
}

type gitAISession struct {
	AgentID gitAIAgent `json:"agent_id"`
}

type gitAIAgent struct {
	Tool  string `json:"tool"`
	ID    string `json:"id"`
	Model string `json:"model"`
}

// AuthorshipLog renders commit's attribution as a git-ai authorship log:
// an attestation section (each file, then one "  s_<session>::t_<trace>
// <ranges>" line per response block), "---", and the metadata JSON. A
// session is one transcript of one agent (s_ + the first 14 hex digits
// of sha256("<agent>:<transcript>"), as the standard derives it); a
// trace is one block of one response (t_ + 14 hex digits of a hash of
// the commit, response and block, stable across runs).
func AuthorshipLog(commit plumbing.Hash, note *attrnote.Note) []byte {
	meta := gitAIMeta{SchemaVersion: GitAISchema, GitAIVersion: "git-aiedit " + version(),
		BaseCommitSHA: commit.String(), Prompts: map[string]any{}, Sessions: map[string]gitAISession{}}
	var b strings.Builder
	files := append([]attrnote.File(nil), note.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, f := range files {
		type key struct{ source, block int }
		byKey := map[key][]attrnote.Lines{}
		var order []key
		for _, l := range f.Lines {
			k := key{l.Source, l.Block}
			if _, ok := byKey[k]; !ok {
				order = append(order, k)
			}
			byKey[k] = append(byKey[k], l)
		}
		b.WriteString(quotePath(f.Path) + "\n")
		for _, k := range order {
			r := note.Responses[k.source]
			agent := r.Agent
			if agent == "" {
				agent = "git-aiedit"
			}
			session := "s_" + hexOf(agent + ":" + r.Transcript)[:14]
			origin := r.Commit
			if origin == "" {
				origin = commit.String()
			}
			trace := "t_" + hexOf(fmt.Sprintf("%s:%d:%d", origin, r.Response, k.block))[:14]
			meta.Sessions[session] = gitAISession{AgentID: gitAIAgent{Tool: agent, ID: r.Transcript, Model: r.Model}}
			runs := byKey[k]
			sort.Slice(runs, func(i, j int) bool { return runs[i].Start < runs[j].Start })
			parts := make([]string, len(runs))
			for i, l := range runs {
				parts[i] = strconv.Itoa(l.Start)
				if l.End > l.Start {
					parts[i] += "-" + strconv.Itoa(l.End)
				}
			}
			fmt.Fprintf(&b, "  %s::%s %s\n", session, trace, strings.Join(parts, ","))
		}
	}
	b.WriteString("---\n")
	js, _ := json.MarshalIndent(meta, "", "  ")
	b.Write(js)
	b.WriteString("\n")
	return []byte(b.String())
}

// quotePath wraps a path with a space, tab or newline in double quotes.
func quotePath(p string) string {
	if strings.ContainsAny(p, " \t\n") {
		return `"` + p + `"`
	}
	return p
}

func hexOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// writeGitAI adds the authorship logs of commits with an attribution note
// to refs/notes/ai; it returns how many it wrote.
func writeGitAI(ctx context.Context, repo *gitops.Repo, res *provenance.Resolver, commits []plumbing.Hash) (int, error) {
	notes := map[plumbing.Hash][]byte{}
	for _, c := range commits {
		note, err := res.Note(c)
		if err != nil {
			return 0, exitcode.WithCode(exitcode.Repo, err)
		}
		if note != nil {
			notes[c] = AuthorshipLog(c, note)
		}
	}
	if err := repo.AddNotes(ctx, GitAIRef, notes, "git-aiedit: authorship logs of "+english.Count(len(notes), "commit")); err != nil {
		return 0, exitcode.WithCode(exitcode.Repo, err)
	}
	return len(notes), nil
}
