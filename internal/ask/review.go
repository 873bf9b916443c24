// `apply -p`'s conversation with the user: each block's
// diff, then `Apply this block [y,n,e,a,d,q,?]?`, answered on the
// terminal line by line as in `git add -p`; the edit answer opens the
// block's result in the user's editor (git's own choice of editor:
// GIT_EDITOR, core.editor, VISUAL, EDITOR).

package ask

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// Answer is the user's decision on one block.
type Answer int

// Answers, as `git add -p` names them.
const (
	Yes  Answer = iota // apply this block
	No                 // do not apply it (rejected)
	Edit               // apply what the user saves in the editor (edited)
	All                // apply it and the rest of this response
	Done               // do not apply it nor the rest of this response
	Quit               // do not apply it nor anything later; commit nothing more
)

// Help is what `?` prints.
const Help = `y - apply this block
n - do not apply this block (recorded as rejected)
e - edit the block's result in your editor, then apply what you save
a - apply this block and all the rest of this response
d - do not apply this block nor the rest of this response
q - quit: do not apply this block nor any later one; nothing more is committed
? - print help
`

// Prompt is the question, word for word.
const Prompt = "Apply this block [y,n,e,a,d,q,?]? "

// Block is what the user decides on.
type Block struct {
	Heading string // e.g. "response 2/3, block 1 of 2"
	Path    string
	Status  string // its status as apply reported it, e.g. "applied:indent"
	Line    int    // where it landed; 0 unknown
	Diff    string // rendered (and painted) diff, ending in a newline
}

// Reviewer asks about blocks on a terminal.
type Reviewer struct {
	lines chan string // the terminal's lines, read ahead by one goroutine; closed at its end
	out   io.Writer
	cs    *iostreams.ColorScheme

	ttyIn  *os.File // the terminal, for the editor
	ttyOut *os.File
	dir    string // where git runs, to find the editor
}

// ErrNoTerminal is returned by New when standard input is not a terminal.
var ErrNoTerminal = errors.New("-p asks about each block on the terminal, and standard input is not one")

// New returns a Reviewer reading answers from in, which must be a
// terminal, and writing to out. dir is where `git var GIT_EDITOR` runs.
func New(in io.Reader, out io.Writer, cs *iostreams.ColorScheme, dir string) (*Reviewer, error) {
	f, ok := in.(*os.File)
	if !ok || !IsTerminal(f) {
		return nil, ErrNoTerminal
	}
	r := &Reviewer{lines: readLines(f), out: out, cs: cs, ttyIn: f, dir: dir}
	if o, ok := out.(*os.File); ok && IsTerminal(o) {
		r.ttyOut = o
	}
	return r, nil
}

// IsTerminal reports whether f is a terminal (not just any character
// device: /dev/null is not one).
func IsTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// readLines reads in line by line into a channel, so that a question can
// stop waiting when the run is interrupted.
func readLines(in io.Reader) chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		br := bufio.NewReader(in)
		for {
			line, err := br.ReadString('\n')
			if line != "" {
				ch <- line
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// ErrInterrupted is returned by Ask when ctx ends while it waits.
var ErrInterrupted = errors.New("interrupted")

// Ask shows b and returns the user's answer. The end of input (^D) is
// Quit: nothing undecided is applied. When ctx ends while it waits, it
// returns ErrInterrupted.
func (r *Reviewer) Ask(ctx context.Context, b Block) (Answer, error) {
	where := b.Path
	if b.Line > 0 {
		where = fmt.Sprintf("%s:%d", b.Path, b.Line)
	}
	fmt.Fprintf(r.out, "%s %s %s\n", r.cs.Bold(b.Heading+":"), where, r.cs.Green(b.Status))
	io.WriteString(r.out, b.Diff)
	for {
		io.WriteString(r.out, r.cs.Bold(r.cs.Cyan(Prompt)))
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			io.WriteString(r.out, "\n")
			return Quit, ErrInterrupted
		case line, ok = <-r.lines:
		}
		if !ok {
			io.WriteString(r.out, "\n")
			return Quit, nil
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			return Yes, nil
		case "n", "no":
			return No, nil
		case "e":
			return Edit, nil
		case "a":
			return All, nil
		case "d":
			return Done, nil
		case "q":
			return Quit, nil
		case "?":
			io.WriteString(r.out, r.cs.Red(Help))
		default:
			io.WriteString(r.out, r.cs.Red(Help))
		}
	}
}

// Say writes a line for the user.
func (r *Reviewer) Say(format string, args ...any) {
	fmt.Fprintf(r.out, format+"\n", args...)
}

// EditText opens text in the user's editor, in a temporary file named
// like name (so the editor knows the language), and returns what the
// user saved. The file is removed afterwards.
func (r *Reviewer) EditText(ctx context.Context, name string, text []byte) ([]byte, error) {
	editor, err := r.editor(ctx)
	if err != nil {
		return nil, err
	}
	dir, err := ownedtemp.MkdirTemp("aiedit-edit-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := dir + "/" + path.Base("/"+name)
	if err := os.WriteFile(file, text, 0o600); err != nil {
		return nil, err
	}
	// As git runs it: the editor string is shell text, the file its argument.
	cmd := exec.CommandContext(ctx, "sh", "-c", editor+` "$@"`, editor, file)
	cmd.Stdin = r.ttyIn
	cmd.Stdout, cmd.Stderr = r.out, r.out
	if r.ttyOut != nil {
		cmd.Stdout, cmd.Stderr = r.ttyOut, r.ttyOut
	}
	err = cmd.Run()
	if ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	if err != nil {
		return nil, fmt.Errorf("the editor %q failed (%v); it is still undecided", editor, err)
	}
	// Only a regular file is read back: an editor (or anything else) that
	// leaves a FIFO or a link to /dev/zero in its place would hang the
	// review, or grow it without end.
	out, err := safeopen.ReadRegular(file, maxEdited)
	if err != nil {
		return nil, fmt.Errorf("the editor %q left no text to read back (%v); it is still undecided", editor, err)
	}
	return out, nil
}

// maxEdited bounds what is read back from the editor: a hunk or a file
// under review, never this large.
const maxEdited = 256 << 20

// editor is git's choice: GIT_EDITOR, core.editor, VISUAL, EDITOR, vi.
func (r *Reviewer) editor(ctx context.Context) (string, error) {
	cmd := exec.CommandContext(ctx, "git", "var", "GIT_EDITOR")
	cmd.Dir = r.dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("no editor: set GIT_EDITOR or git config core.editor (%v)", err)
	}
	e := strings.TrimSpace(string(out))
	if e == "" || e == ":" {
		return "", errors.New("no editor: set GIT_EDITOR or git config core.editor")
	}
	return e, nil
}
