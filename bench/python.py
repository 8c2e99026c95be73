"""The Python binding's benchmark (make bench-python): its overhead over the
command on the same work, and its speed against what Python users run
today. Every figure is the median of RUNS runs, the two sides of a ratio
run in turn in the same session; the processor is named first.

  - overhead: nonet.count(path, limit=2), nonet.rate(path),
    nonet.generate(N) timed around the call, against the command doing
    the same (nonet count -l 2, nonet rate, nonet generate -n N, output to
    /dev/null), timed as a whole process; one thread and two;
  - counting to 2 against tdoku through ctypes, one call a puzzle
    (../shared/peers/tdoku_ctypes.py with PEERS/libtdoku_shared.so): the
    puzzles as a list of strings and as an array;
  - augmentation of (puzzle, solution) pairs with nonet.transform against
    ../shared/peers/augment_numpy.py (numpy, one pair at a time);
  - the peak memory of a 1M-puzzle batch (nonet.count on an array).

Usage: PYTHONPATH=python python3 bench/python.py [-r RUNS] [-q]
Environment: NONET (the command, default build/nonet), DATA (the puzzle
sets, default ../shared/data, else bench/data), PEERS (built peers,
default /tmp/peers), SHARED (default ../shared). Absent peers are
skipped, said so.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import nonet

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared"))
DATA = Path(os.environ.get("DATA", SHARED / "data"))
if not (DATA / "puzzles2_17_clue").exists():
    DATA = ROOT / "bench" / "data"
NONET = os.environ.get("NONET", str(ROOT / "build" / "nonet"))
PEERS = Path(os.environ.get("PEERS", "/tmp/peers"))
PY = sys.executable


def processor():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown processor"


def puzzles_of(path, limit=None):
    out = []
    with open(path) as f:
        for line in f:
            if len(line) >= 81 and line[0] != "#":
                out.append(line[:81])
                if limit and len(out) == limit:
                    break
    return out


def median_of(runs, fn):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def command_time(argv):
    def run():
        with open(os.devnull, "w") as null:
            subprocess.run(argv, stdout=null, stderr=subprocess.DEVNULL, check=False)
    return run


def pairs(runs, name, binding, command):
    """The two in turn, run by run; the medians and their ratio."""
    b, c = [], []
    binding()  # warm-up: caches, the first allocation
    command()
    for _ in range(runs):
        t = time.perf_counter()
        binding()
        b.append(time.perf_counter() - t)
        t = time.perf_counter()
        command()
        c.append(time.perf_counter() - t)
    mb, mc = statistics.median(b), statistics.median(c)
    print(f"{name:<40} {mb:9.3f} s {mc:9.3f} s   {mb / mc:6.3f}")


def overhead(runs):
    print(f"{'overhead: binding vs command':<40} {'binding':>11} {'command':>11}   ratio")
    seventeen = DATA / "puzzles2_17_clue"
    subset = Path("/tmp/nonet-bench-rate.txt")
    subset.write_text("\n".join(puzzles_of(seventeen, 10000)) + "\n")
    for j in (1, 2):
        pairs(runs, f"count -l 2, 17-clue, -j {j}",
              lambda: nonet.count(seventeen, limit=2, threads=j),
              command_time([NONET, "count", "-l", "2", "-j", str(j), str(seventeen)]))
    for j in (1, 2):
        pairs(runs, f"rate, 17-clue (first 10,000), -j {j}",
              lambda: nonet.rate(subset, threads=j),
              command_time([NONET, "rate", "-j", str(j), str(subset)]))
    for j in (1, 2):
        pairs(runs, f"generate -n 20000 (rot180, minimal), -j {j}",
              lambda: nonet.generate(20000, seed=1, threads=j),
              command_time([NONET, "generate", "-n", "20000", "--seed", "1", "-j", str(j)]))


def against_tdoku(runs):
    lib = PEERS / "libtdoku_shared.so"
    script = SHARED / "peers" / "tdoku_ctypes.py"
    seventeen = DATA / "puzzles2_17_clue"
    if not lib.exists() or not script.exists():
        print(f"tdoku through ctypes: skipped (no {lib}: ../shared/peers/build.sh builds it)")
        return
    lines = puzzles_of(seventeen)
    arr = nonet.read(lines).puzzles
    variants = [(f"{kind}, threads={j}", batch, j)
                for j in (1, 2) for kind, batch in (("list of str", lines), ("array", arr))]
    peer, ours = [], {name: [] for name, _, _ in variants}
    for _ in range(runs):  # in turn, run by run, as the machine's speed drifts
        err = subprocess.run([PY, str(script), str(lib), str(seventeen), "2"],
                             capture_output=True, text=True).stderr
        m = re.search(r"(\d+)/s", err)
        peer.append(int(m.group(1)) if m else 0)
        for name, batch, j in variants:
            t = time.perf_counter()
            nonet.count(batch, threads=j)
            ours[name].append(len(lines) / (time.perf_counter() - t))
    p = statistics.median(peer)
    print(f"{'count to 2, 17-clue, puzzles/s':<40} {'nonet':>11} {'tdoku':>11}   ratio")
    for name, _, _ in variants:
        m = statistics.median(ours[name])
        print(f"{name:<40} {m:11.0f} {p:11.0f}   {m / p:6.2f}")


def against_numpy(runs, n=100000):
    script = SHARED / "peers" / "augment_numpy.py"
    seventeen = DATA / "puzzles2_17_clue"
    try:
        import numpy  # noqa: F401 (the peer needs it)
    except ImportError:
        print("augmentation: skipped (no numpy)")
        return
    if not script.exists():
        print(f"augmentation: skipped (no {script})")
        return
    rates = []
    for _ in range(runs):
        out = subprocess.run([PY, str(script), str(seventeen), str(n)],
                             capture_output=True, text=True).stdout
        m = re.search(r"(\d+) pairs/s", out)
        rates.append(int(m.group(1)) if m else 0)
    peer = statistics.median(rates)
    lines = (puzzles_of(seventeen) * (n // 1000 + 1))[:n]
    puzzles = nonet.read(lines).puzzles
    solutions = nonet.solve(puzzles).solutions
    t = median_of(runs, lambda: nonet.transform(puzzles, seed=7, solutions=solutions))
    print(f"{'augment pairs/s (transform, solutions)':<40} {n / t:11.0f} {peer:11.0f}   "
          f"{n / t / peer:6.2f}")


def memory():
    """What counting a 1M-puzzle array adds to the process's peak: the
    array in is the caller's (not copied); out come the counts, the status
    and the messages (a list of None)."""
    code = (
        "import resource, sys, numpy, nonet\n"
        "small = numpy.asarray(nonet.read(__import__('pathlib').Path(sys.argv[1])).puzzles)\n"
        "a = numpy.tile(small, (1000000 // len(small) + 1, 1))[:1000000]\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "c = nonet.count(a, threads=2)\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(base, peak)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    out = subprocess.run([PY, "-c", code, str(DATA / "puzzles2_17_clue")], capture_output=True,
                         text=True, env=env).stdout.split()
    if len(out) == 2:
        base, peak = int(out[0]), int(out[1])
        print(f"{'1M-puzzle count: peak before, after':<40} {base / 1024:9.0f} MB "
              f"{peak / 1024:9.0f} MB   +{(peak - base) / 1024:.0f} MB for 1M counts (8 MB), "
              "status (1 MB), messages (8 MB)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-r", "--runs", type=int, default=5)
    ap.add_argument("-q", "--quick", action="store_true", help="overhead and peers only")
    args = ap.parse_args()
    print(f"python binding bench: {processor()}, {os.cpu_count()} CPUs, medians of {args.runs}")
    overhead(args.runs)
    against_tdoku(args.runs)
    against_numpy(args.runs)
    if not args.quick:
        memory()


if __name__ == "__main__":
    main()
