"""nonet: a Sudoku toolkit, batch first.

Every function takes a batch of puzzles and returns arrays of the same
length, one entry per puzzle, in order. A batch is one of:

- an array of shape (N, n*n) of uint8 (0 blank, 1..n digits), or (n*n,)
  for one puzzle, or (N, n, n): numpy arrays, ``nonet.Array``, any object
  with the buffer protocol;
- a list of str, each one puzzle in any layout ``nonet`` reads;
- a str of puzzle text: every puzzle in it, in any layout (a str is always
  puzzle text, never a file name: one that holds no puzzle raises
  ValueError, and ``pathlib.Path(name)`` reads a file);
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

Work on many puzzles runs on ``threads`` threads (0: every core, up to
64) with the GIL released, while the calling thread waits: Ctrl-C
(KeyboardInterrupt, or any exception a signal handler raises) stops every
thread within a fraction of a second, even in the middle of one long
puzzle, and raises. ``timeout=`` (seconds, on the long functions: solve,
count, rate, trajectories, explain, hint, generate, minimize) limits each
puzzle's time: a puzzle past it gets the status ``TIMEOUT`` ("timeout")
with what was found until then, and the batch goes on.
"""

import json as _json
from collections import namedtuple as _namedtuple

from . import _nonet

__version__ = _nonet.version
Array = _nonet.Array

#: The status words, indexed by the values of the ``status`` arrays:
#: ``STATUS[status[i]]`` (``"unique"``, ``"no solution"``, ...).
STATUS = _nonet.verdicts()

#: Each status word's value.
(OK, UNIQUE, MULTIPLE, SOLVED, NO_SOLUTION, INVALID, ERROR, STUCK, INCOMPLETE, INCONSISTENT,
 CORRECT, WRONG, TIMEOUT) = range(13)

#: The techniques of the ladder, easiest first, by id: ``TECHNIQUES[id]``
#: names the ids of ``rate``'s ``hardest``, of trajectories and of steps.
#: The ids are part of every dataset written with them: they never change
#: (new techniques are appended). 0 full house, 1 hidden single (box),
#: 2 hidden single (line), 6 naked single, 8 pointing, ...
TECHNIQUES = _nonet.techniques()

#: The symmetries of clue patterns, for ``generate`` and ``minimize``.
SYMMETRIES = _nonet.symmetries()

Level = _namedtuple("Level", "name min max")

#: The levels of ``nonet rate``, easiest first, by index: ``LEVELS[i]`` is
#: ``Level(name, min, max)``, the ratings of SE's scale it spans (``max``
#: None: no upper bound). ``rate``'s ``levels`` index it; ``generate(level=
#: name)`` is ``generate(rating=(min, max))``.
LEVELS = tuple(Level(name, lo / 10, hi / 10 if hi else None) for name, lo, hi in _nonet.levels())

Read = _namedtuple("Read", "puzzles names status messages columns")
Solved = _namedtuple("Solved", "solutions status messages")
Counted = _namedtuple("Counted", "counts status messages")
Checked = _namedtuple("Checked", "status messages blanks")
Rated = _namedtuple("Rated", "ratings hardest status messages steps at_least levels")
Trajectories = _namedtuple("Trajectories", "moves lengths status messages ratings")
Step = _namedtuple("Step", "technique name rating text placements eliminations cells units record")
Explained = _namedtuple("Explained", "steps status message solution")
Hint = _namedtuple("Hint", "step status message hint")
Generated = _namedtuple("Generated",
                        "puzzles solutions ratings status messages clues seed position")
Position = _namedtuple("Position", "grids marks rounds")
Minimized = _namedtuple("Minimized", "puzzles status messages")
Canon = _namedtuple("Canon", "forms transforms automorphisms status messages")
Transformed = _namedtuple("Transformed", "isomorphs transforms solutions status messages")


