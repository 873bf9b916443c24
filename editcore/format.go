package editcore

// Format is a line parser for one edit format. The response parser (package parse) offers it every
// line of a response, in order, except the lines of another format's block.
//
// Lines are Go strings cut from the response; a Format may keep them.
type Format interface {
	// Name is the format's name in reports and for --format.
	Name() string
	// Line sees line n (1-based, terminator and trailing "\r" removed).
	// claimed: the line belongs to a block of this format, so it is not
	// prose (the shell scanner and the other formats do not see it).
	// active: the format is inside a block and wants the following lines
	// exclusively. An active format that returns claimed=false hands the
	// line back: it is then offered to every format, itself included, as
	// an idle line. ops are the operations this line completed, in order.
	Line(n int, line string) (claimed, active bool, ops []Op)
	// End is called at the end of the response; it returns what is still
	// pending (an unclosed block is a Malformed op) and makes the format
	// ready for another response.
	End() []Op
	// Reset drops any lookback (a path seen on an earlier line). It is
	// called on idle formats when another format claims a line, so that no
	// format pairs a path with a marker across another format's block.
	Reset()
}
