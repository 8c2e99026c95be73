"""Tables for datasets: read() gives each CSV column as what its values
are (grids as an array, numbers as numbers, else text), a table of
puzzles and solutions as two arrays from one call, the levels by name
(nonet.LEVELS, rate's levels), and write_csv writes them back without
loss."""
import io
import math
import pathlib

import pytest

import nonet
from test_nonet import CLASSIC, TWO, solves

try:
    import numpy
except ImportError:
    numpy = None

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Kaggle's first line: 0 blanks
KAGGLE_Q = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
KAGGLE_A = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"


def test_numeric_columns_are_numbers(tmp_path):
    text = ("id,puzzle,solution,clues,difficulty,source,code,big,half\n"
            "1,%s,%s,30,0.0,book,007,1,\n"
            "2,%s,,24,2.5,web,010,99999999999999999999,-3\n"
            "3,%s,%s,-7,1e1,,8,3,2\n" % (CLASSIC, SOLUTION, TWO, CLASSIC, SOLUTION))
    path = tmp_path / "t.csv"
    path.write_text(text)
    c = nonet.read(path).columns
    assert c["clues"] == [30, 24, -7] and all(type(v) is int for v in c["clues"])
    # a float where any value has a point or an exponent: the whole column
    assert c["difficulty"] == [0.0, 2.5, 10.0] and all(type(v) is float for v in c["difficulty"])
    # empty: None among ints, NaN among floats (as rate's ratings)
    assert c["half"] == [None, -3, 2]
    assert c["source"] == ["book", "web", ""]  # text: str, "" where empty
    assert c["code"] == ["007", "010", "8"]  # leading zeros: an id, kept as written
    assert c["big"] == ["1", "99999999999999999999", "3"]  # past int64: text
    r = nonet.read("source,question,rating\nbook,%s,\nweb,%s,4.5\n" % (CLASSIC, TWO))
    assert math.isnan(r.columns["rating"][0]) and r.columns["rating"][1] == 4.5
    if numpy is not None:
        ratings = numpy.asarray(r.columns["rating"])
        assert ratings.dtype == numpy.float64
    # a column with no value at all stays text
    assert nonet.read("question,note\n%s,\n" % CLASSIC).columns == {"note": [""]}


def test_puzzles_and_solutions_of_a_table_in_one_call(tmp_path):
    path = tmp_path / "kaggle.csv"
    path.write_text("quizzes,solutions\n%s,%s\n%s,%s\n" % (KAGGLE_Q, KAGGLE_A, CLASSIC, SOLUTION))
    r = nonet.read(path)
    p, s = r.puzzles, r.columns["solutions"]
    assert isinstance(s, nonet.Array) and s.shape == p.shape == (2, 81) and s.size == "3x3"
    assert s.strings() == [KAGGLE_A, SOLUTION]
    assert [nonet.STATUS[v] for v in nonet.check(p, s).status] == ["correct", "correct"]
    for q, a in zip(p.tolist(), s.tolist()):
        assert solves(q, a)
    # a grid column of another size reads with the puzzles' boxes (6x6, 3x2)
    six = nonet.read("puzzle,answer\n.2.6.4...1..1.4......5.6..2...4.6.5.,"
                     "123456456123231564564231312645645312\n", size="3x2")
    assert six.columns["answer"].size == "3x2" == six.puzzles.size
    # empty values: all blanks; one value that is no grid keeps the column text
    r = nonet.read("question,answer\n%s,\n%s,%s\n" % (CLASSIC, CLASSIC, SOLUTION))
    assert r.columns["answer"].strings() == ["." * 81, SOLUTION]
    r = nonet.read("question,answer\n%s,12345\n%s,%s\n" % (CLASSIC, CLASSIC, SOLUTION))
    assert r.columns["answer"] == ["12345", SOLUTION]