def read(puzzles, *, size=None, column=None):
    """Reads a batch: the puzzles as an array of grids, with what came
    with them.

    Returns ``Read(puzzles, names, status, messages, columns)``:
    ``puzzles`` an (N, n*n) uint8 array of the grids (0 blank; a puzzle
    that could not be read is all blanks), ``names`` the title or text that
    came with each puzzle ("" if none), ``status`` ``OK`` or ``ERROR`` for
    each, ``messages`` None or why it could not be read, ``columns`` for
    a CSV table the other columns by name, N values each, e.g.
    ``columns["rating"]``; None when no puzzle came from a table.
    ``column=`` picks a CSV table's puzzle column by name or number from 1
    (default: the one its header calls puzzle, quizzes, question, ...).
    The first puzzle read fixes the size; puzzles of another size fail
    (``size=`` fixes it beforehand).

    Each column comes back as what all of its values are, empty ones
    aside (a line without the field counts as empty):

    - grids: every value reads as one puzzle of the batch's size (a
      ``solution`` or ``solutions`` column): an (N, n*n) uint8 array as
      ``puzzles`` (all blanks where empty), so that a table of puzzles and
      solutions comes back as two arrays in one call: ``r.puzzles,
      r.columns["solutions"]``;
    - numbers: every value is a number as JSON writes one (``-12``,
      ``2.5``, ``1e3``; no leading zeros, so "007" stays text): a list of
      int when all are integers of int64 (empty: None), else of float
      (empty: NaN, as ``rate``'s ratings), e.g. a rating column;
    - text otherwise: a list of str ("" where empty).

    A ``str`` is puzzle text, never a file name: one that holds no puzzle
    (``read("k.csv")``) raises ``ValueError``; pass a file as
    ``pathlib.Path("k.csv")``.

    >>> r = read("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...          ".6....28....419..5....8..79")
    >>> r.puzzles.shape, STATUS[r.status[0]]
    ((1, 81), 'ok')
    >>> t = read("source,question,answer,rating\\n"
    ...          "book,1.3......1.3.4..,1234431221433421,2.0\\n")
    >>> t.puzzles.strings(), t.columns["answer"].strings(), t.columns["rating"]
    (['1.3......1.3.4..'], ['1234431221433421'], [2.0])
    >>> t.columns["source"]
    ['book']
    """
    grids, names, status, messages, rows = _nonet.read(puzzles, size, column)
    return Read(grids, names, status, messages, _table(rows, grids.size))


def _table(rows, size):
    """Per-puzzle dicts (or None) as named columns of equal length, each
    typed by read's rule."""
    names = {}
    for row in rows:
        if row:
            for name in row:
                names.setdefault(name, None)
    if not names:
        return None
    return {name: _typed([row.get(name, "") if row else "" for row in rows], size)
            for name in names}


_number = None


def _typed(values, size):
    """A column's values (str) as grids, numbers or text: read's rule."""
    global _number
    first = next((v for v in values if v), None)
    if first is None:
        return values
    if _nonet.read([first], size, None)[2][0] == OK:
        rows, cols = (int(k) for k in size.split("x"))
        blank = "." * (rows * cols) ** 2
        grids, _, status, _, _ = _nonet.read([v or blank for v in values], size, None)
        if status.tolist().count(OK) == len(values):
            return grids
        return values
    if _number is None:
        import re
        _number = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?").fullmatch
    real = False
    for v in values:
        if v:
            m = _number(v)
            if not m:
                return values
            real = real or m.group(1) is not None or m.group(2) is not None
    if real:
        return [float(v) if v else float("nan") for v in values]
    ints = [int(v) if v else None for v in values]
    if any(i is not None and not -(1 << 63) <= i < 1 << 63 for i in ints):
        return values
    return ints


