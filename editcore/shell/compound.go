package shell

// A compound command (a for, while, until or select loop; an if; a case)
// is one command however many lines and ";" it spans: its parts run
// conditionally or repeatedly, so none of them can be judged, or
// replayed, alone.
var compoundEnd = map[string]string{
	"for": "done", "while": "done", "until": "done", "select": "done",
	"if": "fi", "case": "esac",
}

// CompoundEnd returns the word that closes the compound command a command
// starting with word opens ("done" for "for"), or "".
func CompoundEnd(word string) string { return compoundEnd[word] }

// Compound groups spans of a command line into whole commands: first
// words gives each span's first word, and a span that opens a compound
// command takes every span up to the one that closes it (nested ones
// included). It returns, for each command, the index of its first and
// last span. An unclosed compound command runs to the last span.
func Compound(first []string) [][2]int {
	var out [][2]int
	for i := 0; i < len(first); i++ {
		end := CompoundEnd(first[i])
		if end == "" {
			out = append(out, [2]int{i, i})
			continue
		}
		stack := []string{end}
		j := i + 1
		for ; j < len(first) && len(stack) > 0; j++ {
			switch w := first[j]; {
			case w == stack[len(stack)-1]:
				stack = stack[:len(stack)-1]
			case CompoundEnd(w) != "":
				stack = append(stack, CompoundEnd(w))
			}
		}
		out = append(out, [2]int{i, j - 1})
		i = j - 1
	}
	return out
}

// compound merges the lexed segments of each compound command into one,
// which is no simple command.
func compound(segs []segment) []segment {
	first := make([]string, len(segs))
	for i, s := range segs {
		if len(s.words) > 0 {
			first[i] = s.words[0].text
		}
	}
	groups := Compound(first)
	out := make([]segment, 0, len(groups))
	for _, g := range groups {
		s := segs[g[0]]
		if g[1] > g[0] || CompoundEnd(first[g[0]]) != "" {
			s.end = segs[g[1]].end
			s.reason = reasonCompound
		}
		out = append(out, s)
	}
	return out
}
