package gitops

import (
	"context"
	"path/filepath"
	"sync"

	"github.com/git-aiedit/git-aiedit/gitops/prestart"
)

// discovery is the two git processes Discover reads: rev-parse with every
// flag it needs, and `git config --list -z`, run at the same time.
type discovery struct {
	dir      string
	revParse chan gitOutcome
	config   chan gitOutcome
	cancel   context.CancelFunc // ends the processes (StartDiscovery's)
}

type gitOutcome struct {
	res gitResult
	err error
}

func startDiscovery(ctx context.Context, abs string) *discovery {
	d := &discovery{dir: abs, revParse: make(chan gitOutcome, 1), config: make(chan gitOutcome, 1)}
	go func() {
		res, err := gitCmd{dir: abs, args: prestart.ConfigArgs}.run(ctx)
		d.config <- gitOutcome{res, err}
	}()
	// Starting a process holds the goroutine (and the thread) that starts
	// it for a few milliseconds: rev-parse, which Discover waits for
	// first, starts on this one, at once, while another thread picks up
	// config's.
	wait := gitCmd{dir: abs, args: prestart.RevParseArgs}.start(ctx)
	go func() {
		res, err := wait()
		d.revParse <- gitOutcome{res, err}
	}()
	return d
}

var (
	earlyMu sync.Mutex
	early   *discovery
)

// StartDiscovery starts what Discover(dir) runs, ahead of it: a command
// that will discover the repository starts git while it still parses its
// arguments and opens its input. What package prestart started during
// initialization is taken over instead, when it is the same (see
// adoptPrestart). Discover of the same directory takes the processes'
// answers; of another, it starts its own. Both processes only read, so
// answers nobody takes cost nothing but their time.
func StartDiscovery(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	earlyMu.Lock()
	defer earlyMu.Unlock()
	if early == nil {
		early = adoptPrestart(abs)
	}
	if early == nil {
		ctx, cancel := context.WithCancel(context.Background())
		early = startDiscovery(ctx, abs)
		early.cancel = cancel
	}
}

// EndDiscovery ends what StartDiscovery or package prestart started and
// no Discover took (a command that stopped before it discovered the
// repository: a usage error), and waits for its processes, so that none
// outlives the command.
func EndDiscovery() {
	earlyMu.Lock()
	d := early
	early = nil
	p := prestart.Take()
	earlyMu.Unlock()
	if p != nil {
		p.End()
	}
	if d == nil {
		return
	}
	d.cancel()
	<-d.revParse
	<-d.config
}

// takeEarly returns what StartDiscovery started for abs, once.
func takeEarly(abs string) *discovery {
	earlyMu.Lock()
	defer earlyMu.Unlock()
	if early == nil {
		early = adoptPrestart(abs)
	}
	d := early
	if d == nil || d.dir != abs {
		return nil
	}
	early = nil
	return d
}
