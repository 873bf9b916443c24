package main

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/command/hook"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Completion scripts hook into git's own completion, so `git aiedit <TAB>`
// completes (and `git-aiedit <TAB>` too). Candidates for commands and
// flags come from the binary itself (urfave/cli's
// --generate-shell-completion); branch and commit arguments from git's
// completion functions.

const bashCompletion = `# bash completion for git aiedit. Install:
#   git aiedit completion bash > ~/.local/share/bash-completion/completions/git-aiedit
# or add to ~/.bashrc:  source <(git aiedit completion bash)
# It needs git's bash completion (usually loaded already).

__git_aiedit_candidates() {
	git-aiedit "$@" --generate-shell-completion 2>/dev/null | sed 's/:.*//'
}

# git's completion calls _git_aiedit for "git aiedit ...".
_git_aiedit() {
	local i start=-1
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == aiedit ]]; then start=$i; break; fi
	done
	local -a args=()
	((start >= 0)) && args=("${words[@]:start+1:cword-start-1}")
	case $prev in
	--format) __gitcomp "@FORMATS@"; return ;;
	--from) __gitcomp "@SOURCES@"; return ;;
	--checks) __gitcomp "@CHECKS@"; return ;;
	esac
	case $cur in
	--format=*) __gitcomp "@FORMATS@" "" "${cur#--format=}"; return ;;
	--from=*) __gitcomp "@SOURCES@" "" "${cur#--from=}"; return ;;
	--checks=*) __gitcomp "@CHECKS@" "" "${cur#--checks=}"; return ;;
	esac
	if [[ $cur == -* ]]; then
		__gitcomp "$(__git_aiedit_candidates "${args[@]}" "$cur")"
		return
	fi
	if ((${#args[@]} == 0)); then
		__gitcomp "$(__git_aiedit_candidates)"
		return
	fi
	case ${args[0]} in
	@HEADCMDS_BASH@) __gitcomp_nl "$(git for-each-ref --format='%(refname:short)' refs/heads 2>/dev/null)" ;;
	@REFCMDS_BASH@) __git_complete_refs ;;
	hook)
		if ((${#args[@]} == 1)); then __gitcomp "@HOOKSUBS@"; else __gitcomp "@AGENTS@"; fi ;;
	completion) __gitcomp "bash zsh fish" ;;
	help) __gitcomp "$(__git_aiedit_candidates)" ;;
	esac
}

# The same for the git-aiedit binary called directly.
_git_aiedit_direct() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	local -a args=("${COMP_WORDS[@]:1:COMP_CWORD-1}")
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(__git_aiedit_candidates "${args[@]}" "$cur")" -- "$cur"))
	elif ((${#args[@]} == 0)); then
		COMPREPLY=($(compgen -W "$(__git_aiedit_candidates)" -- "$cur"))
	fi
}
complete -o bashdefault -o default -F _git_aiedit_direct git-aiedit
`

const zshCompletion = `#compdef git-aiedit
# zsh completion for git aiedit. Install: put this file, named _git-aiedit,
# in a directory of $fpath, e.g.
#   git aiedit completion zsh > ~/.zsh/completions/_git-aiedit
#   (and in ~/.zshrc, before compinit: fpath=(~/.zsh/completions $fpath))
# zsh's git completion then calls it for "git aiedit"; to list aiedit among
# git's commands as well:
#   zstyle ':completion:*:*:git:*' user-commands aiedit:'AI edits as reviewable commits'

_git-aiedit() {
	local -a opts args
	local cur=${words[CURRENT]}
	# Called by _git, words[1] is "aiedit"; called directly, "git-aiedit".
	args=(${words[2,CURRENT-1]})
	case ${words[CURRENT-1]} in
	--format) opts=(@FORMATS@) ;;
	--from) opts=(@SOURCES@) ;;
	--checks) opts=(@CHECKS@) ;;
	esac
	if [[ -n ${opts[1]} ]]; then
		_describe 'value' opts
		return
	fi
	if [[ $cur == -* ]]; then
		opts=("${(@f)$(git-aiedit $args $cur --generate-shell-completion 2>/dev/null)}")
	elif (( ${#args} == 0 )); then
		opts=("${(@f)$(git-aiedit --generate-shell-completion 2>/dev/null)}")
	else
		case $args[1] in
		@HEADCMDS_ZSH@)
			if (( $+functions[__git_branch_names] )); then __git_branch_names; return; fi ;;
		@REFCMDS_ZSH@)
			if (( $+functions[__git_branch_names] )); then __git_branch_names; return; fi ;;
		hook)
			if (( ${#args} == 1 )); then opts=(@HOOKSUBS@); else opts=(@AGENTS@); fi ;;
		completion) opts=(bash zsh fish) ;;
		apply) _files; return ;;
		esac
	fi
	if [[ -n ${opts[1]} ]]; then
		_describe 'git aiedit' opts
	else
		_files
	fi
}

if [[ $funcstack[1] == _git-aiedit ]]; then
	_git-aiedit "$@"
fi
`

