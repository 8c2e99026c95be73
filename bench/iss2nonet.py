#!/usr/bin/env python3
"""iss2nonet.py - converts puzzles written in Interactive Sudoku Solver's
constraint-string format (".Cage~10~R1C1~R1C2.AntiKnight.~R1C1_8 ...") into
nonet's variant text form (`nonet help input`), for the variant benchmark.

  iss2nonet.py STRING             the text form on stdout
  iss2nonet.py --js FILE OUTDIR   every `input: '...'` string of a JavaScript
                                  data file whose constraints nonet reads: one
                                  .txt a puzzle in OUTDIR, the ISS string in a
                                  .iss beside it (and its solution, when the
                                  file gives one, in a .sol); prints a line a
                                  puzzle: ok, name, types, file, or why skipped

Our own reading of the format (types, cells as RxCy, givens as ~RxCy_D); it
imports and runs nothing of ISS's."""
import json
import os
import re
import sys


class Unsupported(Exception):
    pass


def cell(ref):
    m = re.fullmatch(r"R(\d+)C(\d+)", ref)
    if not m:
        raise Unsupported("cell %r" % ref)
    return int(m.group(1)), int(m.group(2))


def name(rc):
    return "r%dc%d" % rc


def little_killer_cells(first, n):
    """The diagonal of a little killer clue, from its first cell, as ISS lays
    its clues out: left side down-right, right side up-left, top down-left,
    bottom up-right; the first side that reaches a diagonal names it."""
    seen, keyed = set(), {}

    def add(r, c, dr, dc):
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append((r + 1, c + 1))
            r, c = r + dr, c + dc
        if len(cells) <= 1:
            return
        key = tuple(sorted(cells))
        if key in seen:
            return
        seen.add(key)
        keyed[cells[0]] = cells

    for r in range(n - 1):
        add(r, 0, 1, 1)
    for r in range(1, n - 1):
        add(r, n - 1, -1, -1)
    for c in range(1, n):
        add(0, c, 1, -1)
    for c in range(1, n - 1):
        add(n - 1, c, -1, 1)
    if first not in keyed:
        raise Unsupported("little killer clue %s" % name(first))
    return keyed[first]


# ISS's named lines: nonet's keyword, and whether ISS writes a value first
# (a lockout's gap, a sum line's sum, a modular line's M; a lockout of gap
# 0 is one of 1, its ends differing either way)
LINES = {"Palindrome": ("palindrome", False), "Between": ("between", False),
         "Lockout": ("lockout", True), "RegionSumLine": ("regionsum", False),
         "SumLine": ("sumline", True), "Zipper": ("zipper", False),
         "Modular": ("modular", True), "Entropic": ("entropic", False)}
# outside clues, .Type~R3~start~end
CLUES = {"XSum": "xsum", "Skyscraper": "skyscraper", "HiddenSkyscraper": "hiddenskyscraper",
         "NumberedRoom": "numberedroom"}

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def pair_table(key, n, swap):
    """The allowed pairs of ISS's relation key (a bit for each pair of
    digits, i then j, six to a base64 character; Binary's older keys swap
    '-' and '_') as nonet writes them: "1 2, 2 3"."""
    if swap:
        key = key.translate(str.maketrans("-_", "_-"))
    bits = [BASE64.index(ch) for ch in key]
    pairs = []
    for i in range(n):
        for j in range(n):
            k = i * n + j
            if k // 6 < len(bits) and bits[k // 6] >> (k % 6) & 1:
                pairs.append("%d %d" % (i + 1, j + 1))
    if not pairs:
        raise Unsupported("a relation that allows no pair")
    return ", ".join(pairs)


def named_groups(items):
    """The cells of each group of ISS's named cell groups: an empty item or
    a name (_name) between two."""
    group = []
    for item in items:
        if not item or item.startswith("_"):
            if group:
                yield group
            group = []
        else:
            group.append(item)
    if group:
        yield group


KILLER_SHORT = re.compile(r"[0-9A-Za-j<>^v`',.]{81}")
KILLER_LONG = re.compile(r"3x3:d?:k:(\d+:){80}\d+:?")


