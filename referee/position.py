"""A log at one line, as ``referee legal`` reports it, as values (issue 25 item 5).

:func:`examine` replays a log up to a line and gives an :class:`Examined`: the moment there
(:class:`Position`: the game, hand and trick, every legal action, the actions on cards not
recorded that cannot be listed, the players holding cards not recorded), the event at the line
and the referee's :class:`~referee.legal.Verdict` on it.  The renderer
(:mod:`referee.render.legal`) and the command line read these values; the engine stays here
and in :mod:`referee.legal`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any

from . import events as ev
from .cards import Deck
from .games.base import OPEN, MatchEngine
from .legal import Verdict, in_hindsight, judge, legal_actions, trial_deal, unlisted, unrecorded

__all__ = ["Examined", "Position", "examine", "position_of"]


@dataclass(frozen=True, slots=True)
class Position:
    """The moment of a match before an event, as ``referee legal`` reports it.

    ``game``: its log name; ``title``: as output writes it (``Thirty-Three``); ``deck``: the
    game's deck (to name cards); ``pile``: the game's extra pile's name (``talon``; None: none);
    ``hand``: the number of the hand in play (None before the first deal); ``trick``: the trick
    being played, or once the hand's play is over (its last trick complete, or the hand ended
    between tricks) the last trick played, with ``over`` True (None before the first card);
    ``actions``: every event the referee would accept here without a finding (the policy's
    order); ``unlisted``: (player, kind) of the actions on cards not recorded that cannot be
    listed (RULINGS G14); ``partial``: the hand's record leaves out a holding or the pile
    (format 1.1); ``unrecorded``: the players who hold cards not recorded and not seen yet, in
    seating order; ``unknown``: the players whose hand the record leaves out."""

    game: str
    title: str
    deck: Deck
    pile: str | None
    hand: int | None
    trick: int | None
    over: bool
    actions: tuple[ev.HandEvent, ...]
    unlisted: tuple[tuple[str, str], ...]
    partial: bool
    unrecorded: tuple[str, ...]
    unknown: tuple[str, ...]


def _trick_at(engine: MatchEngine[Any]) -> tuple[int | None, bool]:
    """(trick, over) of :class:`Position`.  Never a trick after the last: the trick machine
    opens the next trick as soon as one is complete."""
    h = engine.hand
    tp = h.play if h is not None else None
    if h is None or tp is None:
        return None, False
    if tp.current.who or not tp.tricks:
        return tp.current.number, False
    if h.mode != OPEN or engine.all_tricks_played():
        return tp.tricks[-1].number, True
    return tp.current.number, False


def position_of(engine: MatchEngine[Any],
                actions: list[ev.HandEvent] | None = None) -> Position:
    """The :class:`Position` of ``engine`` as it stands; ``actions`` the legal actions if
    already known (else :func:`~referee.legal.legal_actions`, a copy of the engine per
    candidate)."""
    h = engine.hand
    trick, over = _trick_at(engine)
    acts = legal_actions(engine) if actions is None else actions
    return Position(engine.GAME, engine.TITLE, engine.DECK, engine.PILE or None,
                    h.number if h is not None else None, trick, over, tuple(acts),
                    tuple(unlisted(engine)), bool(h is not None and h.partial),
                    tuple(unrecorded(engine)),
                    tuple(p for p in engine.players if h is not None and p in h.unknown))


@dataclass(frozen=True, slots=True)
class Examined:
    """A log at one line (:func:`examine`): ``file`` and ``line``; ``reached``, whether the file
    reaches the line (else nothing else is set); ``position``, the moment before the line (None:
    no match in play); ``at``, the event read at the line (None: none; a
    :class:`~referee.events.ReadError` for a line that cannot be read); ``verdict``, the
    referee's on it (None: no event of a hand, nor a deal); ``dealt``, for a deal read without
    a finding, the moment after it (who acts first in the new hand); ``proven``: the record
    proves later what the table could not tell at the line (RULINGS G14), so ``verdict`` is
    the one in hindsight and the actions are those known at the line, less the event."""

    file: str
    line: int
    reached: bool
    position: Position | None = None
    at: Any = None
    verdict: Verdict | None = None
    dealt: Position | None = None
    proven: bool = False
    not_a_log: bool = False
    """Not one line of the file is a JSON object (R7): it is no log."""

    @property
    def legal(self) -> bool:
        """False when the event at the line was judged and is not legal (exit status 1)."""
        return self.verdict is None or self.verdict.legal


def examine(stream: IO[bytes], name: str, line: int) -> Examined:
    """Replay the log of ``stream`` (findings name it ``name``) up to physical ``line`` and
    judge the event there as ``referee legal`` does (man referee-legal): an event of a hand by
    a copy of the engine (:func:`~referee.legal.judge`; in a record of the play alone, in
    hindsight of what the record proves later, :func:`~referee.legal.in_hindsight`), a deal
    read as a replay reads it (:func:`~referee.legal.trial_deal`).  Bad content never raises;
    OSError from the stream does."""
    from .replay import replay_at
    seen = replay_at(stream, name, line)
    engine, at = seen.engine, seen.at
    if not seen.reached:
        return Examined(name, line, False, not_a_log=seen.not_a_log)
    if engine is None:
        return Examined(name, line, True, None, at, not_a_log=seen.not_a_log)
    acts = legal_actions(engine)
    verdict: Verdict | None = None
    dealt: Position | None = None
    proven = False
    if at is not None and not isinstance(at, ev.ReadError) and type(at) in ev.HAND_EVENT_TYPES:
        verdict = judge(engine, at, line)
        if seen.later is not None:  # a record of the play alone: what the record later proves
            known, verdict = verdict, in_hindsight(verdict, seen.later)
            proven = verdict is not known
            if proven:  # the list never holds what this report proves NOT legal
                from .diff import normalise  # the same event as the game reads it (R23)
                shown = normalise(at, engine.GAME)
                acts = [a for a in acts if normalise(a, engine.GAME) != shown]
    elif type(at) is ev.Deal:  # read as a replay reads it
        verdict, after = trial_deal(engine, at, line)
        dealt = position_of(after) if verdict.legal else None
    return Examined(name, line, True, position_of(engine, acts), at, verdict, dealt, proven)
