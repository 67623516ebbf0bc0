"""The game engines, one module per game, behind :class:`referee.games.base.MatchEngine`.

:data:`ENGINES` maps a log's ``game`` name to its engine class.
"""
from __future__ import annotations

from .base import MatchEngine

ENGINES: dict[str, type[MatchEngine]] = {}


def register(cls: type[MatchEngine]) -> type[MatchEngine]:
    """Class decorator: make an engine available under its ``GAME`` name."""
    ENGINES[cls.GAME] = cls
    return cls


def _load() -> None:
    import importlib
    for name in ("thirty_three", "asszorti", "sixty_six", "eighty_three"):
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:  # a game not written yet
            if exc.name != f"{__name__}.{name}":
                raise


_load()
