package transcript

import "slices"

// Workdir is a folder of the agent's machine that a response's recorded
// paths were mapped from: it stands for the repository's root.
type Workdir struct {
	Path string // as the record names it, slash-separated
	// From says how it was found: "option" (--workdir), "recorded" (the
	// session's working directory or workspace), "inferred" (the prefix
	// whose remainders exist in the base tree).
	From string
}

// Ways a workdir is found.
const (
	WorkdirOption   = "option"
	WorkdirRecorded = "recorded"
	WorkdirInferred = "inferred"
)

// IsAbsWorkdir reports whether p can name an agent's folder: an absolute
// POSIX path or a Windows one with its drive (C:\\Users\\me\\proj).
func IsAbsWorkdir(p string) bool { return isAbs(p) }

// addWorkdirs adds the mappings of ws not in to yet.
func addWorkdirs(to, ws []Workdir) []Workdir {
	for _, w := range ws {
		if !slices.Contains(to, w) {
			to = append(to, w)
		}
	}
	return to
}
