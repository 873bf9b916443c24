package ask

import (
	"context"
	"io"
	"strings"
)

// Choice is one answer a question offers: the key the user types and its
// line in the help.
type Choice struct {
	Key  string
	Help string
}

// Choose asks question with the keys of choices offered as git offers
// them (`Keep this hunk [y,n,q,a,d,s,e,?]? `), and returns the key the
// user typed. `?`, or an answer not offered, prints the help of exactly
// the choices offered, and asks again. The end of input (^D) returns "".
// When ctx ends while it waits, it returns ErrInterrupted.
func (r *Reviewer) Choose(ctx context.Context, question string, choices []Choice) (string, error) {
	keys := make([]string, 0, len(choices)+1)
	var help strings.Builder
	for _, c := range choices {
		keys = append(keys, c.Key)
		help.WriteString(c.Key + " - " + c.Help + "\n")
	}
	keys = append(keys, "?")
	help.WriteString("? - print help\n")
	prompt := question + " [" + strings.Join(keys, ",") + "]? "
	for {
		io.WriteString(r.out, r.cs.Bold(r.cs.Cyan(prompt)))
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			io.WriteString(r.out, "\n")
			return "", ErrInterrupted
		case line, ok = <-r.lines:
		}
		if !ok {
			io.WriteString(r.out, "\n")
			return "", nil
		}
		answer := strings.ToLower(strings.TrimSpace(line))
		for _, c := range choices {
			if answer == c.Key {
				return c.Key, nil
			}
		}
		io.WriteString(r.out, r.cs.Red(help.String()))
	}
}

// Write shows text to the user as it is (a diff already painted).
func (r *Reviewer) Write(text string) { io.WriteString(r.out, text) }