const fishCompletion = `# fish completion for git aiedit. Install:
#   git aiedit completion fish > ~/.config/fish/completions/git-aiedit.fish
# and, so that "git aiedit" completes too, add to ~/.config/fish/config.fish:
#   source ~/.config/fish/completions/git-aiedit.fish

function __git_aiedit_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l i (contains -i -- aiedit $tokens)
    or set i (contains -i -- git-aiedit $tokens)
    or return
    set -l args
    if test $i -lt (count $tokens)
        set args $tokens[(math $i + 1)..-1]
    end
    switch "$tokens[-1]"
        case --format
            printf '%s\n' @FORMATS@
            return
        case --from
            printf '%s\n' @SOURCES@
            return
        case --checks
            printf '%s\n' @CHECKS@
            return
    end
    if string match -q -- '-*' $cur
        git-aiedit $args $cur --generate-shell-completion 2>/dev/null | string replace -r ':(.*)' '\t$1'
    else if test (count $args) -eq 0
        git-aiedit --generate-shell-completion 2>/dev/null | string replace -r ':(.*)' '\t$1'
    else
        switch $args[1]
            case @HEADCMDS_FISH@
                git for-each-ref --format='%(refname:short)' refs/heads 2>/dev/null
            case @REFCMDS_FISH@
                git for-each-ref --format='%(refname:short)' refs/heads refs/remotes 2>/dev/null
            case hook
                if test (count $args) -eq 1
                    printf '%s\n' @HOOKSUBS@
                else
                    printf '%s\n' @AGENTS@
                end
            case completion
                printf '%s\n' bash zsh fish
        end
    end
end

complete -c git -n '__fish_seen_subcommand_from aiedit' -f -a '(__git_aiedit_complete)'
complete -c git -n 'not __fish_seen_subcommand_from aiedit' -f -a aiedit -d 'AI edits as reviewable commits'
complete -c git-aiedit -f -a '(__git_aiedit_complete)'
`

// configureCompletion turns urfave/cli's hidden completion command into
// ours: listed in help, with scripts that also work as git subcommand
// completion.
func configureCompletion(c *cli.Command) {
	c.Hidden = false
	c.Usage = "print a shell completion script: bash, zsh or fish"
	c.Description = "Prints a script that completes `git aiedit` commands, options and branch\n" +
		"arguments. Install:\n\n" +
		"bash: git aiedit completion bash > ~/.local/share/bash-completion/completions/git-aiedit\n" +
		"(or source <(git aiedit completion bash) in ~/.bashrc; git's own completion must be loaded).\n\n" +
		"zsh: git aiedit completion zsh > ~/.zsh/completions/_git-aiedit, with that directory in\n" +
		"fpath before compinit.\n\n" +
		"fish: git aiedit completion fish > ~/.config/fish/completions/git-aiedit.fish and\n" +
		"source it from ~/.config/fish/config.fish."
	scripts := map[string]string{"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}
	var subs []*cli.Command
	for _, shell := range []string{"bash", "zsh", "fish"} {
		script := scripts[shell]
		subs = append(subs, &cli.Command{
			Name:  shell,
			Usage: "print the " + shell + " completion script",
			Action: func(_ context.Context, cmd *cli.Command) error {
				_, err := io.WriteString(cmd.Root().Writer, completionValues(cmd.Root()).Replace(script))
				return err
			},
		})
	}
	c.Commands = subs
	// Without it, urfave/cli answers an unknown shell with "No help topic".
	c.Action = func(_ context.Context, cmd *cli.Command) error {
		if cmd.Args().Present() {
			return exitcode.UsageErrorf("no completion for the shell %q; use bash, zsh or fish", cmd.Args().First())
		}
		return exitcode.UsageErrorf("name a shell: git aiedit completion bash, zsh or fish")
	}
}

// completionValues fills the scripts' lists from the registries: edit
// formats (parse), transcript sources (transcript), checks policies, and
// the commands whose arguments are branches or commits (their ArgsUsage
// names one), so a new format, source or command completes without an
// edit here.
func completionValues(root *cli.Command) *strings.Replacer {
	var refs, heads, hookSubs []string
	for _, c := range root.Commands {
		switch {
		case c.Hidden:
		case c.Metadata[completeHeads] == true:
			heads = append(heads, c.Name)
		case takesRefs(c.ArgsUsage):
			refs = append(refs, c.Name)
		}
		if c.Name == "hook" {
			for _, s := range c.Commands {
				if !s.Hidden {
					hookSubs = append(hookSubs, s.Name)
				}
			}
		}
	}
	if len(refs) == 0 {
		refs = []string{"__none__"}
	}
	if len(heads) == 0 {
		heads = []string{"__none__"}
	}
	var agents []string
	for _, a := range hook.Agents {
		agents = append(agents, string(a))
	}
	checks := []string{string(check.Off), string(check.Report), string(check.Require)}
	return strings.NewReplacer(
		"@FORMATS@", strings.Join(parse.Names(), " "),
		"@SOURCES@", strings.Join(transcript.SourceNames(), " "),
		"@CHECKS@", strings.Join(checks, " "),
		"@HOOKSUBS@", strings.Join(hookSubs, " "),
		"@AGENTS@", strings.Join(agents, " "),
		"@HEADCMDS_BASH@", strings.Join(heads, " | "),
		"@HEADCMDS_ZSH@", strings.Join(heads, "|"),
		"@HEADCMDS_FISH@", strings.Join(heads, " "),
		"@REFCMDS_BASH@", strings.Join(refs, " | "),
		"@REFCMDS_ZSH@", strings.Join(refs, "|"),
		"@REFCMDS_FISH@", strings.Join(refs, " "),
	)
}

// completeHeads marks, in a command's Metadata, one whose argument is a
// local branch it moves (undo, review): only local branches complete, not
// tags or remote-tracking branches.
const completeHeads = "completeHeads"

// takesRefs reports whether a command's arguments are branches, commits
// or ranges.
func takesRefs(argsUsage string) bool {
	for _, w := range []string{"BRANCH", "COMMIT", "RANGE", "REV"} {
		if strings.Contains(argsUsage, w) {
			return true
		}
	}
	return false
}
