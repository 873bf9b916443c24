package engine

import (
	"bufio"
	"context"
	"os"
	"path"
	"strings"
	"sync"

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

// folder returns Options.Fold for the batch's base tree: the tree's file
// or folder whose path equals p but for case. The tree's paths are listed
// once, on the first question, which only a record of an agent on a file
// system that ignores case (Windows) asks.
func (b *batch) folder() func(string) string {
	var once sync.Once
	var byLower map[string]string
	return func(p string) string {
		once.Do(func() {
			byLower = map[string]string{}
			files, err := b.a.repo.Files(context.Background(), b.tfs.Commit().String())
			if err != nil {
				return
			}
			for _, f := range files {
				for q := f; q != "." && q != "/" && q != ""; q = path.Dir(q) {
					if _, ok := byLower[strings.ToLower(q)]; ok {
						break
					}
					byLower[strings.ToLower(q)] = q
				}
			}
		})
		return byLower[strings.ToLower(p)]
	}
}
