#!/bin/sh
# plain.sh - one-puzzle-a-line input in solve and count batches (issue 43):
# the faster way (plain lines cut in bulk, read by the workers) must give
# exactly what the reader alone gives (NONET_READER=general): the same
# stdout, stderr, stdout and stderr together (2>&1) and exit status, with
# -j 1 and -j 3, for valid puzzles, bad lines, comments, blank lines, CRLF,
# a last line without its line end, several files and standard input.
. "$(dirname "$0")/lib.sh"

# both NAME ARGS...: runs nonet both ways; the outputs must be the same
both() {
    name=$1
    shift
    "$NONET" "$@" >"$tmp/fast.out" 2>"$tmp/fast.err" <"$tmp/in"
    echo "status $?" >>"$tmp/fast.out"
    NONET_READER=general "$NONET" "$@" >"$tmp/slow.out" 2>"$tmp/slow.err" <"$tmp/in"
    echo "status $?" >>"$tmp/slow.out"
    "$NONET" "$@" >"$tmp/fast.all" 2>&1 <"$tmp/in"
    NONET_READER=general "$NONET" "$@" >"$tmp/slow.all" 2>&1 <"$tmp/in"
    for f in out err all; do
        # times (--stats) differ from run to run
        sed 's/[0-9.]* us$/_ us/; s/; [0-9.]* s solving.*//' "$tmp/fast.$f" >"$tmp/a"
        sed 's/[0-9.]* us$/_ us/; s/; [0-9.]* s solving.*//' "$tmp/slow.$f" >"$tmp/b"
        if cmp -s "$tmp/a" "$tmp/b"; then pass; else
            test_name="$name: $* ($f)"
            fail "differs from the reader's:"
            diff "$tmp/b" "$tmp/a" | head -6
        fi
    done
}

# options NAME FILE...: both ways under every option the faster way takes
options() {
    name=$1
    shift
    for j in 1 3; do
        for args in "count -l 2" "solve" "solve --json" "count -f csv" "solve --stats" \
            "count -l 0 -p" "solve --unique -f line" "solve --first -p" "count --json -e general"; do
            # shellcheck disable=SC2086 # (the words of args)
            both "$name" $args -j $j "$@"
        done
    done
}

