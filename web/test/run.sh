#!/bin/sh
# The browser test of the page (`make web-test`): web/test/browser.mjs
# drives Debian's Chromium with playwright-core over build/web (`make web`),
# and compares with build/nonet (`make`).
#
#   sh web/test/run.sh [WEBDIR] [--only 3,9]
#   WEB_BENCH=1 sh web/test/run.sh [WEBDIR] [DATADIR]   (make bench-web)
#
# WEBDIR is the built page (default build/web, or $WEB_ROOT); nonet is
# looked for beside it (WEBDIR/../nonet, or $NONET), screenshots go to
# WEBDIR/../web-test. CHROMIUM overrides /usr/bin/chromium.
#
# No browser is downloaded (playwright-core, not playwright): CI installs
# Debian's first, `apt-get install -y chromium`, which puts it at
# /usr/bin/chromium. node_modules is installed here with `npm ci` from the
# committed lockfile when it is missing or stale.
#
# The static server (127.0.0.1, a free port, application/wasm for .wasm,
# text/javascript for .js) is started and stopped by browser.mjs itself, so
# that the offline check can take it down. Screenshots and print.pdf go to
# build/web-test/ (not into the repository). The last line is
# "web-test: N passed, M failed"; the exit status is non-zero on any failure.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chromium=${CHROMIUM:-/usr/bin/chromium}

fail() {
	echo "web-test: $*" >&2
	echo "web-test: 0 passed, 1 failed"
	exit 1
}

web=${WEB_ROOT:-$root/build/web}
case "${1:-}" in
'' | --*) ;;
*)
	web=$1
	shift
	;;
esac
[ -d "$web" ] || fail "$web is missing: run make web"
web=$(cd "$web" && pwd)
build=$(dirname "$web")
nonet=${NONET:-$build/nonet}

command -v node >/dev/null 2>&1 || fail "node is missing (Node 20 or later)"
[ -x "$chromium" ] || fail "$chromium is missing: apt-get install -y chromium"
[ -f "$web/index.html" ] || fail "$web/index.html is missing: run make web"
[ -x "$nonet" ] || fail "$nonet is missing: run make"

# node_modules: installed by `npm ci`, again whenever the lockfile differs
# from the one it was installed from
stamp="$here/node_modules/.web-test-lock.json"
if ! cmp -s "$here/package-lock.json" "$stamp"; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci failed"
	cp "$here/package-lock.json" "$stamp"
fi

cd "$root"
if [ "${WEB_BENCH:-0}" = 1 ]; then
	# make bench-web: the figures instead of the test (bench.mjs)
	CHROMIUM=$chromium exec node "$here/bench.mjs" "$web" "$nonet" "$@"
fi
mkdir -p "$build/web-test"
exec node "$here/browser.mjs" --root "$web" --out "$build/web-test" \
	--nonet "$nonet" --chromium "$chromium" "$@"
