#!/usr/bin/env bash
# Applies $AIEDIT_TRANSCRIPT to a review branch, pushes the branch and
# refs/notes/aiedit to $AIEDIT_REMOTE, and opens a pull request with gh
# whose body is apply's --summary-md. Used by action.yml; runs anywhere
# git, git-aiedit and gh are on PATH.
set -euo pipefail

: "${AIEDIT_TRANSCRIPT:?name the transcript file}"
remote=${AIEDIT_REMOTE:-origin}
pr_base=${AIEDIT_PR_BASE:-main}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

args=(apply --json --summary-md "$work/summary.md")
[ -n "${AIEDIT_BRANCH:-}" ] && args+=(-b "$AIEDIT_BRANCH")
[ -n "${AIEDIT_BASE:-}" ] && args+=(--base "$AIEDIT_BASE")

status=0
git aiedit "${args[@]}" "$AIEDIT_TRANSCRIPT" >"$work/report.json" || status=$?
if [ "$status" -ge 2 ]; then
	echo "git aiedit apply failed (exit $status)" >&2
	exit "$status"
fi

# The report's first lines name the branch, its base and its new head.
field() { sed -n "s/^  \"$1\": \"\(.*\)\",\$/\1/p" "$work/report.json" | head -n 1; }
branch=$(field branch)
branch=${branch#refs/heads/}
if [ "$(field base)" = "$(field head)" ]; then
	echo "nothing new to record on $branch; no pull request" >&2
	exit 0
fi

git push --quiet "$remote" "refs/heads/$branch:refs/heads/$branch"
# Notes of other runs may be on the remote already, or land there while
# this one pushes: notes push merges them in and pushes again.
git aiedit notes push "$remote"

gh pr create --base "$pr_base" --head "$branch" --title "${AIEDIT_TITLE:-$branch}" --body-file "$work/summary.md"

if [ -n "${GITHUB_OUTPUT:-}" ]; then
	{
		echo "branch=$branch"
		echo "status=$status"
	} >>"$GITHUB_OUTPUT"
fi
