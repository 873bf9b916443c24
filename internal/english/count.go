// Package english words counts in what the commands print: "1 response",
// "2 responses", never "1 response(s)".
package english

import "strconv"

// Count is n and noun, the noun in the plural unless n is 1. noun is a
// regular noun (response, commit, block): its plural adds an s.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
