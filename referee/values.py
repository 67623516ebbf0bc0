"""The one place that turns an engine's state into the model's values (issue 25 item 5).

The replay driver (:mod:`referee.replay`) and the public API (:mod:`referee.api`) build every
:class:`~referee.model.Hand`, :class:`~referee.model.Trick`, :class:`~referee.model.Step`,
:class:`~referee.model.Call` and :class:`~referee.model.Seen` with the functions here, reading
the engine of the match in play as an event left it; everything downstream of them (the
renderers, ``diff``, ``--follow``, Dask, the command line) sees only those values, never an
engine.  Whatever words a consumer needs from a game's commentary (the notes around a take,
the notes under a deal, a described event, the contract's title, the declarer's name) are
computed here, once, and placed in the value.

Cards are canonical text (``"10H"``), lines physical lines of the log (1-based).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import events as ev
from .cards import is_blank
from .facts import HandResult, TrickState
from .findings import Finding
from .games.base import MatchEngine
from .games.commentary import commentary_for
from .model import Call, Contract, Hand, HandStatus, Play, Seen, Step, Trick
from .render import Style
from .render.words import describe

__all__ = ["CALLS", "call_of", "display_order", "hand_value", "held_of", "step_of",
           "trick_value", "tricks_of"]


def display_order(engine: MatchEngine[Any] | type[MatchEngine[Any]]) -> tuple[str, ...]:
    """Every card of the game's deck in the order ``history`` sorts a hand in (the game's
    ``DISPLAY_ORDER``, else deck order), as canonical text: sorting cards by their place in it
    is :meth:`~referee.games.base.MatchEngine.sort_for_display` (a card not in it goes last).
    Made once per game class."""
    cls = engine if isinstance(engine, type) else type(engine)
    order = _ORDERS.get(cls)
    if order is None:
        order = _ORDERS[cls] = tuple(str(c) for c in (cls.DISPLAY_ORDER or cls.DECK.cards))
    return order


_ORDERS: dict[type, tuple[str, ...]] = {}
"""A game class → its :func:`display_order`."""


def trick_value(engine: MatchEngine[Any], t: TrickState) -> Trick:
    """The :class:`~referee.model.Trick` of ``engine``'s trick ``t`` as it stands: its number,
    its plays (cards as canonical text) in playing order, its winner (None while it is not
    complete) and its card points as the hand's contract counts them (None where the contract
    counts tricks)."""
    return Trick(t.number, tuple(Play(p, str(c), ln) for p, c, ln in t.plays), t.winner,
                 engine.card_points_of(t.cards))


def tricks_of(engine: MatchEngine[Any]) -> tuple[Trick, ...]:
    """The current hand's tricks as they stand: the completed ones and, last, the one on the
    table if a card has been played to it (empty without a hand or before the play)."""
    h = engine.hand
    tp = h.play if h is not None else None
    if tp is None:
        return ()
    done: list[TrickState] = list(tp.tricks)
    if tp.current.who:
        done.append(tp.current)
    return tuple(trick_value(engine, t) for t in done)


def terms_of(engine: MatchEngine[Any], declarer: str | None,
             text: str | None) -> Contract | None:
    """The :class:`~referee.model.Contract` of the engine's current hand (None where ``score``
    names none): ``declarer`` and ``text`` as ``score`` prints them."""
    facts = engine.contract_facts()
    if facts is None or text is None:
        return None
    return Contract(declarer, facts["bid"], text, facts.get("game"), facts.get("trump"),
                    bool(facts.get("doubled")), bool(facts.get("arrivazs")), facts.get("value"))


_POSITIONS: dict[type, dict[Any, int]] = {}
"""A game class → each card's place in its display order (what ``sort_for_display`` sorts by)."""