def write_csv(dest, puzzles, table=None, **columns):
    """Writes a CSV table in the command's schema (``nonet solve -f csv``
    and the others): a header, then one line a puzzle, its ``puzzle``
    column first ('.' blanks), then the given columns in order, each a
    sequence of N values: arrays of grids (``solution=s.solutions``, or
    numpy's (N, n*n) arrays) as lines, ``status`` arrays as their words,
    ``hardest`` technique ids and ``level`` indexes (``rate``'s
    ``levels``) as names, floats as the shortest text that reads back the
    same (SE ratings: one decimal, 4.5; NaN empty), None empty, and
    anything else as ``str`` does. ``table``: the other columns of a table
    read by ``read`` (``r.columns``: grids, numbers, text), kept after
    them as the command keeps them, a name that is already a column's
    becoming "input_NAME".
    ``dest``: a path or a file open for writing text. Returns the number
    of lines written. ``read`` reads the table back (its puzzle column by
    name).

    >>> import io
    >>> f = io.StringIO()
    >>> write_csv(f, ["1.3......1.3.4.."], rating=[2.0], source=["book"])
    1
    >>> print(f.getvalue(), end="")
    puzzle,rating,source
    1.3......1.3.4..,2.0,book
    """
    import csv
    import os

    if table is not None and not isinstance(table, dict):
        raise TypeError("table: a table's other columns by name (read(...).columns), a dict, "
                        "not %s" % type(table).__name__)
    puzzles = puzzles if isinstance(puzzles, Array) else read(puzzles).puzzles
    n = len(puzzles)
    for name, values in (table or {}).items():
        while name == "puzzle" or name in columns:
            name = "input_" + name
        columns[name] = values
    # each column as rows i..j-1 in Python values, a chunk at a time, so
    # that a large table never exists as text all at once
    cols = []
    for name, values in columns.items():
        if isinstance(values, Array) and values.size:  # grids
            part = values.strings
        elif getattr(values, "ndim", 1) == 2:  # grids in another array (numpy)
            part = (lambda v: lambda i, j: read(v[i:j], size=puzzles.size).puzzles.strings())(
                values)
        elif getattr(getattr(values, "dtype", None), "kind", "") == "f" and values.itemsize < 8:
            # numpy's float32: each as its own shortest text (1.2, not 1.2000000476837158)
            part = (lambda v: lambda i, j: [float(str(x)) for x in v[i:j]])(values)
        elif isinstance(values, Array) or hasattr(values, "tolist"):  # numbers
            part = (lambda v: lambda i, j: list(v[i:j]) if isinstance(v, Array)
                    else v[i:j].tolist())(values)
        else:
            if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
                raise TypeError("column %s: a sequence of %d values (one a puzzle), not %s"
                                % (name, n, type(values).__name__))
            values = list(values)
            part = (lambda v: lambda i, j: v[i:j])(values)
        if len(values) != n:
            raise ValueError("column %s: %d values for %d puzzles" % (name, len(values), n))
        cols.append((name, part))

    def cell(name, v):
        if v is None:
            return ""
        if isinstance(v, float):
            return "" if v != v else float.__repr__(v)
        if name == "status" and isinstance(v, int):
            return STATUS[v]
        if name == "hardest" and isinstance(v, int):
            return TECHNIQUES[v] if v >= 0 else ""
        if name == "level" and isinstance(v, int):
            return LEVELS[v].name if v >= 0 else ""
        return str(v)

    close = not hasattr(dest, "write")
    if close:
        try:
            path = os.fspath(dest)
        except TypeError:
            raise TypeError("dest: a path or a file open for writing text, not %s"
                            % type(dest).__name__) from None
    f = open(path, "w", newline="", encoding="utf-8") if close else dest
    try:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["puzzle"] + [name for name, _ in cols])
        for i in range(0, n, 1 << 16):
            j = min(n, i + (1 << 16))
            parts = [[cell(name, v) for v in part(i, j)] for name, part in cols]
            w.writerows(zip(puzzles.strings(i, j), *parts))
    finally:
        if close:
            f.close()
    return n


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


def solve(puzzles, *, size=None, column=None, unique=False, first=False, threads=0,
          timeout=None):
    """Solves a batch.

    Returns ``Solved(solutions, status, messages)``: ``solutions`` an
    (N, n*n) uint8 array (all blanks where there is none), ``status`` for
    each ``UNIQUE``, ``MULTIPLE`` (its first solution is given, unless
    ``unique=True``), ``NO_SOLUTION``, ``INVALID`` (clues that conflict),
    ``ERROR`` (unreadable), or ``SOLVED`` with ``first=True`` (the first
    solution found, its uniqueness not checked: the fastest; ``first``
    and ``unique`` do not go together). ``timeout``: seconds each puzzle
    may take (None: no limit); a puzzle past it is ``TIMEOUT``, with the
    first solution found before then, if any (unless ``unique=True``).

    >>> s = solve(["53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...            ".6....28....419..5....8..79"])
    >>> s.solutions.strings()[0][:9], STATUS[s.status[0]]
    ('534678912', 'unique')
    """
    return Solved(*_nonet.solve(puzzles, size, column, unique, first, threads, timeout))


