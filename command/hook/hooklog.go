package hook

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// logName is the hook's log, under the common git directory.
const logName = "hook.log"

// maxLog bounds the log: past it, the older half is dropped.
const maxLog = 1 << 20

// logf appends one line to .git/aiedit/hook.log. Errors writing it are
// ignored: the agent must never see them. The log is reached without
// links and only as a regular file (internal/safeopen), as every file
// the hook command writes.
func logf(commonDir string, agent Agent, session, format string, args ...any) {
	rel := filepath.Join("aiedit", logName)
	if f, err := safeopen.OpenIn(commonDir, rel); err == nil {
		info, err := f.Stat()
		f.Close()
		if err == nil && info.Size() > maxLog {
			trimLog(commonDir, rel)
		}
	}
	f, err := safeopen.AppendIn(commonDir, rel, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	msg := strings.Join(strings.Fields(fmt.Sprintf(format, args...)), " ")
	fmt.Fprintf(f, "%s %s %s %s\n", time.Now().UTC().Format(time.RFC3339), agent, orDash(session), msg)
}

func trimLog(commonDir, rel string) {
	data, err := safeopen.ReadIn(commonDir, rel, 4*maxLog)
	if err != nil {
		return
	}
	half := data[len(data)/2:]
	if i := strings.IndexByte(string(half), '\n'); i >= 0 {
		half = half[i+1:]
	}
	_ = safeopen.WriteIn(commonDir, rel, half, 0o644)
}

// tailLog returns the last n lines of the hook log.
func tailLog(commonDir string, n int) []string {
	f, err := safeopen.OpenIn(commonDir, filepath.Join("aiedit", logName))
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return lines
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
