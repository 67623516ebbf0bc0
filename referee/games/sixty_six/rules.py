"""Sixty-Six: two players, 24 cards (A 10 K Q J 9 of four suits), the German rules.

Rules: the Sixty-Six rules text (seed 002) and RULINGS G and S; the project's own rulings for
what both leave open are numbered SS-R1 … in ``docs/sixty-six.md``.  In short: six cards each, a
turned-up trump card under a stock of eleven; free play while the talon is open, strict play
(follow, head the trick, trump when void) once it is closed or used up (S1); marriages of 20/40
(S2), the trump-nine exchange (S3), closing (S4); going out at 66 card points by declaring (S5,
S6), else the deal is played out with 10 for the last trick (S7); the match goes to ``target``
game points (S8).

Units: *card points* are what tricks hold (120 in the pack, 130 with the last trick's 10) plus
marriages (20 or 40, counted once their owner has a trick); *game points* are the score (1, 2 or 3
a deal, S5–S9).

Draws are implicit: after a trick while the talon is open a draw is *due*; it is carried out (the
winner takes the top card, the loser the next; the turned-up trump card comes last) before the
next event is applied, unless that event is a ``close`` with ``before_draw: true`` (referee-log(5)).

This module is the rules core: it decides and records facts (findings with ``message=None`` and
their evidence, the hand's :data:`Note` facts for ``history``, a deal's :class:`DealEnd`), and
:mod:`referee.games.sixty_six.commentary` words them; :mod:`referee.games.sixty_six.policy` says
which events may come next.
"""
from __future__ import annotations

from typing import Any, Literal, NamedTuple

from ... import events as ev
from ...cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, CardError, Deck, parse_suit
from ...facts import Facts
from . import GAME as SPEC
from ..base import (OPEN, Consequence, HandState, HandResult, HandStatus, MatchEngine, Number,
                    Revoke, handles,
                    payment)
from ..hooks import NO_CONTRACT, ContractData
from ..tricks import Duty, TrickState, TrickOrder, TrickPlay, follow_head_trump

# --- the rules as data -----------------------------------------------------------------------

RANK_ORDER = ("A", "10", "K", "Q", "J", "9")
"""Rank order inside a suit, highest first: the ten sits between the ace and the king."""

DECK: Deck = SPEC.deck
"""24 cards: ace, ten, king, queen, jack and nine of each suit."""

CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
"""Card points of each rank; 120 in the pack."""

LAST_TRICK_BONUS = 10
"""Extra card points for the last trick, only in a deal played out with the talon never closed
(S7, S4); 130 in all then."""

HAND_SIZE = 6
STOCK_SIZE = 11
"""Six cards each; eleven face down on the turned-up trump card: twelve cards to draw."""

GO_OUT = 66
"""Card points (marriages counted, S2) a player needs to declare out correctly (S5)."""

SCHNEIDER = 33
"""An opponent below this total costs 2 game points instead of 1 (S5)."""

MARRIAGE = 20
TRUMP_MARRIAGE = 40
"""King and queen of a suit shown on lead: 20, or 40 in trumps (S2)."""

LoserState = Literal["without a trick", "under 33", "33 or more"]
"""Where the loser of a deal stands, which sets its value (S5, S7): no trick taken, fewer card
points than 33 (schneider), or 33 or more."""

GAME_POINTS: dict[LoserState, int] = {"33 or more": 1, "under 33": 2, "without a trick": 3}
"""The value of a won deal by the loser's state (S5, S7)."""

FALSE_DECLARATION = 2
"""A declaration short of 66 gives the opponent this many game points (S5)."""

CLOSER_FAILS = 2
CLOSER_FAILS_NO_TRICK = 3
"""A closer who does not go out: the opponent scores 2, or 3 if the opponent had no trick when the
talon was closed (S6)."""

CLOSER_BEATEN = 2
"""The closer's opponent goes out first: 2 game points (S6)."""

REVOKE_PENALTY = 2
"""An established revoke ends the deal; the offender's opponent scores 2 (S9)."""

TARGET = 7
"""Default game points that win the match (rules option ``target``, S8)."""


def card_points(c: Card) -> int:
    """Card points of one card (ace 11, ten 10, king 4, queen 3, jack 2, nine 0)."""
    return CARD_POINTS[c.rank]


CARD_POINTS_OF = {c: card_points(c) for c in DECK.cards}
"""Card → its card points (the table above, looked up per card)."""


def loser_state(loser_total: int, loser_has_trick: bool) -> LoserState:
    """Where a loser with ``loser_total`` card points (marriages counted by S2), who has or has
    not taken a trick, stands (S5, S7)."""
    if not loser_has_trick:
        return "without a trick"
    if loser_total < SCHNEIDER:
        return "under 33"
    return "33 or more"


