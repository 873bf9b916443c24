package engine

// Some records state the agent's final result: OpenHands evaluation
// output (test_result.git_patch), a SWE-agent trajectory
// (info.submission), an aider log that names the commits aider made. The
// replayed tree is compared with it, and the outcome is said in the report
// and in the Aiedit-Verified trailer of the transcript's last commit of
// the run (verifytrailer.go); --reconcile adds a commit that brings the
// branch to the recorded result (reconcile.go).

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Outcomes of a verification.
const (
	verifiedMatches   = "matches"
	verifiedDiffers   = "differs"
	verifiedUnchecked = "unchecked"
)

// verification is how one transcript's replay compares with the result
// its record states.
type verification struct {
	in     *input
	what   string // transcript.Outcome.What
	result string // verifiedMatches, verifiedDiffers or verifiedUnchecked
	reason string // unchecked: why
	files  []differingFile

	// want is the recorded result's tree (a patch applied to where the
	// replay started), or the tree of the commit the log names; zero when
	// unchecked. paths, for a commit, limits the comparison to the files
	// the replay touched (the rest of a commit's tree is not the agent's).
	want  plumbing.Hash
	paths map[string]bool

	reconciled plumbing.Hash // the --reconcile commit; zero when none was made
}

// differingFile is a file whose replayed content is not the recorded one.
type differingFile struct {
	Path   string `json:"path"`
	Change string `json:"change"`        // missing (only in the record), extra (only in the replay), content, mode
	Why    string `json:"why,omitempty"` // what in the replay explains it, where known
}

// noteOutcome keeps a recorded result as the transcript is read.
func (b *batch) noteOutcome(o transcript.Outcome) {
	b.outcomes = append(b.outcomes, o)
}

// verify compares the replay of b's transcript, which started from base
// and ended with the tree tip, with the result its record states; nil
// when it states none.
func (b *batch) verify(ctx context.Context, base, tip plumbing.Hash) *verification {
	if len(b.outcomes) == 0 {
		return nil
	}
	o := b.outcomes[len(b.outcomes)-1]
	v := &verification{in: b.in, what: o.What}
	if len(b.outcomes) > 1 && o.Commit == "" {
		v.unchecked(fmt.Sprintf("the record holds %d results, one per task; apply the record of one task to check it", len(b.outcomes)))
		return v
	}
	repo := b.a.repo
	var changes []gitops.TreeChange
	var err error
	if o.Commit != "" {
		c, rerr := repo.ResolveCommit(ctx, o.Commit)
		if rerr != nil {
			v.unchecked("commit " + o.Commit + " is not in this repository")
			return v
		}
		commit, cerr := repo.Commit(c)
		if cerr != nil {
			v.unchecked(cerr.Error())
			return v
		}
		v.want = commit.TreeHash
		// The files the replay changed, and those its blocks named.
		touched, terr := repo.DiffTree(ctx, b.treeOf(base), tip)
		if terr != nil {
			v.unchecked(terr.Error())
			return v
		}
		v.paths = map[string]bool{}
		for _, t := range touched {
			v.paths[t.Path] = true
		}
		for _, rs := range b.st.responses {
			if rs.in == b.in {
				for _, res := range rs.blocks.All() {
					if res.Path != "" {
						v.paths[res.Path] = true
					}
				}
			}
		}
	} else {
		tfs, terr := repo.TreeFS(base)
		if terr != nil {
			v.unchecked(terr.Error())
			return v
		}
		if aerr := applyRecorded(tfs, o); aerr != nil {
			v.unchecked("the recorded patch does not apply to where the replay started (" + aerr.Error() + "); was the transcript applied to the task's base commit?")
			return v
		}
		if v.want, err = repo.WriteTree(tfs); err != nil {
			v.unchecked(err.Error())
			return v
		}
	}
	if changes, err = repo.DiffTree(ctx, tip, v.want); err != nil {
		v.unchecked(err.Error())
		return v
	}
	for _, c := range changes {
		if v.paths != nil && !v.paths[c.Path] {
			continue
		}
		f := differingFile{Path: c.Path, Change: changeName(c)}
		f.Why = b.why(c.Path)
		v.files = append(v.files, f)
	}
	v.result = verifiedMatches
	if len(v.files) > 0 {
		v.result = verifiedDiffers
	}
	return v
}

