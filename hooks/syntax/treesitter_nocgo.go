//go:build !cgo

package syntax

// TreeSitter reports whether this build has the tree-sitter grammars:
// they are C, and this build is without cgo (CGO_ENABLED=0, or no C
// compiler), so only the checks written in Go run.
const TreeSitter = false

// grammar has no grammar to offer without cgo.
func grammar(string) checker { return nil }
