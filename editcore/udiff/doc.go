// Package udiff parses unified diffs (docs/formats.md): real git diffs and the
// looser diffs models write.
//
// Detection, one line at a time (the parser never looks ahead, so it can
// be fed a response as it streams):
//
//   - A diff starts at a "diff --git" line, at a "--- " line immediately
//     followed by "+++ ", or at the first line of a ```diff, ```patch or
//     ```udiff fence when that line starts a diff ("diff --git", "--- ",
//     "@@"). A fence of bare "+"/"-" lines is a highlighted snippet, not an
//     edit. The fence lines themselves are left to the other readers of the
//     response (prose, shell scanner), as fences around other blocks are.
//   - A fenced diff ends at its closing fence. An unfenced diff ends at the
//     first line that cannot belong to it. A blank line is a context line
//     while a hunk's counts still expect lines; in a hunk without counts it
//     is held until the next line shows whether the hunk goes on; a
//     markdown bullet ("- Fixed it") after a blank line is prose.
//   - Every line of a diff is claimed (it is not prose), and the diff's
//     operations come out when it ends.
//
// Reading a diff, file by file:
//
//   - Each file's section goes to go-gitdiff as written. When it reads the
//     section with every hunk line accounted for, the diff is trusted: the
//     hunks' old start lines become hints (moved by the hunks before them,
//     as git applies them) and, when the hunks are in file order, they are
//     searched in order. Its file headers give creates, deletes (which must
//     remove the whole file), renames (a move, then the hunks on the new
//     path) and mode changes (a chmod after the hunks).
//   - Otherwise (numbers missing or wrong, counts wrong, no "@@" line,
//     blank context lines) the section's hunks are checked line by line —
//     each must start with a space, "-", "+" or be "\ No newline…" or
//     blank — recounted and parsed again, without hints: the shared matcher
//     locates each hunk by its context and removed lines alone.
//   - A file's hunks form one group: they apply all or nothing.
//   - Refused, as a malformed block: binary patches (a deleted binary file
//     is still deleted), copies, symbolic links and submodules, hunks with
//     no file header, hunks with nothing but added lines in a file that
//     has other hunks, and a fenced diff cut off by the end of the response
//     unless go-gitdiff reads it whole.
//   - A file's "\ No newline at end of file" is not kept: an edited file
//     ends with a newline (docs/formats.md, "Files and bytes").
package udiff
