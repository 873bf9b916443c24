package sessions

import (
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Summary is what reading a session tells about it.
type Summary struct {
	Responses int    // assistant responses
	Model     string // the last model named, "" when none is
}

// Inspect reads a session's transcript to count its responses and find its
// model.
func Inspect(s Session, opt transcript.Options) (Summary, error) {
	f, err := safeopen.Regular(s.File)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	var sum Summary
	err = transcript.Read(f, s.Agent, opt, func(r *transcript.Response) error {
		sum.Responses++
		if r.Model != "" {
			sum.Model = r.Model
		}
		return nil
	})
	return sum, err
}
