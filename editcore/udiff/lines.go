package udiff

import "strings"

// Line kinds, by what a line can be inside a diff. The same predicates serve
// the streaming boundary (where does a diff end) and the splitter (where does
// a file's section start), so the two always agree on what a line is.

// extendedHeaders are the lines git writes between "diff --git" and the
// first hunk (git-diff(1), "generating patches with -p"), plus the svn-style
// "Index:" header some models copy.
var extendedHeaders = []string{
	"index ", "old mode ", "new mode ", "deleted file mode ", "new file mode ",
	"similarity index ", "dissimilarity index ", "rename from ", "rename to ",
	"copy from ", "copy to ", "Binary files ", "GIT binary patch", "Index: ",
}

func isGitHeader(line string) bool  { return strings.HasPrefix(line, "diff --git ") }
func isOldHeader(line string) bool  { return strings.HasPrefix(line, "--- ") }
func isNewHeader(line string) bool  { return strings.HasPrefix(line, "+++ ") }
func isHunkHeader(line string) bool { return strings.HasPrefix(line, "@@") }

func isExtendedHeader(line string) bool {
	for _, p := range extendedHeaders {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	// svn's separator under "Index:".
	return len(line) >= 20 && strings.Trim(line, "=") == ""
}

// isBody reports whether line can be a hunk line: context, removed, added,
// or a "\ No newline at end of file" marker. An empty line is a context line
// whose space an editor stripped; callers decide about those.
func isBody(line string) bool {
	if line == "" {
		return false
	}
	switch line[0] {
	case ' ', '+', '-':
		return true
	case '\\':
		return isNoEOL(line)
	}
	return false
}

// isNoEOL matches git's "\ No newline at end of file" by shape: its text is
// translated, so only the leading "\ " is fixed.
func isNoEOL(line string) bool { return len(line) >= 12 && line[:2] == `\ ` }

// isBinaryData matches the lines of a "GIT binary patch": the fragment
// headers, and base85 lines whose first character gives the decoded length
// (A-Z 1-26, a-z 27-52) and whose rest has exactly the matching size, so
// that a prose word is not taken for one.
func isBinaryData(line string) bool {
	if strings.HasPrefix(line, "literal ") || strings.HasPrefix(line, "delta ") {
		return isDigits(line[strings.IndexByte(line, ' ')+1:])
	}
	if len(line) < 6 {
		return false
	}
	var n int
	switch c := line[0]; {
	case 'A' <= c && c <= 'Z':
		n = int(c-'A') + 1
	case 'a' <= c && c <= 'z':
		n = int(c-'a') + 27
	default:
		return false
	}
	if len(line)-1 != (n+3)/4*5 {
		return false
	}
	for i := 1; i < len(line); i++ {
		if !isBase85(line[i]) {
			return false
		}
	}
	return true
}

func isBase85(c byte) bool {
	return '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' ||
		strings.IndexByte("!#$%&()*+-;<=>?@^_`{|}~", c) >= 0
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// counts reads the line counts of "@@ -a,b +c,d @@" (a count defaults to
// 1). ok is false for headers without numbers ("@@ ... @@", "@@").
func counts(header string) (oldN, newN int64, ok bool) {
	o, n, found := hunkRanges(header)
	if !found {
		return 0, 0, false
	}
	oldN, ok1 := rangeCount(o)
	newN, ok2 := rangeCount(n)
	return oldN, newN, ok1 && ok2
}

// hunkRange is one side of a hunk header, "a[,b]": its start and its count
// as digits, count "" when the header gives none.
type hunkRange struct{ start, count string }

// hunkRanges cuts "@@ -a[,b] +c[,d] @@" into its ranges, each digits and,
// after a comma, more digits. One pass over the line: a hunk header is
// read up to three times, while the diff streams, when it is split into
// files and when it is read (FuzzHunkRanges holds it to the searches for
// " @@", " +" and "," it replaces).
func hunkRanges(header string) (o, n hunkRange, ok bool) {
	if !strings.HasPrefix(header, "@@ -") {
		return o, n, false
	}
	o, i := readRange(header, len("@@ -"))
	if i < 0 || !strings.HasPrefix(header[i:], " +") {
		return o, n, false
	}
	n, j := readRange(header, i+len(" +"))
	if j < 0 || !strings.HasPrefix(header[j:], " @@") {
		return o, n, false
	}
	return o, n, true
}

// readRange reads the range "a[,b]" at s[i:] and returns where it ends, or
// -1 when there is none.
func readRange(s string, i int) (hunkRange, int) {
	j := digitsEnd(s, i)
	if j == i {
		return hunkRange{}, -1
	}
	r := hunkRange{start: s[i:j]}
	if j < len(s) && s[j] == ',' {
		k := digitsEnd(s, j+1)
		if k == j+1 {
			return hunkRange{}, -1
		}
		r.count, j = s[j+1:k], k
	}
	return r, j
}

// digitsEnd returns the end of the digits at s[i:].
func digitsEnd(s string, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// rangeCount reads a range's count, up to 9 digits.
func rangeCount(r hunkRange) (int64, bool) {
	if r.count == "" {
		return 1, true
	}
	if len(r.count) > 9 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(r.count); i++ {
		v = v*10 + int64(r.count[i]-'0')
	}
	return v, true
}

// fence describes a markdown code fence line: its indentation, character
// and length, and the info string after it.
type fence struct {
	indent int
	char   byte
	n      int
	info   string
}

// parseFence reads a fence line (up to three spaces of indentation, then
// three or more backticks or tildes).
func parseFence(line string) (fence, bool) {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if i > 3 || i >= len(line) || line[i] != '`' && line[i] != '~' {
		return fence{}, false
	}
	c, j := line[i], i
	for j < len(line) && line[j] == c {
		j++
	}
	if j-i < 3 {
		return fence{}, false
	}
	return fence{indent: i, char: c, n: j - i, info: strings.TrimSpace(line[j:])}, true
}

// opensDiff reports whether a fence line opens a diff block: ```diff,
// ```patch or ```udiff (an info string may follow the language).
func opensDiff(line string) (fence, bool) {
	f, ok := parseFence(line)
	if !ok {
		return f, false
	}
	lang, _, _ := strings.Cut(f.info, " ")
	switch strings.ToLower(lang) {
	case "diff", "patch", "udiff":
		return f, true
	}
	return f, false
}

// closes reports whether line closes the fence f: the same character, at
// least as many, nothing after, and indented no deeper than the opening (so
// a context line " ```" of a diff to a markdown file is content).
func (f fence) closes(line string) bool {
	g, ok := parseFence(line)
	return ok && g.char == f.char && g.n >= f.n && g.info == "" && g.indent <= f.indent
}

// startsDiff reports whether the first line inside a ```diff fence begins a
// diff. A fence of only "+"/"-" lines is a highlighted snippet, not an edit.
func startsDiff(line string) bool {
	return isGitHeader(line) || isOldHeader(line) || isHunkHeader(line) || strings.HasPrefix(line, "Index: ")
}
