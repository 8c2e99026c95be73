#!/bin/sh
# paste.sh - the nonet command on text as people paste and type it: the
# files of tests/data (each has a twin with the same puzzles one a line,
# or their solutions), symbols, titles, forum lines, pencil marks, and the
# messages for what is no puzzle. Run by tests/run.sh with NONET set.
# Prints "paste: N passed, N failed".

. "$(dirname "$0")/lib.sh"
DATA=$(dirname "$0")/data

# ---------------------------------------------------------------- symbols
test_name="16x16 in 0-F, 1-9A-G, A-P and a-p: the clues are read, the answers written in them"
run count --limit 2 "$DATA/hex16.txt"
expect_rc 0
printf '1\n1\n1\n1\n' >"$tmp/want"
expect_same "$tmp/want"
run solve "$DATA/hex16.txt"
expect_rc 0
expect_same "$DATA/hex16.solutions"
run solve --json "$DATA/hex16.txt"
expect_out_has "\"puzzle\":\"$(head -1 "$DATA/hex16.txt")\""

test_name="--symbols: forced symbols, and a reading that only they settle"
# a complete 0-F grid with no other blank: '0' may be a blank or a symbol
head -1 "$DATA/hex16.solutions" >"$tmp/in"
run solve
expect_rc 1
expect_err "'0' may be a blank or the symbol before '1'"
expect_err "--symbols"
run solve --symbols 0123456789ABCDEF
expect_rc 0
expect_same "$tmp/in"
run count --symbols 0123
expect_rc 1
expect_err "the puzzle is 16x16 but the size was set to 4x4"
run count --symbols 0123 --size 3x3
expect_rc 2
expect_err "bad --symbols '0123'"
run solve --symbols 1231
expect_rc 2

# ---------------------------------------------------------------- titles
test_name="Project Euler 96: fifty grids under 'Grid NN' lines, 0 for blank"
run solve -f line "$DATA/euler96.txt"
expect_rc 0
expect_lines 50
expect_solves "$DATA/euler96.lines"
run solve --json "$DATA/euler96.txt"
expect_out_has '"index":1,"line":2,"name":"Grid 01"'
expect_out_has '"index":50,"line":492,"name":"Grid 50"'

test_name="titles above puzzles; lines nearly a puzzle are errors, never titles"
run solve --json "$DATA/titles.txt"
expect_rc 1
expect_lines 7
expect_out_has '"name":"Puzzle:"'
expect_out_has '"name":"AI escargot, by Arto Inkala"'
expect_err "titles.txt:25: puzzle 4: 80 cells; a one-line 9x9 puzzle needs 81"
expect_err "titles.txt:28: puzzle 6: 82 cells; a one-line 9x9 puzzle needs 81"

test_name="an .sdk file: the [Puzzle] section, not the [State] one"
run solve -f line "$DATA/sadman.sdk"
expect_rc 0
expect_lines 1
printf '%s\n' 2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1 >"$tmp/want"
expect_solves "$tmp/want"

test_name="forum lines: ratings, ED=, '# name' and a tab after the puzzle are its name"
run solve -f line "$DATA/forum.txt"
expect_rc 0
expect_solves "$DATA/forum.lines"
run count --json "$DATA/forum.txt"
expect_out_has '"name":"11.9;11.9;11.3"'
expect_out_has '"name":"ED=11.9/11.9/11.3"'
expect_out_has '"name":"easter monster"'
expect_out_has '"name":"golden nugget"'

# ---------------------------------------------------------------- forms
# tests/data/forms: a file in each notation programs and sites write, and
# beside it (.lines) its puzzles as they must be read
for want in "$DATA"/forms/*.lines; do
    src=${want%.lines}
    test_name="forms: $(basename "$src") read right, each puzzle with one solution"
    "$NONET" format --json "$src" >"$tmp/out" 2>"$tmp/err"
    sed -n 's/.*"size":"\([^"]*\)","puzzle":"\([^"]*\)".*/\2 size=\1/p' "$tmp/out" >"$tmp/got"
    if cmp -s "$tmp/got" "$want"; then pass; else
        fail "read as: $(head -c 400 "$tmp/got") $(head -c 200 "$tmp/err")"
    fi
    "$NONET" count --limit 2 "$src" >"$tmp/out" 2>"$tmp/err"
    if [ "$(sort -u "$tmp/out")" = 1 ]; then pass; else fail "counts: $(tr '\n' ' ' <"$tmp/out")"; fi
    if ! grep -qv ' size=3x3$' "$want"; then
        sed 's/ size=.*//' "$want" >"$tmp/puzzles"
        "$NONET" solve -f line "$src" >"$tmp/out" 2>"$tmp/err"
        expect_solves "$tmp/puzzles"
    fi
done