def deal_value(loser_total: int, loser_has_trick: bool) -> int:
    """Game points (1, 2 or 3) for winning a deal against a loser with ``loser_total`` card
    points (marriages counted by S2) who has or has not taken a trick (S5, S7)."""
    return GAME_POINTS[loser_state(loser_total, loser_has_trick)]


def marriage_value(suit: str, trump: str) -> int:
    """20 for a marriage in a plain suit, 40 in trumps (S2)."""
    return TRUMP_MARRIAGE if suit == trump else MARRIAGE


def trick_order(trump: str) -> TrickOrder:
    """Ranks for a deal with ``trump`` (a suit letter) as trumps: every suit A 10 K Q J 9."""
    return TrickOrder({s: [ALL_CARDS[r + s] for r in RANK_ORDER] for s in SUITS}, trump)


ORDERS = {s: trick_order(s) for s in SUITS}
"""One TrickOrder per trump suit, built once."""


def may_close(closed: bool, talon: int, on_lead: bool) -> bool:
    """Whether a player may close the talon (S4): it is not closed yet, holds cards (after the
    due draw, unless the close skips it) and the player is on lead."""
    return not closed and talon > 0 and on_lead


def may_exchange(window: bool, closed: bool, on_lead: bool, tricks_won: int) -> bool:
    """Whether a player who holds the nine of trumps, with another card face up, may exchange
    it (S3, SS-R4): right after the opponent closed (``window``), or on lead with the talon
    open and a trick won."""
    return window or (not closed and on_lead and tricks_won > 0)


def may_marry(closed: bool, talon: int, on_lead: bool, pending: bool, shown_before: bool
              ) -> bool:
    """Whether a player holding the king and queen of a suit may show them (S2, SS-R1): the
    talon open and holding cards, the player on lead, no marriage already waiting for its lead
    (``pending``), and this suit's not shown by the player before."""
    return not closed and talon > 0 and on_lead and not pending and not shown_before


class Shown(NamedTuple):
    """A marriage shown (S2): its ``suit`` (a letter), ``value`` in card points (20, 40 in
    trumps) and the log ``line`` of the ``marriage`` event."""

    suit: str
    value: int
    line: int


class Drawn(NamedTuple):
    """A draw carried out (S1): ``draws``, each (player, card) in drawing order (the trick's
    winner first); ``last``: the face-up trump card was drawn, the talon is used up."""

    draws: tuple[tuple[str, Card], ...]
    last: bool


class Closed(NamedTuple):
    """The talon closed (S4) by ``player`` with ``talon`` cards in it; ``before_draw``: the
    due draw was skipped; ``opponent_has_trick``: the closer's opponent had won a trick (S6)."""

    player: str
    talon: int
    before_draw: bool
    opponent_has_trick: bool


class Exchanged(NamedTuple):
    """The nine of trumps (``nine``) laid under the stock by ``player``, who took the face-up
    card (``taken``) (S3)."""

    player: str
    taken: Card
    nine: Card


class Married(NamedTuple):
    """A marriage shown by ``player`` (S2): ``shown`` (suit, value, line), ``trumps`` (in the
    trump suit), ``counted`` (its owner has a trick already, so it counts now)."""

    player: str
    shown: Shown
    trumps: bool
    counted: bool


class Count(NamedTuple):
    """A player's card points when a deal is scored: ``trick_points`` (in tricks won, no
    last-trick bonus), ``counted`` (marriages that count, S2), ``shown`` (every marriage
    shown, counted or not) and ``tricks`` (tricks won)."""

    player: str
    trick_points: int
    counted: int
    shown: int
    tricks: int

    @property
    def total(self) -> int:
        """Card points of tricks plus counted marriages (S2, S5)."""
        return self.trick_points + self.counted


Outcome = Literal["out", "out-first", "closer-short", "false", "closer-silent", "played-out",
                  "drawn"]
"""How a deal ended: a declaration of 66 (``out``, S5), or against the closer (``out-first``,
S6); one short of 66 by the closer (``closer-short``, S6) or another (``false``, S5); played out
after a close nobody declared (``closer-silent``, S6), or with the talon never closed
(``played-out``, ``drawn``, S7)."""


