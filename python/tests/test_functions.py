"""rate, trajectories, explain, hint, generate, minimize, canon, transform,
invert, check: batch and single, every size class, bad input, and the same
results as the command line where the issue asks for them. Results are
checked here by the rules (and transforms by an implementation of their
definition here), not by the code under test."""
import os
import random
import subprocess

import pytest

import nonet
from test_nonet import CLASSIC, TWO, NONE, CLASH, DATA, cells, solves

try:
    import numpy
except ImportError:
    numpy = None

NONET = os.environ.get("NONET") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "nonet")


def cli(*args, text=""):
    """The command's output, or skip where the command is not built."""
    if not os.path.exists(NONET):
        pytest.skip("no nonet command at " + NONET)
    return subprocess.run([NONET, *args], input=text, capture_output=True, text=True).stdout


def se_lines(k):
    out = []
    for line in open(os.path.join(DATA, "se_ratings.txt")):
        if line[0] != "#" and line.strip():
            out.append(line.split()[0])
    return out[:k]


def apply_moves(puzzle, moves, length):
    """The grid after placing moves[:length] in order, each on a blank."""
    grid = list(puzzle)
    n = int(len(grid) ** 0.5)
    for row, col, digit, technique in moves[:length]:
        assert grid[row * n + col] == 0, "a move on a filled cell"
        assert 0 <= technique < len(nonet.TECHNIQUES)
        grid[row * n + col] = digit
    assert all(m == [-1, -1, -1, -1] for m in moves[length:]), "padding"
    return grid


def apply_transform(t, grid, box_rows, box_cols):
    """The definition: cell (i, j) of the result is digit[h(row[i],
    col[j])], h the grid, transposed first when t says so."""
    n = box_rows * box_cols
    transpose, row, col = t[0], t[1:1 + n], t[1 + n:1 + 2 * n]
    digit = [0] + list(t[1 + 2 * n:1 + 3 * n])
    out = []
    for i in range(n):
        for j in range(n):
            r, c = row[i], col[j]
            out.append(digit[grid[c * n + r] if transpose else grid[r * n + c]])
    return out


# ---------------------------------------------------------------- rate


def test_rate_agrees_with_the_command():
    lines = se_lines(40)
    r = nonet.rate(lines, threads=2)
    out = cli("rate", text="\n".join(lines) + "\n").splitlines()
    assert len(out) == len(lines)
    for i, line in enumerate(out):
        if line.split()[0].endswith("+"):
            assert nonet.STATUS[r.status[i]] == "stuck"
        else:
            assert "%.1f" % r.ratings[i] == line.split()[0]
            assert line.split(" ", 1)[1].startswith(nonet.TECHNIQUES[r.hardest[i]])


def test_rate_statuses_and_ceiling():
    r = nonet.rate([CLASSIC, TWO, NONE, CLASH, "junk"])
    assert [nonet.STATUS[v] for v in r.status] == [
        "unique", "multiple", "no solution", "invalid", "error"]
    assert r.ratings[0] == 1.2 and all(x != x for x in r.ratings[1:])  # NaN
    assert list(r.hardest)[1:] == [-1] * 4 and r.steps[0] == 51
    assert r.messages[1] and r.messages[3].startswith("digit 5")
    hard = [l for l, v in zip(se_lines(200), nonet.rate(se_lines(200)).ratings) if v > 7][:3]
    assert hard, "the sample has puzzles above 7.0"
    low = nonet.rate(hard, ceiling=3.0)
    assert all(nonet.STATUS[v] == "stuck" for v in low.status)
    assert all(3.0 < x <= 11.0 for x in low.at_least)
    assert all("the next one needs" in m for m in low.messages)
    with pytest.raises(ValueError):
        nonet.rate([CLASSIC], ceiling=0.5)


# ---------------------------------------------------------------- trajectories, explain, hint