def count(puzzles, *, size=None, column=None, limit=2, threads=0, timeout=None):
    """Counts each puzzle's solutions, up to ``limit`` (0: no limit; 2, the
    default, decides uniqueness). With no limit, a puzzle with few clues
    can take longer than anyone waits (the empty 9x9 grid has 6.67e21
    solutions): ``timeout`` (seconds each puzzle may take; None: no
    limit) bounds it, and Ctrl-C stops the call.

    Returns ``Counted(counts, status, messages)``: ``counts`` an int64
    array, ``status`` ``UNIQUE``, ``MULTIPLE`` (or the limit stopped the
    count), ``NO_SOLUTION``, ``INVALID``, ``ERROR``, or ``TIMEOUT``: its
    time ran out, and ``counts`` holds the solutions found until then (a
    lower bound; the message says so too).

    >>> count(["1...", "...."], size="1x2").counts.tolist()
    [1, 2]
    """
    return Counted(*_nonet.count(puzzles, size, column, limit, threads, timeout))


def check(puzzles, solutions=None, *, size=None, column=None):
    """Checks grids by the rules: each alone (``SOLVED``, ``INCOMPLETE``
    with no digit twice in a unit, or ``INCONSISTENT``), or, with
    ``solutions`` (a batch of the same length), whether each is a right
    solution of its puzzle (``CORRECT`` or ``WRONG``, and why).

    Returns ``Checked(status, messages, blanks)``, ``blanks`` the blank
    cells of each grid (or proposed solution; -1 where inconsistent).

    >>> c = check(["12..", "1121"], size="1x2")
    >>> [STATUS[v] for v in c.status], c.blanks.tolist()
    (['incomplete', 'inconsistent'], [2, -1])
    """
    return Checked(*_nonet.check(puzzles, solutions, size, column))


def rate(puzzles, *, size=None, column=None, ceiling=None, threads=0, timeout=None):
    """Rates each puzzle on Sudoku Explainer's scale by solving it like a
    person: always the easiest step of the ladder, the rating that of the
    hardest step taken.

    Returns ``Rated(ratings, hardest, status, messages, steps, at_least,
    levels)``: ``ratings`` float64 (NaN where there is none), ``hardest`` the hardest
    step's technique id (int8, ``TECHNIQUES[id]``; -1 for none), ``status``
    ``UNIQUE`` (rated), ``STUCK`` (the ladder ran out: ``at_least`` is the
    least rating the next step can have), ``MULTIPLE``, ``NO_SOLUTION``,
    ``INVALID``, ``ERROR``, or ``TIMEOUT`` (its ``timeout`` seconds ran
    out: ``at_least`` the hardest step's rating until then, NaN before
    the first); ``steps`` the steps taken (int32); ``levels`` each rated
    puzzle's level, an index of ``LEVELS`` (int8: ``LEVELS[levels[i]].name``,
    "easy" to "diabolical", the command's words; -1 unless ``UNIQUE``).
    ``ceiling=`` (e.g.
    6.5, from 1.0 to 20.0) leaves out the techniques above it: a puzzle
    that needs more is ``STUCK`` quickly instead of running the deepest
    chains.

    >>> r = rate(["53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...           ".6....28....419..5....8..79"])
    >>> r.ratings[0], TECHNIQUES[r.hardest[0]], LEVELS[r.levels[0]].name
    (1.2, 'hidden single (box)', 'easy')
    """
    return Rated(*_nonet.rate(puzzles, size, column, ceiling, threads, timeout))


def trajectories(puzzles, *, size=None, column=None, ceiling=None, threads=0, timeout=None):
    """The order in which a person fills each puzzle's cells: the ladder's
    path, as trajectory datasets store it.

    Returns ``Trajectories(moves, lengths, status, messages, ratings)``:
    ``moves`` an int16 array of shape (N, n*n, 4), for puzzle i its
    placements in order, each (row, column, digit, technique id) with row
    and column from 0, padded with -1 after ``lengths[i]`` of them (the
    puzzle's blanks when solved; fewer when ``STUCK`` or ``TIMEOUT``);
    ``status`` and ``messages`` as ``rate``'s; ``ratings`` the SE rating
    of the path.

    >>> t = trajectories([".32...1......23."])
    >>> t.lengths[0], t.moves[0][0], TECHNIQUES[t.moves[0][0][3]]
    (11, [2, 2, 4, 0], 'full house')
    """
    return Trajectories(*_nonet.trajectories(puzzles, size, column, ceiling, threads, timeout))


