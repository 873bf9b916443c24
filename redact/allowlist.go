package redact

import (
	"regexp"
	"strings"
)

// allowlist is one of gitleaks' allow-lists, as it applies to a text
// without a file path or a commit (gitleaks' checkFindingAllowed with
// an empty fragment path and commit).
type allowlist struct {
	and       bool   // condition "AND": every check present must pass
	never     bool   // AND with paths or commits: cannot pass here
	target    string // "" (the secret), "match" or "line"
	regexes   *regexp.Regexp
	stopWords []string
}

func compileAllowlists(lists []tomlAllowlist) []*allowlist {
	var out []*allowlist
	for _, l := range lists {
		a := &allowlist{target: l.RegexTarget}
		if a.target == "secret" {
			a.target = ""
		}
		switch strings.ToUpper(l.Condition) {
		case "AND", "&&":
			a.and = true
			a.never = len(l.Paths) > 0 || len(l.Commits) > 0
		}
		if len(l.Regexes) > 0 {
			// One expression for the list, as gitleaks joins them.
			re, err := regexp.Compile("(?:" + strings.Join(l.Regexes, ")|(?:") + ")")
			if err != nil {
				continue
			}
			a.regexes = re
		}
		for _, w := range l.StopWords {
			a.stopWords = append(a.stopWords, strings.ToLower(w))
		}
		if a.regexes == nil && len(a.stopWords) == 0 && !a.never {
			continue // only paths or commits: never applies to a text
		}
		out = append(out, a)
	}
	return out
}

// allows says whether the list lets a finding stand as no secret.
func (a *allowlist) allows(secret, match, line string) bool {
	if a.never {
		return false
	}
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	byRegex := a.regexes != nil && target != "" && a.regexes.MatchString(target)
	byWord := a.hasStopWord(secret)
	if a.and {
		return (a.regexes == nil || byRegex) && (len(a.stopWords) == 0 || byWord)
	}
	return byRegex || byWord
}

func (a *allowlist) hasStopWord(secret string) bool {
	if len(a.stopWords) == 0 || secret == "" {
		return false
	}
	s := strings.ToLower(secret)
	for _, w := range a.stopWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func allowedBy(lists []*allowlist, secret, match, line string) bool {
	for _, a := range lists {
		if a.allows(secret, match, line) {
			return true
		}
	}
	return false
}
