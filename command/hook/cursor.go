package hook

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
)

// cursorPath is where a session's cursor lives, under the common git
// directory (sessions belong to the repository, not to one worktree).
func cursorPath(commonDir string, agent Agent, session string) string {
	return filepath.Join(commonDir, "aiedit", "sessions", string(agent), safeID(session)+".json")
}

// lastLineEnd returns the offset just after the last newline in f before
// size, not before from: a record still being written is left for later.
// It reads backwards in small chunks, so its cost does not grow with the
// file.
func lastLineEnd(f io.ReaderAt, from, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for end := size; end > from; {
		start := max(from, end-int64(len(buf)))
		chunk := buf[:end-start]
		if _, err := f.ReadAt(chunk, start); err != nil && !errors.Is(err, io.EOF) {
			return from, err
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return from, nil
}
