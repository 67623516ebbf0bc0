"""``referee analyse`` and claim checks (issue 26): every move of the play of a log's hands
valued under perfect play, and each Asszorti claim (A10) checked against every defence.

A hand is analysed while its holdings are all known and its play is regular: at the first move
the rules core does not accept without a finding (a revoke, a card out of turn …) the hand stops
being analysed.  Memory: one match's engine and one search's table (bounded, TABLE_CAP).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO, Any, Iterable, Iterator

from . import events as ev
from .facts import Number, tidy
from .model import Action, ClaimVerdict, HandAnalysis, MoveValue
from .games.base import MatchEngine
from .games.hand import OPEN
from .legal import clone, trial
from .replay import FileReplay, FileStats, Listener
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


@dataclass
class Coverage:
    """What :func:`analyse` met, filled in as it reads (give it one to be told what it could
    not analyse): ``most``, the highest hand number dealt in any match; ``picked``, the hands
    dealt that ``hands`` asks for (all: every hand); ``unknown``, the numbers of those passed
    over because a holding is not known (a record of the play alone, G14), in log order;
    ``stats``, the file's counts once it is read (:class:`referee.replay.FileStats`: is it a
    log at all, R7)."""

    most: int = 0
    picked: int = 0
    unknown: list[int] = field(default_factory=list)
    stats: FileStats | None = None


def analyse(stream: IO[bytes], name: str, hands: set[int] | None = None,
            depth: int | None = DEPTH, seen: Coverage | None = None
            ) -> Iterator[Move | ClaimCheck]:
    """The moves of the play (R34) of the hands numbered in ``hands`` (None: all) of the
    log ``stream``, in line order, each valued (:class:`Move`), and each claim checked
    (:class:`ClaimCheck`, Asszorti).  A hand whose holdings are not all known is passed over; a
    hand stops being analysed at its first move with a finding (or a claim).  Moves are valued
    once at most ``depth`` tricks are left to play (:data:`DEPTH`; None: every move); a claim
    is checked whatever is left.  ``seen`` (a :class:`Coverage`), if given, is told of every hand
    dealt."""
    for r in _walk(stream, name, hands, depth, False, seen):
        if not isinstance(r, _HandDone):
            yield r


@dataclass(slots=True)
class _HandDone:
    """The end of a hand's analysis (:func:`_walk`): its deal's ``line``, what was found."""

    line: int
    moves: list[tuple[Move, tuple[ev.HandEvent, ...]]]
    claims: list[ClaimCheck]
    stopped: int | None
    why: str


def _walk(stream: IO[bytes], name: str, hands: set[int] | None, depth: int | None,
          lines: bool, seen: Coverage | None = None) -> Iterator[Move | ClaimCheck | _HandDone]:
    """:func:`analyse`'s records, and after each hand picked a :class:`_HandDone` (with
    ``lines``: each move with a best line from the moment before it); ``seen`` as
    :func:`analyse` has it."""
    counted: Any = None  # the last hand told to ``seen``
    run = FileReplay(name, Listener())  # the findings matter only as the rules core's verdicts
    stopped: Any = None  # the hand (object) that stopped being analysed
    search: Search | None = None
    searched: Any = None
    cur: Any = None  # the hand being followed, and its record
    done: _HandDone | None = None

    def stop(at: int, why: str) -> None:
        nonlocal stopped
        stopped = cur
        if done is not None and done.stopped is None:
            done.stopped, done.why = at, why

    for line, item in ev.read_events(stream):
        eng = run.engine
        h = eng.hand if eng is not None else None
        if h is not cur:
            if done is not None:
                yield _finished(done, depth)
            cur, done = h, None
            if h is not None and (hands is None or h.number in hands):
                done = _HandDone(h.line, [], [], None, "")
                if h.partial:
                    done.why = ("a holding is not recorded (G14): perfect play needs every "
                                "card")
        if (eng is not None and h is not None and h is not stopped and h.mode == OPEN
                and not h.partial and (hands is None or h.number in hands)
                and type(item) in ev.HAND_EVENT_TYPES):
            kind = ev.name_of(item)
            if kind == "claim" and eng.GAME == "asszorti" and h.play is not None:
                decl = eng.declarer_name()
                if decl is not None and getattr(item, "player", None) == decl:
                    sound, defence, trick = check_claim(eng, decl)
                    c = ClaimCheck(line, h.number, decl, sound, tuple(defence), trick, eng.DECK)
                    if done is not None:
                        done.claims.append(c)
                    yield c
                    stop(line, f"the claim at line {line} ends the play: it is checked "
                         "against every defence instead (A10)")
            elif kind in PLAY_MOVES:
                left = tricks_left(eng)
                verdict, twin = trial(eng, item, line)
                side: tuple[str, ...] = ()
                if not verdict.legal:
                    code = (verdict.findings[0][0] if verdict.findings
                            else verdict.unjudged or "a finding")
                    stop(line, f"line {line} ({code}) is the hand's first irregularity: "
                         "the hand is not analysed from there (issue 26)")
                elif depth is None or left <= depth:
                    try:
                        check_position(eng)
                        side = side_of(eng)
                    except NotSolvable as exc:
                        stop(line, f"line {line} cannot be valued: {exc}")
                if side:
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
                    mv = Move(line, h.number, trick, player, item, tidy(before), tidy(after),
                              tidy(max(0.0, -gain)), best, side, eng.DECK)
                    if done is not None:
                        done.moves.append((mv, tuple(search.line(eng, before)) if lines
                                           else ()))
                    yield mv
        run.item(line, item)
        if seen is not None and run.engine is not None:
            dealt = run.engine.hand
            if dealt is not None and dealt is not counted:
                counted = dealt
                seen.most = max(seen.most, dealt.number)
                if hands is None or dealt.number in hands:
                    seen.picked += 1
                    if dealt.partial:
                        seen.unknown.append(dealt.number)
    if done is not None:
        yield _finished(done, depth)
    run.close_match()
    if seen is not None:
        seen.stats = run.stats


def _finished(done: _HandDone, depth: int | None) -> _HandDone:
    """``done`` with its reason when no move was valued and nothing else said why."""
    if not done.moves and not done.claims and not done.why:
        done.why = ("no move of the play was made" if depth is None else
                    f"no move of the play was made with {depth} tricks or fewer left "
                    "(moves are valued from there)")
    return done


def cost_mark(r: Move) -> str:
    """How annotators would mark the move ``r`` (R36): ``""`` it cost nothing, ``"?"`` it
    cost points, ``"??"`` it threw away the result (the mover's side was above zero before
    it and is at zero or below after it)."""
    me = r.player in r.side
    b, a = (r.before, r.after) if me else (-r.before, -r.after)
    return "" if r.cost <= 0 else "??" if b > 0 >= a else "?"


def _actions(events: Iterable[ev.HandEvent], deck: Any) -> tuple[Action, ...]:
    """A line of play as model values: cards canonical, other actions in ``history``'s
    words."""
    from .render import Style
    from .render.words import describe
    out = []
    for e in events:
        kind = ev.name_of(e)
        player = getattr(e, "player", "") or ""
        if type(e) is ev.Play:
            out.append(Action(player, kind, (e.card,)))
        else:
            out.append(Action(player, kind, (), describe(e, deck, Style()) or kind))
    return tuple(out)


def appraise(stream: IO[bytes], name: str, hands: set[int] | None = None,
             depth: int = DEPTH) -> Iterator[tuple[int, HandAnalysis]]:
    """What ``history --analyse`` attaches to each hand (issue 28 item 7): for each hand
    numbered in ``hands`` (None: all) of the log ``stream``, in line order, (the line of its
    deal, its :class:`~referee.model.HandAnalysis`): the moves :func:`analyse` values, each
    marked (:func:`cost_mark`) and with a best line from the moment before it, the claims
    checked, and where and why the analysis stopped (or why the hand was not analysed).
    Memory: one hand's records."""
    for r in _walk(stream, name, hands, depth, True):
        if not isinstance(r, _HandDone):
            continue
        mvs = tuple(MoveValue(m.line, m.trick, m.player, m.side, m.before, m.after, m.cost,
                              cost_mark(m), _actions(best, m.deck)) for m, best in r.moves)
        cls = tuple(ClaimVerdict(c.line, c.player, c.sound, _actions(c.defence, c.deck),
                                 c.trick) for c in r.claims)
        yield r.line, HandAnalysis(depth, mvs, cls, r.stopped, r.why)


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
    if seen.not_a_log:
        raise NotSolvable("not one line of it is a JSON object: not a log", True)
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
