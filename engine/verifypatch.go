package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// applyRecorded applies the patch the record carries (a git diff of the
// agent's final work, read by the transcript) to tfs, strictly, as git
// apply would: the result is the tree the record says the agent left. An
// error names the file that did not apply; tfs is then partly changed and
// must be dropped.
func applyRecorded(tfs *gitops.TreeFS, o transcript.Outcome) error {
	if o.PatchErr != nil {
		return fmt.Errorf("the recorded patch cannot be read: %w", o.PatchErr)
	}
	for _, f := range o.Files {
		if err := applyRecordedFile(tfs, f); err != nil {
			name := f.NewName
			if f.IsDelete {
				name = f.OldName
			}
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

func applyRecordedFile(tfs *gitops.TreeFS, f *gitdiff.File) error {
	// The same paths as an edit may touch: inside the tree, not .git, not
	// through a symbolic link, not an LFS file.
	for _, name := range []string{f.OldName, f.NewName} {
		if name == "" {
			continue
		}
		if err := tfs.Guard(name); err != nil {
			return err
		}
	}
	var src []byte
	if !f.IsNew {
		data, err := tfs.ReadFile(f.OldName)
		if errors.Is(err, fs.ErrNotExist) {
			return errors.New("not in the base")
		}
		if err != nil {
			return err
		}
		src = data
	}
	if f.IsBinary && f.BinaryFragment == nil {
		return errors.New("a binary change without its data")
	}
	if f.IsDelete {
		return tfs.Remove(f.OldName)
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, bytes.NewReader(src), f); err != nil {
		return err
	}
	if f.IsRename {
		if err := tfs.Remove(f.OldName); err != nil {
			return err
		}
	}
	if err := gitops.CheckContent(f.NewName, out.Bytes()); err != nil {
		return err
	}
	mode := f.NewMode
	if mode == 0 && !f.IsNew && !f.IsRename {
		mode = f.OldMode
	}
	if mode&0o170000 == 0o120000 { // a symbolic link: its content is the target
		_ = tfs.Remove(f.NewName)
		return tfs.Symlink(out.String(), f.NewName)
	}
	if err := tfs.WriteFile(f.NewName, out.Bytes(), 0o644); err != nil {
		return err
	}
	if mode != 0 {
		return tfs.Chmod(f.NewName, mode&0o777)
	}
	return nil
}
