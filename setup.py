"""Build of referee: the rules' hot path compiled with mypyc where it can be, else pure Python.

``pip install .`` compiles the modules in :data:`COMPILED` to C extensions with mypyc (it needs a
C compiler and the Python headers: on Debian ``gcc`` and ``python3-dev``).  Where the compiler,
the headers or mypyc are missing, or compiling fails, the same package is installed as pure
Python; a line "referee build: ..." says which and why (``pip install -v`` shows it).
``REFEREE_PURE=1`` asks for the pure build; an editable install (``pip install -e .``) is always
pure, so the sources you edit are what runs.  ``referee --version`` names the build.

Everything else is declared in pyproject.toml.
"""
from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "referee/cards.py",
    "referee/facts.py",
    "referee/games/tricks.py",
    "referee/search.py",
]
"""The modules compiled by mypyc: cards, the facts of the rules core, the trick machine, the
perfect-play search."""


def say(text: str) -> None:
    if not any(a in ("bdist_wheel", "build_ext", "install", "editable_wheel", "develop")
               for a in sys.argv):
        return  # the metadata steps run this file too: say it once, for the build itself
    print(f"referee build: {text}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, and when that fails leaves them out (the pure Python
    modules beside them are then what runs)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: the pure build
            say(f"pure Python (compiling failed: {str(e).splitlines()[0] if str(e) else type(e).__name__})")
            self.extensions = []

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:
            raise RuntimeError(f"{ext.name}: {e}") from e


def extensions() -> list[Any]:
    if os.environ.get("REFEREE_PURE", "") not in ("", "0"):
        say("pure Python (REFEREE_PURE is set)")
        return []
    if any(a in ("editable_wheel", "develop") for a in sys.argv):
        say("pure Python (an editable install runs its sources)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        say(f"pure Python (mypyc is not available: {e})")
        return []
    try:
        # the build environment holds the build requirements only: the optional libraries
        # that other modules import (dask, distributed) are not there to be type-checked
        exts = mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3")
    except BaseException as e:  # mypy errors end in SystemExit
        say(f"pure Python (mypyc failed: {e!r})")
        return []
    say("compiled with mypyc: " + ", ".join(COMPILED))
    return list(exts)


if __name__ == "__main__":  # setuptools runs this file as a script; the tests import it
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
