package engine

import (
	"bufio"
	"os"

	"github.com/git-aiedit/git-aiedit/transcript"
)

// workdirs reads an agent's record once before it is applied, to learn
// from the whole of it which folder of the agent's machine was the
// repository's root (transcript.Workdirs): a path is mapped with what the
// record shows, however late it shows it. Only a file can be read twice;
// a live session or standard input maps as it goes, and --workdir says
// it all. A record that cannot be read learns nothing here: its reading
// says why.
func (b *batch) workdirs(src transcript.Source, opts transcript.Options) []transcript.Workdir {
	if !b.in.countable() || opts.Workdir != "" || !src.Records() && src != transcript.SpecStory {
		return nil
	}
	f, err := os.Open(b.in.path)
	if err != nil {
		return nil
	}
	defer f.Close()
	known, _ := transcript.Workdirs(bufio.NewReaderSize(f, 64<<10), src, opts)
	return known
}
