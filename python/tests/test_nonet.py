"""The Python binding: every function, batches and single puzzles, sizes,
bad arguments (errors, never crashes), bad puzzles (a status, never an
exception), threads, the GIL released, no leaks. Solutions are checked by
the rules here, not by the solver under test."""
import os
import sys
import threading

import pytest

import nonet

try:
    import numpy
except ImportError:  # the binding needs no numpy; some tests do
    numpy = None

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "tests", "data")

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
NONE = "12345678.........9..............................................................."
CLASH = "55" + CLASSIC[2:]


def value(ch):
    return 0 if ch in ".0" else int(ch, 36)


def cells(line):
    return [value(ch) for ch in line]


def solves(puzzle, solution, box_rows=3, box_cols=3):
    """Whether solution (a list of n*n digits) keeps puzzle's clues and
    every rule: checked here, apart from the library."""
    n = box_rows * box_cols
    if len(solution) != n * n or any(not 1 <= v <= n for v in solution):
        return False
    if any(p and p != s for p, s in zip(puzzle, solution)):
        return False
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    for br in range(0, n, box_rows):
        for bc in range(0, n, box_cols):
            units.append([(br + i) * n + bc + j for i in range(box_rows) for j in range(box_cols)])
    return all(len({solution[i] for i in u}) == n for u in units)


# ---------------------------------------------------------------- reading


def test_read_every_kind_of_batch(tmp_path):
    text = CLASSIC + "\n" + TWO + "\n"
    path = tmp_path / "p.txt"
    path.write_text(text)
    for batch in (text, [CLASSIC, TWO], path):
        r = nonet.read(batch)
        assert r.puzzles.shape == (2, 81)
        assert r.puzzles.strings() == [CLASSIC, TWO]
        assert list(r.status) == [nonet.OK, nonet.OK]
        assert r.messages == [None, None]
    grids = nonet.read(text).puzzles
    again = nonet.read(grids)
    assert again.puzzles.tolist() == grids.tolist()
    assert nonet.read(path).puzzles.size == "3x3"


