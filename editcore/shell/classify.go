package shell

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// options describes the options a file command accepts: every accepted
// spelling maps to its canonical flag, every refused one to a reason.
// Options may appear anywhere before "--" (git and GNU tools permute);
// short ones combine ("-rf").
type options struct {
	accept map[string]string
	refuse map[string]string
}

var (
	gitRmOptions = options{
		accept: map[string]string{
			"-r": "-r", "-f": "-f", "--force": "-f", "-q": "-q", "--quiet": "-q",
			"--cached": "--cached", "--ignore-unmatch": "--ignore-unmatch",
		},
		refuse: map[string]string{"-n": reasonDryRun, "--dry-run": reasonDryRun},
	}
	gitMvOptions = options{
		accept: map[string]string{
			"-f": "-f", "--force": "-f", "-k": "-k", "-v": "-v", "--verbose": "-v",
		},
		refuse: map[string]string{"-n": reasonDryRun, "--dry-run": reasonDryRun},
	}
	rmOptions = options{
		accept: map[string]string{
			"-r": "-r", "-R": "-r", "--recursive": "-r", "-f": "-f", "--force": "-f",
			"-v": "-v", "--verbose": "-v", "-d": "-d", "--dir": "-d",
		},
		refuse: map[string]string{
			"-i": reasonInteractive, "-I": reasonInteractive, "--interactive": reasonInteractive,
		},
	}
	mvOptions = options{
		accept: map[string]string{"-f": "-f", "--force": "-f", "-v": "-v", "--verbose": "-v"},
		refuse: map[string]string{"-i": reasonInteractive, "--interactive": reasonInteractive},
	}
	mkdirOptions = options{
		accept: map[string]string{"-p": "-p", "--parents": "-p", "-v": "-v", "--verbose": "-v"},
	}
)

// classify sets c's Op, Flags, Paths and Recursive, or its Reason. words
// are the command's words, Program first; the lexer found nothing in them
// that a shell would expand, except possibly globs.
func classify(c *Command, words []word) {
	var (
		op   FileOp
		opts options
		args []word
		min  = 1
	)
	switch c.Program {
	case "sudo", "doas":
		c.Reason = reasonSudo
		return
	case "git":
		if len(words) < 2 {
			c.Reason = reasonNotFileOp
			return
		}
		if strings.HasPrefix(words[1].text, "-") {
			c.Reason = reasonGitOptions
			return
		}
		switch words[1].text {
		case "rm":
			op, opts = Remove, gitRmOptions
		case "mv":
			op, opts, min = Move, gitMvOptions, 2
		default:
			c.Reason = reasonNotFileOp
			return
		}
		args = words[2:]
	case "rm":
		op, opts, args = Remove, rmOptions, words[1:]
	case "mv":
		op, opts, args, min = Move, mvOptions, words[1:], 2
	case "mkdir":
		op, opts, args = Mkdir, mkdirOptions, words[1:]
	default:
		c.Reason = reasonNotFileOp
		return
	}

	flags, paths, reason := opts.parse(args)
	if reason == "" {
		reason = checkPaths(paths, min)
	}
	if reason == "" && c.Program == "git" {
		reason = checkPathspecs(paths)
	}
	if reason != "" {
		c.Reason = reason
		return
	}
	c.Op, c.Flags, c.Recursive = op, flags, slices.Contains(flags, "-r")
	c.Paths = make([]string, len(paths))
	for i, p := range paths {
		c.Paths[i] = p.text
	}
}

// parse separates options from operands. It returns the canonical flags in
// the order first seen, or the reason for the first option it refuses.
func (o options) parse(args []word) (flags []string, operands []word, reason string) {
	add := func(spelling string) string {
		if r, ok := o.refuse[spelling]; ok {
			return r
		}
		f, ok := o.accept[spelling]
		if !ok {
			return fmt.Sprintf(reasonUnsupportedFm, spelling)
		}
		if !slices.Contains(flags, f) {
			flags = append(flags, f)
		}
		return ""
	}
	for i, a := range args {
		t := a.text
		switch {
		case t == "--":
			return flags, append(operands, args[i+1:]...), ""
		case strings.HasPrefix(t, "--"):
			if r := add(t); r != "" {
				return nil, nil, r
			}
		case strings.HasPrefix(t, "-") && len(t) > 1:
			for _, r := range t[1:] {
				if r := add("-" + string(r)); r != "" {
					return nil, nil, r
				}
			}
		default:
			operands = append(operands, a)
		}
	}
	return flags, operands, ""
}

// checkPaths refuses operands that are too few or that a shell would have
// expanded: ~ and $ are refused even when quoted, since a file really named
// that way is far less likely than a misquoted expansion.
func checkPaths(paths []word, min int) string {
	switch {
	case len(paths) == 0:
		return reasonNoPaths
	case len(paths) < min:
		return reasonNeedsTwo
	}
	for _, p := range paths {
		switch {
		case p.text == "":
			return reasonEmptyPath
		case strings.HasPrefix(p.text, "~"):
			return reasonTilde
		case strings.HasPrefix(p.text, "$"):
			return reasonDollar
		case p.glob:
			return reasonGlob
		}
	}
	return ""
}

// checkPathspecs refuses what git itself would read as more than one path:
// git rm and git mv take pathspecs, so a quoted '*' or '*.pyc' is a glob
// git expands, and "." is the whole tree.
func checkPathspecs(paths []word) string {
	for _, p := range paths {
		switch {
		case strings.ContainsAny(p.text, "*?["):
			return reasonPathspec
		case path.Clean(p.text) == ".":
			return reasonWholeTree
		}
	}
	return ""
}
