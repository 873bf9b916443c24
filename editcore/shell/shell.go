// Package shell finds the shell commands a response suggests and parses them
// into words, without ever running anything.
//
// [ParseLine] splits a command line the way bash would (quotes, escapes,
// comments, && / || / ; chains) and classifies each command: the few file
// operations this tool performs as tree operations (git rm, git mv, rm, mv,
// mkdir) get an [FileOp]; everything else keeps Op "" and says why in
// Reason. A [Scanner] walks a response's prose line by line and finds the
// commands it suggests: in shell code fences, on "$ " prompt lines and in
// inline code spans.
//
// The package is deliberately conservative: whatever bash would expand or
// redirect (pipes, redirections, substitutions, variables, globs, braces,
// subshells, background jobs, environment assignments, sudo) is not a file
// operation, because its effect cannot be known without running a shell.
// Paths are returned as written; confining them to the repository is the
// applier's job.
package shell

// Command is one suggested command line (chains are split: one Command per
// command of an `&&`, `||` or `;` chain).
type Command struct {
	Text    string   // the command as written, trimmed, on one line, without a trailing comment
	Program string   // first word, e.g. "git" or "rm"
	Args    []string // all words after Program, unquoted
	Line    int      // 1-based line in the response

	// Op is the file operation the command amounts to, or "" when it is not
	// one this tool performs (then Reason says why).
	Op        FileOp
	Flags     []string // recognised flags, canonical spelling, e.g. "-r", "-f", "--cached"
	Paths     []string // path operands, as written (unquoted); Move: sources then destination
	Recursive bool     // rm -r / git rm -r
	Sed       *Sed     // Edit: the substitutions
	Reason    string   // why Op is "" ("not a file operation", "uses a pipe", ...)
}

// FileOp is a file operation a command performs on the tree.
type FileOp string

const (
	Remove FileOp = "remove" // git rm, rm
	Move   FileOp = "move"   // git mv, mv
	Mkdir  FileOp = "mkdir"  // mkdir: nothing to record in git
	Copy   FileOp = "copy"   // cp SRC… DST, run by an agent (never a suggestion)
	Edit   FileOp = "sed"    // sed -i with a Sed script, run by an agent
)

// Reasons a command is not run. They are shown to users and models, so
// they are short and say what the command does that this tool will not.
const (
	reasonNotFileOp     = "not a file operation"
	reasonPipe          = "uses a pipe"
	reasonRedirect      = "uses a redirection"
	reasonHeredoc       = "uses a here-document"
	reasonSubst         = "uses command substitution"
	reasonProcSubst     = "uses process substitution"
	reasonVariable      = "uses variable expansion"
	reasonANSIQuote     = "uses $'...' quoting"
	reasonGlob          = "path has a glob"
	reasonPathspec      = "path is a git pathspec glob (git expands it)"
	reasonWholeTree     = "names the whole repository (.)"
	reasonBrace         = "uses brace expansion"
	reasonGroup         = "uses a command group"
	reasonSubshell      = "uses a subshell"
	reasonCompound      = "is a loop or conditional (its commands run as it decides)"
	reasonBackground    = "runs in the background"
	reasonEnv           = "sets environment variables"
	reasonSudo          = "uses sudo"
	reasonUnbalanced    = "unbalanced quotes"
	reasonSyntax        = "shell syntax error"
	reasonAfterOr       = "runs only if the previous command fails"
	reasonAfterCd       = "runs after cd: its paths are relative to another directory"
	reasonGitOptions    = "git options before the subcommand are not performed"
	reasonNoPaths       = "no paths given"
	reasonNeedsTwo      = "needs a source and a destination"
	reasonEmptyPath     = "empty path"
	reasonTilde         = "path starts with ~"
	reasonDollar        = "path starts with $"
	reasonInteractive   = "asks interactively"
	reasonDryRun        = "dry run: changes nothing"
	reasonUnsupportedFm = "unsupported option %s"
)
