package syntax

import "github.com/git-aiedit/git-aiedit/check/syntax/langs"

// The table itself is in package langs, which --version reads before
// this package's parsers are initialized.

// Lang is a language the built-in check knows, and how this build checks
// it: the tree-sitter grammars are only in a build with cgo.
type Lang = langs.Lang

// TreeSitter reports whether this build has the tree-sitter grammars
// (they are C, built with cgo).
const TreeSitter = langs.TreeSitter

// Languages lists every language the check knows, in a fixed order, as
// this build checks it.
func Languages() []Lang { return langs.Languages() }

// Summary says in one line which languages this build checks, e.g. for
// --version.
func Summary() string { return langs.Summary() }
