#!/bin/sh
# cli.sh - tests of the nonet command: every subcommand, layouts in and
# out, bad input, batches and exit codes. Run by tests/run.sh with NONET
# set to the binary. Prints "cli: N passed, N failed".

. "$(dirname "$0")/lib.sh"

# ---------------------------------------------------------------- solve
test_name="solve a one-line puzzle"
input "$CLASSIC"
run solve
expect_rc 0
expect_out "$CLASSIC_SOL"

test_name="solve reads a file operand, stdin and '-'"
input "$CLASSIC"
cp "$tmp/in" "$tmp/p1"
"$NONET" solve "$tmp/p1" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "$CLASSIC_SOL"
cat "$tmp/p1" | "$NONET" solve - >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "$CLASSIC_SOL"

test_name="solve the handout grid, grid out"
input "1-- 489 --6" "73- --- -4-" "--- --1 295" "--7 12- 6--" "5-- 7-3 --8" \
      "--6 -95 7--" "914 6-- ---" "-2- --- -37" "8-- 512 --4"
run solve
expect_rc 0
expect_out "152 489 376
739 256 841
468 371 295

387 124 659
591 763 428
246 895 713

914 637 582
625 948 137
873 512 964"

test_name="solve: every output layout reads back as the solution"
input "$CLASSIC"
for f in line grid spaced knuth numbers boxed; do
    run solve -f $f
    expect_rc 0
    "$NONET" solve -f line <"$tmp/out" >"$tmp/back" 2>"$tmp/err"
    if [ "$(cat "$tmp/back")" = "$CLASSIC_SOL" ]; then pass; else fail "format $f did not read back"; fi
done
run solve -f knuth
expect_out "534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179"
run solve -f boxed
expect_out_has "+-------+-------+-------+"
expect_out_has "| 5 3 4 | 6 7 8 | 9 1 2 |"
run solve -f numbers
expect_out_has "5 3 4 6 7 8 9 1 2"
run solve -f spaced
expect_out_has "5 3 4   6 7 8   9 1 2"

test_name="solve -f candidates and json"
input "$CLASSIC"
run solve -f candidates
expect_rc 0
expect_out_has "5         3         4         6"
run solve -f json
expect_rc 0
expect_out "{\"index\":1,\"line\":1,\"size\":\"3x3\",\"puzzle\":\"$CLASSIC\",\"status\":\"unique\",\"count\":1,\"limit_reached\":false,\"solution\":\"$CLASSIC_SOL\"}"
run solve -f json --stats
expect_out_has "\"solution\":\"$CLASSIC_SOL\",\"stats\":{\"nodes\":1,\"guesses\":0,\"microseconds\":"

test_name="solve --unique fails a puzzle with two solutions"
input "$TWO" "$CLASSIC"
run solve --unique
expect_rc 1
expect_out "# not unique
$CLASSIC_SOL"
expect_err "puzzle 1: not unique"
run solve
expect_rc 0

test_name="solve --all prints both solutions"
input "$TWO"
run solve --all
expect_rc 0
if [ "$(wc -l <"$tmp/out")" -eq 2 ] && [ "$(sort -u "$tmp/out" | wc -l)" -eq 2 ]; then pass; else fail "want 2 distinct lines"; fi
printf '%s\n%s\n' "$TWO" "$TWO" >"$tmp/puz2"
if verify_lines "$tmp/puz2" "$tmp/out"; then pass; else fail "--all solutions invalid"; fi

test_name="solve: no solution"
input "$NONE"
run solve
expect_rc 1
expect_out "# no solution"
expect_err "<stdin>:1: puzzle 1: no solution"

test_name="solve --stats"
input "$CLASSIC" "$CLASSIC"
run solve --stats
expect_rc 0
expect_err "puzzle 1: solved, 1 node, 0 guesses,"
expect_err "2 puzzles, 2 solved, 0 failed"

test_name="solve: a batch with bad lines in the middle answers every puzzle in order"
printf '%s\n' "$CLASSIC" "1234567891" "$CLASSIC" "5${CLASSIC#?}x" "${CLASSIC%?}x" \
    "55${CLASSIC#??}" "$TWO" "$NONE" "$(printf '%0200d' 0)" "$CLASSIC" >"$tmp/in"
run solve
expect_rc 1
if [ "$(wc -l <"$tmp/out")" -eq 10 ]; then pass; else fail "want 10 result lines, got $(wc -l <"$tmp/out")"; fi
sed -n '1p;3p;10p' "$tmp/out" >"$tmp/good"
printf '%s\n' "$CLASSIC" "$CLASSIC" "$CLASSIC" >"$tmp/goodpuz"
if verify_lines "$tmp/goodpuz" "$tmp/good"; then pass; else fail "good lines not solved"; fi
expect_err "<stdin>:2: puzzle 2: 10 cells; a one-line 9x9 puzzle needs 81"
expect_err "<stdin>:4: puzzle 4: 82 cells"
expect_err "<stdin>:5:81: puzzle 5: bad character 'x'"
expect_err "<stdin>:6: puzzle 6: digit 5 appears twice in row 1, columns 1 and 2"
expect_err "<stdin>:8: puzzle 8: no solution"
expect_err "<stdin>:9: puzzle 9: 200 cells"
if [ "$(sed -n 2p "$tmp/out")" = "# error: 10 cells; a one-line 9x9 puzzle needs 81" ]; then pass; else fail "line 2: $(sed -n 2p "$tmp/out")"; fi
if [ "$(sed -n 6p "$tmp/out")" = "# invalid: digit 5 appears twice in row 1, columns 1 and 2" ]; then pass; else fail "line 6: $(sed -n 6p "$tmp/out")"; fi

test_name="bad files"
printf '' >"$tmp/in"
run solve
expect_rc 0
if [ ! -s "$tmp/out" ]; then pass; else fail "output for an empty file"; fi
printf '\000\001\002\377\376garbage\000\n\033[2J\n' >"$tmp/in"
run solve
expect_rc 1
expect_out "# error: binary data (a NUL byte), not text: nothing after it is read"
expect_err "<stdin>:1:1: puzzle 1: binary data"
printf '%s' "$CLASSIC" >"$tmp/in"
run solve
expect_rc 0
expect_out "$CLASSIC_SOL"
printf '53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n' >"$tmp/in"
run solve -f line
expect_rc 0
expect_out "$CLASSIC_SOL"
printf '53..7....\n6..195...\n.98....6.\n8...6...3\n' >"$tmp/in"
run solve
expect_rc 1
expect_out "# error: the grid ended after 4 of its 9 rows"
expect_err "<stdin>:4: puzzle 1: the grid ended after 4 of its 9 rows"
printf '53..7....\n6..195...\n.98.x..6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n' >"$tmp/in"
run solve
expect_rc 1
expect_err "<stdin>:3:5: puzzle 1: bad character 'x'"
printf '53..7....\n6..195...\n.98...6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n' >"$tmp/in"
run solve
expect_rc 1
expect_err "<stdin>:3: puzzle 1: row 3 has 8 cells; a 9x9 grid needs 9"

test_name="sizes: 4x4, 6x6 with --size, 16x16 and 25x25"
input "................"
run count --limit 0
expect_rc 0
expect_out "288"
input "1.3..6.4.6..5...3..3..6...6.2.6.2..5"
run solve --size 3x2
expect_rc 0
run check --size 3x2
expect_out "consistent, incomplete (22 blanks)"
"$NONET" solve --size 3x2 <"$tmp/in" >"$tmp/s6"
"$NONET" check --size 3x2 --solution "$tmp/s6" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "correct"
input "1$(printf '%0254d' 0 | tr 0 .)G"
run solve
expect_rc 0
cp "$tmp/out" "$tmp/s16"
"$NONET" check --solution "$tmp/s16" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "correct"
input "$(printf '%0625d' 0 | tr 0 .)"
run solve
expect_rc 0
cp "$tmp/out" "$tmp/s25"
"$NONET" check --solution "$tmp/s25" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "correct"

# ---------------------------------------------------------------- count
test_name="count"
input "$CLASSIC" "$TWO" "$NONE" "................................................................................." "55${CLASSIC#??}" "123"
run count --limit 2
expect_rc 1
expect_out "1
2+
0
2+
0 invalid
error"
run count --json --limit 2
expect_out_has '"status":"unique","count":1,"limit_reached":false'
expect_out_has '"status":"multiple","count":2,"limit_reached":true'
input "$TWO"
run count
expect_rc 0
expect_out "2"

# ---------------------------------------------------------------- --timeout (issue 37)
# The empty grid's solutions (6.67e21) and the easter monster's nested
# chains cannot finish in half a second: each gets a timeout of its own,
# the puzzles around it their answers, in order, whatever -j.
EMPTY=$(printf '%81s' '' | tr ' ' .)
MONSTER=1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1
test_name="--timeout: count gives up the empty grid; the others are counted"
input "$CLASSIC" "$EMPTY" "$TWO"
for j in 1 2; do
    run count --limit 0 --timeout 0.5 -j $j
    expect_rc 1
    if sed -n 1p "$tmp/out" | grep -qx 1 && sed -n 2p "$tmp/out" | grep -Eqx '[0-9]+\+ timeout' &&
        sed -n 3p "$tmp/out" | grep -qx 2 && [ "$(wc -l <"$tmp/out")" -eq 3 ]; then pass; else
        fail "-j $j: $(cat "$tmp/out")"; fi
    expect_err "<stdin>:2: puzzle 2: no answer within 0.5 s (--timeout);"
done
run count --limit 0 --timeout 0.5 --json
expect_out_has '"status":"timeout","message":"no answer within 0.5 s (--timeout)"'
expect_out_has '"status":"unique","count":1'
test_name="--timeout: rate, explain and hint give up the easter monster"
input "$MONSTER" "$CLASSIC"
run rate --timeout 0.5 -j 2
expect_rc 1
if sed -n 1p "$tmp/out" | grep -q '^# timeout: no answer within' && sed -n 2p "$tmp/out" | grep -q '^[0-9]\.[0-9] '; then
    pass; else fail "rate: $(cat "$tmp/out")"; fi
input "$MONSTER"
run explain --timeout 0.5
expect_rc 1
if tail -n 1 "$tmp/out" | grep -qx '# timeout: no answer within 0.5 s (--timeout)'; then pass; else
    fail "explain: $(tail -n 2 "$tmp/out")"; fi
run hint --timeout 0.01 --json # its first step alone takes 0.1 s
expect_out_has '"status":"timeout"'
test_name="--timeout: generate writes a line in place of each puzzle it gives up"
"$NONET" generate -s 5x5 -n 2 --seed 1 --timeout 0.3 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "# timeout: puzzle 1: no answer within 0.3 s (--timeout)
# timeout: puzzle 2: no answer within 0.3 s (--timeout)"
test_name="--timeout: variants and exact cover stop too"
printf '%s\n' "$EMPTY" "diagonal-" >"$tmp/x.txt"
"$NONET" count --limit 0 --timeout 0.3 "$tmp/x.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
if grep -Eqx '[0-9]+\+ timeout' "$tmp/out"; then pass; else fail "variant: $(cat "$tmp/out")"; fi
"$NONET" dlx "$EMPTY" >"$tmp/x.dlx"
"$NONET" xc --count --timeout 0.3 "$tmp/x.dlx" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
if grep -Eqx '[0-9]+\+ timeout' "$tmp/out"; then pass; else fail "xc: $(cat "$tmp/out")"; fi
expect_err "nonet: the search stopped: no answer within 0.3 s (--timeout)"
test_name="--timeout: bad values, and the teaching solvers, are usage errors"
input "$CLASSIC"
for bad in 0 -1 abc 1e3 .; do
    run count --timeout "$bad"
    expect_rc 2
    expect_err "bad timeout '$bad'"
done
run solve -e naive --timeout 1
expect_rc 2
run check --timeout 1
expect_rc 2

# ---------------------------------------------------------------- check
test_name="check"
input "$CLASSIC_SOL" "$CLASSIC" "55${CLASSIC#??}"
run check
expect_rc 1
expect_out "solved
consistent, incomplete (51 blanks)
inconsistent: digit 5 appears twice in row 1, columns 1 and 2"
input "$CLASSIC" "$CLASSIC" "$CLASSIC" "$CLASSIC"
printf '%s\n' "$CLASSIC_SOL" "6${CLASSIC_SOL#?}" "53.678912672195348198342567859761423426853791713924856961537284287419635345286179" "$TWO" >"$tmp/sol"
run check --solution "$tmp/sol"
expect_rc 1
expect_out "correct
wrong: it changes the clue at row 1, column 1
wrong: incomplete (1 blank)
wrong: it changes the clue at row 1, column 5"

