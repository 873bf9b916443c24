package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStem(t *testing.T) {
	tests := map[string]string{
		"fix.md":                   "fix",
		"dir/fix.v2.md":            "fix.v2",
		"v1.2.md":                  "v1.2",
		"foo..bar.md":              "foo.bar",
		"café.md":                  "café",
		"Fix: ünïcode~1.md":        "Fix-ünïcode-1",
		".aider.chat.history.md":   "aider.chat.history",
		"x.lock.md":                "x",
		"-":                        "stdin",
		"!!!.md":                   "transcript",
		"rollout-2025-09-10.jsonl": "rollout-2025-09-10",
	}
	for in, want := range tests {
		assert.Equal(t, want, stem(in), in)
	}
}
