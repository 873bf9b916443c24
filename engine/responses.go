package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// span is an inclusive range of response numbers.
type span struct{ from, to int }

// Responses is a --responses selection ("3", "2-5", "1,4-6"); empty
// selects every response.
type Responses []span

// ParseResponses reads a --responses list: numbers and ranges from 1 up,
// comma-separated.
func ParseResponses(list string) (Responses, error) {
	var out Responses
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("--responses %q has an empty item; write numbers and ranges like 3-7,9", list)
		}
		lo, hi, isRange := strings.Cut(part, "-")
		from, err1 := strconv.Atoi(strings.TrimSpace(lo))
		to := from
		var err2 error
		if isRange {
			to, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		switch {
		case err1 != nil || err2 != nil:
			return nil, fmt.Errorf("--responses %q: %q is not a response number or a range like 3-7", list, part)
		case from < 1:
			return nil, fmt.Errorf("--responses %q: responses are numbered from 1", list)
		case to < from:
			return nil, fmt.Errorf("--responses %q: the range %s ends before it starts", list, part)
		}
		out = append(out, span{from, to})
	}
	return out, nil
}

// Has reports whether response n is selected.
func (r Responses) Has(n int) bool {
	if len(r) == 0 {
		return true
	}
	for _, s := range r {
		if n >= s.from && n <= s.to {
			return true
		}
	}
	return false
}

// max is the highest response number selected.
func (r Responses) max() int {
	m := 0
	for _, s := range r {
		m = max(m, s.to)
	}
	return m
}
