package transcript

import "io"

// Workdirs reads a whole record once, applying nothing, and returns the
// folders of the agent's machine its paths showed to be the repository's
// root (see rooter). Given back as Options.Known, they map every path of
// the record from its first response on: a file the agent created in a
// new folder early in a session is the repository's once a later call
// shows where the repository was, never outside for having come first.
// Text sources learn nothing (nil).
func Workdirs(r io.Reader, src Source, opt Options) ([]Workdir, error) {
	opt.Warn, opt.Outcome, opt.Known = nil, nil, nil
	var ro *rooter
	e := &emitter{opt: opt, fn: func(*Response) error { return nil }}
	for _, def := range registry {
		if def.name == src {
			err := def.read(r, e)
			ro = e.ro
			if err != nil {
				return nil, err
			}
		}
	}
	if ro == nil || opt.Workdir != "" {
		return nil, nil
	}
	return ro.dirs, nil
}

// seed gives a rooter the workdirs a first reading of the record learned.
func (r *rooter) seed(known []Workdir) {
	for _, w := range known {
		if d := cleanAbs(w.Path); d != "" {
			r.add(Workdir{Path: d, From: w.From})
		}
	}
}
