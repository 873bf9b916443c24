package transcript

import "github.com/git-aiedit/git-aiedit/editcore"

// regroup numbers the groups of one tool call's operations afresh, after
// *last. Each call numbers its own (a MultiEdit-like call from 1, a parsed
// patch from -1), and consecutive operations of one number are applied as
// one group: two calls must never share a number.
func regroup(ops []editcore.Op, last *int) {
	fresh := map[int]int{}
	for i := range ops {
		g := ops[i].Group
		if g == 0 {
			continue
		}
		if _, ok := fresh[g]; !ok {
			*last++
			fresh[g] = *last
		}
		ops[i].Group = fresh[g]
	}
}
