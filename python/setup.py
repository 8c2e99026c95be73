"""Builds nonet's Python extension over the library `make` builds.

The extension links build/libnonet_pic.a (position-independent objects,
both code paths of the 9x9 engine with their run-time choice), so that it
runs the same code as the `nonet` command: `make python` builds that
archive and then this. Only setuptools is needed.
"""
import os

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("NONET_BUILD", os.path.join(ROOT, "build"))
ARCHIVE = os.path.join(BUILD, "libnonet_pic.a")

if not os.path.exists(ARCHIVE):
    raise SystemExit(f"{ARCHIVE} is missing: run `make python` from {ROOT}")

setup(
    name="nonet",
    version="0.1.0",
    description="Sudoku toolkit: solve, count, rate, explain, generate, in batches on arrays",
    packages=["nonet"],
    package_dir={"nonet": os.path.join(HERE, "nonet")} if os.getcwd() != HERE else {},
    package_data={"nonet": ["__init__.pyi", "py.typed"]},
    ext_modules=[
        Extension(
            "nonet._nonet",
            sorted(os.path.relpath(os.path.join(HERE, "src", f))
                   for f in os.listdir(os.path.join(HERE, "src")) if f.endswith(".c")),
            include_dirs=[os.path.join(ROOT, "include")],
            extra_objects=[ARCHIVE],
            libraries=["pthread"],
            depends=[ARCHIVE, os.path.join(ROOT, "include", "nonet.h"),
                     os.path.join(HERE, "src", "binding.h")],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra"]
            + (["-Werror"] if os.environ.get("NONET_WERROR") == "1" else []),
        )
    ],
)
