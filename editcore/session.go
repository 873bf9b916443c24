package editcore

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/go-git/go-billy/v5"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// Options control how a Session applies operations.
type Options struct {
	// DryRun reports operations that would apply as validated. The
	// filesystem is still changed, so that later operations of the same
	// response see the earlier ones; give a throwaway filesystem.
	DryRun bool
	// Fuzzy enables the fuzzy matching step with this threshold (0 = off).
	Fuzzy float64
	// InContext reports whether the model saw a file in full. Modify
	// operations on other existing files get not_in_context. Nil means
	// every file is in context.
	InContext func(path string) bool
	// Guard refuses paths the filesystem's spelling cannot reveal as
	// unsafe: symlinks, submodules, LFS pointers. It returns a non-nil
	// error (whose text is the reason) to refuse.
	Guard func(path string) error
	// Root is the absolute path of the repository's working tree; absolute
	// paths below it are made relative. Empty: absolute paths are unsafe.
	Root string
	// Check refuses content the repository must not hold at a path (git's
	// fsck rules for .gitmodules and .gitattributes); its error's text is
	// the reason. Nil: no check.
	Check func(path string, data []byte) error
	// Resolve returns the existing files whose base name is name, for
	// models that wrote a bare file name. Nil: no resolution.
	Resolve func(name string) []string
	// Policy is the rules of the agent whose edits these are (policy.go);
	// the zero value is generic text's.
	Policy Policy
	// Defer keeps the lines of the file edited last between consecutive
	// line edits to it, written at the next other operation or Flush
	// (pending.go). The caller flushes before it reads the filesystem.
	Defer bool
}

// A Session applies the operations of one response, in order, to a
// filesystem. Edits to one file see the results of earlier edits; after an
// edit to a file fails, later edits to it in the same session are skipped.
type Session struct {
	fs     billy.Filesystem
	opt    Options
	failed map[string]bool
	// groupEnd is where the last operation of each group ended (InOrder).
	groupEnd map[int]int
	// pend is the file edited last, not written yet (Options.Defer).
	pend *pending
	// lastSplice is the splice of the last applied line edit (LastSplice).
	lastSplice *Splice
}

// NewSession starts applying one response's operations to fsys.
func NewSession(fsys billy.Filesystem, opt Options) *Session {
	return &Session{fs: fsys, opt: opt, failed: map[string]bool{}, groupEnd: map[int]int{}}
}

// Apply performs one operation and reports what happened. It never returns
// an error: every outcome, including filesystem failures, is a Result.
func (s *Session) Apply(op *Op) Result {
	s.lastSplice = nil
	if op.Outside {
		return outside(op)
	}
	if !lineEdit(op.Kind) {
		// Anything else may read or change any file: the kept one is
		// written first.
		if err := s.Flush(); err != nil {
			return Result{Op: op, Path: repopath.Clean(op.Path), Status: Failed, Error: ioErrorType(err), Message: err.Error()}
		}
	}
	switch op.Kind {
	case Shell:
		return s.shell(op)
	case Malformed:
		return Result{Op: op, Path: repopath.Clean(op.Path), Status: Failed, Error: MalformedBlock,
			Message: "malformed block: " + op.Problem}
	case Unread:
		return Result{Op: op, Path: repopath.Clean(op.Path), Status: Skipped, Error: NotAnEdit, Message: op.Problem}
	}
	p, res, ok := s.target(op, op.Path)
	if !ok {
		return res
	}
	r := Result{Op: op, Path: p}
	if op.RecordedError != "" {
		// It changed nothing when it was made, so later edits to the file
		// (typically the model's corrected retry) still apply.
		r.fail(ToolFailed, "the edit failed when it was made, so it is not replayed: "+op.RecordedError)
		return r
	}
	if s.failed[p] {
		r.Status, r.Error = Skipped, PreviousEditFailed
		r.Message = "not attempted: an earlier edit to " + p + " in this response failed"
		return r
	}
	s.do(op, &r)
	if r.Status == Failed {
		s.failed[p] = true
	}
	if r.Status == Applied && s.opt.DryRun {
		r.Status = Validated
	}
	return r
}

