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
