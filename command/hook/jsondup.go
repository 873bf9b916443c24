package hook

import (
	"fmt"
	"strings"
)

// noDuplicate refuses an object that holds key twice or more. JSON leaves
// duplicate keys undefined: Claude Code and Gemini CLI (JavaScript's
// JSON.parse) take the last, others the first or refuse the file
// (serde_json). A hook written into either copy may never run, and
// removing it from one leaves the other: the user decides which to keep.
func noDuplicate(text string, obj *jnode, key, where string) error {
	var lines []string
	for _, m := range obj.members {
		if m.key == key {
			lines = append(lines, fmt.Sprint(strings.Count(text[:m.keyStart], "\n")+1))
		}
	}
	if len(lines) < 2 {
		return nil
	}
	return fmt.Errorf("%s holds %q %d times (lines %s): agents disagree on which one counts; keep one", where, key, len(lines), strings.Join(lines, ", "))
}
