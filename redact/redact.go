// Package redact takes secrets out of text from a transcript before it is
// written into history: a commit message, a trailer, a note, an export.
//
// Secrets are found by gitleaks' default rule set (the maintained list of
// token shapes: cloud keys, API tokens, private keys, generic
// `password=`/`api_key:` assignments), by the password part of URLs
// (`scheme://user:password@host`, read with net/url), and by the user's
// own patterns. Each secret is replaced, wherever it occurs in the text,
// by a marker naming the rule that found it: [REDACTED:rule].
//
// gitleaks' rules are read on first use, and each rule's expression is
// compiled only when one of its keywords occurs in a text (rules.go):
// text without any costs about a millisecond, and commands that write
// no transcript text pay nothing.
package redact

import (
	"cmp"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// Marker is what a secret becomes; rule names what found it.
func Marker(rule string) string { return "[REDACTED:" + rule + "]" }

// Redactor redacts text; the zero value uses the built-in rules only.
type Redactor struct {
	user []*regexp.Regexp
}

// PatternError is a user pattern that is not a valid regular expression.
type PatternError struct {
	Pattern string
	Err     error
}

func (e *PatternError) Error() string {
	return fmt.Sprintf("redact: pattern %q: %v", e.Pattern, e.Err)
}

func (e *PatternError) Unwrap() error { return e.Err }

// New returns a Redactor that also redacts what the user's patterns
// (Go regular expressions) match: the first group when a pattern has
// one, else the whole match.
func New(patterns []string) (*Redactor, error) {
	r := &Redactor{}
	for _, p := range patterns {
		if strings.TrimSpace(p) == "" {
			continue
		}
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, &PatternError{Pattern: p, Err: err}
		}
		r.user = append(r.user, re)
	}
	return r, nil
}

// A secret found in the text: its bytes, the rule that found it, and
// for gitleaks' rules where its line starts.
type secret struct {
	text, rule string
	line       int
}

// minSecret is the shortest text replaced: a shorter "secret" (a rule
// matching a one-letter value) would blank out ordinary words.
const minSecret = 4

// Text returns s with every secret replaced by its marker, and how many
// replacements were made.
func (r *Redactor) Text(s string) (string, int) {
	if strings.TrimSpace(s) == "" {
		return s, 0
	}
	found := r.secrets(s)
	if len(found) == 0 {
		return s, 0
	}
	// Longest first: a secret that contains another is replaced whole.
	// Of equal ones, a specific rule's name is the marker.
	slices.SortStableFunc(found, func(a, b secret) int {
		return cmp.Or(cmp.Compare(len(b.text), len(a.text)), cmp.Compare(generic(a), generic(b)))
	})
	n := 0
	for _, f := range found {
		if len(f.text) < minSecret || strings.Contains(Marker(f.rule), f.text) {
			continue
		}
		if k := strings.Count(s, f.text); k > 0 {
			n += k
			s = strings.ReplaceAll(s, f.text, Marker(f.rule))
		}
	}
	return s, n
}

// Secret reports whether s holds a secret, and the rule that found the
// first one: for a file that is to be committed whole, where a marker
// cannot stand in for the secret.
func (r *Redactor) Secret(s string) (rule string, found bool) {
	for _, f := range r.secrets(s) {
		if len(f.text) >= minSecret && (rule == "" || generic(f) < generic(secret{rule: rule})) {
			rule, found = f.rule, true
		}
	}
	return rule, found
}

// generic is 1 for a generic rule's finding, 0 for a specific one's.
func generic(s secret) int {
	if strings.Contains(s.rule, "generic") {
		return 1
	}
	return 0
}

// secrets are the secrets in s as written, encoded (encoded.go) and
// split over lines (split.go).
func (r *Redactor) secrets(s string) []secret {
	found := r.plainSecrets(s)
	found = append(found, r.encodedSecrets(s)...)
	return append(found, r.splitSecrets(s)...)
}

// plainSecrets are the secrets in s as written.
func (r *Redactor) plainSecrets(s string) []secret {
	found := gitleaksSecrets(s)
	found = append(found, urlPasswords(s)...)
	if r != nil {
		found = append(found, r.userSecrets(s)...)
	}
	return found
}

func (r *Redactor) userSecrets(s string) []secret {
	var out []secret
	for _, re := range r.user {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			t := m[0]
			if len(m) > 1 && m[1] != "" {
				t = m[1]
			}
			out = append(out, secret{text: t, rule: "custom"})
		}
	}
	return out
}

// urlPasswords finds the password of every URL in s that carries one
// (https://user:password@host/…).
func urlPasswords(s string) []secret {
	var out []secret
	for rest := s; ; {
		i := strings.Index(rest, "://")
		if i < 0 {
			return out
		}
		start := strings.LastIndexAny(rest[:i], " \t\n\"'`<(=,;") + 1
		end := i + 3 + strings.IndexAny(rest[i+3:]+" ", " \t\n\"'`>)")
		if pw, ok := urlPassword(rest[start:end]); ok {
			out = append(out, secret{text: pw, rule: "url-password"})
		}
		rest = rest[i+3:]
	}
}

func urlPassword(raw string) (string, bool) {
	at := strings.LastIndexByte(raw, '@')
	if at < 0 {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return "", false
	}
	pw, ok := u.User.Password()
	if !ok || pw == "" {
		return "", false
	}
	// The password as written: its escaped form when it was escaped.
	scheme := strings.Index(raw, "://") + 3
	userinfo := raw[scheme:at]
	if _, written, ok := strings.Cut(userinfo, ":"); ok && written != "" {
		return written, true
	}
	return pw, true
}
