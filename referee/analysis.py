"""``referee analyse`` and claim checks (issue 26): every move of the play of a log's hands
valued under perfect play, and each Asszorti claim (A10) checked against every defence.

A hand is analysed while its holdings are all known and its play is regular: at the first move
the rules core does not accept without a finding (a revoke, a card out of turn …) the hand stops
being analysed.  Memory: one match's engine and one search's table (bounded, TABLE_CAP).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Any, Iterator

from . import events as ev
from .facts import Number, tidy
from .games.base import MatchEngine
from .games.hand import OPEN
from .legal import clone, trial
from .replay import FileReplay, Listener
from .claims import ClaimCheck, check_claim
from .replay import replay_at
from .search import (PLAY_MOVES, NotSolvable, Search, Solution, check_position, moves,
                     side_of, solve)


@dataclass(frozen=True, slots=True)
class Move:
    """One move of the play analysed: its ``line``, ``hand`` and ``trick`` numbers, ``player``,
    the ``event``; ``before``/``after``: the position's value for the declaring side
    (``side``) before and after it; ``cost``: what the move lost for the side that made it
    (never negative); ``best``: a best move there (the first in ``legal``'s order); ``deck``:
    the game's deck (to name cards)."""

    line: int
    hand: int
    trick: int | None
    player: str
    event: ev.HandEvent
    before: Number
    after: Number
    cost: Number
    best: ev.HandEvent | None
    side: tuple[str, ...]
    deck: Any


DEPTH = 4
"""The default bound of ``analyse``: moves are valued from the moment each hand has this many
tricks or fewer left to play (None: every move).  A whole hand costs from under a second to
minutes (a Thirty-Three Kontra caller still without a trick, an Asszorti arrivázs, Eighty-Three
under its set penalty "points": results that rise with no one count; README, "Perfect play"),
so every move of a match is not yet the default."""


def tricks_left(engine: MatchEngine[Any]) -> int:
    """The tricks still to be played in the current hand: the largest holding's size."""
    h = engine.hand
    return max((len(cs) for cs in h.hands.values()), default=0) if h is not None else 0


def analyse(stream: IO[bytes], name: str, hands: set[int] | None = None,
            depth: int | None = DEPTH) -> Iterator[Move | ClaimCheck]:
    """The moves of the play (R34) of the hands numbered in ``hands`` (None: all) of the
    log ``stream``, in line order, each valued (:class:`Move`), and each claim checked
    (:class:`ClaimCheck`, Asszorti).  A hand whose holdings are not all known is passed over; a
    hand stops being analysed at its first move with a finding (or a claim).  Moves are valued
    once at most ``depth`` tricks are left to play (:data:`DEPTH`; None: every move); a claim
    is checked whatever is left."""
    run = FileReplay(name, Listener())  # the findings matter only as the rules core's verdicts
    stopped: Any = None  # the hand (object) that stopped being analysed
    search: Search | None = None
    searched: Any = None
    for line, item in ev.read_events(stream):
        eng = run.engine
        h = eng.hand if eng is not None else None
        if (eng is not None and h is not None and h is not stopped and h.mode == OPEN
                and not h.partial and (hands is None or h.number in hands)
                and type(item) in ev.HAND_EVENT_TYPES):
            kind = ev.name_of(item)
            if kind == "claim" and eng.GAME == "asszorti" and h.play is not None:
                decl = eng.declarer_name()
                if decl is not None and getattr(item, "player", None) == decl:
                    sound, defence, trick = check_claim(eng, decl)
                    yield ClaimCheck(line, h.number, decl, sound, tuple(defence), trick,
                                     eng.DECK)
                    stopped = h
            elif kind in PLAY_MOVES and (depth is None or tricks_left(eng) <= depth):
                verdict, twin = trial(eng, item, line)
                try:
                    check_position(eng)
                    side = side_of(eng)
                except NotSolvable:
                    stopped = h
                    side = ()
                if not verdict.legal:
                    stopped = h
                elif side:
                    if searched is not h or search is None:
                        search, searched = Search(side), h
                    before = search.value(eng)
                    after = search.value(twin, before)
                    opts = [(m, t) for m, t in moves(eng)]
                    best = next((m for m, t in opts if search.value(t, before) == before), None)
                    player = getattr(item, "player", "")
                    gain = after - before if player in side else before - after
                    tp = h.play
                    trick = tp.current.number if tp is not None else 1
                    yield Move(line, h.number, trick, player, item, tidy(before), tidy(after),
                               tidy(max(0.0, -gain)), best, side, eng.DECK)
        run.item(line, item)
    run.close_match()



@dataclass(frozen=True, slots=True)
class SolveReport:
    """``referee solve``'s values: where (``file``, ``line``, ``game``, its ``title``, the
    ``deck`` to name cards, the ``match`` id, the ``hand`` number, the ``trick`` being played,
    None before the first card) and the :class:`Solution`."""

    file: str
    line: int
    game: str
    title: str
    deck: Any
    match: str | int | None
    hand: int
    trick: int | None
    solution: Solution


def solve_at(stream: Any, name: str, line: int) -> SolveReport:
    """Replay the log ``stream`` up to (not including) physical ``line`` (the line after the
    last: the moment the log has reached) and solve the position there.  Raises
    :class:`NotSolvable` (with the reason) where that is no moment of the play of a hand whose
    holdings are all known, or the log ends before the line; OSError from the stream."""
    seen = replay_at(stream, name, line)
    if not seen.reached:
        raise NotSolvable(f"the log has no line {line} holding an event (it ends before)")
    engine = seen.engine
    if engine is None:
        raise NotSolvable("no match is in play at that moment")
    s = solve(engine)
    h = engine.hand
    assert h is not None
    tp = h.play
    trick = tp.current.number if tp is not None else None
    return SolveReport(name, line, engine.GAME, engine.TITLE, engine.DECK, seen.match,
                       h.number, trick, s)
