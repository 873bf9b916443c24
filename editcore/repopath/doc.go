// Package repopath handles file paths as models write them: it recognises a
// line of a response that names a file (Detect), normalises the spelling to a
// repository-relative slash path (Clean, StripDiffPrefix), and refuses paths
// that git itself would refuse to check out (Verify).
//
// The package works on strings only; whether a path exists, is a symlink or
// lies in a submodule is for the caller, which has the tree.
package repopath
