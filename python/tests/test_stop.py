"""Stopping long calls: Ctrl-C (SIGINT) raises KeyboardInterrupt within a
fraction of a second, even in the middle of one puzzle that would take
forever (counting the empty grid's 6.67e21 solutions), and leaves no
thread running; timeout= gives a puzzle past its time the status
"timeout" while the rest of the batch gets its answers, checked here by a
counter of our own, not by the solver under test."""
import json
import os
import subprocess
import sys
import time

import pytest

import nonet
from test_nonet import CLASSIC, TWO, NONE, CLASH, cells, solves

EMPTY = "." * 81
# Rated 11.9 (its first step needs nested forcing chains): rating it,
# explaining it or hinting at it takes seconds
HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(nonet.__file__)))


def blanked(line, positions):
    return "".join("." if i in positions else ch for i, ch in enumerate(line))


def brute_count(line, box_rows=3, box_cols=3):
    """Solutions of a puzzle with few blanks, by trying every digit in
    every blank: no code of the library."""
    grid = cells(line)
    n = box_rows * box_cols
    blanks = [i for i, v in enumerate(grid) if v == 0]

    def fits(i, d):
        r, c = divmod(i, n)
        br, bc = r - r % box_rows, c - c % box_cols
        return all(grid[k] != d for k in range(r * n, r * n + n)) and \
            all(grid[k * n + c] != d for k in range(n)) and \
            all(grid[(br + a) * n + bc + b] != d for a in range(box_rows) for b in range(box_cols))

    def go(k):
        if k == len(blanks):
            return 1
        total = 0
        for d in range(1, n + 1):
            if fits(blanks[k], d):
                grid[blanks[k]] = d
                total += go(k + 1)
                grid[blanks[k]] = 0
        return total

    if any(v and not solves_clue(grid, i, n, box_rows, box_cols) for i, v in enumerate(grid)):
        return 0  # clues that clash: no solution
    return go(0)


def solves_clue(grid, i, n, box_rows, box_cols):
    """Whether clue i is alone of its digit in its units."""
    d, grid[i] = grid[i], 0
    r, c = divmod(i, n)
    br, bc = r - r % box_rows, c - c % box_cols
    ok = all(grid[k] != d for k in range(r * n, r * n + n)) and \
        all(grid[k * n + c] != d for k in range(n)) and \
        all(grid[(br + a) * n + bc + b] != d for a in range(box_rows) for b in range(box_cols))
    grid[i] = d
    return ok


# ---------------------------------------------------------------- Ctrl-C

INTERRUPT = r"""
import json, os, signal, sys, threading, time
import nonet

def tasks():  # the process's threads, Python's and ours
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else 0

signal.signal(signal.SIGINT, signal.default_int_handler)
call, threads, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
empty, classic = "." * 81, sys.argv[4]
calls = {
    "count": lambda: nonet.count([empty] + [classic] * 40, limit=0, threads=threads),
    "solve_all": lambda: nonet.count([classic] * 20 + [empty], limit=0, threads=threads),
    "explain": lambda: nonet.explain(sys.argv[5]),
    "rate": lambda: nonet.rate([sys.argv[5]] * 3, threads=threads),
}
before = tasks()
out = {}
for attempt in range(2):  # twice: the first stop leaves nothing behind
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        calls[call]()
        out["returned"] = True
    except KeyboardInterrupt:
        out.setdefault("late", []).append(time.monotonic() - start - delay)
    timer.join()
# Python's join() returns just before the timer's own thread is gone from
# /proc: give the threads that are ending a moment (those left behind stay)
settle = time.monotonic() + 2.0
while tasks() > before and time.monotonic() < settle:
    time.sleep(0.01)
out["threads_left"] = tasks() - before
start = time.monotonic()
out["classic"] = nonet.STATUS[nonet.count([classic], threads=threads).status[0]]
out["after"] = time.monotonic() - start
print(json.dumps(out))
"""


