"""Generation and rating spread over a Dask cluster: the puzzles are
indices of one seed's stream, so a part is (seed, first, count) and any
split of the work, over any number of machines, makes the same puzzles
as one `nonet.generate(count, seed)` (and as `nonet generate -n COUNT
--seed SEED`). Each task rates its own part, so nothing but results
travels back.

    PYTHONPATH=python python3 python/examples/dask_generate.py 100000 --seed 1
    # on a cluster: Client("scheduler-address:8786") instead of LocalCluster;
    # every worker needs nonet importable (the same build on each)

Needs Dask's distributed (Debian: python3-distributed) and numpy.
"""
import argparse

import numpy as np

import nonet


def part(seed, first, count, options):
    """One task: puzzles first .. first+count-1 of seed's stream, with
    their solutions and SE ratings, as numpy arrays (they pickle)."""
    g = nonet.generate(count, seed=seed, first=first, threads=1, **options)
    r = nonet.rate(g.puzzles, threads=1)
    return (np.asarray(g.puzzles), np.asarray(g.solutions), np.asarray(r.ratings),
            np.asarray(g.status))


def generate_on(client, count, seed, chunk=10000, **options):
    """count puzzles of seed's stream generated and rated on client's
    workers, chunk at a time; returns (puzzles, solutions, ratings,
    status) in stream order, whatever the chunk."""
    futures = [client.submit(part, seed, first, min(chunk, count - first + 1), options,
                             pure=False)
               for first in range(1, count + 1, chunk)]
    parts = client.gather(futures)
    if not parts:
        empty = nonet.generate(0, seed=seed, **options)
        return tuple(np.asarray(a) for a in (empty.puzzles, empty.solutions, empty.ratings,
                                             empty.status))
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(4))


def main():
    from dask.distributed import Client, LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=10000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    with LocalCluster(n_workers=a.workers, threads_per_worker=1) as cluster, \
            Client(cluster) as client:
        puzzles, solutions, ratings, status = generate_on(client, a.count, a.seed, a.chunk)
    print("%d puzzles, ratings %.1f to %.1f" % (len(puzzles), np.nanmin(ratings),
                                                 np.nanmax(ratings)))


if __name__ == "__main__":
    main()
