package engine

// A session the live hook recorded (live.go) may be applied again, with
// `apply --session` or by its path, onto a branch that holds the hook's
// commits of it. Its file has grown since, so its hash names nothing on
// the branch: the run then knows each response by its turn, as the hook
// does (the hash of the turn's first record, or the id its source gives
// it). Turns the hook recorded are not recorded again, and the turns the
// run adds carry the same identity and Aiedit-Session, so that a later
// run, or the hook reading the session again, recognises them too.

import (
	"hash"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// noteSeries remembers, while the branch's history is walked newest
// first, that the transcript named label was recorded live as session
// (the Aiedit-Session value).
func (a *applier) noteSeries(label string, session trailer.Session) {
	if a.liveSeries == nil {
		a.liveSeries = map[string]trailer.Session{}
	}
	if _, ok := a.liveSeries[label]; !ok {
		a.liveSeries[label] = session
	}
}

// seriesOf is the live session that in, a transcript file, continues on
// the branch: none (zero) when the hook recorded no session by its name
// there.
func (a *applier) seriesOf(in *input) trailer.Session {
	if in.live != nil || in.stdin != nil || in.path == "" {
		return trailer.Session{}
	}
	return a.liveSeries[in.label]
}

// openSeries reads a session file whole, hashing it as any transcript,
// and remembering where its lines start so that a response's first
// record can be read back (liveReader.turnKey).
func openSeries(f *os.File, h hash.Hash) *liveReader {
	return &liveReader{f: f, r: io.TeeReader(f, h), starts: []int64{0}}
}

// turnCommit is the commit that recorded a turn, among those commits
// (by response number) that name it: the one with the same number, else
// the lowest number's.
func turnCommit(commits map[int]string, index int) (string, bool) {
	if c, ok := commits[index]; ok {
		return c, true
	}
	if len(commits) == 0 {
		return "", false
	}
	return commits[slices.Min(slices.Collect(maps.Keys(commits)))], true
}
