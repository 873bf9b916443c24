package log

import (
	"fmt"

	"github.com/git-aiedit/git-aiedit/internal/history"
)

// A live session's turn is recorded as "N/T" with T the turns read so
// far (the hook cannot know how many will follow): its first turn says
// 1/1, its second 2/2. Listed together, they are numbered against the
// session's total as the newest of them knows it: 1/2, 2/2. A session
// whose file was rewritten starts again at a lower number; its turns
// before that keep the total they reached.

// labels names each response for the listing (rs oldest first).
func labels(rs []*history.Response) map[*history.Response]string {
	out := make(map[*history.Response]string, len(rs))
	type seen struct{ n, total int }
	last := map[string]seen{} // per session, its newer response
	for i := len(rs) - 1; i >= 0; i-- {
		r := rs[i]
		total := r.Total
		if r.Session.ID != "" {
			key := r.Session.String()
			if s, ok := last[key]; ok && (r.N < s.n || r.Round > 0 && r.N <= s.n) {
				total = s.total
			}
			if r.Round == 0 {
				last[key] = seen{r.N, total}
			}
		}
		if r.Round > 0 {
			out[r] = fmt.Sprintf("%d/%d retry %d", r.N, total, r.Round)
		} else {
			out[r] = fmt.Sprintf("%d/%d", r.N, total)
		}
	}
	return out
}