test_name="forms: a CSV header is no puzzle's name"
run format --json "$DATA/forms/kaggle.csv"
if grep -q '"name"' "$tmp/out"; then fail "a name: $(head -c 200 "$tmp/out")"; else pass; fi
expect_out_has '"index":1,"line":2,"columns":{"solutions":"'

test_name="forms: a CSV table's other columns are the puzzle's (JSON shows them)"
run format --json "$DATA/forms/extreme.csv"
expect_out_has '"columns":{"source":"puzzles0_src","answer":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","rating":"0"}'
expect_out_has '"rating":"28"}'
run rate -f csv "$DATA/forms/extreme.csv"
expect_line 1 "index,line,name,size,puzzle,status,message,rating,at_least,level,hardest,hardest_rating,step_count,source,answer,input_rating"
expect_line 2 "1,2,,3x3,$CLASSIC,unique,,1.2,,easy,hidden single (box),1.2,51,puzzles0_src,$CLASSIC_SOL,0"

# ---------------------------------------------------------------- spaces and blocks
test_name="Simple Sudoku's *---* frame, box drawing, tabs, a 6x6 with spaces as blanks"
run solve -f line "$DATA/more.txt"
expect_rc 0
head -3 "$DATA/more.solutions" >"$tmp/want"
printf '%s\n' 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 \
    53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 \
    53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 >"$tmp/lines"
head -3 "$tmp/out" >"$tmp/three"
if verify_lines "$tmp/lines" "$tmp/three" >"$tmp/why"; then pass; else fail "$(head -3 "$tmp/why")"; fi
# the 6x6: 2x3 boxes, its solution checked cell by cell against the clues
tail -1 "$tmp/out" >"$tmp/six"
if [ "$(cat "$tmp/six")" = 123456456123231564564231312645645312 ]; then pass; else fail "6x6: $(cat "$tmp/six")"; fi
run check --json "$DATA/more.txt"
expect_out_has '"index":4,"line":43,"size":"2x3",'
expect_out_has '"status":"incomplete","message":"consistent, incomplete (8 blanks)","blanks":8}'

test_name="spaces as blanks: boxed, fixed width, trailing spaces stripped"
run solve -f line "$DATA/spaces.txt"
expect_rc 0
expect_lines 3
expect_solves "$DATA/spaces.lines"

test_name="sixteen lines of 16 cells, the first fitting a 4x4 puzzle: one 16x16 grid"
run count --limit 2 "$DATA/grid16.txt"
expect_rc 0
printf '1\n' >"$tmp/want"
expect_same "$tmp/want"
run solve -f line "$DATA/grid16.txt"
expect_same "$DATA/grid16.solution"

# ---------------------------------------------------------------- pencil marks
test_name="pencil marks: candidate grids and the 729 form; solve and count respect them"
run count --limit 0 "$DATA/marks.txt"
expect_rc 0
printf '1\n1\n1\n' >"$tmp/want"
expect_same "$tmp/want"
run count --limit 0 "$DATA/marks.clues"
expect_out_has "14"
run solve -f line "$DATA/marks.txt"
expect_same "$DATA/marks.solutions"
# nonet's own candidates output reads back as the same position
head -1 "$DATA/marks.clues" >"$tmp/in"
"$NONET" solve -e propagate --trace <"$tmp/in" >"$tmp/trace" 2>/dev/null
sed -n '2,10p' "$tmp/trace" >"$tmp/in"
run count --limit 0
expect_rc 0
printf '1\n' >"$tmp/want"
expect_same "$tmp/want"
run solve -e naive "$DATA/marks.txt"
expect_rc 1
expect_err "pencil marks"

# ---------------------------------------------------------------- messages
test_name="messages that point at the cause"
printf '%s\n' 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 >"$tmp/in"
run solve -i boxed
expect_rc 1
expect_err "a one-line puzzle, but the layout was set to boxed"
awk 'BEGIN { for (i = 0; i < 1296; i++) printf "."; print "" }' >"$tmp/in"
run count
expect_rc 1
expect_err "sides above 35 need the numbers layout"
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.\000.79\n' >"$tmp/in"
run solve
expect_rc 1
expect_err ":1:79: puzzle 1: bad character: a NUL byte"
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.\302\26779\n' >"$tmp/in"
run solve
expect_rc 0
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.\303\25179\n' >"$tmp/in"
run solve
expect_err "bad character '$(printf '\303\251')' (U+00E9)"
printf '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n' >"$tmp/in"
run solve -s 3x4
expect_rc 1
n=$(grep -c "puzzle" "$tmp/err")
if [ "$n" -eq 1 ]; then pass; else fail "$n messages for one grid of the wrong size"; fi
expect_err "the puzzle is 9x9 but the size was set to 12x12"

test_name="nonet help input describes what nonet reads"
run help input
expect_rc 0
for word in boxed candidates "0-9A-F" "A-P" "Grid 01" ".sdk" "--symbols" "nearly a puzzle"; do
    expect_out_has "$word"
done

echo "paste: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
