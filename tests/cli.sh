#!/bin/sh
# cli.sh - tests of the nonet command: every subcommand, layouts in and
# out, bad input, batches and exit codes. Run by tests/run.sh with NONET
# set to the binary. Prints "cli: N passed, N failed".

NONET=${NONET:-build/nonet}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

CLASSIC=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
CLASSIC_SOL=534678912672195348198342567859761423426853791713924856961537284287419635345286179
# the classic solution with an unavoidable rectangle blanked: two solutions
TWO=534..8912672195348198342567859..1423426853791713924856961537284287419635345286179
# consistent clues, no solution: row 1 needs a 9 that column 9 already has
NONE=12345678.........9...............................................................

pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $test_name: $*"
}

# run ARGS...: runs nonet with stdin from $tmp/in; sets rc, out and err files
run() {
    "$NONET" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
input() { printf '%s\n' "$@" >"$tmp/in"; }
expect_rc() {
    if [ "$rc" -eq "$1" ]; then pass; else fail "exit status $rc, expected $1 ($(head -c 300 "$tmp/err"))"; fi
}
# expect_out TEXT: stdout is exactly TEXT plus a final newline
expect_out() {
    printf '%s\n' "$1" >"$tmp/want"
    if cmp -s "$tmp/want" "$tmp/out"; then pass; else
        fail "stdout differs:"
        diff "$tmp/want" "$tmp/out" | head -20
    fi
}
expect_err() {
    if grep -qF -- "$1" "$tmp/err"; then pass; else fail "stderr lacks '$1': $(head -c 300 "$tmp/err")"; fi
}
expect_out_has() {
    if grep -qF -- "$1" "$tmp/out"; then pass; else fail "stdout lacks '$1': $(head -c 300 "$tmp/out")"; fi
}

# An independent checker for 9x9 one-line solutions: each line of $2 must
# keep the clues of the same line of $1 and be a valid completed grid.
verify_lines() {
    awk 'NR == FNR { puz[FNR] = $0; next }
    {
        p = puz[FNR]; s = $0
        if (length(s) != 81) { print "line " FNR ": not 81 cells"; bad = 1; next }
        for (i = 1; i <= 81; i++) {
            a = substr(p, i, 1); b = substr(s, i, 1)
            if (b !~ /[1-9]/) { print "line " FNR ": blank"; bad = 1; next }
            if (a ~ /[1-9]/ && a != b) { print "line " FNR ": clue changed"; bad = 1; next }
        }
        for (u = 0; u < 9; u++) {
            split("", r); split("", c); split("", x)
            for (k = 0; k < 9; k++) {
                vr = substr(s, u * 9 + k + 1, 1); vc = substr(s, k * 9 + u + 1, 1)
                br = int(u / 3) * 3 + int(k / 3); bc = (u % 3) * 3 + k % 3
                vb = substr(s, br * 9 + bc + 1, 1)
                if (r[vr]++ || c[vc]++ || x[vb]++) { print "line " FNR ": unit " u; bad = 1 }
            }
        }
    }
    END { exit bad }' "$1" "$2"
}

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
expect_out_has "{\"puzzle\":1,\"line\":1,\"input\":\"$CLASSIC\",\"status\":\"solved\",\"count\":1,\"limit_reached\":true,\"solution\":\"$CLASSIC_SOL\","
expect_out_has '"stats":{"nodes":'

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
expect_err "puzzle 1: solved, 1 nodes, 0 guesses,"
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
expect_err "bad character"
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
input "$CLASSIC" "$TWO" "$NONE" "................................................................................." "55${CLASSIC#??}" "xyz"
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
run solve -f nosuch
expect_rc 2
run solve --size 9x9
expect_rc 2
run count --unique
expect_rc 2
run solve "$tmp/does-not-exist"
expect_rc 2
expect_err "cannot open"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
