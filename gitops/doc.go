// Package gitops is the only package of git-aiedit that knows git objects
// and refs. It finds the repository, reads commits and trees, offers an
// isolated copy-on-write view of a tree (TreeFS) that edits are applied to,
// writes the resulting trees and commits, and moves refs with git's own
// compare-and-swap. It stores and reads bytes (a note's blob, a commit's
// message); what the tool's own formats say is their packages' (the
// attribution note's is format/attrnote), and its policies are their
// owners', which call the primitives here: what a live snapshot of the
// working tree takes is internal/snapshot's, built on a ScratchIndex. It
// imports nothing of the tool's but its own packages, the fsck rules
// (package fsckrule) and the leaf libraries for files (TestLayout holds it
// to that).
//
// Objects are read and written through go-git's object storage, opened
// directly on the common git directory; everything go-git does not do the
// way git does (discovery, identity, signing, ref updates, partial clones)
// is delegated to the git binary. Discovery's two git processes may
// already be running when Discover is called: on Linux, package prestart
// starts them while the program is initialized, and Discover takes their
// answers when they are what it would have asked for (StartDiscovery).
// Objects may be orphaned by a crash but are never half-written (go-git
// writes loose objects to a temporary file and renames it), and refs only
// move through `git update-ref`.
package gitops
