"""Hints in three levels (hint(level=)): level 1 the technique and where
to look, 2 the pattern's cells and candidates, 3 the move; levels 1 and 2
never hold a candidate the step places or eliminates, checked here against
the step's own placements and eliminations (the level-3 Step)."""
import os
import re

import pytest

import nonet
from test_nonet import DATA

CLASSIC = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
           ".6....28....419..5....8..79")


def positions():
    """An x-wing's position, then a forcing x-chain's (729 characters)."""
    return [line.strip() for line in open(os.path.join(DATA, "hint_positions.txt"))
            if not line.startswith("#") and len(line.strip()) == 729]


def concluded(step):
    """{(row, column): digits} the step places or eliminates, from 0."""
    out = {}
    for r, c, d in step.placements + step.eliminations:
        out.setdefault((r, c), set()).add(d)
    return out


def cell_of(name):
    r, c = re.fullmatch(r"r(\d+)c(\d+)", name).groups()
    return int(r) - 1, int(c) - 1


def leaks(hint, answer):
    """What of the answer a level-1 or level-2 hint gives away, or None."""
    if "placements" in hint or "eliminations" in hint:
        return "the conclusion's lists"
    for item in hint.get("cells", []):
        if set(item["digits"]) & answer.get(cell_of(item["cell"]), set()):
            return "a concluded candidate: %r" % item
    if "<>" in hint["text"] or ", so " in hint["text"]:
        return "a removal in words"
    for m in re.finditer(r"r(\d+)c(\d+)(\{(\w+)\}| ?=)?", hint["text"]):
        cell = (int(m.group(1)) - 1, int(m.group(2)) - 1)
        if m.group(3) and "=" in m.group(3):
            return "a placement in words"
        if m.group(4) and {int(d) for d in m.group(4)} & answer.get(cell, set()):
            return "a concluded candidate in words"
    return None


@pytest.mark.parametrize("position", [CLASSIC] + positions())
def test_levels(position):
    full = nonet.hint(position)
    three = nonet.hint(position, level=3)
    assert three.step.text == full.step.text and three.hint["text"] == full.step.text
    assert three.hint["level"] == 3 and three.hint["eliminations"] == \
        full.step.record["eliminations"]
    answer = concluded(full.step)
    pattern = {cell_of(p["cell"]) for p in full.step.record["pattern"] if p["role"] != "target"}
    for level in (1, 2):
        h = nonet.hint(position, level=level)
        assert h.step is None and nonet.STATUS[h.status] == "unique" and h.message is None
        assert h.hint["level"] == level and h.hint["technique"] == full.step.name
        assert leaks(h.hint, answer) is None, leaks(h.hint, answer)
        # the region holds every cell of the pattern
        region = h.hint["region"]
        kinds = {"row": 0, "column": 1, "box": 2}
        houses = [(kinds[k], int(i) - 1) for k, i in (x.split() for x in region["houses"])]

        def inside(cell):
            r, c = cell
            return region["kind"] == "grid" or any(
                (k, i) in houses for k, i in ((0, r), (1, c), (2, r // 3 * 3 + c // 3)))
        cells = pattern | {cell_of(i["cell"]) for i in h.hint.get("cells", [])}
        assert all(inside(c) for c in cells), (region, cells)
        if level == 1:
            assert "cells" not in h.hint and not re.search(r"r\d+c\d+", h.hint["text"])
            assert h.hint["text"].endswith(": look at " + region["name"])
    two = nonet.hint(position, level=2).hint
    if full.step.record.get("chain") is None:  # a chain adds its nodes' cells
        assert {cell_of(i["cell"]) for i in two["cells"]} == pattern


def test_words():
    x_wing, chain = positions()
    assert nonet.hint(x_wing, level=1).hint["text"] == "x-wing: look at columns 1 and 6"
    assert nonet.hint(x_wing, level=2).hint["text"] == (
        "x-wing: the 5s of columns 1 and 6 lie in rows 1 and 8 only (r1c1, r8c1, r1c6, r8c6)")
    assert nonet.hint(chain, level=1).hint["region"] == {
        "kind": "rows", "houses": ["row 5", "row 9"], "name": "rows 5 and 9"}
    cells = nonet.hint(chain, level=2).hint["cells"]
    assert [c["cell"] for c in cells] == ["r5c2", "r5c7", "r9c7", "r9c3"]
    assert all(c["role"] == "chain" and c["digits"] == [2] for c in cells)


def test_no_step_and_bad_levels():
    solved = nonet.format(nonet.solve([CLASSIC]).solutions)
    h = nonet.hint(solved, level=1)
    assert h.step is None and h.hint is None and nonet.STATUS[h.status] == "solved"
    for bad in (0, 4, True, "1", 1.0):
        with pytest.raises((ValueError, TypeError), match="level"):
            nonet.hint(CLASSIC, level=bad)
