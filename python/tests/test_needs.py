"""generate(needs=): puzzles whose solving path needs a technique, as
``nonet generate --needs`` makes them. Each puzzle is checked here by
means of its own: a counter of solutions written below (not the
library's), the path as explain and rate walk it, and the position
before the technique replayed from explain's steps."""
import json
import re

import pytest

import nonet
from test_functions import cli

ALL = (1 << 9) - 1


def peers(c):
    r, k = divmod(c, 9)
    box = r // 3 * 3 * 9 + k // 3 * 3
    out = {r * 9 + j for j in range(9)} | {i * 9 + k for i in range(9)}
    out |= {box + i * 9 + j for i in range(3) for j in range(3)}
    out.discard(c)
    return out


PEERS = [peers(c) for c in range(81)]


def count_solutions(p, limit=2):
    """Solutions of p (a list of 81 ints), up to limit: a backtracking
    count over the rows', columns' and boxes' used digits, the cell of
    fewest candidates first."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    blanks = []
    for c, v in enumerate(p):
        r, k = divmod(c, 9)
        b = r // 3 * 3 + k // 3
        if not v:
            blanks.append((r, k, b))
            continue
        bit = 1 << (v - 1)
        if (rows[r] | cols[k] | boxes[b]) & bit:
            return 0
        rows[r] |= bit
        cols[k] |= bit
        boxes[b] |= bit
    found = 0

    def search(left):
        nonlocal found
        if not left:
            found += 1
            return
        best, best_free, best_n = 0, 0, 10
        for i, (r, k, b) in enumerate(left):
            free = ALL & ~(rows[r] | cols[k] | boxes[b])
            n = bin(free).count("1")
            if n < best_n:
                best, best_free, best_n = i, free, n
                if n <= 1:
                    break
        r, k, b = left[best]
        rest = left[:best] + left[best + 1:]
        while best_free and found < limit:
            bit = best_free & -best_free
            best_free ^= bit
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit
            search(rest)
            rows[r] ^= bit
            cols[k] ^= bit
            boxes[b] ^= bit

    search(blanks)
    return found


def test_the_counter_counts():
    solved = [int(ch) for ch in
              "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
    assert count_solutions(solved) == 1
    blank = list(solved)
    blank[0] = blank[1] = blank[9] = blank[10] = 0
    assert count_solutions(blank) == 1
    clash = list(blank)
    clash[0] = solved[2]  # r1c1 the digit of r1c3
    assert count_solutions(clash) == 0
    # an unavoidable rectangle (two rows of a band, two columns of two
    # stacks, digits x y / y x) blanked: two solutions
    for a in range(81):
        for b in range(a + 1, 81):
            ra, ca = divmod(a, 9)
            rb, cb = divmod(b, 9)
            if ra < rb and ca < cb and ra // 3 == rb // 3 and ca // 3 != cb // 3 and \
                    solved[rb * 9 + ca] == solved[a + cb - ca] and \
                    solved[rb * 9 + cb] == solved[a]:
                rect = list(solved)
                for c in (a, a + cb - ca, rb * 9 + ca, b):
                    rect[c] = 0
                assert count_solutions(rect) == 2
                assert count_solutions(rect, limit=1) == 1
                return
    pytest.fail("no unavoidable rectangle in the grid")


# SE's base difficulties (the ladder's, nonet.h)
BASE = {"x-wing": 3.2, "xy-wing": 4.2, "naked pair": 3.0, "jellyfish": 5.2,
        "aligned pair exclusion": 6.2, "x-cycle": 6.5}


def first_use(steps, technique):
    return next(i for i, s in enumerate(steps) if s.name == technique)


def replay(puzzle, steps):
    """The position (digits, candidate masks) after steps, from puzzle's
    own candidates: each placement fills its cell and takes its digit from
    the cell's peers, each elimination takes its candidate."""
    grid = list(puzzle)
    marks = [0] * 81
    for c in range(81):
        if grid[c]:
            marks[c] = 1 << (grid[c] - 1)
        else:
            marks[c] = ALL
            for q in PEERS[c]:
                if grid[q]:
                    marks[c] &= ~(1 << (grid[q] - 1))
    for s in steps:
        for r, k, d in s.placements:
            c = r * 9 + k
            grid[c] = d
            marks[c] = 1 << (d - 1)
            for q in PEERS[c]:
                if not grid[q]:
                    marks[q] &= ~(1 << (d - 1))
        for r, k, d in s.eliminations:
            marks[r * 9 + k] &= ~(1 << (d - 1))
    return grid, marks


