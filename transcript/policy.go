package transcript

import "github.com/git-aiedit/git-aiedit/editcore"

// policies are the rules each agent applied its own edits by, learned from
// its source at the version named, so that a replay applies them as it
// did (docs/formats.md, "Each agent's rules"). A source not listed is
// replayed by generic text's rules (the zero Policy): strict, a new
// source included until its agent's rules are known.
var policies = map[Source]editcore.Policy{
	// aider 0.86 editblock_coder.py: replace_most_similar_chunk takes the
	// first exact run of whole lines (then the first with leading
	// whitespace uniformly off); prep() ends the file with a newline;
	// strip_quoted_wrapping drops a trailing blank line of SEARCH and
	// REPLACE.
	Aider: {Agent: "aider 0.86", Choice: editcore.First, BlockEnds: true},
	// Claude Code 1.0 (Edit, MultiEdit, Write as documented): a string
	// replacement that must be unique unless replace_all; content is
	// written as given, with no newline added.
	ClaudeCode: {Agent: "Claude Code 1.0", NoAddedNewline: true},
	// Codex CLI 0.44 codex-rs/apply-patch: seek_sequence finds each hunk
	// from the end of the previous one and takes the first fit; an Update
	// File joins the lines with newlines, so the file ends with exactly
	// one and a trailing blank line becomes it.
	Codex: {Agent: "Codex CLI 0.44", Choice: editcore.AfterPrevious, PatchEOF: true},
	// Gemini CLI 0.x (tools/write-file.ts, utils/editCorrector.ts):
	// write_file over an existing file corrects its content as an edit
	// of the whole file, whose trimPairIfPossible trims the new content's
	// leading and trailing white space, final newline included; a new
	// file and replace's result are written as given.
	Gemini: {Agent: "Gemini CLI 0.x", NoAddedNewline: true, TrimRewrite: true},
	// Cline 3.x (integrations/editor/DiffViewProvider.ts, update): the
	// file is written as the tool made it, with a final newline added
	// only when the original content ended with one; replace_in_file
	// keeps the rest of the file as it was, its end included.
	Cline: {Agent: "Cline 3.x", NoAddedNewline: true, KeepEnding: true},
	// OpenCode 1.0: its patch tool ports Codex's (first fit after the
	// previous hunk); edit is a string replacement and write writes the
	// content as given, with no newline added.
	OpenCode: {Agent: "OpenCode 1.0", Choice: editcore.AfterPrevious, NoAddedNewline: true},
}

// PolicyOf returns the rules src's agent applied its edits by.
func PolicyOf(src Source) editcore.Policy { return policies[src] }
