//go:build cgo

package langs

// TreeSitter reports whether this build has the tree-sitter grammars:
// they are C, built with cgo (package syntax compiles them under the
// same build constraint).
const TreeSitter = true
