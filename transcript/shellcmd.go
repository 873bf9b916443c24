package transcript

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// Commands an agent ran through its shell tool (Claude Code Bash, Codex
// shell, OpenHands run, SWE-agent's commands) are replayed when they are
// deterministic file operations, in order with the turn's edits; nothing
// is ever executed. shellOps maps one recorded command line:
//
//   - git rm / git mv / rm / mv / mkdir: tree operations (editcore/shell);
//   - touch: an empty file where none is; cp: a copy;
//   - cat or tee with a here-document, echo and printf redirected with >
//     or >>: a write or an append of the text;
//   - sed -i with s/// commands (shell.Sed): the substitutions;
//   - git apply or patch of a unified diff in a here-document: its edits;
//   - commands that only read (ls, cat, grep, git status, test runners…):
//     nothing;
//   - anything else that may write files: not_replayed, listed;
//   - a command whose recorded result was a failure: reported as
//     failed:tool_failed with that error, and not replayed.
//
// Paths are recorded as written; resolve maps them onto the repository
// (relative ones from the command's working directory). format is the one
// --format forces on recorded patches ("" for none): a here-document's diff
// is read as readPatch reads any recorded patch.
func shellOps(text string, line int, failed, format string, resolve func(string) string) []editcore.Op {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	if text == "" {
		return nil
	}
	if failed != "" {
		return []editcore.Op{{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: oneLine(text), Executed: true,
			RecordedError: failed, Command: &shell.Command{Text: oneLine(text), Line: line}}}
	}
	var ops []editcore.Op
	cd := &cdState{base: resolve}
	resolve = cd.resolve
	// seg maps one command of a chain, following cd.
	seg := func(s string) []editcore.Op {
		if cd.lost {
			return []editcore.Op{notReplayedOp(s, line, "runs after a cd this tool cannot follow")}
		}
		if cd.step(s) {
			return nil
		}
		return segmentOps(s, line, resolve)
	}
	for text != "" {
		if op, rest, ok := patchDoc(text, line, format, resolve); ok {
			ops = append(ops, op...)
			text = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rest), "&;"))
			continue
		}
		if op, rest, ok := heredocWrite(text, line, resolve); ok {
			ops = append(ops, op...)
			text = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rest), "&;"))
			continue
		}
		// "mkdir -p d && cat > d/f <<'EOF'": the commands before the
		// here-document's on its first line, then the here-document.
		if first, body, ok := strings.Cut(text, "\n"); ok && strings.Contains(first, "<<") {
			if segs := splitChain(first); len(segs) > 1 {
				last := segs[len(segs)-1]
				if _, _, isDoc := heredocWrite(last+"\n"+body, line, resolve); isDoc {
					for _, s := range segs[:len(segs)-1] {
						ops = append(ops, seg(s)...)
					}
					text = last + "\n" + body
					continue
				}
			}
		}
		if strings.Contains(text, "<<") {
			// A here-document this tool does not read (git apply of a
			// patch is its own call): its lines are no commands.
			ops = append(ops, notReplayed(text, line, "uses a here-document this tool does not replay"))
			break
		}
		for _, s := range splitChain(text) {
			ops = append(ops, seg(s)...)
		}
		break
	}
	return ops
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.TrimSpace(s)
}

func notReplayed(text string, line int, why string) editcore.Op {
	t := oneLine(text)
	return editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: t, Executed: true,
		Command: &shell.Command{Text: t, Line: line, Reason: why}}
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var writeHeredocRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(cat|tee)((?:\s+-a)?)\s*(?:(>>?)\s*(\S+)\s*)?(?:(\S+)\s*)?<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?)\s*(?:(>>?)\s*(\S+))?[ \t]*\n`)
})

// heredocWrite reads `cat > f <<'EOF'`, `cat <<EOF > f`, `tee [-a] f
// <<'EOF'` and their >> forms. An unquoted delimiter means the shell
// expanded the text: replayed only when it holds nothing to expand.
func heredocWrite(text string, line int, resolve func(string) string) ([]editcore.Op, string, bool) {
	m := writeHeredocRe().FindStringSubmatchIndex(text)
	if m == nil {
		return nil, "", false
	}
	g := func(i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return text[m[2*i]:m[2*i+1]]
	}
	prog, redir, target, teeArg, strip, q1, delim, redir2, target2 := g(1), g(3), g(4), g(5), g(6) != "", g(7), g(8), g(10), g(11)
	appendTo := g(2) != ""
	switch {
	case prog == "tee" && teeArg != "" && target == "":
		target = teeArg
	case prog == "cat" && teeArg != "":
		return nil, "", false
	case target2 != "" && target == "":
		target, redir = target2, redir2
	}
	if prog == "cat" {
		appendTo = redir == ">>"
	}
	if target == "" || (q1 == "" && g(9) != "") {
		return nil, "", false
	}
	body := text[m[1]:]
	var content []string
	rest := ""
	found := false
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		cmp := l
		if strip {
			cmp = strings.TrimLeft(l, "\t")
		}
		if cmp == delim {
			rest = strings.Join(lines[i+1:], "\n")
			found = true
			break
		}
		if strip {
			l = strings.TrimLeft(l, "\t")
		}
		content = append(content, l)
	}
	raw := oneLine(text)
	if !found {
		return []editcore.Op{notReplayed(text, line, "here-document never ends")}, "", true
	}
	joined := strings.Join(content, "\n")
	if q1 == "" && strings.ContainsAny(joined, "$`\\") {
		return []editcore.Op{notReplayed(text, line, "here-document with expansions (unquoted delimiter)")}, rest, true
	}
	if len(content) > 0 {
		joined += "\n"
	}
	return []editcore.Op{fileWrite(target, joined, appendTo, line, raw, resolve)}, rest, true
}

