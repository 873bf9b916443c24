package engine

import (
	"fmt"

	"github.com/git-aiedit/git-aiedit/internal/english"
)

// alreadyNote says how many responses an earlier run recorded on the
// branch, and, in a dry run, when nothing else would be recorded; "" when
// none was.
func alreadyNote(st *runState, where string) string {
	recorded, fresh := 0, 0
	for _, r := range st.responses {
		switch {
		case r.alreadyRecorded:
			recorded++
		case r.blocks.Len()+len(r.shell) > 0:
			fresh++
		}
	}
	switch {
	case recorded == 0:
		return ""
	case st.dryRun && fresh == 0:
		return fmt.Sprintf("every response with edits is already recorded %s (%d); nothing new to record", where, recorded)
	}
	return english.Count(recorded, "response") + " already recorded " + where
}
