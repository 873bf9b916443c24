package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"
)

// The manual is built once from the CLI definition and rendered two ways:
// as a man page (git aiedit man, read by `git help aiedit`) and as plain
// text (git aiedit help), so the two never disagree.

// manSection is one top-level section of the manual.
type manSection struct {
	title string
	items []manItem
}

// manItem is a paragraph (tag == ""), or a tagged paragraph: a term and
// its explanation, or a sub-heading when sub is set.
type manItem struct {
	tag, text string
	sub       bool
	pre       bool // text is preformatted (examples)
}

const manExitStatus = "0: success (for apply: every block applied or was already applied, and every check passed). " +
	"1: apply: at least one block failed, was skipped or was not in context, a shell operation failed, or a check did not pass; the commits are still made. " +
	"land: the branch conflicts with its target; nothing changes. " +
	"2: bad usage, or unreadable input, or a commit or branch that does not fit the command. " +
	"3: repository problem (not a repository, unsupported format, a branch that moved concurrently). " +
	"130: interrupted (SIGINT, SIGTERM); apply records the responses that were complete."

const manHelpSetup = `git aiedit man --install          # writes git-aiedit.1 next to the binary (../share/man/man1)
git aiedit man --install --dir DIR
git config --global help.format man   # git aiedit --help then opens the page
git aiedit help                   # the same text, without man`

const manReview = `git aiedit apply fix-login.md       # one commit per response on aiedit/fix-login
git aiedit log -v aiedit/fix-login  # responses and blocks, failures marked
git aiedit show aiedit/fix-login    # the newest response: blocks, reasons, diff
git aiedit retry-prompt aiedit/fix-login | pbcopy   # what to tell the model
git aiedit review aiedit/fix-login  # keep, take back or edit each hunk (git add -p's keys)
git aiedit undo aiedit/fix-login    # drop the newest response commit`

// manual describes root and its visible commands.
func manual(root *cli.Command) []manSection {
	name := manName(root)
	secs := []manSection{
		{title: "NAME", items: []manItem{{text: name + " - " + root.Usage}}},
	}
	var synopsis []manItem
	for _, c := range manCommands(root) {
		synopsis = append(synopsis, manItem{text: commandLine(c), pre: true})
	}
	secs = append(secs,
		manSection{title: "SYNOPSIS", items: synopsis},
		manSection{title: "DESCRIPTION", items: paragraphs(root.Description)},
	)
	var cmds []manItem
	for _, c := range manCommands(root) {
		cmds = append(cmds, manCommandItems(c)...)
	}
	secs = append(secs,
		manSection{title: "COMMANDS", items: cmds},
		manSection{title: "EXAMPLES", items: []manItem{{text: manReview, pre: true}}},
		manSection{title: "EXIT STATUS", items: []manItem{{text: manExitStatus}}},
		manSection{title: "ENVIRONMENT", items: []manItem{
			{tag: "NO_COLOR", text: "when set to anything, output is never coloured. Colour is used only when standard output (standard error for apply) is a terminal, and never with TERM=dumb."},
		}},
		manSection{title: "MANUAL AND COMPLETION", items: []manItem{
			{text: "git turns `git aiedit --help` into `git help aiedit`, which opens this page with man(1):"},
			{text: manHelpSetup, pre: true},
			{text: "Shell completion for `git aiedit` (bash and zsh through git's own completion, fish through its git completion): see `git aiedit completion --help`."},
		}},
		manSection{title: "SEE ALSO", items: []manItem{{text: "git(1), git-log(1), git-revert(1), git-reset(1), git-worktree(1)"}}},
	)
	return secs
}

// manName is the program's name as git users type it in `man`.
func manName(root *cli.Command) string { return root.Name }

func manCommands(root *cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, c := range root.Commands {
		if !c.Hidden && c.Name != "help" {
			out = append(out, c)
		}
	}
	return out
}

func commandLine(c *cli.Command) string {
	s := "git aiedit " + c.Name
	if len(c.VisibleFlags()) > 0 {
		s += " [options]"
	}
	if c.ArgsUsage != "" {
		s += " " + c.ArgsUsage
	}
	return s
}

