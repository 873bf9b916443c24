package transcript

import (
	"fmt"
	"strings"
)

// skipped reports records skipped for one reason once, with which others
// followed: a log of another shape gives one warning and one line that
// names the first few records like it, not a warning a line.
type skipped struct {
	msg   string
	first int
	lines []int // the first records skipped like the first, past it
	more  int   // how many records were skipped like the first, past it
}

// maxNamed is how many records the closing line names.
const maxNamed = 5

func (s *skipped) add(e *emitter, rec int, msg string) {
	if msg == s.msg {
		if s.more++; len(s.lines) < maxNamed {
			s.lines = append(s.lines, rec)
		}
		return
	}
	s.done(e)
	s.msg, s.first = msg, rec
	e.warn(rec, "%s", msg)
}

// done reports the records skipped like the last one warned of.
func (s *skipped) done(e *emitter) {
	if s.more > 0 {
		names := make([]string, len(s.lines))
		for i, l := range s.lines {
			names[i] = fmt.Sprint(l)
		}
		list := strings.Join(names, ", ")
		if s.more > len(s.lines) {
			list += ", …"
		}
		word := "records"
		if s.more == 1 {
			word = "record"
		}
		e.warn(s.first, "%d more %s skipped for the same reason (at %s)", s.more, word, list)
	}
	*s = skipped{}
}
