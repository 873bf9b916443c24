package review

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// decide turns --accept and --reject ids into decisions. Each id must
// name a hunk `review --list` prints, or a part of one (`<id>.<k>`, the
// parts `s` would show); anything else is refused before anything is
// recorded.
func (st *state) decide(accept, reject []string) ([]Decision, error) {
	var ds []Decision
	seen := map[string]Verdict{}
	add := func(ids []string, v Verdict) error {
		for _, raw := range ids {
			for _, id := range strings.Split(raw, ",") {
				id = strings.TrimSpace(id)
				if id == "" {
					continue
				}
				if prev, ok := seen[id]; ok {
					if prev != v {
						return exitcode.UsageErrorf("review: hunk %s is given to both --accept and --reject; give it once", id)
					}
					continue
				}
				h, err := st.byID(id)
				if err != nil {
					return err
				}
				seen[id] = v
				ds = append(ds, Decision{Hunk: h, Verdict: v})
			}
		}
		return nil
	}
	if err := add(accept, Accepted); err != nil {
		return nil, err
	}
	if err := add(reject, Rejected); err != nil {
		return nil, err
	}
	// A hunk and one of its parts at once would decide the same lines twice.
	for id := range seen {
		for other := range seen {
			if strings.HasPrefix(other, id+".") {
				return nil, exitcode.UsageErrorf("review: %s and its part %s are both given; decide the whole hunk or its parts", id, other)
			}
		}
	}
	return ds, nil
}

// byID finds an undecided hunk, or an undecided part of one.
func (st *state) byID(id string) (*Hunk, error) {
	if !trailer.IsHunkID(id) {
		return nil, exitcode.UsageErrorf("review: %q is not a hunk id (they look like 3f2a1bc9.2; git aiedit review --list %s prints them)", id, st.name)
	}
	for _, h := range st.hunks {
		if h.ID == id {
			return h, nil
		}
		if strings.HasPrefix(id, h.ID+".") {
			for _, p := range h.Split() {
				if p.ID == id {
					return p, nil
				}
			}
		}
	}
	for _, h := range st.hunks {
		if strings.HasPrefix(h.ID, id+".") {
			return nil, exitcode.UsageErrorf("review: hunk %s was split by an earlier review; decide its parts (git aiedit review --list %s)", id, st.name)
		}
	}
	return nil, exitcode.UsageErrorf("review: no undecided hunk %s on %s (decided already, or not one of its responses'); git aiedit review --list %s prints the undecided ones", id, st.name, st.name)
}
