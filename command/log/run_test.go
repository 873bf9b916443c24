package log

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func TestRun(t *testing.T) {
	r, _ := historytest.Review(t)
	tests := map[string]struct {
		opts     Options
		tty      bool
		want     []string
		absent   []string
		stderr   string
		wantCode int // exit status of the error; 0 = no error
	}{
		"lines": {opts: Options{Rev: "review"}, want: []string{
			"  3/3  1 applied                              Add the docs.\n",
			"  1/3  2 applied                              Please make f return 2, and fix the rest\n",
		}, absent: []string{"✗", "\x1b"}},
		"verbose marks failures": {opts: Options{Rev: "review", Verbose: true}, want: []string{
			"    ✗ 1 failed:ambiguous_anchor      app.py\n", "    ! 2 not_in_context               lib.py\n", "    ✓ 3 applied ",
		}, absent: []string{"\x1b"}},
		"colour on a terminal": {opts: Options{Rev: "review", Verbose: true}, tty: true, want: []string{
			"\x1b[31m✗ 1 failed:ambiguous_anchor", "\x1b[31m1 applied, 1 failed, 1 not in context\x1b[0m",
		}},
		"markdown":                {opts: Options{Rev: "review", Markdown: true}, want: []string{"## AI edits: 3 responses", "### What was asked\n\n**1/3** `", "> Please make f return 2, and fix the rest."}},
		"nothing":                 {opts: Options{Rev: "main"}, stderr: "no aiedit commits on main"},
		"error_json_and_markdown": {opts: Options{Rev: "review", JSON: true, Markdown: true}, wantCode: exitcode.Usage},
		"error_unknown_rev":       {opts: Options{Rev: "nosuch"}, wantCode: exitcode.Usage},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			io, _, out, errOut := iostreams.Test()
			io.SetTTY(tt.tty, tt.tty)
			opts := tt.opts
			opts.IO, opts.Dir = io, r.Dir
			err := Run(context.Background(), &opts)
			if tt.wantCode != 0 {
				require.Error(t, err)
				assert.Equal(t, tt.wantCode, exitcode.Of(err, -1))
				return
			}
			require.NoError(t, err)
			for _, w := range tt.want {
				assert.Contains(t, out.String(), w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, out.String(), a)
			}
			assert.Contains(t, errOut.String(), tt.stderr)
		})
	}
}

func TestRunJSON(t *testing.T) {
	r, _ := historytest.Review(t)
	io, _, out, _ := iostreams.Test()
	require.NoError(t, Run(context.Background(), &Options{IO: io, Dir: r.Dir, Rev: "review", JSON: true}))
	var got jsonLog
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	require.Len(t, got.Responses, 3)
	assert.Equal(t, 3, got.Responses[0].Response, "newest first")
	second := got.Responses[1]
	assert.Equal(t, "Now the others", second.Subject, "the request is the subject")
	assert.Equal(t, "Now the others.", second.Prompt)
	assert.Equal(t, "ambiguous_anchor", second.Blocks[0].ErrorType)
	assert.Equal(t, "not_in_context", second.Blocks[1].Status)
	assert.Equal(t, 4, got.Summary.Applied)
}
