#!/bin/sh
# python.sh - builds the Python binding in place (make python) and runs its
# tests (python/tests, pytest), then runs README's install lines as
# written. Run by tests/run.sh. Prints "python: N passed, N failed".
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

# README's install lines, exactly as written (python/tests/readme.py
# extracts them; apt-get's left out), run from the root in a shell whose
# HOME is a new folder (for ~/nonet-env) and whose PATH starts with a
# python3, python and pip that fail, as another Python first on PATH
# (pyenv's) would fail: the lines must name their interpreter. BUILD and
# NONET_BUILD point make and setup.py at this build. Then the installed
# package, away from the tree.
if /usr/bin/python3 -c 'import ensurepip, wheel' 2>/dev/null; then
    home=$(mktemp -d)
    mkdir "$home/decoy"
    for name in python3 python pip pip3; do
        printf '#!/bin/sh\necho "%s from PATH, not the Python README names: $*" >&2\nexit 1\n' \
            "$name" >"$home/decoy/$name"
        chmod +x "$home/decoy/$name"
    done
    if "$PYTHON" "$root/python/tests/readme.py" >"$home/install.sh" 2>"$log" &&
        venv_python=$(HOME="$home" "$PYTHON" "$root/python/tests/readme.py" --venv-python) &&
        (cd "$root" && HOME="$home" PATH="$home/decoy:$PATH" BUILD="$BUILD" \
            NONET_BUILD=$(cd "$BUILD" && pwd) sh -ex "$home/install.sh") >>"$log" 2>&1 &&
        (cd "$home" && "$venv_python" -c '
import nonet
s = nonet.solve(["1.3......1.3.4..", "12..."], size="2x2")
assert nonet.__file__.startswith("'"$home"'") and [nonet.STATUS[v] for v in s.status] == ["multiple", "error"]
') >>"$log" 2>&1; then
        passed=$((${passed:-0} + 1))
    else
        cat "$log"
        echo "python: FAIL: README's install lines, as written"
        failed=$((failed + 1))
    fi
    rm -rf "$home"
elif [ "${NONET_NEED_PYTHON:-0}" = 1 ]; then
    echo "python: FAIL: no venv or wheel for /usr/bin/python3 (apt-get install -y python3-venv python3-wheel)"
    failed=$((failed + 1))
else
    echo "python: skipped: README's install lines (apt-get install -y python3-venv python3-wheel)"
fi
echo "python: ${passed:-0} passed, $failed failed"
