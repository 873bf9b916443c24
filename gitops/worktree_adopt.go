package gitops

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Landing a live session: the agent edited the checkout, and the hook
// recorded each turn on a review branch. The branch's changes are then
// already in the checkout, as local changes, and a move that refused
// every local change could never land them. Adoptable sorts the paths a
// move from old to new changes by what the checkout holds for each:
//
//   - as old has it (index and file): the move updates it, as ever;
//   - the file as new has it, the index as old or new has it: the local
//     change is the move's own change, so the path is adopted: its index
//     entry becomes new's and its file is left as it is (an untracked file
//     the agent created becomes tracked);
//   - anything else (the user's own edit after or beside the agent's, a
//     conflict in the index): the move would lose it; it differs.
//
// Paths the move does not change are not looked at: their local
// changes, staged or not, stay as they are (reset --keep's rule).

// IndexEntry is a stage-0 index entry, or an absent one (Mode "").
type IndexEntry struct {
	Mode string // "100644", "100755", "120000", "160000"; "" when absent
	Hash plumbing.Hash
	// kept: skip-worktree or assume-unchanged, whose file git does not
	// look at (compared apart: not part of the entry's value).
	kept bool
}

// same compares two entries by value.
func (e IndexEntry) same(o IndexEntry) bool { return e.Mode == o.Mode && e.Hash == o.Hash }

// Adoption is what a checked-out branch's move from Old to New does with
// the worktree's local changes (see above).
type Adoption struct {
	Old, New plumbing.Hash
	Adopted  []string // the paths whose local change is the move's own, sorted
	Differ   []string // the paths the move would lose a local change in, sorted
	from     plumbing.Hash
	stage    []byte // update-index -z --index-info input: adopted paths as New has them
	restore  []byte // the same paths' entries as they were
}

// landed is one path the move changes.
type landed struct{ old, new IndexEntry }

// Adoptable looks at the checkout of the worktree at dir, which has old
// checked out, for a move to new. It changes nothing the user sees (it
// hashes the files of the changed paths into the object store, as git
// status may).
func (r *Repo) Adoptable(ctx context.Context, dir string, old, new plumbing.Hash) (*Adoption, error) {
	a := &Adoption{Old: old, New: new}
	changed, err := r.changedPaths(ctx, dir, old, new)
	if err != nil || len(changed) == 0 {
		return a, err
	}
	index, err := indexPath(ctx, dir)
	if err != nil {
		return nil, err
	}
	inIndex, unmerged, err := indexEntries(ctx, dir, nil, changed)
	if err != nil {
		return nil, err
	}
	onDisk, err := diskEntries(ctx, dir, index, changed)
	if err != nil {
		return nil, err
	}
	for p, e := range inIndex {
		if e.kept {
			// Outside a sparse checkout, or marked unchanged: git takes
			// the file to be as the index has it, and so does this.
			onDisk[p] = e
		}
	}
	paths := make([]string, 0, len(changed))
	for p := range changed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		c, i, w := changed[p], inIndex[p], onDisk[p]
		switch {
		case unmerged[p]:
			a.Differ = append(a.Differ, p)
		case w.same(c.new) && (i.same(c.old) || i.same(c.new)) && !i.kept:
			a.Adopted = append(a.Adopted, p)
			a.stage = appendIndexInfo(a.stage, c.new, p)
			a.restore = appendIndexInfo(a.restore, i, p)
		case w.same(c.old) && i.same(c.old):
			// The move updates it.
		case c.old.Mode == "" && i.Mode == "":
			// An untracked file where the move adds one: the move
			// refuses it as ever, saying so (CheckoutBlockedError).
		default:
			a.Differ = append(a.Differ, p)
		}
	}
	return a, nil
}

// Clean reports whether the move loses no local change.
func (a *Adoption) Clean() bool { return len(a.Differ) == 0 }

// changedPaths lists the paths whose entries differ between the trees
// of old and new.
func (r *Repo) changedPaths(ctx context.Context, dir string, old, new plumbing.Hash) (map[string]landed, error) {
	// new may be this process's own commit: published first.
	out, err := gitCmd{dir: dir, args: []string{"diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", old.String(), new.String()}, pre: r.PublishObjects()}.output(ctx, "diff-tree")
	if err != nil {
		return nil, err
	}
	changed := map[string]landed{}
	fields := strings.Split(out, "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		// ":100644 100644 <old> <new> M", then the path.
		meta := strings.Fields(strings.TrimPrefix(fields[i], ":"))
		if len(meta) < 5 {
			return nil, &RepoError{Op: "diff-tree", Dir: dir, Msg: "unexpected output " + fields[i]}
		}
		changed[fields[i+1]] = landed{old: entry(meta[0], meta[2]), new: entry(meta[1], meta[3])}
	}
	return changed, nil
}

func entry(mode, hash string) IndexEntry {
	h := plumbing.NewHash(hash)
	if h.IsZero() {
		return IndexEntry{}
	}
	return IndexEntry{Mode: mode, Hash: h}
}

// indexPath is the index file of the worktree at dir.
func indexPath(ctx context.Context, dir string) (string, error) {
	out, err := gitCmd{dir: dir, args: []string{"rev-parse", "--path-format=absolute", "--git-path", "index"}}.output(ctx, "rev-parse")
	return strings.TrimSpace(out), err
}

