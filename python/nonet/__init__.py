"""nonet: a Sudoku toolkit, batch first.

Every function takes a batch of puzzles and returns arrays of the same
length, one entry per puzzle, in order. A batch is one of:

- an array of shape (N, n*n) of uint8 (0 blank, 1..n digits), or (n*n,)
  for one puzzle, or (N, n, n): numpy arrays, ``nonet.Array``, any object
  with the buffer protocol;
- a list of str, each one puzzle in any layout ``nonet`` reads;
- a str of puzzle text: every puzzle in it, in any layout (a str is always
  puzzle text, never a file name);
- a path (``os.PathLike``, e.g. ``pathlib.Path``): every puzzle of the file.

One call takes puzzles of one size; ``size=`` gives the boxes where the
side alone does not ("2x3" or "3x2" for 36 cells; default: the squarest,
as the command line). One bad puzzle never raises: its ``status`` entry
says what happened (the words of ``STATUS``, the same as the command's
records) and its ``message`` why; bad arguments raise ``ValueError`` or
``TypeError``.

Results are ``nonet.Array`` objects: ``numpy.asarray(a)`` views them
without a copy; ``len(a)``, ``a[i]``, ``a.tolist()`` and, for grids,
``a.strings()`` work without numpy.

Work on many puzzles runs on ``threads`` threads (0: every core) with the
GIL released.
"""

from collections import namedtuple as _namedtuple

from . import _nonet

__version__ = _nonet.version
Array = _nonet.Array

#: The status words, indexed by the values of the ``status`` arrays:
#: ``STATUS[status[i]]`` (``"unique"``, ``"no solution"``, ...).
STATUS = _nonet.verdicts()

#: Each status word's value.
OK, UNIQUE, MULTIPLE, SOLVED, NO_SOLUTION, INVALID, ERROR, STUCK = range(8)

Read = _namedtuple("Read", "puzzles names status messages columns")
Solved = _namedtuple("Solved", "solutions status messages")
Counted = _namedtuple("Counted", "counts status messages")


def read(puzzles, *, size=None, column=None):
    """Reads a batch: the puzzles as an array of grids, with what came
    with them.

    Returns ``Read(puzzles, names, status, messages, columns)``:
    ``puzzles`` an (N, n*n) uint8 array of the grids (0 blank; a puzzle
    that could not be read is all blanks), ``names`` the title or text that
    came with each puzzle ("" if none), ``status`` ``OK`` or ``ERROR`` for
    each, ``messages`` None or why it could not be read, ``columns`` for
    puzzles of a CSV table the other fields of their line as a dict (else
    None). ``column=`` picks a CSV table's puzzle column by name or number
    from 1 (default: the one its header calls puzzle, quizzes, question,
    ...). The first puzzle read fixes the size; puzzles of another size
    fail (``size=`` fixes it beforehand).

    >>> r = read("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...          ".6....28....419..5....8..79")
    >>> r.puzzles.shape, STATUS[r.status[0]]
    ((1, 81), 'ok')
    """
    return Read(*_nonet.read(puzzles, size, column))


def format(puzzles, layout="line", *, size=None):
    """Writes a batch as text in one of the command's layouts: "line",
    "grid", "spaced", "knuth", "numbers", "boxed" or "candidates". What it
    writes reads back as the same puzzles (multi-line layouts and tiny
    one-line puzzles are a blank line apart; boxes other than the side's
    default get a "RxC" line first).

    >>> print(format([".2....1..4....4."], "grid"), end="")
    .2 ..
    .. 1.
    <BLANKLINE>
    .4 ..
    .. 4.
    """
    return _nonet.format(puzzles, layout, size)


def solve(puzzles, *, size=None, column=None, unique=False, first=False, threads=0):
    """Solves a batch.

    Returns ``Solved(solutions, status, messages)``: ``solutions`` an
    (N, n*n) uint8 array (all blanks where there is none), ``status`` for
    each ``UNIQUE``, ``MULTIPLE`` (its first solution is given, unless
    ``unique=True``), ``NO_SOLUTION``, ``INVALID`` (clues that conflict),
    ``ERROR`` (unreadable), or ``SOLVED`` with ``first=True`` (the first
    solution found, its uniqueness not checked: the fastest).

    >>> s = solve(["53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...            ".6....28....419..5....8..79"])
    >>> s.solutions.strings()[0][:9], STATUS[s.status[0]]
    ('534678912', 'unique')
    """
    return Solved(*_nonet.solve(puzzles, size, column, unique, first, threads))


def count(puzzles, *, size=None, column=None, limit=2, threads=0):
    """Counts each puzzle's solutions, up to ``limit`` (0: no limit; 2, the
    default, decides uniqueness).

    Returns ``Counted(counts, status, messages)``: ``counts`` an int64
    array, ``status`` ``UNIQUE``, ``MULTIPLE`` (or the limit stopped the
    count), ``NO_SOLUTION``, ``INVALID`` or ``ERROR``.

    >>> count(["1...", "...."], size="1x2").counts.tolist()
    [1, 2]
    """
    return Counted(*_nonet.count(puzzles, size, column, limit, threads))


__all__ = [
    "Array", "STATUS", "OK", "UNIQUE", "MULTIPLE", "SOLVED", "NO_SOLUTION", "INVALID",
    "ERROR", "STUCK", "Read", "Solved", "Counted", "read", "format", "solve", "count",
]
