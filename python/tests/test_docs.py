"""The examples of the docstrings and of README's Python section run as
written."""
import doctest
import os
import re

import nonet

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def test_docstrings():
    failed, tried = doctest.testmod(nonet, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failed == 0


def test_readme_python_blocks(monkeypatch):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        blocks = re.findall(r"^```python\n(.*?)^```", f.read(), re.S | re.M)
    assert blocks, "README has no Python example"
    monkeypatch.chdir(ROOT)
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_every_function_has_a_docstring_and_a_stub():
    import ast
    import inspect
    with open(os.path.join(os.path.dirname(nonet.__file__), "__init__.pyi")) as f:
        stub = ast.parse(f.read())
    stubs = {node.name: node for node in stub.body if isinstance(node, ast.FunctionDef)}
    classes = {node.name for node in stub.body if isinstance(node, ast.ClassDef)}
    for name in nonet.__all__:
        obj = getattr(nonet, name)
        if inspect.isfunction(obj):
            assert obj.__doc__ and len(obj.__doc__) > 80, name
            args = stubs[name].args
            stub_params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
            real = [p.name for p in inspect.signature(obj).parameters.values()
                    if p.kind != p.VAR_KEYWORD]
            assert stub_params == real, name
        elif isinstance(obj, type):
            assert name in classes, name


def test_readme_install_lines_name_their_python():
    # with another python3 first on PATH (pyenv's), `python3 -m venv` makes
    # a venv without Debian's wheel, whose pip fails with "invalid command
    # 'bdist_wheel'": README's install lines name the interpreter, and
    # tests/python.sh runs them as written with a failing python3 first on
    # PATH (readme.py gives both the same lines)
    import readme
    lines = readme.install_lines()
    assert any("pip install" in line for line in lines), lines
    assert any("-m venv" in line for line in lines), lines
    for line in lines:
        for word in readme.command_words(line):
            assert "/" in word or word not in readme.INTERPRETERS, \
                "README runs %r from PATH: %s" % (word, line)
    assert readme.command_words("PYTHONPATH=python python3 -c 'a; b' && make python "
                                "PYTHON=python3 # python3") == ["python3", "make", "python3"]
    assert "apt-get" not in "".join(readme.run_lines())


def test_generate_says_why_its_ratings_are_nan():
    # without a level or rating range, generate leaves ratings NaN: its
    # docstring says why (the cost) and how to rate them
    import math
    g = nonet.generate(2, seed=1)
    assert all(math.isnan(x) for x in g.ratings)
    doc = " ".join(nonet.generate.__doc__.split())
    assert "Why NaN without a level or rating" in doc
    assert "ten times" in doc and "rate(g.puzzles)" in doc
    rated = nonet.rate(g.puzzles).ratings.tolist()
    assert rated == [1.5, 2.3]
    from test_functions import cli  # the command's records rate each: the same ratings
    table = nonet.read(cli("generate", "-n", "2", "--seed", "1", "-f", "csv"))
    assert table.puzzles.tolist() == g.puzzles.tolist() and table.columns["rating"] == rated
