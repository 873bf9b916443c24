package udiff

import "sync"

// section is one file's part of a diff: from its "diff --git" (or its
// "--- " line) to the next file's.
type section struct {
	start, end int  // line indices, end exclusive
	git        bool // starts with "diff --git"
	oldHdr     int  // index of the "--- " line, -1 when none
	hunks      []hunk
}

// hunk is one hunk of a section.
type hunk struct {
	at       int  // index of the "@@" line, or of the first line of a hunk without one
	implicit bool // no "@@" line: a model's hunk right after "+++ "
	end      int  // index after its last line
}

// body returns the indices of the hunk's lines, without its header.
func (h hunk) body() (int, int) {
	if h.implicit {
		return h.at, h.end
	}
	return h.at + 1, h.end
}

// splitter holds split's arrays for the next diff: they grew a few times
// over for a large diff, and are not needed once its operations are made.
type splitter struct {
	secs  []section
	hunks []hunk
}

var splitPool sync.Pool // of *splitter

// maxPooledSplit bounds the sections and hunks a pooled splitter keeps.
const maxPooledSplit = 1 << 14

// getSplitter returns a splitter from the pool, or a new one.
func getSplitter() *splitter {
	if sp, ok := splitPool.Get().(*splitter); ok {
		return sp
	}
	return &splitter{}
}

// put gives the splitter back once nothing reads the sections it returned.
func (sp *splitter) put() {
	if cap(sp.secs) <= maxPooledSplit && cap(sp.hunks) <= maxPooledSplit {
		splitPool.Put(sp)
	}
}

// split cuts a diff's lines into file sections. stray lists the hunk lines
// that come before any file header: a hunk with no file to apply to.
//
// A "--- " line followed by "+++ " starts a file, except inside a hunk
// whose counts still expect lines: there it removes a line starting with
// "-- " (an SQL or Lua comment). "diff --git" and "@@" lines cannot be hunk
// lines, so they always start a file or a hunk.
func (sp *splitter) split(lines []string) (secs []section, stray []int) {
	// The hunks of every section, in one array: sections take their parts
	// of it at the end (one array, kept for the next diff).
	secs, hs := sp.secs[:0], sp.hunks[:0]
	cur, h := -1, -1 // current section and hunk, -1 for none
	first := 0       // index in hs of the current section's first hunk
	var oldN, newN int64
	counted := false
	closeHunk := func(i int) {
		if h >= 0 {
			hs[h].end = i
			h = -1
		}
	}
	closeSec := func(i int) {
		if cur >= 0 {
			secs[cur].end = i
			if len(hs) > first {
				secs[cur].hunks = hs[first:len(hs):len(hs)]
			}
		}
		first = len(hs)
	}
	open := func(i int, git bool) {
		closeHunk(i)
		closeSec(i)
		secs = append(secs, section{start: i, git: git, oldHdr: -1})
		cur = len(secs) - 1
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		pending := h >= 0 && counted && (oldN > 0 || newN > 0)
		switch {
		case isGitHeader(l):
			open(i, true)
		case !pending && isOldHeader(l) && i+1 < len(lines) && isNewHeader(lines[i+1]):
			if cur < 0 || !secs[cur].git || h >= 0 || len(hs) > first || secs[cur].oldHdr >= 0 {
				open(i, false)
			}
			secs[cur].oldHdr = i
			i++
		case isHunkHeader(l):
			if cur < 0 {
				stray = append(stray, i)
				continue
			}
			closeHunk(i)
			hs = append(hs, hunk{at: i})
			h = len(hs) - 1
			oldN, newN, counted = counts(l)
		case cur < 0:
			if isBody(l) {
				stray = append(stray, i)
			}
		case h < 0 && secs[cur].oldHdr >= 0 && isBody(l):
			hs = append(hs, hunk{at: i, implicit: true})
			h = len(hs) - 1
			counted = false
		}
		if h >= 0 && (hs[h].implicit || i > hs[h].at) {
			tally(l, &oldN, &newN)
		}
	}
	closeHunk(len(lines))
	closeSec(len(lines))
	sp.secs, sp.hunks = secs[:0], hs[:0]
	return secs, stray
}

// tally counts one hunk line against the lines its header announced. An
// empty line is a context line whose space was stripped.
func tally(line string, oldN, newN *int64) {
	if line == "" {
		line = " "
	}
	switch line[0] {
	case ' ':
		*oldN--
		*newN--
	case '-':
		*oldN--
	case '+':
		*newN--
	}
}
