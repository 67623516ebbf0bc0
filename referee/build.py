"""Which build of referee is running: ``"compiled"`` (the hot path compiled with mypyc at
install, see setup.py) or ``"pure"`` (pure Python: no C compiler at install, ``REFEREE_PURE=1``,
an editable install, or a source tree)."""
from __future__ import annotations

import importlib.machinery
from typing import Literal

Build = Literal["compiled", "pure"]

COMPILED_MODULES = ("referee.cards", "referee.facts", "referee.games.tricks", "referee.search")
"""The modules a compiled build compiles (setup.py's ``COMPILED``)."""


def build() -> Build:
    """``"compiled"`` when every module of :data:`COMPILED_MODULES` is (or would be) loaded
    from a C extension, else ``"pure"`` (a partly compiled tree cannot happen: mypyc builds them
    as one).  Looks each module up without running it (``importlib.util.find_spec``): asking
    which build runs loads no module it does not need (``check`` loads no solver)."""
    import importlib.util

    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if not isinstance(loader, importlib.machinery.ExtensionFileLoader):
            return "pure"
    return "compiled"
