package fsckrule

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type configCase struct {
	name, content string
	ok            bool
}

// gitmodulesCases are .gitmodules contents and whether git's fsck (and
// this package) accept them; git_test.go checks the verdicts against git.
var gitmodulesCases = []configCase{
	{"plain", "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n", true},
	{"relative", "[submodule \"lib\"]\n\tpath = lib\n\turl = ../lib.git\n", true},
	{"ssh", "[submodule \"lib\"]\n\turl = git@example.com:lib.git\n", true},
	{"update checkout", "[submodule \"lib\"]\n\turl = ./lib\n\tupdate = rebase\n", true},
	{"url option", "[submodule \"lib\"]\n\tpath = lib\n\turl = --upload-pack=touch /tmp/x\n", false},
	{"url continued", "[submodule \"lib\"]\n\tpath = lib\n\turl = \\\n--upload-pack=x\n", false},
	{"url continued crlf", "[submodule \"lib\"]\r\n\turl = \\\r\n--upload-pack=x\r\n", false},
	{"url quoted option", "[submodule \"lib\"]\n\turl = \"-u\"./x\n", false},
	{"url option after bom", "\xef\xbb\xbf[submodule \"lib\"]\n\turl = -x\n", false},
	{"url key upper", "[SubModule \"lib\"]\n\tURL = -x\n", false},
	{"url dotted section", "[submodule.lib]\n\turl = -x\n", false},
	{"url newline escape", "[submodule \"lib\"]\n\turl = \"./x\\nhost=evil\"\n", false},
	{"update command", "[submodule \"lib\"]\n\turl = ./lib\n\tupdate = !rm -rf .\n", false},
	{"update command continued", "[submodule \"lib\"]\n\tupdate = \\\n!sh\n", false},
	{"update command quoted", "[submodule \"lib\"]\n\tupdate = \"!sh\"\n", false},
	{"url dash", "[submodule \"lib\"]\n\turl = -u./payload\n", false},
	{"name dotdot", "[submodule \"../../.git/hooks\"]\n\tpath = x\n\turl = ./x\n", false},
	{"name dotdot middle", "[submodule \"a/../b\"]\n\turl = ./x\n", false},
	{"name backslash dotdot", "[submodule \"a\\\\..\\\\b\"]\n\turl = ./x\n", false},
	{"name dotdot end", "[submodule \"a/..\"]\n\turl = ./x\n", false},
	{"name dotdot dotted", "[submodule...]\n\turl = ./x\n", false},
	{"name dots ok", "[submodule \"a..b\"]\n\turl = ./x\n", true},
	{"path option", "[submodule \"x\"]\n\tpath = -x\n\turl = ./x\n", false},
	{"path option continued", "[submodule \"x\"]\n\tpath = \\\n-x\n", false},
	{"relative escaping to host", "[submodule \"x\"]\n\turl = ../../:example.com/x\n", false},
	{"relative escaping slash", "[submodule \"x\"]\n\turl = ./../../../example.com/x\n", true},
	{"relative escaping root", "[submodule \"x\"]\n\turl = ../../../../../../../../..//example.com/x\n", false},
	{"newline encoded", "[submodule \"x\"]\n\turl = ./%0ahost=example.com\n", false},
	{"http no host", "[submodule \"x\"]\n\turl = http:///path\n", false},
	{"http host", "[submodule \"x\"]\n\turl = http://user@example.com/x\n", true},
	{"http newline", "[submodule \"x\"]\n\turl = https://example.com/%0a/x\n", false},
	{"comment after value", "[submodule \"x\"]\n\turl = ./x ; -x\n", true},
	{"not a submodule section", "[core]\n\turl = -x\n", true},
	{"empty", "", true},
	{"bad syntax", "[submodule \"x\"\n\turl = ./x\n", false},
}

// configCases are config files for the parser alone.
var configCases = []configCase{
	{"spaces kept inside", "[a]\n\tk =  x  y  \n", true},
	{"quoted spaces", "[a]\n\tk = \" x \"\n", true},
	{"escapes", "[a]\n\tk = a\\tb\\\\c\\\"d\\be\n", true},
	{"bad escape", "[a]\n\tk = a\\qb\n", false},
	{"bare key", "[a]\n\tk\n", true},
	{"key and comment", "[a] k = v # c\n", true},
	{"subsection escapes", "[a \"x\\\"y\\\\z\\q\"]\n\tk = v\n", true},
	{"dotted section", "[A.B.c]\n\tk = v\n", true},
	{"no section", "k = v\n", true},
	{"partial bom", "\xef\xbb[a]\nk=v\n", false},
	{"unterminated quote", "[a]\n\tk = \"x\n", false},
	{"cr alone", "[a]\n\tk = x\ry\n", true},
	{"nul in value", "[a]\n\tk = x\x00y\n", true},
	{"key with digit", "[a]\n\tk2-x = v\n", true},
	{"key starting with digit", "[a]\n\t2k = v\n", false},
	{"no newline at end", "[a]\n\tk = v", true},
	{"continued then eof", "[a]\n\tk = v\\", true},
	{"vertical tab", "[a]\n\tk =\vv\n", true},
}

func TestCheckGitmodules(t *testing.T) {
	for _, c := range gitmodulesCases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckGitmodules([]byte(c.content))
			require.Equal(t, c.ok, err == nil, "%v", err)
		})
	}
}

func FuzzCheckGitmodules(f *testing.F) {
	for _, c := range append(gitmodulesCases, configCases...) {
		f.Add([]byte(c.content))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, perr := ParseConfig(data)
		err := CheckGitmodules(data)
		if perr != nil && err == nil {
			t.Fatal("a file git cannot parse was accepted")
		}
		// Every accepted submodule url, path and update passes its rule
		// on its own; a value git would run or pass as an option never
		// gets through.
		if err == nil {
			for _, e := range entries {
				if _, key, ok := splitSubsection(e.Name, "submodule"); ok && e.HasValue {
					v := cstr(e.Value)
					if (key == "url" || key == "path") && len(v) > 0 && v[0] == '-' || key == "update" && len(v) > 0 && v[0] == '!' {
						t.Fatalf("accepted %s = %q", e.Name, v)
					}
				}
			}
		}
		// A prefix of accepted entries is what is parsed before an error.
		again, _ := ParseConfig(data)
		require.Equal(t, entries, again)
	})
}

// A .gitmodules larger than core.bigFileThreshold's default is one git
// does not read and fsck refuses (gitmodulesLarge); the size alone
// decides, so no such file is made here.
func TestGitmodulesSize(t *testing.T) {
	require.NoError(t, gitmodulesSize(GitmodulesMaxSize))
	err := gitmodulesSize(GitmodulesMaxSize + 1)
	require.Error(t, err)
	require.Equal(t, "gitmodulesLarge", err.(*GitmodulesError).ID)
	require.Contains(t, err.Error(), "git does not read it")
}