// indexEntries reads the stage-0 entries of paths from an index (nil
// env: dir's own), and which of them are unmerged.
func indexEntries(ctx context.Context, dir string, env []string, paths map[string]landed) (map[string]IndexEntry, map[string]bool, error) {
	out, err := gitCmd{dir: dir, args: []string{"ls-files", "-v", "-s", "-z"}, env: env}.output(ctx, "ls-files")
	if err != nil {
		return nil, nil, err
	}
	entries, unmerged := map[string]IndexEntry{}, map[string]bool{}
	for _, rec := range strings.Split(out, "\x00") {
		// "<tag> <mode> <hash> <stage>\t<path>": tag S for skip-worktree,
		// lower case for assume-unchanged.
		meta, p, ok := strings.Cut(rec, "\t")
		if _, want := paths[p]; !ok || !want {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 4 {
			return nil, nil, &RepoError{Op: "ls-files", Dir: dir, Msg: "unexpected output " + rec}
		}
		if f[3] != "0" {
			unmerged[p] = true
			continue
		}
		e := entry(f[1], f[2])
		e.kept = f[0] == "S" || f[0] != strings.ToUpper(f[0])
		entries[p] = e
	}
	return entries, unmerged, nil
}

// diskEntries says what the files of paths hold, as the entries git add
// would give them (filters, the executable bit, symbolic links as git
// sees them), in a copy of the index.
func diskEntries(ctx context.Context, dir, index string, paths map[string]landed) (map[string]IndexEntry, error) {
	tmp, err := tempIndex(index)
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp)
	env := []string{"GIT_INDEX_FILE=" + tmp, "GIT_LITERAL_PATHSPECS=1"}
	inCopy, _, err := indexEntries(ctx, dir, env, paths)
	if err != nil {
		return nil, err
	}
	// git add refuses a pathspec that matches nothing: only the paths
	// that are on disk or in the index are named.
	var list []string
	for p := range paths {
		if inCopy[p].kept {
			continue // git add would take a file it does not look at
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p))); err == nil || inCopy[p].Mode != "" {
			list = append(list, p)
		}
	}
	if len(list) > 0 {
		args := []string{"add", "-A", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"}
		if _, err := (gitCmd{dir: dir, args: args, env: env, stdin: []byte(strings.Join(list, "\x00"))}).output(ctx, "hash the changed files"); err != nil {
			return nil, err
		}
	}
	onDisk, _, err := indexEntries(ctx, dir, env, paths)
	return onDisk, err
}

// tempIndex copies the index beside it, keeping its time (keepIndexTime).
func tempIndex(index string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(index), "aiedit-index-*")
	if err != nil {
		return "", &RepoError{Op: "copy the index", Dir: filepath.Dir(index), Msg: err.Error(), Err: err}
	}
	name := f.Name()
	copied, err := copyIndex(index, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && !copied {
		err = os.Remove(name) // git reads a missing index as empty, an empty file as corrupt
	}
	if err == nil && copied {
		err = keepIndexTime(index, name)
	}
	if err != nil {
		_ = os.Remove(name)
		return "", &RepoError{Op: "copy the index", Dir: filepath.Dir(index), Msg: err.Error(), Err: err}
	}
	return name, nil
}

// appendIndexInfo adds one update-index -z --index-info record: the
// entry, or its removal when absent.
func appendIndexInfo(b []byte, e IndexEntry, p string) []byte {
	if e.Mode == "" {
		return append(b, "0 "+plumbing.ZeroHash.String()+"\t"+p+"\x00"...)
	}
	return append(b, e.Mode+" "+e.Hash.String()+"\t"+p+"\x00"...)
}

// fromTree is the tree the worktree moves from: old's, with the adopted
// paths as new has them, so that read-tree -m -u leaves their files be.
func (a *Adoption) fromTree(ctx context.Context, r *Repo, dir string) (plumbing.Hash, error) {
	if len(a.Adopted) == 0 {
		return a.Old, nil
	}
	if !a.from.IsZero() {
		return a.from, nil
	}
	f, err := os.CreateTemp(r.GitDir, "aiedit-index-*")
	if err != nil {
		return plumbing.ZeroHash, &RepoError{Op: "adopt", Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	tmp := f.Name()
	_ = f.Close()
	_ = os.Remove(tmp) // read-tree writes it
	defer os.Remove(tmp)
	env := []string{"GIT_INDEX_FILE=" + tmp}
	if _, err := (gitCmd{dir: dir, args: []string{"read-tree", a.Old.String()}, env: env}).output(ctx, "adopt"); err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := (gitCmd{dir: dir, args: []string{"update-index", "-z", "--index-info"}, env: env, stdin: a.stage}).output(ctx, "adopt"); err != nil {
		return plumbing.ZeroHash, err
	}
	out, err := gitCmd{dir: dir, args: []string{"write-tree"}, env: env}.output(ctx, "adopt")
	if err != nil {
		return plumbing.ZeroHash, err
	}
	a.from, err = parseHash("adopt", strings.TrimSpace(out))
	return a.from, err
}

// stageAdopted writes the adopted paths' entries as new has them
// (restore: as they were) into the index of dir.
func (a *Adoption) stageAdopted(ctx context.Context, dir string, restore bool) error {
	in := a.stage
	if restore {
		in = a.restore
	}
	if len(in) == 0 {
		return nil
	}
	// It outlives a killed run, as WorktreeClean's status does: killed,
	// it would leave the index's lock behind.
	res, err := gitCmd{dir: dir, args: []string{"update-index", "-z", "--index-info"}, stdin: in, outlive: true}.run(ctx)
	if err != nil {
		return &RepoError{Op: "update-index", Dir: dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		return checkoutError(dir, res)
	}
	return nil
}

// refresh lets git record the stat information of the adopted files,
// whose entries were written without it, so that the next git status
// need not hash them again. Best effort: status would do it too.
func (a *Adoption) refresh(ctx context.Context, dir string) {
	if len(a.Adopted) > 0 {
		_, _ = gitCmd{dir: dir, args: []string{"update-index", "-q", "--refresh"}, outlive: true}.run(ctx)
	}
}
