// Package editcore turns a model's proposed edits into new file contents.
//
// Every edit format (edit blocks, SEARCH/REPLACE, unified diffs, apply_patch,
// whole files, tool calls) is parsed into the same ordered list of [Op]s.
// A [Session] then validates and applies those operations, one response at a
// time, on a billy.Filesystem, producing one [Result] per operation.
//
// The package knows nothing about git: the filesystem it is given is an
// isolated copy (gitops provides one over a commit's tree), and whatever the
// caller needs to know about paths beyond their spelling (symlinks,
// submodules, LFS) comes in through [Options].
//
// Data flows one way: format parsers (subpackages) -> Op -> Session -> Result.
package editcore
