package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// readRecords streams the JSON records of a transcript to fn, numbered from
// 1. It accepts JSONL (one record per line) and a single JSON value: a list
// of records, or an object holding the list under one of listKeys, written
// over many lines or on one (a lone line holding such a list is that
// object, not a one-record log, unless the source's records hold such
// lists themselves: emitter.lineIsRecord). A JSONL
// line that is not a JSON value is skipped with a warning; a JSON list is
// streamed element by element, each capped at MaxLine bytes.
func readRecords(r io.Reader, e *emitter, listKeys []string, fn func(rec int, raw []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	first, err := firstByte(br)
	if err != nil {
		return err
	}
	switch first {
	case 0:
		return nil // empty input
	case '[':
		return readList(br, e, listKeys, fn)
	case '{':
		// JSONL unless the first line is not a whole value (a pretty-printed
		// object), which is then replayed to the list reader.
		lr := newRecordReader(br, e)
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &Error{Line: 1, Err: err}
		}
		line = bytes.TrimSpace(line)
		if json.Valid(line) {
			if !e.lineIsRecord && holdsList(line, listKeys) {
				return readDocumentLine(lr, line, e, listKeys, fn)
			}
			if err := fn(lr.line, line); err != nil {
				return err
			}
			return readLines(lr, fn)
		}
		// A bad first record of a JSONL file is followed by good ones.
		replay := append(append([]byte(nil), line...), '\n')
		firstNo := lr.line
		second, err := lr.next()
		if err != nil && !errors.Is(err, io.EOF) {
			return &Error{Line: lr.line + 1, Err: err}
		}
		second = bytes.TrimSpace(second)
		if len(second) > 0 && second[0] == '{' && json.Valid(second) {
			e.warn(firstNo, "record skipped: not valid JSON")
			if err := fn(lr.line, second); err != nil {
				return err
			}
			return readLines(lr, fn)
		}
		replay = append(append(replay, second...), '\n')
		return readList(io.MultiReader(bytes.NewReader(replay), br), e, listKeys, fn)
	}
	return readLines(newRecordReader(br, e), fn)
}

// readDocumentLine handles a first line that is a whole object holding the
// list of records (a request body logged on one line, a session document
// written without indentation): when no record follows it, it is that
// document, read as the list it holds; otherwise it is the first record of
// a JSONL log.
func readDocumentLine(lr *lineReader, line []byte, e *emitter, listKeys []string, fn func(int, []byte) error) error {
	first := append([]byte(nil), line...) // lr reuses its buffer
	firstNo := lr.line
	for {
		next, err := lr.next()
		if errors.Is(err, io.EOF) {
			return readList(bytes.NewReader(first), e, listKeys, fn)
		}
		if err != nil {
			return &Error{Line: lr.line + 1, Err: err}
		}
		next = bytes.TrimSpace(next)
		if len(next) == 0 {
			continue
		}
		if err := fn(firstNo, first); err != nil {
			return err
		}
		if err := fn(lr.line, next); err != nil {
			return err
		}
		return readLines(lr, fn)
	}
}

// holdsList reports whether a JSON object has a list under one of
// listKeys, reading only its top-level tokens.
func holdsList(obj []byte, listKeys []string) bool {
	if len(listKeys) == 0 {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return false
		}
		val, err := dec.Token()
		if err != nil {
			return false
		}
		k, _ := key.(string)
		d, compound := val.(json.Delim)
		if d == '[' && contains(listKeys, k) {
			return true
		}
		if compound && skipValue(dec) != nil {
			return false
		}
	}
	return false
}

// newRecordReader reads JSONL records: one over MaxLine is skipped with a
// warning (lineReader).
func newRecordReader(r io.Reader, e *emitter) *lineReader {
	lr := newLineReader(r, MaxLine, e.warn)
	lr.skipLong = true
	return lr
}

func readLines(lr *lineReader, fn func(int, []byte) error) error {
	for {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &Error{Line: lr.line + 1, Err: err}
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if err := fn(lr.line, line); err != nil {
			return err
		}
	}
}