// target cleans and checks the path an operation names.
func (s *Session) target(op *Op, raw string) (string, Result, bool) {
	p, err := s.resolve(raw, op.Exact)
	if err != nil {
		var nf *notFoundError
		if errors.As(err, &nf) {
			return p, Result{Op: op, Path: p, Status: Failed, Error: FileNotFound, Message: err.Error()}, false
		}
		return p, Result{Op: op, Path: p, Status: Skipped, Error: UnsafePath, Message: err.Error()}, false
	}
	return p, Result{}, true
}

// resolve turns a model-written path into a safe repository path. An
// exact path (Op.Exact) is never taken for a file of the same base name
// elsewhere.
func (s *Session) resolve(raw string, exact bool) (string, error) {
	p := repopath.Clean(raw)
	if s.opt.Root != "" && path.IsAbs(p) {
		root := strings.TrimSuffix(repopath.Clean(s.opt.Root), "/")
		if rel, ok := strings.CutPrefix(p, root+"/"); ok {
			p = rel
		}
	}
	if err := repopath.Verify(p); err != nil {
		return p, err
	}
	if s.opt.Resolve != nil && !exact && !strings.Contains(p, "/") && !s.exists(p) {
		switch c := s.opt.Resolve(p); len(c) {
		case 0:
		case 1:
			p = c[0]
		default:
			return p, &notFoundError{path: p, candidates: c}
		}
	}
	if s.opt.Guard != nil {
		if err := s.opt.Guard(p); err != nil {
			return p, err
		}
	}
	return p, nil
}

type notFoundError struct {
	path       string
	candidates []string
}

func (e *notFoundError) Error() string {
	return fmt.Sprintf("%q names several files; write the full path of one of: %s",
		e.path, strings.Join(e.candidates, ", "))
}

func (s *Session) exists(p string) bool {
	_, err := s.fs.Lstat(p)
	return err == nil
}

func (r *Result) fail(t ErrorType, msg string) {
	r.Status, r.Error, r.Message = Failed, t, msg
}

// do dispatches on the operation's kind; r.Path is already safe.
func (s *Session) do(op *Op, r *Result) {
	if s.opt.Policy.BlockEnds {
		op = s.opt.Policy.blockEnds(op)
	}
	if op.Kind == Delete {
		if op.Content != nil && !s.holds(r, op.Content) {
			return
		}
		s.remove(r, r.Path, op.Recursive)
		return
	}
	if op.Kind == Chmod {
		s.chmod(r, r.Path, op.Mode)
		return
	}
	if op.Kind == Move {
		from, res, ok := s.target(op, op.From)
		if !ok {
			*r = res
			return
		}
		s.move(r, from, r.Path, true)
		return
	}

	if s.pend != nil && s.pend.path == r.Path && s.defers(op, r.Path) {
		s.pend.t.last = nil
		s.editPending(op, r)
		s.noteSplice(r, s.pend.t)
		return
	}
	if err := s.Flush(); err != nil {
		r.fail(ioErrorType(err), err.Error())
		return
	}
	data, isDir, err := s.readFile(r.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.onMissing(op, r)
		return
	case err != nil:
		r.fail(ioErrorType(err), fmt.Sprintf("cannot read %s: %v%s", r.Path, err, ioHint(err)))
		return
	case isDir:
		r.fail(FileExists, r.Path+" is a directory, not a file")
		return
	case isBinary(data):
		r.Status, r.Error = Skipped, BinaryFile
		r.Message = r.Path + " is a binary file (it has a NUL byte); edit it with other tools"
		return
	}
	if op.Kind == Create {
		s.createOver(op, r, data)
		return
	}
	if s.opt.InContext != nil && !op.Executed && !s.opt.InContext(r.Path) {
		r.Status = NotInContext
		r.Message = "the model had not seen " + r.Path + " in full; add it to the context and ask again"
		return
	}
	t := decodeText(data)
	switch op.Kind {
	case Replace:
		s.replace(op, r, t)
	case Substring:
		s.substring(op, r, data)
		return
	case Write:
		s.overwrite(op, r, data)
		return
	case Append:
		s.appendTo(op, r, t)
	case Insert:
		s.insert(op, r, t)
	case ReplaceRange:
		s.replaceRange(op, r, t)
	default:
		r.fail(MalformedBlock, "unsupported operation "+op.Kind.String())
	}
	if r.Status == Applied && s.defers(op, r.Path) {
		s.pend = &pending{path: r.Path, t: t}
		s.noteSplice(r, t)
		return
	}
	if r.Status == Applied {
		s.write(r, s.opt.Policy.edited(op, data, t.encode()))
		s.noteSplice(r, t)
	}
	if r.Status == Applied && op.Mode != 0 {
		s.chmod(r, r.Path, op.Mode)
	}
}

