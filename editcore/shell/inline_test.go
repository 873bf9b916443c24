package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCodeSpans(t *testing.T) {
	tests := map[string]struct {
		in   string
		want []string
	}{
		"none":              {"plain prose", nil},
		"one":               {"use `git rm a` here", []string{"git rm a"}},
		"several":           {"`a` and `b c` and `d`", []string{"a", "b c", "d"}},
		"double backticks":  {"``echo `x` y``", []string{"echo `x` y"}},
		"stripped spaces":   {"`` `tick` ``", []string{"`tick`"}},
		"only spaces kept":  {"`  `", []string{"  "}},
		"run length exact":  {"``a`b``", []string{"a`b"}},
		"unclosed":          {"a `b c", nil},
		"unclosed then one": {"`` x `y`", []string{"y"}},
		"escaped opening":   {"\\`rm a` `rm b`", []string{" "}},
		"empty line":        {"", nil},
		"trailing backtick": {"x`", nil},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, codeSpans(tt.in))
		})
	}
}

func TestInlineCommand(t *testing.T) {
	tests := map[string]struct {
		in   string
		want string // "" when not a command
	}{
		"git rm":              {"git rm a.py", "git rm a.py"},
		"prompt":              {"$ rm -rf build", "rm -rf build"},
		"padded":              {"  mkdir -p x  ", "mkdir -p x"},
		"tab separated":       {"rm\ta", "rm\ta"},
		"npm":                 {"npm install", "npm install"},
		"bare word":           {"rm", ""},
		"bare word and blank": {"git ", ""},
		"identifier":          {"src/app.py", ""},
		"unknown program":     {"frobnicate --all", ""},
		"call":                {"make(chan int)", ""},
		"go code":             {"go func() { x() }()", ""},
		"substitution ok":     {"git rm $(cat list)", "git rm $(cat list)"},
		"process subst ok":    {"diff <(ls) b", "diff <(ls) b"},
		"capitalised":         {"Git rm a", ""},
		"empty":               {"", ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := inlineCommand(tt.in)
			assert.Equal(t, tt.want != "", ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestFences(t *testing.T) {
	tests := map[string]struct {
		open  string
		mode  mode
		isNil bool
	}{
		"bash":             {open: "```bash", mode: modeDecide},
		"upper case":       {open: "```Bash", mode: modeDecide},
		"console":          {open: "``` console", mode: modeDecide},
		"braces":           {open: "```{.sh}", mode: modeDecide},
		"with file":        {open: "```sh:scripts/run.sh", mode: modeDecide},
		"attributes":       {open: "~~~zsh title=\"x\"", mode: modeDecide},
		"unlabelled":       {open: "```", mode: modePrompt},
		"text":             {open: "````text", mode: modePrompt},
		"python":           {open: "```python", mode: modeIgnore},
		"bashism":          {open: "```bashrc", mode: modeIgnore},
		"indented":         {open: "      ```bash", mode: modeDecide},
		"two backticks":    {open: "``bash", isNil: true},
		"backtick in info": {open: "```git rm a```", isNil: true},
		"tilde info tick":  {open: "~~~ a`b", mode: modeIgnore},
		"prose":            {open: "bash", isNil: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			f := openFence(tt.open)
			if tt.isNil {
				assert.Nil(t, f)
				return
			}
			if assert.NotNil(t, f) {
				assert.Equal(t, tt.mode, f.mode)
			}
		})
	}

	f := openFence("````bash")
	closes := map[string]bool{
		"````": true, "`````": true, "  ````  ": true, "```": false,
		"````bash": false, "~~~~": false, "": false, "x": false,
	}
	for line, want := range closes {
		assert.Equal(t, want, f.closes(line), "closes(%q)", line)
	}
}

func TestPromptCommand(t *testing.T) {
	tests := map[string]struct {
		in, want string
		ok       bool
	}{
		"dollar":          {"$ git rm a", "git rm a", true},
		"indented":        {"  $ ls", "ls", true},
		"empty prompt":    {"$", "", true},
		"user at host":    {"me@box:~/src$ rm a", "rm a", true},
		"directory":       {"~/proj$ rm a", "rm a", true},
		"bracketed":       {"[me@box src]$ rm a", "rm a", true},
		"virtualenv":      {"(venv) $ pytest", "pytest", true},
		"root is comment": {"# rm -rf /", "", false},
		"money":           {"$5 each", "", false},
		"output":          {"removed 'a'", "", false},
		"sentence":        {"costs 5$ each", "", false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := promptCommand(tt.in)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}