def test_trajectories_fill_the_grid_by_the_rules():
    lines = se_lines(30)
    t = nonet.trajectories(lines, threads=2)
    assert t.moves.shape == (30, 81, 4) and t.moves.format == "h"
    moves = t.moves.tolist()
    rated = nonet.rate(lines)
    for i, p in enumerate(lines):
        if nonet.STATUS[t.status[i]] == "stuck":
            assert t.lengths[i] < p.count(".")
            continue
        assert nonet.STATUS[t.status[i]] == "unique"
        assert t.lengths[i] == p.count(".")
        assert solves(cells(p), apply_moves(cells(p), moves[i], t.lengths[i]))
        assert t.ratings[i] == rated.ratings[i]


def test_trajectories_of_other_sizes_and_failures():
    g = nonet.generate(3, seed=5, size="2x3")
    t = nonet.trajectories(g.puzzles)
    assert t.moves.shape == (3, 36, 4)
    for p, m, k in zip(g.puzzles.tolist(), t.moves.tolist(), t.lengths.tolist()):
        assert solves(p, apply_moves(p, m, k), 2, 3)
    bad = nonet.trajectories([TWO, CLASH, "?"])
    assert [nonet.STATUS[v] for v in bad.status] == ["multiple", "invalid", "error"]
    assert list(bad.lengths) == [0, 0, 0]
    assert bad.moves.tolist()[0] == [[-1] * 4] * 81


def test_explain_steps_match_the_trajectory():
    p = se_lines(3)[2]
    e = nonet.explain(p)
    t = nonet.trajectories([p])
    placed = [list(pl) for s in e.steps for pl in s.placements]
    assert nonet.STATUS[e.status] == "unique" and e.message is None
    order = [m[:3] for m in t.moves.tolist()[0][:t.lengths[0]]]
    seen, firsts = set(), []
    for r, c, d in placed:  # a cell placed again by a later step of its round
        if (r, c) not in seen:
            seen.add((r, c))
            firsts.append([r, c, d])
    assert firsts == order
    assert solves(cells(p), e.solution.tolist()[0])
    for s in e.steps:
        assert s.name == nonet.TECHNIQUES[s.technique] and s.text and s.rating >= 1.0
        assert all(0 <= r < 9 and 0 <= c < 9 and 1 <= d <= 9 for r, c, d in s.eliminations)
        assert all(kind in ("row", "column", "box") and 0 <= k < 9 for kind, k in s.units)
    assert max(s.rating for s in e.steps) == nonet.rate([p]).ratings[0]


def test_explain_and_hint_one_puzzle_only():
    with pytest.raises(ValueError):
        nonet.explain([CLASSIC, TWO])
    with pytest.raises(ValueError):
        nonet.hint("")
    assert nonet.STATUS[nonet.explain(TWO).status] == "multiple"
    with pytest.raises(ValueError):
        nonet.explain("junk")  # no puzzle at all: the argument is wrong
    bad = nonet.explain(CLASSIC[:40] + "x" + CLASSIC[41:])  # a puzzle, unreadable
    assert nonet.STATUS[bad.status] == "error" and bad.message
    e = nonet.explain([CLASSIC])  # a list of one is one puzzle
    assert len(e.steps) == 51


def test_hint_follows_the_solution():
    solution = nonet.solve([CLASSIC]).solutions.tolist()[0]
    assert solves(cells(CLASSIC), solution)
    h = nonet.hint(CLASSIC)
    assert nonet.STATUS[h.status] == "unique"
    (r, c, d), = h.step.placements
    assert solution[r * 9 + c] == d and cells(CLASSIC)[r * 9 + c] == 0
    done = nonet.hint(nonet.format(nonet.solve([CLASSIC]).solutions))
    assert done.step is None and nonet.STATUS[done.status] == "solved"


