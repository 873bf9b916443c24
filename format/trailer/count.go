package trailer

import "strings"

// Count is how many lines of message, wherever they stand, carry key
// ("Key: value", the key compared as git compares trailer keys, ignoring
// case). A squash by git rebase -i joins its commits' messages, each
// with its trailers, into one: the trailers of all but the last are then
// in the middle, where Parse, which reads the last paragraph, does not
// look.
func Count(message, key string) int {
	n := 0
	for _, l := range strings.Split(message, "\n") {
		k, _, ok := strings.Cut(l, ":")
		if ok && strings.EqualFold(strings.TrimSpace(k), key) {
			n++
		}
	}
	return n
}
