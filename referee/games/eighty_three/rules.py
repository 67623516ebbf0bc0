"""Eighty-Three: four players in two partnerships (seats 1 & 3 against 2 & 4), 52 cards and a joker.

Rules: the Eighty-Three rules text (seed 003) and RULINGS G and E; project rulings E-R1 … are in
``docs/eighty-three.md``.  In short: twelve cards each and a kitty of five; an auction on how many
points the bidder's team will take (30 to 83, and "83 doubled" above 83), the dealer forced to bid
when the other three pass (E1); the bid winner takes the kitty and names trumps; extra trumps may go
to the partner, and everyone discards down to six cards (E2); six tricks, the bid winner leading,
a trump lead followed with trumps and a plain lead followed or trumped (E3); only trumps hold
points, 83 in all (E4); the first team to 200 wins (E5).

Trumps are the named suit plus the five of the other suit of the same colour (the *off-five*) and
the joker.  Units: *card points* are what the trump cards in tricks are worth (83 in a hand); *game
points* are the score.  Partners always have the same total.

This is the game's rules core: it reports findings as facts (message None, the evidence of
``referee-log.5``); their words, and the lines ``history`` and ``score`` add for the game, are in
:mod:`referee.games.eighty_three.commentary`; the events that may come next and their weights in
:mod:`referee.games.eighty_three.policy`.
"""
from __future__ import annotations

from typing import Any, Final, Hashable, Literal, Mapping, NamedTuple, Sequence, TypedDict

from ... import events as ev
from ...cards import ALL_CARDS, JOKER, SAME_COLOUR, SUIT_NAMES, SUITS, Card, Deck, \
    is_blank, parse_suit
from . import GAME as SPEC
from ..base import (OPEN, AuctionHand, Consequence, HandResult, HandStatus, MatchEngine, Number, Revoke,
                    RulesError, handles, payment, strs)
from ..hooks import NO_CONTRACT, ContractData, PlayCount, PlayReading
from ..tricks import TrickState, TrickOrder, TrickPlay, follow_or_trump

# --- the rules as data -----------------------------------------------------------------------

DECK: Deck = SPEC.deck
"""A 52-card deck and one joker."""

HAND_SIZE = 12
KITTY_SIZE = 5
PLAY_SIZE = 6
"""Deal 12 each and a kitty of 5; everyone plays with 6 cards (E2), so a hand has 6 tricks."""

BID_MIN, BID_MAX = 30, 83
"""Bids are whole numbers of card points from 30 to 83; "83 doubled" ranks above 83 (E1)."""
SetPenalty = Literal["points", "bid"]
"""What a set bidding team loses (the rules option ``set_penalty``, referee-log(5)): the card points
it took (``points``, the rules as written) or the amount bid (``bid``)."""
SET_PENALTIES: tuple[SetPenalty, ...] = ("points", "bid")
"""The values of the rules option ``set_penalty``."""
DOUBLED_KEY = BID_MAX + 1
"""The rank of "83 doubled" among bids: one above a plain 83."""
DOUBLED_VALUE = 2 * BID_MAX
"""83 doubled wins or loses 166 game points (E4)."""

TARGET = 200
"""The first team to 200 game points wins the game (E5)."""

TRUMP_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "OFF5", "4", "3", "2", "JK")
"""Trump ranking, highest first: the trump suit's own five above the off-five; the joker lowest."""
PLAIN_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
"""A plain suit, highest first (the suit that lends its five to trumps has no five)."""

TRUMP_POINTS = {"A": 1, "K": 25, "Q": 20, "J": 1, "10": 1, "9": 9, "5": 5, "OFF5": 5, "2": 1,
                "JK": 15}
"""Card points of trumps (only trumps count): 1+25+20+1+1+9+5+5+1+15 = 83."""
TOTAL_POINTS = sum(TRUMP_POINTS.values())
assert TOTAL_POINTS == 83


def off_five(trump: str) -> Card:
    """The five of the other suit of the trump suit's colour (5♦ when hearts are trumps)."""
    return ALL_CARDS["5" + SAME_COLOUR[trump]]


