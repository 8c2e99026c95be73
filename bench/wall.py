#!/usr/bin/env python3
"""wall.py - the wall time of a whole process, for the benchmarks.

  wall.py RUNS TIMEOUT_S COMMAND [ARG ...]

Runs COMMAND RUNS times (after one run not counted) and prints the median
wall time in milliseconds, a tab, and the first line the last run wrote
("timeout" when a run took longer than TIMEOUT_S seconds and was killed).
Each run is started with posix_spawn and reaped with waitpid, so the time
is the process's own, from its start to its end, without a shell's."""
import os
import signal
import statistics
import sys
import tempfile
import time


def run_once(argv, out_path, timeout):
    actions = [(os.POSIX_SPAWN_OPEN, 1, out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    t0 = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    deadline = t0 + timeout
    while True:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return (time.perf_counter() - t0) * 1000.0, False
        if time.perf_counter() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return timeout * 1000.0, True
        # short sleeps: the wait itself must not add to short runs
        time.sleep(0.0002 if time.perf_counter() - t0 < 0.05 else 0.005)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    runs, timeout, argv = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
    with tempfile.NamedTemporaryFile() as out:
        times, timed_out = [], False
        for i in range(runs + 1):
            ms, timed_out = run_once(argv, out.name, timeout)
            if timed_out:
                times = [ms]
                break
            if i:
                times.append(ms)
        with open(out.name) as f:
            first = f.readline().strip()
    print("%.2f\t%s" % (statistics.median(times), "timeout" if timed_out else first))


if __name__ == "__main__":
    main()
