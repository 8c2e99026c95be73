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
