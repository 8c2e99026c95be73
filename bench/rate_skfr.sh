#!/bin/sh
# bench/rate_skfr.sh - the rating speed of `nonet rate` against skfr (a fast
# port of Sudoku Explainer's rating), run side by side: `make bench-rate`.
#
#   sh bench/rate_skfr.sh NONET SKFR DATA [RUNS]
#
# NONET: the command; SKFR: skfr's binary, built outside the project (for
# example by ../shared/peers/build.sh into /tmp/peers), or empty to time
# nonet alone; DATA: the folder of the shared puzzle sets (top1465 and the
# first 2,000 of 17-clue are rated when there), RUNS: pairs timed per set
# (default 5). The chain tier is made here, as nonet-bench -R makes it:
# 6,500 minimal 180-degree symmetric puzzles generated with seed 2028, the
# ones the ladder rates above 6.2.
#
# Each pair runs nonet (one thread, whole process) then skfr (OMP_NUM_THREADS=1,
# whole process, `skfr -ip` in a scratch folder); the line gives each side's
# median wall time and the median of the pairs' ratios skfr/nonet (above 1:
# nonet is faster), then the ratings compared where both rate (SE's scale:
# skfr's ED against nonet's rating). Also: `generate --level diabolical`
# puzzles per second and the peak memory of `rate -j 2` on the forum-hardest
# 1106 set. Prints the processor first: quote it with the figures.
set -eu
NONET=$1
SKFR=${2:-}
DATA=$3
RUNS=${4:-5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

now() { date +%s.%N; }
median() { sort -g | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

printf 'processor: %s, %s cores\n' "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)" \
    "$(grep -c ^processor /proc/cpuinfo)"

# the chain tier
"$NONET" generate -n 6500 --seed 2028 >"$TMP/gen.txt"
"$NONET" rate -j 2 "$TMP/gen.txt" >"$TMP/gen.rate"
paste -d ' ' "$TMP/gen.rate" "$TMP/gen.txt" | awk '$1 > 6.2 {print $NF}' >"$TMP/chain.txt"

# one set: RUNS pairs
pair() {
    name=$1
    : >"$TMP/a" && : >"$TMP/b" && : >"$TMP/r"
    # the puzzle lines only (the shared sets start with comments), for both
    grep -E '^[0-9.]{81}' "$2" | cut -c1-81 >"$TMP/set.txt"
    file=$TMP/set.txt
    if [ -n "$SKFR" ]; then
        mkdir -p "$TMP/skfr"
        tr . 0 <"$file" >"$TMP/skfr/p.txt"
    fi
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        t0=$(now)
        "$NONET" rate -j 1 "$file" >"$TMP/nonet.rate"
        t1=$(now)
        a=$(echo "$t1 - $t0" | bc -l)
        echo "$a" >>"$TMP/a"
        if [ -n "$SKFR" ]; then
            rm -f "$TMP/skfr/p_rat.txt" "$TMP/skfr/p_N_rat.txt"
            t0=$(now)
            (cd "$TMP/skfr" && OMP_NUM_THREADS=1 "$SKFR" -ip >/dev/null 2>&1) || true
            t1=$(now)
            b=$(echo "$t1 - $t0" | bc -l)
            echo "$b" >>"$TMP/b"
            echo "$b / $a" | bc -l >>"$TMP/r"
        fi
        i=$((i + 1))
    done
    n=$(wc -l <"$file")
    if [ -z "$SKFR" ]; then
        printf '%-34s %6d puzzles  nonet %8.3f s\n' "$name" "$n" "$(median <"$TMP/a")"
        return
    fi
    # ratings side by side: skfr writes "PUZZLE ED=x/y/z" (0 for a blank)
    cat "$TMP/skfr/p_rat.txt" "$TMP/skfr/p_N_rat.txt" 2>/dev/null |
        awk '/ ED=/ {split($0, f, " ED="); split(f[2], e, "/"); p = f[1]; gsub(/ /, "", p); print p, e[1]}' |
        sort >"$TMP/skfr.ed"
    paste -d ' ' "$TMP/skfr/p.txt" "$TMP/nonet.rate" | awk '{print $1, $2}' | sort >"$TMP/nonet.ed"
    same=$(join "$TMP/skfr.ed" "$TMP/nonet.ed" | awk '$2 == $3 && $2 > 0 {s++} $2 > 0 {n++} END {printf "%d/%d", s, n}')
    printf '%-34s %6d puzzles  nonet %8.3f s  skfr %8.3f s  skfr/nonet %5.2f  same rating %s\n' \
        "$name" "$n" "$(median <"$TMP/a")" "$(median <"$TMP/b")" "$(median <"$TMP/r")" "$same"
}

pair "generated 6500: > 6.2 (chain tier)" "$TMP/chain.txt"
[ -f "$DATA/puzzles3_magictour_top1465" ] && pair "top1465" "$DATA/puzzles3_magictour_top1465"
if [ -f "$DATA/puzzles2_17_clue" ]; then
    head -2000 "$DATA/puzzles2_17_clue" >"$TMP/17.txt"
    pair "17-clue, first 2,000" "$TMP/17.txt"
fi

# generate --level diabolical: puzzles per second (median of RUNS)
: >"$TMP/g"
i=0
while [ "$i" -lt "$RUNS" ]; do
    t0=$(now)
    "$NONET" generate -n 200 --level diabolical --seed "$i" -j 1 >/dev/null
    t1=$(now)
    echo "200 / ($t1 - $t0)" | bc -l >>"$TMP/g"
    i=$((i + 1))
done
printf '%-34s %6d puzzles  %8.1f /s (one thread)\n' "generate --level diabolical" 200 "$(median <"$TMP/g")"

if [ -f "$DATA/puzzles6_forum_hardest_1106" ] && [ -x /usr/bin/time ]; then
    kb=$(/usr/bin/time -f %M "$NONET" rate -j 2 "$DATA/puzzles6_forum_hardest_1106" 2>&1 >/dev/null | tail -1)
    printf '%-34s %6d puzzles  peak %8.1f MB\n' "rate -j 2, forum hardest 1106" \
        "$(wc -l <"$DATA/puzzles6_forum_hardest_1106")" "$(echo "$kb / 1000" | bc -l)"
fi
