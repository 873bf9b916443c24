package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parsed is the part of a Command the word-parsing tests look at.
type parsed struct {
	Line    int
	Text    string
	Program string
	Args    []string
	Reason  string
}

func parsedOf(cmds []Command) []parsed {
	var out []parsed
	for _, c := range cmds {
		out = append(out, parsed{c.Line, c.Text, c.Program, c.Args, c.Reason})
	}
	return out
}

func TestParseLineWords(t *testing.T) {
	tests := map[string]struct {
		in   string
		want []parsed
	}{
		"plain": {
			in:   "git rm a.py",
			want: []parsed{{1, "git rm a.py", "git", []string{"rm", "a.py"}, ""}},
		},
		"blanks and tabs": {
			in:   "  git\trm   a.py  ",
			want: []parsed{{1, "git\trm   a.py", "git", []string{"rm", "a.py"}, ""}},
		},
		"single quotes keep everything": {
			in:   `echo 'a b \" $x *'`,
			want: []parsed{{1, `echo 'a b \" $x *'`, "echo", []string{`a b \" $x *`}, reasonNotFileOp}},
		},
		"double quote escapes": {
			in:   `echo "a\"b\\c\$d\` + "`" + `e\x"`,
			want: []parsed{{1, `echo "a\"b\\c\$d\` + "`" + `e\x"`, "echo", []string{`a"b\c$d` + "`" + `e\x`}, reasonNotFileOp}},
		},
		"backslash outside quotes": {
			in:   `git rm a\ b \'c`,
			want: []parsed{{1, `git rm a\ b \'c`, "git", []string{"rm", "a b", "'c"}, ""}},
		},
		"quoted parts concatenate": {
			in:   `git rm pre"fix"'ed'.py`,
			want: []parsed{{1, `git rm pre"fix"'ed'.py`, "git", []string{"rm", "prefixed.py"}, ""}},
		},
		"empty quoted word is a word": {
			in:   `git rm ''`,
			want: []parsed{{1, `git rm ''`, "git", []string{"rm", ""}, reasonEmptyPath}},
		},
		"multi-byte text": {
			in:   `git rm 'ünï cödé.py'`,
			want: []parsed{{1, `git rm 'ünï cödé.py'`, "git", []string{"rm", "ünï cödé.py"}, ""}},
		},
		"trailing comment is not text": {
			in:   "git rm a.py   # the old module",
			want: []parsed{{1, "git rm a.py", "git", []string{"rm", "a.py"}, ""}},
		},
		"hash inside a word is literal": {
			in:   "git rm a#b",
			want: []parsed{{1, "git rm a#b", "git", []string{"rm", "a#b"}, ""}},
		},
		"comment only":   {in: "# remove the old file", want: nil},
		"empty":          {in: "", want: nil},
		"blank":          {in: " \t ", want: nil},
		"lone semicolon": {in: ";", want: nil},
		"and chain": {
			in: "git rm a && git rm b",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, ""},
				{1, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"semicolon chain without blanks": {
			in: "git rm a;git rm b;",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, ""},
				{1, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"or chain: right side not run": {
			in: "git rm a || git rm b && git rm c",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, ""},
				{1, "git rm b", "git", []string{"rm", "b"}, reasonAfterOr},
				{1, "git rm c", "git", []string{"rm", "c"}, ""},
			},
		},
		"or true keeps the left side": {
			in: "rm -f a || true",
			want: []parsed{
				{1, "rm -f a", "rm", []string{"-f", "a"}, ""},
				{1, "true", "true", []string{}, reasonNotFileOp},
			},
		},
		"background splits": {
			in: "git rm a & git rm b",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, reasonBackground},
				{1, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"cd makes the rest of the chain not run": {
			in: "cd src && npm test && git rm a",
			want: []parsed{
				{1, "cd src", "cd", []string{"src"}, reasonNotFileOp},
				{1, "npm test", "npm", []string{"test"}, reasonNotFileOp},
				{1, "git rm a", "git", []string{"rm", "a"}, reasonAfterCd},
			},
		},
		"quoted separators do not split": {
			in:   `git rm "a && b;c" 'x || y'`,
			want: []parsed{{1, `git rm "a && b;c" 'x || y'`, "git", []string{"rm", "a && b;c", "x || y"}, ""}},
		},
		"syntax error runs nothing": {
			in: "git rm a && && git rm b",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, reasonSyntax},
				{1, "git rm b", "git", []string{"rm", "b"}, reasonSyntax},
			},
		},
		"leading separator is a syntax error": {
			in:   "; git rm a",
			want: []parsed{{1, "git rm a", "git", []string{"rm", "a"}, reasonSyntax}},
		},
		"unbalanced single quote": {
			in:   "git rm 'a.py",
			want: []parsed{{1, "git rm 'a.py", "git", []string{"rm", "a.py"}, reasonUnbalanced}},
		},
		"unbalanced double quote": {
			in:   `git rm "a.py && git rm b`,
			want: []parsed{{1, `git rm "a.py && git rm b`, "git", []string{"rm", "a.py && git rm b"}, reasonUnbalanced}},
		},
		"lone quote": {
			in:   `"`,
			want: []parsed{{1, `"`, "", []string{}, reasonUnbalanced}},
		},
		"unbalanced backquote": {
			in:   "echo `date",
			want: []parsed{{1, "echo `date", "echo", []string{"`date"}, reasonSubst}},
		},
		"unbalanced substitution": {
			in:   "echo $(date",
			want: []parsed{{1, "echo $(date", "echo", []string{"$(date"}, reasonSubst}},
		},
		"pipe is one command": {
			in:   "git rm a | cat && git rm b",
			want: []parsed{{1, "git rm a | cat", "git", []string{"rm", "a"}, reasonPipe}, {1, "git rm b", "git", []string{"rm", "b"}, ""}},
		},
		"redirection target dropped": {
			in:   "git rm a > log.txt",
			want: []parsed{{1, "git rm a > log.txt", "git", []string{"rm", "a"}, reasonRedirect}},
		},
		"stderr redirection": {
			in:   "rm a 2>/dev/null",
			want: []parsed{{1, "rm a 2>/dev/null", "rm", []string{"a", "2"}, reasonRedirect}},
		},
		"append and &> redirections": {
			in: "echo x >> f; rm a &>/dev/null",
			want: []parsed{
				{1, "echo x >> f", "echo", []string{"x"}, reasonRedirect},
				{1, "rm a &>/dev/null", "rm", []string{"a"}, reasonRedirect},
			},
		},
		"input redirection": {
			in:   "git rm --pathspec-from-file < list",
			want: []parsed{{1, "git rm --pathspec-from-file < list", "git", []string{"rm", "--pathspec-from-file"}, reasonRedirect}},
		},
		"here-string": {
			in:   "cat <<< hello",
			want: []parsed{{1, "cat <<< hello", "cat", []string{}, reasonRedirect}},
		},
		"process substitution": {
			in:   "diff <(ls a) b",
			want: []parsed{{1, "diff <(ls a) b", "diff", []string{"b"}, reasonProcSubst}},
		},
		"command substitution": {
			in:   "git rm $(git ls-files -d)",
			want: []parsed{{1, "git rm $(git ls-files -d)", "git", []string{"rm", "$(git ls-files -d)"}, reasonSubst}},
		},
		"backquote substitution": {
			in:   "rm `cat list`",
			want: []parsed{{1, "rm `cat list`", "rm", []string{"`cat list`"}, reasonSubst}},
		},
		"variable": {
			in:   "rm -rf $BUILD/out",
			want: []parsed{{1, "rm -rf $BUILD/out", "rm", []string{"-rf", "$BUILD/out"}, reasonVariable}},
		},
		"braced variable in double quotes": {
			in:   `rm "${dir}/x"`,
			want: []parsed{{1, `rm "${dir}/x"`, "rm", []string{"${dir}/x"}, reasonVariable}},
		},
		"special variable": {
			in:   "rm $1",
			want: []parsed{{1, "rm $1", "rm", []string{"$1"}, reasonVariable}},
		},
		"ansi-c quoting": {
			in:   `rm $'a\tb'`,
			want: []parsed{{1, `rm $'a\tb'`, "rm", []string{`a\tb`}, reasonANSIQuote}},
		},
		"lone dollar is literal": {
			in:   "echo $",
			want: []parsed{{1, "echo $", "echo", []string{"$"}, reasonNotFileOp}},
		},
		"subshell": {
			in:   "(cd x && rm y)",
			want: []parsed{{1, "(cd x", "cd", []string{"x"}, reasonSubshell}, {1, "rm y)", "rm", []string{"y"}, reasonSubshell}},
		},
		"command group": {
			in:   "{ rm a; }",
			want: []parsed{{1, "{ rm a", "{", []string{"rm", "a"}, reasonGroup}, {1, "}", "}", []string{}, reasonGroup}},
		},
		"a for loop is one command": {
			in:   "for f in a.py b.py; do rm $f; done",
			want: []parsed{{1, "for f in a.py b.py; do rm $f; done", "for", []string{"f", "in", "a.py", "b.py"}, reasonCompound}},
		},
		"a loop over lines, then a command": {
			in: "for f in a b\ndo\n  git rm $f\ndone\nrm c",
			want: []parsed{{1, "for f in a b do git rm $f done", "for", []string{"f", "in", "a", "b"}, reasonCompound},
				{5, "rm c", "rm", []string{"c"}, ""}},
		},
		"nested compound commands": {
			in:   "while read f; do if [ -f $f ]; then rm $f; fi; done < list && git rm x",
			want: []parsed{{1, "while read f; do if [ -f $f ]; then rm $f; fi; done < list", "while", []string{"read", "f"}, reasonCompound}, {1, "git rm x", "git", []string{"rm", "x"}, ""}},
		},
		"an unclosed loop runs to the end": {
			in:   "for f in a; do rm $f",
			want: []parsed{{1, "for f in a; do rm $f", "for", []string{"f", "in", "a"}, reasonCompound}},
		},
		"brace expansion": {
			in:   "mkdir -p src/{a,b}",
			want: []parsed{{1, "mkdir -p src/{a,b}", "mkdir", []string{"-p", "src/{a,b}"}, reasonBrace}},
		},
		"env assignment": {
			in:   `FOO="a b" git rm x`,
			want: []parsed{{1, `FOO="a b" git rm x`, "FOO=a b", []string{"git", "rm", "x"}, reasonEnv}},
		},
		"quoted name is not an assignment": {
			in:   `"X=1" rm`,
			want: []parsed{{1, `"X=1" rm`, "X=1", []string{"rm"}, reasonNotFileOp}},
		},
		"assignment-like argument": {
			in:   "git rm a=b",
			want: []parsed{{1, "git rm a=b", "git", []string{"rm", "a=b"}, ""}},
		},
		"sudo": {
			in:   "sudo rm -rf build",
			want: []parsed{{1, "sudo rm -rf build", "sudo", []string{"rm", "-rf", "build"}, reasonSudo}},
		},
		"continuation": {
			in:   "git rm a \\\n   b",
			want: []parsed{{1, "git rm a b", "git", []string{"rm", "a", "b"}, ""}},
		},
		"continuation inside a word": {
			in:   "git rm fo\\\no.py",
			want: []parsed{{1, "git rm fo o.py", "git", []string{"rm", "foo.py"}, ""}},
		},
		"newline separates": {
			in: "git rm a\n\ngit rm b",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, ""},
				{3, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"chain continued after &&": {
			in: "git rm a &&\n  git rm b",
			want: []parsed{
				{1, "git rm a", "git", []string{"rm", "a"}, ""},
				{2, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"quoted newline": {
			in:   "git commit -m \"one\ntwo\"",
			want: []parsed{{1, `git commit -m "one two"`, "git", []string{"commit", "-m", "one\ntwo"}, reasonNotFileOp}},
		},
		"here-document body skipped": {
			in: "cat <<'EOF' > notes.txt\nrm -rf /\nEOF\ngit rm b",
			want: []parsed{
				{1, "cat <<'EOF' > notes.txt", "cat", []string{}, reasonHeredoc},
				{4, "git rm b", "git", []string{"rm", "b"}, ""},
			},
		},
		"here-document with tabs": {
			in: "cat <<-END\n\trm x\n\tEND\nrm y",
			want: []parsed{
				{1, "cat <<-END", "cat", []string{}, reasonHeredoc},
				{4, "rm y", "rm", []string{"y"}, ""},
			},
		},
		"here-document never ends": {
			in:   "cat <<EOF\nrm x",
			want: []parsed{{1, "cat <<EOF", "cat", []string{}, reasonHeredoc}},
		},
		"here-document without delimiter": {
			in:   "cat <<",
			want: []parsed{{1, "cat <<", "cat", []string{}, reasonHeredoc}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, parsedOf(ParseLine(tt.in, 1)))
		})
	}
}

func TestParseLineStartLine(t *testing.T) {
	cmds := ParseLine("git rm a\ngit rm b", 41)
	require.Len(t, cmds, 2)
	assert.Equal(t, 41, cmds[0].Line)
	assert.Equal(t, 42, cmds[1].Line)
}

func TestLexOpen(t *testing.T) {
	tests := map[string]struct {
		in       string
		open     bool
		heredocs []heredoc
	}{
		"complete":               {in: "git rm a"},
		"trailing backslash":     {in: `git rm a \`, open: true},
		"escaped backslash":      {in: `git rm a\\`},
		"open single quote":      {in: "echo 'a", open: true},
		"open double quote":      {in: `echo "a`, open: true},
		"open substitution":      {in: "echo $(ls", open: true},
		"trailing and":           {in: "git rm a &&", open: true},
		"trailing or":            {in: "git rm a ||", open: true},
		"trailing pipe":          {in: "git ls-files |", open: true},
		"trailing semicolon":     {in: "git rm a;"},
		"quote in comment":       {in: "git rm a # don't"},
		"here-document":          {in: "cat <<EOF >x", heredocs: []heredoc{{delim: "EOF"}}},
		"two here-documents":     {in: `cat <<A <<-"B"`, heredocs: []heredoc{{delim: "A"}, {delim: "B"}}},
		"here-document consumed": {in: "cat <<A\nbody\nA"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			res := lex(tt.in)
			assert.Equal(t, tt.open, res.open)
			assert.Equal(t, tt.heredocs, res.heredocs)
		})
	}
}

func TestDisplay(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"one line":     {"  git rm a  ", "git rm a"},
		"continuation": {"git rm a \\\n    b \\\n  c", "git rm a b c"},
		"crlf":         {"git rm a \\\r\n b", "git rm a b"},
		"blank lines":  {"a\n\n\nb", "a b"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, display(tt.in))
		})
	}
}
