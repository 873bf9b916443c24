package trailer

// The trailer keys of aiedit's commits (docs/trailers.md). Every reader
// and writer names a key through these constants.
const (
	KeyTranscript = "Aiedit-Transcript"
	KeyResponse   = "Aiedit-Response"
	KeySession    = "Aiedit-Session"
	KeyBase       = "Aiedit-Base"
	KeySnapshot   = "Aiedit-Snapshot"
	KeyDigest     = "Aiedit-Response-Digest"
	KeyWorkdir    = "Aiedit-Workdir"
	KeyVerified   = "Aiedit-Verified"
	KeyDiffers    = "Aiedit-Differs"
	KeyRetryOf    = "Aiedit-Retry-Of"
	KeyModel      = "Aiedit-Model"
	KeyBlock      = "Aiedit-Block"
	KeyReason     = "Aiedit-Reason"
	KeyShell      = "Aiedit-Shell"
	KeyUnreplayed = "Aiedit-Unreplayed"
	// KeyUnexplained names a path a live turn's commit takes from the
	// working tree the agent left, which its record does not explain.
	KeyUnexplained = "Aiedit-Unexplained"
	KeyCheck       = "Aiedit-Check"
	KeySummary     = "Aiedit-Summary"
	KeyOmitted     = "Aiedit-Omitted"
	KeyReconcile   = "Aiedit-Reconcile"
	KeySquashed    = "Aiedit-Squashed"
	KeyReviewed    = "Aiedit-Reviewed"
	// KeyAssistedBy is the provenance trailer other tools read too.
	KeyAssistedBy = "Assisted-by"
)

// Quotes reports whether the trailer key's values quote the response (the
// commands it suggested or ran, why its blocks failed, the paths it
// named, what its checks said, the agent's folders its paths were
// mapped from), so a writer redacts them. The others
// identify the response (its transcript's hash, its number, its digest,
// its session) and are never changed: a hash beside a file named
// api-keys.md is no secret.
func Quotes(key string) bool {
	switch key {
	case KeyShell, KeyUnreplayed, KeyUnexplained, KeyReason, KeyBlock, KeyCheck, KeyWorkdir:
		return true
	}
	return false
}
