// Package ask puts questions to a person on a terminal: `apply -p`'s
// about each block (review.go) and `review`'s about each hunk
// (choose.go), with git's own choice of editor for an edited answer.
package ask