func fileWrite(target, content string, appendTo bool, line int, raw string, resolve func(string) string) editcore.Op {
	k := editcore.Write
	if appendTo {
		k = editcore.Append
	}
	t := strings.Trim(target, `"'`)
	if strings.ContainsAny(t, "$`*?~") || t == "/dev/null" || strings.HasPrefix(t, "/dev/") {
		return notReplayedOp(raw, line, "writes to "+t)
	}
	return editcore.Op{Kind: k, Format: ToolCallFormat, Path: resolve(t), Line: line, Raw: raw, Content: []byte(content), Executed: true}
}

func notReplayedOp(raw string, line int, why string) editcore.Op {
	return editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: raw, Executed: true,
		Command: &shell.Command{Text: raw, Line: line, Reason: why}}
}

// splitChain splits a command line at &&, ; and newlines outside quotes,
// keeping each segment's text; || and pipes stay inside a segment (and
// make it not replayable). A loop or conditional (for … done, if … fi)
// is one segment: its commands run as it decides.
func splitChain(text string) []string {
	type span struct{ start, end int }
	var spans []span
	var q byte
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			} else if c == '\\' && q == '"' {
				i++
			}
		case c == '\'' || c == '"':
			q = c
		case c == '\\':
			i++
		case c == '\n' || c == ';' || (c == '&' && i+1 < len(text) && text[i+1] == '&'):
			spans = append(spans, span{start, i})
			if c == '&' {
				i++
			}
			start = i + 1
		}
	}
	spans = append(spans, span{start, len(text)})
	var kept []span
	var first []string
	for _, sp := range spans {
		if s := strings.TrimSpace(text[sp.start:sp.end]); s != "" && !strings.HasPrefix(s, "#") {
			kept = append(kept, sp)
			first = append(first, strings.Fields(s)[0])
		}
	}
	var segs []string
	for _, g := range shell.Compound(first) {
		segs = append(segs, strings.TrimSpace(text[kept[g[0]].start:kept[g[1]].end]))
	}
	return segs
}

var (
	redirectRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(echo|printf)\s+(.*?)\s*(>>?)\s*(\S+)$`) })
	// quietRe matches redirections that write no file of the tree.
	quietRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*(?:\d?>&\d|&>\s*/dev/null|\d?>>?\s*/dev/null)`) })
)