def convert(text):
    """(nonet text form, set of constraint types)"""
    text = text.strip()
    # the forums' one-line killer forms: nonet reads them as they are
    if KILLER_SHORT.fullmatch(text) and re.search(r"[<>^v`',]", text):
        return text + "\n", {"killer"}
    if KILLER_LONG.fullmatch(text):
        return text + "\n", {"killer", "diagonal"} if text.startswith("3x3:d") else {"killer"}
    n = 9
    entries = text.strip().split(".")
    for e in entries:
        if e.startswith("Shape~"):
            m = re.fullmatch(r"Shape~(\d+)x(\d+)", e)
            if not m or m.group(1) != m.group(2):
                raise Unsupported(e)
            n = int(m.group(1))
    givens = {}
    lines, types = [], set()
    regions = None
    for e in entries:
        if not e:
            continue
        parts = e.split("~")
        t, args = parts[0], parts[1:]
        if t == "":
            for a in args:
                if not a:
                    continue
                m = re.fullmatch(r"R(\d+)C(\d+)((?:_\d+)+)", a)
                if not m:
                    raise Unsupported("given %r" % a)
                rc, ds = (int(m.group(1)), int(m.group(2))), m.group(3)[1:].split("_")
                if len(ds) == 1:
                    givens[rc] = int(ds[0])
                else:  # the cell holds one of those digits: a line of one cell
                    lines.append('regex %s "[%s]"' % (name(rc), "".join(
                        d if int(d) <= 9 else chr(ord("A") + int(d) - 10) for d in ds)))
                    types.add("regex")
            continue
        cells = lambda xs: " ".join(name(cell(x)) for x in xs)
        if t == "Shape":
            continue
        elif t == "Cage":
            if args[0] == "":
                lines.append("cage %s" % cells(args[1:]))
            else:
                lines.append("cage %s = %s" % (cells(args[1:]), args[0]))
            types.add("killer")
        elif t == "LittleKiller":
            diag = little_killer_cells(cell(args[1]), n)
            lines.append("littlekiller %s = %s" % (" ".join(map(name, diag)), args[0]))
            types.add("little killer")
        elif t == "Arrow":
            lines.append("arrow %s : %s" % (cells(args[:1]), cells(args[1:])))
            types.add("arrow")
        elif t == "PillArrow":
            k = int(args[0])
            pill = sorted(args[1:1 + k], key=cell)  # the number reads in reading order
            lines.append("arrow %s : %s" % (cells(pill), cells(args[1 + k:])))
            types.add("arrow")
        elif t == "Thermo":
            lines.append("thermo %s" % cells(args))
            types.add("thermo")
        elif t == "Whisper":
            gap = None
            if args and not args[0].startswith("R"):
                gap, args = args[0], args[1:]
            lines.append("whisper %s%s" % (cells(args), " = %s" % gap if gap else ""))
            types.add("whisper")
        elif t == "Renban":
            lines.append("renban %s" % cells(args))
            types.add("renban")
        elif t in ("WhiteDot", "BlackDot", "X", "V"):
            word = {"WhiteDot": "white", "BlackDot": "black", "X": "x", "V": "v"}[t]
            if len(args) % 2:
                raise Unsupported(e)
            for i in range(0, len(args), 2):
                lines.append("%s %s" % (word, cells(args[i:i + 2])))
            types.add("kropki" if "Dot" in t else "xv")
        elif t == "Sandwich":
            lines.append("sandwich %s = %s" % (args[1].lower(), args[0]))
            types.add("sandwich")
        elif t == "Diagonal":
            lines.append("diagonal+" if args[0] == "1" else "diagonal-")
            types.add("diagonal")
        elif t in ("AntiKnight", "AntiKing", "AntiConsecutive", "Windoku", "DisjointSets"):
            lines.append({"AntiKnight": "antiknight", "AntiKing": "antiking",
                          "AntiConsecutive": "nonconsecutive", "Windoku": "windoku",
                          "DisjointSets": "disjoint"}[t])
            types.add({"AntiKnight": "anti-knight", "AntiKing": "anti-king",
                       "AntiConsecutive": "nonconsecutive", "Windoku": "windoku",
                       "DisjointSets": "disjoint"}[t])
        elif t == "StrictKropki":
            lines.append("negative kropki")
            types.add("kropki")
        elif t == "StrictXV":
            lines.append("negative xv")
            types.add("xv")
        elif t == "Jigsaw":
            m = args[-1]
            if len(m) != n * n:
                raise Unsupported(e)
            if "NoBoxes" in entries or not any(n % k == 0 for k in range(2, int(n ** 0.5) + 1)):
                regions = m  # the regions replace the boxes (a prime side has none)
            else:  # else they are houses beside them
                for sym in sorted(set(m)):
                    lines.append("region " + " ".join(
                        name((i // n + 1, i % n + 1)) for i in range(n * n) if m[i] == sym))
            types.add("jigsaw")
        elif t == "NoBoxes":
            if not any(x.startswith("Jigsaw") for x in entries):
                raise Unsupported("NoBoxes without a jigsaw")
        elif t in ("Odd", "Even"):
            lines.append("%s %s" % (t.lower(), cells(args)))
            types.add("odd/even")
        elif t in LINES:  # the named lines: cells, or a value then cells
            word, valued = LINES[t]
            value = ""
            if valued:
                value, args = " = %d" % max(int(args[0]), 1), args[1:]
            if args and args[-1] == "LOOP":  # a sum line's loop: its first cell again
                args = args[:-1] + args[:1]
            lines.append("%s %s%s" % (word, cells(args), value))
            types.add(word)
        elif t in ("Pair", "PairX", "Binary", "BinaryX"):  # a relation as a table
            allowed = pair_table(args[0], n, swap=t.startswith("Binary"))
            word = "pairwise" if t.endswith("X") else "pair"
            for group in named_groups(args[1:]):
                lines.append("%s %s [%s]" % (word, cells(group), allowed))
            types.add(word)
        elif t in CLUES:  # outside clues: a row or column, from its start and its end
            line, first, last = args[0], args[1], args[2] if len(args) > 2 else ""
            if not re.fullmatch(r"[RC]\d+", line):
                raise Unsupported("clue %r" % line)
            for clue, at_end in ((first, False), (last, True)):
                if not clue:
                    continue
                if line.startswith("R"):
                    where = "r%sc%d" % (line[1:], n + 1) if at_end else line.lower()
                else:
                    where = "r%dc%s" % (n + 1, line[1:]) if at_end else line.lower()
                lines.append("%s %s = %s" % (CLUES[t], where, clue))
            types.add(CLUES[t])
        else:
            raise Unsupported(t)
    sym = lambda d: str(d) if d <= 9 else chr(ord("A") + d - 10)
    grid = "".join(sym(givens[(r, c)]) if (r, c) in givens else "."
                   for r in range(1, n + 1) for c in range(1, n + 1))
    out = [grid]
    if regions:
        out.append("regions " + regions)
    out += lines
    return "\n".join(out) + "\n", types or {"classic"}


def js_entries(path):
    """(name, input, solution) of each entry of a JavaScript data file."""
    text = open(path).read()
    for m in re.finditer(r"\{\s*name:\s*(['\"])(.*?)\1(.*?)\n\s*\}", text, re.S):
        body = m.group(3)
        inp = re.search(r"input:\s*((?:'[^']*'\s*\+?\s*)+)", body)
        if not inp:
            continue
        s = "".join(re.findall(r"'([^']*)'", inp.group(1)))
        sol = re.search(r"solution:\s*'([^']*)'", body)
        yield m.group(2), s, sol.group(1) if sol else None
    # the collections' bare entries: a puzzle string, or [puzzle, solution]
    for m in re.finditer(r"export const (\w+) = new PuzzleCollection\((.*?)(?=\nexport |\Z)", text, re.S):
        k = 0
        for e in re.finditer(r"^\s*(\[\s*)?'([^']*)'(?:,\s*'([0-9]{81})')?", m.group(2), re.M):
            inp = e.group(2)
            if not (inp.startswith(".") or KILLER_SHORT.fullmatch(inp) or KILLER_LONG.fullmatch(inp)):
                continue  # a name: the puzzle is among the named entries
            k += 1
            yield "%s #%d" % (m.group(1), k), inp, e.group(3)


def main():
    if len(sys.argv) == 2:
        sys.stdout.write(convert(sys.argv[1])[0])
        return
    if len(sys.argv) != 4 or sys.argv[1] != "--js":
        sys.exit(__doc__)
    os.makedirs(sys.argv[3], exist_ok=True)
    k = 0
    for title, inp, sol in js_entries(sys.argv[2]):
        try:
            text, types = convert(inp)
        except (Unsupported, IndexError, ValueError) as why:
            print("skip\t%s\t%s" % (title, why))
            continue
        k += 1
        path = os.path.join(sys.argv[3], "p%03d.txt" % k)
        with open(path, "w") as f:
            f.write("# %s\n" % title + text)
        with open(path[:-4] + ".iss", "w") as f:  # the string as ISS reads it
            f.write(inp)
        if sol and re.fullmatch(r"[0-9A-G]+", sol):
            open(path[:-4] + ".sol", "w").write(sol + "\n")
        print("ok\t%s\t%s\t%s" % (title, ",".join(sorted(types)), path))


if __name__ == "__main__":
    main()
