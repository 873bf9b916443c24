// Package shell finds the shell commands a response suggests and parses them
// into words, without ever running anything.
package shell

// Command is one suggested command line (chains are split: one Command per
// command of an `&&` or `;` chain).
type Command struct {
	Text    string   // the command as written, trimmed
	Program string   // first word, e.g. "git" or "rm"
	Args    []string // all words after Program, unquoted
	Line    int      // 1-based line in the response

	// Op is the file operation the command amounts to, or "" when it is not
	// one this tool performs (then Reason says why).
	Op        FileOp
	Flags     []string // recognised flags, e.g. "-r", "-f", "--cached"
	Paths     []string // path operands, as written (unquoted)
	Recursive bool     // rm -r / git rm -r
	Reason    string   // why Op is "" ("not a file operation", "uses a pipe", ...)
}

// FileOp is a file operation a command performs on the tree.
type FileOp string

const (
	Remove FileOp = "remove" // git rm, rm
	Move   FileOp = "move"   // git mv
	Mkdir  FileOp = "mkdir"  // mkdir: nothing to record in git
)