def _step(raw):
    technique, tenths, text, placements, eliminations, cells, units, record = raw
    return Step(technique, TECHNIQUES[technique], tenths / 10, text, placements, eliminations,
                cells, units, _json.loads(record))


def explain(puzzle, marks=None, *, size=None, ceiling=None, timeout=None):
    """Every step of solving one puzzle like a person, in order.

    ``puzzle``: one puzzle (a str in any layout, with pencil marks if it
    has them, or an array of n*n cells); ``marks``: the candidates of each
    cell instead (n*n entries, each a str of digits "137" or a bit mask,
    bit d-1 for digit d).

    Returns ``Explained(steps, status, message, solution)``: ``steps`` a
    list of ``Step(technique, name, rating, text, placements,
    eliminations, cells, units, record)``: the technique's id and name, its
    SE rating, the step in words (rows and columns from 1, as a person reads
    them), what it places and removes as (row, column, digit) with row and
    column from 0, the pattern's cells as (row, column, digits), its units
    as ("row" | "column" | "box", index from 0), and ``record``, the step's
    whole record as a dict, the same as ``nonet explain --json`` writes
    (``nonet help json``): ``pattern`` with each cell's ``role``,
    ``houses`` with theirs, and for chains ``chain``: ``kind``,
    ``complexity`` and ``branches``, each a list of nodes (``cell`` "r1c2",
    ``digit``, ``on``) from its assumption to its conclusion, every other
    node with ``parents`` (indices in its branch) and ``link``
    ("strong", "weak" or "implied", true in the step's starting position;
    an implied one says ``by`` "cell", "house", "rule" or "chain"), and
    ``house`` where a house makes the link; ``solution`` the
    final position (an array of one grid) unless the puzzle failed.
    ``timeout``: seconds it may take (None: no limit); past it the status
    is ``TIMEOUT``, with the steps taken until then and their position.

    >>> e = explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...             ".6....28....419..5....8..79")
    >>> len(e.steps), e.steps[0].text, e.steps[0].placements
    (51, 'hidden single in box 2: r1c6 = 8', [(0, 5, 8)])
    """
    steps, status, message, solution = _nonet.explain(puzzle, marks, size, ceiling, timeout)
    return Explained([_step(s) for s in steps], status, message or None, solution)


def hint(puzzle, marks=None, *, size=None, ceiling=None, timeout=None, level=3):
    """The next step a person would take from a position: a puzzle, with
    its pencil marks (in its text, or ``marks=`` as ``explain`` takes
    them), told in one of three levels (``level``): 1 the technique and
    where to look, 2 also the cells and candidates of its pattern, 3 the
    whole step (the default).

    Returns ``Hint(step, status, message, hint)``: ``step`` a ``Step`` (as
    ``explain``'s) at level 3, else None, and None when the grid is solved
    (``SOLVED``), no step of the ladder applies (``STUCK``) or ``timeout``
    seconds passed first (``TIMEOUT``); ``hint`` the hint at that level as
    a dict, the same as ``nonet hint --level LEVEL --json`` writes
    (``nonet help json``): ``level``, ``technique``, ``difficulty``,
    ``region`` (where to look: ``kind`` "house", "band", "stack",
    "boxes", "rows", "columns" or "grid", ``houses``, ``name``), from
    level 2 ``cells`` (``cell``, ``digits``, ``role``) and ``houses``, at
    level 3 ``placements`` and ``eliminations``, and ``text``, the hint in
    words; None when there is no step. Levels 1 and 2 hold no candidate the
    step places or eliminates.

    >>> p = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...      ".6....28....419..5....8..79")
    >>> hint(p).step.text
    'hidden single in box 2: r1c6 = 8'
    >>> hint(p, level=1).hint["text"]
    'hidden single: look at box 2'
    >>> hint(p, level=2).hint["text"]
    'hidden single in box 2: r1c6 is the only place of one of its digits'
    """
    steps, status, message, _, record = _nonet.hint(puzzle, marks, size, ceiling, timeout, level)
    return Hint(_step(steps[0]) if steps else None, status, message or None,
                _json.loads(record) if record else None)


