#!/bin/sh
# web.sh - the web page: builds it (make web: clang's wasm32 target with
# Debian's wasi-libc), checks that the WebAssembly build answers as the
# native command does (tests/web/same.mjs, on the tests' own puzzles), then
# scripts the page in headless Chromium (web/test/run.sh). Run by
# tests/run.sh; prints "web: N passed, N failed".
#
# A missing tool skips the suite with a line saying what to install,
# unless NONET_NEED_WEB=1 (CI), where that is a failure. WEB_TESTS=0 skips
# it (the gcc and sanitizer passes of CI: the page is tested once).

root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac

summary() {
    echo "web: $1 passed, $2 failed"
    exit 0
}
skip() {
    if [ "${NONET_NEED_WEB:-0}" = 1 ]; then
        echo "web: FAIL: $1"
        summary 0 1
    fi
    echo "web: skipped: $1"
    summary 0 0
}

[ "${WEB_TESTS:-1}" = 0 ] && summary 0 0
command -v node >/dev/null 2>&1 || skip "no node (apt-get install -y nodejs npm)"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '#include <stdio.h>\nint f(void) { return 0; }\n' >"$probe/t.c"
clang --target=wasm32-wasi --sysroot=/usr -mexec-model=reactor -o "$probe/t.wasm" "$probe/t.c" \
    >/dev/null 2>&1 ||
    skip "no WebAssembly toolchain (apt-get install -y clang lld wasi-libc libclang-rt-14-dev-wasm32)"

log=$probe/log
if ! make -s -C "$root" web "$BUILD/nonet" BUILD="$BUILD" >"$log" 2>&1; then
    cat "$log"
    echo "web: FAIL: make web"
    summary 0 1
fi

passed=0
failed=0
# count() LOG PREFIX: adds the "PREFIX: N passed, M failed" line of LOG
count() {
    p=$(sed -n "s/^$2: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p" "$1" | tail -1)
    f=$(sed -n "s/^$2: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p" "$1" | tail -1)
    [ -n "$p" ] || { p=0; f=1; echo "web: FAIL: $2 did not finish"; }
    passed=$((passed + p))
    failed=$((failed + f))
}

(cd "$root" && node tests/web/same.mjs "$BUILD/web/nonet.wasm" "$BUILD/nonet" --first 40 --explain 6 \
    --generate 12 tests/data/hard.txt tests/data/marks.txt tests/data/hex16.txt \
    samples/puzzles.txt samples/ladder.txt) >"$log" 2>&1
grep -v '^wasm: [0-9]* passed' "$log" | sed 's/^/web: /' | tail -40
count "$log" wasm

if [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
    NONET="$BUILD/nonet" sh "$root/web/test/run.sh" "$BUILD/web" >"$log" 2>&1
    grep -v '^web-test: [0-9]* passed' "$log" | sed 's/^/web: /' | tail -60
    count "$log" web-test
elif [ "${NONET_NEED_WEB:-0}" = 1 ]; then
    echo "web: FAIL: no Chromium for the browser test (apt-get install -y chromium)"
    failed=$((failed + 1))
else
    echo "web: skipped: the browser test (apt-get install -y chromium)"
fi
summary "$passed" "$failed"