def test_hint_with_pencil_marks():
    marks_text = open(os.path.join(DATA, "marks.txt")).read().split("\n\n")[0]  # the first
    h = nonet.hint(marks_text)
    assert h.step is not None
    # the same marks as an argument: a str of digits a cell
    rows = [l.split() for l in marks_text.splitlines() if l and l[0] != "#"][:9]
    marks = [cell for row in rows for cell in row]
    grid = "".join(m if len(m) == 1 else "." for m in marks)
    again = nonet.hint(grid, marks=marks)
    assert again.step.text == h.step.text
    bits = [sum(1 << (int(ch) - 1) for ch in m) for m in marks]
    assert nonet.hint(grid, marks=bits).step.text == h.step.text
    with pytest.raises(ValueError):
        nonet.hint(grid, marks=marks[:80])
    with pytest.raises(ValueError):
        nonet.hint(grid, marks=["0"] * 81)
    wrong = list(marks)
    wrong[0] = "9" if marks[0] != "9" else "8"  # a clue's own digit left out
    assert nonet.STATUS[nonet.hint(grid, marks=wrong).status] in ("invalid", "no solution")


# ---------------------------------------------------------------- generate, minimize


def test_generate_is_the_command():
    g = nonet.generate(6, seed=42, threads=2)
    assert g.seed == 42
    assert g.puzzles.strings() == cli("generate", "-n", "6", "--seed", "42").split()
    part = nonet.generate(3, seed=42, first=4, threads=1)
    assert part.puzzles.tolist() == g.puzzles.tolist()[3:]
    for p, s, k in zip(g.puzzles.tolist(), g.solutions.tolist(), g.clues.tolist()):
        assert solves(p, s) and k == sum(1 for v in p if v)
        assert all(p[i] == p[80 - i] or (p[i] and p[80 - i]) for i in range(81))  # rot180
        assert all(bool(p[i]) == bool(p[80 - i]) for i in range(81))
    assert list(nonet.count(g.puzzles).counts) == [1] * 6
    assert all(x != x for x in g.ratings)  # not rated unless asked


def test_generate_levels_sizes_and_options():
    g = nonet.generate(3, seed=8, level="hard", size="2x3", symmetry="none")
    out = cli("generate", "-n", "3", "--seed", "8", "--level", "hard", "-s", "2x3",
              "--symmetry", "none")
    assert nonet.read(out).puzzles.tolist() == g.puzzles.tolist()
    assert g.puzzles.size == "2x3" and all(1.6 <= r <= 2.5 for r in g.ratings)
    r = nonet.generate(2, seed=3, rating=(2.0, 4.0))
    assert all(2.0 <= x <= 4.0 for x in r.ratings)
    assert list(nonet.rate(r.puzzles).ratings) == list(r.ratings)
    c = nonet.generate(2, seed=1, clues=30)
    assert list(c.clues) == [30, 30]
    sixteen = nonet.generate(1, seed=2, size="4x4", clues=160)
    assert sixteen.puzzles.shape == (1, 256)
    assert solves(sixteen.puzzles.tolist()[0], sixteen.solutions.tolist()[0], 4, 4)
    fresh = nonet.generate(1)
    assert isinstance(fresh.seed, int) and fresh.puzzles.shape == (1, 81)
    for bad in ({"level": "hardest"}, {"symmetry": "spiral"}, {"clues": 5},
                {"level": "hard", "rating": (1.0, 2.0)}, {"size": "2x3", "symmetry": "rot90"},
                {"first": 0}):
        with pytest.raises(ValueError):
            nonet.generate(1, seed=1, **bad)
    assert len(nonet.generate(0, seed=1).puzzles) == 0


