#!/bin/sh
# bench/variants.sh - nonet against Interactive Sudoku Solver (ISS) on ISS's
# own collections of variant puzzles: `make bench-variants`.
#
#   sh bench/variants.sh NONET ISS_DIR [RUNS]
#
# ISS_DIR: a copy of sigh/Interactive-Sudoku-Solver outside the project (for
# example ../shared/peers/build.sh's /tmp/peers/iss). Every puzzle of its
# data files (bench/iss_puzzles.py lists them, converting nothing) is given
# to both as ISS wrote it: nonet reads ISS's constraint strings itself
# (nonet_variant_parse), and a puzzle it does not read is counted with the
# reason it gives. Then, for each puzzle nonet reads: ISS's own time to
# parse, build and count to 2, in process, as `node tools/perf/
# benchmark_puzzles.js --input-file` reports it (one run: Node's start-up
# not counted), and nonet's whole process, `nonet count -l 2 FILE` (bench/
# wall.py), median of RUNS (default 3; 30 s at most). Prints a line a
# puzzle (both counts must agree; its types are nonet's rules, as `nonet
# check --json` gives them back), then for each rule the median of
# ISS/nonet (above 1: nonet is faster) and the slowest ratio, how many
# puzzles nonet is slower on, and why the others were not read.
set -eu
NONET=$1
ISS=$2
RUNS=${3:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
median() { sort -g | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

printf 'processor: %s, %s cores\n' "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)" \
    "$(grep -c ^processor /proc/cpuinfo)"
python3 "$HERE/iss_puzzles.py" "$ISS" "$TMP" >"$TMP/all" 2>/dev/null
# the puzzles nonet reads, with their rules; the others with nonet's reason
: >"$TMP/list"
: >"$TMP/refused"
while IFS="$(printf '\t')" read -r file title; do
    if "$NONET" check --json "$file" >"$TMP/rec" 2>"$TMP/why" || [ -s "$TMP/rec" ]; then
        types=$(python3 -c 'import json, sys
r = json.loads(open(sys.argv[1]).readline())
print(",".join(sorted({c["type"].replace(" ", "-") for c in r.get("constraints", [])})) or "classic")' \
            "$TMP/rec" 2>/dev/null) || types=
    else
        types=
    fi
    if [ -n "$types" ]; then
        printf '%s\t%s\t%s\n' "$title" "$types" "$file" >>"$TMP/list"
    else
        sed -n '1s/^nonet: [^ ]* \(puzzle 1: \)\{0,1\}//p' "$TMP/why" >>"$TMP/refused"
    fi
done <"$TMP/all"
printf '%-44s %-28s %6s %9s %9s %7s\n' puzzle types count iss_ms nonet_ms ratio
while IFS="$(printf '\t')" read -r title types file; do
    iss=$(cd "$ISS" && timeout 60 node tools/perf/benchmark_puzzles.js --max-backtracks none \
        --input-file "$file" 2>/dev/null | awk '$1 == "input" {print $2, $(NF-2)}')
    [ -n "$iss" ] || iss="timeout -"
    got=$(python3 "$HERE/wall.py" "$RUNS" 30 "$NONET" count -l 2 "$file")
    ms=${got%%	*}
    got=${got#*	}
    iss_status=${iss% *}
    iss_ms=${iss#* }
    if [ "$iss_ms" = - ]; then # ISS found no answer in 60 s: not in the ratios
        printf '%-44.44s %-28.28s %6s %9s %9.1f %7s\n' "$title" "$types" "$got" "timeout" "$ms" -
        continue
    fi
    agree=$(case "$got/$iss_status" in 1/unique | 2+/multiple | 0/no-solution) echo "" ;;
        timeout/*) echo " (nonet: no answer in 30 s)" ;; *) echo " (counts differ: ISS $iss_status)" ;; esac)
    ratio=$(echo "$iss_ms / $ms" | bc -l)
    # nonet gave no answer: its time is unknown, so no ratio it could claim
    [ "$got" != timeout ] || ratio=0
    printf '%-44.44s %-28.28s %6s %9.1f %9.1f %7.2f%s\n' "$title" "$types" "$got" "$iss_ms" "$ms" "$ratio" "$agree"
    echo "$ratio" >>"$TMP/all_ratios"
    echo "$types $ratio" >>"$TMP/ratios"
done <"$TMP/list"
echo
printf '%-28s %7s %12s %12s\n' type puzzles median_ratio slowest
awk '{n = split($1, t, ","); for (i = 1; i <= n; i++) print t[i], $2}' "$TMP/ratios" | sort -k1,1 >"$TMP/bytype"
for type in $(cut -d' ' -f1 "$TMP/bytype" | sort -u); do
    grep "^$type " "$TMP/bytype" | cut -d' ' -f2 >"$TMP/r"
    printf '%-28s %7d %12.2f %12.2f\n' "$type" "$(wc -l <"$TMP/r")" "$(median <"$TMP/r")" \
        "$(sort -g "$TMP/r" | head -1)"
done
printf '%-28s %7d %12.2f %12.2f\n' all "$(wc -l <"$TMP/all_ratios")" "$(median <"$TMP/all_ratios")" \
    "$(sort -g "$TMP/all_ratios" | head -1)"
echo "puzzles nonet is slower on: $(awk '$1 < 1' "$TMP/all_ratios" | wc -l) of $(wc -l <"$TMP/all_ratios")"
echo
echo "ISS's puzzles: $(wc -l <"$TMP/all"), read by nonet: $(wc -l <"$TMP/list"); not read, by reason:"
sed -e "s/'[A-Za-z]*' is not a constraint type.*/ISS type nonet does not know: &/" \
    -e "s/Shape~[^:]*: //" "$TMP/refused" | sed "s/: '\\([A-Za-z]*\\)' is not.*/: \\1/" |
    sort | uniq -c | sort -rn
