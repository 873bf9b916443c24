package trailer

import "strings"

// Base is the Aiedit-Base trailer, "<commit> <note>", on the first commit
// of a branch `hook run` records: the commit the agent's turns were made
// on, by its full hash, and what that commit is. The note is one of
// those CleanBase, SnapshotBase and UnknownBase write; a branch made by
// another version may say something else, so it is kept as it reads.
type Base struct {
	Commit string
	Note   string
}

// snapshotNote starts the note of a session-start snapshot commit.
const snapshotNote = "working tree at session start"

// CleanBase is the base of a session that began on a clean working tree:
// HEAD itself.
func CleanBase(head string) Base {
	return Base{Commit: head, Note: "HEAD (clean working tree at session start)"}
}

// SnapshotBase is the base of a session that began with uncommitted
// changes: the snapshot commit of the working tree, made on head.
func SnapshotBase(snapshot, head string) Base {
	return Base{Commit: snapshot, Note: snapshotNote + " (uncommitted changes on HEAD " + head[:min(12, len(head))] + ")"}
}

// UnknownBase is the base of a session whose start was not seen: HEAD,
// said so.
func UnknownBase(head string) Base {
	return Base{Commit: head, Note: "HEAD (no session start was seen: the working tree the agent started from is unknown)"}
}

// IsSnapshot reports whether the base names a session-start snapshot, a
// commit of the branch that is not the agent's work.
func (b Base) IsSnapshot() bool { return strings.HasPrefix(b.Note, snapshotNote) }

// String is the Aiedit-Base value.
func (b Base) String() string { return b.Commit + " " + b.Note }

// ParseBase reads an Aiedit-Base value; ok is false without a commit and
// a note.
func ParseBase(v string) (Base, bool) {
	commit, note, ok := strings.Cut(v, " ")
	if !ok || commit == "" || note == "" {
		return Base{}, false
	}
	return Base{Commit: commit, Note: note}, true
}