def test_minimize():
    full = nonet.generate(2, seed=4, symmetry="none")
    sols = full.solutions.tolist()
    # a puzzle with extra clues from its solution: minimize takes them away
    padded = []
    for p, s in zip(full.puzzles.tolist(), sols):
        q = list(p)
        for i in range(0, 81, 7):
            q[i] = s[i]
        padded.append("".join(str(v) if v else "." for v in q))
    m = nonet.minimize(padded)
    for q, out, s in zip(padded, m.puzzles.tolist(), sols):
        assert all(v == 0 or v == int(ch) for v, ch in zip(out, q) if ch != ".")
        assert sum(1 for v in out if v) < sum(1 for ch in q if ch != ".")
        assert solves(out, s)
    assert list(nonet.count(m.puzzles).counts) == [1, 1]
    one = m.puzzles.tolist()[0]
    for i in [i for i, v in enumerate(one) if v][:8]:  # minimal: no clue can go
        fewer = list(one)
        fewer[i] = 0
        assert nonet.count([fewer_str(fewer)]).counts[0] == 2
    f = nonet.minimize([TWO, CLASH, NONE, "x"])
    assert [nonet.STATUS[v] for v in f.status] == ["multiple", "invalid", "no solution", "error"]
    with pytest.raises(ValueError):
        nonet.minimize([CLASSIC], symmetry="random")


def fewer_str(grid):
    return "".join(str(v) if v else "." for v in grid)


# ---------------------------------------------------------------- canon, transform


def test_canon_is_the_command_and_the_same_for_isomorphs():
    lines = se_lines(20)
    c = nonet.canon(lines, threads=2)
    assert c.forms.strings() == cli("canon", text="\n".join(lines) + "\n").split()
    t = nonet.transform(lines, seed=77)
    assert nonet.canon(t.isomorphs).forms.tolist() == c.forms.tolist()
    for p, f, tr in zip(lines, c.forms.tolist(), c.transforms.tolist()):
        assert apply_transform(tr, cells(p), 3, 3) == f
    assert all(a >= 1 for a in c.automorphisms)
    assert nonet.canon(["." * 80 + "1"]).automorphisms[0] > 1


def test_transform_is_the_command_and_inverts():
    lines = se_lines(12)
    t = nonet.transform(lines, seed=9)
    assert t.isomorphs.strings() == cli("transform", "--seed", "9",
                                        text="\n".join(lines) + "\n").split()
    for p, iso, tr in zip(lines, t.isomorphs.tolist(), t.transforms.tolist()):
        assert apply_transform(tr, cells(p), 3, 3) == iso
    back = nonet.transform(t.isomorphs, transforms=nonet.invert(t.transforms))
    assert back.isomorphs.strings() == lines
    texts = nonet.transform_text(t.transforms)
    assert nonet.transform(lines, transforms=texts).isomorphs.tolist() == t.isomorphs.tolist()
    assert nonet.transform(lines[:1], transforms=texts[0]).isomorphs.tolist()[0] == \
        t.isomorphs.tolist()[0]
    split = nonet.transform(lines[6:], seed=9, first=7)
    assert split.isomorphs.tolist() == t.isomorphs.tolist()[6:]


