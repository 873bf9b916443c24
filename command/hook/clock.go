package hook

import "time"

// A run's bounded waits (for the session's lock, for the answer's last
// text) read the time and sleep through these two, so that a test can
// count the waits and run them on a clock of its own: what it checks
// then never depends on how fast or loaded the machine is.
var (
	timeNow = time.Now
	pause   = time.Sleep
)
