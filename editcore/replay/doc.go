// Package replay holds no code: its tests replay real model responses
// (../shared/bench/aider-replay) through the response parser and the edit
// session, and measure how the matching ladder copes with the mistakes
// models make in SEARCH text. They skip when the shared data is absent.
package replay