def generate(count, seed=None, *, first=1, symmetry=None, strict=False, clues=0,
             max_clues=0, level=None, rating=None, size=None, max_tries=0, threads=0,
             timeout=None, needs=None, hardest=False, position=False):
    """Makes ``count`` puzzles with exactly one solution: the puzzles
    ``nonet generate -n COUNT --seed SEED --from FIRST`` makes with the
    same options, the same on every machine and for any ``threads``.
    Puzzle i of the result is index ``first + i`` of the seed's stream, so
    a run split into parts (``first=1``, ``first=1001``, ...) makes the
    same puzzles as one run.

    ``seed``: an int from 0 to 2**64-1 (None: a fresh one, returned in
    the result); ``symmetry``: of the clue pattern (``SYMMETRIES``;
    None: "rot180", as the command, or "none" with ``needs``);
    ``strict``: minimal clue by clue
    too; ``clues``: exactly that many; ``max_clues``: at most; ``level``:
    "easy", "medium", "hard", "fiendish" or "diabolical", or ``rating``:
    (min, max) on SE's scale, min from 1.0 (max 0 or None: no upper
    bound); ``size``: the boxes ("2x3"; default 3x3); ``max_tries``:
    solution grids dug per puzzle before giving up (0: 10000; with
    ``needs``, candidates tried for a base puzzle, 0: 20000);
    ``timeout``: seconds each puzzle may take (None: no limit).

    ``needs``: a technique's name (``TECHNIQUES``' words, any case:
    "x-wing", "jellyfish", "forcing chain"; another raises ValueError
    listing them): 9x9 puzzles, no symmetry, whose solving path (the
    ladder's, as ``rate`` and ``explain`` walk it) uses the technique with
    no harder one before it, the puzzles of ``nonet generate --needs NAME
    --seed SEED --from FIRST`` (README, "Puzzles that need a technique":
    bases filtered or kept, dug around the pattern, turned by a symmetry
    of Sudoku); not with ``symmetry`` (but "none"), ``strict``,
    ``clues``, ``max_clues``, ``level``, ``rating`` or ``size``.
    ``hardest``: it is also the hardest step (``rate``'s ``hardest``);
    ``position``: also the position just before the technique is first
    needed, what a trainer shows (``hardest`` and ``position`` go with
    ``needs``).

    Returns ``Generated(puzzles, solutions, ratings, status, messages,
    clues, seed, position)``: ``ratings`` the SE rating where a level,
    a rating or ``hardest`` was asked, NaN otherwise; ``status``
    ``UNIQUE``, ``ERROR`` where the tries ran out, or ``TIMEOUT`` where
    the time did (the message says so; the puzzle is then all blanks);
    ``position`` None unless asked, else ``Position(grids, marks,
    rounds)``: ``grids`` the clues and the digits placed by then (uint8,
    (N, 81)), ``marks`` every cell's candidates then as bit masks, bit d-1
    for digit d, a placed cell's its own digit (int16, (N, 81): ``marks=``
    of ``explain`` and ``hint``), ``rounds`` the ladder's rounds before it
    (int32; the command's "round R" is the technique's own, rounds + 1;
    -1 where the puzzle failed).

    Why NaN without a level or rating: making a puzzle needs no rating,
    and rating costs about ten times the making (9x9, one thread: some
    0.05 ms to make one, 0.5 ms to rate it on average, up to tens of ms
    for the few that need chains), so it is done only where asked.
    ``rate(g.puzzles)`` rates them afterwards (``nonet generate -f csv``
    rates each puzzle as it writes it, the same ratings).

    >>> g = generate(2, seed=1)
    >>> g.puzzles.shape, [STATUS[v] for v in g.status], g.ratings.tolist()
    ((2, 81), ['unique', 'unique'], [nan, nan])
    >>> rate(g.puzzles).ratings.tolist()
    [1.5, 2.3]
    >>> x = generate(1, seed=2026, needs="x-wing", position=True)
    >>> x.puzzles.strings()[0]
    '.3....17..1..9.4..8.7....2...1..6..4.487..2.......4....74..9..........86..6..57..'
    >>> hint(x.position.grids.strings()[0], x.position.marks[0]).step.name
    'x-wing'
    >>> x.position.rounds[0], x.position.marks[0][:3]
    (12, [8, 4, 274])
    """
    if seed is None:
        import os
        seed = int.from_bytes(os.urandom(8), "little")
    *raw, pos = _nonet.generate(count, seed, first, symmetry, strict, clues=clues,
                                max_clues=max_clues, level=level, rating=rating, size=size,
                                max_tries=max_tries, threads=threads, timeout=timeout,
                                needs=needs, hardest=hardest, position=position)
    return Generated(*raw, seed, Position(*pos) if pos is not None else None)


