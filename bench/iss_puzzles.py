#!/usr/bin/env python3
"""iss_puzzles.py - the puzzles of Interactive Sudoku Solver's data files
(data/example_puzzles.js, data/collections.js), as ISS reads them: a
constraint string, or a line of its text box (a killer line, a grid,
pencil marks ...). Reads the files as text; runs nothing of ISS's and
converts nothing: nonet reads the strings itself (nonet_variant_parse).

  iss_puzzles.py ISS_DIR           NAME<TAB>INPUT<TAB>SOLUTION a line ("-": none)
  iss_puzzles.py ISS_DIR OUTDIR    each puzzle in OUTDIR/pNNN.iss, its name as
                                   a '#' line first (ISS and nonet both read
                                   it as a comment); prints FILE<TAB>NAME

An entry whose input is a path is read from the file when it is an .iss
file; a .js script (ISS runs it to make the puzzle) is listed as "skip" on
standard error."""
import os
import re
import sys

STRING = r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`"""


def literal(s):
    body = s[1:-1]
    if s[0] != '`':
        body = re.sub(r"\\(.)", r"\1", body)
    return body


def concat(expr):
    """The value of a JS expression made of string literals joined by +."""
    return "".join(literal(m.group(0)) for m in re.finditer(STRING, expr))


def entries(text):
    """(name, input, solution) of each object entry with an input: its
    name the nearest before its input, its solution the first after it
    before the next entry's name."""
    names = [(m.start(), literal(m.group(1)))
             for m in re.finditer(r"\bname:\s*(%s)" % STRING, text)]
    for m in re.finditer(r"\binput:\s*((?:(?:%s)\s*\+?\s*)+)" % STRING, text):
        before = [n for at, n in names if at < m.start()]
        if not before:
            continue
        after = [at for at, n in names if at > m.end()]
        rest = text[m.end():after[0] if after else len(text)]
        sol = re.search(r"\bsolution:\s*(%s)" % STRING, rest)
        extra = re.search(r"\bextraConstraints:\s*((?:(?:%s)\s*\+?\s*)+)" % STRING, rest)
        value = concat(m.group(1)) + (concat(extra.group(1)) if extra else "")
        yield before[-1], value, literal(sol.group(1)) if sol else None


def bare(text):
    """The collections' entries that are no objects: a puzzle string, a
    pair [puzzle, solution], or the name of an entry."""
    for m in re.finditer(r"export const (\w+) = new PuzzleCollection\((.*?)(?=\nexport |\Z)", text,
                         re.S):
        body = m.group(2)
        at = re.search(r"^\s*\{\}\s*,\s*\[|^  \[$", body, re.M)  # the array after the options
        if not at:
            continue
        rest = body[at.end():]
        close = re.search(r"^\s*\]", rest, re.M)  # the array's end
        rest = rest[:close.start()] if close else rest
        k = 0
        token = r"\[\s*(%s)\s*,\s*(%s)\s*\]|(%s)" % (STRING, STRING, STRING)
        for e in re.finditer(token, rest):
            inp = literal(e.group(1) or e.group(3))
            sol = literal(e.group(2)) if e.group(2) else None
            k += 1
            yield "%s #%d" % (m.group(1), k), inp, sol


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[1]
    seen, named = set(), {}
    found = []
    for f in ("example_puzzles.js", "collections.js"):
        text = open(os.path.join(root, "data", f)).read()
        for name, inp, sol in entries(text):
            named.setdefault(name, (inp, sol))
            found.append((name, inp, sol))
        for name, inp, sol in bare(text):
            if inp in named:  # a name: the named entry
                continue
            found.append((name, inp, sol))
    k = 0
    for name, inp, sol in found:
        inp = inp.strip()
        if inp.startswith("/"):
            path = os.path.join(root, inp.lstrip("/"))
            if not inp.endswith(".iss") or not os.path.exists(path):
                print("skip\t%s\t%s: a script, not a string" % (name, inp), file=sys.stderr)
                continue
            inp = open(path).read().strip()
        if (name, inp) in seen:
            continue
        seen.add((name, inp))
        if len(sys.argv) == 2:
            print("%s\t%s\t%s" % (name, " ".join(inp.split("\n")), sol or "-"))
            continue
        k += 1
        path = os.path.join(sys.argv[2], "p%03d.iss" % k)
        with open(path, "w") as out:
            out.write("# %s\n%s\n" % (name, inp))
        print("%s\t%s" % (path, name))


if __name__ == "__main__":
    main()
