package syntax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	tests := map[string]struct {
		path  string
		src   string
		want  []Error // nil: no error
		lexer []Error // Python without tree-sitter (no cgo), when it differs from want
	}{
		// Go
		"go valid": {path: "a.go", src: "package a\n\nfunc F() int { return 1 }\n"},
		"go_error_missing_brace": {path: "a.go", src: "package a\n\nfunc F() int {\n\treturn 1\n",
			want: []Error{{4, "expected '}', found 'EOF'"}}},
		"go_error_bad_statement": {path: "pkg/a.go", src: "package a\n\nfunc F() {\n\tx := \n}\n",
			want: []Error{{5, "expected operand, found '}'"}}},

		// JSON, YAML, TOML
		"json valid":              {path: "a.json", src: `{"a": [1, 2]}`},
		"json with a BOM":         {path: "a.json", src: "\xef\xbb\xbf{}\n"},
		"json_error_trailing":     {path: "a.json", src: "{\n  \"a\": 1,\n}\n", want: []Error{{3, "invalid character '}' looking for beginning of object key string"}}},
		"jsonc comments":          {path: "tsconfig.json", src: "{\n  // strict\n  \"a\": 1, /* x */\n}\n"},
		"jsonc_error_still_bad":   {path: ".vscode/settings.json", src: "{\n  \"a\": 1\n  \"b\": 2\n}\n", want: []Error{{3, "invalid character '\"' after object key:value pair"}}},
		"jsonl":                   {path: "a.jsonl", src: "{\"a\":1}\n\n{\"b\":2}\n"},
		"jsonl_error_line":        {path: "a.ndjson", src: "{\"a\":1}\n{\"b\":\n", want: []Error{{2, "unexpected end of JSON input"}}},
		"yaml valid":              {path: "a.yml", src: "a: 1\nb:\n  - x\n---\nc: 2\n"},
		"yaml_error_indent":       {path: "a.yaml", src: "a: 1\n  b: 2\n", want: []Error{{2, "mapping values are not allowed in this context"}}},
		"yaml template unchecked": {path: "chart/templates/x.yaml", src: "a: {{ .Values.a }}\n  b: 2\n"},
		"toml valid":              {path: "a.toml", src: "[a]\nb = 1\n"},
		"toml_error_value":        {path: "Cargo.toml", src: "[a]\nb = \n", want: []Error{{2, "expected value but found '\\n' instead"}}},

		// Python
		"python valid": {path: "a.py", src: "import os\n\n\nclass A:\n    \"\"\"Doc: (not code.\"\"\"\n\n    def f(self, x: int) -> dict[str, int]:\n        if x:  # comment (\n            return {'a': [1,\n                2]}\n        else: return {}\n\n\n# end\n"},
		"python one-line bodies and continuation": {path: "a.py", src: "if a: b()\nx = 1 + \\\n    2\nwhile (n := f()):\n    pass\nasync def g():\n    await h()\n"},
		"python strings with brackets":            {path: "a.py", src: "s = '(' + \"[\" + r'\\'' + f\"{x['k']}\" + b'}'\nt = '''\n)\n'''\n"},
		"python decorators and match":             {path: "a.py", src: "@dec(1)\ndef f():\n    match x:\n        case [1, 2]:\n            pass\n"},
		"python_error_unclosed_paren": {path: "a.py", src: "def f():\n    return g(1,\n\ndef h():\n    pass\n", want: []Error{{2, `unexpected "return"`}},
			lexer: []Error{{2, "'(' was never closed"}}},
		"python_error_unmatched": {path: "a.py", src: "x = 1)\n", want: []Error{{1, `unexpected "x"`}},
			lexer: []Error{{1, "unmatched ')'"}}},
		"python_error_mismatch": {path: "a.py", src: "x = [1, 2)\n", want: []Error{{1, `unexpected "x"`}},
			lexer: []Error{{1, "closing parenthesis ')' does not match opening parenthesis '['"}, {1, "'[' was never closed"}}},
		"python_error_unexpected_indent": {path: "a.py", src: "x = 1\n    y = 2\n", want: []Error{{2, "unexpected indent"}}},
		"python_error_no_body":           {path: "a.py", src: "def f():\nreturn 1\n", want: []Error{{2, "expected an indented block"}}},
		"python_error_no_body_at_end":    {path: "a.py", src: "class A:\n    def f(self):\n", want: []Error{{2, "expected an indented block"}}},
		"python_error_dedent": {path: "a.py", src: "if a:\n        b = 1\n    c = 2\n",
			want: []Error{{3, "unindent does not match any outer indentation level"}}},
		"python_error_missing_colon": {path: "a.py", src: "def f(x)\n    return x\n",
			want:  []Error{{1, `unexpected "def"`}, {2, "unexpected indent"}},
			lexer: []Error{{1, "expected ':'"}, {2, "unexpected indent"}}},
		"python_error_string": {path: "a.py", src: "s = 'abc\nt = 1\n", want: []Error{{1, `unexpected "'"`}},
			lexer: []Error{{1, "unterminated string literal"}}},
		"python_error_triple": {path: "a.py", src: "s = \"\"\"abc\n\nt = 1\n", want: []Error{{1, `unexpected "\"\"\""`}},
			lexer: []Error{{1, "unterminated triple-quoted string literal"}}},

		// JavaScript and TypeScript (tree-sitter, with JSX and TSX)
		"js valid":           {path: "a.js", src: "const re = /[)}]/g; // )\nconst t = `a ${b({c: `${d}`})} }`;\nfunction f(a) { return a / 2 / (3); }\n"},
		"ts valid":           {path: "a.ts", src: "export function f<T>(xs: Array<T>): T[] {\n  return xs.filter((x) => x !== '}');\n}\n"},
		"js_error_unclosed":  {path: "src/a.js", src: "function f() {\n  if (x) {\n    g();\n}\n", want: []Error{{4, `missing "}"`}}},
		"js_error_string":    {path: "a.mjs", src: "const s = 'abc;\nf();\n", want: []Error{{1, `unexpected "'"`}}},
		"js_error_template":  {path: "a.ts", src: "const s = `abc ${x}\n", want: []Error{{1, `unexpected "const"`}}},
		"jsx valid":          {path: "a.jsx", src: "function A() {\n  return <p>Don't</p>;\n}\n"},
		"tsx valid":          {path: "a.tsx", src: "const a = <p>Don't {x}</p>;\n"},
		"tsx_error_unclosed": {path: "a.tsx", src: "const a = <p>Don't {</p>;\n", want: []Error{{1, `unexpected "const"`}}},

		// Rust, Java, C, C++ (tree-sitter)
		"rust valid":              {path: "src/lib.rs", src: "fn f<'a>(s: &'a str) -> char {\n    let c = '{';\n    let r = r#\"}\"#;\n    'outer: loop { break 'outer; }\n    /* a /* nested */ } */\n    '\\''\n}\n"},
		"rust_error_unclosed":     {path: "src/main.rs", src: "fn main() {\n    println!(\"hi\";\n}\n", want: []Error{{2, `missing ")"`}}},
		"rust_error_no_value":     {path: "src/main.rs", src: "fn main() {\n    let x = ;\n}\n", want: []Error{{2, `unexpected "="`}}},
		"java valid":              {path: "A.java", src: "class A {\n  String s = \"\"\"\n    }\n    \"\"\";\n  char c = '}';\n}\n"},
		"java_error_extra_brace":  {path: "A.java", src: "class A {\n  void f() {}\n  }\n}\n", want: []Error{{4, `unexpected "}"`}}},
		"c valid":                 {path: "a.c", src: "#include <stdio.h>\n#define OPEN {\n#ifdef X\nint g;\n#endif\nint f(int a) {\n  return '}';\n}\n"},
		"c_error_char":            {path: "a.h", src: "char c = 'x;\n", want: []Error{{1, `unexpected "char"`}}},
		"c_error_comment":         {path: "a.c", src: "int a;\n/* never closed\n", want: []Error{{2, `unexpected "/"`}}},
		"cpp valid":               {path: "a.cpp", src: "auto s = R\"x(})\")x\";\nint n = 1'000'000;\nnamespace a { }\n"},
		"cpp_error_missing_paren": {path: "a.hpp", src: "int f() {\n  return g(1;\n}\n", want: []Error{{2, `missing ")"`}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := Check(tc.path, []byte(tc.src))
			want := tc.want
			if !TreeSitter {
				if Language(tc.path) == "" { // a grammar-only language
					assert.False(t, ok, "without cgo nothing checks %s", tc.path)
					return
				}
				if tc.lexer != nil {
					want = tc.lexer
				}
			}
			require.True(t, ok || want == nil, "a checker must know %s", tc.path)
			assert.Equal(t, want, got)
		})
	}
}

