// Package transcript turns what a user has from an AI coding session into an
// ordered stream of assistant responses.
//
// A transcript is read from an io.Reader and never held in memory as a whole:
// text sources are read line by line, JSON sources record by record (JSONL)
// or element by element (a JSON list). Each [Response] carries either the
// assistant's text, to be parsed for edit blocks by the caller, or the
// structured edits of its tool calls, already turned into [editcore.Op]s.
//
// Sources (docs/transcripts.md): [Raw], [Markdown], [Aider],
// [ClaudeCode] (also generic Anthropic Messages API conversations),
// [Codex] and [OpenHands]. [Detect] sniffs the source from the head of the
// input; [ParseSource] validates a --from value.
//
// Hostile input is tolerated: a line longer than [MaxLine] or a record that
// does not decode is skipped with a warning naming its line (Options.Warn),
// and reading goes on. Only I/O errors and responses larger than
// [MaxResponse] stop the stream.
package transcript
