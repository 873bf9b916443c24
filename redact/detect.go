package redact

import (
	"math"
	"strings"
)

// allowSignature on a line keeps its findings, as in gitleaks.
const allowSignature = "gitleaks:allow"

// gitleaksSecrets are the secrets gitleaks' default rules find in s: the
// rules whose keywords occur in s (case-insensitively), and those
// without keywords.
func gitleaksSecrets(s string) []secret { return rules().secrets(s) }

func (set *ruleSet) secrets(s string) []secret {
	var named []bool // by rule, in the configuration's order
	set.index.occurring(s, func(k int) {
		if named == nil {
			named = make([]bool, len(set.rules))
		}
		for _, i := range set.byKeyword[set.keywords[k]] {
			named[i] = true
		}
	})
	var out []secret
	for i, yes := range named {
		if yes {
			out = set.rules[i].find(s, set, out)
		}
	}
	for _, r := range set.always {
		out = r.find(s, set, out)
	}
	return preferSpecific(out)
}

// preferSpecific drops a generic rule's finding that a specific rule
// found too on the same line, as gitleaks' filter does: the marker names what the secret
// is (slack-bot-token), not that it looked like one.
func preferSpecific(found []secret) []secret {
	var out []secret
	for _, f := range found {
		if !strings.Contains(f.rule, "generic") || !foundBySpecific(found, f) {
			out = append(out, f)
		}
	}
	return out
}

func foundBySpecific(found []secret, f secret) bool {
	for _, g := range found {
		if g.line == f.line && !strings.Contains(g.rule, "generic") && strings.Contains(g.text, f.text) {
			return true
		}
	}
	return false
}

// find appends the rule's findings in s, as gitleaks' detectRule makes
// them: the secret group (or the first non-empty group), the entropy
// floor, the global allow-lists and then the rule's.
func (r *rule) find(s string, set *ruleSet, out []secret) []secret {
	r.compile(set)
	if r.re == nil {
		return out
	}
	for _, loc := range r.re.FindAllStringIndex(s, -1) {
		match := strings.Trim(s[loc[0]:loc[1]], "\n")
		line, lineAt := lineAround(s, loc[0], loc[0]+len(match))
		if strings.Contains(line, allowSignature) {
			continue
		}
		secretText := match
		if groups := r.re.FindStringSubmatch(match); len(groups) >= 2 {
			if r.secretGroup > 0 {
				if len(groups) <= r.secretGroup {
					continue
				}
				secretText = groups[r.secretGroup]
			} else {
				for _, g := range groups[1:] {
					if g != "" {
						secretText = g
						break
					}
				}
			}
		}
		if r.entropy != 0 && entropy(secretText) <= r.entropy {
			continue
		}
		if allowedBy(set.global(), secretText, match, line) || allowedBy(r.allowed, secretText, match, line) {
			continue
		}
		out = append(out, secret{text: secretText, rule: r.id, line: lineAt})
	}
	return out
}

// lineAround is the whole lines of s that hold s[start:end], and where
// they start.
func lineAround(s string, start, end int) (string, int) {
	from := strings.LastIndexByte(s[:start], '\n') + 1
	to := strings.IndexByte(s[end:], '\n')
	if to < 0 {
		return s[from:], from
	}
	return s[from : end+to], from
}

// entropy is the Shannon entropy of s as gitleaks measures it: the
// frequencies of its characters over its length in bytes.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	counts := make(map[rune]int, 64)
	for _, c := range s {
		counts[c]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		p := float64(c) / n
		h -= p * math.Log2(p)
	}
	return h
}