def minimize(puzzles, *, symmetry="none", size=None, column=None, threads=0, timeout=None):
    """Reduces each puzzle to a minimal one with the same unique solution:
    clues removed (a symmetric group at a time) while the solution stays
    unique; with a symmetry, the clues its groups lack are first filled in
    from the solution.

    Returns ``Minimized(puzzles, status, messages)``: ``status``
    ``UNIQUE``, or ``MULTIPLE``, ``NO_SOLUTION``, ``INVALID``, ``ERROR``,
    ``TIMEOUT`` (``timeout`` seconds passed first; the puzzle is then all
    blanks).
    """
    return Minimized(*_nonet.minimize(puzzles, symmetry, size, column, threads, timeout))


def canon(puzzles, *, size=None, column=None, threads=0):
    """The canonical form of each puzzle: the least of all the grids its
    symmetries make (for 9x9, patminlex's minlex form). Two puzzles are
    equivalent exactly when their forms are equal: dedupe on forms, and
    split train and test sets by them.

    Returns ``Canon(forms, transforms, automorphisms, status, messages)``:
    ``transforms`` one row each (see ``transform``) that makes the form
    from the puzzle; ``automorphisms`` how many symmetries give the form
    (1 when the puzzle has no symmetry of its own). Boxes up to 5x5.
    """
    return Canon(*_nonet.canon(puzzles, size, column, threads))


def transform(puzzles, seed=None, *, transforms=None, solutions=None, first=1, size=None,
              column=None, threads=0):
    """Applies a symmetry of the grid to each puzzle: a transposition
    (square boxes), bands and the rows in each band, stacks and the
    columns in each, and a relabelling of the digits: the isomorphs of a
    puzzle, equivalent to it (the same canonical form), as augmentation
    wants them.

    Either ``seed`` (puzzle i gets transform ``first + i`` of the seed's
    stream, ``first`` from 1: ``nonet transform --seed SEED`` makes the
    same), or
    ``transforms`` (one row for all, or one each: an array of rows, or the
    command's text ``"t=0;rows=...;cols=...;digits=..."``, or a list of
    such strings). ``solutions``: their solutions (one each, the same
    size), transformed alike.

    A transform is a uint8 row of 1 + 3n entries: transpose (0 or 1),
    then for each row of the result its source row (from 0), then each
    column's source column, then what each digit 1..n becomes.
    ``invert(transforms)`` undoes them; ``transform_text`` writes them as
    the command does.

    Returns ``Transformed(isomorphs, transforms, solutions, status,
    messages)`` (``solutions`` None unless given).
    """
    return Transformed(*_nonet.transform(puzzles, seed, transforms, solutions, first, size, column,
                                         threads))


def invert(transforms, *, size=None):
    """The inverse of each transform: ``transform(transform(p,
    transforms=t).isomorphs, transforms=invert(t))`` gives back ``p``."""
    return _nonet.invert(transforms, size)


def transform_text(transforms, *, size=None):
    """Each transform as the command writes it:
    ``"t=0;rows=1,2,...;cols=...;digits=..."`` (rows, columns and digits
    from 1, "size=RxC;" first for shapes other than 3x3); ``transform``
    reads it back."""
    return _nonet.transform_text(transforms, size)


__all__ = [
    "Array", "STATUS", "TECHNIQUES", "SYMMETRIES", "LEVELS", "Level", "OK", "UNIQUE", "MULTIPLE",
    "SOLVED", "NO_SOLUTION", "INVALID", "ERROR", "STUCK", "INCOMPLETE", "INCONSISTENT", "CORRECT",
    "WRONG", "TIMEOUT",
    "Read", "Solved", "Counted", "Checked", "Rated", "Trajectories", "Step", "Explained", "Hint",
    "Generated", "Position", "Minimized", "Canon", "Transformed", "read", "write_csv", "format", "solve",
    "count", "check",
    "rate", "trajectories", "explain", "hint", "generate", "minimize", "canon", "transform",
    "invert", "transform_text",
]