def trump_cards(trump: str) -> list[Card]:
    """The 15 trumps when ``trump`` (a suit letter) is named, highest first."""
    return [off_five(trump) if r == "OFF5" else JOKER if r == "JK" else ALL_CARDS[r + trump]
            for r in TRUMP_RANKS]


def trick_order(trump: str) -> TrickOrder:
    """Effective suits and rank orders when ``trump`` is named: the trump suit with the off-five
    and the joker (ranked as :data:`TRUMP_RANKS`), and three plain suits (one without its five)."""
    off = off_five(trump)
    suits = {trump: trump_cards(trump)}
    for s in SUITS:
        if s != trump:
            suits[s] = [ALL_CARDS[r + s] for r in PLAIN_RANKS if ALL_CARDS[r + s] != off]
    return TrickOrder(suits, trump)


ORDERS: dict[str, TrickOrder] = {s: trick_order(s) for s in SUITS}
"""One TrickOrder per possible trump suit, built once."""

CARD_POINTS_OF: dict[str, dict[Card, int]] = {
    s: {c: TRUMP_POINTS[r] for c, r in zip(trump_cards(s), TRUMP_RANKS) if r in TRUMP_POINTS}
    for s in SUITS}
"""Per trump suit: card → card points (only the ten point trumps appear)."""


def card_points(c: Card, trump: str) -> int:
    """Card points of ``c`` when ``trump`` (a suit letter) is trumps (0 for all but ten trumps)."""
    return CARD_POINTS_OF[trump].get(c, 0)


class Bid:
    """A bid: ``points`` (30–83) and ``doubled`` (only with 83).  ``key`` orders bids (83 doubled
    is 84); ``need`` is the card points the bidding team must take (all 83 for either 83)."""

    __slots__ = ("points", "doubled")
    points: int
    doubled: bool

    def __init__(self, points: int, doubled: bool = False) -> None:
        self.points = points
        self.doubled = doubled and points == BID_MAX

    @property
    def key(self) -> int:
        return DOUBLED_KEY if self.doubled else self.points

    @property
    def need(self) -> int:
        return self.points

    @property
    def stake(self) -> int:
        """Game points lost when set under ``set_penalty: "bid"`` (and after a revoke, E6):
        the amount bid, 166 for 83 doubled."""
        return DOUBLED_VALUE if self.doubled else self.points

    def __str__(self) -> str:
        return f"{self.points} doubled" if self.doubled else str(self.points)

    def facts(self) -> BidFacts:
        """The bid as a finding's evidence states it."""
        return {"points": self.points, "doubled": self.doubled}

    def short(self) -> str:
        """As the ``contract`` of ``score`` names it: ``60``, ``83 dbl``."""
        return f"{self.points} dbl" if self.doubled else str(self.points)


def bid_score(bid: Bid, taken: int, set_penalty: SetPenalty) -> tuple[bool, int]:
    """(made, game points) for the bidding team that took ``taken`` card points (E4).

    Made when ``taken`` reaches the bid (all 83 for 83 and 83 doubled): the team scores what it
    took, or 166 for 83 doubled.  Set: 83 doubled loses 166; otherwise the team loses what it took
    (``set_penalty`` "points", the rules as written) or the amount bid ("bid").
    """
    made = taken >= bid.need
    if bid.doubled:
        return made, DOUBLED_VALUE if made else -DOUBLED_VALUE
    if made:
        return True, taken
    return False, -(bid.points if set_penalty == "bid" else taken)


Phase = Literal["auction", "trump", "prepare", "play"]
"""Phases of a hand: bidding; waiting for trumps to be named; gives and discards; tricks."""
AUCTION: Final = "auction"
TRUMP_CALL: Final = "trump"
PREPARE: Final = "prepare"
PLAY: Final = "play"


OUT_OF_CARDS: Final = "out-of-cards"
"""How a hand ends when a player has no card left before the last trick (E7): the reason of its
unscored result, or (``established_by``) of a revoke it establishes."""


