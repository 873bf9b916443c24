// Package sessions implements `git aiedit sessions`: the sessions agents
// recorded for this repository on this machine, newest first, with what
// each holds and whether it is applied already.
package sessions

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/format/visible"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/live"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
	"github.com/git-aiedit/git-aiedit/transcript"
	found "github.com/git-aiedit/git-aiedit/transcript/sessions"
)

// Options are the inputs of `git aiedit sessions`.
type Options struct {
	IO   *iostreams.IOStreams
	Dir  string    // where to look for the repository ("" = current directory)
	JSON bool      // a JSON list on standard output
	Env  found.Env // where agents keep their sessions; zero: this user's
}

// Entry is one listed session.
type Entry struct {
	Agent     string    `json:"agent"`
	ID        string    `json:"id"`
	Path      string    `json:"path"`
	Modified  time.Time `json:"modified"`
	Model     string    `json:"model"`
	Responses int       `json:"responses"`
	// Recorded: "yes" (this content is on a branch), "partly" (an earlier
	// state of the session is: it grew since), "live" (git aiedit hook
	// records it as it goes, on Branch; no Branch: nothing is recorded
	// yet), or "no".
	Recorded string `json:"recorded"`
	Branch   string `json:"branch,omitempty"` // the live review branch
}

// Run lists the sessions.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if repo.WorkTree == "" {
		return exitcode.UsageErrorf("sessions are found by the working directory they were recorded in; run this in a repository with a working tree")
	}
	env := opts.Env
	if env.Home == "" {
		env = found.System()
	}
	recorded, err := repo.TrailerValues(ctx, trailer.KeyTranscript)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	labels := map[string]bool{}
	for v := range recorded {
		if name, _, ok := trailer.SplitTranscript(v); ok && name != "" {
			labels[name] = true
		}
	}
	live := live.Branches(ctx, repo)
	var entries []Entry
	for _, s := range found.Find(repo.WorkTree, env) {
		sum, _ := found.Inspect(s, transcript.Options{Root: repo.WorkTree})
		e := Entry{Agent: string(s.Agent), ID: s.ID, Path: s.Path, Modified: s.Modified.UTC().Truncate(time.Second),
			Model: sum.Model, Responses: sum.Responses, Recorded: "no"}
		label := filepath.Base(filepath.Clean(s.Path))
		if l, ok := live[filepath.Clean(s.File)]; ok {
			e.Recorded = "live"
			if l.Exists {
				e.Branch = l.Branch
			}
		} else if h, err := fileSum(s.File); err == nil && recorded[trailer.JoinTranscript(label, h)] {
			e.Recorded = "yes"
		} else if labels[label] {
			e.Recorded = "partly"
		}
		entries = append(entries, e)
	}
	entries = append(entries, entireEntries(ctx, repo, labels)...)
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Modified.After(entries[j].Modified) })
	if opts.JSON {
		if entries == nil {
			entries = []Entry{}
		}
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	if len(entries) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "no sessions found for %s\n%s", repo.WorkTree, whereLooked(env))
		return nil
	}
	writeTable(opts.IO.Out, entries)
	return nil
}

func writeTable(w io.Writer, entries []Entry) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DATE\tAGENT\tID\tMODEL\tRESPONSES\tRECORDED")
	for _, e := range entries {
		model := e.Model
		if model == "" {
			model = "-"
		}
		rec := e.Recorded
		switch {
		case e.Branch != "":
			rec += " (" + e.Branch + ")"
		case rec == "live":
			rec += ", nothing recorded yet"
		}
		// The id and the model come from the session file: their control
		// characters are shown, not sent to the terminal.
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", e.Modified.Local().Format("2006-01-02 15:04"), e.Agent, visible.Line(e.ID), visible.Line(model), e.Responses, rec)
	}
	tw.Flush()
}

func whereLooked(env found.Env) string {
	claude := "~/.claude/projects"
	if d := get(env, "CLAUDE_CONFIG_DIR"); d != "" {
		claude = filepath.Join(d, "projects")
	}
	codex := "~/.codex/sessions"
	if d := get(env, "CODEX_HOME"); d != "" {
		codex = filepath.Join(d, "sessions")
	}
	return "looked in: " + claude + " (Claude Code), " + codex + " (Codex), .aider.chat.history.md (aider), " +
		"VS Code global storage (Cline, Roo Code), ~/.gemini/tmp/<this folder's name in ~/.gemini/projects.json, or its hash>/chats (Gemini CLI)\n"
}

func get(env found.Env, k string) string {
	if env.Getenv == nil {
		return os.Getenv(k)
	}
	return env.Getenv(k)
}

// fileSum is the transcript's hash as apply records it.
func fileSum(path string) (string, error) {
	f, err := safeopen.Regular(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}
