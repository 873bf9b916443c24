//go:build race

package main

// raceEnabled: the test binary (which the process tests run as
// git-aiedit) is built with -race, which multiplies its memory.
const raceEnabled = true
