package engine

// This file counts a transcript file's responses in a read of its own,
// applying nothing: the M of Aiedit-Response n/M when it is needed before
// the run has read the transcript to its end (a commit-msg hook must see a
// response's final message as the response ends; a run that stopped early
// still records the transcript's own total), and the "37/120" of the
// progress line.

import (
	"bufio"
	"os"

	"github.com/git-aiedit/git-aiedit/transcript"
)

// counting is one count of a transcript file, running or done.
type counting struct {
	f    *os.File
	done chan struct{}
	n    int
	err  error
}

// countable reports whether in's responses can be counted before it is
// read to its end: a file (or standard input once spooled) whose hash is
// known. Standard input still streaming cannot; a live session counts
// what it has read (docs/hooks.md).
func (in *input) countable() bool {
	return in.live == nil && in.stdin == nil && in.path != "" && in.sum != ""
}

// startCount counts in's responses as src reads them, beside the run
// when async. The count is stored in in.count once it succeeds.
func (b *batch) startCount(src transcript.Source, async bool) *counting {
	c := &counting{done: make(chan struct{})}
	f, err := os.Open(b.in.path)
	if err != nil {
		c.err = err
		close(c.done)
		return c
	}
	c.f = f
	in := b.in
	// No Exists: the tree is the run's, and a count needs no paths.
	opts := transcript.Options{Root: b.a.repo.WorkTree}
	count := func() {
		defer close(c.done)
		defer f.Close()
		c.err = transcript.Read(bufio.NewReaderSize(f, 64<<10), src, opts, func(*transcript.Response) error {
			c.n++
			return nil
		})
		if c.err == nil {
			in.count.Store(int64(c.n))
		}
	}
	if async {
		go count()
	} else {
		count()
	}
	return c
}

// stop ends a count still running (it then fails) and waits for it.
func (c *counting) stop() {
	if c.f != nil {
		c.f.Close()
	}
	<-c.done
}

// wait returns the count once it is done.
func (c *counting) wait() (int, error) {
	<-c.done
	return c.n, c.err
}

// allResponses is the number of responses in the transcript being read,
// before it is read to its end: the count of a read of its own (the one
// started for the progress line, if any). ok is false when the input
// cannot be counted ahead (countable); err is the transcript's error,
// which its reading would meet too.
func (b *batch) allResponses() (n int, ok bool, err error) {
	if b.readAll {
		return b.total, true, nil
	}
	if !b.in.countable() {
		return 0, false, nil
	}
	if b.count == nil {
		b.count = b.startCount(b.in.source, false)
	}
	if n, err = b.count.wait(); err != nil {
		return 0, false, readError(b.in.shown(), err)
	}
	return max(n, b.total), true, nil
}
