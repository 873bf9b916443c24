package hook

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// logName is the hook's log, under the common git directory.
const logName = "hook.log"

// maxLog bounds the log: past it, the older half is dropped.
const maxLog = 1 << 20

// logf appends one line to .git/aiedit/hook.log. Errors writing it are
// ignored: the agent must never see them.
func logf(commonDir string, agent Agent, session, format string, args ...any) {
	path := filepath.Join(commonDir, "aiedit", logName)
	_ = os.MkdirAll(filepath.Dir(path), 0o755)
	if info, err := os.Stat(path); err == nil && info.Size() > maxLog {
		trimLog(path)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	msg := strings.Join(strings.Fields(fmt.Sprintf(format, args...)), " ")
	fmt.Fprintf(f, "%s %s %s %s\n", time.Now().UTC().Format(time.RFC3339), agent, orDash(session), msg)
}

func trimLog(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	half := data[len(data)/2:]
	if i := strings.IndexByte(string(half), '\n'); i >= 0 {
		half = half[i+1:]
	}
	_ = os.WriteFile(path, half, 0o644)
}

// tailLog returns the last n lines of the hook log.
func tailLog(commonDir string, n int) []string {
	f, err := os.Open(filepath.Join(commonDir, "aiedit", logName))
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
