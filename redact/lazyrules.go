package redact

import "strings"

// Reading the whole of gitleaks' configuration takes about a millisecond
// (220 rules, 100 KB of TOML), on every run that redacts. Only the
// keywords are needed before a text is searched, so the configuration
// is cut at its [[rules]] lines, and each rule's keywords are read by
// the quick scan below; a rule's whole TOML is decoded when one of its
// keywords occurs. TestLazyRulesReadAsWhole holds the cut and the scan to
// what a TOML decoder reads from the whole configuration.

const rulesTable = "\n[[rules]]\n"

// splitRules cuts doc into what precedes its first rule and each rule's
// own TOML, from its [[rules]] line to the next (its [[rules.allowlists]]
// included).
func splitRules(doc string) (head string, rules []string) {
	start := 0
	if !strings.HasPrefix(doc, rulesTable[1:]) {
		i := strings.Index(doc, rulesTable)
		if i < 0 {
			return doc, nil
		}
		start = i + 1
	}
	head, doc = doc[:start], doc[start:]
	for doc != "" {
		next := strings.Index(doc[1:], rulesTable)
		if next < 0 {
			rules = append(rules, doc)
			break
		}
		rules = append(rules, doc[:next+2])
		doc = doc[next+2:]
	}
	return head, rules
}

// keywordsOf reads a rule's `keywords = ["a", "b"]` line as gitleaks
// writes it: among the rule's own keys (after its [[rules]] line, before
// any other table), after lines that each open and close their strings,
// and holding double-quoted strings without escapes, on one line or
// several. ok is false for any other shape, and for a rule without
// keywords (one in gitleaks' configuration), which the caller decodes in
// full.
func keywordsOf(text string) (keywords []string, ok bool) {
	const header, key = "[[rules]]\n", "\nkeywords = ["
	// A decoder matches keys without regard to case, and a quoted key
	// may spell a letter with an escape: a second "keywords" in any case,
	// or any \u escape, and the decoder decides. (gitleaks' configuration
	// has neither.)
	if !strings.HasPrefix(text, header) || countFold(text, "keywords") != 1 ||
		strings.Contains(text, `\u`) || strings.Contains(text, `\U`) {
		return nil, false
	}
	i := strings.Index(text, key)
	if i < 0 {
		return nil, false
	}
	for lines := text[len(header)-1 : i]; lines != ""; {
		line, rest, _ := strings.Cut(lines, "\n")
		// Another table, or a string that may run onto the next lines:
		// the line found may not be the rule's key.
		if strings.HasPrefix(line, "[") || strings.Contains(line, `"""`) || strings.Count(line, "'''")%2 != 0 {
			return nil, false
		}
		lines = rest
	}
	s := text[i+len(key):]
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if strings.HasPrefix(s, "]") {
			return keywords, true
		}
		if !strings.HasPrefix(s, `"`) || strings.HasPrefix(s, `""`) && !strings.HasPrefix(s, `"",`) && !strings.HasPrefix(s, `""]`) {
			return nil, false // not a plain string, or one of three quotes
		}
		end := strings.IndexAny(s[1:], "\"\\\n")
		if end < 0 || s[1+end] != '"' {
			return nil, false
		}
		keywords = append(keywords, s[1:1+end])
		s = strings.TrimLeft(s[end+2:], " \t\r\n")
		switch {
		case strings.HasPrefix(s, ","):
			s = s[1:]
		case !strings.HasPrefix(s, "]"):
			return nil, false
		}
	}
}

// countFold counts w (lower-case ASCII letters) in s in any case, as a
// decoder that matches keys without regard to case would find it; a
// character outside ASCII that folds to one of its letters (K, the
// Kelvin sign, is k; ſ is s) counts as one more, so that the caller
// gives up. It allocates nothing: it runs on every rule of every run.
func countFold(s, w string) int {
	n := 0
	if strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f") {
		n++
	}
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|0x20 == w[0] && strings.EqualFold(s[i:i+len(w)], w) {
			n++
		}
	}
	return n
}