def held_of(engine: MatchEngine[Any]) -> tuple[dict[str, tuple[str, ...]], dict[str, int] | None]:
    """(each player's known cards now, in the game's display order; in a record of the play
    alone, RULINGS G14, how many cards not seen yet each player whose hand is not recorded
    holds, else None), for the engine's current hand (empty without one)."""
    h = engine.hand
    if h is None:
        return {}, None
    cls = type(engine)
    if cls.sort_for_display is MatchEngine.sort_for_display:  # the usual: one map per game
        pos = _POSITIONS.get(cls)
        if pos is None:
            pos = _POSITIONS[cls] = {c: i for i, c in enumerate(cls.DISPLAY_ORDER
                                                                or cls.DECK.cards)}
        where = pos.get
        held = {p: tuple(str(c) for c in sorted(h.hands[p], key=lambda c: where(c, 999))
                         if not is_blank(c))
                for p in engine.players if p in h.hands}
    else:  # a game's own display order
        sort = engine.sort_for_display
        held = {p: tuple(str(c) for c in sort(h.hands[p]) if not is_blank(c))
                for p in engine.players if p in h.hands}
    hidden = {p: sum(map(is_blank, h.hands.get(p, ()))) for p in engine.players
              if p in h.unknown} if h.unknown else None
    return held, hidden


def _seen(engine: MatchEngine[Any]) -> dict[str, Any]:
    """``seen`` and ``unseen`` of a :class:`~referee.model.Hand` (G14): empty when every hand
    is recorded."""
    h = engine.hand
    assert h is not None
    if not h.unknown:
        return {}
    return {"seen": {p: tuple(Seen(str(s.card), s.line, s.how) for s in h.seen.get(p, ()))
                     for p in engine.players if p in h.unknown},
            "unseen": held_of(engine)[1]}


def hand_value(engine: MatchEngine[Any], result: HandResult | None,
               findings: Iterable[Finding] = (), summary: bool = True,
               whole: bool = True) -> Hand:
    """The :class:`~referee.model.Hand` of the engine's current hand: ``result`` None while it
    is still being played (no status, deltas or totals; dealer, declarer and contract as they
    stand), else settled by ``result``; ``findings`` its findings (sorted here); ``summary``
    False leaves :attr:`~referee.model.Hand.summary` empty (a scored hand's words are then
    never made: ``check`` and ``score`` do not read them); ``whole`` False makes the result
    alone (no tricks, cards dealt, pile, contract terms nor sightings: what ``score`` reads,
    without the cost of the rest).  ``ended``: the line the hand ended at, or its last event's
    while it is open."""
    h = engine.hand
    assert h is not None  # (called inside a hand)
    if result is None:
        status, deltas, totals, words, extra = None, {}, {}, "", None
        dealer = h.dealer if h.dealer in engine.seat else None
        declarer, contract = engine.declarer_name(), engine.contract_name()
    else:
        status, deltas, totals = HandStatus(result.status), result.deltas, result.totals
        words, extra = (result.summary if summary else ""), (result.extra or None)
        dealer, declarer, contract = result.dealer, result.declarer, result.contract
    ended = h.ended_line if h.ended_line is not None else h.last_line
    if not whole:
        return Hand(h.number, h.line, dealer, declarer, contract, status, dict(deltas),
                    dict(totals), (), tuple(sorted(findings, key=lambda f: f.line)), {}, (),
                    words, extra, ended=ended)
    return Hand(h.number, h.line, dealer, declarer, contract, status, dict(deltas), dict(totals),
                tricks_of(engine), tuple(sorted(findings, key=lambda f: f.line)),
                {p: tuple(map(str, cs)) for p, cs in h.dealt.items()},
                tuple(map(str, h.pile)) if h.pile_known else (), words, extra,
                unknown=tuple(p for p in engine.players if p in h.unknown),
                inferred=h.inferred, terms=terms_of(engine, declarer, contract),
                ended=ended, **_seen(engine))


CALLS: dict[type, str] = {t: str(t.__struct_config__.tag) for t in (
    ev.Bid, ev.Pass, ev.Hold, ev.Contract, ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra,
    ev.Mordkontra)}
"""The events of an auction (:class:`~referee.model.Call`), by type, with their log names."""


def call_of(line: int, e: Any) -> Call:
    """The :class:`~referee.model.Call` of auction event ``e`` (a type of :data:`CALLS`) of
    ``line``."""
    t = type(e)
    bid = e.level if t is ev.Bid and e.game is not None else \
        e.points if t is ev.Bid and e.points is not None else getattr(e, "bid", None)
    return Call(line, e.player, CALLS[t], bid, getattr(e, "game", None),
                bool(getattr(e, "doubled", False)), getattr(e, "target", None),
                getattr(e, "against", None))


