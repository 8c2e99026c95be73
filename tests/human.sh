#!/bin/sh
# human.sh - nonet rate, explain, hint and solve --engine human. Run by
# tests/run.sh with NONET set. Prints "human: N passed, N failed".

. "$(dirname "$0")/lib.sh"
DATA=$(dirname "$0")/data
YCYCLE=..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2....... # top1465 #226: SE 6.8, a y-cycle

# ---------------------------------------------------------------- rate
test_name="rate agrees with Sudoku Explainer (98% of tests/data/se_ratings.txt)"
grep -v '^#' "$DATA/se_ratings.txt" >"$tmp/rated"
cut -d' ' -f1 "$tmp/rated" >"$tmp/in"
run rate -j 2
expect_rc 0
n=$(wc -l <"$tmp/rated")
agree=$(paste -d' ' "$tmp/rated" "$tmp/out" | awk '
    { se = $2; ours = $3
      if (ours ~ /\+$/) ok = se + 0 >= ours + 0; else ok = (ours == se) }
    ok { k++ } END { print k + 0 }')
if [ $((agree * 100)) -ge $((n * 98)) ]; then pass; else fail "$agree of $n agree"; fi

test_name="rate: the line, JSON, statuses"
printf '%s\n' "$CLASSIC" >"$tmp/in"
run rate
expect_rc 0
expect_line 1 "1.2 hidden single (box), 51 steps, easy"
run rate --json
expect_out_has '"status":"unique","rating":1.2,"level":"easy","hardest":"hidden single (box)","hardest_rating":1.2,"step_count":51,'
expect_out_has '"techniques":{"full house":16,"hidden single (box)":35}'
printf '%s\n' "$TWO" "$NONE" "55${CLASSIC#??}" "$CLASSIC" >"$tmp/in"
run rate
expect_rc 1
expect_line 1 "# not unique"
expect_line 2 "# no solution"
expect_line 3 "# invalid: digit 5 appears twice in row 1, columns 1 and 2"
expect_line 4 "1.2 hidden single (box), 51 steps, easy"
expect_err "<stdin>:1: puzzle 1: not unique: a rating needs a puzzle with one solution"
printf '%s\n' "$YCYCLE" >"$tmp/in"
run rate
expect_rc 0
expect_line 1 "6.8 y-cycle, 75 steps, diabolical"
run rate --ceiling 9.0 "$DATA/nested.txt"
expect_rc 0
expect_out_has "9.5+ needs nested forcing chains: the ladder stops after"
if grep -q diabolical "$tmp/out"; then fail "a lower bound labelled with a level"; else pass; fi
run rate --ceiling 9.0 --json "$DATA/nested.txt"
expect_out_has '"status":"stuck","rating":null,"at_least":9.5,"needs":"nested forcing chains"'
if grep -q '"level"' "$tmp/out"; then fail "a lower bound labelled with a level"; else pass; fi
run rate --ceiling 9.x "$DATA/nested.txt"
expect_rc 2
expect_err "bad ceiling '9.x'"
run rate "$DATA/marks.txt"
expect_rc 0
if [ "$(wc -l <"$tmp/out")" -eq 3 ] && ! grep -q '^#' "$tmp/out"; then pass; else fail "pencil marks not rated: $(cat "$tmp/out")"; fi

# ---------------------------------------------------------------- explain and hint
test_name="explain: every step in words; its placements make the solution"
printf '%s\n' "$CLASSIC" >"$tmp/in"
run explain
expect_rc 0
expect_line 1 "# puzzle 1"
expect_line 2 "1. hidden single in box 2: r1c6 = 8"
expect_out_has "solved in 51 steps: rating 1.2 (hidden single (box)), easy"
expect_out_has "$CLASSIC_SOL"
# rebuild the grid from the clues and every "rRcC = D" of the steps
awk -v clues="$CLASSIC" '
    BEGIN { for (i = 1; i <= 81; i++) g[i] = substr(clues, i, 1) }
    { while (match($0, /r[0-9]c[0-9] = [1-9]/)) {
          s = substr($0, RSTART, RLENGTH); r = substr(s, 2, 1); c = substr(s, 4, 1)
          g[(r - 1) * 9 + c] = substr(s, 8, 1); $0 = substr($0, RSTART + RLENGTH) } }
    END { for (i = 1; i <= 81; i++) printf "%s", g[i]; print "" }' "$tmp/out" >"$tmp/grid"
if [ "$(cat "$tmp/grid")" = "$CLASSIC_SOL" ]; then pass; else fail "steps make $(cat "$tmp/grid")"; fi
run explain --candidates samples/marks.txt
expect_rc 0
expect_out_has "1. hidden single in box 1: r1c1 = 3"
expect_out_has "3         27        1247      127       9"
expect_out_has "solved in 55 steps: rating 2.0 (direct hidden pair), hard"
run explain --json
expect_out_has '"steps":[{"technique":"hidden single (box)","difficulty":1.2,"units":["box 2"]'
expect_out_has '"status":"unique","solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","rating":1.2,"level":"easy","hardest":"hidden single (box)","hardest_rating":1.2,"step_count":51,'
printf '%s\n' "$YCYCLE" >"$tmp/in"
run explain
expect_rc 0
expect_out_has "41. y-cycle (a loop): r5c3=6 - r6c2=6 = r6c2=7 - r5c1=7 = r5c1=9"
expect_out_has "solved in 75 steps: rating 6.8 (y-cycle), diabolical"
run explain --json
expect_out_has '"chain":{"kind":"cycle","complexity":12,"branches":[[{"cell":"r5c3","digit":6,"on":true},{"cell":"r6c2","digit":6,"on":false,"link":"weak","house":"box 4","parents":[0]}'
run explain --ceiling 9.0 "$DATA/nested.txt"
expect_rc 0
expect_out_has "stuck: no step of the ladder applies; the next one needs nested forcing chains (rating 9.5 and up)"

test_name="hint: the next step, from a puzzle or from pencil marks"
printf '%s\n' "$CLASSIC" >"$tmp/in"
run hint
expect_rc 0
expect_line 1 "1.2 hidden single in box 2: r1c6 = 8"
run hint samples/marks.txt
expect_line 1 "1.2 hidden single in box 1: r1c1 = 3"
printf '%s\n' "$CLASSIC_SOL" >"$tmp/in"
run hint
expect_line 1 "solved: nothing is left to do"
printf '%s\n' "$TWO" >"$tmp/in"
run hint
expect_rc 1
expect_line 1 "# not unique: the steps need a puzzle with one solution"
run hint --json
expect_out_has '"status":"multiple","message":"the steps need a puzzle with one solution"}'
run hint "$DATA/hex16.txt" # one puzzle in four alphabets: each step in its own symbols
expect_rc 0
expect_line 1 "1.2 hidden single in box 13: r16c4 = 1"
expect_line 2 "1.2 hidden single in box 13: r16c4 = 2"
expect_line 3 "1.2 hidden single in box 13: r16c4 = B"
expect_line 4 "1.2 hidden single in box 13: r16c4 = b"


test_name="hint --level: the technique and where to look, then its cells, then the move"
printf '%s\n' "$CLASSIC" >"$tmp/in"
run hint --level 1
expect_rc 0
expect_out "1.2 hidden single: look at box 2"
run hint --level 2
expect_out "1.2 hidden single in box 2: r1c6 is the only place of one of its digits"
"$NONET" hint <"$tmp/in" >"$tmp/plain"
run hint --level 3
if cmp -s "$tmp/plain" "$tmp/out"; then pass; else fail "--level 3 is not hint's own output"; fi
cp "$DATA/hint_positions.txt" "$tmp/in" # an x-wing, then a forcing x-chain
run hint --level 1
expect_line 1 "3.2 x-wing: look at columns 1 and 6"
expect_line 2 "6.6 forcing x-chain: look at rows 5 and 9"
run hint --level 2
expect_line 1 "3.2 x-wing: the 5s of columns 1 and 6 lie in rows 1 and 8 only (r1c1, r8c1, r1c6, r8c6)"
expect_line 2 "6.6 forcing x-chain: an assumption leads to its own opposite, through r5c2{2}, r5c7{2}, r9c7{2}, r9c3{2}"
run hint --level 3
expect_line 1 "3.2 x-wing: the 5s of columns 1 and 6 lie in rows 1 and 8 only, so r1c4 <> 5"
expect_line 2 "6.6 forcing x-chain: r6c3=2 - r5c2=2 = r5c7=2 - r9c7=2 = r9c3=2 - r6c3=2, so r6c3 <> 2"
for level in 1 2; do
    run hint --level $level --json
    expect_rc 0
    # the hint in place of the step, and neither conclusion in it: the
    # x-wing removes 5 from r1c4, the chain 2 from r6c3
    if grep -q '"step"\|"placements"\|"eliminations"\|r1c4\|r6c3' "$tmp/out"; then
        fail "--level $level --json tells the move: $(head -c 300 "$tmp/out")"
    else pass; fi
    expect_out_has '"hint":{"level":'$level',"technique":"x-wing","difficulty":3.2,"region":{"kind":"columns","houses":["column 1","column 6"],"name":"columns 1 and 6"}'
done
expect_out_has '"cells":[{"cell":"r5c2","digits":[2],"role":"chain"},'
run hint --level 2 -f csv
expect_line 1 "index,line,name,size,puzzle,status,message,hint"
run hint --level 4
expect_rc 2
expect_err "bad level '4'"
run hint --level 1 --apply
expect_rc 2
expect_err "--apply takes the step: it goes with --level 3 only"
# --svg at levels 1 and 2: the library's drawing of the hint (the region
# outlined, then the pattern's candidates by role), never the move: the
# x-wing removes 5 from r1c4, the chain 2 from r6c3
for level in 1 2; do
    rm -rf "$tmp/svgl"
    run hint --level $level --svg "$tmp/svgl"
    expect_rc 0
    for k in 1 2; do
        f="$tmp/svgl/puzzle-$k-step-001.svg"
        if [ ! -s "$f" ]; then
            fail "--level $level --svg: no $f"
        elif grep -q 'data-role="eliminated"\|data-role="placed"\|class="link\|data-cell="r1c4"\|data-cell="r6c3"' "$f"; then
            fail "--level $level --svg draws the move: $(grep -o 'data-role="[a-z]*"' "$f" | sort -u | tr '\n' ' ')"
        else pass; fi
    done
    f="$tmp/svgl/puzzle-1-step-001.svg"
    if [ $level = 1 ]; then
        # nothing marked, its title the hint's words
        if grep -q 'class="mark' "$f"; then fail "--level 1 --svg marks a candidate"; else pass; fi
        if grep -q '<title[^>]*>x-wing: look at columns 1 and 6' "$f"; then pass; else
            fail "--level 1 --svg: title $(grep -o '<title[^<]*' "$f")"
        fi
    else
        # the x-wing's four cells, each with its 5, by role
        for c in r1c1 r8c1 r1c6 r8c6; do
            if grep -q "data-cell=\"$c\" data-digit=\"5\"" "$f"; then pass; else
                fail "--level 2 --svg: no 5 marked at $c"
            fi
        done
    fi
done
"$NONET" hint --level 2 --svg "$tmp/svgl3" <"$tmp/in" >/dev/null
"$NONET" hint --svg "$tmp/svgl3" <"$tmp/in" >/dev/null
if cmp -s "$tmp/svgl/puzzle-1-step-001.svg" "$tmp/svgl3/puzzle-1-step-001.svg"; then
    fail "--level 2 --svg draws as --level 3"
else pass; fi
run explain --level 1
expect_rc 2
expect_err "option '--level' does not apply to this command"


# ---------------------------------------------------------------- solve --engine human
test_name="solve --engine human: the ladder, and search only where it is stuck"
printf '%s\n' "$CLASSIC" >"$tmp/in"
run solve -e human
expect_rc 0
expect_line 1 "$CLASSIC_SOL"
if [ ! -s "$tmp/err" ]; then pass; else fail "stderr: $(cat "$tmp/err")"; fi
cp "$DATA/nested.txt" "$tmp/in"
run solve -e human --ceiling 9.0
expect_rc 0
expect_err "the ladder got stuck after"
"$NONET" solve <"$tmp/in" >"$tmp/plain"
if cmp -s "$tmp/plain" "$tmp/out"; then pass; else fail "a different solution than solve's"; fi
printf '%s\n' "$TWO" >"$tmp/in"
run solve -e human
expect_rc 0
expect_err "more than one solution"
run count -e human
expect_rc 2

echo "human: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
