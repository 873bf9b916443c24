package gitops

import (
	"os"
	"strconv"
	"strings"
)

// selfStart is when this process started, in clock ticks since boot.
func selfStart() string { return procStart(os.Getpid()) }

// procStart reads field 22 of /proc/PID/stat (after the command name,
// which is in parentheses and may hold spaces).
func procStart(pid int) string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return startUnknown
	}
	fields := strings.Fields(s[i+1:])
	// fields[0] is field 3 (state): field 22 is fields[19].
	if len(fields) < 20 {
		return startUnknown
	}
	return fields[19]
}

// processAlive reports whether the process pid that started at start
// still runs.
func processAlive(pid int, start string) bool {
	now := procStart(pid)
	if now == "" {
		return false
	}
	return sameStart(start, now)
}
