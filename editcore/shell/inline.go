package shell

import "strings"

// commandWords are the programs an inline code span must start with to be
// taken for a command. Prose is full of code spans (`rm`, `foo()`,
// `src/app.py`); a span counts only when it starts with one of these words
// followed by at least one argument. The list covers file tools, version
// control, package managers, build tools and interpreters a model is likely
// to tell the user to run; it errs towards programs, not English words.
var commandWords = map[string]bool{
	// files and text
	"rm": true, "rmdir": true, "mkdir": true, "mv": true, "cp": true, "touch": true,
	"chmod": true, "chown": true, "ln": true, "cd": true, "pushd": true, "popd": true,
	"ls": true, "cat": true, "echo": true, "printf": true, "sed": true, "awk": true,
	"grep": true, "rg": true, "find": true, "xargs": true, "tar": true, "unzip": true,
	"zip": true, "curl": true, "wget": true, "diff": true, "patch": true, "source": true,
	"export": true, "sudo": true, "doas": true,
	// version control
	"git": true, "gh": true,
	// JavaScript
	"npm": true, "npx": true, "yarn": true, "pnpm": true, "bun": true, "deno": true, "node": true,
	// Python
	"pip": true, "pip3": true, "pipx": true, "python": true, "python3": true, "pytest": true,
	"poetry": true, "uv": true, "tox": true, "ruff": true, "black": true, "mypy": true,
	// Go, Rust, C
	"go": true, "gofmt": true, "cargo": true, "rustup": true, "make": true, "cmake": true,
	// Ruby, PHP, JVM, .NET, others
	"bundle": true, "gem": true, "rake": true, "rails": true, "ruby": true,
	"composer": true, "php": true, "mvn": true, "gradle": true, "dotnet": true,
	"flutter": true, "dart": true, "swift": true,
	// containers and systems
	"docker": true, "docker-compose": true, "kubectl": true, "helm": true,
	"terraform": true, "brew": true, "apt": true, "apt-get": true,
}

// inlineCommand returns the command in an inline code span, if it is one:
// an optional "$ " prompt, then a command word, blanks and an argument. A
// "(" that does not start $( or <( marks code, not a command
// (`go func() {…}`, `make(chan int)`).
func inlineCommand(span string) (string, bool) {
	s := strings.TrimSpace(span)
	if c, ok := dollarCommand(s); ok {
		s = strings.TrimSpace(c)
	}
	sp := indexEither(s, ' ', '\t')
	if sp < 0 || !commandWords[s[:sp]] || strings.TrimSpace(s[sp:]) == "" {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '(' && (i == 0 || (s[i-1] != '$' && s[i-1] != '<')) {
			return "", false
		}
	}
	return s, true
}

// codeSpans returns the contents of the inline code spans of one line, in
// order (CommonMark: a run of n backticks closed by a run of exactly n; one
// leading and trailing space is stripped when both are there). A backslash
// before an opening run escapes it.
func codeSpans(line string) []string {
	var spans []string
	eachCodeSpan(line, func(c string) { spans = append(spans, c) })
	return spans
}

// eachCodeSpan calls fn with each code span of line, in order, without
// collecting them (prose lines are many).
func eachCodeSpan(line string, fn func(span string)) {
	i := 0
	for i < len(line) {
		k := indexEither(line[i:], '\\', '`') // jump to the next byte that matters
		if k < 0 {
			break
		}
		i += k
		if line[i] == '\\' {
			i += 2
			continue
		}
		n := run(line, i)
		j := i + n
		for {
			k := strings.IndexByte(line[j:], '`')
			if k < 0 {
				j = -1
				break
			}
			j += k
			if m := run(line, j); m == n {
				break
			} else {
				j += m
			}
		}
		if j < 0 {
			i += n // no closing run: the backticks are literal
			continue
		}
		c := line[i+n : j]
		if len(c) >= 2 && c[0] == ' ' && c[len(c)-1] == ' ' && strings.Trim(c, " ") != "" {
			c = c[1 : len(c)-1]
		}
		fn(c)
		i = j + n
	}
}

// run is the length of the run of backticks at line[i].
func run(line string, i int) int {
	n := 0
	for i+n < len(line) && line[i+n] == '`' {
		n++
	}
	return n
}

// indexEither is strings.IndexAny(s, string([]byte{a, b})) for two ASCII
// bytes, without the set IndexAny builds per call: it runs on every
// prose line.
func indexEither(s string, a, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == a || s[i] == b {
			return i
		}
	}
	return -1
}
