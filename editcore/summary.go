package editcore

// Summary counts blocks by status: a response's, or a whole run's (the
// "summary" of apply --json and log --json, the Aiedit-Summary trailer).
type Summary struct {
	Applied        int `json:"applied"`
	AlreadyApplied int `json:"already_applied"`
	Validated      int `json:"validated"`
	Failed         int `json:"failed"`
	Skipped        int `json:"skipped"`
	NotInContext   int `json:"not_in_context"`
	// A person's decisions under apply -p; absent when there were none.
	Rejected int `json:"rejected,omitempty"`
	Edited   int `json:"edited,omitempty"`
}

// Count counts one block of status st.
func (s *Summary) Count(st Status) {
	switch st {
	case Applied:
		s.Applied++
	case AlreadyApplied:
		s.AlreadyApplied++
	case Validated:
		s.Validated++
	case Failed:
		s.Failed++
	case Skipped:
		s.Skipped++
	case NotInContext:
		s.NotInContext++
	case Rejected:
		s.Rejected++
	case Edited:
		s.Edited++
	}
}

// Add counts another summary in.
func (s *Summary) Add(o Summary) {
	s.Applied += o.Applied
	s.AlreadyApplied += o.AlreadyApplied
	s.Validated += o.Validated
	s.Failed += o.Failed
	s.Skipped += o.Skipped
	s.NotInContext += o.NotInContext
	s.Rejected += o.Rejected
	s.Edited += o.Edited
}

// Problems is the number of blocks that need attention.
func (s Summary) Problems() int { return s.Failed + s.Skipped + s.NotInContext }

// Clean reports whether every block applied, was already applied or
// would apply.
func (s Summary) Clean() bool { return s.Problems() == 0 }
