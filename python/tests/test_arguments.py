"""Every argument of every function is checked as the command line checks
its options: a bad one raises TypeError (the wrong type) or ValueError
(out of range) whose message starts with the argument's name and says
what it needs and what it got; never a silent wrap (-1 taken as
2**64-1), a default, or a neighbour's name."""
import math

import pytest

import nonet
from test_nonet import CLASSIC, cells

try:
    import numpy
except ImportError:
    numpy = None

FOUR = ".32...1......23."  # a 4x4 puzzle with one solution: every call on it is quick
MANY = "1.3......1.3.4.."  # 4x4, two solutions
SIX = ".2.6.4...1..1.4......5.6..2...4.6.5."


def grids(dtype="uint8", count=2):
    return numpy.array([cells(CLASSIC)] * count, dtype=dtype)


# (id, call, exception, words the message starts with, words it holds)
BAD = [
    # limits, counts, seeds: never wrapped
    ("count limit -1", lambda: nonet.count([FOUR], limit=-1), ValueError, "limit:", "not -1"),
    ("count limit 2**64", lambda: nonet.count([FOUR], limit=2 ** 64), ValueError, "limit:",
     "0: no limit"),
    ("count limit float", lambda: nonet.count([FOUR], limit=1.5), TypeError, "limit:", "float"),
    ("count limit bool", lambda: nonet.count([FOUR], limit=True), TypeError, "limit:", "bool"),
    ("generate count -5", lambda: nonet.generate(-5, seed=1), ValueError, "count:", "not -5"),
    ("generate count str", lambda: nonet.generate("5", seed=1), TypeError, "count:", "str"),
    ("generate seed -1", lambda: nonet.generate(1, seed=-1), ValueError, "seed:",
     "18446744073709551615, not -1"),
    ("generate seed 2**64", lambda: nonet.generate(1, seed=2 ** 64), ValueError, "seed:",
     "not 18446744073709551616"),
    ("generate first 0", lambda: nonet.generate(1, seed=1, first=0), ValueError, "first:",
     "not 0"),
    ("generate first -1", lambda: nonet.generate(1, seed=1, first=-1), ValueError, "first:",
     "not -1"),
    ("generate first past the stream", lambda: nonet.generate(2, seed=1, first=2 ** 64 - 1),
     ValueError, "first:", "last index"),
    ("generate max_tries -1", lambda: nonet.generate(1, seed=1, max_tries=-1), ValueError,
     "max_tries:", "not -1"),
    ("generate clues -1", lambda: nonet.generate(1, seed=1, clues=-1), ValueError, "clues:",
     "not -1"),
    ("generate clues 2**40", lambda: nonet.generate(1, seed=1, clues=2 ** 40), ValueError,
     "clues:", "not 1099511627776"),
    ("generate max_clues float", lambda: nonet.generate(1, seed=1, max_clues=30.0), TypeError,
     "max_clues:", "float"),
    ("transform seed -1", lambda: nonet.transform([CLASSIC], seed=-1), ValueError, "seed:",
     "not -1"),
    ("transform first -1", lambda: nonet.transform([CLASSIC], seed=1, first=-1), ValueError,
     "first:", "not -1"),
    ("transform first with transforms",
     lambda: nonet.transform([CLASSIC], transforms=nonet.transform([CLASSIC], seed=1).transforms,
                             first=3), ValueError, "first:", "goes with seed"),
    # threads
    ("rate threads -1", lambda: nonet.rate([FOUR], threads=-1), ValueError, "threads:",
     "0 to 64 (0: every core), not -1"),
    ("solve threads 65", lambda: nonet.solve([FOUR], threads=65), ValueError, "threads:",
     "not 65"),
    ("count threads float", lambda: nonet.count([FOUR], threads=2.0), TypeError, "threads:",
     "float"),
    ("trajectories threads -1", lambda: nonet.trajectories([FOUR], threads=-1), ValueError,
     "threads:", "not -1"),
    ("generate threads -1", lambda: nonet.generate(1, seed=1, threads=-1), ValueError, "threads:",
     "not -1"),
    ("minimize threads -1", lambda: nonet.minimize([FOUR], threads=-1), ValueError, "threads:",
     "not -1"),
    ("canon threads -1", lambda: nonet.canon([FOUR], threads=-1), ValueError, "threads:",
     "not -1"),
    ("transform threads -1", lambda: nonet.transform([FOUR], seed=1, threads=-1), ValueError,
     "threads:", "not -1"),
    # flags: never a str taken for its truth
    ("solve unique str", lambda: nonet.solve([FOUR], unique="no"), TypeError, "unique:",
     "True or False, not str"),
    ("solve first None", lambda: nonet.solve([FOUR], first=None), TypeError, "first:",
     "NoneType"),
    ("solve first and unique", lambda: nonet.solve([FOUR], first=True, unique=True), ValueError,
     "first and unique do not go together", ""),
    ("generate strict str", lambda: nonet.generate(1, seed=1, strict="yes"), TypeError,
     "strict:", "str"),
    # ratings, levels, symmetries, layouts
    ("rate ceiling str", lambda: nonet.rate([FOUR], ceiling="9.0"), TypeError, "ceiling:",
     "str"),
    ("rate ceiling 0.5", lambda: nonet.rate([FOUR], ceiling=0.5), ValueError, "ceiling:",
     "1.0 to 20.0, e.g. 9.0 (None: every technique), not 0.5"),
    ("explain ceiling nan", lambda: nonet.explain(FOUR, ceiling=math.nan), ValueError,
     "ceiling:", "not nan"),
    ("generate rating float", lambda: nonet.generate(1, seed=1, rating=3.0), TypeError,
     "rating:", "float"),
    ("generate rating min 0.5", lambda: nonet.generate(1, seed=1, rating=(0.5, 3.0)), ValueError,
     "rating:", "not (0.5, 3.0)"),
    ("generate rating max below min", lambda: nonet.generate(1, seed=1, rating=(3.0, 2.0)),
     ValueError, "rating:", "not (3.0, 2.0)"),
    ("generate rating nan", lambda: nonet.generate(1, seed=1, rating=(math.nan, 3.0)),
     ValueError, "rating:", "nan"),
    ("generate rating three", lambda: nonet.generate(1, seed=1, rating=(1.0, 2.0, 3.0)),
     ValueError, "rating:", "not (1.0, 2.0, 3.0)"),
    ("generate level int", lambda: nonet.generate(1, seed=1, level=3), TypeError, "level:",
     "int"),
    ("generate level unknown", lambda: nonet.generate(1, seed=1, level="hardest"), ValueError,
     "level:", "not 'hardest'"),
    ("generate symmetry 3", lambda: nonet.generate(1, seed=1, symmetry=3), TypeError,
     "symmetry:", "int"),
    ("generate needs 3", lambda: nonet.generate(1, seed=1, needs=3), TypeError,
     "needs:", "int"),
    ("generate needs xwing", lambda: nonet.generate(1, seed=1, needs="xwing"), ValueError,
     "needs:", "x-wing"),
    ("minimize symmetry random", lambda: nonet.minimize([FOUR], symmetry="random"), ValueError,
     "symmetry:", "not 'random'"),
    ("format layout int", lambda: nonet.format([FOUR], 5), TypeError, "layout:", "int"),
    ("format layout json", lambda: nonet.format([FOUR], "json"), ValueError, "layout:",
     "not 'json'"),
    # sizes and columns
    ("size float", lambda: nonet.solve([CLASSIC], size=3.0), TypeError, "size:", "float"),
    ("size bool", lambda: nonet.solve([CLASSIC], size=True), TypeError, "size:", "bool"),
    ("size huge", lambda: nonet.read([CLASSIC], size=2 ** 70), ValueError, "size:",
     "not 1180591620717411303424"),
    ("size 3y3", lambda: nonet.read([CLASSIC], size="3y3"), ValueError, "size:", "not '3y3'"),
    ("column 0", lambda: nonet.read([CLASSIC], column=0), ValueError, "column:", "not 0"),
    ("column float", lambda: nonet.read([CLASSIC], column=1.0), TypeError, "column:", "float"),
    ("column empty", lambda: nonet.read([CLASSIC], column=""), ValueError, "column:", "not ''"),
    ("invert size bool", lambda: nonet.invert(nonet.canon([CLASSIC]).transforms, size=False),
     TypeError, "size:", "bool"),
    # timeouts
    ("solve timeout 0", lambda: nonet.solve([FOUR], timeout=0), ValueError, "timeout:",
     "not 0"),
    ("count timeout -1", lambda: nonet.count([FOUR], timeout=-1), ValueError, "timeout:",
     "not -1"),
    ("rate timeout nan", lambda: nonet.rate([FOUR], timeout=math.nan), ValueError, "timeout:",
     "not nan"),
    ("trajectories timeout str", lambda: nonet.trajectories([FOUR], timeout="1"), TypeError,
     "timeout:", "str"),
    ("explain timeout bool", lambda: nonet.explain(FOUR, timeout=True), TypeError, "timeout:",
     "bool"),
    ("hint timeout inf", lambda: nonet.hint(FOUR, timeout=math.inf), ValueError, "timeout:",
     "not inf"),
    ("generate timeout 0", lambda: nonet.generate(1, seed=1, timeout=0), ValueError, "timeout:",
     "not 0"),
    ("minimize timeout -0.5", lambda: nonet.minimize([FOUR], timeout=-0.5), ValueError,
     "timeout:", "not -0.5"),
    # solutions that do not match their puzzles
    ("transform 2 solutions for 3 puzzles",
     lambda: nonet.transform([CLASSIC] * 3, seed=1, solutions=[CLASSIC] * 2), ValueError,
     "solutions:", "2 for 3 puzzles"),
    ("check 2 solutions for 1 puzzle", lambda: nonet.check([CLASSIC], [CLASSIC, CLASSIC]),
     ValueError, "solutions:", "2 for 1 puzzles (one each)"),
    ("write_csv dest int", lambda: nonet.write_csv(5, [FOUR]), TypeError, "dest:", "int"),
    ("write_csv column int", lambda: nonet.write_csv(__import__("io").StringIO(), [FOUR],
                                                     rating=5), TypeError, "column rating:",
     "a sequence of 1 values (one a puzzle), not int"),
    ("write_csv table list", lambda: nonet.write_csv(__import__("io").StringIO(), [FOUR],
                                                     table=[["x"]]), TypeError, "table:", "list"),
]

