// Package snapshot is what live capture takes of the working tree: the
// commit a session's branch starts from (Take, at session start) and the
// tree a turn's end is compared with (Tree). It decides what goes in:
// tracked files as they are on disk and untracked files that are not
// ignored, within bounds (the agent waits while it is taken), never one
// whose name or content says it holds a secret (the snapshot is a
// commit, and a commit may be pushed), and nothing `git fsck --strict`
// refuses (such a path is kept as HEAD has it). What it left out is
// said, with why, for the hook's log.
//
// The git side is gitops': a private copy of the index
// (gitops.ScratchIndex) that each step runs one git command on, and the
// fsck rules a tree this tool writes is held to (gitops.CheckPath).
package snapshot
