#!/bin/sh
# A scripted model CLI: answers round N of a retry loop with the file
# $ANSWERS/N.md (the test writes what the model "says": a fix, the same
# mistake, another edit format, prose without edits). It logs the prompt
# it got on standard input, its environment and its directory under
# $MODEL_LOG, and counts its calls there.
set -e
log=${MODEL_LOG:?}
round=${AIEDIT_ROUND:?}
cat > "$log/prompt-$round.txt"
{
	echo "round=$AIEDIT_ROUND"
	echo "branch=$AIEDIT_BRANCH"
	echo "repo=$AIEDIT_REPO"
	echo "pwd=$(pwd)"
	cmp -s "$AIEDIT_PROMPT_FILE" "$log/prompt-$round.txt" && echo "prompt-file=same"
} > "$log/env-$round.txt"
echo call >> "$log/calls"
cat "${ANSWERS:?}/$round.md"
