package gitops

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// BenchmarkTreeFSCommit measures one response's worth of work on a large
// repository: open a view, modify 3 files, add 1, write the tree and the
// commit. The cost must not grow with the size of the repository.
func BenchmarkTreeFSCommit(b *testing.B) { benchTreeFS(b, true) }

// BenchmarkTreeFSWriteTree is the same without the commit, whose cost is
// mostly the two `git var` processes that work out the identity.
func BenchmarkTreeFSWriteTree(b *testing.B) { benchTreeFS(b, false) }

func benchTreeFS(b *testing.B, commit bool) {
	for _, n := range []int{1000, 100000} {
		b.Run("files="+strconv.Itoa(n), func(b *testing.B) {
			gittest.Setenv(b)
			dir := benchRepo(b, n)
			repo, err := Discover(context.Background(), dir)
			if err != nil {
				b.Fatal(err)
			}
			defer repo.Close()
			base, err := repo.ResolveCommit(context.Background(), "HEAD")
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				fs, err := repo.TreeFS(base)
				if err != nil {
					b.Fatal(err)
				}
				for _, p := range []string{benchPath(1), benchPath(n / 2), benchPath(n - 1)} {
					data, err := util.ReadFile(fs, p)
					if err != nil {
						b.Fatal(err)
					}
					data = append(data, fmt.Sprintf("edit %d\n", i)...)
					if err := util.WriteFile(fs, p, data, 0o644); err != nil {
						b.Fatal(err)
					}
				}
				if err := util.WriteFile(fs, "new/dir/file.txt", []byte(strconv.Itoa(i)), 0o644); err != nil {
					b.Fatal(err)
				}
				tree, err := repo.WriteTree(fs)
				if err != nil {
					b.Fatal(err)
				}
				if !commit {
					continue
				}
				if _, err := repo.WriteCommit(ctx, tree, []plumbing.Hash{base}, "bench\n"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchPath(i int) string {
	return fmt.Sprintf("d%03d/e%d/f%03d.txt", i/1000, (i/100)%10, i%100)
}

// benchRepo returns a repository with n files in one commit, made once with
// git fast-import and kept under the system temporary directory.
func benchRepo(b *testing.B, n int) string {
	b.Helper()
	dir := filepath.Join(os.TempDir(), "gitops-bench-v1-"+strconv.Itoa(n))
	if _, err := os.Stat(filepath.Join(dir, ".git", "aiedit-bench-done")); err == nil {
		return dir
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "gitops-bench-build-")
	if err != nil {
		b.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	gittest.Run(b, ".", nil, "init", "-q", "-b", "main", tmp)
	cmd := exec.Command("git", "-C", tmp, "fast-import", "--quiet")
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(in, 1<<20)
	fmt.Fprintf(w, "commit refs/heads/main\ncommitter %s <%s> %s\ndata 5\nbase\n", gittest.Name, gittest.Email, gittest.Date)
	for i := 0; i < n; i++ {
		content := fmt.Sprintf("file %d\nline two\n", i)
		fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", benchPath(i), len(content), content)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".git", "aiedit-bench-done"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	os.RemoveAll(dir) // a half-built leftover
	if err := os.Rename(tmp, dir); err != nil {
		b.Fatal(err)
	}
	return dir
}