// segmentOps maps one command of a chain.
func segmentOps(seg string, line int, resolve func(string) string) []editcore.Op {
	seg = strings.TrimSpace(quietRe().ReplaceAllString(seg, ""))
	if m := redirectRe().FindStringSubmatch(seg); m != nil && !strings.ContainsAny(m[2], "|<>`") && !strings.Contains(m[2], "$(") {
		return []editcore.Op{echoWrite(seg, m[1], m[2], m[3] == ">>", m[4], line, resolve)}
	}
	cmds := shell.ParseLine(seg, line)
	var ops []editcore.Op
	for i := range cmds {
		c := cmds[i]
		switch {
		case c.Op != "":
			for j, p := range c.Paths {
				c.Paths[j] = resolve(p)
			}
			ops = append(ops, editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: c.Text, Executed: true, Command: &c})
		case c.Program == "touch" && plainArgs(c.Args):
			for _, p := range c.Args {
				ops = append(ops, editcore.Op{Kind: editcore.Append, Format: ToolCallFormat, Path: resolve(p), Line: line, Raw: c.Text, Content: []byte{}, Executed: true})
			}
		case c.Program == "sed" && !readOnly(c):
			if c.Reason != reasonNotFileOp() {
				ops = append(ops, notReplayedOp(c.Text, line, c.Reason))
				break
			}
			script, files, err := shell.ParseSedArgs(c.Args)
			if err != nil {
				ops = append(ops, notReplayedOp(c.Text, line, "sed: "+err.Error()))
				break
			}
			cmd := c
			cmd.Op, cmd.Sed, cmd.Paths = shell.Edit, script, nil
			for _, f := range files {
				cmd.Paths = append(cmd.Paths, resolve(f))
			}
			ops = append(ops, editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: c.Text, Executed: true, Command: &cmd})
		case c.Program == "cp" && c.Reason == reasonNotFileOp():
			if op, ok := copyOp(c, line, resolve); ok {
				ops = append(ops, op)
			} else {
				ops = append(ops, notReplayedOp(c.Text, line, "cp with options this tool does not replay"))
			}
		case readOnly(c):
		case c.Reason == "uses a pipe" && pipelineReadOnly(c.Text):
		default:
			why := c.Reason
			if why == "" || why == reasonNotFileOp() {
				why = "may write files; not replayed"
			}
			ops = append(ops, notReplayedOp(c.Text, line, why))
		}
	}
	return ops
}

func reasonNotFileOp() string { return "not a file operation" }

func plainArgs(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") || strings.ContainsAny(a, "$`*?~") {
			return false
		}
	}
	return true
}

// copyOp maps cp [-r|-R|-a|-f] SRC… DST.
func copyOp(c shell.Command, line int, resolve func(string) string) (editcore.Op, bool) {
	var paths []string
	rec := false
	for _, a := range c.Args {
		switch a {
		case "-r", "-R", "-a", "-rf", "-fr", "--recursive":
			rec = true
		case "-f", "-p", "-v":
		default:
			if strings.HasPrefix(a, "-") || strings.ContainsAny(a, "$`*?~") {
				return editcore.Op{}, false
			}
			paths = append(paths, resolve(a))
		}
	}
	if len(paths) < 2 {
		return editcore.Op{}, false
	}
	cmd := c
	cmd.Op, cmd.Paths, cmd.Recursive, cmd.Reason = shell.Copy, paths, rec, ""
	return editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Line: line, Raw: c.Text, Executed: true, Command: &cmd}, true
}

