#!/bin/sh
# readme.sh - runs the examples of README.md as written. Run by
# tests/run.sh with NONET set to the binary. Prints
# "readme: N passed, N failed".
#
# The convention, for every ```console block of README.md:
# - a line "$ COMMAND" is a command: it is run with sh from the
#   repository's root, with the directory of $NONET first on PATH (so
#   that it runs as `nonet`);
# - the lines after it, up to the next "$ " line or the block's end, are
#   what it prints: its standard output, then its standard error; a line
#   "..." stands for any number of lines (none included);
# - a command shown without output is still run: only its exit status
#   is checked;
# - the exit status must be 0, unless the command's line says
#   "exit status N" (in its comment): then it must be N.
# Other blocks (```sh, ```c) are not run.

NONET=${NONET:-build/nonet}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$NONET")" && pwd)
if [ "$(basename "$NONET")" != nonet ]; then
    echo "readme.sh: NONET must be a file named nonet ($NONET)"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# Splits README's console blocks into $tmp/cmd.N (the command) and
# $tmp/want.N (the lines shown after it).
awk -v dir="$tmp" '
    /^```console[ \t]*$/ { inblock = 1; next }
    /^```/ { inblock = 0; next }
    !inblock { next }
    /^\$ / {
        if (n) { close(dir "/cmd." n); close(dir "/want." n) }
        n++; printf "%s\n", substr($0, 3) > (dir "/cmd." n); printf "" > (dir "/want." n); next
    }
    n { print > (dir "/want." n) }
' "$root/README.md"

# matches WANT GOT: whether the lines of GOT match those of WANT, where a
# line "..." of WANT matches any number of lines.
matches() {
    awk '
        NR == FNR { want[++nw] = $0; next }
        { got[++ng] = $0 }
        function match_from(i, j,    key, ok) {
            key = i SUBSEP j
            if (key in memo)
                return memo[key]
            if (i > nw)
                ok = j > ng
            else if (want[i] == "...")
                ok = match_from(i + 1, j) || (j <= ng && match_from(i, j + 1))
            else
                ok = j <= ng && want[i] == got[j] && match_from(i + 1, j + 1)
            memo[key] = ok
            return ok
        }
        END { exit match_from(1, 1) ? 0 : 1 }
    ' "$1" "$2"
}

i=1
while [ -f "$tmp/cmd.$i" ]; do
    cmd=$(cat "$tmp/cmd.$i")
    want_rc=$(sed -n 's/.*#.*exit status \([0-9][0-9]*\).*/\1/p' "$tmp/cmd.$i")
    want_rc=${want_rc:-0}
    (cd "$root" && PATH="$bin:$PATH" sh -c "$cmd") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    cat "$tmp/out" "$tmp/err" >"$tmp/got"
    ok=1
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL: README: \$ $cmd"
        echo "  exit status $rc, expected $want_rc; stderr: $(head -c 300 "$tmp/err")"
        ok=0
    elif [ -s "$tmp/want.$i" ] && ! matches "$tmp/want.$i" "$tmp/got"; then
        echo "FAIL: README: \$ $cmd"
        echo "  README shows:"
        sed 's/^/    /' "$tmp/want.$i" | head -30
        echo "  it prints (stdout, then stderr):"
        sed 's/^/    /' "$tmp/got" | head -30
        ok=0
    fi
    if [ "$ok" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    i=$((i + 1))
done
if [ "$i" -eq 1 ]; then
    echo "FAIL: README.md has no console examples"
    failed=$((failed + 1))
fi

echo "readme: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
