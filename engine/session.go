package engine

import (
	"context"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/entire"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript"
	"github.com/git-aiedit/git-aiedit/transcript/sessions"
)

// resolveSession turns --session into the transcript it names (and its
// source, unless --from says otherwise), among the sessions `git aiedit
// sessions` lists for the repository.
func (o *Options) resolveSession(ctx context.Context) error {
	if o.Session == "" {
		return nil
	}
	repo, err := gitops.Discover(ctx, o.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	// An Entire checkpoint, as `sessions` lists it (ID, or ID/N for one
	// of its sessions: all of them are applied).
	id, _, _ := strings.Cut(strings.TrimSpace(o.Session), "/")
	if entire.IsID(id) {
		if store, err := entire.Open(ctx, repo); err == nil && store.Has(id) {
			repo.Close()
			o.Transcripts, o.From, o.Session = []string{id}, string(transcript.Entire), ""
			return nil
		}
	}
	root := repo.WorkTree
	repo.Close()
	if root == "" {
		return exitcode.UsageErrorf("--session finds sessions by the working directory they were recorded in; run it in a repository with a working tree")
	}
	s, err := sessions.Pick(sessions.Find(root, sessions.System()), o.Session)
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	o.Transcripts = []string{s.Path}
	if o.From == "" {
		o.From = string(s.Agent)
	}
	return nil
}
