"""Which referee the tests test: the installed build, or the source tree.

``pip install '.[test]' && mypy && pytest`` (the README's test command) installs referee — compiled
with mypyc where a C compiler is there (setup.py) — and the tests must test *that*, not the
``referee/`` sources beside them, which Python would otherwise find first (pytest puts the
repository on ``sys.path``, and ``python -m referee`` run in it puts the working directory first).
So, unless the installed referee is an editable install of this tree (then the sources *are*
what is installed) or ``REFEREE_TEST_SOURCE=1`` asks for the sources, this module, imported by
conftest.py before anything imports referee:

- takes the repository out of ``sys.path`` (the ``tests`` package stays imported);
- sets ``PYTHONSAFEPATH=1`` for the subprocesses the tests start, so that ``python -m referee``
  with the repository as working directory does not put it first either, and takes the
  repository out of ``PYTHONPATH``.

``REFEREE_TEST_SOURCE=1`` instead puts the repository first on both (the pure Python sources
are tested, with the installed package's metadata: its entry points name the same modules).
:func:`pythonpath` is what a test gives a subprocess as ``PYTHONPATH``.
"""
from __future__ import annotations

import json
import os
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _editable_here() -> bool:
    """True when the installed referee is an editable install (or none is installed: then only
    the sources can be tested).  The metadata that ``pip install .`` leaves in the tree itself
    (``referee.egg-info``) is no installed referee and is passed over."""
    for dist in metadata.distributions(name="referee"):
        try:
            where = Path(str(dist.locate_file(""))).resolve()
        except OSError:
            continue
        if where == ROOT:
            continue
        text = dist.read_text("direct_url.json")
        try:
            info = json.loads(text) if text else {}
        except ValueError:
            info = {}
        return bool(info.get("dir_info", {}).get("editable"))
    return True


def _same(a: str, b: Path) -> bool:
    try:
        return Path(a or ".").resolve() == b
    except OSError:
        return False


SOURCE = os.environ.get("REFEREE_TEST_SOURCE", "") not in ("", "0") or _editable_here()
"""True: the tests test the sources of this tree; False: the installed (non-editable) build."""

_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if SOURCE:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if str(ROOT) not in _paths:
        _paths.insert(0, str(ROOT))
else:
    sys.path[:] = [p for p in sys.path if not _same(p, ROOT)]
    _paths = [p for p in _paths if not _same(p, ROOT)]
    os.environ["PYTHONSAFEPATH"] = "1"
if _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join(_paths)
else:
    os.environ.pop("PYTHONPATH", None)


def pythonpath() -> str:
    """``PYTHONPATH`` for a subprocess that must run the referee under test (and the plugin
    game, which tests/plugin.py puts there)."""
    return os.environ.get("PYTHONPATH", "")
