#!/bin/sh
# python.sh - builds the Python binding in place (make python) and runs its
# tests (python/tests, pytest). Run by tests/run.sh. Prints
# "python: N passed, N failed".
#
# PYTHON names the interpreter (default /usr/bin/python3: Debian's, which
# sees Debian's packages). Without Python's headers or pytest the suite is
# skipped with a line saying what to install, unless NONET_NEED_PYTHON=1
# (CI), where that is a failure. PYTHON_TESTS=0 skips it (the sanitizer
# build: an interpreter does not load ASan objects).

root=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-/usr/bin/python3}
BUILD=${BUILD:-build}

skip() {
    if [ "${NONET_NEED_PYTHON:-0}" = 1 ]; then
        echo "python: FAIL: $1"
        echo "python: 0 passed, 1 failed"
    else
        echo "python: skipped: $1"
        echo "python: 0 passed, 0 failed"
    fi
    exit 0
}

[ "${PYTHON_TESTS:-1}" = 0 ] && { echo "python: 0 passed, 0 failed"; exit 0; }
command -v "$PYTHON" >/dev/null 2>&1 || skip "no $PYTHON (apt-get install -y python3-dev python3-pytest)"
inc=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
[ -f "$inc/Python.h" ] || skip "no Python.h for $PYTHON (apt-get install -y python3-dev)"
"$PYTHON" -c 'import pytest, setuptools' 2>/dev/null ||
    skip "no pytest or setuptools for $PYTHON (apt-get install -y python3-pytest python3-setuptools)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! make -s -C "$root" python PYTHON="$PYTHON" BUILD="$BUILD" >"$log" 2>&1; then
    cat "$log"
    echo "python: FAIL: make python"
    echo "python: 0 passed, 1 failed"
    exit 0
fi
cd "$root/python" && PYTHONPATH=. "$PYTHON" -m pytest -q -p no:cacheprovider tests >"$log" 2>&1
cat "$log" | grep -v '^\.*  *\[...%\]$' | sed 's/^/python: /' | grep -v '^python: $' | tail -40
summary=$(tail -1 "$log")
passed=$(echo "$summary" | grep -o '[0-9][0-9]* passed' | cut -d' ' -f1)
failed=$(echo "$summary" | grep -o '[0-9][0-9]* failed' | cut -d' ' -f1)
errors=$(echo "$summary" | grep -o '[0-9][0-9]* errors*' | cut -d' ' -f1)
failed=$(( ${failed:-0} + ${errors:-0} ))
if [ -z "$passed" ] && [ "$failed" -eq 0 ]; then
    failed=1   # pytest did not run (its summary line is missing)
fi

# README's install: a venv that sees Debian's packages, pip without the
# index or build isolation; then the installed package, away from the tree.
if "$PYTHON" -c 'import ensurepip, wheel' 2>/dev/null; then
    venv=$(mktemp -d)
    if "$PYTHON" -m venv --system-site-packages "$venv" >"$log" 2>&1 &&
        NONET_BUILD=$(cd "$root" && cd "$BUILD" && pwd) \
            "$venv/bin/pip" install -q --no-build-isolation --no-index "$root/python" >>"$log" 2>&1 &&
        (cd "$venv" && "$venv/bin/python" -c '
import nonet
s = nonet.solve(["1.3......1.3.4..", "12..."], size="2x2")
assert nonet.__file__.startswith("'"$venv"'") and [nonet.STATUS[v] for v in s.status] == ["multiple", "error"]
') >>"$log" 2>&1; then
        passed=$((${passed:-0} + 1))
    else
        cat "$log"
        echo "python: FAIL: README's install into a venv"
        failed=$((failed + 1))
    fi
    rm -rf "$venv"
elif [ "${NONET_NEED_PYTHON:-0}" = 1 ]; then
    echo "python: FAIL: no venv or wheel for $PYTHON (apt-get install -y python3-venv python3-wheel)"
    failed=$((failed + 1))
else
    echo "python: skipped: the install test (apt-get install -y python3-venv python3-wheel)"
fi
echo "python: ${passed:-0} passed, $failed failed"
