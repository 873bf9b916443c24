package gitops

import (
	"context"
	"os"
	"strings"
)

// fsyncPlan says which files of a run's pack are flushed to disk before
// they are moved into place, as git flushes the packs it writes itself
// (index-pack, a fetch): core.fsync names the components, and with it
// unset a pack and its index are flushed, loose objects and refs not.
// A pack whose refs moved before its bytes reached the disk would leave
// a branch naming missing objects after a power loss.
type fsyncPlan struct {
	pack, index  bool
	writeoutOnly bool // core.fsyncMethod=writeout-only: no device flush
}

// fsync components, as git numbers them (environment.h); only the pack's
// two are acted on here, the others are parsed so that a value means
// what it means to git.
const (
	fsyncLooseObject = 1 << iota
	fsyncPack
	fsyncPackMetadata
	fsyncCommitGraph
	fsyncIndex
	fsyncReference

	fsyncObjects         = fsyncLooseObject | fsyncPack
	fsyncDerivedMetadata = fsyncPackMetadata | fsyncCommitGraph
	fsyncCommitted       = fsyncObjects | fsyncReference
	fsyncAdded           = fsyncCommitted | fsyncIndex
	fsyncAll             = fsyncAdded | fsyncDerivedMetadata
	// git's default: objects and derived metadata, but not loose objects.
	fsyncDefault = (fsyncObjects | fsyncDerivedMetadata) &^ fsyncLooseObject
)

var fsyncNames = []struct {
	name string
	bits int
}{
	{"loose-object", fsyncLooseObject},
	{"pack", fsyncPack},
	{"pack-metadata", fsyncPackMetadata},
	{"commit-graph", fsyncCommitGraph},
	{"index", fsyncIndex},
	{"objects", fsyncObjects},
	{"reference", fsyncReference},
	{"derived-metadata", fsyncDerivedMetadata},
	{"committed", fsyncCommitted},
	{"added", fsyncAdded},
	{"all", fsyncAll},
}

// parseFsync reads a core.fsync value as git's parse_fsync_components
// does, quirks included: words are separated by commas (and the spaces
// after them), a word names every component whose name it begins ("p"
// is pack and pack-metadata), "-word" removes, "none" clears only as the
// whole rest of the value, an unknown word is ignored, and a bare "-"
// ends the value. What is added stays even when it is also removed.
func parseFsync(value string) int {
	current, positive, negative := fsyncDefault, 0, 0
	s, more := value, true
	for more {
		s = strings.TrimLeft(s, ", \t\n\r")
		word, rest, found := strings.Cut(s, ",")
		more = found
		if s == "none" {
			current = 0
			s = rest
			continue
		}
		negated := strings.HasPrefix(word, "-")
		if negated {
			word = word[1:]
		}
		if word == "" {
			break
		}
		for _, n := range fsyncNames {
			if strings.HasPrefix(n.name, word) {
				if negated {
					negative |= n.bits
				} else {
					positive |= n.bits
				}
			}
		}
		s = rest
	}
	return current&^negative | positive
}

// fsyncPlanOf is the plan core.fsync and core.fsyncMethod make (their
// last values; set reports core.fsync is set).
func fsyncPlanOf(value string, set bool, method string) fsyncPlan {
	c := fsyncDefault
	if set {
		c = parseFsync(value)
	}
	return fsyncPlan{pack: c&fsyncPack != 0, index: c&fsyncPackMetadata != 0, writeoutOnly: method == "writeout-only"}
}

// fsyncPlan reads the repository's plan once; a config that cannot be
// read leaves git's default.
func (r *Repo) fsyncPlan() fsyncPlan {
	r.fsyncOnce.Do(func() {
		value, set, err := r.ConfigValue(context.Background(), "core.fsync")
		method, _, merr := r.ConfigValue(context.Background(), "core.fsyncMethod")
		if err != nil || merr != nil {
			set, method = false, ""
		}
		r.fsync = fsyncPlanOf(value, set, method)
	})
	return r.fsync
}

// flushFile writes f's bytes to disk: to the device, or with
// writeoutOnly only out of the page cache, as git's writeout-only
// method does. A variable, so that a test can count the flushes.
var flushFile = func(f *os.File, writeoutOnly bool) error {
	if writeoutOnly {
		return writeout(f)
	}
	return f.Sync()
}
