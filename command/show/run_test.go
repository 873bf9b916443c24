package show

import (
	"context"
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
		wantCode int
	}{
		"failed blocks with reasons": {opts: Options{Rev: "review~1"}, want: []string{
			"response 2/3 of review.md: 1 applied, 1 failed, 1 not in context\n",
			"  ✗ 1 failed:ambiguous_anchor      app.py\n      ambiguous anchor: the lines match 2 places in app.py, at lines 5, 8; include a distinctive preceding line (a function name, class definition or unique comment) so that exactly one place matches\n",
			"diff --git a/other.py b/other.py\n--- a/other.py\n+++ b/other.py\n@@ -1 +1 @@\n-y = 1\n+y = 2\n",
		}, absent: []string{"\x1b", "app.py\n---"}},
		"no patch":         {opts: Options{Rev: "review~1", NoPatch: true}, absent: []string{"diff --git"}},
		"terminal":         {opts: Options{Rev: "review"}, tty: true, want: []string{"\x1b[32m+# Docs\x1b[0m", "\x1b[1mdiff --git a/docs.md b/docs.md\x1b[0m"}},
		"error_not_aiedit": {opts: Options{Rev: "main"}, wantCode: exitcode.Usage},
		"error_unknown":    {opts: Options{Rev: "nosuch"}, wantCode: exitcode.Usage},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			io, _, out, _ := iostreams.Test()
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
		})
	}
}
