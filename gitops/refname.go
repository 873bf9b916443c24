package gitops

import "strings"

// validRefName is git's check_refname_format (refs.c) with no flags: a
// ref name of at least two slash-separated components, none empty,
// starting with '.' or ending with ".lock", no "..", "@{", control
// characters, space, ~ ^ : ? * [ or \, and not ending with '.' or being
// "@". Bytes from 0x80 are allowed, as git allows them.
func validRefName(name string) bool {
	if name == "" || name == "@" || strings.HasSuffix(name, ".") {
		return false
	}
	components := 0
	for _, c := range strings.Split(name, "/") {
		if !validRefComponent(c) {
			return false
		}
		components++
	}
	return components >= 2
}

func validRefComponent(c string) bool {
	if c == "" || c[0] == '.' || strings.HasSuffix(c, ".lock") {
		return false
	}
	for i := 0; i < len(c); i++ {
		switch b := c[i]; {
		case b < 0x20 || b == 0x7f:
			return false
		case strings.IndexByte(" ~^:?*[\\", b) >= 0:
			return false
		case b == '.' && i > 0 && c[i-1] == '.':
			return false
		case b == '{' && i > 0 && c[i-1] == '@':
			return false
		}
	}
	return true
}

// validBranchName is `git check-ref-format --branch` for a new branch:
// refs/heads/<name> is a valid ref name, and the name does not start with
// '-' and is not HEAD (strbuf_check_branch_ref). The "@{-1}" and "@"
// shorthands it would expand are refused: a new branch is a name as
// written.
func validBranchName(name string) bool {
	if name == "" || name[0] == '-' || name == "HEAD" || name == "@" || strings.Contains(name, "@{") {
		return false
	}
	return validRefName("refs/heads/" + name)
}
