// Package editblock parses the seed edit-block protocol (docs/formats.md) in
// its three dialects:
//
//	v3     ««« EDIT / ═══════ REPL / »»» EDIT END   anchor = common prefix
//	v2     ««« EDIT / ─────── / ═══════ / ─────── / »»»   explicit anchors
//	emoji  🟧🟧🟧 EDIT / 🟨🟨🟨 REPL / 🟩🟩🟩 END      as v3
//
// The parser sees one line at a time and never looks ahead, so it can be
// fed a response as it streams. Its invariants:
//
//   - A marker is a whole line (surrounding whitespace ignored): three or
//     more of its symbol and its word. The same text inside a line is
//     content. Inside a block only markers of the block's own family
//     (guillemet or emoji) count; the other family's are content.
//   - The path is the nearest line before the start marker that is neither
//     blank nor a code fence, and it must pass repopath.Detect. Blank lines
//     and fences between path and marker are allowed (a block may sit in a
//     ``` fence, with the path inside or outside it); any other line in
//     between means the block has no path. Lookback is cleared after each
//     block, so a block never borrows the path of the previous one.
//   - Nested starts: ("outer block parsed; inner markers
//     treated as content"): a start marker inside a block opens a nested
//     level, and everything up to the matching end marker is content of the
//     outer block. So a block can carry a complete example block.
//   - A block that cannot be read becomes one Malformed op, never nothing:
//     no path, an end marker where a separator is expected, a block left
//     open at the end of the response, a separator or end marker with no
//     start. Parsing resumes on the line after the one that made the block
//     malformed (the end marker), so the next block is read normally.
//   - Op.Line is the line of the start marker (for a stray marker, its own
//     line); Op.Raw runs from the path line to the end marker.
package editblock