func TestCheckUnknown(t *testing.T) {
	tests := map[string]struct {
		path string
		src  string
	}{
		"no checker":     {"README.md", "# (\n"},
		"binary":         {"a.go", "package a\x00"},
		"yaml template":  {"a.yaml", "a: {{ b }}"},
		"no extension":   {"Makefile", "all: ("},
		"too large file": {"a.json", string(make([]byte, MaxSize+1))},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			errs, ok := Check(tc.path, []byte(tc.src))
			assert.False(t, ok)
			assert.Nil(t, errs)
		})
	}
	assert.Equal(t, "python", Language("x/y.py"))
	assert.Equal(t, "", Language("x/y.md"))
}

func TestIntroduced(t *testing.T) {
	tests := map[string]struct {
		path          string
		before, after string
		want          []Error
		lexer         []Error // Python without tree-sitter (no cgo), when it differs from want
	}{
		"clean edit": {path: "a.py", before: "x = 1\n", after: "x = 2\n"},
		"new file with error": {path: "a.py", after: "def f(:\n",
			want: []Error{{1, `missing ")"`}}, lexer: []Error{{1, "'(' was never closed"}}},
		"error introduced": {path: "a.go", before: "package a\n\nfunc F() {}\n", after: "package a\n\nfunc F() {\n",
			want: []Error{{3, "expected '}', found 'EOF'"}}},
		"old error not blamed": {path: "a.py",
			before: "x = (1\n",
			after:  "# a comment\ny = 2\nx = (1\n"},
		"old error shifted by an edit above": {path: "a.js",
			before: "let a = 1;\nfunction f() {\n  g(;\n}\n",
			after:  "let a = 2;\nlet b = 3;\nfunction f() {\n  g(;\n}\n"},
		"second error of the same kind is new": {path: "a.js",
			before: "function f() {\n  g(;\n}\n",
			after:  "function f() {\n  g(;\n}\nfunction k() {\n  h(;\n}\n",
			want:   []Error{{5, `missing ")"`}}},
		"old error moved inside the changed region": {path: "a.py",
			before: "a = 1\ns = 'x\nb = 2\n",
			after:  "a = 1\nc = 3\ns = 'x\nb = 2\n"},
		"old error fixed and a new kind added": {path: "a.py",
			before: "s = 'x\n",
			after:  "s = 'x'\nif a\n    pass\n",
			want:   []Error{{2, `unexpected "if"`}, {3, "unexpected indent"}},
			lexer:  []Error{{2, "expected ':'"}, {3, "unexpected indent"}}},
		"unknown language": {path: "a.txt", before: "", after: "(((\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := Introduced(tc.path, []byte(tc.before), []byte(tc.after))
			want := tc.want
			if !TreeSitter {
				if Language(tc.path) == "" { // a grammar-only language
					assert.False(t, ok, "without cgo nothing checks %s", tc.path)
					return
				}
				if tc.lexer != nil {
					want = tc.lexer
				}
			}
			assert.Equal(t, want, got)
		})
	}
}

