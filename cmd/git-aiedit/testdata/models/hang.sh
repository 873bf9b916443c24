#!/bin/sh
# A scripted model CLI that never answers: it starts a child that would
# outlive it, notes both process ids in $MODEL_LOG, and waits.
sleep 300 &
echo $! > "${MODEL_LOG:?}/hang-child.pid"
echo $$ > "$MODEL_LOG/hang.pid"
echo "thinking..." >&2
wait
