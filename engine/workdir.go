package engine

import (
	"slices"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// WorkdirReport is a folder of the agent's machine whose recorded paths
// were mapped onto the repository's root (JSON "workdirs").
type WorkdirReport struct {
	Path string `json:"path"`
	From string `json:"from"` // option, recorded or inferred
}

// workdirs keeps the mappings a response's paths went through, and says
// each on standard error unless the response before used it too. It is
// called before the response's operations are applied and again after
// (an apply_patch's paths are mapped as it is parsed).
func (r *response) workdirs(ws []transcript.Workdir) {
	if r.skip || len(ws) == 0 {
		return
	}
	r.r.workdirs = ws
	b := r.b
	for _, w := range ws {
		if !b.quiet && !slices.Contains(b.saidWorkdirs, w) {
			b.a.out.note("  paths under %s are the repository's (%s)", w.Path, workdirHow(w.From))
		}
	}
	b.saidWorkdirs = slices.Clone(ws)
}

func workdirHow(from string) string {
	switch from {
	case transcript.WorkdirOption:
		return "--workdir"
	case transcript.WorkdirRecorded:
		return "the session's folder"
	}
	return "inferred from the paths"
}

// workdirReports renders a response's mappings for the JSON report.
func workdirReports(ws []transcript.Workdir) []*WorkdirReport {
	var out []*WorkdirReport
	for _, w := range ws {
		out = append(out, &WorkdirReport{Path: w.Path, From: w.From})
	}
	return out
}

// workdirTrailers are the Aiedit-Workdir trailers: which folder of the
// agent's machine the commit's paths were mapped from.
func workdirTrailers(ws []transcript.Workdir) []trailer.Workdir {
	var t []trailer.Workdir
	for _, w := range ws {
		t = append(t, trailer.Workdir{Path: w.Path, From: w.From})
	}
	return t
}

// outside counts the run's writes and commands outside the repository.
func (s *runState) outside() int {
	n := 0
	for _, resp := range s.responses {
		for _, r := range resp.all() {
			for res := range r.results() {
				if res.Status == editcore.Outside {
					n++
				}
			}
		}
	}
	return n
}
