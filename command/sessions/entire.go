package sessions

import (
	"bufio"
	"context"
	"strconv"
	"time"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/entire"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// entireEntries lists the sessions of the checkpoints Entire keeps in the
// repository (none when it has no entire/checkpoints/v1 branch), each
// applied with `apply --from entire ID` (or `--session ID`). A checkpoint
// is recorded when a transcript of its name is on a branch.
func entireEntries(ctx context.Context, repo *gitops.Repo, labels map[string]bool) []Entry {
	store, err := entire.Open(ctx, repo)
	if err != nil {
		return nil
	}
	var out []Entry
	for _, id := range store.List() {
		sessions, err := store.Sessions(ctx, id)
		if err != nil {
			continue
		}
		for _, s := range sessions {
			e := Entry{Agent: string(transcript.Entire), ID: id, Path: store.Ref + ":" + id, Modified: s.Created.UTC().Truncate(time.Second), Recorded: "no"}
			if len(sessions) > 1 {
				e.ID += "/" + strconv.Itoa(s.Index)
			}
			if labels[s.Name()+".jsonl"] {
				e.Recorded = "yes"
			}
			countResponses(ctx, store, s, repo.WorkTree, &e)
			out = append(out, e)
		}
	}
	return out
}

// countResponses reads a session's transcript as a stream, counting its
// responses and finding its model: memory stays that of one record,
// however large the transcript.
func countResponses(ctx context.Context, store *entire.Store, s entire.Session, root string, e *Entry) {
	rc, err := store.Open(ctx, s)
	if err != nil {
		return
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	head, _ := br.Peek(transcript.DetectSize)
	src := transcript.Detect(head, "full.jsonl")
	_ = transcript.Read(br, src, transcript.Options{Root: root}, func(r *transcript.Response) error {
		e.Responses++
		if r.Model != "" {
			e.Model = r.Model
		}
		return nil
	})
}