// noteSplice keeps the splice t made for r, when r applied and t made
// one.
func (s *Session) noteSplice(r *Result, t *text) {
	if r.Status != Applied || t.last == nil {
		return
	}
	sp := *t.last
	sp.Path = r.Path
	s.lastSplice = &sp
}

// editPending applies a line edit to the lines the session keeps
// unwritten: checked (in context) and applied as on lines just read.
func (s *Session) editPending(op *Op, r *Result) {
	if s.opt.InContext != nil && !op.Executed && !s.opt.InContext(r.Path) {
		r.Status = NotInContext
		r.Message = "the model had not seen " + r.Path + " in full; add it to the context and ask again"
		return
	}
	t := s.pend.t
	switch op.Kind {
	case Replace:
		s.replace(op, r, t)
	case Append:
		s.appendTo(op, r, t)
	case Insert:
		s.insert(op, r, t)
	case ReplaceRange:
		s.replaceRange(op, r, t)
	}
}

// onMissing handles an operation whose file does not exist yet.
func (s *Session) onMissing(op *Op, r *Result) {
	content := op.Content
	if op.Kind == Substring && op.OldText == "" {
		// An edit tool with an empty old text creates the file.
		content = []byte(op.NewText)
	}
	switch {
	case op.Kind == Create || op.Kind == Write || op.Kind == Append || op.Kind == Substring && op.OldText == "":
		s.write(r, s.opt.Policy.ending(content))
		if r.Status == Applied && op.Mode != 0 {
			s.chmod(r, r.Path, op.Mode)
		}
		if r.Status == Applied {
			r.Match = "exact"
			r.Line = 1
		}
	default:
		r.fail(FileNotFound, "file not found: "+r.Path+"; check the path, or create the file with a block whose old section is empty")
	}
}

func (s *Session) createOver(op *Op, r *Result, data []byte) {
	if sameText(data, op.Content) {
		r.Status = AlreadyApplied
		r.Message = r.Path + " already exists with this content"
		return
	}
	if op.NewOnly {
		r.Status, r.Error = Skipped, FileExists
		r.Message = "the fenced block after the path " + r.Path + " is not taken for the whole file: " + r.Path +
			" exists and the reply edits with edit blocks, so the block may be a snippet; send an edit block for the lines that change"
		return
	}
	r.fail(FileExists, r.Path+" already exists with different content; edit it with an old section that matches the file instead of creating it")
}

func (s *Session) overwrite(op *Op, r *Result, data []byte) {
	if sameText(data, op.Content) {
		r.Status = AlreadyApplied
		return
	}
	if op.Created && len(data) > 0 {
		r.fail(FileExists, r.Path+" already exists with other content, but the agent's record says its write created the file: "+
			"the file it wrote was not this one, so this one is not written over")
		return
	}
	if op.Whole {
		if why := truncated(data, op.Content); why != "" {
			r.fail(OldTextMismatch, "refusing to replace "+r.Path+" with the whole-file block: "+why+"; send the complete file, or an edit block for the lines that change")
			return
		}
	}
	content := s.opt.Policy.rewrite(data, op.Content)
	if t := decodeText(data); t.bom || t.eol() == "\r\n" {
		// Keep the file's own conventions when the model rewrites it.
		nt, eol := decodeText(content), t.eol()
		nt.bom = nt.bom || t.bom
		for i := range nt.eols {
			nt.eols[i] = eol
		}
		content = nt.encode()
	}
	s.write(r, s.opt.Policy.ending(content))
	if r.Status == Applied {
		r.Match, r.Line = "exact", 1
	}
}

func (s *Session) appendTo(op *Op, r *Result, t *text) {
	add := splitLines(string(op.Content))
	r.Line = len(t.lines) + 1
	t.splice(len(t.lines), len(t.lines), add)
	r.Status, r.Match = Applied, "exact"
}

