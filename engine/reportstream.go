package engine

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"

	"github.com/git-aiedit/git-aiedit/redact"
)

// spilledList is a report's list of blocks whose rest is on disk
// (blocklog.go), to be read back as the report is written.
type spilledList struct {
	blocks *[]*BlockReport
	log    *blockLog
}

// spilled lists the report's block lists that are partly on disk. Once
// the run is over they are gone, and a report written then lists the
// kept ones.
func (r *Report) spilled() []spilledList {
	var out []spilledList
	for _, rr := range r.Responses {
		if rr.spilled.open() {
			out = append(out, spilledList{&rr.Blocks, rr.spilled})
		}
		for _, x := range rr.Retries {
			if x.spilled.open() {
				out = append(out, spilledList{&x.Blocks, x.spilled})
			}
		}
	}
	return out
}

// streamJSON writes the report byte for byte as writeJSON's encoder
// would, without holding the blocks spilled to disk: the document is
// encoded with one placeholder block after each spilled list's kept
// head, and each placeholder is replaced, as the document is written, by
// the blocks read back one at a time.
func (r *Report) streamJSON(w io.Writer, lists []spilledList) error {
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	token := func(k int) string { return fmt.Sprintf("\x00aiedit-spill-%x-%d", nonce, k) }
	for k, l := range lists {
		*l.blocks = append(*l.blocks, &BlockReport{File: token(k)})
	}
	defer func() {
		for _, l := range lists {
			*l.blocks = (*l.blocks)[:len(*l.blocks)-1]
		}
	}()
	var doc bytes.Buffer
	enc := json.NewEncoder(&doc)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	rest := doc.Bytes()
	bw := bufio.NewWriterSize(w, 64<<10)
	for k, l := range lists {
		tok, _ := json.Marshal(token(k))
		at := bytes.Index(rest, append([]byte(`"file": `), tok...))
		if at < 0 {
			return fmt.Errorf("cannot write the report: block list %d not found", k+1)
		}
		// The placeholder's strings are empty: its braces are the nearest.
		open := bytes.LastIndexByte(rest[:at], '{')
		line := bytes.LastIndexByte(rest[:open], '\n') + 1
		end := at + bytes.IndexByte(rest[at:], '}') + 1
		indent := string(rest[line:open])
		if _, err := bw.Write(rest[:line]); err != nil {
			return err
		}
		if err := writeSpilled(bw, l.log, indent, r.red); err != nil {
			return err
		}
		rest = rest[end:]
	}
	if _, err := bw.Write(rest); err != nil {
		return err
	}
	return bw.Flush()
}

// writeSpilled writes the blocks of l past its kept head as elements of
// a JSON list indented by indent.
func writeSpilled(w io.Writer, l *blockLog, indent string, red *redact.Redactor) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent(indent, "  ")
	enc.SetEscapeHTML(false)
	first := true
	for i, b := range l.All() {
		if i < len(l.head) {
			continue
		}
		buf.Reset()
		if !first {
			buf.WriteString(",\n")
		}
		first = false
		buf.WriteString(indent)
		br := blockReport(i+1, b)
		br.redact(red)
		if err := enc.Encode(br); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1) // the encoder's newline
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
	}
	return l.err
}
