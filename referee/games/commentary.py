"""The commentary part of a game: the words ``check``, ``history`` and ``score`` say about the facts
the rules core records.

A game has three parts (``docs/engine.md``): the *rules core* (``referee/games/<game>.py``, a
:class:`~referee.games.base.MatchEngine`), the *commentary* (``referee/games/<game>_commentary.py``,
a :class:`Commentary`) and the *policy* (``referee/games/<game>_policy.py``).  The rules core
decides and records facts (a finding's code, rule and evidence; what an event did, as plain data
on its hand); the commentary turns those facts into text and decides no rule.

- :meth:`Commentary.say` words a finding from (code, rule, evidence); codes every game shares are
  worded by :func:`referee.commentary.say`, a game words its own codes (``revoke``,
  ``illegal-bid`` ...) in its subclass.
- :meth:`Commentary.describe_event`, :meth:`Commentary.take_notes`,
  :meth:`Commentary.deal_notes`, :meth:`Commentary.contract_title` and
  :meth:`Commentary.score_notes` give ``history`` and ``score`` their game-specific lines.

:func:`commentary_for` gives a game's commentary (imported on first use).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Generic, Mapping, TypeVar

from .. import commentary as shared
from ..cards import Card
from .base import MatchEngine

E = TypeVar("E", bound=MatchEngine[Any])


class Commentary(Generic[E]):
    """Base of a game's commentary (see the module docstring); stateless: every method is given
    the engine (``E``, the game's :class:`~referee.games.base.MatchEngine`) as it stands and
    never changes it.  One instance per game, from :func:`commentary_for`.

    During the move of the words out of the rules core (issue 14), a method a game has not yet
    overridden falls back to the engine hook of the same name, where one is left."""

    def say(self, engine: E, code: str, rule: str | None, evidence: Mapping[str, Any]) -> str:
        """The message of a finding of ``code`` under ``rule`` with ``evidence`` (keys per code
        in ``referee-log.5``), cards named by the game's deck.  Default: the shared words
        (:func:`referee.commentary.say`); raises KeyError for a code nobody words (a
        programming error)."""
        return shared.say(code, rule, evidence, engine.DECK)

    def describe_event(self, engine: E, line: int, e: Any, symbols: bool = True) -> str | None:
        """``history``'s line for the event just applied at ``line``, when the game can say more
        than the generic words of :mod:`referee.render.words`; None keeps the generic line."""
        hook = getattr(engine, "describe_event", None)
        return hook(line, e, symbols) if hook is not None else None

    def take_notes(self, engine: E, name: Callable[[Card], str]) -> tuple[list[str], list[str]]:
        """Lines ``history`` shows for what the last event did beyond its own line (Sixty-Six's
        implicit draws), as (lines before the event's line, lines after it); ``name`` turns a
        card into text.  The facts are consumed (the engine forgets them once taken)."""
        hook = getattr(engine, "take_notes", None)
        return hook(name) if hook is not None else ([], [])

    def deal_notes(self, engine: E) -> list[tuple[str, str]]:
        """Extra (label, text) lines ``history`` shows under a deal (Sixty-Six's trump card)."""
        hook = getattr(engine, "deal_notes", None)
        return hook() if hook is not None else []

    def contract_title(self, engine: E) -> str | None:
        """The current hand's contract as ``history`` names it (with its value)."""
        hook = getattr(engine, "contract_title", None)
        return hook() if hook is not None else engine.contract_name()

    def score_notes(self, engine: E) -> list[str]:
        """Extra lines under a match's text score table (Eighty-Three's team totals)."""
        hook = getattr(engine, "score_notes", None)
        return hook() if hook is not None else []


_COMMENTARIES: dict[str, Commentary[Any]] = {}
_DEFAULT: Commentary[Any] = Commentary()


def commentary_for(engine: MatchEngine[Any] | type[MatchEngine[Any]]) -> Commentary[Any]:
    """The commentary of ``engine``'s game (an engine or its class): the ``COMMENTARY`` of the
    module ``<engine's module>_commentary`` (``referee.games.sixty_six_commentary``), imported
    on first use; the default :class:`Commentary` for a game without one."""
    cls = engine if isinstance(engine, type) else type(engine)
    got = _COMMENTARIES.get(cls.GAME)
    if got is None:
        try:
            module = importlib.import_module(cls.__module__ + "_commentary")
        except ModuleNotFoundError as exc:
            if exc.name != cls.__module__ + "_commentary":
                raise
            got = _DEFAULT
        else:
            got = module.COMMENTARY
        _COMMENTARIES[cls.GAME] = got
    return got
