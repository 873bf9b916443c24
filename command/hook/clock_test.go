package hook

import (
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock that moves only when a wait sleeps on it: a test
// learns how many times, and for how long in all, a run waited, whatever
// the machine's speed.
type fakeClock struct {
	t     *testing.T
	limit time.Duration

	mu    sync.Mutex
	now   time.Time
	waits int
	slept time.Duration
}

// useFakeClock makes the run's waits (timeNow, pause) use a fake clock
// for the rest of the test. A wait that sleeps past limit in all never
// gives up: the test fails then, from the goroutine that waits, which
// must be the test's own.
func useFakeClock(t *testing.T, limit time.Duration) *fakeClock {
	c := &fakeClock{t: t, limit: limit, now: time.Date(2025, 10, 6, 14, 0, 0, 0, time.UTC)}
	now, sleep := timeNow, pause
	t.Cleanup(func() { timeNow, pause = now, sleep })
	timeNow, pause = c.Now, c.Sleep
	return c
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.waits++
	c.slept += d
	slept := c.slept
	c.mu.Unlock()
	if slept > c.limit {
		c.t.Fatalf("still waiting after %v (%d sleeps): the wait never gives up", slept, c.waits)
	}
}

// Waited is how many times the clock slept, and for how long in all.
func (c *fakeClock) Waited() (int, time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.waits, c.slept
}
