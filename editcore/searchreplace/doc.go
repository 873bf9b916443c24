// Package searchreplace parses aider's and Cline's SEARCH/REPLACE blocks
// (docs/formats.md):
//
//	path/to/file.py
//	```python
//	<<<<<<< SEARCH          (Cline: ------- SEARCH)
//	old lines
//	=======
//	new lines
//	>>>>>>> REPLACE         (Cline: +++++++ REPLACE)
//	```
//
// The parser sees one line at a time and never looks ahead, so it can be
// fed a response as it streams. Its invariants:
//
//   - A marker is a whole line, surrounding whitespace ignored: 5 to 9 of
//     its character, then (for start and end) one or more spaces and its
//     word. Start: "<" or "-" with "SEARCH" or "SEARCH>"; divider: "=" alone;
//     end: ">" or "+" with "REPLACE" or "REPLACE>". Either start pairs with
//     either end (Cline accepts aider's markers too). Words are upper case.
//   - The path is found on the lines before the start marker, nearest
//     first, within lookback lines: blank lines and fence lines (```, ````,
//     ~~~, <source>-style tags) are stepped over, and a fence line whose
//     info string names a file ("```python a/x.py", "```a/x.py") gives it;
//     the first other line must be a path alone on its line, possibly
//     decorated (**p**, `p`, # p, p:, <path>p</path>). When there is none,
//     the previous block's path (in this response) is reused; with no
//     previous block the block is Malformed.
//   - SEARCH ends at the divider; REPLACE ends at the end marker. A divider
//     inside REPLACE is kept as content but makes the block Malformed: a
//     line of only "=" cannot be told from a divider (a reStructuredText
//     underline, or a model that closed REPLACE with "======="), and
//     guessing could apply the wrong text.
//   - A start marker inside a block ends that block as Malformed (never
//     closed) and starts a new one: this format cannot nest, and a model
//     that forgot an end marker should not lose its next block.
//   - An end marker before the divider makes the block Malformed; a stray
//     end marker outside any block is Malformed too. Stray dividers outside
//     blocks are prose (markdown underlines).
//   - Blank SEARCH: an Append op (aider creates a missing file and appends
//     to an existing one). A SEARCH cut by lines that are exactly "..."
//     into as many pieces as REPLACE is, is matched piece by piece: one op
//     per piece, sharing a Group, each found after the previous (InOrder).
//     With a different number of pieces the "..." lines are literal text.
//   - Replace ops carry the lines SEARCH and REPLACE share at their start
//     in Anchor and at their end in Trailing.
//   - Op.Line is the start marker's line; Op.Raw runs from the path line
//     (when found before the block) to the end marker.
package searchreplace