func (v *verification) unchecked(reason string) {
	v.result, v.reason, v.want = verifiedUnchecked, reason, plumbing.ZeroHash
}

// treeOf is a commit's tree; zero (the empty tree, to DiffTree) when it
// cannot be read.
func (b *batch) treeOf(c plumbing.Hash) plumbing.Hash {
	commit, err := b.a.repo.Commit(c)
	if err != nil {
		return plumbing.ZeroHash
	}
	return commit.TreeHash
}

// changeName says how the replay's file differs from the recorded one
// (DiffTree from the replay to the record).
func changeName(c gitops.TreeChange) string {
	switch {
	case c.Status == 'A':
		return "missing"
	case c.Status == 'D':
		return "extra"
	case c.OldHash == c.NewHash:
		return "mode"
	}
	return "content"
}

// why finds what in the replay of the transcript explains a file's
// difference: a block on it that did not apply, or a shell command that
// was not replayed (one that names the file, else every such command);
// "" when nothing does. Responses an earlier run recorded are read from
// their commits' trailers.
func (b *batch) why(p string) string {
	var named, unnamed []string
	for _, rs := range b.st.responses {
		if rs.in != b.in {
			continue
		}
		if rs.alreadyRecorded {
			if w := b.recordedWhy(rs, p, &named, &unnamed); w != "" {
				return w
			}
			continue
		}
		for i, res := range rs.blocks.All() {
			if res.Path == p && !res.OK() {
				what := string(res.Status)
				if res.Error != "" {
					what += ":" + string(res.Error)
				}
				return fmt.Sprintf("response %d block %d %s", rs.index, i+1, what)
			}
		}
		for _, s := range rs.shell {
			if (s.Status == editcore.NotReplayed || s.Status == editcore.NotRun) && s.Op != nil && s.Op.Command != nil {
				noteCommand(s.Op.Command.Text, p, &named, &unnamed)
			}
		}
	}
	switch {
	case len(named) > 0:
		return "not replayed: " + named[len(named)-1]
	case len(unnamed) > 0:
		return "no replayed edit wrote it; not replayed: " + strings.Join(unnamed, "; ")
	}
	return ""
}

// noteCommand files a command that was not replayed under named when it
// names the file p.
func noteCommand(cmd, p string, named, unnamed *[]string) {
	if strings.Contains(cmd, p) || strings.Contains(cmd, path.Base(p)) {
		*named = append(*named, cmd)
	} else if !slices.Contains(*unnamed, cmd) {
		*unnamed = append(*unnamed, cmd)
	}
}

// recordedWhy reads, from the commit of a response an earlier run
// recorded, a block on p that did not apply; its unreplayed commands are
// filed as this run's are.
func (b *batch) recordedWhy(rs *responseState, p string, named, unnamed *[]string) string {
	c, err := b.a.repo.Commit(rs.commit)
	if err != nil {
		return ""
	}
	rec := trailer.Decode(c.Message)
	for _, bl := range rec.Blocks {
		if bl.Path == p && bl.Status != editcore.Applied && bl.Status != editcore.AlreadyApplied {
			return fmt.Sprintf("response %d block %d %s", rs.index, bl.Index, bl.Outcome())
		}
	}
	for _, s := range rec.Shell {
		if s.Status == editcore.NotReplayed && s.Command != "" {
			noteCommand(s.Command, p, named, unnamed)
		}
	}
	return ""
}

// verified is the run's verdict over its transcripts' verifications:
// differs when any differs, else unchecked when any could not be checked,
// else matches; "" when no record stated a result.
func (s *runState) verified() string {
	if len(s.verifications) == 0 {
		return ""
	}
	results := make([]string, 0, len(s.verifications))
	for _, v := range s.verifications {
		results = append(results, v.result)
	}
	for _, r := range []string{verifiedDiffers, verifiedUnchecked} {
		if slices.Contains(results, r) {
			return r
		}
	}
	return verifiedMatches
}