func manCommandItems(c *cli.Command) []manItem {
	items := []manItem{{tag: commandLine(c), sub: true}, {text: sentence(c.Usage)}}
	items = append(items, paragraphs(c.Description)...)
	for _, f := range c.VisibleFlags() {
		if isHelpFlag(f) {
			continue
		}
		items = append(items, manItem{tag: flagTerm(f), text: flagUsage(f)})
	}
	return items
}

func isHelpFlag(f cli.Flag) bool {
	for _, n := range f.Names() {
		if n == "help" {
			return true
		}
	}
	return false
}

// flagTerm renders "-b, --branch NAME".
func flagTerm(f cli.Flag) string {
	var names []string
	for _, n := range f.Names() {
		if len(n) == 1 {
			names = append([]string{"-" + n}, names...)
		} else {
			names = append(names, "--"+n)
		}
	}
	term := strings.Join(names, ", ")
	if d, ok := f.(cli.DocGenerationFlag); ok && d.TakesValue() {
		term += " " + placeholder(d.GetUsage())
	}
	return term
}

// placeholder is the back-quoted word of a usage text, or VALUE.
func placeholder(usage string) string {
	if i := strings.IndexByte(usage, '`'); i >= 0 {
		if j := strings.IndexByte(usage[i+1:], '`'); j > 0 {
			return usage[i+1 : i+1+j]
		}
	}
	return "VALUE"
}

func flagUsage(f cli.Flag) string {
	d, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return ""
	}
	return sentence(strings.ReplaceAll(d.GetUsage(), "`", ""))
}

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, ")") {
		s += "."
	}
	return s
}

// paragraphs splits a description on blank lines and unwraps each.
func paragraphs(s string) []manItem {
	var out []manItem
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, manItem{text: p})
		}
	}
	return out
}

// renderRoff writes the manual as a man(7) page.
func renderRoff(root *cli.Command, secs []manSection) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH %s 1 \"\" \"%s\" \"Git Manual\"\n", strings.ToUpper(manName(root)), manName(root))
	b.WriteString(".nh\n.ad l\n")
	for _, s := range secs {
		fmt.Fprintf(&b, ".SH %s\n", s.title)
		for _, it := range s.items {
			switch {
			case it.sub:
				fmt.Fprintf(&b, ".SS %s\n", roffEscape(it.tag))
			case it.pre:
				b.WriteString(".PP\n.nf\n")
				for _, l := range strings.Split(it.text, "\n") {
					b.WriteString(roffLine(l) + "\n")
				}
				b.WriteString(".fi\n")
			case it.tag != "":
				fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", roffEscape(it.tag), roffLine(it.text))
			default:
				fmt.Fprintf(&b, ".PP\n%s\n", roffLine(it.text))
			}
		}
	}
	return b.String()
}

// roffEscape protects backslashes and hyphens (so options copy-paste as
// ASCII).
func roffEscape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return strings.ReplaceAll(s, "-", `\-`)
}

// roffLine escapes a text line and keeps it from starting a request.
func roffLine(s string) string {
	s = roffEscape(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// renderText writes the manual as plain text, wrapped at 80 columns.
func renderText(secs []manSection) string {
	var b strings.Builder
	for i, s := range secs {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(s.title + "\n")
		for _, it := range s.items {
			switch {
			case it.sub:
				b.WriteString("\n   " + it.tag + "\n")
			case it.pre:
				for _, l := range strings.Split(it.text, "\n") {
					b.WriteString("       " + l + "\n")
				}
			case it.tag != "":
				b.WriteString("       " + it.tag + "\n")
				writeWrapped(&b, it.text, 11)
			default:
				writeWrapped(&b, it.text, 7)
			}
		}
	}
	return b.String()
}

func writeWrapped(b *strings.Builder, text string, indent int) {
	pad := strings.Repeat(" ", indent)
	line := pad
	for _, w := range strings.Fields(text) {
		if len(line) > indent && len(line)+1+len(w) > 80 {
			b.WriteString(line + "\n")
			line = pad
		}
		if len(line) > indent {
			line += " "
		}
		line += w
	}
	if len(line) > indent {
		b.WriteString(line + "\n")
	}
}
