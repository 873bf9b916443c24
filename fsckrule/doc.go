// Package fsckrule states, as pure functions on names and bytes, what git's
// fsck (fsck.c, with `git fsck --strict` and receive.fsckObjects) and
// verify_path (read-cache.c, with core.protectHFS and core.protectNTFS on)
// refuse in a tree: entry names that a case-insensitive, HFS+ or NTFS file
// system takes for .git or for one of the files git reads as configuration
// (.gitmodules, .gitattributes, .gitignore, .mailmap), and .gitmodules
// contents whose submodule name, url, path or update setting git refuses.
//
// The rules follow git's own functions one to one (is_hfs_dotgit and
// next_hfs_char in utf8.c, is_ntfs_dotgit and is_ntfs_dot_generic in
// path.c, the config parser in config.c, check_submodule_name and
// check_submodule_url in submodule-config.c), including their treatment of
// invalid UTF-8, so that a name or file git would refuse is refused here
// first. Where git's versions differ (a url git 2.39 and git 2.45 judge
// differently), the stricter reading is taken. The package does no I/O:
// both editcore (checking a model-written path) and gitops (the last check
// before a tree is written) use it.
package fsckrule
