package gitops

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// catFile is a long-lived `git cat-file --batch-command` process (git
// 2.36 and later; `--batch` before): it reads objects, and resolves
// names (refs, revisions) without starting a process per lookup. One
// request at a time; objectStore serialises calls.
type catFile struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	command bool // --batch-command: requests are "contents X" / "info X"
}

func startCatFile(dir string, command bool) (*catFile, error) {
	mode := "--batch"
	if command {
		mode = "--batch-command"
	}
	cmd := exec.Command("git", "-C", dir, "cat-file", mode)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	detach(cmd)
	dieWithParent(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &catFile{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10), command: command}, nil
}

// read returns the object's type and content; data is nil when git says
// the object is missing.
func (c *catFile) read(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	req := h.String() + "\n"
	if c.command {
		req = "contents " + req
	}
	if _, err := io.WriteString(c.in, req); err != nil {
		return 0, nil, fmt.Errorf("cat-file: %w", err)
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		return 0, nil, fmt.Errorf("cat-file: %w", err)
	}
	fields := strings.Fields(header)
	if len(fields) == 2 && fields[1] == "missing" {
		return 0, nil, nil
	}
	if len(fields) != 3 {
		return 0, nil, fmt.Errorf("cat-file: unexpected header %q", header)
	}
	typ, err := plumbing.ParseObjectType(fields[1])
	if err != nil {
		return 0, nil, fmt.Errorf("cat-file: %w", err)
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 {
		return 0, nil, fmt.Errorf("cat-file: bad size in %q", header)
	}
	data := make([]byte, size+1) // content and the trailing newline
	if _, err := io.ReadFull(c.out, data); err != nil {
		return 0, nil, fmt.Errorf("cat-file: %w", err)
	}
	if data[size] != '\n' {
		return 0, nil, fmt.Errorf("cat-file: object %s not terminated", h)
	}
	return typ, data[:size], nil
}

func (c *catFile) close() error {
	_ = c.in.Close()
	return c.cmd.Wait()
}

// info resolves name as git's get_oid does (refs by git's rules, peeling
// suffixes such as ^{commit}) to the object it names; ok is false when
// git says the name is missing or ambiguous. Only with --batch-command.
func (c *catFile) info(name string) (h plumbing.Hash, typ plumbing.ObjectType, ok bool, err error) {
	if _, err := io.WriteString(c.in, "info "+name+"\n"); err != nil {
		return h, 0, false, fmt.Errorf("cat-file: %w", err)
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		return h, 0, false, fmt.Errorf("cat-file: %w", err)
	}
	header = strings.TrimSuffix(header, "\n")
	if strings.HasSuffix(header, " missing") || strings.HasSuffix(header, " ambiguous") {
		return h, 0, false, nil
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || len(fields[0]) != 40 || !plumbing.IsHash(fields[0]) {
		return h, 0, false, fmt.Errorf("cat-file: unexpected header %q", header)
	}
	typ, err = plumbing.ParseObjectType(fields[1])
	if err != nil {
		return h, 0, false, fmt.Errorf("cat-file: %w", err)
	}
	return plumbing.NewHash(fields[0]), typ, true, nil
}
