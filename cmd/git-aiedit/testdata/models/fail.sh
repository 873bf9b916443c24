#!/bin/sh
# A scripted model CLI that fails: a dozen lines of complaints on
# standard error, nothing on standard output, exit status 3.
echo call >> "${MODEL_LOG:?}/calls"
i=1
while [ $i -le 12 ]; do
	echo "model-cli: complaint $i" >&2
	i=$((i + 1))
done
echo "model-cli: error: rate limited (429)" >&2
exit 3