class DealEnd(NamedTuple):
    """The facts of a deal's end, from which :mod:`referee.games.sixty_six.commentary` words the
    hand's result (``score`` and ``history`` print it).  ``how`` (:data:`Outcome`);
    ``scorer`` won ``points`` game points; ``player``: the declarer or the closer;
    ``counts``: the declarer's then the opponent's :class:`Count`; ``loser``
    (:data:`LoserState`) for a deal won by its value; ``trick_at_close``: the closer's opponent
    had a trick when the talon was closed (S6); ``played_out``: the last trick was played
    (S10); ``points_with_last``: each player's card points with the last trick's 10, in seat
    order, and ``last`` who won it (S7); ``dealer``, who deals again after a drawn deal;
    ``closed_by``: who closed the talon, if anyone did (S4)."""

    how: Outcome
    scorer: str | None = None
    points: int = 0
    player: str | None = None
    counts: tuple[Count, ...] = ()
    loser: LoserState | None = None
    trick_at_close: bool = False
    played_out: bool = False
    points_with_last: tuple[tuple[str, int], ...] = ()
    last: str | None = None
    dealer: str | None = None
    closed_by: str | None = None


class Settled(NamedTuple):
    """How a deal is settled, of a pair of players (0 and 1): ``how`` (:data:`Outcome`);
    ``scorer``, the index of who scores ``points`` game points (None: a drawn deal);
    ``loser`` (:data:`LoserState`) for a deal won by its value; ``totals``: each one's card
    points as the deal is scored (with the last trick's 10 in a deal played out, S7)."""

    how: Outcome
    scorer: int | None
    points: int
    loser: LoserState | None
    totals: tuple[int, int]


def declaration_result(totals: tuple[int, int], tricks: tuple[int, int], closer: int | None,
                       trick_at_close: bool) -> Settled:
    """Player 0 declares out (S5, S6): ``totals`` are both players' card points (tricks and
    counted marriages), ``tricks`` the tricks each has won, ``closer`` the index of who closed
    the talon (None: nobody), ``trick_at_close``: the closer's opponent had a trick then.
    66 or more wins the deal by the loser's state (:func:`loser_state`), or 2 against the
    closer; short of 66 the opponent scores 2, or against a closer 2 or 3."""
    if totals[0] >= GO_OUT:
        if closer == 1:
            return Settled("out-first", 0, CLOSER_BEATEN, None, totals)
        loser = loser_state(totals[1], tricks[1] > 0)
        return Settled("out", 0, GAME_POINTS[loser], loser, totals)
    if closer == 0:
        gp = CLOSER_FAILS if trick_at_close else CLOSER_FAILS_NO_TRICK
        return Settled("closer-short", 1, gp, None, totals)
    return Settled("false", 1, FALSE_DECLARATION, None, totals)


def played_out_result(totals: tuple[int, int], tricks: tuple[int, int], last: int,
                      closer: int | None, trick_at_close: bool) -> Settled:
    """Every trick played and nobody declared (S6, S7): ``totals`` (tricks and counted
    marriages, no bonus), ``tricks`` won, ``last`` the index of the last trick's winner,
    ``closer`` and ``trick_at_close`` as for :func:`declaration_result`.  After a close the
    closer's opponent scores 2, or 3 with no trick at the close; else the last trick adds 10
    and the higher total wins by the loser's state, equal totals a drawn deal."""
    if closer is not None:
        gp = CLOSER_FAILS if trick_at_close else CLOSER_FAILS_NO_TRICK
        return Settled("closer-silent", 1 - closer, gp, None, totals)
    pts = (totals[0] + LAST_TRICK_BONUS * (last == 0), totals[1] + LAST_TRICK_BONUS * (last == 1))
    if pts[0] == pts[1]:
        return Settled("drawn", None, 0, None, pts)
    w = 0 if pts[0] > pts[1] else 1
    loser = loser_state(pts[1 - w], tricks[1 - w] > 0)
    return Settled("played-out", w, GAME_POINTS[loser], loser, pts)


Note = Drawn | Closed | Exchanged | Married
"""What an event did beyond its own line, as ``history`` tells it (worded by
:mod:`referee.games.sixty_six.commentary`).  A :class:`Drawn` happened before the event's own
action (the due draw it set off); the others are what the event did."""