// firstByte skips a BOM and white space and returns the next byte without
// consuming it (0 at end of input).
func firstByte(br *bufio.Reader) (byte, error) {
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, bom) {
		_, _ = br.Discard(3)
	}
	for {
		b, err := br.Peek(1)
		if errors.Is(err, io.EOF) {
			return 0, nil
		}
		if err != nil {
			return 0, &Error{Err: err}
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = br.Discard(1)
			continue
		}
		return b[0], nil
	}
}

// capReader fails once the decoder has buffered more than max bytes beyond
// the end of the last value it finished, so one huge element cannot exhaust
// memory.
type capReader struct {
	r    io.Reader
	dec  *json.Decoder
	read int64
	max  int64
}

var errElementTooLarge = errors.New("record larger than the limit")

func (c *capReader) Read(p []byte) (int, error) {
	if c.dec != nil && c.read-c.dec.InputOffset() > c.max {
		return 0, errElementTooLarge
	}
	n, err := c.r.Read(p)
	c.read += int64(n)
	return n, err
}

// readList streams a JSON list (or an object holding one under a listKey).
// A syntax error ends the stream with a warning: what came before it stands.
func readList(r io.Reader, e *emitter, listKeys []string, fn func(int, []byte) error) error {
	cr := &capReader{r: r, max: int64(MaxLine)}
	dec := json.NewDecoder(cr)
	cr.dec = dec
	rec := 0
	bad := func(err error) error {
		var se *json.SyntaxError
		if errors.Is(err, errElementTooLarge) {
			// Refused whole, as an over-long line is: what it held is lost.
			return &Error{Line: rec + 1, Err: fmt.Errorf("%w (%d MiB); this is not a session record", ErrLineTooLong, MaxLine>>20)}
		}
		if errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			e.warn(rec+1, "json: %v; rest of the transcript skipped", err)
			return nil
		}
		var ue *json.UnmarshalTypeError
		if errors.As(err, &ue) {
			e.warn(rec+1, "json: %v; rest of the transcript skipped", err)
			return nil
		}
		return &Error{Line: rec + 1, Err: err}
	}
	stream := func() error {
		for dec.More() {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return bad(err)
			}
			rec++
			if err := fn(rec, raw); err != nil {
				return err
			}
		}
		_, err := dec.Token() // the closing ]
		if err != nil {
			return bad(err)
		}
		return nil
	}
	tok, err := dec.Token()
	if err != nil {
		return bad(err)
	}
	if tok == json.Delim('[') {
		return stream()
	}
	if tok != json.Delim('{') {
		e.warn(1, "json: expected a list of records")
		return nil
	}
	found := false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		k, _ := key.(string)
		if contains(listKeys, k) && !found {
			tok, err := dec.Token()
			if err != nil {
				return bad(err)
			}
			if tok == json.Delim('[') {
				found = true
				if err := stream(); err != nil {
					return err
				}
				continue
			}
			if _, ok := tok.(json.Delim); ok {
				if err := skipValue(dec); err != nil {
					return bad(err)
				}
			}
			continue
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return bad(err)
		}
		if e.meta != nil {
			e.meta(k, skip)
		}
	}
	if !found {
		e.warn(1, "json: no list of records found")
	}
	return nil
}

// skipValue consumes the rest of a compound value whose opening delimiter
// has been read.
func skipValue(dec *json.Decoder) error {
	depth := 1
	for depth > 0 {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '[', '{':
				depth++
			default:
				depth--
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decodeRecord unmarshals one record, warning (and reporting false) when it
// does not decode.
func decodeRecord(e *emitter, rec int, raw []byte, v any) bool {
	if err := json.Unmarshal(raw, v); err != nil {
		e.skip(rec, "record skipped: "+decodeProblem(err))
		return false
	}
	return true
}

// decodeProblem says, in the user's terms, why a record does not decode:
// not Go's text, which names its own types.
func decodeProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return "not valid JSON"
	case errors.As(err, &te) && te.Field != "":
		return fmt.Sprintf("its %q is a JSON %s, which this source's records do not have there", te.Field, te.Value)
	case errors.As(err, &te):
		return fmt.Sprintf("a JSON %s, not what this source writes there", te.Value)
	}
	return "not what this source writes"
}