class BidFacts(TypedDict):
    """A bid as evidence states it: ``points`` (30–83) and ``doubled``."""

    points: int
    doubled: bool


class RevokeConsequence(Consequence):
    """What an established revoke does (E6), the evidence ``consequence`` of a ``revoke``:
    the hand ends (``ends``), every player's score change in ``pays``; ``set`` when the offenders are the bidding team (set, losing the bid; else the bidders make
    it with all 83), ``offenders`` and ``others`` (the two teams, in seating order), ``bid``."""

    set: bool
    offenders: list[str]
    others: list[str]
    bid: BidFacts


class Outcome(NamedTuple):
    """The facts of a scored hand (E4), which the commentary words as its result: the
    ``bidders`` bid ``bid`` with ``trump`` (a suit letter) trumps and took ``taken`` card
    points, ``made`` or not; the ``defenders`` took ``defended``."""

    bidders: tuple[str, ...]
    bid: Bid
    trump: str
    taken: int
    made: bool
    defenders: tuple[str, ...]
    defended: int


class EightyThreeHand(AuctionHand):
    """An Eighty-Three hand: the auction, trumps, gives and discards, six tricks.

    ``standing``: the highest bid so far and its bidder; ``declarer`` and ``bid``: the auction's
    winner and winning bid (set together when the auction ends); ``trump``: the suit letter named
    (None before); ``discarded``: who has discarded; ``discards`` and ``given``: player → cards
    laid away or passed to the partner (E2)."""

    phase: Phase

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.standing: tuple[str, Bid] | None = None
        self.declarer: str | None = None
        self.bid: Bid | None = None
        self.trump: str | None = None
        self.discarded: set[str] = set()
        self.discards: dict[str, list[Card]] = {}
        self.given: dict[str, list[Card]] = {}
        self.short: dict[str, int] = {}
        """Player → line of the finding that left them with fewer than 6 cards for the play
        (a discard too many, E-R2): the ``cause`` of their running out of cards."""


