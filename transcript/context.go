package transcript

// fileSet is the ordered set of files a model has seen. known says whether
// the transcript told anything about context at all: an untouched set
// snapshots to nil ("unknown: every file is in context").
type fileSet struct {
	known bool
	order []string
	has   map[string]bool
}

func (s *fileSet) add(p string) {
	s.known = true
	if p == "" {
		return
	}
	if s.has == nil {
		s.has = map[string]bool{}
	}
	if !s.has[p] {
		s.has[p] = true
		s.order = append(s.order, p)
	}
}

func (s *fileSet) remove(p string) {
	s.known = true
	if !s.has[p] {
		return
	}
	delete(s.has, p)
	for i, q := range s.order {
		if q == p {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

func (s *fileSet) clear() {
	s.known = true
	s.order = nil
	s.has = nil
}

// snapshot returns the set's files mapped through resolve (when given),
// without duplicates; nil when the set was never touched.
func (s *fileSet) snapshot(resolve func(string) string) []string {
	if !s.known {
		return nil
	}
	out := make([]string, 0, len(s.order))
	seen := make(map[string]bool, len(s.order))
	for _, p := range s.order {
		if resolve != nil {
			p = resolve(p)
		}
		if isAbs(p) {
			continue // outside the repository: no file there to be in context
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