class SixtySixHand(HandState):
    """A Sixty-Six deal: the talon, marriages, closing and the right to declare.

    ``stock``: face-down talon cards, top first; ``turned``: the face-up trump card under them
    (None once drawn; the nine of trumps after an exchange); ``draw_due``: (winner, loser) of a
    trick whose draw has not happened yet; ``closer``: who closed the talon; ``marriages``:
    player → the marriages shown (:class:`Shown`); ``may_declare``: the player who just won a
    trick or showed a marriage (S5, S10); ``played_out``: the last trick is played and its winner may
    still declare (S10); ``notes``: the facts ``history`` tells of the last event
    (:data:`Note`), until its commentary takes them.  ``trump_card``: the card the deal turned
    up (``turned_up``, read with the deal).
    """

    @property
    def trump_card(self) -> Card | None:
        return self.turned_up

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.trump = ""
        self.turned: Card | None = None
        self.stock: list[Card] = []
        self.draw_due: tuple[str, str] | None = None
        self.closer: str | None = None
        self.close_line = 0
        self.closed_before_draw = False
        self.opp_trick_at_close = False
        self.exchange_window: str | None = None
        self.marriages: dict[str, list[Shown]] = {}
        self.pending_marriage: tuple[str, str] | None = None
        self.marriage_lead: tuple[int, tuple[str, str]] | None = None
        self.may_declare: str | None = None
        self.declarer: str | None = None
        self.played_out = False
        self.since_trick = False
        self.notes: list[Note] = []

    @property
    def talon_size(self) -> int:
        """Cards left to draw, the face-up trump card included."""
        return len(self.stock) + (self.turned is not None)

    @property
    def talon_open(self) -> bool:
        """True while cards are drawn: the talon is neither closed nor used up (S1)."""
        return self.closer is None and (self.turned is not None or len(self.stock) > 0)


