package log

import (
	"encoding/json"
	"io"

	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/redact"
)

// jsonLog is the output of `git aiedit log --json`.
type jsonLog struct {
	Name      string          `json:"name"`
	Tip       string          `json:"tip"`
	Responses []*jsonResponse `json:"responses"` // newest first, as printed
	Summary   history.Summary `json:"summary"`
}

type jsonResponse struct {
	Commit     string          `json:"commit"`
	Subject    string          `json:"subject"`
	Prompt     string          `json:"prompt,omitempty"` // what the user asked, as the commit quotes it, redacted again
	Transcript string          `json:"transcript"`
	Response   int             `json:"response"`
	Total      int             `json:"total"`
	Model      string          `json:"model,omitempty"`
	RetryOf    int             `json:"retry_of,omitempty"` // a retry round's commit: the response it retries
	Round      int             `json:"round,omitempty"`
	RevertedBy string          `json:"reverted_by,omitempty"` // a later commit that git revert made of this one
	Blocks     []jsonBlock     `json:"blocks"`
	Shell      []jsonShell     `json:"shell"`
	Summary    history.Summary `json:"summary"`
}

type jsonBlock struct {
	Index     int    `json:"index"`
	File      string `json:"file"`
	Status    string `json:"status"`
	ErrorType string `json:"error_type"`
	Detail    string `json:"detail"`
	Reason    string `json:"reason"`
}

type jsonShell struct {
	Command string `json:"command"`
	Status  string `json:"status"`
}

func writeJSON(w io.Writer, sel *history.Selection, red *redact.Redactor) error {
	out := jsonLog{Name: sel.Name, Tip: sel.Tip.String(), Responses: []*jsonResponse{}, Summary: sel.Summary()}
	for i := len(sel.Responses) - 1; i >= 0; i-- {
		r := sel.Responses[i]
		jr := &jsonResponse{Commit: r.Commit.String(), Subject: r.Subject, Transcript: r.Transcript,
			Response: r.N, Total: r.Total, Model: r.Model, RetryOf: r.RetryOf, Round: r.Round, Blocks: []jsonBlock{}, Shell: []jsonShell{}, Summary: r.Summary}
		for _, b := range r.Blocks {
			jr.Blocks = append(jr.Blocks, jsonBlock{Index: b.Index, File: b.Path, Status: string(b.Status),
				ErrorType: string(b.Error), Detail: b.Detail, Reason: history.Explain(b)})
		}
		for _, s := range r.Shell {
			jr.Shell = append(jr.Shell, jsonShell{Command: s.Command, Status: string(s.Status)})
		}
		jr.Prompt, _ = red.Text(r.Prompt)
		if !r.RevertedBy.IsZero() {
			jr.RevertedBy = r.RevertedBy.String()
		}
		out.Responses = append(out.Responses, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