class EightyThree(MatchEngine[EightyThreeHand]):
    """The Eighty-Three match engine (see the module docstring for the rules it follows)."""

    SPEC = SPEC
    REVOKE_RULE = "E6"
    TEAMS = 2
    HAND_SIZE = HAND_SIZE
    PILE_SIZE = KITTY_SIZE
    HandClass = EightyThreeHand
    TRICKS = PLAY_SIZE  # E2: six tricks make a hand
    on_play = handles(ev.Play)(MatchEngine.on_play)
    on_retract = handles(ev.Retract)(MatchEngine.on_retract)
    # The phases as an out-of-phase finding's message names them (its evidence names the
    # phase alone; transitional, issue 14: the commentary's phase_words falls back to these).
    PHASE_WORDS = {AUCTION: "during the auction", TRUMP_CALL: "before trumps are named",
                   PREPARE: "after trumps are named, before the first card",
                   PLAY: "during the play"}
    DISPLAY_ORDER = tuple(ALL_CARDS[r + s] for s in "SHDC" for r in PLAIN_RANKS) + (JOKER,)
    """History shows hands ♠ ♥ ♦ ♣, each ace first, the joker last."""
    RULES = {"set_penalty": (str, "points")}

    def __init__(self, players: list[str], rules: Mapping[str, Any] | None = None) -> None:
        """Raises ValueError for a ``set_penalty`` other than "points" or "bid" (and as
        :meth:`MatchEngine.check_rules` does)."""
        super().__init__(players, rules)
        penalty = self.rules["set_penalty"]
        if penalty not in SET_PENALTIES:
            raise RulesError(self.GAME, "option-value", "set_penalty",
                             allowed=list(SET_PENALTIES), value=penalty)
        self.set_penalty: SetPenalty = penalty
        """What a set bidding team loses (E4, the rules option)."""

    # --- teams -------------------------------------------------------------------------------

    def side(self, player: str) -> str:
        """``player``'s team as text (``Ann & Cat``)."""
        return self.team_name(self.team_of(player))

    def team_deltas(self, by_team: Mapping[tuple[str, ...], Number]) -> dict[str, Number]:
        """Per-player deltas from per-team ones: partners alike."""
        return {p: by_team.get(self.team_of(p), 0) for p in self.players}

    # --- the auction (E1, E7) ----------------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        self.current.to_act = self.next_seat(e.dealer)

    @handles(ev.Bid)
    def on_bid(self, e: ev.Bid, line: int) -> None:
        """A bid of ``points`` (30–83), ``doubled`` only with 83, above the standing bid (E1, E7).
        Out of range or missing: ``bad-event`` (hand unscored).  Too low or out of turn: reported
        and applied (G2); ``doubled`` on another number: ``illegal-bid``, read as not doubled."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        pts = e.points
        if pts is None or isinstance(pts, bool) or not isinstance(pts, int) \
                or not BID_MIN <= pts <= BID_MAX:
            self.void("bad-event", line, None, e.player, rule="E1",
                      evidence={"event": "bid", "points": pts, "min": BID_MIN, "max": BID_MAX})
            return
        if not self.require_phase(e, line, AUCTION):
            return
        if e.doubled and pts != BID_MAX:
            self.irregular("illegal-bid", line, None, e.player, rule="E1",
                           evidence={"player": e.player, "points": pts, "doubled": True,
                                     "applied": True})
        bid = Bid(pts, bool(e.doubled))
        self._auction_turn(e.player, line, "bid")
        if h.standing is not None and bid.key <= h.standing[1].key:
            p0, b0 = h.standing
            self.irregular("illegal-bid", line, None, e.player, rule="E1",
                           evidence={"player": e.player,
                                     "bid": bid.facts(),
                                     "over": {"player": p0, **b0.facts()}, "applied": True})
        h.standing = (e.player, bid)
        self._next_to_speak(e.player)

    @handles(ev.Pass)
    def on_pass(self, e: ev.Pass, line: int) -> None:
        """A pass: the player is out of the auction (E1).  The dealer may not pass once the other
        three have passed with no bid: ``illegal-pass``, not applied (E7)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if not self.require_phase(e, line, AUCTION):
            return
        if e.player in h.passed:
            self.irregular("out-of-turn", line, None, e.player, rule="E1",
                           evidence={"player": e.player, "call": "pass", "passed": True,
                                     "applied": False})
            return
        others = [p for p in self.players if p != e.player]
        if h.standing is None and all(p in h.passed for p in others):
            if e.player == h.dealer:
                self.irregular("illegal-pass", line, None, e.player, rule="E1",
                               evidence={"player": e.player, "dealer": h.dealer,
                                         "passed": [p for p in self.players if p in h.passed],
                                         "applied": False})
                return
        self._auction_turn(e.player, line, "pass")
        h.passed.add(e.player)
        if h.standing is None and len(h.passed) == len(self.players):
            # E-R5: the dealer passed out of turn earlier; the forced bid is still owed.
            h.passed.discard(h.dealer)
        self._next_to_speak(e.player)

    def _auction_turn(self, player: str, line: int, what: str) -> None:
        """Out of turn (G11, applied); a passed player who bids is back in (E-R3)."""
        self.auction_turn(player, line, what, "E1")

    def _next_to_speak(self, player: str) -> None:
        """After a bid or pass: the auction ends when all but the standing bidder have passed
        (the bidder's own pass does not withdraw the bid, T14 as in every auction here);
        otherwise the next player to the left who has not passed speaks."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.standing is not None and self.auction_won_by(h.standing[0]):
            h.declarer, h.bid = h.standing
            h.phase = TRUMP_CALL
            h.to_act = h.declarer
            return
        h.to_act = self.next_active(player, h.passed)

    # --- trumps, gives and discards (E2, E7) ---------------------------------------------------

    @handles(ev.Trump)
    def on_trump(self, e: ev.Trump, line: int) -> None:
        """The bid winner takes the kitty and names trumps.  Named by another player:
        ``out-of-turn``, applied (the suit stands; the kitty is still the winner's, E7).  A second
        ``trump``: ignored if it names the same suit, else ``illegal-trump`` and the hand is not
        scored (E-R6)."""
        h = self.current
        try:
            suit = parse_suit(e.suit)
        except ValueError:
            self.void("bad-event", line, None, e.player, rule="G7",
                      evidence={"event": "trump", "suit": e.suit})
            return
        if h.phase in (PREPARE, PLAY):
            trump = self.trump_suit()
            if suit != trump:
                self.void("illegal-trump", line, None, e.player, rule="E-R6",
                          evidence={"player": e.player, "suit": SUIT_NAMES[suit],
                                    "trump": SUIT_NAMES[trump]})
            return
        if not self.require_phase(e, line, TRUMP_CALL):
            return
        declarer, bid = self.winning_bid()
        if e.player != declarer:
            self.irregular("out-of-turn", line, None, e.player, rule="E7",
                           evidence={"player": e.player, "declarer": declarer,
                                     "bid": bid.facts(),
                                     "suit": SUIT_NAMES[suit]})
        h.trump = suit
        h.hands[declarer] |= set(h.pile)
        h.phase = PREPARE
        h.to_act = None

    def winning_bid(self) -> tuple[str, Bid]:
        """(declarer, bid) of the current hand once the auction is over (a programming error
        before)."""
        h = self.hand
        assert h is not None and h.declarer is not None and h.bid is not None, \
            "the auction is over"
        return h.declarer, h.bid

    def trump_suit(self) -> str:
        """The suit letter of the hand's trumps, once named (a programming error before)."""
        h = self.hand
        assert h is not None and h.trump is not None, \
            "trumps are named before gives, discards and play"
        return h.trump

    def order(self) -> TrickOrder:
        """Effective suits and ranks under the hand's trumps (once named)."""
        return ORDERS[self.trump_suit()]

    def trumps_held(self, player: str) -> list[Card]:
        """The trumps ``player`` holds now, highest first."""
        o = self.order()
        h = self.hand
        assert h is not None  # asked inside a hand
        return o.sort(o.trumps.intersection(h.hands[player]))

    def _cards_ok(self, e: ev.Give | ev.Discard, line: int) -> list[Card] | None:
        """Parse and check the cards of a give or discard: no repeats, all held (else
        ``card-not-held``, G3)."""
        cs = self.cards(e.cards, line, e.player)
        if cs is None:
            return None
        if len(set(cs)) != len(cs):
            self.void("card-not-held", line, None, e.player, rule="G3",
                      evidence={"player": e.player, "cards": strs(cs),
                                "twice": sorted({str(c) for c in cs if cs.count(c) > 1}),
                                "whereabouts": []})
            return None
        if not self.holds(e.player, cs, line, "given" if type(e) is ev.Give else "discarded"):
            return None
        return cs

    @handles(ev.Give)
    def on_give(self, e: ev.Give, line: int) -> None:
        """Extra trumps passed to the partner (E2): only to the partner, only trumps, only while
        holding more than 6 trumps, at most the excess, and before the partner's discard (E7).
        A breach is ``illegal-give``, applied as recorded (E-R7); a give to oneself moves
        nothing."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if not self.require_phase(e, line, PREPARE):
            return
        cs = self._cards_ok(e, line)
        if cs is None or not cs:
            return
        giver, to = e.player, e.to
        if to == giver:
            self.irregular("illegal-give", line, None, giver, rule="E-R7",
                           evidence={"player": giver, "to": to, "cards": strs(cs),
                                     "applied": False})
            return
        o = self.order()
        held = self.trumps_held(giver)
        excess = len(held) - PLAY_SIZE
        partner = self.partner_of(giver)
        plain = [c for c in cs if not o.is_trump(c)]
        # how many trumps an unknown hand holds is not known: not judged (G14, R25)
        unknown = h.partial and any(map(is_blank, h.hands[giver]))
        over = not unknown and (excess <= 0 or len(cs) > excess)
        if to != partner or plain or over or to in h.discarded:
            self.irregular("illegal-give", line, None, giver, rule="E2",
                           evidence={"player": giver, "to": to, "cards": strs(cs),
                                     "partner": partner, "not_trumps": strs(plain),
                                     "trump": SUIT_NAMES[self.trump_suit()],
                                     "trumps_held": None if unknown else len(held),
                                     "excess": None if unknown else max(excess, 0),
                                     "to_discarded": to in h.discarded, "applied": True})
        h.hands[giver] -= set(cs)
        h.hands[to] |= set(cs)
        h.given.setdefault(giver, []).extend(cs)

    @handles(ev.Discard)
    def on_discard(self, e: ev.Discard, line: int) -> None:
        """A player's discard down to 6 cards (E2, E-R1).  Trumps may go only while holding more
        than 6 trumps, no more than the excess, and never a point trump; a discard that leaves
        other than 6 cards, or a second discard, is ``illegal-discard``.  All are applied as
        recorded (G2); discarded cards count for nobody (E7)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if not self.require_phase(e, line, PREPARE):
            return
        cs = self._cards_ok(e, line)
        if cs is None:
            return
        p = e.player
        o = self.order()
        held = self.trumps_held(p)
        excess = len(held) - PLAY_SIZE
        trumps = [c for c in cs if o.is_trump(c)]
        pointed = [c for c in trumps if card_points(c, self.trump_suit())]
        left = len(h.hands[p]) - len(cs)
        again = p in h.discarded
        # Trumps only beyond six held, at most the excess (E2, E-R8); none without an excess.
        # How many trumps an unknown hand holds is not known: not judged (G14, R25).
        unknown = h.partial and any(map(is_blank, h.hands[p]))
        too_many_trumps = not unknown and len(trumps) > max(excess, 0)
        illegal = again or left != PLAY_SIZE or bool(pointed) or too_many_trumps
        if illegal:
            self.irregular("illegal-discard", line, None, p, rule="E2",
                           evidence={"player": p, "cards": strs(cs), "left": left,
                                     "point_trumps": strs(pointed), "trumps": strs(trumps),
                                     "trumps_held": None if unknown else len(held),
                                     "excess": None if unknown else max(excess, 0),
                                     "again": again, "applied": True})
        if illegal and left < PLAY_SIZE:
            h.short.setdefault(p, line)
        h.hands[p] -= set(cs)
        h.discards.setdefault(p, []).extend(cs)
        h.discarded.add(p)

    # --- play (E3, E7) -------------------------------------------------------------------------

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        """Start the play at the first card: a player who never discarded and holds other than 6
        cards is ``illegal-discard`` (E-R2, applied: 7 cards keep one, 5 cannot play trick 6).
        The bid winner leads trick 1 (E3)."""
        h = self.current
        if h.phase == PLAY:
            return True
        if not self.require_phase("play", line, PREPARE):
            return False
        for p in self.players:
            n = len(h.hands[p])
            if p not in h.discarded and n != PLAY_SIZE:
                self.irregular("illegal-discard", line, None, p, rule="E-R2",
                               evidence={"player": p, "count": n, "expected": PLAY_SIZE})
                if n < PLAY_SIZE:
                    h.short.setdefault(p, line)
        h.phase = PLAY
        h.play = TrickPlay(self.players, h.hands, self.order(), follow_or_trump,
                           self.winning_bid()[0])
        return True

    def after_trick(self, trick: TrickState, line: int) -> None:
        """A player with no card left before trick 6 cannot play on: ``incomplete-hand``, the hand
        unscored (E7).  An open revoke is established first (G11)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if trick.number >= PLAY_SIZE or h.mode != OPEN:
            return
        tp = h.play
        assert tp is not None  # a trick was played
        if all(tp.hands.values()):
            return  # every player still holds a card (one test per trick)
        empty = [p for p in self.players if not tp.hands[p]]
        if h.revoke is not None:
            self.establish_revoke(None, OUT_OF_CARDS)
            return
        self.report("incomplete-hand", line, None, trick=None, rule="E7",
                    evidence={"hand": h.number, "players": empty, "trick": trick.number + 1},
                    cause=min((h.short[p] for p in empty if p in h.short), default=None))
        self._unscored(h, OUT_OF_CARDS)

    def revoke_facts(self, player: str, c: Card, tp: TrickPlay) -> dict[str, Any]:
        """A revoke's facts beyond the shared ones: ``trump``, the trump suit's name, by which
        the commentary tells the off-five and the joker apart from their suits (E3)."""
        return {"trump": SUIT_NAMES[self.trump_suit()]}

    # --- scoring (E4–E6) ---------------------------------------------------------------------

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """The cards each player has laid away (E2); else the base's (the kitty)."""
        for p, cs in self.current.discards.items():
            if c in cs:
                return {"laid_away_by": p}
        return super().card_place(c)

    def contract(self) -> ContractData:
        """The hand's contract as data (:class:`~referee.games.hooks.ContractData`): the bid
        winner (None before the auction ends); the contract as ``score`` prints it, ``60
        hearts``, ``83 dbl diamonds`` (the bid before trumps are named: a formatted value, the
        ``contract`` of the hand's result, referee-log(5)); its facts, ``bid`` (the points, 30
        to 83: the winning bid, or the standing one during the auction), ``doubled``,
        ``trump`` (None before trumps are named); the card points of a trick under the
        hand's trumps (E4; None before trumps are named)."""
        h = self.hand
        if h is None:
            return NO_CONTRACT
        points = CARD_POINTS_OF[h.trump] if h.trump is not None else None
        k = h.bid
        if k is None:
            return ContractData(h.declarer, None, None, points)
        trump = SUIT_NAMES[h.trump] if h.trump else None
        return ContractData(h.declarer, f"{k.short()} {trump}" if trump else k.short(),
                            {"bid": k.points, "doubled": k.doubled, "trump": trump}, points,
                            self.play_reading if h.declarer is not None else None)

    def team_points(self) -> dict[tuple[str, ...], int]:
        """Card points each team took in tricks (E4)."""
        tp = self.current.play
        assert tp is not None  # the hand was played
        out = {t: 0 for t in self.teams()}
        value = CARD_POINTS_OF[self.trump_suit()].get
        for p in self.players:
            out[self.team_of(p)] += tp.points_won(p, lambda c: value(c, 0))
        return out

    def score_hand(self, line: int) -> None:
        """E4: the defenders score their card points; the bidders score theirs if they reach
        the bid, else lose per ``set_penalty``; 83 doubled is ±166."""
        declarer, bid = self.winning_bid()
        bidders = self.team_of(declarer)
        defenders = next(t for t in self.teams() if t != bidders)
        pts = self.team_points()
        made, value = bid_score(bid, pts[bidders], self.set_penalty)
        by_team = {bidders: value, defenders: pts[defenders]}
        outcome = Outcome(bidders, bid, self.trump_suit(), pts[bidders], made, defenders,
                          pts[defenders])
        self.finish(declarer, self.contract_name(), self.team_deltas(by_team),
                    outcome)  # the facts the commentary words the result from, when asked

    def play_reading(self, tricks: Mapping[str, int], points: Mapping[str, int],
                     late: Sequence[tuple[str, bool]], done: int, still: int) -> PlayReading:
        """What the declaring side's result reads of the play so far, for the perfect-play
        search (:class:`~referee.games.hooks.PlayReading`, arguments as
        :data:`~referee.games.hooks.PlayReader`): the key and whether it is settled
        (:meth:`_play_key`), the count the result rises with (:meth:`_play_count`); where
        there is none (the bid neither made nor out of reach under ``set_penalty`` "points"),
        the result for each count of the card points left the bidders may take
        (:func:`bid_score`), as the bounds."""
        settled, key = self._play_key(tricks, points, late, done, still)
        count = self._play_count(tricks, points, late, done, still)
        bounds = None
        if not settled and count is None:  # set or made still open under "points" (E4)
            declarer, bid = self.winning_bid()
            taken = sum(points[p] for p in self.team_of(declarer))
            bounds = tuple((v, v) for v in (bid_score(bid, taken + k, self.set_penalty)[1]
                                            for k in range(still + 1)))
        return PlayReading(settled, key, count, bounds, "points")

    def _play_key(self, tricks: Mapping[str, int], points: Mapping[str, int],
                  late: Sequence[tuple[str, bool]], done: int, still: int
                  ) -> tuple[bool, Hashable]:
        """What :meth:`score_hand` reads of the play for the bidders' result (the search's key,
        and whether it is settled, :class:`~referee.games.hooks.PlayReading`): the bidding
        team's card points (E4); for 83 doubled only whether the 83 needed are made (±166),
        settled once made or out of reach."""
        declarer, bid = self.winning_bid()
        taken = sum(points[p] for p in self.team_of(declarer))
        if bid.doubled:
            if taken >= bid.need:
                return True, 1
            return taken + still < bid.need, 0
        return False, taken

    def _play_count(self, tricks: Mapping[str, int], points: Mapping[str, int],
                    late: Sequence[tuple[str, bool]], done: int, still: int
                    ) -> PlayCount | None:
        """The count the bidders' result rises with (see :meth:`play_reading`, E4): their card
        points, for 83 doubled (one step: the points still needed) or under ``set_penalty:
        "bid"``.  Under ``"points"`` (a set team loses what it took: fewer points are then
        better for it, :func:`bid_score`) their card points once the bid is made, their card
        points against (sign -1) once it is out of reach (``still`` card points left cannot make
        it), else None."""
        declarer, bid = self.winning_bid()
        team = frozenset(self.team_of(declarer))
        taken = sum(points[p] for p in team)
        if not bid.doubled and self.set_penalty != "bid":
            if taken >= bid.need:
                return PlayCount(team, "points")
            if taken + still < bid.need:
                return PlayCount(team, "points", -1)
            return None
        steps = (bid.need - taken,) if bid.doubled else None
        return PlayCount(frozenset(self.team_of(declarer)), "points", steps=steps)

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], RevokeConsequence,
                                                 tuple[str, ...]]:
        """E6: the other team is credited with all 83 card points, the offenders with none.
        Offending bidders are set and lose the amount bid (166 for 83 doubled) whatever
        ``set_penalty`` says; offending defenders let the bidders make their bid with 83.
        The consequence as facts (:class:`RevokeConsequence`, evidence ``consequence``)."""
        declarer, bid = self.winning_bid()
        offenders = self.team_of(r.player)
        others = next(t for t in self.teams() if t != offenders)
        bidders_set = offenders == self.team_of(declarer)
        if bidders_set:
            by_team = {offenders: -bid.stake, others: TOTAL_POINTS}
        else:
            _, value = bid_score(bid, TOTAL_POINTS, self.set_penalty)
            by_team = {others: value, offenders: 0}
        deltas = self.team_deltas(by_team)
        consequence: RevokeConsequence = {
            "ends": "hand", "pays": [payment(p, d) for p, d in deltas.items() if d],
            "set": bidders_set, "offenders": list(offenders), "others": list(others),
            "bid": bid.facts()}
        return deltas, consequence, ("E3", "E6")

    def after_hand(self, result: HandResult) -> None:
        """E5: once a team reaches 200 the game is over; if both reach it in the same hand the
        bidding team wins, otherwise the higher score.  Winners are both partners."""
        if result.status == HandStatus.UNSCORED:
            super().after_hand(result)
            return
        over = [t for t in self.teams() if self.totals[t[0]] >= TARGET]
        if not over:
            return
        if len(over) > 1 and result.declarer is not None:
            win = self.team_of(result.declarer)
        else:
            win = max(over, key=lambda t: self.totals[t[0]])
        self.finished = True
        self.winners = [p for p in self.players if p in win]
