package redact

import (
	"regexp"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/zricethezav/gitleaks/v8/config"
)

// The rules are gitleaks' default configuration, the TOML its config
// package embeds (config.DefaultConfig): the maintained rule set comes
// with the module version go.mod names, and no copy of it lives here.
// Only that string is used; gitleaks' scanner (package detect) is not,
// because it compiles all ~220 regular expressions before its first
// scan (~130 ms) and links archive readers redaction never needs.
//
// Invariants:
//   - loading the rules reads only each rule's keywords (lazyrules.go);
//     the rest of a rule's TOML is decoded, and its regular expression
//     compiled, the first time one of its keywords occurs in a text, as
//     gitleaks' own keyword prefilter intends: a text with no keyword
//     costs the keyword search alone;
//   - rules that gitleaks applies only to file paths (a path, or no
//     regex) never match: redacted text has no path;
//   - the allow-lists keep their meaning for a text without a path or a
//     commit: an "AND" allow-list that needs one never allows.

// tomlConfig is the part of gitleaks' configuration format redaction reads.
type tomlConfig struct {
	Allowlist  *tomlAllowlist // the older single global allow-list
	Allowlists []tomlAllowlist
	Rules      []tomlRule
}

type tomlRule struct {
	ID          string
	Regex       string
	Path        string
	SecretGroup int
	Entropy     float64
	Keywords    []string
	SkipReport  bool
	Allowlist   *tomlAllowlist
	Allowlists  []tomlAllowlist
}

type tomlAllowlist struct {
	TargetRules []string
	Condition   string
	Commits     []string
	Paths       []string
	RegexTarget string
	Regexes     []string
	StopWords   []string
}

// rule is one gitleaks rule: its keywords, read when the rules are
// loaded, and its own TOML, decoded and compiled on first use.
type rule struct {
	text     string // from its [[rules]] line to the next
	keywords []string

	once        sync.Once
	decoded     bool
	id          string
	secretGroup int
	entropy     float64
	re          *regexp.Regexp // nil for a rule that cannot match a text
	allowed     []*allowlist
}

// ruleSet is every rule, and the keyword index the prefilter reads.
type ruleSet struct {
	head      string // the TOML before the first rule: the global allow-lists
	rules     []*rule
	always    []*rule          // rules without keywords: run on every text
	byKeyword map[string][]int // lower-case keyword -> rules
	keywords  []string         // the keys of byKeyword, in a fixed order
	index     *keywordIndex    // finds the keywords in a text
	top       func() topLists  // head, decoded on first use
	global    func() []*allowlist
}

// topLists are the allow-lists outside any rule: those for every rule,
// and those that name the rules they apply to.
type topLists struct {
	global   []tomlAllowlist
	targeted map[string][]tomlAllowlist
}

var rules = sync.OnceValue(loadRules)

// loadRules reads gitleaks' default configuration.
func loadRules() *ruleSet { return newRuleSet(config.DefaultConfig) }

func newRuleSet(doc string) *ruleSet {
	head, chunks := splitRules(doc)
	set := &ruleSet{head: head, byKeyword: map[string][]int{}}
	set.top = sync.OnceValue(set.decodeTop)
	set.global = sync.OnceValue(func() []*allowlist { return compileAllowlists(set.top().global) })
	for _, text := range chunks {
		r := &rule{text: text}
		keywords, ok := keywordsOf(text)
		if !ok {
			// A shape the quick reading does not know: the whole rule is
			// read now, as it would be on first use.
			keywords = decodeRule(text).Keywords
		}
		i := len(set.rules)
		set.rules = append(set.rules, r)
		if len(keywords) == 0 {
			set.always = append(set.always, r)
			continue
		}
		for _, k := range keywords {
			k = strings.ToLower(k)
			if _, seen := set.byKeyword[k]; !seen {
				set.keywords = append(set.keywords, k)
			}
			if l := set.byKeyword[k]; len(l) == 0 || l[len(l)-1] != i {
				set.byKeyword[k] = append(l, i)
			}
			r.keywords = append(r.keywords, k)
		}
	}
	set.index = newKeywordIndex(set.keywords)
	return set
}

func (set *ruleSet) decodeTop() topLists {
	var c tomlConfig
	mustDecode(set.head, &c)
	top := topLists{targeted: map[string][]tomlAllowlist{}}
	if c.Allowlist != nil {
		top.global = append(top.global, *c.Allowlist)
	}
	for _, a := range c.Allowlists {
		if len(a.TargetRules) == 0 {
			top.global = append(top.global, a)
		}
		for _, id := range a.TargetRules {
			top.targeted[id] = append(top.targeted[id], a)
		}
	}
	return top
}

// decodeRule reads one rule's TOML, a [[rules]] table of its own.
func decodeRule(text string) tomlRule {
	var c tomlConfig
	mustDecode(text, &c)
	if len(c.Rules) != 1 {
		panic("redact: a rule of gitleaks' default configuration is not one [[rules]] table")
	}
	return c.Rules[0]
}

func mustDecode(text string, v any) {
	if err := toml.Unmarshal([]byte(text), v); err != nil {
		// The configuration is compiled into the binary: failing to read
		// it is a defect of the build, caught by the tests.
		panic("redact: gitleaks' default rules do not load: " + err.Error())
	}
}

// compiled counts the rules read and compiled so far.
func (set *ruleSet) compiled() int {
	n := 0
	for _, r := range set.rules {
		if r.decoded {
			n++
		}
	}
	return n
}

// compile reads the rule and makes its expressions on its first use.
// gitleaks compiles its own configuration with Go's regexp too (without
// its re2 build tag), so every expression compiles; one that would not
// is skipped rather than fail a commit.
func (r *rule) compile(set *ruleSet) {
	r.once.Do(func() {
		r.decoded = true
		tr := decodeRule(r.text)
		r.id, r.secretGroup, r.entropy = tr.ID, tr.SecretGroup, tr.Entropy
		if tr.Regex == "" || tr.Path != "" || tr.SkipReport {
			return
		}
		re, err := regexp.Compile(widenSuffix(tr.Regex))
		if err != nil {
			return
		}
		r.re = re
		var lists []tomlAllowlist
		if tr.Allowlist != nil {
			lists = append(lists, *tr.Allowlist)
		}
		lists = append(lists, tr.Allowlists...)
		lists = append(lists, set.top().targeted[tr.ID]...)
		r.allowed = compileAllowlists(lists)
	})
}

// secretSuffix is how most of gitleaks' generated rules end: the token
// must be followed by a quote, white space, ';', an escaped newline or
// the end. A key in prose or in a URL is followed by '.', ',', ')',
// ':', '/' or '_', and was missed; widenedSuffix also takes those.
const (
	secretSuffix  = `(?:[\x60'"\s;]|\\[nr]|$)`
	widenedSuffix = `(?:[\x60'"\s;.,):/_]|\\[nr]|$)`
)

func widenSuffix(re string) string {
	if s, ok := strings.CutSuffix(re, secretSuffix); ok {
		return s + widenedSuffix
	}
	return re
}
