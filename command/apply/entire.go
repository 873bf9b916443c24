package apply

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/entire"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// resolveEntire turns --from entire's arguments (checkpoint ids, or
// commits whose Entire-Checkpoint trailers name them) into the session
// transcripts the checkpoints hold, written to a temporary folder that the
// returned function removes. Each is then read as the agent's own record,
// found by its structure. A commit given alone is also the default base:
// its first parent, where the agent started.
func (o *Options) resolveEntire(ctx context.Context) (cleanup func(), err error) {
	cleanup = func() {}
	if !strings.EqualFold(strings.TrimSpace(o.From), string(transcript.Entire)) {
		return cleanup, nil
	}
	if len(o.Transcripts) == 0 {
		return cleanup, exitcode.UsageErrorf("--from entire needs a checkpoint id (12 hex digits) or a commit with an %s trailer", entire.Trailer)
	}
	repo := o.Repo
	if repo == nil {
		if repo, err = gitops.Discover(ctx, o.Dir); err != nil {
			return cleanup, exitcode.WithCode(exitcode.Repo, err)
		}
		defer repo.Close()
	}
	store, err := entire.Open(ctx, repo)
	if errors.Is(err, entire.ErrNoBranch) {
		return cleanup, exitcode.WithCode(exitcode.Usage, err)
	} else if err != nil {
		return cleanup, exitcode.WithCode(exitcode.Repo, err)
	}
	var sessions []entire.Session
	for _, arg := range o.Transcripts {
		ids, parent, err := store.Resolve(ctx, repo, arg)
		if err != nil {
			return cleanup, exitcode.WithCode(exitcode.Usage, err)
		}
		if parent != "" && o.Base == "" && len(o.Transcripts) == 1 {
			o.Base = parent
		}
		for _, id := range ids {
			got, err := store.Sessions(id)
			if err != nil {
				return cleanup, exitcode.WithCode(exitcode.Usage, err)
			}
			sessions = append(sessions, got...)
		}
	}
	dir, err := os.MkdirTemp("", "git-aiedit-entire-*")
	if err != nil {
		return cleanup, fmt.Errorf("cannot make a temporary folder for the checkpoints: %w", err)
	}
	cleanup = func() { os.RemoveAll(dir) }
	perCheckpoint := map[string]int{}
	for _, s := range sessions {
		perCheckpoint[s.Checkpoint]++
	}
	o.Transcripts = nil
	for _, s := range sessions {
		// Named after the checkpoint, so the branch is aiedit/entire-<id>
		// and Aiedit-Transcript says where the session came from.
		name := "entire-" + s.Checkpoint
		if perCheckpoint[s.Checkpoint] > 1 {
			name += "-" + strconv.Itoa(s.Index)
		}
		file := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(file, s.Transcript, 0o600); err != nil {
			cleanup()
			return func() {}, fmt.Errorf("cannot write checkpoint %s to a temporary file: %w", s.Checkpoint, err)
		}
		o.Transcripts = append(o.Transcripts, file)
	}
	// Each session is read as what its agent wrote, found by structure.
	o.From = ""
	return cleanup, nil
}
