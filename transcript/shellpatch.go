package transcript

import (
	"regexp"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Regexps are compiled on first use: package init is on every command's start-up path.
var patchDocRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:cat\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?)\s*\|\s*)?(git\s+apply|patch)((?:\s+-[-\w=.]+)*)\s*(?:<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?))?[ \t]*\n`)
})

// patchDoc reads `git apply <<'EOF'`, `patch -p1 <<'EOF'` and `cat <<'EOF'
// | git apply` with an inline unified diff: its edits, as the diff's
// operations (readPatch: a unified diff, or the format --format forces).
// Reverse, check-only and unknown options are not replayed.
func patchDoc(text string, line int, format string, resolve func(string) string) ([]editcore.Op, string, bool) {
	m := patchDocRe().FindStringSubmatch(text)
	if m == nil {
		return nil, "", false
	}
	delim := m[2] + m[7]
	if delim == "" || (m[2] != "" && m[7] != "") {
		return nil, "", false
	}
	raw := oneLine(text)
	body := text[len(m[0]):]
	lines := strings.Split(body, "\n")
	end := -1
	for i, l := range lines {
		if l == delim {
			end = i
			break
		}
	}
	if end < 0 {
		return []editcore.Op{notReplayedOp(raw, line, "here-document never ends")}, "", true
	}
	rest := strings.Join(lines[end+1:], "\n")
	for _, opt := range strings.Fields(m[5]) {
		switch opt {
		case "-p1", "-v", "--verbose", "-u", "--unified", "-N", "--forward", "--index", "--3way", "-3":
		case "--check", "--stat", "--numstat", "--summary", "--dry-run":
			return nil, rest, true // reads only
		default:
			if strings.HasPrefix(opt, "--whitespace=") {
				continue
			}
			return []editcore.Op{notReplayedOp(raw, line, "patch option "+opt+" is not replayed")}, rest, true
		}
	}
	doc := strings.Join(lines[:end], "\n") + "\n"
	return readPatch(recordedPatch{kind: shellDiff, text: doc, rec: line, raw: raw}, format, resolve), rest, true
}