_WORDS = Style()
"""``history``'s words for a step: suit symbols, no colour (``--ascii`` turns them to letters
afterwards, as it does every line)."""


def _canonical(deck: Any, text: Any) -> str:
    """A card named in a log as canonical text (``"10h"`` → ``"10H"``), else the text itself."""
    try:
        return str(deck.parse(text))
    except ValueError:
        return str(text)


def step_of(line: int, e: Any, engine: MatchEngine[Any] | None, holdings: bool = True,
            claims: bool = False) -> Step:
    """The :class:`~referee.model.Step` for event ``e`` of ``line``, just applied (or skipped)
    by ``engine``, the engine of the match in play (None: none): its words as ``history`` gives
    them, and the state it left.  The notes around a take are the commentary's (taken once:
    the engine forgets them then, so one step is made per event).  An event outside every
    hand (no match, no deal yet) has no hand (``hand`` None), holdings nor table.
    ``holdings`` False leaves out each player's cards (``held`` empty, ``hidden`` None), the
    dearest part, for a listener that does not read them (``history``); ``claims`` True checks
    an Asszorti claim (``claim_check``, A10: :func:`referee.analysis.claim_check_words`)."""
    name = ev.name_of(e)
    player = getattr(e, "player", None)
    note = getattr(e, "note", None) or None
    t = type(e)
    if engine is None:
        named = getattr(e, "cards", None) if t is not ev.Deal else None
        one = getattr(e, "card", None)
        named = [one] if isinstance(one, str) else named if isinstance(named, list) else []
        return Step(line, name, player, tuple(map(str, named)),
                    "" if t in (ev.Deal, ev.Play) else describe(e, None, _WORDS) or "",
                    (), note, False, {}, (), None, None, None, None, None)
    h = engine.hand
    deck = engine.DECK
    words = commentary_for(engine)
    before, after = words.take_notes(engine, lambda c: deck.name(c, True))
    labels: tuple[tuple[str, str], ...] = ()
    if t is ev.Deal:  # what history shows under the hands (the trump card, the teams)
        text = ""
        if h is not None:
            labels = tuple(words.deal_notes(engine))
        after = after + [f"{label}: {value}" for label, value in labels]
    elif t is ev.Play:
        text = ""
    else:
        text = words.describe_event(engine, line, e, True) or describe(e, deck, _WORDS) or ""
    named = getattr(e, "cards", None) if t is not ev.Deal else None
    one = getattr(e, "card", None)
    named = [one] if isinstance(one, str) else named if isinstance(named, list) else []
    cards = tuple(_canonical(deck, x) for x in named)
    if h is None:
        return Step(line, name, player, cards, text, tuple(before) + tuple(after), note, False,
                    {}, (), None, None, None, None, None, before=len(before))
    held, hidden = held_of(engine) if holdings else ({}, None)
    table: tuple[Play, ...] = ()
    number = winner = None
    tp = h.play
    if tp is not None:
        shown = tp.current if tp.current.who else \
            tp.tricks[-1] if tp.tricks and tp.tricks[-1].lines[-1] == line else None
        if shown is not None:
            table = tuple(Play(p, str(c), ln) for p, c, ln in shown.plays)
            number, winner = shown.number, shown.winner
    ignored = h.ended_line is not None and line > h.ended_line and t not in (ev.Score, ev.End)
    return Step(line, name, player, cards, text, tuple(before) + tuple(after), note, ignored,
                held, table, number, winner, words.contract_title(engine),
                engine.declarer_name(), hidden, hand=h.number, before=len(before),
                deal_notes=labels, establishes_revoke=t is ev.Play and
                h.revoke_established_at == line, claim_check=_claim_check(engine, e)
                if claims and t is ev.Claim else None)


def _claim_check(engine: MatchEngine[Any], e: Any) -> str | None:
    from .claims import claim_check_words  # not at import: only a claim needs it
    return claim_check_words(engine, e)
