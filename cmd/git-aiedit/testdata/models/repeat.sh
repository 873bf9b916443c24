#!/bin/sh
# A scripted model CLI that repeats its mistake: it answers with the edits
# the retry prompt quotes as "The edits as you wrote them", unchanged.
set -e
echo call >> "${MODEL_LOG:?}/calls"
awk '
	/^The edits as you wrote them:/ { on = 1; next }
	on && /^The user reviewed these edits/ { exit }
	on && /^Answer with corrected edits/ { exit }
	on && /^[^ `<=>].* \(response [0-9]+.*\):$/ { sub(/ \(response.*$/, ""); print; next }
	on && /^```/ { next }
	on { print }
'
