package review

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// The question and its answers, in `git add -p`'s words and order
// ([y,n,q,a,d,s,e,?]); `s` is offered only for a hunk that can be split.
const question = "Keep this hunk"

var (
	choiceYes   = ask.Choice{Key: "y", Help: "keep this hunk (accepted)"}
	choiceNo    = ask.Choice{Key: "n", Help: "take this hunk back (rejected)"}
	choiceQuit  = ask.Choice{Key: "q", Help: "quit; do not decide this hunk or any of the remaining ones (what is decided is recorded)"}
	choiceAll   = ask.Choice{Key: "a", Help: "keep this hunk and all later hunks in the file"}
	choiceDone  = ask.Choice{Key: "d", Help: "take back this hunk and all later hunks in the file"}
	choiceSplit = ask.Choice{Key: "s", Help: "split the current hunk into smaller hunks"}
	choiceEdit  = ask.Choice{Key: "e", Help: "manually edit the current hunk (edited)"}
)

// choices are the answers offered for h.
func choices(h *Hunk) []ask.Choice {
	cs := []ask.Choice{choiceYes, choiceNo, choiceQuit, choiceAll, choiceDone}
	if strings.Count(h.ID, ".") == 1 && h.Split() != nil {
		cs = append(cs, choiceSplit)
	}
	return append(cs, choiceEdit)
}

// ask walks the undecided hunks on the terminal, response by response
// and file by file, and returns the decisions made before the end or q.
// An interrupt records nothing.
func (st *state) ask(ctx context.Context, opts *Options) ([]Decision, error) {
	s := opts.IO
	cs := s.ErrColorScheme()
	rv, err := ask.New(s.In, s.ErrOut, cs, opts.Dir)
	if errors.Is(err, ask.ErrNoTerminal) {
		return nil, exitcode.UsageErrorf("review asks about each hunk on a terminal, and standard input is not one; "+
			"without one, list the undecided hunks with `git aiedit review --list %s` (each line starts with the hunk's id), "+
			"then decide them with `git aiedit review --accept ID… %s` and `--reject ID…`", st.name, st.name)
	}
	if err != nil {
		return nil, exitcode.UsageErrorf("review: %v", err)
	}
	st.sayBinary(s)
	queue := append([]*Hunk(nil), st.hunks...)
	var ds []Decision
	lastResp, lastFile := "", ""
	for i := 0; i < len(queue); i++ {
		h := queue[i]
		resp := h.Response.Commit.String()
		if resp != lastResp {
			rv.Write(cs.Bold(fmt.Sprintf("response %d/%d (%s): %s", h.Response.N, h.Response.Total, h.Response.Short(), h.Response.Subject)) + "\n")
			lastFile = ""
		}
		if h.Path != lastFile {
			rv.Write(fileHeader(cs, h))
		}
		lastResp, lastFile = resp, h.Path
		rv.Write(paint(cs, h))
		n, of := place(queue, i)
		key, err := rv.Choose(ctx, fmt.Sprintf("(%d/%d) %s", n, of, question), choices(h))
		if errors.Is(err, ask.ErrInterrupted) {
			return nil, exitcode.Interruptedf("review interrupted; nothing was recorded")
		}
		if err != nil {
			return nil, err
		}
		switch key {
		case "", "q":
			return ds, nil
		case "y":
			ds = append(ds, Decision{Hunk: h, Verdict: Accepted})
		case "n":
			if next, ok := st.try(rv, ds, Decision{Hunk: h, Verdict: Rejected}); ok {
				ds = next
			} else {
				i-- // asked again
			}
		case "a", "d":
			v := Accepted
			if key == "d" {
				v = Rejected
			}
			j := i
			for ; j < len(queue) && sameFile(queue[j], h); j++ {
				next, ok := st.try(rv, ds, Decision{Hunk: queue[j], Verdict: v})
				if !ok {
					break // this one is asked about
				}
				ds = next
			}
			i = j - 1
		case "s":
			parts := h.Split()
			rv.Say("Split into %d hunks.", len(parts))
			queue = append(queue[:i], append(parts, queue[i+1:]...)...)
			lastFile = h.Path // the header is shown already
			i--
		case "e":
			edit, ok := st.edit(ctx, rv, h)
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil, exitcode.Interruptedf("review interrupted; nothing was recorded")
			}
			if ok {
				if next, ok := st.try(rv, ds, Decision{Hunk: h, Verdict: Edited, Edit: edit}); ok {
					ds = next
					break
				}
			}
			i--
		}
	}
	return ds, nil
}

// try adds d to ds when the tip can take them all; otherwise it says why
// and the hunk stays undecided.
func (st *state) try(rv *ask.Reviewer, ds []Decision, d Decision) ([]Decision, bool) {
	next := append(append([]Decision(nil), ds...), d)
	if err := st.trial(next); err != nil {
		rv.Say("%v", err)
		return ds, false
	}
	return next, true
}

// edit opens the hunk in the editor and reads back what the file should
// hold instead; ok is false (and the reason said) when there is nothing
// to use.
func (st *state) edit(ctx context.Context, rv *ask.Reviewer, h *Hunk) ([]string, bool) {
	saved, err := rv.EditText(ctx, "addp-hunk-edit.diff", []byte(editText(h)))
	if errors.Is(err, ask.ErrInterrupted) {
		return nil, false // the caller says it
	}
	if err != nil {
		rv.Say("%v", err)
		return nil, false
	}
	lines, err := parseEdit(h, string(saved))
	if err != nil {
		rv.Say("%v", err)
		return nil, false
	}
	return lines, true
}

// place numbers a hunk among the queued hunks of its response's file.
func place(queue []*Hunk, i int) (n, of int) {
	for j, h := range queue {
		if sameFile(h, queue[i]) {
			of++
			if j <= i {
				n++
			}
		}
	}
	return n, of
}

func sameFile(a, b *Hunk) bool {
	return a.Response == b.Response && a.Path == b.Path
}

// fileHeader is the diff header of a hunk's file, as git shows it.
func fileHeader(cs *iostreams.ColorScheme, h *Hunk) string {
	a, b := "a/"+h.Path, "b/"+h.Path
	if h.Created {
		a = "/dev/null"
	}
	if h.Deleted {
		b = "/dev/null"
	}
	return cs.Bold("diff --git a/"+h.Path+" b/"+h.Path) + "\n" + cs.Bold("--- "+a) + "\n" + cs.Bold("+++ "+b) + "\n"
}

// paint renders the hunk with git's colours when cs is enabled, and
// names its id and block.
func paint(cs *iostreams.ColorScheme, h *Hunk) string {
	var b strings.Builder
	for i, line := range strings.SplitAfter(h.Text(), "\n") {
		switch {
		case line == "":
		case i == 0:
			b.WriteString(cs.Cyan(strings.TrimSuffix(line, "\n")) + cs.Dim(fmt.Sprintf(" hunk %s, %s", h.ID, h.blockWords())) + "\n")
		case line[0] == '-':
			b.WriteString(cs.Red(strings.TrimSuffix(line, "\n")) + "\n")
		case line[0] == '+':
			b.WriteString(cs.Green(strings.TrimSuffix(line, "\n")) + "\n")
		default:
			b.WriteString(line)
		}
	}
	return b.String()
}

// blockWords names the hunk's blocks for the header line.
func (h *Hunk) blockWords() string {
	switch len(h.Blocks) {
	case 0:
		return "block unknown"
	case 1:
		return "block " + h.blockList()
	}
	return "blocks " + h.blockList()
}