func (s *Session) insert(op *Op, r *Result, t *text) {
	if op.Start < 0 || op.Start > len(t.lines) {
		r.fail(AnchorNotFound, fmt.Sprintf("cannot insert after line %d: %s has %d lines", op.Start, r.Path, len(t.lines)))
		return
	}
	t.splice(op.Start, op.Start, op.New)
	r.Status, r.Match, r.Line = Applied, "exact", op.Start+1
}

func (s *Session) replaceRange(op *Op, r *Result, t *text) {
	start, end := op.Start, op.End
	if start == -1 {
		start, end = len(t.lines)+1, len(t.lines)
	}
	if start < 1 || end < start-1 || end > len(t.lines) {
		r.fail(AnchorNotFound, fmt.Sprintf("lines %d-%d are outside %s, which has %d lines", op.Start, op.End, r.Path, len(t.lines)))
		return
	}
	t.splice(start-1, end, op.New)
	r.Status, r.Match, r.Line = Applied, "exact", start
}

// read returns a file's content, or an error wrapping fs.ErrNotExist.
func (s *Session) read(p string) ([]byte, os.FileInfo, error) {
	info, err := s.fs.Stat(p)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil, fs.ErrNotExist
		}
		return nil, nil, err
	}
	if info.IsDir() {
		return nil, info, nil
	}
	data, err := ReadFile(s.fs, p)
	return data, info, err
}

// readFile is read for a caller that needs to know only whether p is a
// directory, and that never changes the bytes. A filesystem that reads whole files itself (gitops.TreeFS)
// refuses a directory, so a read that succeeds needs no Stat first: the
// path is looked up once, not twice, for every edit.
func (s *Session) readFile(p string) (data []byte, isDir bool, err error) {
	if _, ok := s.fs.(fileReader); ok {
		// Shared: the session only reads what it read (the text it
		// writes is new bytes), so a blob needs no copy.
		if data, err := ReadFileShared(s.fs, p); err == nil {
			return data, false, nil
		}
	}
	data, info, err := s.read(p)
	return data, info != nil && info.IsDir(), err
}

// write stores data at r.Path, creating parent directories. It refuses
// to turn a text file (or a new one) binary with a NUL byte the model
// wrote, and content the Check option refuses.
func (s *Session) write(r *Result, data []byte) {
	if bytes.IndexByte(data, 0) >= 0 {
		if old, _, err := s.readFile(r.Path); err != nil || bytes.IndexByte(old, 0) < 0 {
			r.fail(BinaryFile, "the new text for "+r.Path+" has a NUL byte, which would make it a binary file; "+
				"refusing the block: send text without NUL bytes (write \\0 or \\x00 in source code)")
			return
		}
	}
	if s.opt.Check != nil {
		if err := s.opt.Check(r.Path, data); err != nil {
			r.fail(UnsafePath, "refusing the block: "+err.Error())
			return
		}
	}
	if dir := path.Dir(r.Path); dir != "." {
		if err := s.fs.MkdirAll(dir, 0o755); err != nil {
			r.fail(ioErrorType(err), fmt.Sprintf("cannot create directory %s: %v%s", dir, err, ioHint(err)))
			return
		}
	}
	mode := os.FileMode(0o644)
	if _, ok := s.fs.(fileWriter); !ok { // one keeps an existing file's mode itself
		if info, err := s.fs.Stat(r.Path); err == nil {
			mode = info.Mode().Perm()
		}
	}
	if err := WriteFile(s.fs, r.Path, data, mode); err != nil {
		r.fail(ioErrorType(err), fmt.Sprintf("cannot write %s: %v%s", r.Path, err, ioHint(err)))
		return
	}
	r.Status = Applied
}

func withFinalNewline(b []byte) []byte {
	if len(b) == 0 || b[len(b)-1] == '\n' {
		return b
	}
	return append(append([]byte(nil), b...), '\n')
}

// sameText compares file content ignoring line endings and a final newline.
func sameText(a, b []byte) bool {
	norm := func(x []byte) string {
		s := strings.TrimPrefix(string(x), string(utf8BOM))
		s = strings.ReplaceAll(s, "\r\n", "\n")
		return strings.TrimRight(s, "\n")
	}
	return norm(a) == norm(b)
}
