package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAiderTool(t *testing.T) {
	tests := map[string]struct {
		line string
		want aiderEvent
	}{
		"/add":                      {"Added src/app.py to the chat", aiderEvent{kind: aiderJoin, path: "src/app.py"}},
		"announced on start-up":     {"Added src/app.py to the chat.", aiderEvent{kind: aiderJoin, path: "src/app.py"}},
		"--read on start-up":        {"Added CONVENTIONS.md to the chat (read-only).", aiderEvent{kind: aiderJoin, path: "CONVENTIONS.md"}},
		"/read-only":                {"Added docs/api.md to read-only files.", aiderEvent{kind: aiderJoin, path: "docs/api.md"}},
		"a Windows path":            {`Added app\[locale]\admin\components\property-form.tsx to the chat`, aiderEvent{kind: aiderJoin, path: `app\[locale]\admin\components\property-form.tsx`}},
		"an absolute path":          {`Added C:\Users\lee\proj\src\a.ts to the chat`, aiderEvent{kind: aiderJoin, path: `C:\Users\lee\proj\src\a.ts`}},
		"a name with spaces":        {"Added docs/read me.md to the chat", aiderEvent{kind: aiderJoin, path: "docs/read me.md"}},
		"/run output is no file":    {"Added 12 lines of output to the chat.", aiderEvent{}},
		"/add to read-only moved":   {"Moved a.py from read-only to editable files in the chat", aiderEvent{kind: aiderJoin, path: "a.py"}},
		"read-only, all converted":  {"Converted a.py to read-only", aiderEvent{kind: aiderJoin, path: "a.py"}},
		"a file aider created":      {"Creating empty file notes/todo.md", aiderEvent{kind: aiderJoin, path: "notes/todo.md"}},
		"/drop FILE":                {"Removed src/app.py from the chat", aiderEvent{kind: aiderLeave, path: "src/app.py"}},
		"/drop a read-only file":    {"Removed read-only file /home/lee/proj/CONVENTIONS.md from the chat", aiderEvent{kind: aiderLeave, path: "/home/lee/proj/CONVENTIONS.md"}},
		"an unreadable file":        {"Dropping src/gone.py from the chat.", aiderEvent{kind: aiderLeave, path: "src/gone.py"}},
		"/drop":                     {"Dropping all files from the chat session.", aiderEvent{kind: aiderDropAll}},
		"/drop keeping --read":      {"Dropping all files from the chat session except originally read-only files.", aiderEvent{kind: aiderDropAll}},
		"/reset":                    {"All files dropped and chat history cleared.", aiderEvent{kind: aiderDropAll}},
		"/clear keeps the files":    {"All chat history cleared.", aiderEvent{}},
		"an applied edit":           {"Applied edit to src/app.py", aiderEvent{kind: aiderEdited, path: "src/app.py"}},
		"a dry run":                 {"Did not apply edit to src/app.py (--dry-run)", aiderEvent{kind: aiderEdited, path: "src/app.py"}},
		"a dirty file in the chat":  {"Committing src/app.py before applying edits.", aiderEvent{kind: aiderEdited, path: "src/app.py"}},
		"the announcement":          {"Aider v0.86.1", aiderEvent{kind: aiderAnnounce}},
		"a mention, yes":            {"Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: y", aiderEvent{kind: aiderJoin, subject: true}},
		"a mention, all":            {"Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a", aiderEvent{kind: aiderJoin, subject: true}},
		"a mention, skip all":       {"Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: s", aiderEvent{}},
		"a mention, never":          {"Add file to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: d", aiderEvent{}},
		"allow an edit":             {"Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: y", aiderEvent{kind: aiderEdited, subject: true}},
		"refuse an edit":            {"Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: n", aiderEvent{}},
		"create a file":             {"Create new file? (Y)es/(N)o [Yes]: y", aiderEvent{kind: aiderEdited, subject: true}},
		"older: the file named":     {"Add src/util.py to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a", aiderEvent{kind: aiderJoin, path: "src/util.py"}},
		"older: no options":         {"Add src/util.py to the chat? y", aiderEvent{kind: aiderJoin, path: "src/util.py"}},
		"older: said no":            {"Add src/util.py to the chat? n", aiderEvent{}},
		"older: a URL":              {"Add https://example.com/x?a=1 to the chat? y", aiderEvent{}},
		"older: allow edits":        {"Allow edits to src/app.module.ts which was not previously added to chat? y", aiderEvent{kind: aiderEdited, path: "src/app.module.ts"}},
		"older: allow creation":     {"Allow creation of new file src/guards/key.guard.ts? y", aiderEvent{kind: aiderEdited, path: "src/guards/key.guard.ts"}},
		"older: refused creation":   {"Allow creation of new file src/x.ts? n", aiderEvent{}},
		"command output":            {"Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y", aiderEvent{}},
		"a URL":                     {"Add URL to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: y", aiderEvent{}},
		"no match for /add":         {`No files matched 'app.mod'. Do you want to create C:\Users\m\laura\app.mod? n`, aiderEvent{kind: aiderCreateAsk, path: `C:\Users\m\laura\app.mod`, word: "app.mod"}},
		"the model":                 {"Main model: gpt-4.1 with diff edit format", aiderEvent{}},
		"tokens":                    {"Tokens: 3.4k sent, 184 received. Cost: $0.01 message, $0.03 session.", aiderEvent{}},
		"an empty path is no event": {"Applied edit to ", aiderEvent{}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, parseAiderTool(tc.line))
		})
	}
}