# ---------------------------------------------------------------- check: a table's solutions (issue 37)
# Three puzzles whose solutions are known without nonet: the classic one,
# and the same with its digits relabelled (a relabelled puzzle's solution
# is its solution relabelled); verify_lines checks them too.
test_name="check --solution-column: a table's solutions against its puzzles"
P2=$(echo "$CLASSIC" | tr 123456789 234567891)
S2=$(echo "$CLASSIC_SOL" | tr 123456789 234567891)
P3=$(echo "$CLASSIC" | tr 123456789 987654321)
S3=$(echo "$CLASSIC_SOL" | tr 123456789 987654321)
printf '%s\n' "$CLASSIC" "$P2" "$P3" >"$tmp/quizzes"
printf '%s\n' "$CLASSIC_SOL" "$S2" "$S3" >"$tmp/solutions"
if verify_lines "$tmp/quizzes" "$tmp/solutions"; then pass; else fail "the relabelled solutions"; fi
printf '%s\n' "quizzes,solutions" "$CLASSIC,$CLASSIC_SOL" "$P2,$S2" "$P3,$S3" >"$tmp/table.csv"
"$NONET" check --solution-column solutions "$tmp/table.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "correct
correct
correct"
# the first two rows' solutions swapped: each changes its puzzle's first clue
printf '%s\n' "quizzes,solutions" "$CLASSIC,$S2" "$P2,$CLASSIC_SOL" "$P3,$S3" >"$tmp/swapped.csv"
"$NONET" check --solution-column solutions "$tmp/swapped.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "wrong: it changes the clue at row 1, column 1
wrong: it changes the clue at row 1, column 1
correct"
expect_err "swapped.csv:2: puzzle 1: wrong: it changes the clue at row 1, column 1"
# from a pipe, the column named in another case
cat "$tmp/swapped.csv" | "$NONET" check --solution-column SOLUTIONS >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "wrong: it changes the clue at row 1, column 1
wrong: it changes the clue at row 1, column 1
correct"
"$NONET" check --json --solution-column solutions "$tmp/swapped.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has "\"status\":\"wrong\",\"message\":\"it changes the clue at row 1, column 1\",\"blanks\":0,\"solution\":\"$S2\"}"
# the trap of issue 37: --column picks the puzzles' column only, and a
# table cannot be its own --solution file
"$NONET" check --column solutions --solution "$tmp/swapped.csv" "$tmp/swapped.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "--solution-column NAME"
if [ ! -s "$tmp/out" ]; then pass; else fail "a self-comparison printed: $(head -3 "$tmp/out")"; fi
"$NONET" check --solution "$tmp/swapped.csv" <"$tmp/swapped.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "it would be checked against itself"
cp "$tmp/swapped.csv" "$tmp/copy.csv"
# (a copy: its quizzes, the default column, are the proposed solutions of
# the solutions; in row 3 the first cell they differ in is r1c3)
"$NONET" check --column solutions --solution "$tmp/copy.csv" "$tmp/swapped.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "wrong: it changes the clue at row 1, column 1
wrong: it changes the clue at row 1, column 1
wrong: it changes the clue at row 1, column 3"
"$NONET" check --solution "$tmp/solutions" --solution-column solutions "$tmp/table.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
printf '%s\n' "$CLASSIC" "cage r1c3 r1c4 = 9" >"$tmp/cage.txt" # a variant: no table, no column
"$NONET" check --solution-column solutions "$tmp/cage.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "a variant puzzle has none"
# a column that is not there: each puzzle's line says so, stderr twice
"$NONET" check --solution-column answer "$tmp/table.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "error: no column 'answer' beside this puzzle
error: no column 'answer' beside this puzzle
error: no column 'answer' beside this puzzle"
expect_err "table.csv:2: puzzle 1: no column 'answer' beside this puzzle (its table's columns: solutions)"
expect_err "2 more puzzles had no column 'answer'; they were not checked"
if [ "$(wc -l <"$tmp/err")" -eq 2 ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
# an unreadable or empty solution is an error of its line
printf '%s\n' "quizzes,solutions" "$CLASSIC,${CLASSIC_SOL%?}" "$P2," >"$tmp/bad.csv"
"$NONET" check --solution-column solutions "$tmp/bad.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "error: the solution in its column 'solutions': 80 cells; a one-line 9x9 puzzle needs 81
error: no solution in its column 'solutions'"

test_name="check --solution: files of different lengths, one line on stderr"
printf '%s\n' "$CLASSIC_SOL" >"$tmp/one"
"$NONET" check --solution "$tmp/one" "$tmp/quizzes" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "correct
error: $tmp/one has no solution for this puzzle
error: $tmp/one has no solution for this puzzle"
expect_err "$tmp/one has 2 grids fewer than there are puzzles: the last 2 (from $tmp/quizzes:2: puzzle 2 on) were not checked"
if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
"$NONET" check --solution "$tmp/solutions" "$CLASSIC" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "correct"
expect_err "has 2 more grids than there are puzzles; they were not checked"
if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi

# ---------------------------------------------------------------- input: long columns, binary, UTF-16 (issue 37)
test_name="a CSV table's long column is kept"
rules=$(awk 'BEGIN { for (i = 0; i < 120; i++) printf "%sNormal sudoku rules apply.", i ? " " : "" }')
printf '%s\n' "puzzle,rules,solution" "$CLASSIC,$rules,$CLASSIC_SOL" >"$tmp/bench.csv"
"$NONET" format --json "$tmp/bench.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has "\"columns\":{\"rules\":\"$rules\",\"solution\":\"$CLASSIC_SOL\"}"
if [ "${#rules}" -eq 3239 ]; then pass; else fail "rules: ${#rules} characters"; fi

test_name="a binary file is refused once"
for cmd in solve count check; do
    "$NONET" $cmd "$NONET" >"$tmp/out" 2>"$tmp/err"; rc=$?
    expect_rc 1
    if [ "$(wc -l <"$tmp/out")" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then pass; else
        fail "$cmd: $(wc -l <"$tmp/out") lines out, $(wc -l <"$tmp/err") on stderr"; fi
    expect_err "$NONET:1:"
    expect_err ": puzzle 1: binary data (a NUL byte), not text: nothing after it is read"
done
# puzzles before binary data are read; nothing after it
{ printf '%s\n' "$CLASSIC"; printf 'x\000\001\n'; printf '%s\n' "$CLASSIC"; } >"$tmp/in"
run solve
expect_rc 1
expect_out "$CLASSIC_SOL
# error: binary data (a NUL byte), not text: nothing after it is read"
expect_err "<stdin>:2:2: puzzle 2: binary data"

test_name="UTF-16 input is read"
# each character followed by a NUL (little-endian), after a byte-order mark
to_utf16le() { tr '\n' '~' | sed 's/./&@/g' | tr '@~' '\000\n'; }
to_utf16be() { tr '\n' '~' | sed 's/./@&/g' | tr '@~' '\000\n'; }
{ printf '\377\376'; printf '%s\r\n' "$CLASSIC" "$P2" | to_utf16le; } >"$tmp/in"
run solve
expect_rc 0
expect_out "$CLASSIC_SOL
$S2"
printf '%s\n' "$CLASSIC" | to_utf16le >"$tmp/in" # no byte-order mark
run solve
expect_rc 0
expect_out "$CLASSIC_SOL"
{ printf '\376\377'; printf '%s\n' "$CLASSIC" | to_utf16be; } >"$tmp/in"
run solve
expect_rc 0
expect_out "$CLASSIC_SOL"

# ---------------------------------------------------------------- input: control characters, CSV records (issue 38)
test_name="a control character in a puzzle line is named where it is"
# the classic puzzle with ESC in place of its 17th cell (80 cells: the
# count alone named no place), then with U+0001 before its 17th cell, then
# with form feeds at the line's ends (white space) and a tab between cells
{ printf '%s\n' "$CLASSIC"
  printf '%.16s\033%s\n' "$CLASSIC" "${CLASSIC#?????????????????}"
  printf '%.16s\001%s\n' "$CLASSIC" "${CLASSIC#????????????????}"
  printf '\f%.40s\t%s\f\r\n' "$CLASSIC" "${CLASSIC#????????????????????????????????????????}"
} >"$tmp/in"
run check
expect_rc 1
expect_out "consistent, incomplete (51 blanks)
error: bad character: control character U+001B (escape)
error: bad character: control character U+0001
consistent, incomplete (51 blanks)"
expect_err "<stdin>:2:17: puzzle 2: bad character: control character U+001B (escape)"
expect_err "<stdin>:3:17: puzzle 3: bad character: control character U+0001"
# a form feed between two cells is no space
printf '%.40s\f%s\n' "$CLASSIC" "${CLASSIC#????????????????????????????????????????}" >"$tmp/in"
run solve
expect_rc 1
expect_err "<stdin>:1:41: puzzle 1: bad character: control character U+000C (form feed)"

test_name="CSV as RFC 4180 writes it: quoted fields with line breaks and quotes"
# rules with a line break and a comma (lines 2-3), a quoted puzzle with
# rules that quote (line 4), rules of three lines before a wrong solution
# (lines 5-7), a quote never closed (line 8 on)
P2=$(echo "$CLASSIC" | tr 123456789 234567891)
S2=$(echo "$CLASSIC_SOL" | tr 123456789 234567891)
printf '%s\n' "puzzle,rules,solution" \
    "$CLASSIC,\"Normal sudoku rules.
Digits in cages sum to the clue, no repeats.\",$CLASSIC_SOL" \
    "\"$P2\",\"a, \"\"b\"\" c\",$S2" \
    "$P2,\"one

three\",$CLASSIC_SOL" >"$tmp/rules.csv"
"$NONET" check --solution-column solution "$tmp/rules.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "correct
correct
wrong: it changes the clue at row 1, column 1"
expect_err "rules.csv:5: puzzle 3: wrong: it changes the clue at row 1, column 1"
if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
"$NONET" format --json "$tmp/rules.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has '"index":2,"line":4,"columns":{"rules":"a, \"b\" c","solution"'
expect_out_has '"index":3,"line":5,'
if grep -q '"rules":"Normal sudoku rules.\(\\u000a\|\\n\)Digits in cages sum to the clue, no repeats."' "$tmp/out"
then pass; else fail "rules: $(head -1 "$tmp/out")"; fi
# nonet's own CSV records, whose fields are quoted so, read back the same
"$NONET" format -f csv "$tmp/rules.csv" >"$tmp/records.csv" 2>"$tmp/err"
"$NONET" format --json "$tmp/records.csv" >"$tmp/again" 2>"$tmp/err"; rc=$?
expect_rc 0
rules_of() { sed 's/.*"rules":\("[^"\\]*\(\\.[^"\\]*\)*"\).*/\1/' "$1"; }
rules_of "$tmp/out" >"$tmp/want"
rules_of "$tmp/again" >"$tmp/got"
if [ "$(wc -l <"$tmp/got")" -eq 3 ] && cmp -s "$tmp/want" "$tmp/got"; then pass; else
    fail "read back: $(cat "$tmp/got")"; fi
printf '%s,"never closed\n%s,x\n' "$CLASSIC" "$CLASSIC" >>"$tmp/rules.csv"
"$NONET" check "$tmp/rules.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_line 4 "error: unclosed quote: the CSV field that opens here runs to the end of the input (line 9)"
expect_err "rules.csv:8:83: puzzle 4: unclosed quote: the CSV field that opens here runs to the end of the input (line 9)"

# ---------------------------------------------------------------- input: 8x8 lines, sized names, a lone x (issue 39)
test_name="an 8x8 line after its size line is no 4x4 position; nonet's own line reads back"
L8=$(printf '1.......%.0s' 1 2 3 4 5 6 7 8) # as 4x4 marks, half the cells would have none
printf '1x8\n%s\n' "$L8" >"$tmp/in"
run format --json
expect_rc 0
expect_out "{\"index\":1,\"line\":2,\"size\":\"1x8\",\"puzzle\":\"$L8\",\"status\":\"ok\"}"
printf '%s\n' "$L8" >"$tmp/in"
run format --json
expect_out_has '"size":"2x4"'
# a mark in every cell: a 4x4 position, unless a size line says 8x8
M4=$(printf '1234%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
printf '%s\n' "$M4" >"$tmp/in"
run format --json
expect_out_has '"size":"2x2","puzzle":"................","status":"ok","marks":"'
printf '2x4\n%s\n' "$M4" >"$tmp/in"
run format
expect_out "2x4
$M4"
"$NONET" format <"$tmp/out" >"$tmp/back" 2>"$tmp/err"
if cmp -s "$tmp/out" "$tmp/back"; then pass; else fail "read back: $(cat "$tmp/back" "$tmp/err")"; fi

test_name="a size line before a named one-line puzzle keeps the name"
L6=123456456123231564564231312645645312
printf '3x2\n%s\tby tab\n3x2\n%s by space\n3x2\nPuzzle 3: %s\n' "$L6" "$L6" "$L6" >"$tmp/in"
run format --json
expect_rc 0
expect_out "{\"index\":1,\"line\":2,\"name\":\"by tab\",\"size\":\"3x2\",\"puzzle\":\"$L6\",\"status\":\"ok\"}
{\"index\":2,\"line\":4,\"name\":\"by space\",\"size\":\"3x2\",\"puzzle\":\"$L6\",\"status\":\"ok\"}
{\"index\":3,\"line\":6,\"name\":\"Puzzle 3\",\"size\":\"3x2\",\"puzzle\":\"$L6\",\"status\":\"ok\"}"

test_name="a lone x is a letter, not a 1x1 puzzle"
printf 'x\n' >"$tmp/in"
run check
expect_rc 1
expect_err "<stdin>:1:1: puzzle 1: 'x': 1 cell and no puzzle after it: not a puzzle or a title"
printf 'x\n%s\n' "$CLASSIC" >"$tmp/in"
run format --json
expect_rc 0
expect_out_has "{\"index\":1,\"line\":2,\"name\":\"x\",\"size\":\"3x3\""
printf '.\n' >"$tmp/in"
run solve
expect_rc 0
expect_out "1"

# ---------------------------------------------------------------- usage
test_name="usage and exit codes"
input "$CLASSIC"
run --help
expect_rc 0
expect_out_has "usage: nonet COMMAND"
run --version
expect_rc 0
expect_out_has "nonet "
run help solve
expect_rc 0
expect_out_has "--unique"
run solve --help
expect_rc 0
run
expect_rc 2
run frobnicate
expect_rc 2
expect_err "no command 'frobnicate'"
run solve --frobnicate
expect_rc 2
expect_err "unknown option"
run count --ceiling 9
expect_rc 2
expect_err "option '--ceiling' does not apply to this command"
run solve -f nosuch
expect_rc 2
run solve --size 9x9
expect_rc 2
run count --unique
expect_rc 2
run solve "$tmp/does-not-exist"
expect_rc 2
expect_err "cannot open"

# ---------------------------------------------------------------- teaching solvers
golden="$(dirname "$0")/golden"
# propagate fills 36 cells of this one, then needs a hidden single: stuck
STUCK=.9..6453.57....2.........89..9.....7.8........5..3..6....6..3.5......4..4.2..5.7.
STUCK_PARTIAL=298764531573...246146..3789329....57684....23751.3..64817642395965...412432..5678
# no solution, found only by brute force (10 attempts, 2 backtracks by hand:
# see tests/test_teach.c)
NONE4=12..341221.3.324
# the handout's literal tactics loop "solves" this one with two 3s in column 1
CLASH4=4.3....4...21...

test_name="propagate solves the classic puzzle"
input "$CLASSIC"
run solve --engine propagate
expect_rc 0
expect_out "$CLASSIC_SOL"
expect_err "<stdin>:1: puzzle 1: solved, 6 passes, 459 events"

test_name="propagate gets stuck: the grid as far as it got, in the input's layout"
input "$STUCK"
run solve -e propagate
expect_rc 1
expect_out "$STUCK_PARTIAL"
expect_err "puzzle 1: stuck (too hard for this simple algorithm), 9 passes, 461 events"
input "$(printf '%s' "$STUCK" | tr . 0)"
run solve -e propagate
expect_out "$(printf '%s' "$STUCK_PARTIAL" | tr . 0)"
printf '%s\n' "- 9 -   - 6 4   5 3 -" "5 7 -   - - -   2 - -" "- - -   - - -   - 8 9" "" \
    "- - 9   - - -   - - 7" "- 8 -   - - -   - - -" "- 5 -   - 3 -   - 6 -" "" \
    "- - -   6 - -   3 - 5" "- - -   - - -   4 - -" "4 - 2   - - 5   - 7 -" >"$tmp/in"
run solve -e propagate
expect_rc 1
expect_out "2 9 8   7 6 4   5 3 1
5 7 3   - - -   2 4 6
1 4 6   - - 3   7 8 9

3 2 9   - - -   - 5 7
6 8 4   - - -   - 2 3
7 5 1   - 3 -   - 6 4

8 1 7   6 4 2   3 9 5
9 6 5   - - -   4 1 2
4 3 2   - - 5   6 7 8"

test_name="propagate: a cell without candidates is no solution"
input "$NONE4"
run solve -e propagate
expect_rc 1
expect_out "# no solution"
expect_err "puzzle 1: no solution, 1 pass, 6 events"

test_name="tactics prints the grid layout, or --format's"
input "$CLASSIC"
run solve -e tactics
expect_rc 0
expect_out "534 678 912
672 195 348
198 342 567

859 761 423
426 853 791
713 924 856

961 537 284
287 419 635
345 286 179"
run solve -e tactics -f line
expect_out "$CLASSIC_SOL"
input "$STUCK"
run solve -e tactics -f line
expect_rc 0
printf '%s\n' "$STUCK" >"$tmp/puz1"
if verify_lines "$tmp/puz1" "$tmp/out"; then pass; else fail "tactics solution invalid"; fi

test_name="tactics: no solution, also where the handout's loop would accept a broken grid"
input "$CLASH4"
run solve -e tactics
expect_rc 1
expect_out "# no solution"
expect_err "<stdin>:1: puzzle 1: no solution"
input "$NONE"
run solve -e tactics
expect_rc 1
expect_out "# no solution"

test_name="naive: attempts and backtracks after the solution, numbers layout in and out"
input "5 3 0 0 7 0 0 0 0" "6 0 0 1 9 5 0 0 0" "0 9 8 0 0 0 0 6 0" "8 0 0 0 6 0 0 0 3" \
      "4 0 0 8 0 3 0 0 1" "7 0 0 0 2 0 0 0 6" "0 6 0 0 0 0 2 8 0" "0 0 0 4 1 9 0 0 5" \
      "0 0 0 0 8 0 0 7 9"
run solve -e naive
expect_rc 0
expect_out "5 3 4 6 7 8 9 1 2
6 7 2 1 9 5 3 4 8
1 9 8 3 4 2 5 6 7
8 5 9 7 6 1 4 2 3
4 2 6 8 5 3 7 9 1
7 1 3 9 2 4 8 5 6
9 6 1 5 3 7 2 8 4
2 8 7 4 1 9 6 3 5
3 4 5 2 8 6 1 7 9
attempts: 0
backtracks: 0"
# six blanks only 2 and 8 can fill: 32 attempts, 1 backtrack (derived by
# hand in tests/test_teach.c)
input "53467.91.67.19534.19.34.567859761423426853791713924856961537284287419635345286179"
run solve -e naive
expect_rc 0
expect_out "534672918678195342192348567859761423426853791713924856961537284287419635345286179
attempts: 32
backtracks: 1"

test_name="naive: no solution ends with the statistics"
input "$NONE4"
run solve -e naive
expect_rc 1
expect_out "# no solution
attempts: 10
backtracks: 2"
expect_err "puzzle 1: no solution"

test_name="teaching solvers: 6x6 and 16x16"
input "1.3..6.4.6..5...3..3..6...6.2.6.2..5"
for e in tactics naive; do
    run solve -e $e --size 3x2 -f line
    expect_rc 0
    "$NONET" check --size 3x2 --solution "$tmp/out" <"$tmp/in" >"$tmp/chk" 2>&1
    if [ "$(cat "$tmp/chk")" = "correct" ]; then pass; else fail "$e 6x6: $(cat "$tmp/chk")"; fi
done
# a 16x16 with 36 solutions: propagate gets stuck, the others solve it
input "E9.G...B..A.52.7...5..A.GE...6B...4.257CD..6G.E9B.....9....2...A.....A..9.F.85.C6.....E38.....4..F19.8C2A6..7G3.2C5819F.73.GAD.B.6A..C3GB..8.9.4G37C.F.DE14..8525..B9.41.G.7..D6..9E8.25.D..C.G.8..6.319..GC4F..7.C2F4D.391.6B8..D.4...7.8.B.E..9.E....84ADF.C7G"
run solve -e propagate
expect_rc 1
expect_err "puzzle 1: stuck"
for e in tactics naive; do
    run solve -e $e -f line
    expect_rc 0
    "$NONET" check --solution "$tmp/out" <"$tmp/in" >"$tmp/chk" 2>&1
    if [ "$(cat "$tmp/chk")" = "correct" ]; then pass; else fail "$e 16x16: $(cat "$tmp/chk")"; fi
done

test_name="--trace: golden traces, one short puzzle per engine"
input "..343412.1434321"
run solve -e propagate --trace
expect_rc 0
if cmp -s "$golden/trace_propagate.txt" "$tmp/out"; then pass; else fail "propagate trace differs"; diff "$golden/trace_propagate.txt" "$tmp/out" | head -20; fi
input "..2....3.4.2...."
run solve -e tactics --trace
expect_rc 0
if cmp -s "$golden/trace_tactics.txt" "$tmp/out"; then pass; else fail "tactics trace differs"; diff "$golden/trace_tactics.txt" "$tmp/out" | head -20; fi
input "....1..42....4.."
run solve -e naive --trace
expect_rc 0
if cmp -s "$golden/trace_naive.txt" "$tmp/out"; then pass; else fail "naive trace differs"; diff "$golden/trace_naive.txt" "$tmp/out" | head -20; fi
input "$CLASH4"
run solve -e tactics --trace
expect_rc 1
expect_out_has "every set is a singleton, but digit 3 appears twice in column 1, rows 2 and 3: no solution"
# with JSON the trace goes to stderr, so that stdout stays one object per line
run solve -e tactics --trace --json
expect_err "tactic 1: changed"
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then pass; else fail "JSON output is not one line"; fi

test_name="--stats: each engine's own statistics"
input "$CLASSIC" "$NONE4"
run solve -e propagate --stats
expect_rc 1
expect_err "puzzle 1: solved, 6 passes, 459 events, "
expect_err "2 puzzles, 1 solved, 0 stuck, 1 failed"
run solve -e tactics --stats
expect_err "puzzle 1: solved, 2 tactic 1 scans, 2 tactic 2 scans, 0 guesses, 0 back-ups, 0 full grids rejected, 1 node, "
expect_err "puzzle 2: no solution, "
run solve -e naive --stats
expect_err "puzzle 1: solved, 51 single candidates, 0 attempts, 0 backtracks, "
expect_err "puzzle 2: no solution, 0 single candidates, 10 attempts, 2 backtracks, "
expect_err "2 puzzles, 1 solved, 1 failed"
run solve --stats
expect_err "puzzle 1: solved, 1 node, 0 guesses,"

test_name="JSON carries each engine's status and statistics"
input "$STUCK" "$NONE4"
run solve -e propagate --json --stats
expect_rc 1
expect_out_has "\"engine\":\"propagate\",\"status\":\"stuck\",\"result\":\"$STUCK_PARTIAL\",\"stats\":{\"passes\":9,\"events\":461,"
expect_out_has "\"status\":\"no solution\",\"result\":\"$NONE4\",\"stats\":{\"passes\":1,\"events\":6,"
run solve -e naive -f json --stats
expect_out_has "\"engine\":\"naive\",\"status\":\"no solution\",\"stats\":{\"singles\":0,\"attempts\":10,\"backtracks\":2,"
input "$CLASSIC"
run solve -e tactics --json --stats
expect_rc 0
expect_out_has "\"engine\":\"tactics\",\"status\":\"solved\",\"solution\":\"$CLASSIC_SOL\",\"stats\":{\"tactic1\":2,\"tactic2\":2,\"guesses\":0,\"backups\":0,\"rejected\":0,\"nodes\":1,"

test_name="teaching solvers: a batch answers every puzzle in order"
printf '%s\n' "$CLASSIC" "123" "55${CLASSIC#??}" "$STUCK" "$NONE4" "$CLASSIC" >"$tmp/in"
run solve -e propagate
expect_rc 1
expect_out "$CLASSIC_SOL
# error: 3 cells; a one-line 9x9 puzzle needs 81
# invalid: digit 5 appears twice in row 1, columns 1 and 2
$STUCK_PARTIAL
# no solution
$CLASSIC_SOL"
expect_err "<stdin>:4: puzzle 4: stuck"
run solve -e naive
expect_rc 1
expect_out "$CLASSIC_SOL
attempts: 0
backtracks: 0
# error: 3 cells; a one-line 9x9 puzzle needs 81
# invalid: digit 5 appears twice in row 1, columns 1 and 2
$(printf '%s' "$STUCK" | "$NONET" solve 2>/dev/null)
attempts: 1804
backtracks: 214
# no solution
attempts: 10
backtracks: 2
$CLASSIC_SOL
attempts: 0
backtracks: 0"
run solve -e tactics -f line
expect_rc 1
if [ "$(wc -l <"$tmp/out")" -eq 6 ]; then pass; else fail "want 6 result lines"; fi
if [ "$(sed -n 5p "$tmp/out")" = "# no solution" ]; then pass; else fail "line 5: $(sed -n 5p "$tmp/out")"; fi

test_name="teaching solvers: usage"
input "$CLASSIC"
run solve --help
expect_out_has "propagate, tactics or naive"
expect_out_has "--trace"
run count -e naive
expect_rc 2
expect_err "only solves"
run solve --trace
expect_rc 2
expect_err "--trace goes with"
run solve -e naive --all
expect_rc 2
run solve -e tactics --unique
expect_rc 2
run solve -e nosuch
expect_rc 2
expect_err "unknown engine 'nosuch'"

# ---------------------------------------------------------------- dlx
# The fixtures are written by hand from the format of Knuth's SUDOKU-DLX:
# $TWO is the classic solution with an unavoidable rectangle blanked (rows
# 0 and 3, columns 3 and 4), where every unit concerned lacks 6 and 7.
test_name="dlx: SUDOKU-DLX form, byte for byte"
input "$TWO"
run dlx
expect_rc 0
expect_out "|sudoku!534..8912!672195348!198342567!859..1423!426853791!713924856!961537284!287419635!345286179
p03 p04 p33 p34 r06 r07 r36 r37 c36 c37 c46 c47 b16 b17 b46 b47 
p03 r06 c36 b16
p03 r07 c37 b17
p04 r06 c46 b16
p04 r07 c47 b17
p33 r36 c36 b46
p33 r37 c37 b47
p34 r36 c46 b46
p34 r37 c47 b47"

test_name="dlx --dance: SUDOKU-PREP form, byte for byte"
run dlx --dance
expect_rc 0
expect_out " p03 p04 p33 p34 r06 r07 b16 b17 r36 c36 r37 c37 c46 b46 c47 b47
p03 r06 c36 b16
p03 r07 c37 b17
p33 r36 c36 b46
p33 r37 c37 b47
p04 r06 c46 b16
p04 r07 c47 b17
p34 r36 c46 b46
p34 r37 c47 b47"

test_name="dlx: a 4x4 and Knuth's own input layout"
printf '%s\n' .234 3412 2143 432. >"$tmp/in"
run dlx
expect_rc 0
expect_out "|sudoku 2x2!.234!3412!2143!432.
p00 p33 r01 r31 c01 c31 b01 b31 
p00 r01 c01 b01
p33 r31 c31 b31"
printf '%s\n' 53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79 >"$tmp/in"
run dlx
expect_rc 0
expect_out_has "|sudoku!53..7....!6..195...!.98....6.!8...6...3!4..8.3..1!7...2...6!.6....28.!...419..5!....8..79"
expect_out_has "p02 p03 p05 p06 p07 p08 p11 p12 "

test_name="dlx: conflicting clues give SUDOKU-DLX's messages and no output"
# dots N: N blank cells
dots() { printf "%${1}s" "" | tr ' ' .; }
expect_no_out() {
    if [ -s "$tmp/out" ]; then fail "stdout is not empty: $(head -c 200 "$tmp/out")"; else pass; fi
}
input "5..5$(dots 77)"
run dlx
expect_rc 1
expect_no_out
expect_err "digit 5 appears in columns 0 and 3 of row 0!"
input "$(dots 4)8$(dots 53)8$(dots 22)"
run dlx
expect_rc 1
expect_err "digit 8 appears in rows 0 and 6 of column 4!"
input "1$(dots 9)1$(dots 70)"
run dlx --dance
expect_rc 1
expect_err "digit 1 appears in rows 0 and 1 of box 0!"
# a batch: the good puzzles still give their covers, in order
input "$TWO" "55$(dots 79)" "$TWO"
run dlx
expect_rc 1
expect_err "puzzle 2: digit 5 appears in columns 0 and 1 of row 0!"
if [ "$(grep -c '^|sudoku' "$tmp/out")" -eq 2 ]; then pass; else fail "wanted two covers"; fi

# ---------------------------------------------------------------- xc
printf '%s\n' '| A simple example' 'A B C D E | F G' 'C E F' 'A D G' 'B C F' 'A D' 'B G' 'D E G' >"$tmp/knuth.dlx"

test_name="xc: options of each solution, summary on stderr"
cp "$tmp/knuth.dlx" "$tmp/in"
run xc
expect_rc 0
expect_out "C E F
A D
B G"
expect_err "nonet: 1 solution, 6 nodes, 30 updates, 468 mems,"
run xc "$tmp/knuth.dlx"
expect_out "C E F
A D
B G"

test_name="xc --format knuth: DLX1's output"
run xc --format knuth
expect_rc 0
expect_out "1:
 A D (2 of 2)
 E F C (1 of 1)
 B G (1 of 1)"
printf '%s\n' "(6 options, 5+2 items, 22 entries successfully read)" \
    "Altogether 1 solution, 418+468 mems, 30 updates, 620 bytes, 6 nodes, ccost 7%." >"$tmp/want"
if cmp -s "$tmp/want" "$tmp/err"; then pass; else fail "stderr differs: $(cat "$tmp/err")"; fi

test_name="xc: DLX2 colors"
printf '%s\n' '| A simple example of color controls' 'A B C | X Y' 'A B X:0 Y:0' 'A C X:1 Y:1' 'X:0 Y:1' 'B X:1' 'C Y:1' >"$tmp/in"
run xc --format knuth
expect_rc 0
expect_out "1:
 A C X:1 Y:1 (2 of 2)
 B X:1 (1 of 1)"
expect_err "<stdin>:5: warning: option ignored (no primary items)"
expect_err "Altogether 1 solution, 376+268-24 mems, 14 updates, 5 cleansings, 456 bytes, 4 nodes, ccost 5%."

test_name="xc: --count, --limit, --first, --json"
printf 'r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n' >"$tmp/in"
for i in 0 1 2 3; do for j in 0 1 2 3; do
    echo "r$i c$j a$((i + j)) b$((i - j + 3))" >>"$tmp/in"
done; done
run xc --count
expect_rc 0
expect_out "2"
run xc
expect_out "r0 c1 a1 b2
r1 c3 a4 b1
r2 c0 a2 b5
r3 c2 a5 b4

r0 c2 a2 b1
r1 c0 a1 b4
r2 c3 a5 b2
r3 c1 a4 b5"
run xc --limit 1 --count
expect_out "1+"
run xc --first
expect_out "r0 c1 a1 b2
r1 c3 a4 b1
r2 c0 a2 b5
r3 c2 a5 b4"
expect_err "stopped at the limit"
run xc --json --first --stats
expect_rc 0
expect_out_has '{"solutions":[{"options":[["r0","c1","a1","b2"],["r1","c3","a4","b1"],["r2","c0","a2","b5"],["r3","c2","a5","b4"]],"lines":[3,9,10,16]}],"count":1,"limit_reached":true,"stats":{"nodes":'
run xc --json --count --stats
expect_out_has '{"count":2,"limit_reached":false,"stats":{"nodes":'

test_name="xc: errors give the line, the column and the name"
printf 'A B\nA C\n' >"$tmp/in"
run xc
expect_rc 1
expect_no_out
expect_err "nonet: <stdin>:2:3: unknown item 'C'"
printf 'A B\n| comment\nB A B\n' >"$tmp/in"
run xc
expect_rc 1
expect_err "<stdin>:3:5: item 'B' appears twice in this option"
printf 'A B A\n' >"$tmp/in"
run xc
expect_err "<stdin>:1:5: duplicate item name 'A'"
printf 'A ABCDEFGHI\n' >"$tmp/in"
run xc
expect_err "<stdin>:1:3: item name 'ABCDEFGH...' is too long (at most 8 characters)"
printf 'A b:c\n' >"$tmp/in"
run xc
expect_err "<stdin>:1:4: illegal character ':' in item name 'b:'"
printf 'A | B | C\n' >"$tmp/in"
run xc
expect_err "<stdin>:1:7: '|' appears twice in the item line"
printf '| nothing\n\n' >"$tmp/in"
run xc
expect_rc 1
expect_err "<stdin>: no items: the input has no item line"
printf 'A | X\nA:c X\n' >"$tmp/in"
run xc
expect_err "<stdin>:2:1: primary item 'A' cannot have a color"
printf 'A | X\nA X:cd\n' >"$tmp/in"
run xc
expect_err "<stdin>:2:3: the color of 'X' must be one printable character"
printf 'A B\nA\nB' >"$tmp/in"
run xc --count
expect_rc 0
expect_out "1"

test_name="xc: usage errors"
run xc --format grid
expect_rc 2
run xc --dance
expect_rc 2
run xc "$tmp/knuth.dlx" "$tmp/knuth.dlx"
expect_rc 2
run xc "$tmp/does-not-exist"
expect_rc 2
expect_err "cannot open"
run dlx --count
expect_rc 2
run help xc
expect_rc 0
expect_out_has "--format knuth"

# ---------------------------------------------------------------- dlx | xc
test_name="dlx | xc agrees with count, and xc --sudoku with solve"
printf '%s\n' "$CLASSIC" "$TWO" "$NONE" ................ \
    4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ \
    53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28................... \
    ............942.8.16.....29........89.6.....14..25......4.......2...8.9..5....7.. \
    ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9 \
    >"$tmp/puzzles"
head -8 "$tmp/puzzles" >"$tmp/in"
run count --limit 0
cp "$tmp/out" "$tmp/counts"
i=0
bad=0
while read -r p; do
    i=$((i + 1))
    [ "$i" -le 8 ] || break
    c=$(echo "$p" | "$NONET" dlx | "$NONET" xc --count 2>/dev/null)
    want=$(sed -n "${i}p" "$tmp/counts")
    [ "$c" = "$want" ] || { echo "puzzle $i: xc $c, count $want"; bad=1; }
done <"$tmp/puzzles"
if [ "$bad" -eq 0 ]; then pass; else fail "counts differ"; fi
echo "$CLASSIC" | "$NONET" dlx | "$NONET" xc --sudoku >"$tmp/out" 2>"$tmp/err"
expect_out "$CLASSIC_SOL"
echo "$TWO" | "$NONET" dlx | "$NONET" xc --sudoku >"$tmp/out" 2>"$tmp/err"
expect_out "534678912672195348198342567859761423426853791713924856961537284287419635345286179
534768912672195348198342567859671423426853791713924856961537284287419635345286179"
echo "$CLASSIC" | "$NONET" dlx --size 3x3 | "$NONET" xc --sudoku --json >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"solutions\":[\"$CLASSIC_SOL\"],\"count\":1,"
printf '1.....\n..2...\n...4..\n.5....\n....6.\n.....3\n' | "$NONET" dlx -s 2x3 | "$NONET" xc --count >"$tmp/out" 2>/dev/null
printf '1.....\n..2...\n...4..\n.5....\n....6.\n.....3\n' | "$NONET" count -s 2x3 -l 0 >"$tmp/want" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out"; then pass; else fail "6x6: $(cat "$tmp/out") vs $(cat "$tmp/want")"; fi
"$NONET" xc --sudoku "$tmp/knuth.dlx" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 1
expect_err "no '|sudoku' comment line"

test_name="solve and count --engine dlx"
input "$CLASSIC" "$TWO" "$NONE"
run solve --engine dlx
expect_rc 1
expect_out "$CLASSIC_SOL
534678912672195348198342567859761423426853791713924856961537284287419635345286179
# no solution"
run count --engine dlx
expect_rc 0
expect_out "1
2
0"

# ---------------------------------------------------------------- puzzles as arguments
# an operand that is no file but reads as exactly one puzzle is that puzzle
test_name="a puzzle given as an argument"
input ""
run solve "$CLASSIC"
expect_rc 0
expect_out "$CLASSIC_SOL"
run count "$CLASSIC" "$TWO"
expect_rc 0
expect_out "1
2"
run check "$CLASSIC"
expect_out "consistent, incomplete (51 blanks)"
printf '%s\n' "$TWO" >"$tmp/in"
"$NONET" dlx <"$tmp/in" >"$tmp/want" 2>/dev/null
run dlx "$TWO"
if cmp -s "$tmp/want" "$tmp/out"; then pass; else fail "dlx of an argument differs from dlx of stdin"; fi
run solve "$NONE"
expect_rc 1
expect_out "# no solution"
expect_err "nonet: <argument 1>:1: puzzle 1: no solution"
run count "$CLASSIC" "$NONE" "55${CLASSIC#??}"
expect_rc 1
expect_err "nonet: <argument 3>:1: puzzle 1: digit 5 appears twice in row 1, columns 1 and 2"
# a grid, newlines and all
run solve "$(printf '%s\n' 53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79)"
expect_rc 0
expect_out_has "534 678 912"
# a file of that name wins
nonet_abs=$(cd "$(dirname "$NONET")" && pwd)/$(basename "$NONET")
mkdir "$tmp/dir"
printf '%s\n' "$TWO" >"$tmp/dir/$CLASSIC"
(cd "$tmp/dir" && "$nonet_abs" count "$CLASSIC") >"$tmp/out" 2>"$tmp/err"
expect_out "2"
# not a puzzle: the file is missing, as before
run solve "$tmp/nosuch.txt"
expect_rc 2
expect_err "cannot open $tmp/nosuch.txt: No such file or directory"
if grep -q "puzzle either" "$tmp/err"; then fail "a file name taken for a puzzle"; else pass; fi
run solve nosuch.txt
expect_rc 2
if [ "$(cat "$tmp/err")" = "nonet: cannot open nosuch.txt: No such file or directory" ]; then pass; else fail "$(cat "$tmp/err")"; fi
# meant as a puzzle, but not one
run solve "${CLASSIC}1"
expect_rc 2
expect_err "No such file or directory, and it is no puzzle either: 82 cells"
# two puzzles are no argument
run solve "$CLASSIC
$CLASSIC"
expect_rc 2
expect_err "cannot open"
run solve -e naive "$CLASSIC"
expect_rc 0
expect_out_has "$CLASSIC_SOL"

# ---------------------------------------------------------------- several solutions
test_name="solve: several solutions print the first and a warning"
input "$TWO" "$CLASSIC"
run solve
expect_rc 0
expect_out "$CLASSIC_SOL
$CLASSIC_SOL"
if [ "$(cat "$tmp/err")" = "nonet: <stdin>:1: puzzle 1: more than one solution; printed the first" ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
run solve --first
expect_rc 0
expect_out "$CLASSIC_SOL
$CLASSIC_SOL"
if [ -s "$tmp/err" ]; then fail "--first warned: $(cat "$tmp/err")"; else pass; fi
run solve --unique
expect_rc 1
expect_out "# not unique
$CLASSIC_SOL"
if grep -q "printed the first" "$tmp/err"; then fail "--unique also warned"; else pass; fi
input "$CLASSIC"
run solve
if [ -s "$tmp/err" ]; then fail "a unique puzzle warned: $(cat "$tmp/err")"; else pass; fi
run solve --first --all
expect_rc 2
expect_err "--first and --all do not go together"
run solve --first --unique
expect_rc 2
run count --first
expect_rc 2
run solve --help
expect_out_has "--first"

# ---------------------------------------------------------------- --all: where each puzzle's solutions begin
test_name="solve --all marks each puzzle's solutions"
SOL2=534768912672195348198342567859671423426853791713924856961537284287419635345286179
input "$TWO" "$CLASSIC" "$NONE"
run solve --all
expect_rc 1
expect_out "# puzzle 1
$CLASSIC_SOL
$SOL2
# puzzle 2
$CLASSIC_SOL
# puzzle 3
# no solution"
# the comments read back: every solution line is a solved grid
"$NONET" check <"$tmp/out" >"$tmp/chk" 2>&1
if [ "$(sort -u "$tmp/chk")" = "solved" ] && [ "$(wc -l <"$tmp/chk")" -eq 3 ]; then pass; else fail "--all output does not read back: $(cat "$tmp/chk")"; fi
input "$TWO" "$CLASSIC"
run solve --all -f grid
expect_out "# puzzle 1
534 678 912
672 195 348
198 342 567

859 761 423
426 853 791
713 924 856

961 537 284
287 419 635
345 286 179

534 768 912
672 195 348
198 342 567

859 671 423
426 853 791
713 924 856

961 537 284
287 419 635
345 286 179

# puzzle 2
534 678 912
672 195 348
198 342 567

859 761 423
426 853 791
713 924 856

961 537 284
287 419 635
345 286 179"
run solve --all --json
if grep -q '^#' "$tmp/out"; then fail "comment lines in JSON"; else pass; fi
# one puzzle: its solutions alone, as before
input "$TWO"
run solve --all
expect_out "$CLASSIC_SOL
$SOL2"
# several files: the file too
printf '%s\n' "$TWO" >"$tmp/a.txt"
printf '%s\n' "$CLASSIC" "$CLASSIC" >"$tmp/b.txt"
"$NONET" solve --all "$tmp/a.txt" "$tmp/b.txt" >"$tmp/out" 2>"$tmp/err"
expect_out "# $tmp/a.txt: puzzle 1
$CLASSIC_SOL
$SOL2
# $tmp/b.txt: puzzle 1
$CLASSIC_SOL
# $tmp/b.txt: puzzle 2
$CLASSIC_SOL"
# -j gives the same
input "$TWO" "$CLASSIC" "$NONE" "$TWO"
run solve --all -j 1
cp "$tmp/out" "$tmp/all1"
run solve --all -j 3
if cmp -s "$tmp/out" "$tmp/all1"; then pass; else fail "--all -j 3 differs from -j 1"; fi

test_name="solve --all: a limit that stops the solutions says so"
input "$TWO" "$CLASSIC"
run solve --all --limit 1
expect_rc 0
expect_out "# puzzle 1
$CLASSIC_SOL
# puzzle 2
$CLASSIC_SOL"
# (count's "1+": the search stopped at the limit, even for a unique puzzle)
if [ "$(cat "$tmp/err")" = "nonet: <stdin>:1: puzzle 1: stopped after 1 solution (--limit 1); there may be more
nonet: <stdin>:2: puzzle 2: stopped after 1 solution (--limit 1); there may be more" ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
run solve --all --limit 3
if [ -s "$tmp/err" ]; then fail "warned below the limit: $(cat "$tmp/err")"; else pass; fi
input "................"
run solve --all --limit 10
expect_err "puzzle 1: stopped after 10 solutions (--limit 10); there may be more"
if [ "$(wc -l <"$tmp/out")" -eq 10 ]; then pass; else fail "want 10 solutions"; fi

# ---------------------------------------------------------------- JSON
test_name="JSON: limit_reached only when a limit stopped the search"
input "$CLASSIC"
run solve --json
expect_out_has '"status":"unique","count":1,"limit_reached":false,'
run solve --json --first
expect_out_has '"status":"solved","count":1,"limit_reached":true,'
input "$TWO"
run solve --json
expect_rc 0
expect_out_has '"status":"multiple","message":"more than one solution; the first is shown","count":2,"limit_reached":true,"solution":'
run solve --json --unique
expect_rc 1
expect_out_has '"status":"multiple","message":"more than one solution","count":2,"limit_reached":true}'
input "$TWO"
run solve --all --json --limit 5
expect_out_has '"status":"multiple","count":2,"limit_reached":false,'
expect_out_has '"solutions":["'

test_name="JSON: several files name each puzzle's file"
printf '%s\n' "$CLASSIC" "123" >"$tmp/a.txt"
printf '%s\n' "# a comment" "$TWO" >"$tmp/b.txt"
"$NONET" solve --json "$tmp/a.txt" "$tmp/b.txt" >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"file\":\"$tmp/a.txt\",\"index\":1,\"line\":1,\"size\":"
expect_out_has "{\"file\":\"$tmp/a.txt\",\"index\":2,\"line\":2,\"status\":\"error\""
expect_out_has "{\"file\":\"$tmp/b.txt\",\"index\":1,\"line\":2,\"size\":"
"$NONET" count --json "$tmp/a.txt" "$tmp/b.txt" >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"file\":\"$tmp/b.txt\",\"index\":1,\"line\":2,"
"$NONET" check --json "$tmp/b.txt" "$tmp/b.txt" >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"file\":\"$tmp/b.txt\",\"index\":1,\"line\":2,\"size\":\"3x3\",\"puzzle\":\"$TWO\",\"status\":\"incomplete\""
"$NONET" solve --all --json "$tmp/b.txt" "$CLASSIC" >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"file\":\"<argument 2>\",\"index\":1,\"line\":1,\"size\":"
"$NONET" solve -e propagate --json "$tmp/b.txt" "$CLASSIC" >"$tmp/out" 2>"$tmp/err"
expect_out_has "{\"file\":\"$tmp/b.txt\",\"index\":1,\"line\":2,\"size\":"
"$NONET" solve --json "$tmp/b.txt" >"$tmp/out" 2>"$tmp/err"
if grep -q '"file"' "$tmp/out"; then fail "\"file\" with one file"; else pass; fi

# ---------------------------------------------------------------- messages
test_name="xc: a second problem is named, not misread"
printf '%s\n' "$TWO" "$CLASSIC" >"$tmp/in"
"$NONET" dlx <"$tmp/in" | "$NONET" xc >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 1
expect_no_out
if [ "$(cat "$tmp/err")" = "nonet: <stdin>:11: a second problem begins here; nonet xc solves one problem (split the input at its |sudoku lines)" ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
# after a complete grid's problem (no items) too
"$NONET" dlx "$CLASSIC_SOL" "$CLASSIC" | "$NONET" xc --count >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 1
expect_err "<stdin>:3: a second problem begins here"
# other shapes, and a file
"$NONET" dlx -s 3x2 "1.3..6.4.6..5...3..3..6...6.2.6.2..5" "1.3..6.4.6..5...3..3..6...6.2.6.2..5" >"$tmp/two.dlx"
run xc "$tmp/two.dlx"
expect_rc 1
expect_err "$tmp/two.dlx:$(grep -n '^|sudoku' "$tmp/two.dlx" | sed -n '2s/:.*//p'): a second problem begins here"
# one problem, with comments of any kind, is fine
printf '%s\n' '|sudoku is not quite this' 'A B' '| sudoku!' '|sudokus!' 'A B' >"$tmp/in"
run xc --count
expect_rc 0
expect_out "1"

test_name="no puzzle in the input: a note, status 0"
printf '' >"$tmp/in"
for cmd in solve count check; do
    run $cmd
    expect_rc 0
    if [ "$(cat "$tmp/err")" = "nonet: no puzzle in input" ]; then pass; else fail "$cmd: stderr '$(cat "$tmp/err")'"; fi
done
printf '# only a comment\n\n' >"$tmp/empty.txt"
"$NONET" count "$tmp/empty.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 0
expect_no_out
if [ "$(cat "$tmp/err")" = "nonet: no puzzle in $tmp/empty.txt" ]; then pass; else fail "stderr '$(cat "$tmp/err")'"; fi
input "$CLASSIC"
run solve
if [ -s "$tmp/err" ]; then fail "a note with a puzzle"; else pass; fi

# ---------------------------------------------------------------- help and words
test_name="help: engines, help on help, one puzzle"
input "$CLASSIC"
run solve --help
expect_out_has "auto, bitboard, general or dlx"
run count --help
expect_out_has "auto, bitboard, general or dlx"
run help help
expect_rc 0
expect_out_has "usage: nonet COMMAND"
run solve --stats
expect_err "nonet: 1 puzzle, 1 solved, 0 failed;"
run solve -e tactics --stats
expect_err "nonet: 1 puzzle, 1 solved, 0 failed;"
man_page="$(dirname "$0")/../docs/nonet.1"
if grep -q '\\(sq' "$man_page"; then fail "the man page writes N squared as a box"; else pass; fi
if command -v groff >/dev/null 2>&1; then
    if groff -man -Tutf8 "$man_page" 2>/dev/null | grep -q 'N²'; then pass; else fail "the man page does not render N²"; fi
fi

# ---------------------------------------------------------------- threads
test_name="-j: any number of threads gives the same output, in input order"
{
    for i in 1 2 3 4 5 6 7 8 9 10; do printf '%s\n%s\n' "$CLASSIC" "$TWO"; done
    echo "55${CLASSIC#??}"
    cat "$tmp/p1"
    printf '1-- 489 --6\n73- --- -4-\n--- --1 295\n--7 12- 6--\n5-- 7-3 --8\n--6 -95 7--\n914 6-- ---\n-2- --- -37\n8-- 512 --4\n'
    for i in $(seq 150); do echo "$CLASSIC"; done
    echo "$NONE"
} >"$tmp/in"
run solve --unique -j 1
cp "$tmp/out" "$tmp/out1"
cp "$tmp/err" "$tmp/err1"
expect_rc 1
for j in 2 3 7; do
    run solve --unique -j $j
    if cmp -s "$tmp/out" "$tmp/out1" && cmp -s "$tmp/err" "$tmp/err1"; then pass; else fail "-j $j differs from -j 1"; fi
done
if [ "$(grep -c . "$tmp/out1")" -eq $((20 + 1 + 1 + 9 + 150 + 1)) ]; then pass; else fail "want one result per puzzle"; fi
run count -j 2 --limit 2
if [ "$(head -2 "$tmp/out" | tr '\n' ' ')" = "1 2+ " ] && [ "$(wc -l <"$tmp/out")" -eq 174 ]; then pass; else fail "count -j 2: $(head -3 "$tmp/out")"; fi
run solve -j 65
expect_rc 2
run solve -j x
expect_rc 2

# ---------------------------------------------------------------- issue 25: what a new user met
test_name="a one-line puzzle too long for a file name is read as a puzzle"
hex=$(head -1 "$(dirname "$0")/data/hex16.txt")
"$NONET" solve "$hex" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 0
if [ "$(wc -c <"$tmp/out")" -eq 257 ]; then pass; else fail "$(head -c 200 "$tmp/err")"; fi

test_name="several arguments: each labelled with its own name"
"$NONET" explain "$CLASSIC" "$CLASSIC" >"$tmp/out" 2>"$tmp/err"
expect_out_has "# <argument 1>: puzzle 1"
expect_out_has "# <argument 2>: puzzle 1"

test_name="hint --apply: the position after the step, which hint reads back"
input "$CLASSIC"
run hint --apply
expect_rc 0
expect_line 1 "1.2 hidden single in box 2: r1c6 = 8"
"$NONET" hint --apply <"$tmp/in" | "$NONET" format -f line >"$tmp/out" 2>"$tmp/err"
# the position after r1c6 = 8: the clues, and the 8
if [ "$(cut -c1-6 "$tmp/out")" = "53..78" ]; then pass; else fail "read back as $(cat "$tmp/out")"; fi
"$NONET" hint --apply <"$tmp/in" | "$NONET" hint >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc 0
if grep -q "r1c6 = 8" "$tmp/out" || [ ! -s "$tmp/out" ]; then fail "the same step again: $(cat "$tmp/out")"; else pass; fi
"$NONET" format -f candidates <"$tmp/in" >"$tmp/out"
expect_out_has "5         3         124       26        7"

test_name="fish name their lines: x-wing rows and the columns they lie in"
input ..319.2...27..6..1.6...483.9......1....26........8.7......1.9...32.....8....4..7.
run explain
expect_out_has "x-wing: the 8s of rows 2 and 9 lie in columns 1 and 4 only, so r1c1, r7c1, r7c4 <> 8"

test_name="explain --svg: a drawing per step, named by puzzle and step, the folder made"
input ..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2....... "$CLASSIC"
run explain --svg "$tmp/svg/deep"
expect_rc 0
n1=$(ls "$tmp/svg/deep" | grep -c '^puzzle-1-step-[0-9][0-9][0-9]\.svg$')
n2=$(ls "$tmp/svg/deep" | grep -c '^puzzle-2-step-[0-9][0-9][0-9]\.svg$')
words=$(grep -c '^[0-9]*\. ' "$tmp/out")
if [ "$n1" -gt 40 ] && [ $((n1 + n2)) -eq "$words" ]; then pass; else
    fail "$n1 + $n2 drawings for $words steps"; fi
# step 41 of the first puzzle is its y-cycle: its words are the title,
# its links drawn (one element per parent, each node has one)
line41=$(grep '^41\. ' "$tmp/out" | sed 's/^41\. //; s/<>/\&lt;\&gt;/g')
if grep -qF "<title id=\"nonet-title\">$line41</title>" "$tmp/svg/deep/puzzle-1-step-041.svg"; then pass; else
    fail "step 41's title is not '$line41'"; fi
if [ "$(grep -c 'class="link l-' "$tmp/svg/deep/puzzle-1-step-041.svg")" -eq 12 ]; then pass; else
    fail "$(grep -c 'class="link l-' "$tmp/svg/deep/puzzle-1-step-041.svg") links in the y-cycle"; fi
if grep -q 'light-dark(#fff,#15171a)' "$tmp/svg/deep/puzzle-2-step-001.svg"; then pass; else fail "no dark style"; fi

test_name="hint --svg: the next step's drawing; --svg errors say where"
input "$CLASSIC"
run hint --svg "$tmp/svgh"
expect_rc 0
if [ -s "$tmp/svgh/puzzle-1-step-001.svg" ] && [ "$(ls "$tmp/svgh" | wc -l)" -eq 1 ]; then pass; else
    fail "$(ls "$tmp/svgh")"; fi
: >"$tmp/afile"
run explain --svg "$tmp/afile"
expect_rc 2
expect_err "--svg $tmp/afile: not a folder"
run explain --svg "$tmp/afile/sub"
expect_rc 2
expect_err "--svg $tmp/afile/sub: cannot make the folder"
run solve --svg "$tmp/svg"
expect_rc 2

test_name="messages: singular counts, titles with '#' and control characters, help"
input "$CLASSIC" "5"
run solve
expect_err "puzzle 2: 1 cell; a one-line 9x9 puzzle needs 81"
printf 'Daily #12\n%s\n' "$CLASSIC" >"$tmp/in"
run format --json
expect_out_has '"name":"Daily #12"'
printf 'Puzzle \001 one\n%s\n' "$CLASSIC" >"$tmp/in"
run format --json
expect_rc 0
expect_out_has '"index":1,"line":2,"name":"Puzzle one"'
run help --help
expect_rc 0
run help json
expect_out_has "no solution"
printf '%s\n%s\n' "$CLASSIC_SOL" "$CLASSIC_SOL" >"$tmp/sols"
input "$CLASSIC"
run check --solution "$tmp/sols"
expect_rc 1
expect_err "has 1 more grid than there are puzzles; it was not checked"
run generate --level Easy --seed 1
expect_rc 0
run generate -f candidates --seed 1
expect_rc 0
"$NONET" format -f candidates "$tmp/out" >"$tmp/again"
if cmp -s "$tmp/out" "$tmp/again"; then pass; else fail "generate -f candidates reads back otherwise"; fi

test_name="unit-tests: a wrong suite name fails"
if "$(dirname "$NONET")/unit-tests" nosuch >/dev/null 2>"$tmp/err"; then fail "passed"; else pass; fi
expect_err "no suite named 'nosuch'"

test_name="records: one schema, CSV with the names of JSON"
input "$CLASSIC" "$TWO" "55${CLASSIC#??}" "1 2"
run count -f csv
expect_line 1 "index,line,name,size,puzzle,status,message,count,limit_reached,solution"
if [ "$(sed -n 2p "$tmp/out" | cut -d, -f1-10)" = "1,1,,3x3,$CLASSIC,unique,,1,false,$CLASSIC_SOL" ]; then pass; else fail "$(sed -n 2p "$tmp/out")"; fi
if [ "$(sed -n 4p "$tmp/out" | cut -d, -f6-8)" = "invalid,digit 5 appears twice in row 1,\" columns 1 and 2\"" ] ||
   [ "$(sed -n 4p "$tmp/out" | cut -d, -f6)" = "invalid" ]; then pass; else fail "$(sed -n 4p "$tmp/out")"; fi
run count --json
expect_out_has '"index":2,"line":2,"size":"3x3","puzzle":"'"$TWO"'","status":"multiple","count":2,'
expect_out_has '"index":4,"line":4,"status":"error","message":"'
for cmd in solve count rate explain hint check minimize canon transform format; do
    "$NONET" $cmd --json <"$tmp/in" >"$tmp/out" 2>/dev/null
    if grep -v '"index":[0-9]*,"line":[0-9]*,.*"status":"[a-z ]*"' "$tmp/out" | grep -q .; then
        fail "$cmd: a record without index, line or status"
    else pass; fi
    if grep -q '"input"\|"puzzle":[0-9]\|"verdict"\|"minimal"\|"canon"' "$tmp/out"; then
        fail "$cmd: an old name in its records"
    else pass; fi
done

# ---------------------------------------------------------------- variants
# A killer of our own making (cages cut from a random grid, givens removed
# while it stayed unique); its solution is checked here by the classic
# checker and by summing each cage with awk.
cat >"$tmp/killer.txt" <<'EOF'
# a killer: every cell in a cage
............................................8............6.......8...............
cage r1c1 r1c2 = 13
cage r1c3 r2c3 r1c4 = 10
cage r1c5 r1c6 r1c7 r1c8 = 17
cage r1c9 r2c9 r3c9 r3c8 = 24
cage r2c1 r3c1 r3c2 = 16
cage r2c2 = 6
cage r2c4 r2c5 = 16
cage r2c6 r3c6 r2c7 r3c7 = 14
cage r2c8 = 8
cage r3c3 r3c4 r3c5 r4c3 = 20
cage r4c1 r5c1 r6c1 = 14
cage r4c2 r5c2 r6c2 = 13
cage r4c4 r5c4 r5c5 r5c3 = 17
cage r4c5 r4c6 = 8
cage r4c7 r5c7 = 5
cage r4c8 r5c8 = 8
cage r4c9 r5c9 r6c9 = 24
cage r5c6 r6c6 r6c5 r7c6 = 28
cage r6c3 r7c3 r7c4 r7c5 = 23
cage r6c4 = 5
cage r6c7 r6c8 r7c8 = 12
cage r7c1 r7c2 r8c1 r9c1 = 19
cage r7c7 r8c7 r9c7 r8c8 = 28
cage r7c9 r8c9 = 5
cage r8c2 r8c3 r8c4 = 19
cage r8c5 r9c5 = 6
cage r8c6 r9c6 = 5
cage r9c2 r9c3 r9c4 = 14
cage r9c8 r9c9 = 8
EOF
killer_ok() { # FILE-with-one-solution-line [CAGES-FILE]: the cages' sums hold
    sol=$(cat "$1")
    grep '^cage' "${2:-$tmp/killer.txt}" | awk -v s="$sol" '{
        sum = 0; want = $NF
        for (i = 2; i < NF - 1; i++) {
            split(substr($i, 2), rc, "c"); sum += substr(s, (rc[1] - 1) * 9 + rc[2], 1)
        }
        if (sum != want) bad++
    } END { exit bad > 0 }'
}

test_name="variant: count and solve a killer in the text form"
"$NONET" count -l 2 "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" solve "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
printf '%s\n' "$(sed -n 2p "$tmp/killer.txt")" >"$tmp/puz"
verify_lines "$tmp/puz" "$tmp/out"
if killer_ok "$tmp/out"; then pass; else fail "a cage's sum is wrong: $(cat "$tmp/out")"; fi

test_name="variant: a variant on standard input is read as one (its cages kept)"
# the grid alone has many solutions: a count of 1 shows the cages were read
sed -n 2p "$tmp/killer.txt" | "$NONET" count -l 2 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "2+"
"$NONET" count -l 2 <"$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
cat "$tmp/killer.txt" | "$NONET" solve - >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
if killer_ok "$tmp/out"; then pass; else fail "a cage's sum is wrong: $(cat "$tmp/out")"; fi
cat "$tmp/killer.txt" | "$NONET" count --json -l 2 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has '"constraints":[{"type":"cage"'
cat "$tmp/killer.txt" | "$NONET" rate >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "does not take variant puzzles"
sed 's/= 13$/= 12/' "$tmp/killer.txt" | "$NONET" count -l 2 - >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "0"

test_name="variant: the forums' one-line killer forms"
# the same cages in SudoCue's long form (sum * 256 + cage, a cell each)
grep '^cage' "$tmp/killer.txt" | awk '{
    for (i = 2; i < NF - 1; i++) { split(substr($i, 2), rc, "c"); v[(rc[1] - 1) * 9 + rc[2]] = $NF * 256 + NR }
} END { printf "3x3::k:"; for (c = 1; c <= 81; c++) printf "%d:", v[c]; print "" }' >"$tmp/long.txt"
"$NONET" solve "$tmp/long.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
if killer_ok "$tmp/out"; then pass; else fail "the long form's solution breaks a cage: $(cat "$tmp/out")"; fi
# a forum killer in the short form (a cage's sum in its first cell, arrows)
printf '%s\n' "# tarek 1" \
    'G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^' >"$tmp/short.txt"
"$NONET" format "$tmp/short.txt" >"$tmp/cages" 2>"$tmp/err"; rc=$?
expect_rc 0
"$NONET" solve "$tmp/short.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
if [ "$(grep -c '^cage' "$tmp/cages")" -gt 20 ] && killer_ok "$tmp/out" "$tmp/cages"; then pass
else fail "the short form's solution breaks a cage: $(cat "$tmp/out")"; fi
"$NONET" count --json -l 2 "$tmp/short.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has '"name":"tarek 1"'

test_name="variant: JSON carries the constraints back"
"$NONET" count --json -l 2 "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has '"status":"unique"'
expect_out_has '"constraints":[{"type":"cage","cells":["r1c1","r1c2"],"value":13}'

test_name="variant: check, and check --solution"
"$NONET" check "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "consistent, incomplete (78 blanks)"
"$NONET" solve "$tmp/killer.txt" >"$tmp/sol" 2>/dev/null
"$NONET" check --solution "$tmp/sol" "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "correct"
# two digits of the first row swapped: still a Latin row, but a cage breaks
sed 's/^\(.\)\(.\)/\2\1/' "$tmp/sol" >"$tmp/bad"
"$NONET" check --solution "$tmp/bad" "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out_has "wrong: "

test_name="variant: candidates of a unique puzzle are its solution"
"$NONET" candidates "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has "1 solution"
got=$(head -9 "$tmp/out" | tr -s ' \n' ' ' | tr -d ' ')
if [ "$got" = "$(cat "$tmp/sol")" ]; then pass; else fail "candidates $got"; fi

test_name="variant: the ladder says it does not rate variants yet"
"$NONET" rate "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "rate does not take variant puzzles yet"

test_name="variant: format writes an f-puzzles link in the text form, which reads back"
link="https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8UJEhsEEmgD2zcgFp2nGFyA="
"$NONET" format "$link" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has "diagonal-"
cp "$tmp/out" "$tmp/v.txt"
"$NONET" count -l 3 "$tmp/v.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "3+"

test_name="variant: an unknown constraint is named, with its line"
printf '%s\n' "$(sed -n 2p "$tmp/killer.txt")" "cage r1c1 r1c2 = 3" "fortress r1c1 r1c2 r1c3" >"$tmp/v"
"$NONET" count "$tmp/v" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err ":3:1: puzzle 1: unknown constraint 'fortress'"

test_name="variant: classic and variant files in one call are refused"
input "$CLASSIC"
cp "$tmp/in" "$tmp/classic.txt"
"$NONET" count "$tmp/classic.txt" "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "variant and classic puzzles in one call"

test_name="variant: a pipe given as a file is read once, as classic puzzles"
cat "$tmp/classic.txt" "$tmp/classic.txt" | "$NONET" count /dev/stdin >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1
1"

test_name="variant: f-puzzles and SudokuPad links as operands"
link="https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8UJEhsEEmgD2zcgFp2nGFyA="
"$NONET" count -l 3 "$link" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "3+"
"$NONET" count "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5gJwgE" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "SudokuPad's own format"

# ---------------------------------------------------------------- f-puzzles: drawings, strict kropki, repeated cells (issue 37)
empty4='[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]'

test_name="variant: f-puzzles' \"cage\" is a drawing, not a killer cage; a note says so"
# r1c1 and r2c3 both hold 1, under a cosmetic cage: as many solutions as
# the classic puzzle with those two clues (counted by the classic engine)
printf '%s\n' '{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{"value":1,"given":true},{}],[{},{},{},{}],[{},{},{},{}]],' \
    '"cage":[{"cells":["R1C1","R2C3"],"value":"Cosmetic","outlineC":"#000000"}]}' >"$tmp/cage.json"
want=$("$NONET" count 1.....1......... 2>/dev/null)
"$NONET" count "$tmp/cage.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "$want"
expect_err "nonet: $tmp/cage.json: note: 1 cage read as a drawing, not a rule"
"$NONET" candidates --json "$tmp/cage.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has '"notes":"1 cage read as a drawing, not a rule","constraints":[]'

test_name="variant: f-puzzles' strict kropki (nonconsecutive, every dot, negative ratio)"
# every white and black dot of 1234341221434321 (the black ones on 1 and 2
# too): that grid alone keeps them (all 288 4x4 grids tried, offline)
printf '%s\n' "{\"size\":4,\"grid\":$empty4,\"nonconsecutive\":true,\"negative\":[\"ratio\"]," \
    '"difference":[{"cells":["R1C2","R1C3"]},{"cells":["R1C3","R1C4"]},{"cells":["R2C1","R2C2"]},{"cells":["R2C1","R3C1"]},' \
    '{"cells":["R2C4","R3C4"]},{"cells":["R3C3","R3C4"]},{"cells":["R4C1","R4C2"]},{"cells":["R4C2","R4C3"]}],' \
    '"ratio":[{"cells":["R1C1","R1C2"]},{"cells":["R1C2","R2C2"]},{"cells":["R1C4","R2C4"]},{"cells":["R2C3","R2C4"]},' \
    '{"cells":["R3C1","R3C2"]},{"cells":["R3C1","R4C1"]},{"cells":["R3C3","R4C3"]},{"cells":["R4C3","R4C4"]}]}' >"$tmp/kropki.json"
"$NONET" count "$tmp/kropki.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" solve "$tmp/kropki.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "1234341221434321"
# the text form's nonconsecutive is every pair's: a white dot cannot hold
printf '%s\n' "...." "...." "...." "...." "nonconsecutive" "white r1c1 r1c2" >"$tmp/nc.txt"
"$NONET" count "$tmp/nc.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "0"

test_name="variant: f-puzzles' lines, circles, rectangles, texts are drawings; a lost rule is an error"
printf '%s\n' "{\"size\":4,\"grid\":$empty4," \
    '"line":[{"lines":[["R1C1","R1C2"],["R3C3","R4C4"]],"outlineC":"#C0C0C0","width":0.2}],' \
    '"circle":[{"cells":["R2C2"],"baseC":"#FFFFFF"}],"rectangle":[{"cells":["R3C1"]}],' \
    '"text":[{"cells":["R0C1"],"value":"7"}]}' >"$tmp/draw.json"
"$NONET" count "$tmp/draw.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "288"
expect_err "note: 1 line, 1 circle, 1 rectangle and 1 text read as drawings, not rules"
# the constraint extension's line beside its renban rule, then without it
printf '%s\n' "{\"size\":4,\"grid\":$empty4,\"renban\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]}]," \
    '"line":[{"lines":[["R1C1","R1C2","R1C3"]],"outlineC":"#F067F0","width":0.25,"fromConstraint":"Renban"}]}' >"$tmp/renban.json"
"$NONET" count "$tmp/renban.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_err "it draws a rule read from its own key"
printf '%s\n' "...." "...." "...." "...." "renban r1c1 r1c2 r1c3" >"$tmp/renban.txt"
"$NONET" count "$tmp/renban.txt" >"$tmp/want_count" 2>/dev/null
if cmp -s "$tmp/want_count" "$tmp/out"; then pass; else fail "renban: $(cat "$tmp/out") != $(cat "$tmp/want_count")"; fi
sed 's/"renban":\[[^]]*\]\]}\],//' "$tmp/renban.json" >"$tmp/lost.json"
"$NONET" count "$tmp/lost.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err 'a "line" drawn for the rule "Renban", but the file has no "renban": a lost rule'
if [ ! -s "$tmp/out" ]; then pass; else fail "a count printed for a lost rule: $(cat "$tmp/out")"; fi

test_name="variant: a whisper loop comes back to a cell; a renban holds a repeated cell once; a thermo refuses it"
printf '%s\n' "$(printf '%081d' 0 | tr 0 .)" "whisper r6c7 r5c7 r6c6 r5c5 r4c6 r5c7" >"$tmp/loop.txt"
"$NONET" count -l 1 "$tmp/loop.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1+"
printf '%s\n' "...." "...." "...." "...." "renban r1c1 r1c2 r1c3 r1c1" >"$tmp/rep.txt"
"$NONET" count "$tmp/rep.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_same "$tmp/want_count"
printf '%s\n' "...." "...." "...." "...." "thermo r1c1 r1c2 r2c2 r1c1" >"$tmp/rep.txt"
"$NONET" count "$tmp/rep.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err ":5:1: puzzle 1: thermo: r1c1 twice: its digits increase along it, so a thermometer cannot come back to a cell"

# ---------------------------------------------------------------- f-puzzles out (issue 39)
test_name="f-puzzles out: format -f fpuzzles writes a variant as one line of f-puzzles JSON, which counts the same"
"$NONET" format -f fpuzzles "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
if [ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q '^{"size":9,"grid":\[\[{},' "$tmp/out" &&
    grep -qF '"killercage":[{"cells":["R1C1","R1C2"],"value":"13"},' "$tmp/out"; then pass; else
    fail "not one line of f-puzzles JSON: $(head -c 300 "$tmp/out")"; fi
cp "$tmp/out" "$tmp/killer.json"
"$NONET" count -l 2 "$tmp/killer.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
# its text form is the file's, constraint for constraint
"$NONET" format "$tmp/killer.txt" | sort >"$tmp/want_text"
"$NONET" format "$tmp/killer.json" | sort >"$tmp/out"
expect_same "$tmp/want_text"
"$NONET" solve "$tmp/killer.json" >"$tmp/sol" 2>/dev/null
if killer_ok "$tmp/sol"; then pass; else fail "the cages do not hold in $(cat "$tmp/sol")"; fi

test_name="f-puzzles out: format -f fpuzzles-link writes a link that reads back, through count and format"
"$NONET" format -f fpuzzles-link "$tmp/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
link=$(cat "$tmp/out")
case $link in
https://www.f-puzzles.com/\?load=N4Ig*) pass ;;
*) fail "not an f-puzzles link: $link" ;;
esac
"$NONET" count -l 2 "$link" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" format -f fpuzzles "$link" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_same "$tmp/killer.json"

test_name="f-puzzles out: text, then f-puzzles, then text: every rule kept (thermo, kropki, arrow, whisper loop, little killer, xv, sandwich, odd)"
printf '%s\n' "$CLASSIC" "thermo r1c3 r2c4 r3c5" "white r4c1 r5c1" "black r9c8 r9c9" \
    "arrow r7c1 : r8c2 r9c3" "whisper r6c7 r5c7 r6c6 r5c5 r4c6 r5c7" "littlekiller r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9 = 40" \
    "x r2c1 r3c1" "sandwich c4 = 12" "odd r5c9" "diagonal+" "antiking" >"$tmp/many.txt"
"$NONET" format -f fpuzzles "$tmp/many.txt" >"$tmp/many.json" 2>"$tmp/err"; rc=$?
expect_rc 0
"$NONET" format "$tmp/many.txt" | sort >"$tmp/want_text"
"$NONET" format "$tmp/many.json" 2>/dev/null | sort >"$tmp/out"
expect_same "$tmp/want_text"
"$NONET" count -l 2 "$tmp/many.txt" >"$tmp/want_count" 2>/dev/null
"$NONET" count -l 2 "$tmp/many.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_same "$tmp/want_count"
# the whisper's cosmetic line, as the constraint extension draws it
if grep -qF '"line":[{"lines":[["R6C7","R5C7","R6C6","R5C5","R4C6","R5C7"]],"outlineC":"#67F067","width":0.3,"fromConstraint":"German Whispers"}]' "$tmp/many.json"; then
    pass; else fail "no copy of the whisper: $(head -c 400 "$tmp/many.json")"; fi
expect_err "note: 1 line read as a drawing, not a rule; it draws a rule read from its own key"

test_name="f-puzzles out: an f-puzzles file's drawings are written back as it wrote them; its copies drawn anew, once"
"$NONET" format -f fpuzzles "$tmp/draw.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out_has '"line":[{"lines":[["R1C1","R1C2"],["R3C3","R4C4"]],"outlineC":"#C0C0C0","width":0.2}],"circle":[{"cells":["R2C2"],"baseC":"#FFFFFF"}],"rectangle":[{"cells":["R3C1"]}],"text":[{"cells":["R0C1"],"value":"7"}]}'
cp "$tmp/out" "$tmp/draw2.json"
"$NONET" count "$tmp/draw2.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "288"
expect_err "note: 1 line, 1 circle, 1 rectangle and 1 text read as drawings, not rules"
"$NONET" format -f fpuzzles "$tmp/renban.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
if [ "$(grep -o fromConstraint "$tmp/out" | wc -l)" -eq 1 ]; then pass; else fail "copies: $(cat "$tmp/out")"; fi
cp "$tmp/out" "$tmp/renban2.json"
"$NONET" format -f fpuzzles "$tmp/renban2.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_same "$tmp/renban2.json"

test_name="f-puzzles out: strict kropki and a jigsaw round trip (count, solve)"
"$NONET" format -f fpuzzles-link "$tmp/kropki.json" >"$tmp/link" 2>"$tmp/err"; rc=$?
expect_rc 0
"$NONET" solve "$(cat "$tmp/link")" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "1234341221434321"
printf '%s\n' '1.....' '......' '......' '......' '......' '.....2' 'regions 111222' '        112122' '        333444' '        533644' '        355466' '        555666' 'renban r6c1 r6c2 r6c3' >"$tmp/jig.txt"
"$NONET" format -f fpuzzles "$tmp/jig.txt" >"$tmp/jig.json" 2>"$tmp/err"; rc=$?
expect_rc 0
if grep -qF '{"value":1,"given":true,"region":0}' "$tmp/jig.json"; then pass; else fail "regions: $(head -c 300 "$tmp/jig.json")"; fi
"$NONET" count "$tmp/jig.txt" >"$tmp/want_count" 2>/dev/null
"$NONET" count "$tmp/jig.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_same "$tmp/want_count"

test_name="f-puzzles out: a rule f-puzzles cannot hold is refused with its name, nothing written in its place"
printf '%s\n' "...." "...." "...." "...." 'regex r1c1 r1c2 "1[23]"' >"$tmp/regex.txt"
"$NONET" format -f fpuzzles "$tmp/regex.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "$tmp/regex.txt: puzzle 1: f-puzzles cannot hold regex r1c1 r1c2: f-puzzles has no such rule"
expect_out "# error: f-puzzles cannot hold regex r1c1 r1c2: f-puzzles has no such rule (refused rather than drawn, which would read back as a puzzle without it; nonet's text form holds it)"
printf '%s\n' "...." "...." "...." "...." 'littlekiller r2c2 r3c3 = 5' >"$tmp/lk.txt"
"$NONET" format -f fpuzzles-link "$tmp/lk.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "f-puzzles cannot hold littlekiller r2c2 r3c3 = 5: f-puzzles' little killer sums a whole diagonal"

test_name="f-puzzles out: classic puzzles too, a line each, which count the same; -f fpuzzles is format's alone"
"$NONET" format -f fpuzzles samples/puzzles.txt >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
"$NONET" count samples/puzzles.txt >"$tmp/want_count" 2>/dev/null
if [ "$(wc -l <"$tmp/out")" -eq "$(wc -l <"$tmp/want_count")" ]; then pass; else fail "$(wc -l <"$tmp/out") lines"; fi
while IFS= read -r line; do "$NONET" count "$line" 2>/dev/null; done <"$tmp/out" >"$tmp/counts"
if cmp -s "$tmp/counts" "$tmp/want_count"; then pass; else fail "counts: $(cat "$tmp/counts")"; fi
"$NONET" solve -f fpuzzles samples/puzzles.txt >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "only nonet format writes 'fpuzzles'"
"$NONET" format --help >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has "fpuzzles-link: an f-puzzles"
"$NONET" help input >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has "format -f fpuzzles, -f fpuzzles-link"

# ---------------------------------------------------------------- the rules' table, the building blocks (issue 39)
test_name="variant: nonet help input lists every rule of README's table, from the library's"
"$NONET" help input >"$tmp/help" 2>"$tmp/err"; rc=$?
expect_rc 0
# README's rules table: its text-form column, a rule a line
sed -n '/^| rule | nonet.s text form |/,/^$/p' "$(dirname "$0")/../README.md" | sed -n 's/^| [^|]* | `\([^`]*\)` |.*/\1/p' >"$tmp/usages"
missing=$(while IFS= read -r u; do grep -qF "    $u" "$tmp/help" || echo "$u"; done <"$tmp/usages")
if [ "$(wc -l <"$tmp/usages")" -ge 29 ] && [ -z "$missing" ]; then pass; else fail "help lacks: $missing ($(wc -l <"$tmp/usages") rules in README)"; fi

test_name="variant: the building blocks in the text form (4x4 counts: the 288 grids enumerated offline)"
# 288 grids; r1c1 and r1c2 hold each of the 12 ordered pairs of different digits equally often
for case in "containsexactly r1c1 r1c2 [2 1]:48" "contains r1c1 r1c2 [1]:144" "contains r1c1 r1c2 r1c3 [1 4]:144" \
    "weightedsum r1c1 r1c2 [1 -1] = 1:72" "weightedsum r1c1 r1c2 [2 1] = 10:48" \
    "pair r1c1 r1c2 r1c3 [1 2, 2 3, 3 4]:24" "pairwise r1c1 r1c2 r1c3 [1 2, 1 3, 2 3, 1 4, 2 4, 3 4]:48" \
    "distinct r1c1 r2c3:144" "pairwise r1c1 r2c3 [1 2, 2 1, 1 3, 3 1, 1 4, 4 1, 2 3, 3 2, 2 4, 4 2, 3 4, 4 3]:144"; do
    printf '%s\n' "...." "...." "...." "...." "${case%:*}" >"$tmp/block.txt"
    "$NONET" count "$tmp/block.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ "$(cat "$tmp/out")" = "${case##*:}" ] || fail "${case%:*}: $(cat "$tmp/out" "$tmp/err")"
    # written back in the text form, read again: the same count
    "$NONET" format "$tmp/block.txt" >"$tmp/back.txt" 2>"$tmp/err"
    "$NONET" count "$tmp/back.txt" >"$tmp/out" 2>"$tmp/err"
    [ "$(cat "$tmp/out")" = "${case##*:}" ] || fail "${case%:*} written back: $(cat "$tmp/back.txt" "$tmp/err")"
done
pass
printf '%s\n' "...." "...." "...." "...." "contains r1c1 r1c2" >"$tmp/block.txt"
"$NONET" count "$tmp/block.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err ":5:19: puzzle 1: contains needs its numbers: [N N ...]"
printf '%s\n' "...." "...." "...." "...." "weightedsum r1c1 r1c2 [1 0] = 3" >"$tmp/block.txt"
"$NONET" count "$tmp/block.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "weightedsum: the weight 0 is not -100 to 100 and not 0"

test_name="variant: JSON gives an arrow's parts as arrays, a rule's numbers as values; check names the rule"
printf '%s\n' "...." "...." "...." "...." "arrow r1c1 : r1c2 r2c2" "weightedsum r3c1 r3c2 [2 -1] = 3" >"$tmp/block.txt"
"$NONET" count --json -l 1 "$tmp/block.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has '"constraints":[{"type":"arrow","cells":[["r1c1"],["r1c2","r2c2"]]},{"type":"weightedsum","cells":["r3c1","r3c2"],"value":3,"values":[2,-1]}]'
# 2 * r3c1 - r3c2 = 3 broken by r3c1 = 1 (the grid keeps the houses and the arrow: 3 = 1 + 2)
"$NONET" check --solution 3124423113422413 "$tmp/block.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out_has "the weightedsum constraint is broken"

# ---------------------------------------------------------------- issue 38: the same output, the puzzle beside its answer, a table's solutions
samples38=$(dirname "$0")/../samples
# 150 puzzles (three chunks of 64 and more, so that -j 2 spreads them)
# and some that fail: several solutions, none, conflicting clues, unreadable
cat "$(dirname "$0")/data/euler96.lines" "$(dirname "$0")/data/euler96.lines" \
    "$(dirname "$0")/data/euler96.lines" >"$tmp/many38"
printf '%s\n' "$TWO" "$NONE" "55${CLASSIC#??}" "1234567891" "$CLASSIC" >>"$tmp/many38"

test_name="records: the same bytes whatever -j, run after run; no stats without --stats"
for cmd in count solve rate canon "solve --all --limit 3" "solve --first"; do
    for f in --json "-f csv"; do
        # shellcheck disable=SC2086 # (the words of cmd and f)
        "$NONET" $cmd $f -j 1 "$tmp/many38" >"$tmp/r1" 2>/dev/null
        # shellcheck disable=SC2086
        "$NONET" $cmd $f -j 2 "$tmp/many38" >"$tmp/r2" 2>/dev/null
        # shellcheck disable=SC2086
        "$NONET" $cmd $f -j 2 "$tmp/many38" >"$tmp/r3" 2>/dev/null
        if [ "$(wc -l <"$tmp/r1")" -ge 155 ]; then pass; else fail "$cmd $f: $(wc -l <"$tmp/r1") records"; fi
        if cmp -s "$tmp/r1" "$tmp/r2" && cmp -s "$tmp/r1" "$tmp/r3"; then pass; else
            fail "$cmd $f: -j 1, -j 2 and a second run differ: $(diff "$tmp/r1" "$tmp/r2" | head -3)"
        fi
        if grep -q 'microseconds\|"stats"\|nodes' "$tmp/r1"; then fail "$cmd $f: stats without --stats"; else pass; fi
    done
done
# the same for the commands that take one puzzle a file or none
for args in "solve -e naive --json $CLASSIC" "solve -e propagate -f csv $CLASSIC" \
    "solve -e human --json $CLASSIC" "count --json $samples38/killer.txt" \
    "count -f csv $samples38/killer.txt" "candidates --json $samples38/thermo-kropki.txt" \
    "hint --apply --json $CLASSIC" "explain --json $CLASSIC"; do
    # shellcheck disable=SC2086
    "$NONET" $args >"$tmp/r1" 2>/dev/null
    # shellcheck disable=SC2086
    "$NONET" $args >"$tmp/r2" 2>/dev/null
    if [ -s "$tmp/r1" ] && cmp -s "$tmp/r1" "$tmp/r2"; then pass; else fail "$args: two runs differ"; fi
    if grep -q 'microseconds' "$tmp/r1"; then fail "$args: a time without --stats"; else pass; fi
done
"$NONET" dlx "$CLASSIC" | "$NONET" xc --json >"$tmp/r1"
"$NONET" dlx "$CLASSIC" | "$NONET" xc --json >"$tmp/r2"
if cmp -s "$tmp/r1" "$tmp/r2" && ! grep -q '"stats"' "$tmp/r1"; then pass; else fail "xc --json: $(head -c 200 "$tmp/r1")"; fi

test_name="records: --stats brings the stats back"
input "$CLASSIC" "$TWO"
run count --json --stats
expect_out_has ',"stats":{"nodes":1,"guesses":0,"microseconds":'
run count -f csv --stats
expect_line 1 "index,line,name,size,puzzle,status,message,count,limit_reached,solution,nodes,guesses,microseconds"
run rate -f csv --stats
expect_line 1 "index,line,name,size,puzzle,status,message,rating,at_least,level,hardest,hardest_rating,step_count,nodes,guesses,microseconds"
run rate --json --stats
expect_out_has '"stats":{"microseconds":'
run solve -e tactics --json --stats
expect_out_has '"stats":{"tactic1":2,"tactic2":2,"guesses":0,"backups":0,"rejected":0,"nodes":1,"microseconds":'
"$NONET" count --json --stats "$samples38/killer.txt" >"$tmp/out" 2>"$tmp/err"
expect_out_has '"stats":{"nodes":'
"$NONET" dlx "$CLASSIC" | "$NONET" xc --json --stats >"$tmp/out"
expect_out_has '"count":1,"limit_reached":false,"stats":{"nodes":'

test_name="--with-puzzle: PUZZLE<tab>RESULT, which reads back as the puzzles"
tab=$(printf '\t')
"$NONET" format -f line "$tmp/many38" >"$tmp/lines38" 2>/dev/null
run rate -p "$samples38/ladder.txt"
expect_line 1 "................12....34.................53.6..217.......2......3.6..4..45....8..${tab}1.2 hidden single (box), 64 steps, easy"
"$NONET" rate "$samples38/ladder.txt" >"$tmp/plain"
cut -f2 "$tmp/out" >"$tmp/back"
if cmp -s "$tmp/plain" "$tmp/back"; then pass; else fail "rate -p's results are not rate's"; fi
"$NONET" format -f line "$tmp/out" >"$tmp/back" 2>&1
if cmp -s "$samples38/ladder.txt" "$tmp/back"; then pass; else fail "rate -p does not read back as the puzzles"; fi
"$NONET" format --json "$tmp/out" | sed -n 's/.*"name":"\([^"]*\)".*/\1/p' >"$tmp/back"
if cmp -s "$tmp/plain" "$tmp/back"; then pass; else fail "read back, the names are not the ratings"; fi
"$NONET" count -p -l 2 "$tmp/many38" >"$tmp/out" 2>/dev/null
expect_lines 155
expect_line 1 "$(sed -n 1p "$tmp/lines38")${tab}1"
expect_line 151 "$TWO${tab}2+"
expect_line 152 "$NONE${tab}0"
expect_line 153 "55${CLASSIC#??}${tab}0 invalid"
expect_line 154 "# error"
"$NONET" solve -p "$tmp/many38" >"$tmp/out" 2>/dev/null
expect_line 152 "$NONE${tab}# no solution"
if sed -n 154p "$tmp/out" | grep -q '^# error: 10 cells'; then pass; else fail "line 154: $(sed -n 154p "$tmp/out")"; fi
expect_line 155 "$CLASSIC${tab}$CLASSIC_SOL"
head -150 "$tmp/out" | cut -f1 >"$tmp/p1"
head -150 "$tmp/out" | cut -f2 >"$tmp/s1"
head -150 "$tmp/lines38" >"$tmp/l150"
if cmp -s "$tmp/p1" "$tmp/l150"; then pass; else fail "solve -p: the puzzles beside are not the input's"; fi
if verify_lines "$tmp/p1" "$tmp/s1" >"$tmp/why"; then pass; else fail "solve -p: $(head -3 "$tmp/why")"; fi
# a multi-line result: the puzzle's line, then the grid
"$NONET" solve -p "$samples38/classic.txt" >"$tmp/out"
expect_line 1 "1..489..673.....4......1295..712.6..5..7.3..8..6.957..9146......2.....378..512..4"
expect_line 2 "152 489 376"
expect_lines 12
"$NONET" check -p "$samples38/grids.txt" >"$tmp/out" 2>/dev/null
expect_out "$CLASSIC_SOL${tab}solved
$CLASSIC${tab}consistent, incomplete (51 blanks)
55${CLASSIC#??}${tab}inconsistent: digit 5 appears twice in row 1, columns 1 and 2"
printf '%s\n' "$CLASSIC" "1234" >"$tmp/in"
run check -p
expect_line 1 "$CLASSIC${tab}consistent, incomplete (51 blanks)"
if sed -n 2p "$tmp/out" | grep -q '^# error: 4 cells'; then pass; else fail "line 2: $(sed -n 2p "$tmp/out")"; fi
"$NONET" canon -p -f line "$samples38/puzzle.txt" >"$tmp/out"
expect_out "$CLASSIC${tab}........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45."
input "$CLASSIC"
run minimize -p
if [ "$(cut -f1 "$tmp/out")" = "$CLASSIC" ] && [ "$(cut -f2 "$tmp/out" | wc -c)" -eq 82 ]; then pass; else fail "minimize -p: $(cat "$tmp/out")"; fi
run transform -p --seed 3
if [ "$(cut -f1 "$tmp/out")" = "$CLASSIC" ]; then pass; else fail "transform -p: $(cat "$tmp/out")"; fi
# a position with pencil marks: its pencil-mark line, which reads back
"$NONET" hint -p "$samples38/marks.txt" >"$tmp/out"
if [ "$(cut -f1 "$tmp/out" | wc -c)" -eq 730 ] && [ "$(cut -f2 "$tmp/out")" = "1.2 hidden single in box 1: r1c1 = 3" ]; then pass; else fail "hint -p: $(cut -c1-100 "$tmp/out")"; fi
"$NONET" hint <"$tmp/out" >"$tmp/back"
if [ "$(cat "$tmp/back")" = "1.2 hidden single in box 1: r1c1 = 3" ]; then pass; else fail "the pencil-mark line read back: $(cat "$tmp/back")"; fi
# boxes other than the side's default: the size line first, as solve writes it
input "1.....2.....3.....4.....5.....6....."
run solve -p -s 3x2
expect_out "3x2
1.....2.....3.....4.....5.....6.....${tab}142356251634364512413265526143635421"
"$NONET" format --json <"$tmp/out" >"$tmp/back"
if grep -q '"size":"3x2","puzzle":"1.....2.....3.....4.....5.....6....."' "$tmp/back"; then pass; else fail "3x2 read back: $(cat "$tmp/back")"; fi
# records carry the puzzle anyway: -p changes nothing there
"$NONET" count -p --json "$tmp/many38" >"$tmp/r1" 2>/dev/null
"$NONET" count --json "$tmp/many38" >"$tmp/r2" 2>/dev/null
if cmp -s "$tmp/r1" "$tmp/r2"; then pass; else fail "count -p --json differs from count --json"; fi
# where it does not apply
input "$CLASSIC"
run explain -p
expect_rc 2
run solve -p -e naive
expect_rc 2
expect_err "--with-puzzle does not go with a teaching solver"
"$NONET" count -p "$samples38/killer.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 2
expect_err "a variant puzzle's rules have none"
"$NONET" count --help >"$tmp/out"
expect_out_has "-p, --with-puzzle"

test_name="check: a table's own column of solutions, without being told"
# Kaggle's quizzes,solutions from a known pair and relabelled copies (the
# solution of a relabelled puzzle is its solution relabelled; verify_lines
# checks them without nonet); rows 2 and 3 get each other's solutions
Q2=$(echo "$CLASSIC" | tr 123456789 345678912)
A2=$(echo "$CLASSIC_SOL" | tr 123456789 345678912)
Q3=$(echo "$CLASSIC" | tr 123456789 234567891)
A3=$(echo "$CLASSIC_SOL" | tr 123456789 234567891)
printf '%s\n' "$CLASSIC" "$Q2" "$Q3" >"$tmp/q38"
printf '%s\n' "$CLASSIC_SOL" "$A2" "$A3" >"$tmp/a38"
if verify_lines "$tmp/q38" "$tmp/a38"; then pass; else fail "the relabelled solutions"; fi
printf '%s\n' "quizzes,solutions" "$CLASSIC,$CLASSIC_SOL" "$Q2,$A3" "$Q3,$A2" "$Q3,$A3" >"$tmp/kaggle.csv"
"$NONET" check "$tmp/kaggle.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "correct
wrong: it changes the clue at row 1, column 1
wrong: it changes the clue at row 1, column 1
correct"
expect_err "nonet: $tmp/kaggle.csv: checking column 'solutions' against 'quizzes'"
if [ "$(grep -c checking "$tmp/err")" -eq 1 ]; then pass; else fail "the note more than once: $(cat "$tmp/err")"; fi
# from a pipe, in JSON (the solution checked is in the record)
"$NONET" check --json <"$tmp/kaggle.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "nonet: <stdin>: checking column 'solutions' against 'quizzes'"
expect_out_has "\"puzzle\":\"$Q2\",\"status\":\"wrong\",\"message\":\"it changes the clue at row 1, column 1\",\"blanks\":0,\"solution\":\"$A3\"}"
"$NONET" check -f csv "$tmp/kaggle.csv" >"$tmp/out" 2>/dev/null
expect_line 1 "index,line,name,size,puzzle,status,message,blanks,solution,input_solutions"
# Sudoku-Extreme's source,question,answer,rating
printf '%s\n' "source,question,answer,rating" "x,$Q2,$A2,0" "y,$Q3,$A2,1" >"$tmp/extreme.csv"
"$NONET" check "$tmp/extreme.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_out "correct
wrong: it changes the clue at row 1, column 1"
expect_err "checking column 'answer' against 'question'"
# a column named on the command line wins; so does a --solution FILE
printf '%s\n' "quizzes,solutions,mine" "$Q2,$A3,$A2" >"$tmp/mine.csv"
"$NONET" check --solution-column mine "$tmp/mine.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "correct"
if grep -q checking "$tmp/err"; then fail "a note with a named column: $(cat "$tmp/err")"; else pass; fi
"$NONET" check --solution "$tmp/a38" "$tmp/kaggle.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "correct
correct
correct
error: $tmp/a38 has no solution for this puzzle"
if grep -q checking "$tmp/err"; then fail "a note with --solution: $(cat "$tmp/err")"; else pass; fi
"$NONET" check --column solutions "$tmp/mine.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out "solved" # the solutions column as the puzzles: no column of solutions beside
# no such column: each grid checked alone, as before
printf '%s\n' "quizzes,rating" "$CLASSIC,1" >"$tmp/plain.csv"
"$NONET" check "$tmp/plain.csv" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "consistent, incomplete (51 blanks)"
if [ ! -s "$tmp/err" ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi

test_name="README says where nonet is before its examples type it"
awk '/^\$ .*nonet /{ exit } { print }' "$(dirname "$0")/../README.md" >"$tmp/before"
if grep -q 'build/nonet' "$tmp/before" && grep -q 'PATH=' "$tmp/before" && grep -q 'make install' "$tmp/before"; then pass; else
    fail "README's text before its first example does not say where nonet is after make"
fi

# ---------------------------------------------------------------- Interactive Sudoku Solver's strings (issue 39)
# The killer above as ISS writes it: its givens in one item, a .Cage a cage.
awk 'NR == 2 { for (i = 1; i <= 81; i++) if ((d = substr($0, i, 1)) ~ /[1-9]/)
                   g = g sprintf("~R%dC%d_%s", int((i - 1) / 9) + 1, (i - 1) % 9 + 1, d)
               printf ".%s", g }
     /^cage/ { printf ".Cage~%s", $NF; for (i = 2; i < NF - 1; i++) printf "~%s", toupper($i) }
     END { print "" }' "$tmp/killer.txt" >"$tmp/killer.iss"

test_name="ISS: a constraint string in a file, on stdin and as the operand counts and solves as the text form"
"$NONET" count -l 2 "$tmp/killer.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" count -l 2 <"$tmp/killer.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" count -l 2 "$(cat "$tmp/killer.iss")" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"
"$NONET" solve "$tmp/killer.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
verify_lines "$tmp/puz" "$tmp/out"
if killer_ok "$tmp/out"; then pass; else fail "a cage's sum is wrong: $(cat "$tmp/out")"; fi
# what was read is the text form's puzzle, constraint for constraint
"$NONET" format "$tmp/killer.txt" | grep -v '^#' | sort >"$tmp/want_text"
"$NONET" format "$tmp/killer.iss" | sort >"$tmp/out"
expect_same "$tmp/want_text"

test_name="ISS: a link with its ?q= query, encoded as ISS's page writes it"
link="https://sigh.github.io/Interactive-Sudoku-Solver/?q=$(sed 's/~/%7E/g' "$tmp/killer.iss")&mode=all"
"$NONET" count -l 2 "$link" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "1"

test_name="ISS: comments, a title, blanks, letters past 9, a cell's digits (the digits rule) and --json"
printf '%s\n' "# an old title" "# 4x4, ISS's way" "  .Shape~4x4" "  .~R1C1_1~R1C2_2" \
    "  .~R3C1_2_4 .Thermo ~R2C3~R2C4~R3C4" >"$tmp/small.iss"
"$NONET" count "$tmp/small.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "5"
"$NONET" count -l 2 --json "$tmp/small.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_out_has '"name":"4x4, ISS'"'"'s way"'
expect_out_has '{"type":"digits","cells":["r3c1"],"values":[2,4]}'
printf '.Shape~16x16.~RaCb_12~RgCg_16\n' >"$tmp/big.iss"
"$NONET" format "$tmp/big.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_line 12 ".... .... ..C. ...."
expect_line 19 ".... .... .... ...G"

test_name="ISS: what nonet does not read is an error with its line and column, never skipped"
printf '%s\n' ".Thermo~R1C1~R1C2" ".FullRank~R1~3~" >"$tmp/bad.iss"
"$NONET" count "$tmp/bad.iss" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "$tmp/bad.iss:2:1: puzzle 1: 'FullRank' is not a constraint type nonet reads"
"$NONET" count '.Or.X~R1C1~R1C2.V~R1C1~R1C2.End' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err ":1:1: puzzle 1: Or is one of ISS's composites"
"$NONET" count '.Shape~9x9~0-7.~R1C1_0' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "Shape~9x9~0-7: digits 0 to 7, but nonet's 9x9 grids hold 1 or 0 to at least 8"
# more digits than the side (ISS's .Shape~6x6~9): rows lack some; solved in them
"$NONET" count -l 2 '.Shape~4x4~5.~R1C1_5~R1C2_1~R2C1_2~R2C2_3.Cage~7~R1C3~R1C4' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "2+"
# digits 0 to 8 (ISS's 0-based grids): read, solved and written in them
"$NONET" solve '.Shape~4x4~0-3.~R1C1_0~R1C2_1~R2C1_2~R2C3_0~R3C2_0~R3C3_3~R4C4_0' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 0
expect_out "0123230110323210"
printf '.Thermo~R1C1~R10C1\n' | "$NONET" count >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_rc 1
expect_err "<stdin>:1:14: puzzle 1: 'R10C1' is no cell: ISS writes rows and columns past 9 as letters"
# a classic 16x16 line that starts with a blank and letters stays classic
"$NONET" count -l 2 "$(sed -n 1p "$(dirname "$0")/../samples/hex16.txt" | tr -d '\n')" >"$tmp/out" 2>"$tmp/err"; rc=$?
if grep -q "constraint type" "$tmp/err"; then fail "read as ISS: $(cat "$tmp/err")"; else pass; fi

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
