// Package replay reads the aider replay dataset (../shared/bench/aider-replay:
// real model responses with the files before and after the commit aider
// made from each) and grades a replayed tree against it. Its own tests
// replay the responses through the parser and the edit session and measure
// how the matching ladder copes with the mistakes models make in SEARCH
// text; cmd/git-aiedit replays them through the binary. Both skip when the
// data is absent.
package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one recorded response with the files before and after the
// commit aider made from it.
type Case struct {
	Name     string
	Response []byte
	Before   map[string][]byte
	After    map[string][]byte // a changed path missing here was deleted
	Changed  []string
	// Kind is how the dataset grades the case (meta.json "kind"): "exact"
	// compares with line endings aside; "lenient_exact" (case 030, where
	// aider's commit carries trailing spaces the model typed on blank
	// context lines) also sets trailing white space aside.
	Kind string
}

// ErrNoData is returned by Load when dir holds no cases.
var ErrNoData = errors.New("no aider replay cases")

// DataEnv names a folder of cases to read instead of the shared set (for
// example one that scripts/aider-replay-data rebuilt from aider's
// history).
const DataEnv = "AIEDIT_AIDER_REPLAY"

// Dir is where the tests read the cases: $AIEDIT_AIDER_REPLAY when set,
// else shared (the set beside the repository).
func Dir(shared string) string {
	if d := os.Getenv(DataEnv); d != "" {
		return d
	}
	return shared
}

// Load reads every case below dir, in name order.
func Load(dir string) ([]Case, error) {
	dirs, err := filepath.Glob(filepath.Join(dir, "[0-9]*"))
	if err != nil || len(dirs) == 0 {
		return nil, fmt.Errorf("%w in %s", ErrNoData, dir)
	}
	sort.Strings(dirs)
	cases := make([]Case, 0, len(dirs))
	for _, d := range dirs {
		c, err := loadCase(d)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func loadCase(dir string) (Case, error) {
	c := Case{Name: filepath.Base(dir)}
	var err error
	if c.Response, err = os.ReadFile(filepath.Join(dir, "response.md")); err != nil {
		return c, err
	}
	meta, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return c, err
	}
	var m struct {
		Kind    string   `json:"kind"`
		Changed []string `json:"changed"`
	}
	if err := json.Unmarshal(meta, &m); err != nil {
		return c, fmt.Errorf("case %s: meta.json: %w", c.Name, err)
	}
	if m.Kind != "exact" && m.Kind != "lenient_exact" {
		return c, fmt.Errorf("case %s: meta.json: unknown kind %q", c.Name, m.Kind)
	}
	c.Changed, c.Kind = m.Changed, m.Kind
	if c.Before, err = readTree(filepath.Join(dir, "before")); err != nil {
		return c, err
	}
	c.After, err = readTree(filepath.Join(dir, "after"))
	return c, err
}

// readTree returns the files below dir by slash path; none when dir is
// missing.
func readTree(dir string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	return files, err
}

// Verdict is how one path of a replayed tree compares with after/.
type Verdict string

const (
	Equal   Verdict = "equal"                                                        // line endings aside
	Lenient Verdict = "equal but for trailing white space, as lenient_exact allows"  // a pass
	Layout  Verdict = "differs only in white space (trailing spaces or blank lines)" // not a pass
	Differs Verdict = "differs"
	Missing Verdict = "missing"
	Extra   Verdict = "should not exist"
)

// Grade compares got, every file of the replayed tree by slash path, with
// after/: the paths the commit changed and any path the replay created.
func (c *Case) Grade(got map[string][]byte) map[string]Verdict {
	paths := map[string]bool{}
	for _, p := range c.Changed {
		paths[p] = true
	}
	for p := range got {
		if _, ok := c.Before[p]; !ok {
			paths[p] = true // created: must be in after/
		}
	}
	v := make(map[string]Verdict, len(paths))
	for p := range paths {
		want, wantOK := c.After[p]
		have, haveOK := got[p]
		switch {
		case wantOK != haveOK && wantOK:
			v[p] = Missing
		case wantOK != haveOK:
			v[p] = Extra
		case normal(want) == normal(have):
			v[p] = Equal
		case c.Kind == "lenient_exact" && trimmed(want) == trimmed(have):
			v[p] = Lenient
		case layout(want) == layout(have):
			v[p] = Layout
		default:
			v[p] = Differs
		}
	}
	return v
}

// Passed reports whether a case's verdicts pass as the dataset grades it,
// and whether they pass with nothing but line endings aside.
func Passed(verdicts map[string]Verdict) (pass, exact bool) {
	pass, exact = true, true
	for _, v := range verdicts {
		pass = pass && (v == Equal || v == Lenient)
		exact = exact && v == Equal
	}
	return pass, exact
}

// normal is file content with line endings aside.
func normal(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }

// trimmed is the text with line endings and trailing white space aside:
// the comparison of the "lenient_exact" kind. Lines, blank lines included,
// must still match one for one.
func trimmed(b []byte) string {
	lines := strings.Split(normal(b), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// layout is the text without what only changes its layout: line endings,
// trailing white space and blank lines. Two results with the same layout
// text hold the same code in the same places.
func layout(b []byte) string {
	var out []string
	for _, l := range strings.Split(normal(b), "\n") {
		if l = strings.TrimRight(l, " \t"); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
