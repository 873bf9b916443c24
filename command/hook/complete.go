package hook

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"time"
)

// Claude Code fires Stop before the turn's last records reach the session
// file (anthropics/claude-code #15812, #15813, #40655): read as it stands,
// the turn would be counted once now and its tail again as a response of
// its own at the next run, throwing the numbers off. So a run records only
// the turns known to be complete:
//
//   - a turn followed by a later user prompt is complete;
//   - the last turn is complete when it ends with the text that the Stop
//     event's last_assistant_message says the answer ended with, or when
//     the session ended (SessionEnd);
//   - otherwise the last turn is left for the next run, which starts at
//     its prompt: no turn is ever split, so numbers match the session's
//     turns however the reads fall.

// finalWait bounds how long a Stop run waits for the answer's last text
// to reach the session file.
const finalWait = 600 * time.Millisecond

// turnScan is what completeTurns learns of a section of a session file.
type turnScan struct {
	lastPrompt int64  // where the last user prompt record starts; -1 none
	lastText   string // the main agent's text after its last tool call, whitespace folded
}

// scanTurns reads the records of [from, end) of a Claude Code session.
func scanTurns(f io.ReaderAt, from, end int64) (turnScan, error) {
	s := turnScan{lastPrompt: -1}
	br := bufio.NewReaderSize(io.NewSectionReader(f, from, end-from), 64<<10)
	pos := from
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			s.record(pos, line)
			pos += int64(len(line))
		}
		if errors.Is(err, io.EOF) {
			return s, nil
		}
		if err != nil {
			return s, err
		}
	}
}

// record notes one record starting at off.
func (s *turnScan) record(off int64, line []byte) {
	var r struct {
		Type        string `json:"type"`
		IsSidechain bool   `json:"isSidechain"`
		IsMeta      bool   `json:"isMeta"`
		Message     *struct {
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(line, &r) != nil || r.Message == nil || r.IsSidechain {
		return
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	var text string
	if json.Unmarshal(r.Message.Content, &text) == nil {
		blocks = append(blocks, struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}{"text", text})
	} else if json.Unmarshal(r.Message.Content, &blocks) != nil {
		return
	}
	switch r.Type {
	case "user":
		for _, b := range blocks {
			// Anything but tool results is the user speaking, as the
			// transcript reader has it.
			if b.Type != "tool_result" && !r.IsMeta {
				s.lastPrompt, s.lastText = off, ""
				return
			}
		}
	case "assistant":
		for _, b := range blocks {
			switch b.Type {
			case "text":
				s.lastText = fold(s.lastText + " " + b.Text)
			case "tool_use":
				s.lastText = ""
			}
		}
	}
}

// fold folds runs of white space to one space.
func fold(s string) string { return strings.Join(strings.Fields(s), " ") }

// ends reports whether the answer's last text, as the Stop event gives
// it, is what the scanned turn ends with.
func (s turnScan) ends(final string) bool {
	final = fold(final)
	return final != "" && s.lastText != "" && (s.lastText == final || strings.HasSuffix(s.lastText, final))
}

// cut is where the complete turns of a scanned section [from, end) end,
// and whether that is the whole section.
func (s turnScan) cut(from, end int64, final *string) (int64, bool) {
	if final != nil && s.ends(*final) {
		return end, true
	}
	if s.lastPrompt >= 0 {
		return s.lastPrompt, false
	}
	return from, false
}

// completeTurns returns the end of the complete turns in [from, end) of a
// Claude Code session file, waiting up to finalWait for the answer the
// Stop event names to be written. waited says the answer did not appear.
func (r *runner) completeTurns(f *os.File, from, end int64) (cut int64, waited bool, err error) {
	if r.ev.Name == "SessionEnd" {
		return end, false, nil // the session is over: its file is whole
	}
	if end <= from {
		// Nothing since the turns already recorded: the agent writes a
		// turn's prompt before its Stop, so this Stop repeats one for a
		// turn on the branch. No answer is on its way.
		return from, false, nil
	}
	final := r.ev.Final
	if final != nil && fold(*final) == "" {
		final = nil // an answer without text: nothing to wait for
	}
	deadline := timeNow().Add(finalWait)
	for {
		s, err := scanTurns(f, from, end)
		if err != nil {
			return from, false, err
		}
		cut, whole := s.cut(from, end, final)
		if whole || final == nil || timeNow().After(deadline) {
			return cut, !whole && final != nil, nil
		}
		pause(50 * time.Millisecond)
		info, err := f.Stat()
		if err != nil {
			return cut, false, err
		}
		if end, err = lastLineEnd(f, from, info.Size()); err != nil {
			return cut, false, err
		}
	}
}

// heldTurn reports whether [from, end) of a Claude Code session file,
// left for a later run, holds a turn: a user's prompt.
func heldTurn(f io.ReaderAt, from, end int64) bool {
	s, err := scanTurns(f, from, end)
	return err == nil && s.lastPrompt >= 0
}
