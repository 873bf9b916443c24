package hook

import (
	"errors"
	"fmt"
	"strings"
)

// fileForm is a file that is git-aiedit's alone: an OpenCode plugin, a
// Cline hook script. install creates it; a file of the same name that
// does not run git-aiedit is the user's, and is refused rather than
// overwritten; uninstall removes it whole while it is as install wrote
// it, and leaves it to the user once they edited it (their edits would go
// with it).
type fileForm struct {
	content func(s *spec) string
}

func (f fileForm) add(s *spec, text string, existed bool) (string, bool, error) {
	switch {
	case !existed:
		return f.content(s), false, nil
	case strings.Contains(text, runCommand(s.name)):
		return text, true, nil
	}
	return "", false, fmt.Errorf("the file exists and does not run git-aiedit: it is not install's to replace; "+
		"move it aside, or add `%s` to it yourself", runCommand(s.name))
}

func (f fileForm) remove(s *spec, text string) (string, bool, error) {
	switch {
	case !strings.Contains(text, runCommand(s.name)):
		return text, false, nil
	case text != f.content(s):
		return "", false, errors.New("the file was edited since install: removing it would take your edits with it; delete it yourself once they are kept elsewhere")
	}
	return "", true, nil
}

func (fileForm) installed(s *spec, text string) ([]string, error) {
	if !strings.Contains(text, runCommand(s.name)) {
		return nil, nil
	}
	return s.events, nil
}
