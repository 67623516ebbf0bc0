"""Legal actions: what the player(s) to act could legally do at a point of a hand (issue 6).

There is no second copy of the rules here.  Each game's policy proposes candidate events
(:meth:`referee.games.policy.Policy.candidates`, a superset); an event is legal when a copy of the
rules engine applies it without any finding.  So "legal" means exactly "the referee would accept
it".  The policy is imported only when legal actions are asked for (``check`` never loads it).
"""
from __future__ import annotations

import copy
import types
from dataclasses import dataclass
from typing import Any, Iterable

import msgspec

from . import events as ev
from .cards import BLANK_RANK, Card
from .facts import Facts, FindingFact
from .findings import Finding
from .games.base import DONE, OPEN, SKIP, HandMode, MatchEngine, stop_at
from .games.commentary import commentary_for
from .games.tricks import TrickOrder


def worded(engine: MatchEngine[Any], facts: Facts) -> list[tuple[str, str, str]]:
    """The findings among ``facts`` (what an entry point of ``engine`` returned) as (code,
    severity, message), worded by the game's commentary."""
    words = commentary_for(engine)
    return [(f.code, f.severity, words.finding_words(engine, f)) for f in facts
            if type(f) is FindingFact]

_ATOMS: set[type] = {str, int, float, bool, complex, bytes, type(None), frozenset, range,
                     type, types.FunctionType, types.BuiltinFunctionType, Card, TrickOrder,
                     HandMode}
"""Types whose values a copy shares: immutable (a ``frozenset`` here only ever holds cards or
names; a :class:`HandMode` is an enum member), or shared by design (interned :class:`Card`, a contract's :class:`TrickOrder`, whose
``__deepcopy__`` returns the object itself)."""


