"""README's install lines: the ```sh blocks of its "## Python" section
before the section's first "###" heading, as written.

tests/python.sh runs them (``python3 readme.py`` prints them, the
apt-get lines left out: CI installs those packages, and a test never
does), and test_docs.py checks that each names its interpreter, so that
what README says is what is tested.
"""
import os
import re
import shlex
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
INTERPRETERS = {"python", "python3", "pip", "pip3"}


def install_lines(path=os.path.join(ROOT, "README.md")):
    """Every line of the install blocks, comments included."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = re.search(r"^## Python$", text, re.M)
    if not start:
        raise SystemExit("README.md has no '## Python' section")
    section = text[start.end():]
    end = re.search(r"^##", section, re.M)
    section = section[:end.start()] if end else section
    blocks = re.findall(r"^```sh\n(.*?)^```", section, re.S | re.M)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def command_words(line):
    """The words of a shell line that name programs: the first of each
    command (after VAR=value assignments), and the value of a PYTHON=
    assignment (make python PYTHON=...)."""
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    words, start = [], True
    for token in lex:
        if token in (";", "&&", "||", "|", "&", "(", ")"):
            start = True
        elif re.match(r"[A-Za-z_][A-Za-z0-9_]*=", token):
            if token.startswith("PYTHON="):
                words.append(token[len("PYTHON="):])
        elif start:
            words.append(token)
            start = False
    return words


def run_lines():
    """The lines a test runs: all but apt-get's."""
    return [line for line in install_lines() if command_words(line)[:1] != ["apt-get"]]


def venv_python():
    """The interpreter of the venv the lines install into: beside the pip
    they run (~ as $HOME)."""
    pips = [w for line in install_lines() for w in command_words(line)
            if os.path.basename(w) in ("pip", "pip3") and "/" in w]
    if not pips:
        raise SystemExit("README's install lines run no pip of a venv")
    return os.path.join(os.path.dirname(os.path.expanduser(pips[-1])), "python")


if __name__ == "__main__":
    if sys.argv[1:] == ["--venv-python"]:
        print(venv_python())
    else:
        sys.stdout.write("".join(line + "\n" for line in run_lines()))
