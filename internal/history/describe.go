package history

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Describe says in words what an error type means and what to do about
// it. The trailers record only the type, so review commands show this
// instead of apply's detailed message (which named lines of the file
// as it was then).
func Describe(e editcore.ErrorType) string {
	switch e {
	case editcore.AnchorNotFound:
		return "the lines to find are not in the file"
	case editcore.AmbiguousAnchor:
		return "the lines to find match more than one place in the file"
	case editcore.OldTextMismatch:
		return "the anchor was found, but the lines to replace after it differ from the file"
	case editcore.FileNotFound:
		return "the file does not exist"
	case editcore.FileExists:
		return "the file to create already exists with different content"
	case editcore.BinaryFile:
		return "the file is binary; it was not edited"
	case editcore.UnsafePath:
		return "the path leaves the repository, names .git, goes through a symbolic link or submodule, or is stored with Git LFS"
	case editcore.PreviousEditFailed:
		return "not attempted: an earlier edit to the same file in this response failed"
	case editcore.MalformedBlock:
		return "the edit block could not be read"
	case editcore.CheckFailed:
		return "a required check failed after the edit"
	case editcore.ToolFailed:
		return "the tool call had already failed when the model made it"
	case "":
		return ""
	}
	return string(e)
}

// Explain is the one-line explanation of a block's outcome, "" for a
// block that applied as the model wrote it.
func Explain(b Block) string {
	if b.Reason != "" && (b.Status == editcore.Failed || b.Status == editcore.Skipped) {
		// Every caller shows the block's path beside it: the reason
		// need not name the file again.
		return strings.TrimPrefix(b.Reason, "in "+b.Path+": ")
	}
	switch b.Status {
	case editcore.Rejected:
		return "rejected by the user (apply -p): not applied"
	case editcore.Edited:
		return "edited by the user (apply -p) before it was committed"
	case editcore.NotInContext:
		return "not attempted: the model had not seen this file in full"
	case editcore.Outside:
		if b.Reason != "" {
			return "written outside the repository: not replayed into it (" + b.Reason + ")"
		}
		return "written outside the repository: not replayed into it"
	case editcore.Failed, editcore.Skipped:
		if d := Describe(b.Error); d != "" {
			return d
		}
		return "not applied"
	}
	return ""
}