// verifyRun checks the replay of b's transcript against its record, once
// it is read: from start (where this run began it, or, when earlier runs
// recorded some of its responses, where the oldest of those began) to the
// tree of its last commit. The verdict goes on that commit (resealed when
// its message was final already). Not in a dry run, for a live session,
// or when the run stopped early.
func (b *batch) verifyRun(ctx context.Context, start, parent plumbing.Hash, stopped bool) (*verification, error) {
	a := b.a
	if b.st.dryRun || b.in.live != nil || stopped || b.st.stop != "" || len(b.outcomes) == 0 {
		return nil, nil
	}
	for _, rs := range b.st.responses {
		if rs.in == b.in && rs.alreadyRecorded {
			if c, ok := a.replayBase[b.in.label]; ok {
				start = c
			}
			break
		}
	}
	var last *pending
	for _, p := range b.pending {
		if !p.sealed || p.msg != "" {
			last = p
		}
	}
	tip := b.treeOf(parent)
	if last != nil {
		tip = last.tree
	}
	v := b.verify(ctx, start, tip)
	b.st.verifications = append(b.st.verifications, v)
	if last != nil {
		last.r.verify = v
		if last.sealed {
			if err := b.seal(ctx, last, b.all, false); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// reconcileRun makes the --reconcile commit on top of parent when the
// replay differs from its record, and says so when there is nothing to
// reconcile with. It returns the new tip.
func (b *batch) reconcileRun(ctx context.Context, v *verification, parent plumbing.Hash) (plumbing.Hash, error) {
	a := b.a
	if !a.opts.Reconcile || b.in.live != nil {
		return parent, nil
	}
	switch {
	case b.st.dryRun:
		if b.quiet {
			return parent, nil // the probe run.go makes for a checked-out branch
		}
		a.out.say("--reconcile: a dry run neither checks %s against its record nor reconciles", b.in.shown())
		return parent, nil
	case v == nil:
		a.out.say("--reconcile: %s states no final result of the agent's work (OpenHands evaluation output and SWE-agent trajectories do, and aider logs that name their commits); nothing to reconcile with", b.in.shown())
		return parent, nil
	case v.result != verifiedDiffers:
		return parent, nil
	}
	return b.reconcile(ctx, v, parent)
}

// VerificationReport is one transcript's verification in the JSON report.
type VerificationReport struct {
	Transcript string          `json:"transcript"`
	Against    string          `json:"against"` // where the recorded result was read
	Result     string          `json:"result"`  // matches, differs, unchecked
	Reason     string          `json:"reason,omitempty"`
	Files      []differingFile `json:"files"`
	// Reconciled is the --reconcile commit; null when none was made.
	Reconciled *string `json:"reconciled"`
}

func (v *verification) report() *VerificationReport {
	r := &VerificationReport{Transcript: v.in.label, Against: v.what, Result: v.result, Reason: v.reason, Files: v.files}
	if r.Files == nil {
		r.Files = []differingFile{}
	}
	if !v.reconciled.IsZero() {
		c := v.reconciled.String()
		r.Reconciled = &c
	}
	return r
}

// lines say a verification for people.
func (v *verification) lines(multi bool) []string {
	of := ""
	if multi {
		of = " of " + v.in.label
	}
	var out []string
	switch v.result {
	case verifiedMatches:
		out = append(out, fmt.Sprintf("verified: the replay%s matches the recorded result (%s)", of, v.what))
	case verifiedUnchecked:
		out = append(out, fmt.Sprintf("verified: the replay%s cannot be checked against %s: %s", of, v.what, v.reason))
	default:
		out = append(out, fmt.Sprintf("verified: the replay%s differs from the recorded result (%s) in %s:", of, v.what, english.Count(len(v.files), "file")))
		for _, f := range v.files {
			l := fmt.Sprintf("  %-8s %s", f.Change, f.Path)
			if f.Why != "" {
				l += " (" + f.Why + ")"
			}
			out = append(out, l)
		}
		if v.reconciled.IsZero() {
			out = append(out, "  --reconcile adds a commit that brings the branch to the recorded result")
		} else {
			out = append(out, fmt.Sprintf("reconciled: commit %s brings the branch to the recorded result", short(v.reconciled)))
		}
	}
	return out
}