def test_a_str_is_never_a_file_name(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(CLASSIC + "\n")
    with pytest.raises(ValueError, match=r"no puzzle in input .*pathlib\.Path"):
        nonet.read(str(path))  # puzzle text without a puzzle, never the file
    assert nonet.read(path).puzzles.strings() == [CLASSIC]


def test_read_names_columns_and_layouts():
    r = nonet.read("Puzzle one\n" + CLASSIC + " # the classic\n")
    assert r.names == ["Puzzle one / the classic"]
    csv = "source,question,rating\nbook,%s,1.2\n" % CLASSIC
    r = nonet.read(csv)
    assert r.columns == {"source": ["book"], "rating": [1.2]}
    assert r.puzzles.strings() == [CLASSIC]
    boxed = nonet.format([CLASSIC], "boxed").replace(".", " ")
    assert nonet.read(boxed).puzzles.strings() == [CLASSIC]


def test_one_puzzle_per_list_item():
    r = nonet.read([CLASSIC, "", "not a puzzle at all", CLASSIC + "\n" + TWO, TWO])
    assert len(r.puzzles) == 5
    assert [nonet.STATUS[s] for s in r.status] == ["ok", "error", "error", "error", "ok"]
    assert r.messages[1] == "no puzzle in this string"
    assert r.messages[3] == "more than one puzzle in this string"
    assert r.puzzles.strings()[4] == TWO


def test_sizes():
    six = ".2.6.4...1..1.4......5.6..2...4.6.5."
    assert nonet.read([six]).puzzles.size == "2x3"
    assert nonet.read([six], size="3x2").puzzles.size == "3x2"
    assert nonet.read([six], size=6).puzzles.size == "2x3"
    sixteen = open(os.path.join(DATA, "hex16.txt")).readline().strip()
    r = nonet.read([sixteen])
    assert r.puzzles.shape == (1, 256) and r.puzzles.size == "4x4"
    s = nonet.solve(r.puzzles)
    assert solves(r.puzzles.tolist()[0], s.solutions.tolist()[0], 4, 4)
    # another size in the same call fails that puzzle, not the call
    r = nonet.read([CLASSIC, six])
    assert [nonet.STATUS[s] for s in r.status] == ["ok", "error"]
    assert "one size a call" in r.messages[1]


def test_bad_arguments_raise():
    with pytest.raises(TypeError):
        nonet.read(b"53..7....")
    with pytest.raises(TypeError):
        nonet.read([CLASSIC, 5])
    with pytest.raises(TypeError):
        nonet.read(42)
    with pytest.raises(ValueError):
        nonet.read([CLASSIC], size="3y3")
    with pytest.raises(ValueError):
        nonet.read([CLASSIC], size=0)
    with pytest.raises(ValueError):
        nonet.format([CLASSIC], "json")
    with pytest.raises(FileNotFoundError):
        nonet.read(__import__("pathlib").Path("/no/such/file"))


@pytest.mark.skipif(numpy is None, reason="numpy")
def test_arrays_in_and_out():
    grids = numpy.array([cells(CLASSIC), cells(TWO)], dtype=numpy.uint8)
    s = nonet.solve(grids)
    view = numpy.asarray(s.solutions)
    assert view.dtype == numpy.uint8 and view.shape == (2, 81)
    view[0, 0] = 9  # a view, not a copy
    assert s.solutions.tolist()[0][0] == 9
    assert nonet.solve(grids[0]).solutions.shape == (1, 81)
    assert nonet.solve(grids.reshape(2, 9, 9)).solutions.shape == (2, 81)
    with pytest.raises(ValueError):
        nonet.solve(grids.astype(numpy.int32))
    with pytest.raises(ValueError):
        nonet.solve(grids[:, ::2])  # not contiguous
    with pytest.raises(ValueError):
        nonet.solve(numpy.zeros((2, 80), numpy.uint8))
    bad = grids.copy()
    bad[1, 5] = 10  # a digit above 9: that puzzle fails, not the call
    st = nonet.solve(bad).status
    assert [nonet.STATUS[v] for v in st] == ["unique", "error"]
    assert numpy.asarray(nonet.count(grids).counts).dtype == numpy.int64


def test_array_without_numpy():
    s = nonet.solve([CLASSIC])
    a = s.solutions
    assert len(a) == 1 and a.shape == (1, 81) and a.format == "B" and a.size == "3x3"
    assert a[0] == cells(a.strings()[0])
    assert "nonet.Array" in repr(a)
    with pytest.raises(IndexError):
        a[1]
    m = memoryview(a)
    assert m.shape == (1, 81) and m.format == "B"


# ---------------------------------------------------------------- solving


def test_solve_statuses_and_solutions():
    s = nonet.solve([CLASSIC, TWO, NONE, CLASH, "xyz"])
    assert [nonet.STATUS[v] for v in s.status] == [
        "unique", "multiple", "no solution", "invalid", "error"]
    sols = s.solutions.tolist()
    assert solves(cells(CLASSIC), sols[0]) and solves(cells(TWO), sols[1])
    assert sols[2] == [0] * 81 and sols[3] == [0] * 81
    assert s.messages[3] == "digit 5 appears twice in row 1, columns 1 and 2"
    assert s.messages[4]
    u = nonet.solve([TWO], unique=True)
    assert nonet.STATUS[u.status[0]] == "multiple" and u.messages[0] == "more than one solution"
    assert u.solutions.tolist()[0] == [0] * 81
    f = nonet.solve([CLASSIC], first=True)
    assert nonet.STATUS[f.status[0]] == "solved" and solves(cells(CLASSIC), f.solutions[0])


def test_count():
    c = nonet.count(["1...", "....", "11.."], size="1x2")
    assert c.counts.tolist() == [1, 2, 0]
    assert [nonet.STATUS[v] for v in c.status] == ["unique", "multiple", "invalid"]
    assert nonet.count(["...."], size="1x2", limit=0).counts.tolist() == [2]
    assert nonet.count(["." * 16], limit=0).counts.tolist() == [288]


def test_every_size_class():
    for shape in ("1x1", "1x2", "2x2", "2x3", "3x2", "2x4", "3x3", "3x4", "4x4"):
        br, bc = map(int, shape.split("x"))
        n = br * bc
        empty = nonet.read([("." * (n * n))], size=shape)
        s = nonet.solve(empty.puzzles, first=True)
        assert s.solutions.size == shape
        assert solves([0] * (n * n), s.solutions.tolist()[0], br, bc), shape


def test_format_reads_back():
    puzzles = nonet.read([CLASSIC, TWO]).puzzles
    for layout in ("line", "grid", "spaced", "knuth", "numbers", "boxed"):
        text = nonet.format(puzzles, layout)
        assert nonet.read(text).puzzles.tolist() == puzzles.tolist(), layout
    six = nonet.read([".2.6.4...1..1.4......5.6..2...4.6.5."], size="3x2").puzzles
    back = nonet.read(nonet.format(six, "line"))
    assert back.puzzles.size == "3x2" and back.puzzles.tolist() == six.tolist()


# ---------------------------------------------------------------- threads, memory


def test_threads_give_the_same_results():
    lines = [l.strip() for l in open(os.path.join(DATA, "hard.txt")) if l[0] != "#"]
    one = nonet.solve(lines, threads=1)
    two = nonet.solve(lines, threads=2)
    assert one.solutions.tolist() == two.solutions.tolist()
    assert list(one.status) == list(two.status)
    for p, s in zip(lines, one.solutions.tolist()):
        assert solves(cells(p), s)


def test_the_gil_is_released():
    lines = [l.strip() for l in open(os.path.join(DATA, "hard.txt")) if l[0] != "#"] * 40
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)

    t = threading.Thread(target=tick)
    t.start()
    before = len(ticks)
    nonet.count(lines, threads=1)
    during = len(ticks) - before
    done.set()
    t.join()
    assert during > 0


