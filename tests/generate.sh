#!/bin/sh
# generate.sh - `nonet generate`: output, reproducibility across -j and
# --from, the GNU parallel recipe of README, levels, sizes and the usage
# errors (uniqueness and minimality of every puzzle are checked by the
# unit tests with their own counter); `nonet minimize`, `nonet canon` and
# `nonet transform`.
. "$(dirname "$0")/lib.sh"
: >"$tmp/in"

test_name="generate: one minimal rot180 puzzle a line, each with one solution"
run generate -n 30 --seed 4
expect_rc 0
cp "$tmp/out" "$tmp/g30"
if [ "$(grep -cE '^[1-9.]{81}$' "$tmp/g30")" -eq 30 ]; then pass; else fail "want 30 lines of 81 cells"; fi
"$NONET" count --limit 2 "$tmp/g30" >"$tmp/counts"
if [ "$(sort -u "$tmp/counts")" = "1" ]; then pass; else fail "counts: $(sort "$tmp/counts" | uniq -c)"; fi
# rot180: cell i is a clue exactly when cell 80-i is
if awk '{ for (i = 1; i <= 81; i++) if ((substr($0, i, 1) == ".") != (substr($0, 82 - i, 1) == ".")) exit 1 }' "$tmp/g30"; then pass; else fail "not symmetric"; fi

test_name="generate: a seed's puzzles are the same for every -j"
for j in 1 2 3; do
    run generate -n 30 --seed 4 -j $j
    expect_same "$tmp/g30"
done

test_name="generate: --from K -n N is puzzles K..K+N-1 of the stream"
run generate --seed 4 --from 11 -n 5
sed -n 11,15p "$tmp/g30" >"$tmp/want"
expect_same "$tmp/want"
run generate --seed 4 --from 11 -n 5 --json
sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$tmp/out" >"$tmp/got"
if cmp -s "$tmp/got" "$tmp/want"; then pass; else fail "--json gives other puzzles"; fi
expect_out_has '{"index":11,"size":"3x3","puzzle":"'
expect_out_has '{"index":15,"size":"3x3","puzzle":"'
run generate --seed 4 --from 0
expect_rc 2
expect_err "the first puzzle is 1"

test_name="generate: README's GNU parallel recipe, local jobs only"
if command -v parallel >/dev/null 2>&1; then
    parallel --will-cite -k -j 3 "$NONET" generate --seed 4 --from {} -n 10 ::: 1 11 21 >"$tmp/out" 2>"$tmp/err"
    expect_same "$tmp/g30"
elif [ -n "${NONET_NEED_PARALLEL:-}" ]; then
    fail "GNU parallel is not installed (apt-get install -y parallel)"
else
    echo "note: GNU parallel is not installed: its recipe is not tested here"
fi

test_name="generate: no --seed picks a fresh one and says which"
run generate --verbose
expect_rc 0
seed=$(sed -n 's/^nonet: seed \([0-9]*\) .*/\1/p' "$tmp/err")
cp "$tmp/out" "$tmp/fresh"
run generate --seed "$seed"
expect_same "$tmp/fresh"

test_name="generate: --solution after the puzzle, --json fields"
run generate --seed 4 -n 3 --solution
cut -c1-81 "$tmp/out" >"$tmp/p"
cut -c83- "$tmp/out" >"$tmp/s"
if [ "$(head -3 "$tmp/g30")" = "$(cat "$tmp/p")" ]; then pass; else fail "puzzles differ from the plain run"; fi
if verify_lines "$tmp/p" "$tmp/s" >"$tmp/why"; then pass; else fail "$(head -3 "$tmp/why")"; fi
run generate --seed 4 --json --solution
expect_out_has '{"index":1,"size":"3x3","puzzle":"'"$(head -1 "$tmp/g30")"'","status":"unique","seed":4,"symmetry":"rot180","clues":'
expect_out_has ',"solution":"'"$(head -1 "$tmp/s")"'","rating":'

test_name="generate: what it writes reads back as its puzzles, solutions apart"
run generate --seed 4 -n 2 -f boxed --solution
"$NONET" format -f line "$tmp/out" >"$tmp/got" 2>&1
head -2 "$tmp/g30" >"$tmp/want"
if cmp -s "$tmp/got" "$tmp/want"; then pass; else fail "read back as $(head -c 200 "$tmp/got")"; fi
expect_out_has "# solution"
"$NONET" generate -s 1x3 -n 9 --seed 3 >"$tmp/out"
"$NONET" count "$tmp/out" >"$tmp/counts" 2>&1
if [ "$(grep -c '^1$' "$tmp/counts")" -eq 9 ]; then pass; else fail "nine 3x3 puzzles count as $(cat "$tmp/counts")"; fi
"$NONET" generate -s 1x2 --seed 3 >"$tmp/out"
"$NONET" solve "$tmp/out" >/dev/null 2>"$tmp/err"
rc=$?
expect_rc 0
"$NONET" generate -s 3x2 -n 2 --seed 3 >"$tmp/out"
expect_out_has "3x2"
"$NONET" format --json "$tmp/out" >"$tmp/got"
if [ "$(grep -c '"size":"3x2"' "$tmp/got")" -eq 2 ]; then pass; else fail "3x2 read back as $(cat "$tmp/got")"; fi