def check_puzzles(g, technique, hardest):
    tid = nonet.TECHNIQUES.index(technique)
    assert [nonet.STATUS[v] for v in g.status] == ["unique"] * len(g.status), g.messages
    rated = nonet.rate(g.puzzles) if hardest else None
    for i, p in enumerate(g.puzzles.tolist()):
        assert count_solutions(p) == 1
        assert g.clues[i] == sum(1 for v in p if v)
        # the ladder's path; past the technique, a puzzle may need the
        # deepest chains: its base difficulty as the ceiling leaves the
        # path the same up to there, and stuck before it if a harder step
        # came first
        steps = nonet.explain(g.puzzles.strings()[i],
                              ceiling=None if hardest else BASE[technique]).steps
        first = first_use(steps, technique)  # in the path
        # nothing harder before it
        assert all(s.technique <= tid for s in steps[:first]), \
            [s.name for s in steps[:first] if s.technique > tid]
        if hardest:
            assert nonet.TECHNIQUES[rated.hardest[i]] == technique
            assert nonet.STATUS[rated.status[i]] == "unique"
            assert g.ratings[i] == rated.ratings[i]
        else:
            assert g.ratings[i] != g.ratings[i]  # NaN: not rated
        if g.position is not None:
            grid, marks = replay(p, steps[:first])
            assert g.position.grids[i] == grid
            assert g.position.marks[i] == marks
            h = nonet.hint(g.position.grids.strings()[i], g.position.marks[i])
            assert h.step.name == technique


@pytest.mark.parametrize("technique,hardest,seed", [
    ("x-wing", False, 3),
    ("xy-wing", False, 5),
    ("naked pair", True, 7),
    ("jellyfish", False, 11),
    ("aligned pair exclusion", True, 13),
    ("x-cycle", True, 17),
])
def test_needs(technique, hardest, seed):
    g = nonet.generate(5, seed=seed, needs=technique, hardest=hardest, position=True, threads=2)
    assert g.seed == seed and g.puzzles.shape == (5, 81)
    check_puzzles(g, technique, hardest)
    # the positions' rounds: the ladder's, the same for every symmetry of
    # one dug puzzle, and more than none
    assert all(r > 0 for r in g.position.rounds)


def test_needs_is_the_command():
    g = nonet.generate(6, seed=2026, needs="x-wing", position=True, threads=2)
    assert g.puzzles.strings() == cli("generate", "--needs", "x-wing", "--seed", "2026",
                                      "-n", "6").split()
    out = cli("generate", "--needs", "xyz-wing", "--hardest", "--seed", "9", "--from", "30",
              "-n", "4", "--position", "-f", "json")
    records = [json.loads(line) for line in out.splitlines()]
    h = nonet.generate(4, seed=9, first=30, needs="XYZ-Wing", hardest=True, position=True,
                       threads=1)
    assert h.puzzles.strings() == [r["puzzle"] for r in records]
    assert h.ratings.tolist() == [r["rating"] for r in records]
    assert h.position.grids.strings() == [r["result"] for r in records]
    for i, r in enumerate(records):
        marks = [sum(1 << (d - 1) for d in range(1, 10) if r["marks"][c * 9 + d - 1] != ".")
                 for c in range(81)]
        assert h.position.marks[i] == marks
    # the command's comment names the technique's round, one after them
    rounds = re.findall(r"^# position before x-wing, round (\d+)$",
                        cli("generate", "--needs", "x-wing", "--seed", "2026", "-n", "6",
                            "--position"), re.M)
    assert [int(r) - 1 for r in rounds] == g.position.rounds.tolist()
    # a part of a run is the same puzzles as the run; any threads
    part = nonet.generate(3, seed=2026, first=4, needs="x-wing")
    assert part.puzzles.tolist() == g.puzzles.tolist()[3:]
    assert part.position is None
    assert nonet.generate(6, seed=2026, needs="x-wing", threads=1).puzzles.tolist() == \
        g.puzzles.tolist()


def test_needs_arguments():
    with pytest.raises(ValueError, match="x-wing, hidden pair"):
        nonet.generate(1, seed=1, needs="xwing")
    with pytest.raises(TypeError, match="needs"):
        nonet.generate(1, seed=1, needs=3)
    for kw in ({"symmetry": "rot180"}, {"clues": 25}, {"level": "hard"}, {"size": "3x3"},
               {"strict": True}, {"rating": (2.0, 4.0)}, {"max_clues": 30}):
        with pytest.raises(ValueError, match="needs makes 9x9 puzzles"):
            nonet.generate(1, seed=1, needs="x-wing", **kw)
    for kw in ({"hardest": True}, {"position": True}):
        with pytest.raises(ValueError, match="go with needs"):
            nonet.generate(1, seed=1, **kw)
    with pytest.raises(TypeError, match="hardest"):
        nonet.generate(1, seed=1, needs="x-wing", hardest="yes")
    assert nonet.generate(1, seed=1, needs="x-wing", symmetry="none").status[0] == nonet.UNIQUE
    assert nonet.generate(0, seed=1, needs="x-wing", position=True).position.rounds.tolist() == []
