"""Four-handed Whist: the rules core, built on referee's shared trick machine and base as any
outside game is (no file of referee names this game).

The rules, W1 … W7 (the ``rule`` of this game's findings):

- **W1** Four players in two partnerships, partners sitting opposite: seats 1 & 3 against
  2 & 4.  52 cards, ace high, 2 low in every suit.
- **W2** Each deal gives every player 13 cards; the deal passes to the left (G6).  The dealer's
  last card is turned up: the deal's ``trump_card`` names it, and it is one of the dealer's 13.
  A deal without ``trump_card``, or whose ``trump_card`` the dealer was not dealt (a card
  dealt twice: to another player and turned up), is a ``misdeal`` (G3: the hand is not
  scored).
- **W3** The suit of the turned-up card is trumps for the hand.
- **W4** The player on the dealer's left leads to the first trick; the winner of a trick leads
  to the next.  Follow suit if able; a player void in the suit led may play any card.  The
  highest trump played wins the trick, else the highest card of the suit led.
- **W5** After the 13th trick the side that took the majority (seven or more) scores one game
  point per trick over six (7 tricks: 1 … 13 tricks: 7), both partners alike; the other side
  scores nothing.
- **W6** A revoke (not following suit when able) may be repaired by a ``retract`` before the
  next card (G4).  Established, it ends the hand: the other side scores 3 game points, the
  offending side nothing.
- **W7** A match is played to ``target`` game points (a rules option, default 5): once a side
  has that many, the match is over and that side wins (only one side scores in a hand, so
  there is no tie).

Units: tricks are counted in tricks; game points are the score.

This module decides and records facts (findings with ``message`` None and their evidence, a
hand's :class:`Outcome`); :mod:`referee_whist.commentary` words them.
"""
from __future__ import annotations

from typing import Final, NamedTuple

from referee import events as ev
from referee.cards import SUITS, Card
from referee.games.base import (Consequence, HandState, HandResult, HandStatus, MatchEngine,
                                Number, Revoke,
                                handles, payment)
from referee.games.tricks import TrickOrder, TrickPlay, follow_suit

from . import GAME as SPEC

DECK = SPEC.deck
HAND_SIZE: Final = 13
"""W2: 13 cards each, 13 tricks."""
BOOK: Final = 6
"""W5: the first six tricks of a side (its *book*) score nothing."""
REVOKE_POINTS: Final = 3
"""W6: an established revoke gives the other side 3 game points."""
TARGET: Final = 5
"""W7: the default ``target``."""
RANKS: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
"""W1: each suit, highest first."""

ORDERS: Final[dict[str, TrickOrder]] = {
    t: TrickOrder({s: [c for c in DECK.cards if c.suit == s] for s in SUITS}, t) for t in SUITS}
"""W3, W4: the trick order with each suit as trumps (built once)."""


class Outcome(NamedTuple):
    """The facts of a scored hand (W5), which the commentary words as its result: ``winners``
    (the side that took the majority) took ``won`` tricks and score ``points``; ``losers``
    took ``lost``; ``trump`` is the trump suit (a suit letter)."""

    winners: tuple[str, ...]
    won: int
    losers: tuple[str, ...]
    lost: int
    points: int
    trump: str


class WhistHand(HandState):
    """A Whist hand: the ``trump_card`` turned up (W2: the base reads it, ``TURNED_UP``) and its
    suit ``trump`` (W3, a suit letter; empty until the deal is accepted)."""

    @property
    def trump_card(self) -> Card | None:
        return self.turned_up

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.trump = ""


class Whist(MatchEngine[WhistHand]):
    """The Whist match engine (the module docstring has its rules)."""

    SPEC = SPEC
    REVOKE_RULE = "W6"
    TEAMS = 2
    HAND_SIZE = HAND_SIZE
    HandClass = WhistHand
    TURNED_UP = "trump_card"  # W2: the deal turns the dealer's last card up
    TURNED_FROM_HAND = True
    RULES = {"target": (int, TARGET)}
    RULE_MINIMUM = {"target": 1}
    on_play = handles(ev.Play)(MatchEngine.on_play)
    on_retract = handles(ev.Retract)(MatchEngine.on_retract)
    DISPLAY_ORDER = tuple(c for s in "SHCD" for c in DECK.cards if c.suit == s)
    """History shows hands ♠ ♥ ♣ ♦, each ace first."""

    # --- the deal (W2, W3): the shared checks read the turned-up card (TURNED_UP) ---------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        """W2: the turned-up card is the dealer's (a ``misdeal`` when the deal gave it to
        someone else; in a record of the play alone it is a card seen in the dealer's hand);
        W3: its suit is trumps; W4: the player on the dealer's left leads."""
        h = self.current
        c = h.trump_card
        assert c is not None  # deal_problem voids a deal without one
        dealer = e.dealer
        if dealer in h.unknown:
            self.reveal(dealer, [c], line, "shown")
        if c not in h.hands[dealer]:  # the card turned up is dealt to another too, or to nobody
            holder = next((p for p in self.players if c in h.hands[p]), None)
            h.turned_up = None
            twice = [] if holder is None else [
                {"card": str(c), "places": [holder, {"pile": "trump_card"}]}]
            self.void("misdeal", line, None, rule="W2",
                      evidence={"twice": twice, "not_dealt": [] if twice else [str(c)]})
            return
        h.trump = c.suit
        h.play = TrickPlay(self.players, h.hands, ORDERS[c.suit], follow_suit,
                           self.next_seat(dealer))

    # --- scoring (W5 … W7) ---------------------------------------------------------------

    def tricks_of(self, team: tuple[str, ...]) -> int:
        """Tricks ``team`` has taken in the current hand."""
        tp = self.current.play
        return 0 if tp is None else sum(tp.tricks_won(p) for p in team)

    def team_deltas(self, team: tuple[str, ...], points: Number) -> dict[str, Number]:
        """``points`` to each member of ``team``, nothing to the others (partners alike)."""
        return {p: points if p in team else 0 for p in self.players}

    def score_hand(self, line: int) -> None:
        """W5: the side with seven tricks or more scores a point per trick over six."""
        h = self.current
        a, b = self.teams()
        won = {t: self.tricks_of(t) for t in (a, b)}
        winners, losers = (a, b) if won[a] > won[b] else (b, a)
        points = won[winners] - BOOK
        outcome = Outcome(winners, won[winners], losers, won[losers], points, h.trump)
        self.finish(None, None, self.team_deltas(winners, points),
                    outcome)  # the facts the commentary words the result from, when asked

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], Consequence,
                                                 tuple[str, ...]]:
        """W6: the hand ends; the other side scores :data:`REVOKE_POINTS` each.  The
        consequence as facts: what ends, who is paid, and the two sides (``offenders``,
        ``others``)."""
        offenders = self.team_of(r.player)
        others = next(t for t in self.teams() if t != offenders)
        deltas = self.team_deltas(others, REVOKE_POINTS)
        consequence: Consequence = {"ends": "hand",
                                    "pays": [payment(p, d) for p, d in deltas.items() if d]}
        return deltas, consequence, ("W4", "W6")

    def after_hand(self, result: HandResult) -> None:
        """W7: a side at ``target`` game points wins the match; after an unscored hand, the
        base's next dealers."""
        if result.status == HandStatus.UNSCORED:
            super().after_hand(result)
            return
        over = [t for t in self.teams() if self.totals[t[0]] >= self.rules["target"]]
        if over:
            self.finished = True
            self.winners = list(over[0])
