package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func TestZZPeak(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	files := 100000
	gittest.Setenv(t)
	dir := t.TempDir()
	var md strings.Builder
	md.WriteString("Create them.\n")
	for i := range files {
		fmt.Fprintf(&md, "\nsrc/d%03d/f%06d.txt\n««« EDIT\n═══════ REPL\nfile %d\n»»» EDIT END\n", i/1000, i, i)
	}
	exec.Command("git", "-C", dir, "init", "-q", "-b", "main").Run()
	exec.Command("git", "-C", dir, "commit", "-q", "--allow-empty", "-m", "b").Run()
	transcript := filepath.Join(t.TempDir(), "many.md")
	os.WriteFile(transcript, []byte(md.String()), 0o644)
	md.Reset()
	runtime.GC()
	stop := make(chan bool)
	var best []byte
	var bestInuse uint64
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(300 * time.Millisecond):
			}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > bestInuse {
				bestInuse = ms.HeapInuse
				var b bytes.Buffer
				pprof.Lookup("heap").WriteTo(&b, 0)
				best = b.Bytes()
			}
		}
	}()
	s, _, _, _ := iostreams.Test()
	err := runErr(context.Background(), &Options{Dir: dir, Transcripts: []string{transcript}, IO: s, Quiet: true, Branch: "b"})
	close(stop)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("peak inuse MB", bestInuse>>20)
	os.WriteFile("/tmp/w/peak.prof", best, 0o644)
}
