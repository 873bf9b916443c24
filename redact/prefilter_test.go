package redact

import (
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/zricethezav/gitleaks/v8/config"

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
	var generic *rule
	for _, r := range set.rules {
		if slices.Contains(r.keywords, "token") && strings.Contains(r.text, `id = "generic-api-key"`) {
			generic = r
		}
	}
	require.NotNil(t, generic)
	generic.compile(set)
	assert.Equal(t, "generic-api-key", generic.id)
	assert.InDelta(t, 3.5, generic.entropy, 0.01)
	assert.NotEmpty(t, generic.allowed)
	assert.NotEmpty(t, set.global())
}

// Cutting the configuration at its [[rules]] lines and scanning each
// rule's keywords reads what a TOML decoder reads from the whole: the
// same rules in the same order, the same keywords, the same top-level
// allow-lists. A gitleaks upgrade that changes the file's shape fails
// here, not in a user's run.
func TestLazyRulesReadAsWhole(t *testing.T) {
	var whole tomlConfig
	require.NoError(t, toml.Unmarshal([]byte(config.DefaultConfig), &whole))
	head, chunks := splitRules(config.DefaultConfig)
	require.Len(t, chunks, len(whole.Rules))
	quick := 0
	for i, text := range chunks {
		got := decodeRule(text)
		assert.Equal(t, whole.Rules[i], got, "rule %d (%s)", i, whole.Rules[i].ID)
		if kw, ok := keywordsOf(text); ok {
			quick++
			assert.Equal(t, whole.Rules[i].Keywords, kw, "keywords of %s", whole.Rules[i].ID)
		}
	}
	assert.Greater(t, quick, len(chunks)*9/10, "most rules' keywords are read without a decoder")
	var top tomlConfig
	require.NoError(t, toml.Unmarshal([]byte(head), &top))
	assert.Equal(t, whole.Allowlist, top.Allowlist)
	assert.Equal(t, whole.Allowlists, top.Allowlists)
	assert.Empty(t, top.Rules)
}

// The quick keyword scan takes gitleaks' one shape and gives up on any
// other, never guessing.
func TestKeywordsOf(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
		ok   bool
	}{
		{"[[rules]]\nid = \"a\"\nkeywords = [\"x\", \"y\"]\n", []string{"x", "y"}, true},
		{"[[rules]]\nid = \"a\"\nkeywords = [\n    \"x\",\n    \"y\",\n]\n", []string{"x", "y"}, true},
		{"[[rules]]\nid = \"a\"\n", nil, false},
		{"[[rules]]\nkeywords = [\"x\"]\nKEYWORDS = [\"y\"]\n", nil, false},
		{"[[rules]]\nid = \"a\"\nkeywords = [\"x\\u0041\"]\n", nil, false},
		{"[[rules]]\nid = \"a\"\nkeywords = ['x']\n", nil, false},
		{"[[rules]]\nid = \"a\"\nkeywords=[\"x\"]\n", nil, false},
		{"[[rules]]\nid = \"a\"\nkeywords = [\"x\n", nil, false},
	} {
		got, ok := keywordsOf(tc.text)
		assert.Equal(t, tc.ok, ok, "%q", tc.text)
		assert.Equal(t, tc.want, got, "%q", tc.text)
	}
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

// FuzzKeywordsOf holds the quick keyword scan to a TOML decoder: whatever
// it reads from a rule's text, a decoder reads the same from it.
func FuzzKeywordsOf(f *testing.F) {
	_, chunks := splitRules(config.DefaultConfig)
	for _, c := range chunks[:min(len(chunks), 20)] {
		f.Add(c)
	}
	f.Add("[[rules]]\nid = \"a\"\nkeywords = [\n  \"x\",\n  \"y\",\n]\n")
	f.Add("[[rules]]\nkeywords = [\"a\\\"b\"]\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, ok := keywordsOf(text)
		if !ok {
			return
		}
		var c tomlConfig
		if err := toml.Unmarshal([]byte(text), &c); err != nil || len(c.Rules) != 1 {
			return // not a rule's TOML: the configuration is held to decode (TestLazyRulesReadAsWhole)
		}
		if want := c.Rules[0].Keywords; len(want) != 0 || len(got) != 0 {
			require.Equal(t, want, got, "%q", text)
		}
	})
}

func TestSplitRules(t *testing.T) {
	for _, tc := range []struct {
		doc, head string
		rules     []string
	}{
		{"[[rules]]\nid = 1\n[[rules]]\nid = 2\n", "", []string{"[[rules]]\nid = 1\n", "[[rules]]\nid = 2\n"}},
		{"title = \"x\"\n[[rules]]\nid = 1\n", "title = \"x\"\n", []string{"[[rules]]\nid = 1\n"}},
		{"title = \"x\"\n", "title = \"x\"\n", nil},
		{"", "", nil},
	} {
		head, rules := splitRules(tc.doc)
		assert.Equal(t, tc.head, head, "%q", tc.doc)
		assert.Equal(t, tc.rules, rules, "%q", tc.doc)
	}
}
