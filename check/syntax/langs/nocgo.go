//go:build !cgo

package langs

// TreeSitter reports whether this build has the tree-sitter grammars:
// they are C, and this build is without cgo (CGO_ENABLED=0, or no C
// compiler), so only the checks written in Go run.
const TreeSitter = false
