// Package wholefile parses whole-file rewrites (docs/formats.md): a fenced
// code block that names a file, on the line before the fence or on the
// fence line itself, and holds the file's complete new content.
//
//	src/app.py
//	```python
//	...the whole file...
//	```
//
// Each such block is a Write with Format "wholefile", which the Session
// refuses when the content looks truncated (elision comments, or less than
// half the file). The format is a fallback (parse.Fallback): it sees only
// the lines no other format claims, and its operations count only in a
// response where no other format found anything, unless it is forced.
//
// Invariants:
//
//   - Fences follow CommonMark: three or more backticks or tildes open; a
//     line of the same character, at least as long, with nothing after it,
//     closes. Inside a block, a fence line with an info string opens a
//     nested fence (a README with code examples), closed by the next bare
//     fence. The opening fence's indentation is removed from the content.
//   - The path is taken, in this order, from the fence's info string (a
//     token with a separator or an extension, possibly written path=,
//     file=, filename= or title=, or language:path) or from the nearest
//     non-blank line before the fence, which must be a path alone on its
//     line (repopath.Detect, after a markdown heading's "#" or a "File:"
//     label). A sentence that mentions a file ("Here is the updated
//     `src/app.py`:") is not a path: the block may be a snippet, and a
//     wrong guess overwrites a file.
//   - A block is never a whole file when its language says it is not one:
//     diff and patch, terminal sessions (console, shell-session), and
//     shell code (bash, sh, powershell, ...) unless the path is a script
//     (.sh, .ps1, ...) or a dotfile. Code blocks that are not whole files
//     are tracked to their closing fence and left alone (their lines stay
//     prose, so suggested commands are still seen).
//   - A block still open at the end of the response is Malformed: a cut-off
//     file must not be written.
//   - Op.Line is the opening fence's line; Op.Raw runs from the path line
//     (when the path came from there) to the closing fence.
package wholefile
