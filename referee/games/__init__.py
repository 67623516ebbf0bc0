"""The game engines, one module per game, behind :class:`referee.games.base.MatchEngine`.

:data:`ENGINES` maps a log's ``game`` name to its engine class.  A game's module is imported the
first time a log asks for that game, so a run over one game does not load the other three.  A
game's policy (``<module>_policy``: candidate actions, simulation weights) is imported only by
:func:`referee.games.policy.policy_for`, for ``legal`` and ``simulate``.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from .base import MatchEngine

_MODULES = {"thirty-three": "thirty_three.rules", "asszorti": "asszorti.rules",
            "sixty-six": "sixty_six.rules", "eighty-three": "eighty_three.rules"}
"""Game name → the module of this package that registers its engine."""


class _Engines(Mapping[str, "type[MatchEngine[Any]]"]):
    """Game name → engine class, importing a game's module on first use."""

    def __init__(self) -> None:
        self._loaded: dict[str, type[MatchEngine[Any]]] = {}

    def __getitem__(self, game: str) -> type[MatchEngine[Any]]:
        cls = self._loaded.get(game)
        if cls is None:
            module = _MODULES.get(game) if isinstance(game, str) else None
            if module is None:
                raise KeyError(game)
            importlib.import_module(f"{__name__}.{module}")
            cls = self._loaded[game]
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


_ENGINES = _Engines()
ENGINES: Mapping[str, type[MatchEngine[Any]]] = _ENGINES

G = TypeVar("G", bound="type[MatchEngine[Any]]")


def companion(cls: "type[MatchEngine[Any]]", part: str, name: str) -> Any | None:
    """The attribute ``name`` of the module ``part`` beside the engine's module in the game's
    package (``"policy"``: ``referee.games.sixty_six.policy.POLICY``), imported on first use;
    None when the game has no such module.  The one loader of a game's policy and commentary
    (``docs/engine.md``)."""
    module_name = f"{cls.__module__.rpartition('.')[0]}.{part}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return None
    return getattr(module, name)


def register(cls: G) -> G:
    """Class decorator: make an engine available under its ``GAME`` name."""
    _ENGINES._loaded[cls.GAME] = cls
    return cls
