package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classified is the part of a Command the classification tests look at.
type classified struct {
	Op        FileOp
	Flags     []string
	Paths     []string
	Recursive bool
	Reason    string
}

func TestClassify(t *testing.T) {
	unsupported := func(opt string) classified {
		return classified{Reason: "unsupported option " + opt}
	}
	tests := map[string]struct {
		in   string
		want classified
	}{
		// git rm
		"git rm":               {"git rm old.py", classified{Op: Remove, Paths: []string{"old.py"}}},
		"git rm several":       {"git rm a.py b/c.py", classified{Op: Remove, Paths: []string{"a.py", "b/c.py"}}},
		"git rm -r":            {"git rm -r old/", classified{Op: Remove, Flags: []string{"-r"}, Paths: []string{"old/"}, Recursive: true}},
		"git rm -rf":           {"git rm -rf old", classified{Op: Remove, Flags: []string{"-r", "-f"}, Paths: []string{"old"}, Recursive: true}},
		"git rm -fr":           {"git rm -fr old", classified{Op: Remove, Flags: []string{"-f", "-r"}, Paths: []string{"old"}, Recursive: true}},
		"git rm --cached":      {"git rm --cached -q secrets.env", classified{Op: Remove, Flags: []string{"--cached", "-q"}, Paths: []string{"secrets.env"}}},
		"git rm long flags":    {"git rm --force --quiet a", classified{Op: Remove, Flags: []string{"-f", "-q"}, Paths: []string{"a"}}},
		"git rm ignore":        {"git rm --ignore-unmatch a", classified{Op: Remove, Flags: []string{"--ignore-unmatch"}, Paths: []string{"a"}}},
		"git rm flag after":    {"git rm old -r", classified{Op: Remove, Flags: []string{"-r"}, Paths: []string{"old"}, Recursive: true}},
		"git rm repeated flag": {"git rm -r -r a", classified{Op: Remove, Flags: []string{"-r"}, Paths: []string{"a"}, Recursive: true}},
		"git rm double dash":   {"git rm -- -weird.py --x", classified{Op: Remove, Paths: []string{"-weird.py", "--x"}}},
		"git rm quoted path":   {`git rm "my file.py"`, classified{Op: Remove, Paths: []string{"my file.py"}}},
		"git rm dash path":     {"git rm -", classified{Op: Remove, Paths: []string{"-"}}},
		"git rm no paths":      {"git rm -r", classified{Reason: reasonNoPaths}},
		"git rm only dashes":   {"git rm --", classified{Reason: reasonNoPaths}},
		"git rm unknown flag":  {"git rm -x a", unsupported("-x")},
		"git rm unknown combo": {"git rm -rx a", unsupported("-x")},
		"git rm unknown long":  {"git rm --sparse a", unsupported("--sparse")},
		"git rm long value":    {"git rm --pathspec-from-file=f", unsupported("--pathspec-from-file=f")},
		"git rm dry run":       {"git rm -n a", classified{Reason: reasonDryRun}},
		"git rm glob":          {"git rm *.pyc", classified{Reason: reasonGlob}},
		"git rm quoted glob":   {"git rm '*.pyc'", classified{Reason: reasonPathspec}},
		"git rm quoted star":   {"git rm -r '*'", classified{Reason: reasonPathspec}},
		"git rm escaped glob":  {`git rm \*.pyc`, classified{Reason: reasonPathspec}},
		"git rm dot":           {"git rm -rf .", classified{Reason: reasonWholeTree}},
		"rm quoted star":       {"rm '*'", classified{Op: Remove, Paths: []string{"*"}}},
		"git rm question mark": {"git rm a?.py", classified{Reason: reasonGlob}},
		"git rm bracket":       {"git rm a[12].py", classified{Reason: reasonGlob}},
		"git rm tilde":         {"git rm ~/x", classified{Reason: reasonTilde}},
		"git rm quoted tilde":  {"git rm '~/x'", classified{Reason: reasonTilde}},
		"git rm quoted dollar": {"git rm '$HOME'", classified{Reason: reasonDollar}},
		"git rm empty path":    {`git rm a ""`, classified{Reason: reasonEmptyPath}},

		// git mv
		"git mv":           {"git mv old.py new.py", classified{Op: Move, Paths: []string{"old.py", "new.py"}}},
		"git mv into dir":  {"git mv a.py b.py lib/", classified{Op: Move, Paths: []string{"a.py", "b.py", "lib/"}}},
		"git mv flags":     {"git mv -f -k -v a b", classified{Op: Move, Flags: []string{"-f", "-k", "-v"}, Paths: []string{"a", "b"}}},
		"git mv combined":  {"git mv -fv a b", classified{Op: Move, Flags: []string{"-f", "-v"}, Paths: []string{"a", "b"}}},
		"git mv dashes":    {"git mv -- -a b", classified{Op: Move, Paths: []string{"-a", "b"}}},
		"git mv one path":  {"git mv a", classified{Reason: reasonNeedsTwo}},
		"git mv no paths":  {"git mv", classified{Reason: reasonNoPaths}},
		"git mv dry run":   {"git mv --dry-run a b", classified{Reason: reasonDryRun}},
		"git mv unknown":   {"git mv --sparse a b", unsupported("--sparse")},
		"git mv glob dest": {"git mv a *", classified{Reason: reasonGlob}},

		// rm
		"rm":              {"rm a.py", classified{Op: Remove, Paths: []string{"a.py"}}},
		"rm -rf":          {"rm -rf build/", classified{Op: Remove, Flags: []string{"-r", "-f"}, Paths: []string{"build/"}, Recursive: true}},
		"rm -R":           {"rm -R build", classified{Op: Remove, Flags: []string{"-r"}, Paths: []string{"build"}, Recursive: true}},
		"rm --recursive":  {"rm --recursive --force build", classified{Op: Remove, Flags: []string{"-r", "-f"}, Paths: []string{"build"}, Recursive: true}},
		"rm -d -v":        {"rm -dv empty", classified{Op: Remove, Flags: []string{"-d", "-v"}, Paths: []string{"empty"}}},
		"rm interactive":  {"rm -i a", classified{Reason: reasonInteractive}},
		"rm -rfi":         {"rm -rfi a", classified{Reason: reasonInteractive}},
		"rm -I":           {"rm -I a", classified{Reason: reasonInteractive}},
		"rm unknown":      {"rm --no-preserve-root -rf x", unsupported("--no-preserve-root")},
		"rm no paths":     {"rm -rf", classified{Reason: reasonNoPaths}},
		"rm backslashed":  {`\rm a`, classified{Op: Remove, Paths: []string{"a"}}},
		"rm multi-byte":   {"rm -ü a", unsupported("-ü")},
		"rm double dash":  {"rm -- -rf", classified{Op: Remove, Paths: []string{"-rf"}}},
		"rm glob in dir":  {"rm -r src/*/cache", classified{Reason: reasonGlob}},
		"rm absolute":     {"rm /etc/passwd", classified{Op: Remove, Paths: []string{"/etc/passwd"}}},
		"rm dotdot kept":  {"rm ../x", classified{Op: Remove, Paths: []string{"../x"}}},
		"rm unnormalised": {"rm ./a//b/", classified{Op: Remove, Paths: []string{"./a//b/"}}},

		// mv
		"mv":             {"mv a.py b.py", classified{Op: Move, Paths: []string{"a.py", "b.py"}}},
		"mv -fv":         {"mv -fv a b", classified{Op: Move, Flags: []string{"-f", "-v"}, Paths: []string{"a", "b"}}},
		"mv many":        {"mv a b c dir/", classified{Op: Move, Paths: []string{"a", "b", "c", "dir/"}}},
		"mv one":         {"mv a", classified{Reason: reasonNeedsTwo}},
		"mv no clobber":  {"mv -n a b", unsupported("-n")},
		"mv target dir":  {"mv -t dir a", unsupported("-t")},
		"mv interactive": {"mv -i a b", classified{Reason: reasonInteractive}},

		// mkdir
		"mkdir":          {"mkdir src", classified{Op: Mkdir, Paths: []string{"src"}}},
		"mkdir -p":       {"mkdir -p src/a src/b", classified{Op: Mkdir, Flags: []string{"-p"}, Paths: []string{"src/a", "src/b"}}},
		"mkdir -pv":      {"mkdir -pv a", classified{Op: Mkdir, Flags: []string{"-p", "-v"}, Paths: []string{"a"}}},
		"mkdir parents":  {"mkdir --parents a", classified{Op: Mkdir, Flags: []string{"-p"}, Paths: []string{"a"}}},
		"mkdir mode":     {"mkdir -m 755 a", unsupported("-m")},
		"mkdir no paths": {"mkdir -p", classified{Reason: reasonNoPaths}},

		// not file operations
		"git -C":          {"git -C sub rm a", classified{Reason: reasonGitOptions}},
		"git -c":          {"git -c core.x=y mv a b", classified{Reason: reasonGitOptions}},
		"git alone":       {"git", classified{Reason: reasonNotFileOp}},
		"git add":         {"git add a", classified{Reason: reasonNotFileOp}},
		"git commit":      {`git commit -m "rm a"`, classified{Reason: reasonNotFileOp}},
		"npm install":     {"npm install", classified{Reason: reasonNotFileOp}},
		"pytest":          {"pytest -q tests/", classified{Reason: reasonNotFileOp}},
		"cd":              {"cd src", classified{Reason: reasonNotFileOp}},
		"cp":              {"cp a b", classified{Reason: reasonNotFileOp}},
		"rmdir":           {"rmdir a", classified{Reason: reasonNotFileOp}},
		"absolute rm":     {"/bin/rm a", classified{Reason: reasonNotFileOp}},
		"sudo":            {"sudo git rm a", classified{Reason: reasonSudo}},
		"doas":            {"doas rm a", classified{Reason: reasonSudo}},
		"env assignment":  {"GIT_DIR=x git rm a", classified{Reason: reasonEnv}},
		"variable path":   {"git rm $F", classified{Reason: reasonVariable}},
		"brace path":      {"git rm a.{py,pyc}", classified{Reason: reasonBrace}},
		"unbalanced path": {`git rm "a.py`, classified{Reason: reasonUnbalanced}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			cmds := ParseLine(tt.in, 1)
			require.Len(t, cmds, 1)
			c := cmds[0]
			assert.Equal(t, tt.want, classified{c.Op, c.Flags, c.Paths, c.Recursive, c.Reason})
		})
	}
}

// TestNotRunClearsOperation checks that a command that would be a file
// operation, but is not run because of its chain, carries no operation
// fields an applier could act on.
func TestNotRunClearsOperation(t *testing.T) {
	cmds := ParseLine("false || git rm -r old", 1)
	require.Len(t, cmds, 2)
	assert.Equal(t, classified{Reason: reasonAfterOr},
		classified{cmds[1].Op, cmds[1].Flags, cmds[1].Paths, cmds[1].Recursive, cmds[1].Reason})
	assert.Equal(t, "git", cmds[1].Program)
	assert.Equal(t, []string{"rm", "-r", "old"}, cmds[1].Args)
}