test_name="generate: levels and ratings lie in their bands"
run generate --seed 4 -n 4 --level hard
expect_rc 0
"$NONET" rate "$tmp/out" >"$tmp/rates"
if awk '{ if ($1 < 1.6 || $1 > 2.5 || $NF != "hard") exit 1 }' "$tmp/rates"; then pass; else fail "$(cat "$tmp/rates")"; fi
run generate --seed 4 -n 3 --rating 3.0-6.0 --json
if awk -F'"rating":' '{ split($2, a, ","); if (a[1] < 3.0 || a[1] > 6.0) exit 1 }' "$tmp/out"; then pass; else fail "$(cat "$tmp/out")"; fi

test_name="generate: sizes, symmetries and layouts"
run generate --seed 4 -s 2x3 --symmetry mirror -f grid
expect_rc 0
if [ "$(grep -c . "$tmp/out")" -eq 6 ]; then pass; else fail "want 6 rows"; fi
run generate --seed 4 -s 4x4 --symmetry rot90
expect_rc 0
if grep -qE '^[1-9A-G.]{256}$' "$tmp/out"; then pass; else fail "16x16 in 1-9A-G: $(cat "$tmp/out")"; fi
"$NONET" count --limit 2 "$tmp/out" >"$tmp/counts"
if [ "$(cat "$tmp/counts")" = "1" ]; then pass; else fail "16x16 count $(cat "$tmp/counts")"; fi
run generate --seed 4 --symmetry random -n 6 --json
expect_rc 0
run generate --seed 4 --clues 30 --max-clues 30
if [ "$(tr -d '.\n' <"$tmp/out" | wc -c)" -eq 30 ]; then pass; else fail "want 30 clues: $(cat "$tmp/out")"; fi

test_name="generate: impossible targets and bad options exit 2 with a message"
run generate --clues 16
expect_rc 2
expect_err "fewer than 17 clues"
run generate -s 2x3 --symmetry rot90
expect_rc 2
expect_err "needs square boxes"
run generate --symmetry rot90 --clues 22
expect_rc 2
expect_err "cannot be made of the rot90 symmetry's groups"
run generate --level impossible
expect_rc 2
expect_err "unknown level 'impossible'"
run generate --seed -3
expect_rc 2
expect_err "bad seed '-3'"
run generate --seed 12x
expect_rc 2
run generate --rating 5.0-2.0
expect_rc 2
run generate --level easy --rating 1.0-2.0
expect_rc 2
run generate -n 2 --clues 18 --seed 1
expect_rc 2
expect_err "puzzle 1 of seed 1: no puzzle met the targets in 10000 grids"
run generate puzzles.txt
expect_rc 2
expect_err "generate reads no input"
run help generate
expect_out_has "usage: nonet generate"

test_name="minimize: a minimal puzzle with the same solution, symmetric when asked"
printf '%s\n' "$CLASSIC_SOL" "$CLASSIC" "$TWO" >"$tmp/in"
run minimize
expect_rc 1
expect_line 3 "# not unique"
expect_err "puzzle 3: more than one solution"
head -2 "$tmp/out" >"$tmp/m"
"$NONET" count --limit 2 "$tmp/m" >"$tmp/counts"
if [ "$(sort -u "$tmp/counts")" = "1" ]; then pass; else fail "counts: $(cat "$tmp/counts")"; fi
"$NONET" solve "$tmp/m" >"$tmp/ms"
if [ "$(cat "$tmp/ms")" = "$(printf '%s\n%s' "$CLASSIC_SOL" "$CLASSIC_SOL")" ]; then pass; else fail "another solution"; fi
# only clues of the input are left
if [ "$(sed -n 2p "$tmp/m" | awk -v p="$CLASSIC" '{ for (i = 1; i <= 81; i++) { c = substr($0, i, 1); if (c != "." && c != substr(p, i, 1)) { print "no"; exit } } print "yes" }')" = yes ]; then pass; else fail "clues changed"; fi
run minimize --symmetry rot180 --json
expect_out_has '"status":"unique","clues":'
expect_out_has ',"result":"'
expect_out_has '{"index":3,"line":3,"size":"3x3","puzzle":"'
expect_out_has '"status":"multiple","message":"it cannot be minimized"}'
run minimize --symmetry random
expect_rc 2

test_name="canon: isomorphs get one form, sort -u keeps one of each"
head -2 "$tmp/g30" >"$tmp/two"
"$NONET" transform --seed 1 "$tmp/two" >"$tmp/iso1"
"$NONET" transform --seed 2 "$tmp/two" >"$tmp/iso2"
cat "$tmp/two" "$tmp/iso1" "$tmp/iso2" >"$tmp/in"
if ! cmp -s "$tmp/iso1" "$tmp/iso2" && ! cmp -s "$tmp/iso1" "$tmp/two"; then pass; else fail "transform --seed did not move the puzzles"; fi
run canon
expect_rc 0
if [ "$(sort -u "$tmp/out" | wc -l)" -eq 2 ] && [ "$(sed -n 1p "$tmp/out")" = "$(sed -n 3p "$tmp/out")" ]; then pass; else fail "$(cat "$tmp/out")"; fi
"$NONET" transform --seed 1 "$tmp/two" >"$tmp/again"
if cmp -s "$tmp/iso1" "$tmp/again"; then pass; else fail "transform --seed 1 differs between runs"; fi

