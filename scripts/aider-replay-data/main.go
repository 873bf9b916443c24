// Command aider-replay-data rebuilds an aider replay data set from
// aider's public history: the chat log aider keeps as a test fixture
// (tests/fixtures/chat-history.md, at a pinned commit of
// github.com/Aider-AI/aider) records, after each reply, the commit aider
// made from it ("> Commit 1a2b3c4 subject"). Each edit reply whose commit
// changed exactly the files aider reports it applied the reply to
// ("> Applied edit to FILE") becomes a case: the reply as logged, every file
// the commit changed as it was before and after, and the commit's names.
//
//	git clone https://github.com/Aider-AI/aider /tmp/aider
//	go run ./scripts/aider-replay-data -aider /tmp/aider -out /tmp/aider-replay
//	AIEDIT_AIDER_REPLAY=/tmp/aider-replay go test ./editcore/replay ./cmd/git-aiedit -run AiderReplay -v
//
// Nothing here is copied into this repository: the data is made where
// the user asks, from aider's own repository.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// pin is the aider commit whose chat-history.md fixture is read.
const pin = "4b2227c71f82193cf6edba5dd2117962782cacf2"

var (
	commitRe  = regexp.MustCompile(`^> Commit ([0-9a-f]{7,40}) (.*?)\s*$`)
	appliedRe = regexp.MustCompile(`^> Applied edit to (.*?)\s*$`)
)

type meta struct {
	Repo    string   `json:"repo"`
	Commit  string   `json:"commit"`
	Parent  string   `json:"parent"`
	Subject string   `json:"subject"`
	Kind    string   `json:"kind"`
	Changed []string `json:"changed"`
}

func main() {
	aider := flag.String("aider", "", "a clone of github.com/Aider-AI/aider with its history")
	out := flag.String("out", "", "the folder to write the cases to (made; must not exist)")
	rev := flag.String("rev", pin, "the aider commit whose chat log is read (the pinned one reproduces docs/conformance.md)")
	flag.Parse()
	if *aider == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/aider-replay-data -aider CLONE -out DIR")
		os.Exit(2)
	}
	if err := run(*aider, *rev, *out); err != nil {
		fmt.Fprintln(os.Stderr, "aider-replay-data:", err)
		os.Exit(1)
	}
}

func git(repo string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return b, nil
}

// reply is one assistant reply of the log and the commits aider reported
// after it.
type reply struct {
	text    []string
	commits [][2]string // short hash, subject
	applied []string    // the files aider said it applied the reply's edits to
}

// replies splits the log: a reply is the text after a "#### " user line
// (or after a block of "> " tool lines) up to the next tool block, user
// line or session header; the commits are the "> Commit" lines of the
// tool block that follows it. A tool block is "> " lines after a blank
// line, and the lines that continue one of them without a blank between.
func replies(log []byte) []reply {
	var out []reply
	var cur *reply
	inTool, afterBlank := false, true
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		l := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.HasPrefix(l, "#### "), strings.HasPrefix(l, "# aider chat started at"):
			cur, inTool = nil, false
		case strings.HasPrefix(l, "> ") && (afterBlank || inTool):
			inTool = true
			if len(out) > 0 && cur == nil {
				last := &out[len(out)-1]
				if m := commitRe.FindStringSubmatch(l); m != nil {
					last.commits = append(last.commits, [2]string{m[1], m[2]})
				} else if m := appliedRe.FindStringSubmatch(l); m != nil && len(last.commits) == 0 {
					last.applied = append(last.applied, m[1])
				}
			}
			cur = nil
		case inTool && strings.TrimSpace(l) != "":
			// A tool message of several lines gets "> " on its first
			// only ("> Tokens: …" then "Cost: …"): still tool output.
		default:
			if inTool && strings.TrimSpace(l) == "" {
				inTool, afterBlank = false, true
				continue
			}
			inTool = false
			if cur == nil {
				if strings.TrimSpace(l) == "" {
					afterBlank = true
					continue
				}
				out = append(out, reply{})
				cur = &out[len(out)-1]
			}
			cur.text = append(cur.text, l)
		}
		afterBlank = strings.TrimSpace(l) == ""
	}
	return out
}

func run(aider, rev, out string) error {
	log, err := git(aider, "show", rev+":tests/fixtures/chat-history.md")
	if err != nil {
		return fmt.Errorf("the pinned chat log (is %s a full clone of aider?): %w", aider, err)
	}
	if err := os.Mkdir(out, 0o755); err != nil {
		return err
	}
	n := 0
	for _, r := range replies(log) {
		text := strings.Join(r.text, "\n")
		// The reply's own commit is the first; any after it are aider's
		// linter's ("style: …"), not the model's.
		if len(r.commits) == 0 || !strings.Contains(text, "<<<<<<< SEARCH") {
			continue
		}
		m, err := commitCase(aider, r.commits[0])
		if err != nil {
			fmt.Fprintf(os.Stderr, "skipped commit %s: %v\n", r.commits[0][0], err)
			continue
		}
		// The commit is the reply's result only when it changed exactly
		// the files aider applied the reply to: not a file aider added
		// to git on its own, nor the user's changes committed with it.
		if !sameSet(m.Changed, r.applied) {
			continue
		}
		n++
		dir := filepath.Join(out, fmt.Sprintf("%03d", n))
		if err := writeCase(aider, dir, "\n"+strings.TrimRight(text, "\n")+"\n\n", m); err != nil {
			return err
		}
	}
	fmt.Printf("%d cases in %s (from %s:tests/fixtures/chat-history.md)\n", n, out, rev)
	return nil
}

func sameSet(a, b []string) bool {
	seen := map[string]int{}
	for _, s := range a {
		seen[s] |= 1
	}
	for _, s := range b {
		seen[s] |= 2
	}
	for _, v := range seen {
		if v != 3 {
			return false
		}
	}
	return true
}

// commitCase names a reply's commit: one parent, and the files it changed.
func commitCase(aider string, c [2]string) (meta, error) {
	full, err := git(aider, "rev-parse", "--verify", c[0]+"^{commit}")
	if err != nil {
		return meta{}, err
	}
	hash := strings.TrimSpace(string(full))
	parents, err := git(aider, "rev-list", "--parents", "-n1", hash)
	if err != nil {
		return meta{}, err
	}
	f := strings.Fields(string(parents))
	if len(f) != 2 {
		return meta{}, fmt.Errorf("not a commit with one parent")
	}
	names, err := git(aider, "diff-tree", "--no-renames", "--name-only", "-r", f[1], hash)
	if err != nil {
		return meta{}, err
	}
	m := meta{Repo: "Aider-AI/aider", Commit: hash, Parent: f[1], Subject: c[1], Kind: "exact"}
	for _, p := range strings.Split(strings.TrimSpace(string(names)), "\n") {
		if p != "" {
			m.Changed = append(m.Changed, p)
		}
	}
	if len(m.Changed) == 0 {
		return meta{}, fmt.Errorf("changes no file")
	}
	return m, nil
}

func writeCase(aider, dir, response string, m meta) error {
	for _, side := range []struct{ name, rev string }{{"before", m.Parent}, {"after", m.Commit}} {
		for _, p := range m.Changed {
			b, err := git(aider, "show", side.rev+":"+p)
			if err != nil {
				continue // absent on this side: created or deleted
			}
			file := filepath.Join(dir, side.name, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(file, b, 0o644); err != nil {
				return err
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "response.md"), []byte(response), 0o644); err != nil {
		return err
	}
	j, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "meta.json"), j, 0o644)
}
