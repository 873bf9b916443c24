package trailer

import "strings"

// Reconcile is the Aiedit-Reconcile trailer of an `apply --reconcile`
// commit, "<what> of <file name>": the recorded result it brings the
// branch to (as Verified names it) and the transcript that recorded it.
type Reconcile struct {
	What, Of string
}

const reconcileOf = " of "

// String is the Aiedit-Reconcile value.
func (r Reconcile) String() string { return r.What + reconcileOf + r.Of }

// ParseReconcile reads an Aiedit-Reconcile value; ok is false without
// both parts. What ends at the first " of " (a what never holds one);
// the file name, the rest, may.
func ParseReconcile(v string) (Reconcile, bool) {
	what, of, ok := strings.Cut(v, reconcileOf)
	if !ok || what == "" || of == "" {
		return Reconcile{}, false
	}
	return Reconcile{What: what, Of: of}, true
}