if numpy is not None:
    BAD += [
        ("float64 array", lambda: nonet.solve(grids("float64")), ValueError, "puzzles:",
         "uint8 (0 a blank, 1..n a digit) is needed, not float64"),
        ("int32 array", lambda: nonet.count(grids("int32")), ValueError, "puzzles:",
         "not int32"),
        ("int64 array", lambda: nonet.rate(grids("int64")), ValueError, "puzzles:", "not int64"),
        ("bool array", lambda: nonet.canon(grids("bool")), ValueError, "puzzles:", "not bool"),
        ("strided array", lambda: nonet.solve(grids()[:, ::3]), ValueError, "puzzles:",
         "strided"),
        ("4-d array", lambda: nonet.solve(numpy.zeros((2, 3, 4, 5), numpy.uint8)), ValueError,
         "puzzles:", "not (2, 3, 4, 5)"),
        ("column with an array", lambda: nonet.solve(grids(), column="quizzes"), ValueError,
         "column:", "array"),
        ("float transforms", lambda: nonet.transform([CLASSIC], transforms=numpy.zeros((1, 28))),
         ValueError, "transforms:", "not float64"),
        ("float solutions", lambda: nonet.transform(grids(), seed=1,
                                                    solutions=grids("float64")), ValueError,
         "solutions:", "not float64"),
        ("solutions of another size", lambda: nonet.check(grids(count=1),
                                                          numpy.zeros((1, 16), numpy.uint8)),
         ValueError, "solutions:", "4x4 for puzzles of 9x9"),
    ]


