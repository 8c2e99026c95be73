"""A step's record (Step.record): the same dict as the command's JSON, with
the pattern's roles and a chain's graph, its links checked here against
their definitions on the position the step was found in."""
import os

import nonet
from test_nonet import DATA


def positions(kind):
    """The 729-character positions of tests/data/nested_positions.txt whose
    header names kind."""
    out, want = [], False
    for line in open(os.path.join(DATA, "nested_positions.txt")):
        if line.startswith("#"):
            want = kind in line
        elif want and len(line.strip()) == 729:
            out.append(line.strip())
    return out


def candidates(position):
    """Each cell's candidates (a set of digits) of a 729-character position."""
    return [{int(ch) for ch in position[9 * c:9 * c + 9] if ch != "."} for c in range(81)]


def cell_of(name):
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def houses(cell):
    r, c = divmod(cell, 9)
    return {("row", r), ("column", c), ("box", r // 3 * 3 + c // 3)}


def house_cells(kind, k):
    if kind == "row":
        return [k * 9 + c for c in range(9)]
    if kind == "column":
        return [r * 9 + k for r in range(9)]
    return [(k // 3 * 3 + i // 3) * 9 + k % 3 * 3 + i % 3 for i in range(9)]


def check_chain(record, cands):
    """Every link of the record's chain, against the position; returns the
    number of links checked."""
    links = 0
    for branch in record["chain"]["branches"]:
        assert "link" not in branch[0] and "parents" not in branch[0]
        for i, node in enumerate(branch[1:], 1):
            parents = node["parents"]
            assert parents and all(0 <= p < i for p in parents)
            first = branch[parents[0]]
            a, b = cell_of(first["cell"]), cell_of(node["cell"])
            da, db = first["digit"], node["digit"]
            assert db in cands[b]
            links += 1
            if node["link"] == "strong":
                assert len(parents) == 1 and not first["on"] and node["on"]
                if a == b:
                    assert cands[a] == {da, db}
                else:
                    kind, k = node["house"].split()
                    cells = house_cells(kind, int(k) - 1)
                    assert da == db and a in cells and b in cells
                    assert [c for c in cells if db in cands[c]] == sorted((a, b))
            elif node["link"] == "weak":
                assert len(parents) == 1 and first["on"] and not node["on"]
                assert (a == b and da != db) or (da == db and houses(a) & houses(b))
            else:
                assert node["link"] == "implied"
                assert node["by"] in ("cell", "house", "rule", "chain")
                assert not any(branch[p]["on"] for p in parents)
                off = {(cell_of(branch[p]["cell"]), branch[p]["digit"]) for p in parents}
                if node["by"] == "cell":
                    assert node["on"] and {(b, d) for d in cands[b] - {db}} <= off
                elif node["by"] == "house":
                    kind, k = node["house"].split()
                    others = [c for c in house_cells(kind, int(k) - 1) if c != b and db in cands[c]]
                    assert node["on"] and {(c, db) for c in others} <= off
                else:
                    assert not node["on"]
    return links


def test_nested_chain_record():
    position = positions("nested multiple forcing chains")[0]
    step = nonet.hint(position).step
    record = step.record
    assert record["technique"] == step.name and record["text"] == step.text
    assert record["chain"]["complexity"] > 0 and record["chain"]["kind"]
    assert [p["role"] for p in record["pattern"]] == ["target"] * len(record["pattern"])
    assert check_chain(record, candidates(position)) > 10
    links = [n.get("link") for b in record["chain"]["branches"] for n in b]
    assert "strong" in links and "weak" in links and "implied" in links


def test_records_of_a_whole_explanation():
    y_cycle = ("..14.7...5.....6.....8.....4.86...7.....2.3..........."
               "63..5...........41.2.......")
    steps = nonet.explain(y_cycle).steps
    kinds = set()
    for step in steps:
        record = step.record
        assert record["technique"] == step.name and record["text"] == step.text
        assert len(record["pattern"]) == len(step.cells)
        assert all(p["role"] for p in record["pattern"])
        named = [(h["house"].split()[0], int(h["house"].split()[1]) - 1) for h in record["houses"]]
        assert set(step.units) <= set(named)
        if "chain" in record:
            kinds.add(record["chain"]["kind"])
            for branch in record["chain"]["branches"]:
                for i, node in enumerate(branch):
                    assert all(p < i for p in node.get("parents", []))
    assert "cycle" in kinds
    wing = [s for s in steps if s.name == "xy-wing"]
    for s in wing:
        assert [p["role"] for p in s.record["pattern"]] == ["pivot", "pincer", "pincer"]


def test_hint_record_matches_the_command():
    h = nonet.hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                   ".6....28....419..5....8..79")
    assert h.step.record["placements"] == [{"cell": "r1c6", "digit": 8}]
    assert h.step.record["houses"] == [{"house": "box 2", "role": "unit"}]