// echoWrite maps echo and printf redirected to a file.
func echoWrite(seg, prog, args string, appendTo bool, target string, line int, resolve func(string) string) editcore.Op {
	cmds := shell.ParseLine(prog+" "+args, line)
	if len(cmds) != 1 {
		return notReplayedOp(seg, line, "not a plain "+prog)
	}
	words := cmds[0].Args
	var content string
	switch prog {
	case "echo":
		nl := "\n"
		for len(words) > 0 && (words[0] == "-n" || words[0] == "-e" || words[0] == "-E") {
			if words[0] == "-n" {
				nl = ""
			}
			if words[0] == "-e" && strings.Contains(strings.Join(words, " "), `\`) {
				return notReplayedOp(seg, line, "echo -e with escapes")
			}
			words = words[1:]
		}
		content = strings.Join(words, " ") + nl
	case "printf":
		if len(words) == 0 {
			return notReplayedOp(seg, line, "printf without a format")
		}
		f, ok := printfText(words[0], words[1:])
		if !ok {
			return notReplayedOp(seg, line, "printf format this tool does not replay")
		}
		content = f
	}
	return fileWrite(target, content, appendTo, line, seg, resolve)
}

// printfText renders a printf format with \n, \t, \\, %% and %s.
func printfText(format string, args []string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '\\' && i+1 < len(format):
			i++
			switch format[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\\':
				b.WriteByte('\\')
			default:
				return "", false
			}
		case c == '%' && i+1 < len(format):
			i++
			switch format[i] {
			case '%':
				b.WriteByte('%')
			case 's':
				if len(args) == 0 {
					break
				}
				b.WriteString(args[0])
				args = args[1:]
			default:
				return "", false
			}
		default:
			b.WriteByte(c)
		}
	}
	if len(args) > 0 {
		return "", false // printf repeats its format for the rest
	}
	return b.String(), true
}

// readOnlyPrograms change no file (as the agents use them).
var readOnlyPrograms = map[string]bool{
	"ls": true, "cat": true, "head": true, "tail": true, "grep": true, "rg": true, "egrep": true, "fgrep": true,
	"wc": true, "pwd": true, "cd": true, "echo": true, "printf": true, "which": true, "type": true, "tree": true,
	"sort": true, "uniq": true, "diff": true, "file": true, "stat": true, "du": true, "df": true, "env": true,
	"printenv": true, "true": true, "false": true, "test": true, "[": true, "nl": true, "less": true, "more": true,
	"date": true, "whoami": true, "uname": true, "id": true, "sleep": true, "awk": true, "cut": true, "tr": true,
	"realpath": true, "dirname": true, "basename": true, "readlink": true, "md5sum": true, "sha256sum": true,
	"pytest": true, "mypy": true, "tsc": true, "jq": true, "xxd": true, "od": true, "hexdump": true, "ps": true,
}

// readOnlySub are programs whose subcommands read only.
var readOnlySub = map[string]map[string]bool{
	"git":    {"status": true, "diff": true, "log": true, "show": true, "branch": true, "grep": true, "blame": true, "ls-files": true, "rev-parse": true, "remote": true},
	"go":     {"test": true, "vet": true, "build": true, "list": true, "version": true, "env": true, "doc": true},
	"cargo":  {"test": true, "check": true, "build": true, "clippy": true},
	"npm":    {"test": true, "run": true, "ls": true, "view": true},
	"yarn":   {"test": true, "run": true},
	"pnpm":   {"test": true, "run": true},
	"python": {"-m": true, "--version": true},
	"ruff":   {"check": true},
	"find":   {},
	"sed":    {},
}

// readOnly reports a command that changes no file: a reading program,
// without a redirection, a pipe into a writer, or an in-place flag.
func readOnly(c shell.Command) bool {
	if c.Reason == "uses a redirection" || c.Reason == "uses a here-document" || c.Reason == "uses a pipe" {
		return false
	}
	p := c.Program
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	switch p {
	case "find":
		for _, a := range c.Args {
			if a == "-delete" || a == "-exec" || a == "-execdir" || a == "-fprint" {
				return false
			}
		}
		return true
	case "sed":
		for _, a := range c.Args {
			if strings.HasPrefix(a, "-i") || a == "--in-place" {
				return false
			}
		}
		return true
	case "python", "python3":
		// python -m pytest, unittest: tests; anything else may write.
		return len(c.Args) >= 2 && c.Args[0] == "-m" && (c.Args[1] == "pytest" || c.Args[1] == "unittest" || c.Args[1] == "py_compile" || c.Args[1] == "mypy") ||
			len(c.Args) == 1 && (c.Args[0] == "--version" || c.Args[0] == "-V")
	}
	if readOnlyPrograms[p] {
		return true
	}
	if subs, ok := readOnlySub[p]; ok && len(c.Args) > 0 {
		if p == "npm" || p == "yarn" || p == "pnpm" {
			return c.Args[0] == "test" || c.Args[0] == "ls" || c.Args[0] == "view" ||
				c.Args[0] == "run" && len(c.Args) > 1 && (strings.HasPrefix(c.Args[1], "test") || strings.HasPrefix(c.Args[1], "lint") || c.Args[1] == "typecheck" || c.Args[1] == "build")
		}
		return subs[c.Args[0]]
	}
	return false
}

// pipelineReadOnly reports a pipeline whose every stage only reads.
func pipelineReadOnly(text string) bool {
	for _, stage := range strings.Split(text, "|") {
		cmds := shell.ParseLine(strings.TrimSpace(stage), 1)
		if len(cmds) != 1 || cmds[0].Reason == "uses a redirection" || !readOnly(cmds[0]) {
			return false
		}
	}
	return true
}

// cdState follows cd within one recorded command line: relative paths
// after "cd DIR" are DIR's. A cd it cannot follow (to a variable, to
// "-", to ~) makes what follows not replayed.
type cdState struct {
	base func(string) string
	dir  string // "" for the command's own working directory
	lost bool
}

var shellCdRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:cd|pushd)(?:\s+(.*))?$`) })

// step reports whether s is a cd, and follows it.
func (c *cdState) step(s string) bool {
	m := shellCdRe().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	words := shell.ParseLine("cd "+m[1], 1)
	arg := ""
	if len(words) == 1 && len(words[0].Args) == 1 {
		arg = words[0].Args[0]
	}
	switch {
	case arg == "" || arg == "-" || strings.ContainsAny(arg, "$`~*?") || len(words) != 1 || len(words[0].Args) > 1:
		c.lost = true
	case isAbs(arg):
		c.dir = cleanAbs(arg)
	default:
		c.dir = pathJoin(c.dir, arg)
	}
	return true
}

func (c *cdState) resolve(p string) string {
	if c.dir == "" || isAbs(p) {
		return c.base(p)
	}
	return c.base(pathJoin(c.dir, p))
}

func pathJoin(dir, p string) string {
	if dir == "" {
		return path.Clean(p)
	}
	return path.Join(dir, p)
}