test_name="canon --json: its transform, given to transform --map, gives the form"
printf '%s\n' "$(sed -n 3p "$tmp/in")" >"$tmp/in1"
"$NONET" canon --json "$tmp/in1" >"$tmp/out"
expect_out_has '"automorphisms":1}'
map=$(sed 's/.*"transform":"\([^"]*\)".*/\1/' "$tmp/out")
form=$(sed 's/.*"result":"\([^"]*\)".*/\1/' "$tmp/out")
if [ "$("$NONET" transform --map "$map" "$tmp/in1")" = "$form" ]; then pass; else fail "map $map"; fi
printf '%s\n' 123456789456789123789123456234567891567891234891234567345678912678912345912345678 >"$tmp/in"
run canon --json
expect_out_has '"automorphisms":54}'

test_name="canon: other sizes, one form for isomorphs"
"$NONET" generate --seed 3 -s 2x3 -n 2 >"$tmp/six"
"$NONET" generate --seed 3 -s 4x4 >"$tmp/sixteen"
for f in six sixteen; do
    "$NONET" transform --seed 8 "$tmp/$f" >"$tmp/$f.iso"
    if [ "$("$NONET" canon "$tmp/$f")" = "$("$NONET" canon "$tmp/$f.iso")" ]; then pass; else fail "$f"; fi
done

test_name="canon and transform: errors"
input "$CLASSIC"
run transform --map 't=0;rows=1,2,3'
expect_rc 2
expect_err "bad map"
run transform --map 't=0;rows=1,2,3,4,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;digits=1,2,3,4,5,6,7,8,9' --seed 2
expect_rc 2
run transform --map 'size=2x3;t=0;rows=1,2,3,4,5,6;cols=1,2,3,4,5,6;digits=1,2,3,4,5,6'
expect_rc 1
expect_err "the map is for 2x3 boxes"
printf '%s\n' "................................................................................................................................................................................................................................................................" >"$tmp/in"
run canon -s 4x4
expect_rc 1
expect_err "too many symmetries tie"

test_name="generate --needs: unique puzzles whose path uses the technique, by seed and -j"
run generate --needs x-wing -n 12 --seed 3
expect_rc 0
cp "$tmp/out" "$tmp/xw"
if [ "$(grep -cE '^[1-9.]{81}$' "$tmp/xw")" -eq 12 ]; then pass; else fail "want 12 lines of 81 cells"; fi
"$NONET" count --limit 2 "$tmp/xw" >"$tmp/counts"
if [ "$(sort -u "$tmp/counts")" = "1" ]; then pass; else fail "counts: $(sort "$tmp/counts" | uniq -c)"; fi
"$NONET" rate --json "$tmp/xw" >"$tmp/rates"
if ! grep -v '"x-wing"' "$tmp/rates" | grep -q .; then pass; else fail "a path without x-wing"; fi
run generate --needs x-wing -n 12 --seed 3 -j 2
expect_same "$tmp/xw"
run generate --needs x-wing --seed 3 --from 7 -n 2
sed -n 7,8p "$tmp/xw" >"$tmp/want"
expect_same "$tmp/want"

test_name="generate --needs full house: the singles may come before it (it is never first)"
run generate --needs "full house" -n 3 --seed 5 --position
expect_rc 0
if [ "$(grep -cE '^[1-9.]{81}$' "$tmp/out")" -eq 3 ]; then pass; else fail "want 3 puzzles: $(cat "$tmp/out")"; fi
expect_out_has '# position before full house, round '

test_name="generate --needs --hardest: the technique is the hardest step"
run generate --needs "naked pair" --hardest -n 4 --seed 2 --json
expect_rc 0
if [ "$(grep -c '"hardest":"naked pair"' "$tmp/out")" -eq 4 ]; then pass; else fail "ratings: $(cat "$tmp/out")"; fi
expect_out_has '"hardest":"naked pair"'

test_name="generate --needs --position: the position before the technique"
run generate --needs xy-wing --position -n 1 --seed 9
expect_rc 0
expect_out_has '# position before xy-wing, round '
if [ "$(grep -cE "^# [1-9]+ " "$tmp/out")" -eq 9 ]; then pass; else fail "want 9 candidate lines"; fi
run generate --needs xy-wing --position -n 1 --seed 9 --json
expect_out_has '"result":"'
expect_out_has '"marks":"'

test_name="generate --needs: usage errors"
run generate --needs xwing
expect_rc 2
expect_err "unknown technique 'xwing' (want one of: full house,"
run generate --needs x-wing --symmetry rot180
expect_rc 2
expect_err "--needs makes 9x9 puzzles with no symmetry"
run generate --hardest
expect_rc 2
expect_err "--hardest and --position go with --needs"

echo "generate: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