def test_levels_by_name():
    assert [lv.name for lv in nonet.LEVELS] == ["easy", "medium", "hard", "fiendish",
                                               "diabolical"]
    assert nonet.LEVELS[0] == nonet.Level("easy", 1.0, 1.2)
    assert nonet.LEVELS[-1] == ("diabolical", 6.1, None)
    for lower, upper in zip(nonet.LEVELS, nonet.LEVELS[1:]):
        assert round(lower.max + 0.1, 1) == upper.min  # no gap, no overlap
    hard = "..............1..2..3....4.......2.1....3......564.........76.5.3....7..8.4......"
    r = nonet.rate([CLASSIC, hard, TWO, "12" + CLASSIC[2:]])
    assert [nonet.STATUS[v] for v in r.status] == ["unique", "unique", "multiple", "no solution"]
    assert r.levels.tolist()[2:] == [-1, -1]  # only a rated puzzle has a level
    for rating, level in zip(r.ratings[:2], r.levels[:2]):
        lv = nonet.LEVELS[level]
        assert lv.min <= rating and (lv.max is None or rating <= lv.max)
    assert [nonet.LEVELS[v].name for v in r.levels[:2]] == ["easy", "fiendish"]
    # generate(level=name) is generate(rating=(min, max))
    lv = nonet.LEVELS[2]
    a = nonet.generate(3, seed=4, level=lv.name)
    b = nonet.generate(3, seed=4, rating=(lv.min, lv.max))
    assert a.puzzles.tolist() == b.puzzles.tolist()
    assert all(lv.min <= x <= lv.max for x in a.ratings)
    # the command's words for the same puzzles (skipped where it is not built)
    from test_functions import cli
    out = cli("rate", text=CLASSIC + "\n" + hard + "\n").splitlines()
    assert [line.rsplit(", ", 1)[1] for line in out] == ["easy", "fiendish"]


def test_write_csv_writes_typed_columns_back_as_read(tmp_path):
    text = ("puzzle,solution,rating,clues,p,source\n"
            "%s,%s,1.2,30,0.123456789,book\n"
            "%s,%s,,24,1e-05,web\n" % (CLASSIC, SOLUTION, CLASSIC, SOLUTION))
    r = nonet.read(text)
    rated = nonet.rate(r.puzzles)
    f = io.StringIO()
    nonet.write_csv(f, r.puzzles, level=rated.levels, table=r.columns)
    lines = f.getvalue().splitlines()
    assert lines[0] == "puzzle,level,solution,rating,clues,p,source"
    assert lines[1] == "%s,easy,%s,1.2,30,0.123456789,book" % (CLASSIC, SOLUTION)
    assert lines[2] == "%s,easy,%s,,24,1e-05,web" % (CLASSIC, SOLUTION)
    back = nonet.read(f.getvalue())
    assert back.columns["p"] == r.columns["p"] == [0.123456789, 1e-05]  # no digit lost
    assert back.columns["solution"].tolist() == r.columns["solution"].tolist()
    assert back.columns["level"] == ["easy", "easy"]


@pytest.mark.skipif(numpy is None, reason="numpy")
def test_write_csv_float32_as_written():
    f = io.StringIO()
    nonet.write_csv(f, [CLASSIC, CLASSIC], rating=numpy.array([1.2, numpy.nan], numpy.float32),
                    mean=numpy.array([4.533333, 2.0]))
    assert f.getvalue().splitlines()[1:] == [CLASSIC + ",1.2,4.533333", CLASSIC + ",,2.0"]


def test_a_path_reads_the_file_a_str_is_text(tmp_path):
    path = tmp_path / "kaggle.csv"
    path.write_text("quizzes,solutions\n%s,%s\n" % (KAGGLE_Q, KAGGLE_A))
    assert nonet.read(pathlib.Path(path)).columns["solutions"].strings() == [KAGGLE_A]
    with pytest.raises(ValueError, match="pathlib.Path"):
        nonet.read(str(path))