class SixtySix(MatchEngine[SixtySixHand]):
    """The Sixty-Six match engine (see the module docstring for the rules it follows)."""

    SPEC = SPEC
    REVOKE_RULE = "S9"
    ROTATION = "winner"
    HAND_SIZE = HAND_SIZE
    PILE_SIZE = STOCK_SIZE
    HandClass = SixtySixHand
    TURNED_UP = "trump_card"  # S2: the trump card turned up under the stock
    AFTER_HAND = frozenset({ev.Resign, ev.Timeout})  # S8: taken at any point of the match
    RULE_MINIMUM = {"target": 1}
    DISPLAY_ORDER = tuple(ALL_CARDS[r + s] for s in "CSHD" for r in RANK_ORDER)
    RULES = {"target": (int, TARGET)}

    def other(self, player: str) -> str:
        """The opponent of ``player``."""
        return self.players[1 - self.seat[player]]

    # --- the deal (S8, S10) ------------------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        """The trump suit is the turned-up card's; the stock is drawn top first; the
        non-dealer leads to the first trick (seed: "The non-dealer leads first")."""
        h = self.current
        assert h.trump_card is not None  # deal_problem voids a deal without one
        h.trump = h.trump_card.suit
        h.turned = h.trump_card
        h.stock = list(h.pile)
        h.marriages = {p: [] for p in self.players}
        h.play = TrickPlay(self.players, h.hands, ORDERS[h.trump], follow_head_trump,
                           self.other(e.dealer))


    # --- the event loop -------------------------------------------------------------------------

    def apply(self, e: Any, line: int) -> Facts:
        """As the base, plus: ``resign``/``timeout`` are taken at any point of the match (S8); a
        deal whose last trick is played is scored before any event other than the winner's
        ``declare_out`` (or a ``retract``) (S10)."""
        t = type(e)
        if t is ev.Resign or t is ev.Timeout:
            if self.hand is not None:
                self.hand.last_line = line
            self.on_resign(e, line)
            return self._take()
        h = self.hand
        if h is not None and h.played_out and h.mode == OPEN and \
                t is not ev.DeclareOut and t is not ev.Retract:
            self._score_played_out()
        return MatchEngine.apply(self, e, line)

    def intercept(self, e: Any | None, line: int) -> bool:
        """When the record of a played-out deal stops (``e`` None) before its last-trick
        winner declared, the deal is scored as played out (S10); an event is not intercepted
        (:meth:`apply` sees a played-out deal first)."""
        if e is not None:
            return False
        h = self.current
        if h.played_out:
            self._score_played_out()
            return True
        return False

    def _settle_draw(self) -> None:
        """Carry out a due draw: the trick's winner takes the top card, the loser the next; the
        turned-up trump card is the last card of the talon (seed: the winner draws first)."""
        h = self.hand  # the hot path: no property call (a handler runs inside a hand)
        assert h is not None
        if h.draw_due is None:
            return
        winner, loser = h.draw_due
        h.draw_due = None
        h.since_trick = True
        got: list[tuple[str, Card]] = []
        for p in (winner, loser):
            if h.stock:
                c = h.stock.pop(0)
            elif h.turned is not None:
                c, h.turned = h.turned, None
            else:  # cannot happen: a draw is due only while the talon holds cards
                break
            h.hands[p].add(c)
            got.append((p, c))
        h.notes.append(Drawn(tuple(got), h.turned is None and not h.stock))

    def _on_lead(self, player: str) -> bool:
        """True when ``player`` is to lead: no card of the current trick is played."""
        h = self.hand
        assert h is not None and h.play is not None  # set by start_hand: played from the deal
        tp = h.play
        return not tp.current.who and tp.leader == player

    def _lead_facts(self) -> dict[str, Any]:
        """Who is on lead, as a finding's evidence: ``trick`` (the trick being played) and
        ``leader`` (the player to lead it, or None once it has begun)."""
        tp = self.current.play
        assert tp is not None  # set by start_hand
        return {"trick": tp.trick_number, "leader": None if tp.current.who else tp.leader}

    # --- playing a card (S1, S2) ----------------------------------------------------------------

    @handles(ev.Play)
    def on_play(self, e: ev.Play, line: int) -> None:
        """A card: the due draw first (S1: the hands change before it), then the shared card
        play, which calls :meth:`before_card` for the lead a marriage demands."""
        h = self.hand  # the hot path: no property call (a handler runs inside a hand)
        assert h is not None
        if h.draw_due is not None and h.revoke is None:
            self._settle_draw()
        MatchEngine.on_play(self, e, line)  # the shared card play (no super object per card)

    def before_card(self, player: str, c: Card, line: int) -> None:
        """The lead after a ``marriage`` must be its king or queen (S2, ``illegal-lead``,
        applied); any card ends the windows to declare and to exchange (S3, S10)."""
        h = self.hand  # the hot path: no property call (a handler runs inside a hand)
        assert h is not None
        tp = h.play
        assert tp is not None  # set by start_hand: the deal opens the play
        pm = h.pending_marriage
        if pm is not None:
            h.pending_marriage = None
            who, suit = pm
            if who == player and not tp.current.cards:
                h.marriage_lead = (tp.trick_number, pm)
                if c not in (ALL_CARDS["K" + suit], ALL_CARDS["Q" + suit]):
                    self.irregular(
                        "illegal-lead", line, None, who, rule="S2",
                        evidence={"player": who, "card": str(c), "suit": SUIT_NAMES[suit],
                                  "trick": tp.trick_number,
                                  "marriage_line": next((m.line for m in h.marriages[who]
                                                         if m.suit == suit), None)})
        h.may_declare = None
        h.exchange_window = None

    def duty_in_force(self) -> Duty | None:
        """No duty while the talon is open; else follow, head the trick, trump when void
        (S1)."""
        h = self.current
        return None if h.talon_open else follow_head_trump

    def after_trick(self, trick: TrickState, line: int) -> None:
        """The winner may declare (S5); while the talon is open a draw becomes due."""
        h = self.hand  # the hot path: no property call (a handler runs inside a hand)
        assert h is not None
        w = trick.winner
        assert w is not None  # the trick is complete
        h.may_declare = w
        h.since_trick = False
        if h.talon_open:
            h.draw_due = (w, self.other(w))

    def score_hand(self, line: int) -> None:
        """The last trick is played: its winner may still declare out (S10); otherwise the deal
        is scored as played out when the next event (or the end of the log) comes."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        assert h.play is not None  # set by start_hand: the deal opens the play
        h.played_out = True
        h.may_declare = h.play.tricks[-1].winner

    @handles(ev.Retract)
    def on_retract(self, e: ev.Retract, line: int) -> None:
        """``retract`` (G4, G4a), keeping the talon consistent: a trick reopened by it has its due
        draw cancelled; one followed by a draw, close, exchange or marriage cannot be reopened
        (SS-R6, ``illegal-retract``, hand unscored)."""
        h = self.current
        tp = h.play
        assert tp is not None  # set by start_hand: the deal opens the play
        reopens = not tp.current.who and bool(tp.tricks)
        if reopens and h.since_trick:
            try:  # the card as the referee writes it, where it is one; else as the log has it
                card = str(DECK.parse(e.card))
            except CardError:
                card = e.card
            self.void("illegal-retract", line, None, e.player, rule="SS-R6",
                      evidence={"player": e.player, "card": card, "trick": tp.tricks[-1].number})
            return
        n = len(tp.tricks)
        super().on_retract(e, line)
        if h.mode != OPEN:
            return
        if len(tp.tricks) < n:
            h.draw_due = None
            h.may_declare = None
            h.played_out = False
        if not tp.current.who and h.marriage_lead and h.marriage_lead[0] == tp.trick_number:
            h.pending_marriage = h.marriage_lead[1]
            h.may_declare = h.marriage_lead[1][0]

    def _revoke_stands(self, line: int) -> bool:
        """A close, exchange or marriage changes the talon or the lead, after which the revoking
        card can no longer be taken back (SS-R6): an open revoke is established at ``line``
        and the deal ends (ruling SS-R14, G4).  True when that happened (the event is then
        passed over, as everything after an established revoke)."""
        h = self.hand
        if h is None or h.revoke is None:
            return False
        self.establish_revoke(line)
        return True

    # --- the talon: draw, close, exchange (S3, S4) ------------------------------------------------

    @handles(ev.Draw)
    def on_draw(self, e: ev.Draw, line: int) -> None:
        """An explicit ``draw``: the due draw.  With none due, ``illegal-draw``, nothing is drawn
        (SS-R2)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        assert h.play is not None  # set by start_hand: the deal opens the play
        if h.draw_due is not None:
            self._settle_draw()
            return
        self.irregular("illegal-draw", line, None, rule="SS-R2",
                       evidence={"closed_by": h.closer, "talon": h.talon_size,
                                 "tricks": len(h.play.tricks)})

    @handles(ev.Close)
    def on_close(self, e: ev.Close, line: int) -> None:
        """Closing the talon: by the player on lead, before or after the draw, while the talon
        holds cards (S4).  A close before the draw leaves both hands a card short."""
        if self._revoke_stands(line):
            return
        h = self.current
        assert h.play is not None  # set by start_hand: the deal opens the play
        p = e.player
        before = bool(e.before_draw)
        skipped = False
        if before and h.draw_due is not None and h.closer is None:
            h.draw_due = None
            skipped = True
        else:
            self._settle_draw()
        on_lead = self._on_lead(p)
        if not may_close(h.closer is not None, h.talon_size, on_lead):
            if h.closer is not None:
                self.irregular("illegal-close", line, None, p, rule="S4",
                               evidence={"player": p, "closed_by": h.closer,
                                         "closed_at": h.close_line, "applied": False})
                return
            if h.talon_size == 0:
                self.irregular("illegal-close", line, None, p, rule="S4",
                               evidence={"player": p, "talon": 0, "applied": False})
                return
            self.irregular("illegal-close", line, None, p, rule="S4",
                           evidence={"player": p, "on_lead": False, "applied": True,
                                     **self._lead_facts()})
        opp = self.other(p)
        h.closer = p
        h.close_line = line
        h.closed_before_draw = skipped
        h.opp_trick_at_close = h.play.tricks_won(opp) > 0
        h.exchange_window = opp
        h.since_trick = True
        h.notes.append(Closed(p, h.talon_size, skipped, h.opp_trick_at_close))

    @handles(ev.Exchange)
    def on_exchange(self, e: ev.Exchange, line: int) -> None:
        """The nine of trumps for the turned-up trump card: by the player on lead before leading,
        with a trick won, while the talon is open; or by the closer's opponent right after the
        close, before the next card (S3, SS-R4)."""
        if self._revoke_stands(line):
            return
        h = self.current
        assert h.play is not None  # set by start_hand: the deal opens the play
        p = e.player
        self._settle_draw()
        nine = ALL_CARDS["9" + h.trump]
        if h.turned is None or h.turned == nine:
            self.void("illegal-exchange", line, None, p, rule="G3",
                      evidence={"player": p, "card": str(nine),
                                "turned_up": str(h.turned) if h.turned else None})
            return
        if h.partial:
            self.reveal(p, [nine], line, "exchanged")
            if h.mode != OPEN:
                return  # the nine proved a revoke that decided the hand (G14)
        if nine not in h.hands[p]:
            self.void("card-not-held", line, None, p, rule="G3",
                      evidence={**self.not_held(p, [nine]), "action": "exchange"})
            return
        on_lead = self._on_lead(p)
        won = h.play.tricks_won(p)
        if not may_exchange(h.exchange_window == p, h.closer is not None, on_lead, won):
            self.irregular("illegal-exchange", line, None, p, rule="S3",
                           evidence={"player": p, "card": str(nine),
                                     "turned_up": str(h.turned), "closed_by": h.closer,
                                     "on_lead": on_lead, "tricks_won": won,
                                     **({} if on_lead else self._lead_facts())})
        h.hands[p].discard(nine)
        h.hands[p].add(h.turned)
        h.notes.append(Exchanged(p, h.turned, nine))
        h.turned = nine
        h.exchange_window = None
        h.since_trick = True

    # --- marriages and going out (S2, S5, S6, S10) -------------------------------------------------

    @handles(ev.Marriage)
    def on_marriage(self, e: ev.Marriage, line: int) -> None:
        """King and queen of a suit shown by the player on lead while the talon is open, one per
        lead, 20 or 40 in trumps (S2).  An illegal marriage is reported and does not count
        (S11, SS-R1)."""
        if self._revoke_stands(line):
            return
        h = self.current
        assert h.play is not None  # set by start_hand: the deal opens the play
        p = e.player
        try:
            s = parse_suit(e.suit)
        except ValueError:
            self.void("bad-event", line, None, p, rule="G7",
                      evidence={"event": "marriage", "suit": e.suit})
            return
        self._settle_draw()
        pair = [ALL_CARDS["K" + s], ALL_CARDS["Q" + s]]
        if h.partial:
            self.reveal(p, pair, line, "shown")
            if h.mode != OPEN:
                return  # a card shown proved a revoke that decided the hand (G14)
        missing = [c for c in pair if c not in h.hands[p]]
        if missing:
            self.void("card-not-held", line, None, p, rule="G3",
                      evidence={**self.not_held(p, missing), "action": "marriage",
                                "suit": SUIT_NAMES[s]})
            return
        on_lead = self._on_lead(p)
        pending = h.pending_marriage
        if not may_marry(h.closer is not None, h.talon_size, on_lead, pending is not None,
                         any(m.suit == s for m in h.marriages[p])):
            evidence: dict[str, Any] = {
                "player": p, "suit": SUIT_NAMES[s], "closed_by": h.closer,
                "talon": h.talon_size, "on_lead": on_lead,
                "shown": [{"suit": SUIT_NAMES[m.suit], "line": m.line} for m in h.marriages[p]]}
            if h.closer is not None:
                evidence["closed_at"] = h.close_line
            if not on_lead:
                evidence.update(self._lead_facts())
            if pending is not None:
                evidence["pending"] = SUIT_NAMES[pending[1]]
            self.irregular("illegal-marriage", line, None, p, rule="SS-R1", evidence=evidence)
            return
        shown = Shown(s, marriage_value(s, h.trump), line)
        h.marriages[p].append(shown)
        h.pending_marriage = (p, s)
        h.may_declare = p
        h.notes.append(Married(p, shown, s == h.trump, h.play.tricks_won(p) > 0))

    def counted_marriages(self, p: str) -> int:
        """Card points of ``p``'s marriages, counted only once ``p`` has a trick (S2)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        assert h.play is not None  # set by start_hand: the deal opens the play
        if h.play.tricks_won(p) == 0:
            return 0
        return sum(m.value for m in h.marriages[p])

    def trick_points(self, p: str) -> int:
        """Card points in the tricks ``p`` has won (no last-trick bonus)."""
        h = self.hand
        assert h is not None and h.play is not None  # set by start_hand
        return h.play.points_won(p, CARD_POINTS_OF.__getitem__)

    def total(self, p: str) -> int:
        """Card points of tricks plus counted marriages (S2, S5)."""
        return self.trick_points(p) + self.counted_marriages(p)

    def count(self, p: str) -> Count:
        """``p``'s card points as they stand (:class:`Count`)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        assert h.play is not None  # set by start_hand: the deal opens the play
        return Count(p, self.trick_points(p), self.counted_marriages(p),
                     sum(m.value for m in h.marriages[p]), h.play.tricks_won(p))

    @handles(ev.DeclareOut)
    def on_declare_out(self, e: ev.DeclareOut, line: int) -> None:
        """``declare_out``: legal right after winning a trick or showing a marriage, until the next
        card (S5, S10); elsewhere ``illegal-declaration``, ignored.  Scores the deal by S5/S6."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        p = e.player
        if h.revoke is not None:
            self.establish_revoke(line)
            return
        if h.may_declare != p:
            self.irregular("illegal-declaration", line, None, p, rule="S5",
                           evidence={"player": p, "may_declare": h.may_declare,
                                     "played_out": h.played_out})
            return
        self._score_declaration(p, line)

    def _score_declaration(self, p: str, line: int) -> None:
        """``p`` declares out: 66 or more wins the deal by its value, or 2 against the closer;
        short of 66 the opponent scores 2, or the closer's 2 or 3 (S5, S6, S10)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        opp = self.other(p)
        h.declarer = p
        mine, theirs = self.count(p), self.count(opp)
        deltas: dict[str, Number] = {q: 0 for q in self.players}
        closer = None if h.closer is None else (0 if h.closer == p else 1)
        r = declaration_result((mine.total, theirs.total), (mine.tricks, theirs.tricks), closer,
                               h.opp_trick_at_close)
        assert r.scorer is not None  # a declaration always has a scorer
        scorer = (p, opp)[r.scorer]
        deltas[scorer] = r.points
        end = DealEnd(r.how, scorer, r.points, p, (mine, theirs), r.loser, h.opp_trick_at_close,
                      h.played_out, closed_by=h.closer)
        self.finish(p, None, deltas, end)

    def _score_played_out(self) -> None:
        """Nobody declared and every trick is played (S6, S7)."""
        h = self.current
        assert h.play is not None  # set by start_hand: the deal opens the play
        deltas: dict[str, Number] = {q: 0 for q in self.players}
        last = h.play.tricks[-1].winner
        assert last is not None  # every trick is complete
        a, b = self.players
        closer = None if h.closer is None else self.players.index(h.closer)
        r = played_out_result((self.total(a), self.total(b)),
                              (h.play.tricks_won(a), h.play.tricks_won(b)),
                              self.players.index(last), closer, h.opp_trick_at_close)
        if r.how == "closer-silent":
            assert r.scorer is not None and h.closer is not None
            opp = self.players[r.scorer]
            deltas[opp] = r.points
            end = DealEnd("closer-silent", opp, r.points, h.closer,
                          trick_at_close=h.opp_trick_at_close, played_out=True)
            self.finish(None, None, deltas, end)
            return
        with_last = ((a, r.totals[0]), (b, r.totals[1]))
        if r.scorer is None:
            status = HandStatus.DRAWN if h.status == HandStatus.SCORED else h.status
            end = DealEnd("drawn", played_out=True, points_with_last=with_last, last=last,
                          dealer=h.dealer)
            self.finish(None, None, deltas, end, status=status, extra=None)
            return
        w = self.players[r.scorer]
        deltas[w] = r.points
        end = DealEnd("played-out", w, r.points, loser=r.loser, played_out=True,
                      points_with_last=with_last, last=last)
        self.finish(None, None, deltas, end)

    # --- the match (S8, S10) ------------------------------------------------------------------------

    @handles(ev.Resign, ev.Timeout)
    def on_resign(self, e: ev.Resign | ev.Timeout, line: int) -> None:
        """``resign`` or ``timeout`` ends the match; the opponent wins (S8).  In mid-deal the deal
        is left ``unscored`` without a finding (S10); a revoke still open is established first
        (G11), a played-out deal is scored first."""
        p = e.player
        h = self.hand
        if p not in self.seat:
            if h is not None and h.mode == OPEN:
                self.void("unknown-player", line, None,
                          rule="G3", evidence={"players": [p], "field": "player"})
            else:
                self.report("unknown-player", line, None, trick=None,
                            rule="G3", evidence={"players": [p], "field": "player"})
            return
        if h is not None and h.mode == OPEN:
            if h.revoke is not None:
                self.establish_revoke(line)
            elif h.played_out:
                self._score_played_out()
            else:
                self._unscored(h, "timed-out" if isinstance(e, ev.Timeout) else "resigned",
                               {"player": p})
        if self.finished:
            return
        self.finished = True
        self.winners = [self.other(p)]

    def after_hand(self, result: HandResult) -> None:
        """The deal's winner deals next; a drawn deal is dealt again by the same dealer (S8,
        G6); the match ends when a total reaches ``target``.  After an unscored deal any dealer
        is accepted (S10)."""
        h = self.current
        if result.status == HandStatus.UNSCORED:
            self.next_dealers = None
            return
        won = [p for p in self.players if result.deltas.get(p, 0) > 0]
        self.next_dealers = {won[0]} if won else {h.dealer}
        if any(v >= self.rules["target"] for v in self.totals.values()):
            self.finish_match()

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """``trump_card`` for the face-up card under the stock (the trump card, or the nine
        after an exchange), else ``stock`` for a card of the stock not drawn yet."""
        if c == self.current.turned:
            return {"pile": "trump_card"}
        return super().card_place(c)

    def contract(self) -> ContractData:
        """The deal's declarer (who declared 66 or closed), no contract name; tricks count
        card points (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
        if self.hand is None:
            return NO_CONTRACT
        return ContractData(self.hand.declarer, None, None, CARD_POINTS_OF)

    # --- revokes (S1, S9) ---------------------------------------------------------------------------

    def revoke_facts(self, player: str, c: Card, tp: TrickPlay) -> dict[str, Any]:
        """Why the duty bound (S1): the talon ``closed_by`` a player (and ``closed_at``, the
        close's line), or used up (``closed_by`` None); a revoke can happen only then."""
        h = self.current
        if h.closer is None:
            return {"closed_by": None}
        return {"closed_by": h.closer, "closed_at": h.close_line}

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], Consequence,
                                                 tuple[str, ...]]:
        """The deal ends and the offender's opponent scores 2 (S9): consequence ``{"ends":
        "deal", "pays": [the opponent, +2]}``; the clauses S1 (the duty broken) and S9."""
        opp = self.other(r.player)
        deltas: dict[str, Number] = {q: 0 for q in self.players}
        deltas[opp] = REVOKE_PENALTY
        return deltas, {"ends": "deal", "pays": [payment(opp, REVOKE_PENALTY)]}, ("S1", "S9")
