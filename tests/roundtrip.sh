#!/bin/sh
# roundtrip.sh - what nonet writes reads back as the same puzzles: every
# output layout of every command that writes grids (generate, solve,
# format, canon, transform, minimize), every size from 1x1 to 25x25, a
# 36x36 grid in numbers. Run by tests/run.sh with NONET set. Prints
# "roundtrip: N passed, N failed".

. "$(dirname "$0")/lib.sh"

# read_back FILE: the puzzles of FILE as nonet reads them, "SIZE PUZZLE" a
# line (the size and puzzle columns of its CSV records)
read_back() {
    "$NONET" format -f csv "$1" 2>&1 | sed 1d | cut -d, -f4,5
}

LAYOUTS="line grid spaced knuth numbers boxed"
COMMANDS="generate solve format canon transform minimize"

# writes FILE with COMMAND in LAYOUT (or csv) from the puzzles in $tmp/p.csv's source
write_with() { # COMMAND LAYOUT SHAPE OUT
    case $1 in
    generate) "$NONET" generate -n 3 --seed 5 -s "$3" $clues -f "$2" >"$4" 2>/dev/null ;;
    solve) "$NONET" solve -f "$2" "$tmp/source" >"$4" 2>/dev/null ;;
    format) "$NONET" format -f "$2" "$tmp/source" >"$4" 2>/dev/null ;;
    canon) "$NONET" canon -f "$2" "$tmp/source" >"$4" 2>/dev/null ;;
    transform) "$NONET" transform --seed 1 -f "$2" "$tmp/source" >"$4" 2>/dev/null ;;
    minimize) "$NONET" minimize -f "$2" "$tmp/source" >"$4" 2>/dev/null ;;
    esac
}

for shape in 1x1 1x2 2x1 1x3 2x2 2x3 3x2 2x4 3x3 3x4 4x3 4x4 5x5; do
    clues=
    [ "$shape" = 5x5 ] && clues="--clues 344"
    "$NONET" generate -n 3 --seed 5 -s "$shape" $clues -f boxed >"$tmp/source" 2>/dev/null
    for cmd in $COMMANDS; do
        # minimal 16x16 and 25x25 puzzles take seconds to minutes each
        if [ "$cmd" = minimize ] && { [ "$shape" = 4x4 ] || [ "$shape" = 5x5 ]; }; then
            continue
        fi
        test_name="round trip: $cmd $shape"
        # what the command makes, as records: the reference
        if [ "$cmd" = generate ] || [ "$cmd" = format ]; then
            write_with "$cmd" csv "$shape" "$tmp/want.csv"
            sed 1d "$tmp/want.csv" | cut -d, -f4,5 >"$tmp/want"
        else
            write_with "$cmd" csv "$shape" "$tmp/want.csv"
            # the grid it wrote: solution or result, with the puzzle's size
            col=$(head -1 "$tmp/want.csv" | tr ',' '\n' | grep -n -x -e solution -e result | head -1 | cut -d: -f1)
            sed 1d "$tmp/want.csv" | awk -F, -v c="$col" '{ print $4 "," $c }' >"$tmp/want"
        fi
        if [ ! -s "$tmp/want" ] || grep -q ',$' "$tmp/want"; then
            fail "no reference for $cmd $shape"
            continue
        fi
        for layout in $LAYOUTS; do
            write_with "$cmd" "$layout" "$shape" "$tmp/out"
            read_back "$tmp/out" >"$tmp/got"
            if cmp -s "$tmp/want" "$tmp/got"; then pass; else
                fail "-f $layout reads back as $(head -c 200 "$tmp/got"), not $(head -c 200 "$tmp/want")"
            fi
        done
        # the candidates layout reads back as the same position
        write_with "$cmd" candidates "$shape" "$tmp/out"
        "$NONET" format -f candidates "$tmp/out" >"$tmp/again" 2>&1
        if cmp -s "$tmp/out" "$tmp/again"; then pass; else fail "-f candidates reads back otherwise"; fi
    done
done

test_name="round trip: 36x36 in numbers, solved"
# an empty grid but its first row: the solution's rows read back
awk 'BEGIN { for (r = 0; r < 36; r++) { l = ""
    for (c = 0; c < 36; c++) l = l (c ? " " : "") (r == 0 ? c + 1 : 0); print l } }' >"$tmp/source"
"$NONET" solve --first -f numbers "$tmp/source" >"$tmp/out" 2>/dev/null
"$NONET" solve --first -f csv "$tmp/source" | sed 1d | awk -F, '{ print $4 "," $10 }' >"$tmp/want"
read_back "$tmp/out" >"$tmp/got"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then pass; else fail "36x36 reads back otherwise"; fi

echo "roundtrip: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
