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


from . import asszorti, eighty_three, sixty_six, thirty_three  # noqa: E402,F401  (register)