func TestParseAiderCommand(t *testing.T) {
	tests := map[string]struct {
		line string
		want aiderCommand
		ok   bool
	}{
		"several files":  {"/add src/a.py src/b.py", aiderCommand{"/add", []string{"src/a.py", "src/b.py"}}, true},
		"a quoted name":  {`/add "docs/read me.md" b.py`, aiderCommand{"/add", []string{"docs/read me.md", "b.py"}}, true},
		"a glob":         {"/add src/*.py", aiderCommand{"/add", []string{"src/*.py"}}, true},
		"no arguments":   {"/drop", aiderCommand{"/drop", nil}, true},
		"extra spaces":   {"  /drop   a.py  ", aiderCommand{"/drop", []string{"a.py"}}, true},
		"not a command":  {"please add a.py", aiderCommand{}, false},
		"a path is text": {"src/a.py is broken", aiderCommand{}, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := parseAiderCommand(tc.line)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestAiderSubject(t *testing.T) {
	for line, want := range map[string]bool{
		"src/app.py": true, `app\[locale]\page.tsx`: true, "docs/read me.md": true, "Makefile": true,
		"Tokens: 1k sent, 50 received.": false, "Commit 1a2b3c4 fix: x": false, "https://aider.chat/docs": false,
		"You can use /undo to undo and discard each aider commit.": false, "Add file to the chat?": false,
		"# 1 SEARCH/REPLACE block failed to match!": false, "": false,
	} {
		assert.Equal(t, want, aiderSubject(line), line)
	}
}

func TestAiderCommandName(t *testing.T) {
	for typed, want := range map[string]string{
		"/add": "add", "/drop": "drop", "/dr": "drop", "/d": "", "/read-only": "read-only", "/read": "read",
		"/re": "", "/res": "reset", "/clear": "clear", "/nosuch": "",
	} {
		assert.Equal(t, want, aiderCommandName(typed), typed)
	}
}

func TestAiderRootOf(t *testing.T) {
	tests := map[string]struct {
		abs, word, want string
	}{
		"a file":                  {"/home/lee/app/src/x.py", "src/x.py", "/home/lee/app"},
		"a Windows file":          {`C:\Users\m\laura\src\app.module.ts`, "src/app.module.ts", "C:/Users/m/laura"},
		"Windows, other case":     {`C:\Users\m\Laura\SRC\App.ts`, `src\app.ts`, "C:/Users/m/Laura"},
		"a folder":                {"/home/lee/app/src/x.py", "src", "/home/lee/app"},
		"a glob":                  {"/home/lee/app/src/lib/x.py", "src/lib/*.py", "/home/lee/app"},
		"the word is not in it":   {"/home/lee/app/src/x.py", "lib/y.py", ""},
		"a relative path":         {"src/x.py", "x.py", ""},
		"an absolute word":        {"/home/lee/app/src/x.py", "/home/lee/app/src/x.py", ""},
		"a word that climbs":      {"/home/lee/app/src/x.py", "../x.py", ""},
		"a glob with no folder":   {"/home/lee/app/x.py", "*.py", ""},
		"a part of a name only":   {"/home/lee/app/mysrc/x.py", "src/x.py", ""},
		"the deepest occurrence":  {"/src/app/src/x.py", "src", "/src/app"},
		"the /no-match question":  {`C:\Users\m\laura\app.mod`, "app.mod", "C:/Users/m/laura"},
		"a name the drive is cut": {"/x.py", "x.py", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, aiderRootOf(tc.abs, tc.word))
		})
	}
}

// TestAiderContext reads whole logs in aider's shape and checks the files
// each reply had in context (nil: the log said nothing, every file is).
func TestAiderContext(t *testing.T) {
	const start = "\n# aider chat started at 2025-08-12 16:40:11\n\n> /usr/bin/aider --model gpt-4.1  \n> Aider v0.86.1  \n> Main model: gpt-4.1 with diff edit format  \n> Git repo: .git with 3 files  \n"
	block := func(p string) string {
		return p + "\n```python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n"
	}
	tests := map[string]struct {
		log  string
		opt  Options
		want [][]string
	}{
		"nothing said: every file": {
			"#### fix a.py\n\n" + block("a.py"),
			Options{}, [][]string{nil},
		},
		"the announcement with no files: none": {
			start + "\n#### fix a.py  \n\n" + block("a.py") + "\n> Tokens: 1k sent, 50 received.  \n",
			Options{}, [][]string{{}},
		},
		"files on the command line": {
			strings.Replace(start, "gpt-4.1  \n", "gpt-4.1 a.py lib/b.py  \n", 1) + "> Added a.py to the chat.  \n> Added lib/b.py to the chat.  \n> Added CONVENTIONS.md to the chat (read-only).  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{"a.py", "lib/b.py", "CONVENTIONS.md"}},
		},
		"an applied edit was in context, and stays": {
			start + "\n#### fix it  \n\n" + block("a.py") +
				"\n> Tokens: 1k sent, 50 received.  \n> a.py  \n> Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: y  \n> Applied edit to a.py  \n> Commit 1a2b3c4 fix: a  \n" +
				"\n#### more  \n\nSure.\n",
			Options{}, [][]string{{"a.py"}, {"a.py"}},
		},
		"a created file was in context": {
			start + "\n#### new file  \n\n" + block("new/b.py") +
				"\n> Tokens: 1k sent, 50 received.  \n> new/b.py  \n> Create new file? (Y)es/(N)o [Yes]: y  \n> Applied edit to new/b.py  \n",
			Options{}, [][]string{{"new/b.py"}},
		},
		"a refused edit was not": {
			start + "\n#### fix it  \n\n" + block("a.py") +
				"\n> Tokens: 1k sent, 50 received.  \n> a.py  \n> Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: n  \n> Skipping edits to a.py  \n" +
				"\n#### more  \n\nSure.\n",
			Options{}, [][]string{{}, {}},
		},
		"a mention joins for the next reply only": {
			start + "\n#### fix it  \n\n" + block("a.py") +
				"\n> Tokens: 1k sent, 50 received.  \n> a.py  \n> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a  \n> b.py  \n\n#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: all  \n> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a  \n" +
				"\nNow that I can see them:\n\n" + block("a.py") + "\n> Applied edit to a.py  \n",
			Options{}, [][]string{{}, {"a.py", "b.py"}},
		},
		"/add several, /drop one, /drop all, /clear keeps": {
			start + "\n#### /add a.py \"my b.py\" src/*.py  \n> Added a.py to the chat  \n> Added my b.py to the chat  \n> Added src/c.py to the chat  \n> Added src/d.py to the chat  \n" +
				"\n#### go  \n\nOne.\n\n#### /drop src/c  \n> Removed src/c.py from the chat  \n\n#### go  \n\nTwo.\n" +
				"\n#### /clear  \n> All chat history cleared.  \n\n#### go  \n\nThree.\n\n#### /drop  \n> Dropping all files from the chat session.  \n\n#### go  \n\nFour.\n",
			Options{}, [][]string{{"a.py", "my b.py", "src/c.py", "src/d.py"}, {"a.py", "my b.py", "src/d.py"}, {"a.py", "my b.py", "src/d.py"}, {}},
		},
		"/drop keeps the read-only files given at start-up": {
			start + "> Added CONVENTIONS.md to the chat (read-only).  \n\n#### /add a.py  \n> Added a.py to the chat  \n\n#### /drop  \n> Dropping all files from the chat session except originally read-only files.  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{"CONVENTIONS.md"}},
		},
		"/read-only": {
			start + "\n#### /read-only docs/api.md  \n> Added docs/api.md to read-only files.  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{"docs/api.md"}},
		},
		"each session starts afresh": {
			start + "\n#### /add a.py  \n> Added a.py to the chat  \n\n#### go  \n\nOne.\n" + start + "\n#### go  \n\nTwo.\n",
			Options{}, [][]string{{"a.py"}, {}},
		},
		"Windows: CRLF, backslashes, trailing spaces": {
			strings.ReplaceAll(start+"\n#### /add app\\[locale]\\page.tsx  \n> Added app\\[locale]\\page.tsx to the chat  \n\n#### go  \n\n"+block(`app\[locale]\page.tsx`)+"\n> Applied edit to app\\[locale]\\page.tsx  \n", "\n", "\r\n"),
			Options{}, [][]string{{"app/[locale]/page.tsx"}},
		},
		"an older log's absolute paths, its root learned from /add": {
			start + "\n#### /add app.mod  \n> No files matched 'app.mod'. Do you want to create C:\\Users\\m\\laura\\app.mod? n  \n\n#### /add src/app.module.ts  \n> Added C:\\Users\\m\\laura\\src\\app.module.ts to the chat  \n\n#### go  \n\nOK.\n",
			Options{Root: "/home/other/laura"}, [][]string{{"src/app.module.ts"}},
		},
		"the same machine: absolute paths under the repository": {
			start + "\n#### /add src/x.py  \n> Added /home/lee/app/src/x.py to the chat  \n\n#### go  \n\nOK.\n",
			Options{Root: "/home/lee/app"}, [][]string{{"src/x.py"}},
		},
		"older prompts name the file": {
			start + "\n#### go  \n\n" + block("a.py") + "\n> Allow edits to a.py which was not previously added to chat? y  \n> Applied edit to a.py  \n> Add b.py to the chat? y  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{"a.py"}, {"a.py", "b.py"}},
		},
		"older aider asked for several mentioned files at once": {
			start + "\n#### go  \n\nSee `app/root.tsx` and the route.\n\n> app\\routes\\($locale).collections.$handle.tsx  \n> app\\root.tsx  \n> Add these files to the chat? y  \n\nNow:\n\n" + block("app/root.tsx") + "\n> Applied edit to app/root.tsx  \n",
			Options{}, [][]string{{}, {"app/routes/($locale).collections.$handle.tsx", "app/root.tsx"}},
		},
		"a bracketed path allowed": {
			start + "\n#### go  \n\n" + block(`app\[locale]\page.tsx`) + "\n> Tokens: 1k sent, 50 received.  \n> app\\[locale]\\page.tsx  \n> Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: y  \n\n#### more  \n\nOK.\n",
			Options{}, [][]string{{"app/[locale]/page.tsx"}, {"app/[locale]/page.tsx"}},
		},
		"a multi-line command line is not a reply": {
			"\n# aider chat started at 2025-08-12 16:40:11\n\n> /usr/bin/aider --message \n    1. Read TODO.md\n    2. Do the first task.  \n> Aider v0.86.2  \n> Added TODO.md to the chat (read-only).  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{"TODO.md"}},
		},
		"/run output is not a file": {
			start + "\n#### /run make  \n> Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n> Added 4 lines of output to the chat.  \n\n#### go  \n\nOK.\n",
			Options{}, [][]string{{}},
		},
		"a #### file name heading stays the model's": {
			start + "\n#### /add a.py  \n> Added a.py to the chat  \n\n#### fix it  \n\nHere:\n\n#### a.py\n```python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n\n> Applied edit to a.py  \n",
			Options{}, [][]string{{"a.py"}},
		},
		"a reflection is its own reply, and gets its own applied edits": {
			start + "\n#### /add a.py  \n> Added a.py to the chat  \n\n#### go  \n\n" + block("a.py") + block("b.py") +
				"\n> Applied edit to a.py  \n> # 1 SEARCH/REPLACE block failed to match!  \n>  \n> ## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in b.py  \n> <<<<<<< SEARCH  \n> x  \n> =======  \n> y  \n> >>>>>>> REPLACE  \n>  \n> The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc  \n" +
				"\nFixed:\n\n" + block("b.py") + "\n> b.py  \n> Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: y  \n> Applied edit to b.py  \n",
			Options{}, [][]string{{"a.py"}, {"a.py", "b.py"}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, _, err := readAll(t, []byte(tc.log), Aider, tc.opt)
			require.NoError(t, err)
			var got [][]string
			for _, r := range rs {
				got = append(got, r.Context)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// FuzzAiderTool: reading a tool-output line never panics, and an event
// about a file names one (or its confirm prompt's subject).
func FuzzAiderTool(f *testing.F) {
	for _, s := range []string{
		"Added src/app.py to the chat", "Added C:\\a\\b.py to the chat (read-only).", "Applied edit to x",
		"Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a",
		"Allow edits to a.py which was not previously added to chat? y", "No files matched 'a'. Do you want to create /r/a? y",
		"Add https://x?y to the chat? y", "Create new file? (Y)es/(N)o [Yes]: ",
	} {
		f.Add(s, "word")
	}
	f.Fuzz(func(t *testing.T, line, word string) {
		ev := parseAiderTool(line)
		switch ev.kind {
		case aiderJoin, aiderEdited, aiderLeave, aiderCreateAsk:
			if ev.path == "" && !ev.subject && !ev.group {
				t.Fatalf("%q: event %d without a path", line, ev.kind)
			}
		}
		if root := aiderRootOf(line, word); root != "" && !strings.HasPrefix(strings.ToLower(cleanAbs(line)), strings.ToLower(root)) {
			t.Fatalf("root %q is not a prefix of %q", root, line)
		}
		_, _ = parseAiderCommand(line)
		_ = aiderSubject(line)
		_ = aiderCommandName(word)
	})
}
