#!/bin/sh
# run.sh UNIT NONET PTY - runs the unit tests, the CLI tests (cli.sh, and
# plain.sh: one-puzzle-a-line batches both ways), the pseudo-terminal
# tests, README's examples, the pasted-text, human, generate and
# round-trip tests, the Python binding's (tests/python.sh) and
# the web page's (tests/web.sh);
# prints one summary line "N passed, N failed" and fails when any test
# failed.
if [ $# -ne 3 ]; then
    # (without them the web build would be written into the source tree)
    echo "usage: sh tests/run.sh UNIT NONET PTY (make test gives them)" >&2
    exit 2
fi
unit=$1
nonet=$2
pty=$3
dir=$(dirname "$0")
log=$(mktemp)
trap 'rm -f "$log"' EXIT

"$unit" | tee -a "$log"
NONET="$nonet" sh "$dir/cli.sh" | tee -a "$log"
NONET="$nonet" sh "$dir/plain.sh" | tee -a "$log"
"$pty" "$nonet" | tee -a "$log"
NONET="$nonet" sh "$dir/readme.sh" | tee -a "$log"
NONET="$nonet" sh "$dir/paste.sh" | tee -a "$log"
NONET="$nonet" sh "$dir/human.sh" | tee -a "$log"
NONET="$nonet" sh "$dir/generate.sh" | tee -a "$log"
NONET="$nonet" sh "$dir/roundtrip.sh" | tee -a "$log"
BUILD=$(dirname "$nonet") sh "$dir/python.sh" | tee -a "$log"
BUILD=$(dirname "$nonet") sh "$dir/web.sh" | tee -a "$log"

passed=$(sed -n 's/^[a-z]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
failed=$(sed -n 's/^[a-z]*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | awk '{s+=$1} END {print s+0}')
suites=$(grep -c '^[a-z]*: [0-9]* passed, [0-9]* failed$' "$log")
if [ "$suites" -ne 11 ]; then
    echo "a test program did not finish (its summary line is missing)"
    failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