def interrupted(call, threads, delay=0.3):
    """Runs call in a child Python that sends itself SIGINT after delay
    seconds; its report. A call that ignores the signal never ends: the
    child is killed after 60 s and the test fails."""
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    try:
        done = subprocess.run([sys.executable, "-c", INTERRUPT, call, str(threads), str(delay),
                               CLASSIC, HARD], capture_output=True, text=True, timeout=60,
                              env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("%s ignored SIGINT: still running after 60 s" % call)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("call,threads", [("count", 1), ("count", 2), ("solve_all", 2),
                                          ("explain", 1), ("rate", 1)])
def test_ctrl_c_stops_a_long_call(call, threads):
    out = interrupted(call, threads)
    assert "returned" not in out, "the call ended by itself: it is not long enough to test"
    assert len(out["late"]) == 2
    assert all(late < 1.0 for late in out["late"]), out  # within a second of the signal
    assert out["threads_left"] == 0
    assert out["classic"] == "unique" and out["after"] < 5


def test_a_signal_handlers_own_exception_is_raised():
    code = r"""
import signal, time, nonet
class Alarm(Exception):
    pass
def ring(sig, frame):
    raise Alarm()
signal.signal(signal.SIGALRM, ring)
signal.setitimer(signal.ITIMER_REAL, 0.3)
start = time.monotonic()
try:
    nonet.count(["." * 81], limit=0)
except Alarm:
    print("alarm %.3f" % (time.monotonic() - start))
"""
    env = dict(os.environ, PYTHONPATH=PACKAGE)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("the handler's exception never stopped the count")
    assert done.stdout.startswith("alarm"), done.stderr
    assert float(done.stdout.split()[1]) < 1.3


# ---------------------------------------------------------------- timeout=


def test_count_timeout_gives_its_status_and_the_batch_goes_on():
    few = blanked(SOLUTION, {0, 10, 20, 40, 60, 80})  # one solution, a brute force finds
    batch = [EMPTY, TWO, few, NONE, CLASH, "not a puzzle"]
    expected = [None] + [brute_count(p) for p in batch[1:4]]
    assert expected[1:] == [2, 1, 0]
    for threads in (1, 2):
        start = time.monotonic()
        c = nonet.count(batch, limit=0, timeout=0.2, threads=threads)
        assert time.monotonic() - start < 10
        status = [nonet.STATUS[v] for v in c.status]
        assert status == ["timeout", "multiple", "unique", "no solution", "invalid", "error"]
        assert c.status[0] == nonet.TIMEOUT
        assert c.counts[0] > 1000  # the solutions found until then: a lower bound
        assert c.messages[0].startswith("timed out after 0.2 s") and "solutions found" in \
            c.messages[0]
        assert c.counts.tolist()[1:4] == expected[1:]
        assert c.messages[1:4] == [None, None, None]


def test_solve_timeout_keeps_the_others_solutions():
    few = blanked(SOLUTION, {3, 33, 63})
    s = nonet.solve([few, HARD, EMPTY], timeout=5)
    assert [nonet.STATUS[v] for v in s.status] == ["unique", "unique", "multiple"]
    assert s.solutions.strings()[0] == SOLUTION
    assert solves(cells(HARD), s.solutions.tolist()[1])
    with pytest.raises(ValueError):
        nonet.solve([few], timeout=0)


def test_ladder_timeouts():
    few = blanked(SOLUTION, {3, 33, 63})
    r = nonet.rate([HARD, few], timeout=0.2)
    assert [nonet.STATUS[v] for v in r.status] == ["timeout", "unique"]
    assert r.ratings[0] != r.ratings[0] and r.ratings[1] == 1.0  # NaN, a rating
    assert r.messages[0].startswith("timed out after 0.2 s (") and r.messages[1] is None
    t = nonet.trajectories([few, HARD], timeout=0.2)
    assert [nonet.STATUS[v] for v in t.status] == ["unique", "timeout"]
    assert t.lengths[0] == 3 and solves(cells(few), apply(cells(few), t.moves.tolist()[0][:3]))
    e = nonet.explain(HARD, timeout=0.2)
    assert e.status == nonet.TIMEOUT and e.message.startswith("timed out after 0.2 s")
    assert e.solution is not None  # the position reached
    h = nonet.hint(HARD, timeout=0.01)  # its first step takes 0.1 s or more
    assert h.status == nonet.TIMEOUT and h.step is None
    assert nonet.hint(few, timeout=5).step is not None


def apply(grid, moves):
    grid = list(grid)
    for r, c, d, _ in moves:
        grid[r * 9 + c] = d
    return grid


def test_generate_and_minimize_timeouts():
    g = nonet.generate(1, seed=1, size="5x5", timeout=0.2)
    assert g.status[0] == nonet.TIMEOUT and g.messages[0] == "timed out after 0.2 s"
    assert g.puzzles.tolist()[0] == [0] * 625
    quick = nonet.generate(2, seed=1, timeout=30)
    assert [nonet.STATUS[v] for v in quick.status] == ["unique", "unique"]
    assert quick.puzzles.tolist() == nonet.generate(2, seed=1).puzzles.tolist()
    full = nonet.solve(["." * 625], first=True).solutions  # a 25x25 grid: minutes to minimize
    few = blanked(SOLUTION, {3, 33, 63})
    m = nonet.minimize([few], timeout=30)
    assert m.status[0] == nonet.UNIQUE
    assert all(v in (0, w) for v, w in zip(m.puzzles.tolist()[0], cells(few)))
    assert solves(m.puzzles.tolist()[0], cells(SOLUTION))
    m = nonet.minimize(full, timeout=0.2)
    assert m.status[0] == nonet.TIMEOUT and m.messages[0] == "timed out after 0.2 s"


def test_timeout_status_word():
    assert nonet.STATUS[nonet.TIMEOUT] == "timeout"
    assert len(nonet.STATUS) == nonet.TIMEOUT + 1