// A new file (no before) had no errors: a JSON file holding only "{" is
// reported, where an empty file's own "unexpected end of JSON input" at
// line 1 excused it. An empty file that was there still excuses it.
func TestIntroducedNewFile(t *testing.T) {
	got, ok := Introduced("a.json", nil, []byte("{\n"))
	assert.True(t, ok)
	assert.Equal(t, []Error{{1, "unexpected end of JSON input"}}, got)
	got, ok = Introduced("a.json", []byte{}, []byte("{\n"))
	assert.True(t, ok)
	assert.Empty(t, got)
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"def f():\n    return (1,\n", "x = '''a\n", "fn f<'a>() { r#\"x\"# }", "`${`${a}`}`",
		"#if A\n{\n#else\n{\n#endif\n}", "/* /* */", "s = R\"d(x)d\"", "a = /[/]/g / 2",
		"{\"a\": [1, 2,]}", "a:\n  - b\n c", "[a]\nb = ", "package a\nfunc (",
	} {
		f.Add(s)
	}
	exts := []string{".py", ".js", ".ts", ".rs", ".java", ".c", ".cpp", ".go", ".json", ".yaml", ".toml", ".jsonc"}
	f.Fuzz(func(t *testing.T, src string) {
		for _, ext := range exts {
			errs, ok := Check("f"+ext, []byte(src))
			if !ok {
				continue
			}
			lines := 1
			for _, c := range src {
				if c == '\n' {
					lines++
				}
			}
			for _, e := range errs {
				if e.Line < 0 || e.Line > lines+1 {
					t.Fatalf("%s: line %d outside 1..%d: %v", ext, e.Line, lines, e)
				}
			}
			// A file is never blamed for the errors it already had.
			if again, _ := Introduced("f"+ext, []byte(src), []byte(src)); len(again) != 0 {
				t.Fatalf("%s: unchanged file blamed for %v", ext, again)
			}
		}
	})
}
