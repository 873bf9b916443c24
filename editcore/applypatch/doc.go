// Package applypatch parses OpenAI's apply_patch format, V4A (docs/formats.md):
//
//	*** Begin Patch
//	*** Add File: path        then "+" lines: the file's content
//	*** Delete File: path
//	*** Update File: path     then, optionally, "*** Move to: path"
//	@@ scope line             then " ", "-" and "+" lines, "*** End of File"
//	*** End Patch
//
// The grammar and its behaviour follow the reference implementation (Codex's
// apply-patch crate) and its published end-to-end scenarios. Each file
// section becomes operations:
//
//   - Add File is a Write: it creates the file, or overwrites it.
//   - Delete File is a Delete: the file must exist and not be a directory.
//   - Each chunk of an Update File is a Replace: the lines it shares with
//     the start and the end of the file's new text are Anchor and Trailing,
//     the rest are Old and New. "@@ text" lines become Scope (several in a
//     row narrow step by step, as the V4A guide allows); "*** End of File"
//     sets AtEOF. The chunks of one file form one Group with InOrder, so
//     each is searched after the previous one, as Codex does, and they
//     apply all or nothing. A chunk with only "+" lines has nothing to
//     locate: Codex appends it at the end of the file, and so does its
//     ReplaceRange (Start -1), which fails on a missing file.
//   - Move to is a Move after the file's chunks, in the same Group.
//
// The parser never looks ahead. Its invariants:
//
//   - Markers and headers are whole lines compared with surrounding
//     whitespace trimmed; content lines ("+", "-", " ") are taken as
//     written.
//   - A section ends at the next header or at "*** End Patch"; its
//     operations are returned then (a section's lines may not all have
//     arrived before). Blank lines between sections, and at the end of a
//     chunk before the next "@@" or header, separate; blank lines followed
//     by more chunk lines are empty context lines, and blank lines in an
//     added file followed by more "+" lines are empty lines of the file.
//   - Whatever cannot be read is one Malformed operation per file section,
//     never nothing: an unknown "*** X" header, an update with no chunks, a
//     chunk with no lines, a line that is not a chunk line, a patch with no
//     file at all, and a section left open because the patch never ended
//     (end of response, a closing code fence, the here-document's
//     delimiter, or a new "*** Begin Patch"). Sections before it keep their
//     operations.
//   - The Codex shell form is accepted: an "apply_patch <<'EOF'" line
//     before "*** Begin Patch" and the delimiter line after "*** End Patch"
//     belong to the block. Such a line with no patch after it is Malformed.
//   - Op.Line is the line of the section header (of the chunk's first line
//     for a chunk, of "*** Move to:" for a move); Op.Raw is the section's
//     text, starting with its header.
package applypatch