def refused(call):
    try:
        call()
    except (TypeError, ValueError):
        return
    raise AssertionError("accepted")


def rss_pages():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1])


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux")
def test_no_leaks():
    """10,000 calls of every function: no reference kept to the inputs, no
    Python objects left behind, memory flat."""
    import gc
    four = ".32...1......23."
    batch = [CLASSIC, TWO]
    small = [four, four]
    calls = [
        lambda: nonet.solve(batch, threads=1),
        lambda: nonet.count(batch, threads=1),
        lambda: nonet.read(batch),
        lambda: nonet.format(small),
        lambda: nonet.check(small, small),
        lambda: nonet.rate(small, threads=1),
        lambda: nonet.trajectories(small, threads=1),
        lambda: nonet.explain(four),
        lambda: nonet.hint(four),
        lambda: nonet.canon(small, threads=1),
        lambda: nonet.transform(small, seed=1, solutions=small),
        lambda: nonet.invert(nonet.canon(small).transforms),
        lambda: nonet.minimize(small, threads=1),
        lambda: nonet.generate(1, seed=1, size="2x2", threads=1),
        # worker threads and their waits, timeouts, arguments refused
        lambda: nonet.count(small * 20, threads=2, timeout=5),
        lambda: nonet.explain(four, timeout=5),
        lambda: refused(lambda: nonet.count(batch, limit=-1)),
        lambda: refused(lambda: nonet.transform(small, seed=1, solutions=[four])),
        lambda: refused(lambda: nonet.generate(1, seed=1, rating=(3.0, 1.0))),
        lambda: refused(lambda: nonet.check(small, ["x"])),
    ]
    for call in calls:
        call()
    gc.collect()
    refs = sys.getrefcount(batch), sys.getrefcount(CLASSIC), sys.getrefcount(four)
    objects, blocks, rss = len(gc.get_objects()), sys.getallocatedblocks(), rss_pages()
    for _ in range(10000 // len(calls) + 1):
        for call in calls:
            call()
    gc.collect()
    assert (sys.getrefcount(batch), sys.getrefcount(CLASSIC), sys.getrefcount(four)) == refs
    assert len(gc.get_objects()) - objects < 100
    assert sys.getallocatedblocks() - blocks < 200  # every object Python allocated
    assert (rss_pages() - rss) * os.sysconf("SC_PAGE_SIZE") < 4 << 20


def test_arrays_pickle():
    import pickle
    g = nonet.generate(3, seed=2, size="3x2")
    for a in (g.puzzles, g.ratings, g.status, nonet.trajectories(g.puzzles).moves):
        b = pickle.loads(pickle.dumps(a))
        assert type(b) is nonet.Array and str(b.tolist()) == str(a.tolist())  # NaN alike
        assert b.shape == a.shape and b.format == a.format and b.size == a.size
    assert pickle.loads(pickle.dumps(g.puzzles)).strings() == g.puzzles.strings()
    with pytest.raises(ValueError):
        nonet._nonet._array(b"12", "B", (3,), 0, 0)
