"""Builds a Sudoku dataset for machine learning, end to end, like
Sudoku-Extreme's builder: puzzles generated at chosen SE ratings, each with
its solution and rating; duplicates up to symmetry removed (canonical
forms); a train/test split in which no test puzzle is equivalent to a
train puzzle; the train pairs augmented with random symmetries of the grid
(the same transform on puzzle and solution); written as N x 81 uint8
arrays (.npy) and as CSV in nonet's schema (puzzle, solution, rating, ...).

    PYTHONPATH=python python3 python/examples/dataset.py -n 100000 --seed 1 out/

Everything comes from the seed: the same command makes the same files on
any machine and with any --threads.
"""
import argparse
import os
import time

import numpy as np

import nonet


def build(count, seed, out, rating=None, test_fraction=0.1, augment=1, threads=0, log=print):
    """Writes the dataset into the folder out; returns the sizes of its
    parts."""
    t0 = time.perf_counter()

    def step(what):
        log("%8.1f s  %s" % (time.perf_counter() - t0, what))

    os.makedirs(out, exist_ok=True)
    # 1. puzzles with their solutions, minimal, rot180 (nonet generate's)
    g = nonet.generate(count, seed=seed, rating=rating, threads=threads)
    made = np.asarray(g.status) == nonet.UNIQUE
    puzzles = np.asarray(g.puzzles)[made]
    solutions = np.asarray(g.solutions)[made]
    step("generated %d puzzles" % len(puzzles))
    # 2. their SE ratings (generate rated them already when asked for a range)
    if rating is None:
        rated = nonet.rate(puzzles, threads=threads)
        ratings = np.asarray(rated.ratings)
        hardest = np.asarray(rated.hardest)
    else:
        ratings = np.asarray(g.ratings)[made]
        hardest = np.asarray(nonet.rate(puzzles, threads=threads).hardest)
    step("rated them")
    # 3. one puzzle of each class of equivalent puzzles: equal canonical forms
    forms = np.ascontiguousarray(np.asarray(nonet.canon(puzzles, threads=threads).forms))
    _, first = np.unique(forms.view(np.dtype((np.void, forms.shape[1]))), return_index=True)
    keep = np.sort(first)
    puzzles, solutions, ratings, hardest, forms = (
        puzzles[keep], solutions[keep], ratings[keep], hardest[keep], forms[keep])
    step("%d left apart from equivalent ones" % len(puzzles))
    # 4. the split: forms are now distinct, so no test puzzle is equivalent
    # to a train puzzle, and the train set's isomorphs keep its forms
    rng = np.random.default_rng(seed)
    test = rng.random(len(puzzles)) < test_fraction
    train = ~test
    # 5. augmentation: `augment` isomorphs of each train pair, each from the
    # seed's stream of transforms (the k-th copy starts at k * count + 1)
    train_p, train_s = puzzles[train], solutions[train]
    aug_p, aug_s, aug_r, aug_h = [train_p], [train_s], [ratings[train]], [hardest[train]]
    for k in range(augment):
        t = nonet.transform(train_p, seed=seed, first=k * count + 1, solutions=train_s)
        aug_p.append(np.asarray(t.isomorphs))
        aug_s.append(np.asarray(t.solutions))
        aug_r.append(aug_r[0])
        aug_h.append(aug_h[0])
    step("augmented the train set %d times" % augment)
    sizes = {}
    for name, (p, s, r, h) in {
            "train": (np.concatenate(aug_p), np.concatenate(aug_s), np.concatenate(aug_r),
                      np.concatenate(aug_h)),
            "test": (puzzles[test], solutions[test], ratings[test], hardest[test])}.items():
        np.save(os.path.join(out, name + "_puzzles.npy"), p)
        np.save(os.path.join(out, name + "_solutions.npy"), s)
        np.save(os.path.join(out, name + "_ratings.npy"), r)
        nonet.write_csv(os.path.join(out, name + ".csv"), p, solution=s, rating=r, hardest=h,
                        source=["nonet seed %d" % seed] * len(p))
        sizes[name] = len(p)
    step("wrote %s" % ", ".join("%s: %d" % kv for kv in sizes.items()))
    return sizes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="the folder to write")
    ap.add_argument("-n", "--count", type=int, default=10000, help="puzzles to generate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rating", help="MIN-MAX on SE's scale (default: any)")
    ap.add_argument("--test", type=float, default=0.1, help="the test set's share")
    ap.add_argument("--augment", type=int, default=1, help="isomorphs of each train pair")
    ap.add_argument("-j", "--threads", type=int, default=0)
    a = ap.parse_args()
    rating = tuple(float(x) for x in a.rating.split("-")) if a.rating else None
    build(a.count, a.seed, a.out, rating, a.test, a.augment, a.threads)


if __name__ == "__main__":
    main()
