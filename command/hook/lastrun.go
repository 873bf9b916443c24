package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// lastRun is what the latest `hook run` of an agent did in this
// repository (.git/aiedit/runs/<agent>.json), for `hook status`: hooks
// that are installed but never run (Codex's untrusted hooks, an agent not
// restarted since install) are otherwise invisible.
type lastRun struct {
	Time    string `json:"time"` // RFC 3339
	Event   string `json:"event,omitempty"`
	Session string `json:"session,omitempty"`
	Error   string `json:"error,omitempty"` // what went wrong, as the log says it; "" for none
}

func lastRunPath(commonDir string, a Agent) string {
	return filepath.Join(commonDir, "aiedit", "runs", safeID(string(a))+".json")
}

// noteRun records a run; failing to is ignored, as the log's are.
func noteRun(commonDir string, a Agent, event, session string, err error) {
	r := lastRun{Time: time.Now().UTC().Format(time.RFC3339), Event: event, Session: session}
	if err != nil {
		r.Error = oneLine(err.Error())
	}
	data, jerr := json.Marshal(r)
	if jerr != nil {
		return
	}
	path := lastRunPath(commonDir, a)
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = keepRecord(path, append(data, '\n'))
}

// readLastRun reads an agent's last run; nil when it never ran here.
func readLastRun(commonDir string, a Agent) *lastRun {
	data, err := os.ReadFile(lastRunPath(commonDir, a))
	if err != nil {
		return nil
	}
	var r lastRun
	if json.Unmarshal(data, &r) != nil || r.Time == "" {
		return nil
	}
	return &r
}