@pytest.mark.parametrize("call,error,starts,holds", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_argument_says_which_and_why(call, error, starts, holds):
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert message.startswith(starts), message
    assert holds in message, message


def test_good_arguments_of_every_kind_still_work():
    assert nonet.count([FOUR], limit=2 ** 64 - 1).counts.tolist() == [1]
    assert nonet.count([FOUR], limit=0, threads=64, timeout=1e9).counts.tolist() == [1]
    assert nonet.generate(1, seed=2 ** 64 - 1, first=2 ** 64 - 1, size="2x2").status[0] == \
        nonet.UNIQUE
    assert nonet.generate(1, seed=1, rating=(1.0, None)).status[0] == nonet.UNIQUE
    assert nonet.generate(1, seed=1, rating=(1.0, 0)).status[0] == nonet.UNIQUE
    assert nonet.solve([SIX], size="3x2", unique=1, first=False).status[0] == nonet.UNIQUE
    assert nonet.read([SIX], size=6).puzzles.size == "2x3"
    assert nonet.read([SIX], size="3x2", column=None).puzzles.size == "3x2"
    assert nonet.rate([FOUR], ceiling=9).status[0] in (nonet.UNIQUE, nonet.MULTIPLE)
    assert nonet.solve([MANY], timeout=1).status[0] == nonet.MULTIPLE
    if numpy is not None:
        assert nonet.count([FOUR], limit=numpy.int64(2), threads=numpy.int32(1)).counts[0] == 1
        assert nonet.solve(grids("int8")).status[0] == nonet.UNIQUE
        assert nonet.solve([CLASSIC], unique=numpy.bool_(True)).status[0] == nonet.UNIQUE
        assert nonet.count([FOUR], timeout=numpy.float32(0.5)).counts[0] == 1


def test_count_without_a_limit_keeps_a_unique_puzzle_unique():
    c = nonet.count([CLASSIC], limit=0)
    assert nonet.STATUS[c.status[0]] == "unique" and c.counts.tolist() == [1]
    c = nonet.count([FOUR, MANY], limit=0)
    assert [nonet.STATUS[v] for v in c.status] == ["unique", "multiple"]
    assert c.counts.tolist() == [1, 2]


# Every function that takes puzzle text, given a str that holds none (a file
# name taken for puzzle text): (id, call of the str, the argument named).
NO_PUZZLE = [
    ("read", lambda s: nonet.read(s), "puzzles"),
    ("format", lambda s: nonet.format(s), "puzzles"),
    ("write_csv", lambda s: nonet.write_csv(__import__("io").StringIO(), s), "puzzles"),
    ("solve", lambda s: nonet.solve(s), "puzzles"),
    ("count", lambda s: nonet.count(s), "puzzles"),
    ("check", lambda s: nonet.check(s), "puzzles"),
    ("check solutions", lambda s: nonet.check([CLASSIC], s), "solutions"),
    ("rate", lambda s: nonet.rate(s), "puzzles"),
    ("trajectories", lambda s: nonet.trajectories(s), "puzzles"),
    ("explain", lambda s: nonet.explain(s), "puzzle"),
    ("hint", lambda s: nonet.hint(s), "puzzle"),
    ("minimize", lambda s: nonet.minimize(s), "puzzles"),
    ("canon", lambda s: nonet.canon(s), "puzzles"),
    ("transform", lambda s: nonet.transform(s, seed=1), "puzzles"),
    ("transform solutions", lambda s: nonet.transform([CLASSIC], seed=1, solutions=s),
     "solutions"),
]


@pytest.mark.parametrize("call,name", [c[1:] for c in NO_PUZZLE], ids=[c[0] for c in NO_PUZZLE])
def test_a_str_without_a_puzzle_raises_naming_pathlib(call, name, tmp_path, monkeypatch):
    # a str is puzzle text, never a path; one with no puzzle in it is no
    # empty result in silence: ValueError, as the command's "no puzzle in
    # input", saying how to pass a file
    with pytest.raises(ValueError) as e:
        call("kaggle.csv")
    text = str(e.value)
    assert text.startswith(name + ": no puzzle in input 'kaggle.csv'"), text
    assert "never a file name" in text and "pathlib.Path('kaggle.csv')" in text, text
    assert "open(" in text, text
    (tmp_path / "k.csv").write_text("quizzes,solutions\n%s,\n" % CLASSIC)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"file of that name exists.*pathlib\.Path\('k\.csv'\)"):
        call("k.csv")
    for empty in ("", "\n\n", "# only a comment\n"):
        with pytest.raises(ValueError, match=r"no puzzle in input .*pathlib\.Path"):
            call(empty)


def test_a_list_item_without_a_puzzle_fails_alone():
    # one str of a list is one puzzle: an item without one fails with its
    # message, and the batch stays aligned
    r = nonet.solve([CLASSIC, "kaggle.csv"])
    assert [nonet.STATUS[v] for v in r.status] == ["unique", "error"]
    assert r.messages[1] == "no puzzle in this string"


def test_a_path_without_a_puzzle_warns(tmp_path):
    # a file with no puzzle in it: an empty result, and a warning that
    # says so, as the command's "no puzzle in FILE" on stderr
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    with pytest.warns(UserWarning, match=r"no puzzle in .*empty\.txt"):
        r = nonet.read(empty)
    assert len(r.puzzles) == 0
    with pytest.warns(UserWarning, match=r"no puzzle in .*empty\.txt"):
        assert len(nonet.solve(empty).status) == 0