def _slots_of(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for k in cls.__mro__:
        for n in k.__dict__.get("__slots__", ()):
            if n not in ("__dict__", "__weakref__") and n not in names:
                names.append(n)
    return tuple(names)


_SLOTS: dict[type, tuple[str, ...]] = {}
_HOOKS = {"__deepcopy__", "__copy__", "__getstate__", "__setstate__", "__reduce__",
          "__reduce_ex__", "__getnewargs__", "__getnewargs_ex__"}
_GENERIC: dict[type, bool] = {}


def _generic(cls: type) -> bool:
    """True for a plain class (``__dict__`` and/or ``__slots__``, no custom copy or pickling
    hooks), which :func:`_copy` copies attribute by attribute as ``copy.deepcopy`` would."""
    ok = _GENERIC.get(cls)
    if ok is None:
        own = _own_attrs(cls)
        ok = (getattr(cls, "__reduce_ex__") is getattr(object, "__reduce_ex__")
              and getattr(cls, "__reduce__") is getattr(object, "__reduce__")
              and getattr(cls, "__new__") is getattr(object, "__new__") and not own & _HOOKS
              and not issubclass(cls, (dict, list, set, tuple)))
        _GENERIC[cls] = ok
        if ok:
            _SLOTS[cls] = _slots_of(cls)
    return ok


def _own_attrs(cls: type) -> set[str]:
    out: set[str] = set()
    for k in cls.__mro__[:-1]:  # all but object
        out.update(k.__dict__)
    return out


def _copy(x: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of ``x`` with the same sharing as ``copy.deepcopy`` (one copy per original
    object, so ``hand.hands`` and ``play.hands`` stay one dict), but faster: atoms are shared,
    dicts, lists, sets and tuples and plain objects are copied here, anything else is left to
    ``copy.deepcopy`` with the same memo."""
    t = type(x)
    if t in _ATOMS:
        return x
    i = id(x)
    y = memo.get(i)
    if y is not None:
        return y
    if t is dict:
        y = {}
        memo[i] = y
        for k, v in x.items():
            y[k if type(k) in _ATOMS else _copy(k, memo)] = \
                v if type(v) in _ATOMS else _copy(v, memo)
    elif t is list:
        y = []
        memo[i] = y
        y.extend([v if type(v) in _ATOMS else _copy(v, memo) for v in x])
    elif t is set:
        y = {v if type(v) in _ATOMS else _copy(v, memo) for v in x}
        memo[i] = y
    elif t is tuple:
        for v in x:
            if type(v) not in _ATOMS:
                break
        else:
            return x  # a tuple of atoms is itself an atom (as copy.deepcopy keeps it)
        items = [v if type(v) in _ATOMS else _copy(v, memo) for v in x]
        y = x if all(a is b for a, b in zip(items, x)) else tuple(items)
        memo[i] = y
    elif _generic(t):
        y = object.__new__(t)
        memo[i] = y
        d = getattr(x, "__dict__", None)
        if d is not None:
            y.__dict__.update(_copy(d, memo))
        for n in _SLOTS[t]:
            try:
                v = getattr(x, n)
            except AttributeError:
                continue
            object.__setattr__(y, n, v if type(v) in _ATOMS else _copy(v, memo))
    else:
        y = copy.deepcopy(x, memo)
        memo[i] = y
    return y


def clone(engine: MatchEngine[Any]) -> MatchEngine[Any]:
    """A deep copy of ``engine`` (the original is untouched).

    Cards and trick orders are shared (they never change); everything else is copied as
    ``copy.deepcopy`` would, only faster (:func:`_copy`)."""
    twin: MatchEngine[Any] = _copy(engine, {})
    return twin


def deep_clone(engine: MatchEngine[Any]) -> MatchEngine[Any]:
    """:func:`clone` by plain ``copy.deepcopy`` (the reference the fast copy is tested against)."""
    return copy.deepcopy(engine)


@dataclass(slots=True)
class Verdict:
    """Whether one event would be accepted: ``legal``; else the ``findings`` (code, severity,
    message) the referee would report."""

    event: Any
    legal: bool
    findings: list[tuple[str, str, str]]
    unjudged: str | None = None
    """Why the referee passes over the event without judging it (:func:`passed_over`), with
    its rule; then ``legal`` is False and ``findings`` empty: such an event is never legal."""


def trial(engine: MatchEngine[Any], e: Any, line: int = 0) -> tuple[Verdict, MatchEngine[Any]]:
    """Apply ``e`` to a copy of ``engine``: the :class:`Verdict` (see :func:`judge`) and the copy,
    which is the engine as it stands after ``e`` (``referee simulate`` goes on from it rather
    than applying ``e`` a second time)."""
    twin = clone(engine)
    try:
        found = worded(twin, twin.apply(e, line))
    except Exception as exc:  # a crash is a bug, but it must never pass for legal
        return Verdict(e, False, [("internal-error", "error", repr(exc))]), twin
    found = [f for f in found if not (f[0] == "revoke" and f[1] == "warning")]
    h = twin.hand
    if h is not None and h.revoke is not None:  # a revoke is reported only once it is settled
        r = h.revoke
        found.append(("revoke", "error", commentary_for(twin).revoke_words(twin, r.evidence)))
    return Verdict(e, not found, found), twin


def trial_deal(engine: MatchEngine[Any], e: ev.Deal,
               line: int = 0) -> tuple[Verdict, MatchEngine[Any]]:
    """Read the ``deal`` ``e`` on a copy of ``engine`` as a replay reads it: the hand in play is
    closed first (a revoke still open is established, G11; an unfinished hand is
    ``incomplete-hand``, G5), then, unless the match is over (``match-over``, G9), the new hand
    is dealt (``misdeal``, ``wrong-dealer`` …).  The :class:`Verdict` holds every finding this
    gives (legal: none) and the copy is the engine after the deal: its :func:`legal_actions`
    are who acts first in the new hand, by the game's rules."""
    twin = clone(engine)
    try:
        found = worded(twin, twin.close_hand(stop_at("deal", line)))
        if twin.finished:
            from .commentary import say
            evidence: dict[str, Any] = {"ended_at": None}
            found.append(("match-over", "error", say("match-over", "G9", evidence)))
        else:
            found += worded(twin, twin.deal(e, line))
    except Exception as exc:  # a crash is a bug, but it must never pass for legal
        return Verdict(e, False, [("internal-error", "error", repr(exc))]), twin
    return Verdict(e, not found, found), twin


def passed_over(engine: MatchEngine[Any], e: Any) -> str | None:
    """Why the replay passes over the event ``e`` of a hand (play, bid, ...) without a finding,
    read from the marks the replay and the engine leave (:meth:`~referee.games.base.MatchEngine.
    apply`, :meth:`referee.replay.FileReplay.item`), or None when the engine judges it.  The reason,
    a phrase with its rule: the match has ended (G9); an unreadable line or a deal that could
    not be replayed came before and the events up to the next deal are skipped (G3, G7); the
    hand is not scored and the rest of it is skipped (G3, G5); the hand is decided and an event
    after it was reported already (G4)."""
    h = engine.hand
    if engine.finished:
        return "the match has ended, and the referee reads no more of it but a `score` (G9)"
    if engine.skipping:
        return ("a line before it could not be read or replayed and may have been the deal: "
                "the events up to the next deal are skipped (G3, G7)")
    if h is None:
        return None
    if h.mode is SKIP:
        return (f"hand {h.number} is not scored and the rest of it is skipped up to the next "
                "deal (G3, G5): see the finding that ended it")
    if h.mode is DONE and h.late_reported and not (
            type(e) in engine.HANDLED and engine.applies_after_hand(e)):
        return (f"hand {h.number} is decided and an event after it was reported already "
                "(out-of-phase, G4)")
    return None


def judge(engine: MatchEngine[Any], e: Any, line: int = 0) -> Verdict:
    """Apply ``e`` to a copy of ``engine`` and say whether it is legal: no finding at all, but
    for the warning of a revoke repaired, at the revoking card's line: by this ``retract`` (G4:
    that is the lawful repair), or, in a record of the play alone, a revoke taken back before
    that this card proves (G14a: the card itself is no fault).  An event the replay passes over
    without a finding (:func:`passed_over`) is not judged: not legal, no finding, the reason in
    :attr:`Verdict.unjudged`."""
    why = passed_over(engine, e)
    if why is not None:
        return Verdict(e, False, [], why)
    return trial(engine, e, line)[0]


def in_hindsight(verdict: Verdict, later: Iterable[Finding]) -> Verdict:
    """The verdict on an event of a record of the play alone judged with the whole record
    (``referee legal``, RULINGS G14): ``later`` holds the findings ``check`` reports at the
    event's line (:func:`referee.replay.replay_at`).  A card that a card seen later proves a
    revoke (at once, or repaired by a ``retract``, G14a) is not legal, with ``check``'s finding,
    though the table as it stood could not tell; the rest is the trial's (:func:`judge`)."""
    if verdict.unjudged is not None or any(code == "revoke" for code, _, _ in verdict.findings):
        return verdict  # not judged, or the trial saw the revoke (or established an earlier one) itself
    proven = [(f.code, f.severity, f.message) for f in later if f.code == "revoke"]
    if not proven:
        return verdict
    found = verdict.findings + proven
    return Verdict(verdict.event, False, found)


def trial_stop(engine: MatchEngine[Any]) -> tuple[bool, MatchEngine[Any]]:
    """May the hand end here with no further event?  True when a copy of ``engine`` closes the
    hand (as the replay does when the next deal or the end of the log comes) without any
    finding and the hand is then over: an undisputed Asszorti claim (A7), a played-out
    Sixty-Six deal whose last-trick winner does not declare (S10).  Also gives the copy."""
    twin = clone(engine)
    try:
        found = any(type(f) is FindingFact for f in twin.close_hand())
    except Exception:  # a crash is a bug, never a lawful end
        return False, twin
    h = twin.hand
    return (not found and h is not None and h.mode != OPEN), twin


def legal_actions(engine: MatchEngine[Any]) -> list[ev.HandEvent]:
    """Every candidate event of the game's policy that the engine accepts without a finding, in
    the policy's order; empty when no hand is open."""
    h = engine.hand
    if h is None or h.mode != OPEN:
        return []
    from .games.policy import policy_for  # not at import: check never needs it
    cands = policy_for(engine).candidates(engine)
    if h.partial:  # a holding or the pile not recorded: blanks may be held (G14)
        cands = _unblanked(engine, cands)[0]
    return [e for e in cands if judge(engine, e).legal]


def unrecorded(engine: MatchEngine[Any]) -> list[str]:
    """The players of the current hand who hold cards the record leaves out and that have not
    been seen (format 1.1, RULINGS G14): those whose hand is not recorded, and one who took a
    pile not recorded (Eighty-Three's declarer and a hidden kitty), in seating order; empty
    without a hand or when every holding is known."""
    h = engine.hand
    if h is None or not h.partial:
        return []
    return [p for p in engine.players
            if any(c.rank == BLANK_RANK for c in h.hands.get(p, ()))]


def unlisted(engine: MatchEngine[Any]) -> list[tuple[str, str]]:
    """(player, kind of event) of the actions :func:`legal_actions` cannot list in a hand with
    unknown holdings (G14): cards laid away, given or drawn from cards not recorded, each once,
    in the policy's order; empty when every holding is known."""
    h = engine.hand
    if h is None or h.mode != OPEN or not h.partial:
        return []
    from .games.policy import policy_for
    return _unblanked(engine, policy_for(engine).candidates(engine))[1]


def _unblanked(engine: MatchEngine[Any],
               cands: list[Any]) -> tuple[list[Any], list[tuple[str, str]]]:
    """Candidates for a hand with unknown holdings (G14): a candidate card that is a blank (an
    unknown card of the player's) stands for every card of the deck the record places nowhere
    yet, each once per player and kind of event.  A candidate naming blanks among several cards
    (a discard, a give) is left out, for the cards are unknown and the ways to choose them too
    many to list: its (player, kind) is given apart.  Returns (candidates, those left out)."""
    free: list[Card] | None = None
    out: list[Any] = []
    left: list[tuple[str, str]] = []
    done: set[tuple[type, str | None]] = set()
    for e in cands:
        card = getattr(e, "card", None)
        many = getattr(e, "cards", None) or ()
        if any(str(c).startswith(BLANK_RANK) for c in many):
            what = (getattr(e, "player", ""), ev.name_of(e))
            if what not in left:
                left.append(what)
            continue
        if not (isinstance(card, str) and card.startswith(BLANK_RANK)):
            out.append(e)
            continue
        key = (type(e), getattr(e, "player", None))
        if key in done:
            continue
        done.add(key)
        if free is None:
            free = engine.sort_for_display(
                c for c in engine.DECK.cards if engine.where_is(c) is None)
        out.extend(msgspec.structs.replace(e, card=str(c)) for c in free)
    return out, left


def to_act(actions: Iterable[ev.HandEvent]) -> list[str]:
    """Who is to act: the players of ``actions`` (the legal actions), each once, in the order
    first met; empty when nobody may act (the hand is over or cannot be followed)."""
    out: list[str] = []
    for a in actions:
        p = getattr(a, "player", None)
        if p is not None and p not in out:
            out.append(p)
    return out
