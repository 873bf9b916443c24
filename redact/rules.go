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
//   - a rule's regular expression is compiled the first time one of its
//     keywords occurs in a text, as gitleaks' own keyword prefilter
//     intends: a text with no keyword costs the keyword search alone;
//   - rules that gitleaks applies only to file paths (a path, or no
//     regex) are left out: redacted text has no path;
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

// rule is one gitleaks rule, its expressions compiled on first use.
type rule struct {
	id          string
	source      string
	secretGroup int
	entropy     float64
	keywords    []string
	lists       []tomlAllowlist

	once    sync.Once
	re      *regexp.Regexp
	allowed []*allowlist
}

// ruleSet is every rule, and the keyword index the prefilter reads.
type ruleSet struct {
	rules     []*rule
	always    []*rule          // rules without keywords: run on every text
	byKeyword map[string][]int // lower-case keyword -> rules
	keywords  []string         // the keys of byKeyword, in a fixed order
	index     *keywordIndex    // finds the keywords in a text
	global    func() []*allowlist
}

var rules = sync.OnceValue(loadRules)

// loadRules reads gitleaks' default configuration.
func loadRules() *ruleSet {
	var c tomlConfig
	// go-toml reads it in about a millisecond, a third of what
	// BurntSushi/toml takes: this is on the path of every first redaction.
	if err := toml.Unmarshal([]byte(config.DefaultConfig), &c); err != nil {
		// The configuration is compiled into the binary: failing to read
		// it is a defect of the build, caught by the tests.
		panic("redact: gitleaks' default rules do not load: " + err.Error())
	}
	return newRuleSet(c)
}

func newRuleSet(c tomlConfig) *ruleSet {
	set := &ruleSet{byKeyword: map[string][]int{}}
	var globals []tomlAllowlist
	if c.Allowlist != nil {
		globals = append(globals, *c.Allowlist)
	}
	targeted := map[string][]tomlAllowlist{}
	for _, a := range c.Allowlists {
		if len(a.TargetRules) == 0 {
			globals = append(globals, a)
		}
		for _, id := range a.TargetRules {
			targeted[id] = append(targeted[id], a)
		}
	}
	set.global = sync.OnceValue(func() []*allowlist { return compileAllowlists(globals) })
	for _, tr := range c.Rules {
		if tr.Regex == "" || tr.Path != "" || tr.SkipReport {
			continue
		}
		r := &rule{id: tr.ID, source: widenSuffix(tr.Regex), secretGroup: tr.SecretGroup, entropy: tr.Entropy}
		if tr.Allowlist != nil {
			r.lists = append(r.lists, *tr.Allowlist)
		}
		r.lists = append(r.lists, tr.Allowlists...)
		r.lists = append(r.lists, targeted[tr.ID]...)
		i := len(set.rules)
		set.rules = append(set.rules, r)
		if len(tr.Keywords) == 0 {
			set.always = append(set.always, r)
			continue
		}
		for _, k := range tr.Keywords {
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

// compiled counts the rules whose expression has been compiled.
func (set *ruleSet) compiled() int {
	n := 0
	for _, r := range set.rules {
		if r.re != nil {
			n++
		}
	}
	return n
}

// compile makes the rule's expressions on its first use. gitleaks
// compiles its own configuration with Go's regexp too (without its re2
// build tag), so every expression compiles; one that would not is
// skipped rather than fail a commit.
func (r *rule) compile() {
	r.once.Do(func() {
		re, err := regexp.Compile(r.source)
		if err != nil {
			return
		}
		r.re = re
		r.allowed = compileAllowlists(r.lists)
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
