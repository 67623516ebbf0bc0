"""Deal checks (RULINGS G3, G6, G7, G14b): the dealer and the rotation, the players named, the
cards of the deal, the card turned up, and blanks for what a record of the play alone leaves out.

:class:`Deals` is the part of a game engine (:class:`~referee.games.base.MatchEngine`) that starts
a hand from a ``deal`` event (:meth:`Deals.deal`, one of the driver's entry points): a deal that
is no proper deal is a ``misdeal`` (the hand unscored), a dealer out of rotation a
``wrong-dealer``; a deal that passes is handed to the game's ``start_hand``.
"""
from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardError, blanks
from ..facts import Dealt, Facts
from .core import EngineCore
from .hand import OPEN, HandState

if TYPE_CHECKING:
    from .. import events as ev


class Deals(EngineCore):
    """Deal checks: a mixin of the engine."""

    def deal(self, e: ev.Deal, line: int) -> Facts:
        """Start a hand from a ``deal`` event: dealer rotation (G6), the deck and counts
        (``misdeal``), then the game's :meth:`start_hand`.  Returns the facts established (its
        findings; :class:`~referee.facts.Dealt` when the hand is open)."""
        self._deal(e, line)
        return self._take()

    def _deal(self, e: ev.Deal, line: int) -> None:
        self.skipping = False
        self.hand_count += 1
        h = self.HandClass(self.hand_count, line, e.dealer)
        self.hand = h
        if e.dealer not in self.seat:
            self.dealer_cause = line
            self.void("unknown-player", line, None, rule="G3",
                      evidence={"players": [e.dealer], "field": "dealer"})
            return
        given = e.hands if e.hands is not None else {}
        unknown = [p for p in given if p not in self.seat]
        if unknown:
            self.void("unknown-player", line, None, rule="G3",
                      evidence={"players": unknown, "field": "hands"})
            return
        pile_texts = getattr(e, self.PILE) if self.PILE else None
        dealt: dict[str, list[Card]] = {}
        for p, texts in given.items():
            cs = self.cards(texts, line, p)
            if cs is None:
                return
            dealt[p] = cs
        pile = self.cards(pile_texts or [], line)
        if pile is None:
            return
        h.unknown = {p for p in self.players if p not in dealt}
        h.pile_known = pile_texts is not None or not self.PILE
        h.partial = bool(h.unknown) or not h.pile_known
        problem = self.deal_problem(e, dealt, pile)
        if problem:
            self.void("misdeal", line, None, rule="G3", evidence=problem)
            return
        if h.mode != OPEN:  # the game's own check found a bad card of its deal (G7)
            return
        if h.partial and h.pile_known and len(h.unknown) == 1:
            # the only holding left is the rest of the deck: a given hand (G14b)
            p = next(iter(h.unknown))
            taken = set(chain(*dealt.values(), pile,
                              self._outside(h)))
            rest = [c for c in self.DECK.cards if c not in taken]
            if len(rest) == self.HAND_SIZE:
                dealt = {q: dealt[q] if q != p else rest for q in self.players}
                h.unknown = set()
                h.inferred = p
                h.partial = False
        h.dealt = dealt
        h.hands = {p: set(cs) for p, cs in dealt.items()}
        h.pile = pile
        if h.partial:  # a record of the play alone: blanks stand for what is not given (G14)
            n = 0
            for p in self.players:
                if p in h.unknown:
                    h.hands[p] = set(blanks(self.HAND_SIZE, n))
                    n += self.HAND_SIZE
            if not h.pile_known:
                h.pile = blanks(self.PILE_SIZE, n)
            h.hands = {p: h.hands[p] for p in self.players}  # seating order, as when dealt
        if self.next_dealers is not None and e.dealer not in self.next_dealers:
            due = [p for p in self.players if p in self.next_dealers]
            self.irregular("wrong-dealer", line, None, e.dealer,
                           rule="G6b" if len(due) > 1 else "G6",
                           evidence={"dealer": e.dealer, "due": due, "game": self.GAME,
                                     "rotation": self.ROTATION},
                           cause=self.dealer_cause)
        self.dealer_cause = None
        self.next_dealers = {self.next_seat(e.dealer)}
        self.start_hand(e, line)
        if h.mode == OPEN:
            self.established.append(Dealt(h.number))

    def deal_problem(self, e: ev.Deal, dealt: dict[str, list[Card]],
                     pile: list[Card]) -> dict[str, Any] | None:
        """What makes the cards dealt no proper deal, as the evidence of a ``misdeal`` (G3),
        or None: ``{"player", "count", "expected"}`` (a hand of the wrong size); ``{"pile",
        "count", "expected"}``; ``{"twice": [{"card", "places"}], "not_dealt": [cards]}``
        (places: players, or ``{"pile": "boat"}``, ``{"pile": "trump_card"}`` for the pile and
        Sixty-Six's turned-up card).  A hand or pile the record
        leaves out (format 1.1) is unknown, not missing: what is given is checked, and cards
        not dealt only when everything is given (G14)."""
        h = self.current
        field = self.TURNED_UP
        if field:  # one card turned up (Sixty-Six's trump card): read it first
            text = getattr(e, field)
            if text is None:
                return {field: None}
            try:
                h.turned_up = self.DECK.parse(text)
            except CardError as exc:
                self.void("bad-card", h.line, None, rule="G7",
                          evidence={"text": str(text), "problem": exc.problem,
                                    "game": self.GAME, "deck_size": len(self.DECK),
                                    "field": field})
                return None
        for p in self.players:
            if p in dealt and len(dealt[p]) != self.HAND_SIZE:
                return {"player": p, "count": len(dealt[p]), "expected": self.HAND_SIZE}
        if self.PILE and h.pile_known and len(pile) != self.PILE_SIZE:
            return {"pile": self.PILE, "count": len(pile), "expected": self.PILE_SIZE}
        extra = self._outside(h)
        every = list(chain(*dealt.values(), pile, extra))
        if len(every) == len(self.DECK.cards) and self.DECK.members.issubset(every):
            return None  # the whole deck, each card once (the usual case, checked in one pass)
        if h.partial and len(set(every)) == len(every):
            return None  # what is given holds no card twice; the rest is unknown
        seen: dict[Card, str | dict[str, str]] = {}
        twice: list[dict[str, Any]] = []
        places: list[tuple[str | dict[str, str], list[Card]]] = [
            *dealt.items(), ({"pile": self.PILE or ""}, pile), ({"pile": "trump_card"}, extra)]
        for where, cs in places:
            for c in cs:
                if c in seen:
                    twice.append({"card": str(c), "places": [seen[c], where]})
                seen[c] = where
        absent = [] if h.partial else [str(c) for c in self.DECK.cards if c not in seen]
        if twice or absent:
            return {"twice": twice, "not_dealt": absent}
        return None

    def _outside(self, h: HandState) -> list[Card]:
        """The cards of hand ``h``'s deal outside hands and pile: the card turned up, unless
        it is one of the dealt cards (``TURNED_FROM_HAND``)."""
        c = h.turned_up
        return [c] if c is not None and not self.TURNED_FROM_HAND else []

    def turned_up_card(self, e: ev.Deal) -> Card | None:
        """The deal's ``trump_card`` (which the caller has seen given) as a card of the game's
        deck; None when its text is no card of the deck, which is then a ``bad-card`` (G7,
        evidence ``field`` ``trump_card``) voiding the hand.  (``TURNED_UP`` does this for a
        game that declares it; a helper for a game reading its deal itself.)"""
        try:
            return self.DECK.parse(e.trump_card)
        except CardError as exc:
            self.void("bad-card", self.current.line, None, rule="G7",
                      evidence={"text": str(e.trump_card), "problem": exc.problem,
                                "game": self.GAME, "deck_size": len(self.DECK),
                                "field": "trump_card"})
            return None