# puzzles: valid, several solutions, none, conflicting clues, blanks as 0
ZEROS=$(echo "$CLASSIC" | tr . 0)
CONFLICT=55${CLASSIC#??}
printf '%s\n' "# a comment" "$CLASSIC" "" "   " "$TWO" "$NONE" "$CONFLICT" "$ZEROS" \
    "  $CLASSIC_SOL  " "// another comment" "$CLASSIC" >"$tmp/good"
options "valid puzzles" "$tmp/good"

# CRLF line ends, and the last line without its line end
sed 's/$/\r/' "$tmp/good" >"$tmp/crlf"
printf '%s' "$CLASSIC" >>"$tmp/crlf"
options "CRLF, no final line end" "$tmp/crlf"

# bad lines among them: too short, too long, a bad character, a 0 that may
# be a symbol (no 9), a title, a forum line, a grid's rows, a size line
SHORT=${CLASSIC%?}
BAD=$(echo "$CLASSIC" | sed 's/./x/40')
NO9=$(echo "$CLASSIC" | tr '9.' '.0')
printf '%s\n' "$CLASSIC" "$SHORT" "${CLASSIC}5" "$BAD" "$TWO" "$NO9" "The next one" "$CLASSIC" \
    "$CLASSIC;a forum name" "$NONE" "53..7...." "6..195..." ".98....6." "8...6...3" \
    "4..8.3..1" "7...2...6" ".6....28." "...419..5" "....8..79" "$CLASSIC" "2x2" \
    "1234341221434321" "$CONFLICT" "$CLASSIC # trailing comment" "$CLASSIC" >"$tmp/bad"
options "bad lines" "$tmp/bad"

# several files, standard input, a file that is missing and one without
# a puzzle
printf '# nothing\n\n' >"$tmp/empty"
cp "$tmp/bad" "$tmp/in"
for j in 1 3; do
    both "several files" count -l 2 -j $j "$tmp/good" - "$tmp/empty" "$tmp/crlf" "$tmp/bad"
    both "a missing file" solve -j $j "$tmp/good" "$tmp/missing" "$tmp/bad"
    both "standard input" solve --json -j $j
    both "a folder" count -j $j "$tmp/good" "$tmp" "$tmp/bad"
    both "an operand's text" solve -j $j "$CLASSIC" "$tmp/good" "$TWO"
done
: >"$tmp/in"
# a file that starts as UTF-16 would, or with a byte-order mark
printf '\n\000\n\000' >"$tmp/utf16"
printf '\357\273\277%s\n%s\n' "$CLASSIC" "$TWO" >"$tmp/bom"
for j in 1 3; do
    both "UTF-16 and BOM heads" count -j $j "$tmp/utf16" "$tmp/bom"
done

# 10,000 lines made from a seed: puzzles from the classic solution (digits
# renamed, cells blanked), among them every kind of line above, CRLF here
# and there, no line end at the end
awk -v seed=43 -v sol="$CLASSIC_SOL" -v bad="$BAD" -v short="$SHORT" -v conflict="$CONFLICT" '
BEGIN {
    srand(seed)
    for (i = 1; i <= 10000; i++) {
        r = rand()
        if (r < 0.04) line = "# comment " i
        else if (r < 0.06) line = ""
        else if (r < 0.07) line = short
        else if (r < 0.08) line = bad
        else if (r < 0.085) line = conflict
        else if (r < 0.088) line = "Title " i
        else if (r < 0.09) line = "53..7...."
        else {
            # a permutation of the digits, about 40 cells blanked
            for (d = 1; d <= 9; d++) map[d] = d
            for (d = 9; d > 1; d--) { k = int(rand() * d) + 1; t = map[d]; map[d] = map[k]; map[k] = t }
            blank = rand() < 0.2 ? "0" : "."
            line = ""
            for (c = 1; c <= 81; c++)
                line = line (rand() < 0.5 ? blank : map[substr(sol, c, 1)])
            if (blank == "0" && line !~ /9/) line = line "x"
        }
        if (rand() < 0.01) line = line "\r"
        printf "%s%s", line, i < 10000 ? "\n" : ""
    }
}' >"$tmp/many"
if [ "$(wc -l <"$tmp/many")" -eq 9999 ]; then pass; else test_name="10,000 lines"; fail "$(wc -l <"$tmp/many") lines"; fi
for j in 1 3; do
    both "10,000 lines" count -l 2 -j $j "$tmp/many"
    both "10,000 lines" solve -j $j "$tmp/many"
    both "10,000 lines" solve --json -j $j "$tmp/many" "$tmp/many"
done
# the faster way was taken: for every puzzle of the valid ones, for most
# of the 10,000 lines, for none of a forced layout
test_name="the faster way is taken"
NONET_READER=report "$NONET" count -j 3 "$tmp/good" "$tmp/crlf" >/dev/null 2>"$tmp/err"
expect_err "nonet: 15 of 15 puzzles read as plain lines"
NONET_READER=report "$NONET" count -l 2 -j 3 "$tmp/many" >"$tmp/out" 2>"$tmp/err"
plain=$(sed -n 's/^nonet: \([0-9]*\) of \([0-9]*\) puzzles read as plain lines$/\1 \2/p' "$tmp/err")
if [ "${plain% *}" -ge 8000 ] && [ "${plain#* }" -eq "$(wc -l <"$tmp/out")" ]; then pass; else
    fail "$plain puzzles read as plain lines, $(wc -l <"$tmp/out") results"
fi
NONET_READER=report "$NONET" count -i line -j 3 "$tmp/good" >/dev/null 2>"$tmp/err"
if grep -q "plain lines" "$tmp/err"; then fail "taken with --input line"; else pass; fi

echo "plain: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
