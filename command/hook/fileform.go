package hook

import (
	"fmt"
	"strings"
)

// fileForm is a file that is git-aiedit's alone: an OpenCode plugin, a
// Cline hook script. install creates it; a file of the same name that
// does not run git-aiedit is the user's, and is refused rather than
// overwritten; uninstall removes it whole.
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

func (fileForm) remove(s *spec, text string) (string, bool, error) {
	if !strings.Contains(text, runCommand(s.name)) {
		return text, false, nil
	}
	return "", true, nil
}

func (fileForm) installed(s *spec, text string) ([]string, error) {
	if !strings.Contains(text, runCommand(s.name)) {
		return nil, nil
	}
	return s.events, nil
}
