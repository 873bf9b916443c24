// Package trailer owns the trailers of aiedit's commits, both ways
// (docs/trailers.md): the generic "Key: value" message encoding
// (FormatMessage, Parse), the keys, the inner format of each value that
// has one (a type per value: Block, Check, Differ, Workdir, Reviewed,
// Verified, Base, Session, Squashed, Reconcile, …), and a Record of one
// commit's trailers that Encode writes in the documented order and
// Decode reads back. It runs no git process and knows no repository:
// the engine and the commands write and read commits, this package only
// their messages; none of them builds or splits a value itself.
//
// Invariants:
//   - What ParseReviewed, ParseVerified, ParseBase, ParseSession,
//     ParseSquashed and ParseReconcile read, String writes back byte
//     for byte.
//   - Decode(FormatMessage(s, b, r.Encode())) gives back r, for values
//     that fit on one line, up to what the format folds: validated
//     blocks counted as applied in the Summary, an unknown path as "-",
//     a block's Error read from its Detail. Encoding a decoded record
//     writes the same bytes again (the round trip is a fixed point).
//   - A commit lists at most MaxListed lines of each per-block or
//     per-command key; one Aiedit-Omitted line says how many more there
//     were (Bound).
//   - `git interpret-trailers --parse` reads exactly the trailers Parse
//     reads from a message FormatMessage wrote.
package trailer