def test_transform_solutions_alike_every_shape():
    for shape in ("2x2", "2x3", "3x2", "3x3", "4x4"):
        br, bc = map(int, shape.split("x"))
        g = nonet.generate(3, seed=6, size=shape, clues=(br * bc) ** 2 // 2)
        t = nonet.transform(g.puzzles, seed=1, solutions=g.solutions)
        assert t.isomorphs.size == shape and t.solutions.size == shape
        for p, s, tr in zip(t.isomorphs.tolist(), t.solutions.tolist(), t.transforms.tolist()):
            assert solves(p, s, br, bc), shape
        for p, iso, tr in zip(g.puzzles.tolist(), t.isomorphs.tolist(), t.transforms.tolist()):
            assert apply_transform(tr, p, br, bc) == iso
        inv = nonet.invert(t.transforms)
        assert nonet.transform(t.solutions, transforms=inv).isomorphs.tolist() == \
            g.solutions.tolist()


def test_bad_transforms():
    with pytest.raises(ValueError):
        nonet.transform([CLASSIC])  # neither
    with pytest.raises(ValueError):
        nonet.transform([CLASSIC], seed=1, transforms="t=0")
    with pytest.raises(ValueError):
        nonet.transform([CLASSIC], transforms="t=0;rows=1,2")
    row = nonet.transform([CLASSIC], seed=1).transforms.tolist()[0]
    row[1], row[4] = row[4], row[1]  # rows out of their bands
    with pytest.raises(ValueError):
        nonet.transform([CLASSIC], transforms=bytes(row) and bytearray(row))
    with pytest.raises(ValueError):
        nonet.transform([CLASSIC, TWO, CLASSIC],
                        transforms=nonet.transform([CLASSIC, TWO], seed=1).transforms)
    with pytest.raises(ValueError):
        nonet.invert("nonsense")


# ---------------------------------------------------------------- check


def test_check():
    solution = nonet.solve([CLASSIC]).solutions
    c = nonet.check([CLASSIC, CLASH, nonet.format(solution).strip()])
    assert [nonet.STATUS[v] for v in c.status] == ["incomplete", "inconsistent", "solved"]
    assert c.blanks.tolist() == [51, -1, 0]
    wrong = solution.tolist()[0]
    wrong[0], wrong[1] = wrong[1], wrong[0]
    k = nonet.check([CLASSIC, CLASSIC], [nonet.format(solution).strip(), fewer_str(wrong)])
    assert [nonet.STATUS[v] for v in k.status] == ["correct", "wrong"]
    assert "clue" in k.messages[1] or "appears" in k.messages[1]
    with pytest.raises(ValueError):
        nonet.check([CLASSIC], [CLASSIC, CLASSIC])


@pytest.mark.skipif(numpy is None, reason="numpy")
def test_numpy_batches_for_every_function():
    g = nonet.generate(4, seed=11)
    arr = numpy.asarray(g.puzzles)
    assert numpy.asarray(nonet.rate(arr).ratings).dtype == numpy.float64
    assert numpy.asarray(nonet.trajectories(arr).moves).shape == (4, 81, 4)
    assert numpy.asarray(nonet.canon(arr).forms).shape == (4, 81)
    t = nonet.transform(arr, seed=2, solutions=numpy.asarray(g.solutions))
    assert numpy.asarray(t.transforms).shape == (4, 28)
    assert (numpy.asarray(t.solutions) > 0).all()
    assert nonet.explain(arr[0]).steps
    with pytest.raises(ValueError):
        nonet.rate(arr.astype(numpy.int64))
    with pytest.raises(ValueError):
        nonet.canon(numpy.asfortranarray(arr.reshape(4, 9, 9)))


# ---------------------------------------------------------------- CSV datasets


SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_dataset_tables_of_the_field(tmp_path):
    zeros = CLASSIC.replace(".", "0")
    tables = {
        "kaggle 1M": ("quizzes,solutions\n%s,%s\n" % (zeros, SOLUTION), "solutions"),
        "kaggle 3M": ("id,puzzle,solution,clues,difficulty\n1,%s,%s,30,0.0\n" % (CLASSIC, SOLUTION),
                      "solution"),
        "sudoku-extreme": ("source,question,answer,rating\nbook,%s,%s,0\n" % (CLASSIC, SOLUTION),
                           "answer"),
    }
    for name, (text, answer) in tables.items():
        path = tmp_path / (name + ".csv")
        path.write_text(text)
        r = nonet.read(path)
        assert r.puzzles.strings() == [CLASSIC], name
        assert r.columns[answer].strings() == [SOLUTION], name
        assert nonet.check(r.puzzles, r.columns[answer]).status[0] == nonet.CORRECT
    rrn = nonet.read("%s,%s\n" % (zeros, SOLUTION))  # headerless: the solution is its name
    assert rrn.puzzles.strings() == [CLASSIC] and rrn.names == [SOLUTION]


def test_write_csv_reads_back_and_is_the_commands_schema(tmp_path):
    r = nonet.read("source,question,rating\nbook,%s,1.2\nweb,%s,0\n" % (CLASSIC, TWO))
    s = nonet.solve(r.puzzles)
    rated = nonet.rate(r.puzzles)
    path = tmp_path / "out.csv"
    assert nonet.write_csv(path, r.puzzles, status=s.status, solution=s.solutions,
                           rating=rated.ratings, hardest=rated.hardest, table=r.columns) == 2
    lines = path.read_text().splitlines()
    assert lines[0] == "puzzle,status,solution,rating,hardest,source,input_rating"
    first = lines[1].split(",")
    assert first[1] == "unique" and first[3] == "1.2" and first[4] == "hidden single (box)"
    assert lines[2].split(",")[1] == "multiple" and lines[2].split(",")[3] == ""
    back = nonet.read(path)
    assert back.puzzles.tolist() == r.puzzles.tolist()
    assert back.columns["solution"].strings() == s.solutions.strings()
    assert back.columns["source"] == ["book", "web"]
    # the command's own CSV names these fields alike
    cmd = cli("solve", "-f", "csv", text=CLASSIC + "\n").splitlines()[0].split(",")
    assert {"puzzle", "status", "solution"} <= set(cmd)
    cmd = cli("rate", "-f", "csv", text=CLASSIC + "\n").splitlines()[0].split(",")
    assert {"puzzle", "status", "rating", "hardest"} <= set(cmd)
    with pytest.raises(ValueError):
        nonet.write_csv(tmp_path / "x.csv", r.puzzles, rating=[1.0])


def test_explain_text_of_two_puzzles_is_refused():
    with pytest.raises(ValueError):
        nonet.explain(CLASSIC + "\n" + TWO + "\n")
    assert len(nonet.explain("# the classic\n" + CLASSIC + "\n\n").steps) == 51


def test_transform_threads_agree():
    lines = se_lines(300)
    one = nonet.transform(lines, seed=3, threads=1)
    two = nonet.transform(lines, seed=3, threads=2)
    assert one.isomorphs.tolist() == two.isomorphs.tolist()


BATCH_FUNCTIONS = {
    "read": lambda p: nonet.read(p),
    "solve": lambda p: nonet.solve(p),
    "count": lambda p: nonet.count(p),
    "check": lambda p: nonet.check(p),
    "rate": lambda p: nonet.rate(p),
    "trajectories": lambda p: nonet.trajectories(p),
    "minimize": lambda p: nonet.minimize(p),
    "canon": lambda p: nonet.canon(p),
    "transform": lambda p: nonet.transform(p, seed=1),
}


@pytest.mark.parametrize("name", sorted(BATCH_FUNCTIONS))
def test_bad_batches_for_every_function(name):
    fn = BATCH_FUNCTIONS[name]
    for bad in (42, b"53..7", [CLASSIC, 7], {CLASSIC}):
        with pytest.raises(TypeError):
            fn(bad)
    result = fn([CLASSIC, "not a puzzle", ""])
    status = result.status
    assert [nonet.STATUS[v] for v in status][1:] == ["error", "error"], name
    if numpy is not None:
        grids = numpy.array([cells(CLASSIC), cells(CLASSIC)], dtype=numpy.uint8)
        for bad in (grids.astype(numpy.int32), grids[:, ::3], numpy.zeros((2, 80), numpy.uint8),
                    numpy.zeros((2, 3, 4, 5), numpy.uint8), numpy.zeros((2, 81), numpy.float64)):
            with pytest.raises(ValueError):
                fn(bad)
        high = grids.copy()
        high[1, 40] = 200
        st = fn(high).status
        assert nonet.STATUS[st[1]] == "error" and nonet.STATUS[st[0]] != "error", name


def test_write_csv_in_chunks(tmp_path):
    four = [".32...1......23.", "1.3......1.3.4.."] * 35000  # past one chunk of 65,536
    c = nonet.count(four)
    path = tmp_path / "big.csv"
    assert nonet.write_csv(path, nonet.read(four).puzzles, status=c.status, count=c.counts,
                           note=["x"] * len(four)) == 70000
    lines = path.read_text().splitlines()
    assert len(lines) == 70001 and lines[0] == "puzzle,status,count,note"
    assert lines[1] == ".32...1......23.,unique,1,x"
    assert lines[70000] == "1.3......1.3.4..,multiple,2,x"
