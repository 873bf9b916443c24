package redact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// named counts the rules the keywords occurring in s name, and those
// without keywords: what the prefilter may compile for s.
func (set *ruleSet) named(s string) int {
	s = strings.ToLower(s)
	rules := map[int]bool{}
	for _, k := range set.keywords {
		if strings.Contains(s, k) {
			for _, i := range set.byKeyword[k] {
				rules[i] = true
			}
		}
	}
	return len(rules) + len(set.always)
}

// Text with no rule's keyword compiles no rule, and text with some
// compiles only the rules those keywords name (gitleaks' prefilter).
func TestPrefilterCompilesOnlyRulesWhoseKeywordsOccur(t *testing.T) {
	set := loadRules()
	require.Greater(t, len(set.rules), 150, "gitleaks' default rules")
	assert.Greater(t, len(set.keywords), 150)

	plain := "Rename Foo to Bar in app.py and run the tests\n"
	require.Zero(t, set.named(plain)-len(set.always), "the text must hold no keyword")
	assert.Empty(t, set.secrets(plain))
	assert.Equal(t, len(set.always), set.compiled())

	withKey := "export GITHUB=" + githubToken + "\n"
	found := set.secrets(withKey)
	require.NotEmpty(t, found)
	assert.Equal(t, "github-pat", found[0].rule)
	assert.Equal(t, set.named(withKey), set.compiled(), "exactly the rules whose keywords occur")
	assert.Less(t, set.compiled(), 10)
}

// The rules' settings are read as gitleaks reads them: a rule's entropy
// floor and allow-lists, the global allow-list's stop words.
func TestRulesRead(t *testing.T) {
	set := loadRules()
	byID := map[string]*rule{}
	for _, r := range set.rules {
		byID[r.id] = r
	}
	generic := byID["generic-api-key"]
	require.NotNil(t, generic)
	assert.InDelta(t, 3.5, generic.entropy, 0.01)
	assert.NotEmpty(t, generic.lists)
	assert.Contains(t, generic.keywords, "token")
	assert.NotEmpty(t, set.global())
}

func BenchmarkTextNoKeyword(b *testing.B) {
	text := strings.Repeat("Rename Foo to Bar in app.py and run the tests again\n", 20)
	var r Redactor
	for b.Loop() {
		r.Text(text)
	}
}

func BenchmarkLoadRules(b *testing.B) {
	for b.Loop() {
		loadRules()
	}
}

// BenchmarkFirstUseNoKeyword is what a process pays for its first
// redaction of a text without keywords: reading the rules, then the
// keyword search (scripts/bench-goals' row).
func BenchmarkFirstUseNoKeyword(b *testing.B) {
	text := strings.Repeat("Rename Foo to Bar in app.py and run the tests again\n", 20)
	for b.Loop() {
		loadRules().secrets(text)
	}
}
