#!/bin/sh
# lib.sh - what the command's test scripts (cli.sh, paste.sh, human.sh)
# share: a scratch folder, the counters, running nonet, the checks, some
# puzzles, and an independent checker of solutions. Sourced, not run.
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

# expect_same FILE: stdout is exactly FILE's content
expect_same() {
    if cmp -s "$1" "$tmp/out"; then pass; else
        fail "stdout differs from $1:"
        diff "$1" "$tmp/out" | head -10
    fi
}
# expect_line N TEXT: line N of stdout is TEXT
expect_line() {
    got=$(sed -n "$1p" "$tmp/out")
    if [ "$got" = "$2" ]; then pass; else fail "line $1 is '$got', expected '$2'"; fi
}
# expect_lines N: stdout has N lines
expect_lines() {
    n=$(wc -l <"$tmp/out")
    if [ "$n" -eq "$1" ]; then pass; else fail "$n lines of output, expected $1"; fi
}
# expect_solves LINES: stdout holds valid solutions of the puzzles of LINES
expect_solves() {
    if verify_lines "$1" "$tmp/out" >"$tmp/why"; then pass; else fail "$(head -3 "$tmp/why")"; fi
}
: >"$tmp/in"
