"""Asszorti: three players, 36 cards (A K Q J 10 9 8 7 6 of four suits), one declarer against two.

Rules: the Asszorti rules text (seed 001), cited by its section headings ("The deal", "Play",
"Scoring"), RULINGS G and A, and the project rulings A-R1 … of ``docs/asszorti.md``.
In short: an auction of 3 / 2 / 1 / hand with "hold" for the player who spoke earlier (A1); the
declarer's contract, the talon exchange, a trump suit or no trumps and the optional arrivázs bet;
five doubling steps on each of the two stakes (A2); eleven tricks, follow suit else trump (A3);
the basic game by contract and trumps with overtricks at half value, the 6:5:0 rule (A5), arrivázs
and idegen arrivázs (A6), both opponents paying in full (A4); the score sheet with no negative
entries and debts carried to the next win (A8).

This module is the game's rules core: it decides and keeps facts (findings as code, rule and
evidence; what an event did, as :class:`Note` facts on the hand; a scored hand as
:class:`HandScore`).  The words of all of them are in :mod:`referee.games.asszorti.commentary`;
the events that may come next, in :mod:`referee.games.asszorti.policy`.

Units: *tricks* are counted in tricks; *game points* are the score.  Every stake here is a whole
number (each basic value is even, so half of it is whole too).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import (Any, Final, Hashable, Literal, Mapping, NamedTuple, Sequence, TypedDict,
                    TypeGuard, Union)

from ... import events as ev
from ...cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, Deck, parse_suit, strays
from . import GAME as SPEC
from ..base import (OPEN, AuctionHand, Consequence, HandResult, MatchEngine, Number, Revoke,
                    event_name, handles, payment, strs, tidy)
from ..hooks import NO_CONTRACT, ContractData, PlayCount, PlayReading
from ..tricks import TrickState, TrickOrder, TrickPlay, follow_else_trump

# --- the rules as data -----------------------------------------------------------------------

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
"""Players and equipment: each suit ranks ace, king, queen, jack, 10 … 6, high to low."""

DECK: Deck = SPEC.deck
"""A French pack without the 2, 3, 4 and 5: 36 cards."""

TRICKS = 11
"""Eleven cards each, so eleven tricks a hand."""
BASIC_TRICKS = 6
"""The side taking six or more of the eleven tricks wins the basic game."""

Bid = Literal["3", "2", "1", "hand"]
"""A bid, and a contract: how many talon cards the declarer exchanges (``hand``: none)."""
BIDS: Final[tuple[Bid, ...]] = ("3", "2", "1", "hand")
"""The bids, lowest first."""
TALON_CARDS: Final[dict[Bid, int]] = {"3": 3, "2": 2, "1": 1, "hand": 0}
"""The talon: contract N takes the top N cards and lays away N; ``hand`` plays the eleven dealt."""

# Scoring: the basic game's value by contract and trumps (True: a trump suit, False: no trumps).
BASIC_GAME: Final[dict[tuple[Bid, bool], int]] = {("3", True): 2, ("2", True): 4, ("1", True): 6, ("hand", True): 8,
              ("3", False): 4, ("2", False): 8, ("1", False): 12, ("hand", False): 16}
OVERTRICK_SHARE = 2
"""Each trick past the sixth is worth the basic game divided by 2."""

ARRIVAZS: Final[dict[bool, int]] = {True: 8, False: 16}
"""Arrivázs, the last three tricks: 8 with trumps, 16 with no trumps."""
IDEGEN_ARRIVAZS = 16
"""Idegen arrivázs: the last three tricks of a trump contract won with no trump played (A6)."""
ARRIVAZS_TRICKS = 3

Target = Literal["game", "arrivazs"]
"""The two stakes a doubling call can name (referee-log(5) ``target``)."""
GAME: Final = "game"
ARRIVAZS_TARGET: Final = "arrivazs"
TARGETS: Final[tuple[Target, ...]] = (GAME, ARRIVAZS_TARGET)

Side = Literal["declarer", "opponent", "partner"]
"""Who calls a doubling step: the declarer, an opponent, or the partner of the first kontra."""
DECLARER: Final = "declarer"
OPPONENT: Final = "opponent"
PARTNER: Final = "partner"
Step = Literal["kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"]
"""A step of the doubling chain, by its log name."""
DOUBLING: Final[tuple[tuple[Step, Side], ...]] = (
    ("kontra", OPPONENT), ("rekontra", DECLARER), ("szubkontra", PARTNER),
    ("hirskontra", DECLARER), ("mordkontra", OPPONENT))
"""A2: the doubling chain on each stake and who calls each step (each step doubles again:
×2, ×4, ×8, ×16, ×32).  ``partner``: the partner of whoever first called kontra on that stake."""
STEPS: Final[tuple[Step, ...]] = tuple(s for s, _ in DOUBLING)
CALLER: Final[dict[Step, Side]] = dict(DOUBLING)
DoublingEvent = Union[ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra]
"""The events of the doubling chain."""
STEP_OF: Final[dict[type, Step]] = {ev.Kontra: "kontra", ev.Rekontra: "rekontra",
                                    ev.Szubkontra: "szubkontra", ev.Hirskontra: "hirskontra",
                                    ev.Mordkontra: "mordkontra"}
"""Each doubling event's step."""

Phase = Literal["auction", "talon", "play"]
"""Hand phases: the auction; after it (contract, talon exchange, trumps, doubling); the play."""
AUCTION: Final = "auction"
TALON: Final = "talon"
PLAY: Final = "play"


def is_bid(word: object) -> TypeGuard[Bid]:
    """True if ``word`` (a log field, any JSON value) is one of the four bids."""
    return word in BIDS


def target_of(word: str | None) -> Target | None:
    """The stake a doubling call's ``target`` field names (``game`` when left out), or None when
    it names neither."""
    if word is None or word == GAME:
        return GAME
    if word == ARRIVAZS_TARGET:
        return ARRIVAZS_TARGET
    return None


def bid_rank(bid: Bid) -> int:
    """Position of a bid in ``BIDS`` (``3`` is 0, ``hand`` is 3): higher ranks higher."""
    return BIDS.index(bid)


def basic_game_value(bid: Bid, trumps: bool) -> int:
    """The basic game's value in game points for contract ``bid`` (Scoring table).

    ``trumps``: True for a trump contract, False for no trumps.  Raises KeyError for an unknown bid.
    """
    return BASIC_GAME[(bid, trumps)]


class BasicGame(NamedTuple):
    """The basic game of a hand, in game points: ``amount`` what each opponent pays the declarer
    (negative: what the declarer pays each opponent); the arithmetic: the plain ``value``, the
    winning side's tricks past the sixth (``over``) at ``half`` each, the doubling
    ``multiplier`` and the 6:5:0 ``deduction`` (the plain value, or 0)."""

    amount: int
    value: int
    over: int
    half: int
    multiplier: int
    deduction: int


class ArrivazsStake(NamedTuple):
    """An announced arrivázs, in game points: ``amount`` what each opponent pays the declarer
    (negative: the declarer pays each opponent); its ``value`` (idegen arrivázs when ``idegen``)
    and doubling ``multiplier``; whether the declarer ``won`` it."""

    amount: int
    value: int
    multiplier: int
    won: bool
    idegen: bool


def basic_game_stake(bid: Bid, trumps: bool, declarer_tricks: int, opponent_tricks: tuple[int, int],
                     multiplier: int = 1) -> BasicGame:
    """What each opponent pays the declarer for the basic game (negative: what the declarer pays
    each opponent), in game points, with its arithmetic (:class:`BasicGame`).

    The side with six or more tricks wins the basic value plus half of it for each trick past the
    sixth, all of it multiplied by the doubling ``multiplier`` (1, 2, 4 … 32).  6:5:0 (A5): when the
    declarer takes exactly six and one opponent the other five, the plain value is subtracted once,
    undoubled.  Raises KeyError for an unknown bid.
    """
    v = basic_game_value(bid, trumps)
    half = v // OVERTRICK_SHARE
    won = declarer_tricks >= BASIC_TRICKS
    side = declarer_tricks if won else TRICKS - declarer_tricks
    over = side - BASIC_TRICKS
    amount = (v + over * half) * multiplier
    deduction = 0
    if won and declarer_tricks == BASIC_TRICKS and max(opponent_tricks) == TRICKS - BASIC_TRICKS:
        deduction = v
        amount -= v
    return BasicGame(amount if won else -amount, v, over, half, multiplier, deduction)


def arrivazs_stake(trumps: bool, won: bool, idegen: bool, multiplier: int = 1) -> ArrivazsStake:
    """What each opponent pays the declarer for an announced arrivázs (negative: the declarer pays
    each opponent), in game points (:class:`ArrivazsStake`).

    8 with trumps, 16 with no trumps; idegen arrivázs (won in a trump contract with no trump played
    in the last three tricks) 16 (A6); times the arrivázs doubling ``multiplier``.
    """
    idegen = won and idegen and trumps
    v = IDEGEN_ARRIVAZS if idegen else ARRIVAZS[trumps]
    amount = v * multiplier
    return ArrivazsStake(amount if won else -amount, v, multiplier, won, idegen)


def sheet_entries(net: dict[str, Number], debt: dict[str, Number]) -> dict[str, Number]:
    """The score sheet (A8): what each player writes for a hand with result ``net`` (zero-sum game
    points), given what each still ``owes``; ``debt`` is updated in place.

    A gain first pays off the player's debt and only the rest is written; a loss writes 0 and is
    added to the debt.  Example: debt 12, gain 18 → writes 6, debt 0.
    """
    out: dict[str, Number] = {}
    for p, n in net.items():
        if n > 0:
            paid = min(debt[p], n)
            debt[p] -= paid
            out[p] = n - paid
        else:
            debt[p] += -n
            out[p] = 0
    return out


def trick_order(trump: str | None) -> TrickOrder:
    """Ranks for one contract: every suit ace high to six low; ``trump`` (a suit letter, or None
    for no trumps) beats every other suit (Play)."""
    return TrickOrder({s: [ALL_CARDS[r + s] for r in RANKS] for s in SUITS}, trump)


ORDERS = {t: trick_order(t) for t in (*SUITS, None)}
"""One TrickOrder per trump choice, built once."""


def trump_name(trump: str | None) -> str:
    """A trump choice as a finding's evidence names it: the suit's name, or ``none``."""
    return "none" if trump is None else SUIT_NAMES[trump]




# --- the hand's state --------------------------------------------------------------------------

@dataclass(slots=True)
class Claim:
    """A declarer's claim: its ``line``, the tricks complete when it was made (``at``), and the
    ``dispute`` line once an opponent disputed it."""

    player: str
    line: int
    at: int
    dispute: int | None = None


ClaimOutcome = Literal["played", "stands", "failed"]
"""How a hand's claim ended: none made or the hand played out (``played``), an undisputed
claim (``stands``), a disputed claim the declarer lost a trick after (``failed``)."""


@dataclass(slots=True)
class Settlement:
    """How the hand's tricks were finally owned: ``owners`` (11 names, trick order) and ``played``
    (the TrickState actually played for each, or None for a trick given by a claim; emptied in the
    facts a scored hand keeps, :class:`HandScore`); ``outcome``
    (a claim that gave tricks: ``stands`` or ``failed``) and ``first`` (the first trick it gave,
    1-based), ``failed_at`` (the trick whose loss made a disputed claim fail)."""

    owners: list[str] = field(default_factory=list)
    played: list[TrickState | None] = field(default_factory=list)
    outcome: ClaimOutcome = "played"
    first: int = 0
    failed_at: int | None = None


@dataclass(slots=True)
class HandScore:
    """A scored hand's facts (A4–A8): the ``declarer``, the ``tricks`` each player owns (seating
    order), how they were owned (``settlement``), the ``basic`` game, the ``arrivazs`` when
    announced, what each opponent pays the declarer in all (``per_opponent``, negative: is
    paid), the sheet ``entries`` written for the hand, the ``sheet`` totals and each player's
    ``debt`` after it; the ``contract``, whether it was ``declared``, the ``trump`` suit (None:
    no trumps) and the ``doublings`` called (:meth:`AsszortiHand.doublings`)."""

    declarer: str
    tricks: dict[str, int]
    settlement: Settlement
    basic: BasicGame
    arrivazs: ArrivazsStake | None
    per_opponent: int
    entries: dict[str, Number]
    sheet: dict[str, Number]
    debt: dict[str, Number]
    contract: Bid | None
    declared: bool
    trump: str | None
    doublings: tuple[Doubling, ...]


class RevokeConsequence(Consequence):
    """An established revoke's penalty (A9, A4), the ``consequence`` of its evidence: the hand
    ``ends``; ``pays``: the side at fault pays each of the other side ``each``; which side
    is ``at_fault``, the ``declarer``; the plain ``basic_game`` value and its doubling
    ``basic_multiplier``, an announced ``arrivazs`` value (None: not announced) and its
    ``arrivazs_multiplier``; ``each``: what each opponent pays the declarer, or is paid, in all
    (game points)."""

    at_fault: Literal["declarer", "opponents"]
    declarer: str
    basic_game: int
    basic_multiplier: int
    arrivazs: int | None
    arrivazs_multiplier: int
    each: int


REVOKE_PENALTY_RULE: Final = ("A3", "A9")
"""The clauses an established revoke's penalty applies (its evidence's ``penalty_rule``)."""


class DoublingCall(NamedTuple):
    """One step of a doubling chain as called: the ``step``, its caller, the log line."""

    step: Step
    player: str
    line: int


Doubling = tuple[Target, tuple[DoublingCall, ...], int]
"""A doubling chain: its target, its calls in order and the multiplier they make (A2)."""


class HoldNote(NamedTuple):
    """``player`` holds the standing ``bid`` (A1)."""

    player: str
    bid: Bid


class ForcedNote(NamedTuple):
    """The forced dealer (both others passed, no bid) ends the auction: bids ``bid``, or
    (``contract`` True) sets it as the contract (A1, A10)."""

    player: str
    bid: Bid
    contract: bool


class TalonNote(NamedTuple):
    """The declarer takes the top ``taken`` talon cards and lays away ``laid`` (Play)."""

    player: str
    taken: list[Card]
    laid: list[Card]


class DoubleNote(NamedTuple):
    """A doubling ``step`` by ``player`` on ``target``; the stake now counts ``multiplier``
    times (A2)."""

    player: str
    step: Step
    target: Target
    multiplier: int


class ClaimNote(NamedTuple):
    """The declarer claims after ``after`` complete tricks, ``mid_trick`` when cards of the next
    trick are on the table (A7, A10)."""

    player: str
    after: int
    mid_trick: bool


Note = HoldNote | ForcedNote | TalonNote | DoubleNote | ClaimNote
"""What ``history`` can say of an applied event beyond its generic words: facts, worded by the
commentary."""


class AsszortiHand(AuctionHand):
    """An Asszorti hand: auction, contract, talon exchange, trumps, doubling, play and claims."""

    phase: Phase

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.phase = AUCTION
        self.standing: tuple[str, Bid] | None = None
        """The standing bid as (holder, bid): the latest bid (the level now held) and who holds it
        now (A1: a hold passes it on), the same name as in Thirty-Three and Eighty-Three."""
        self.auction: list[tuple[str, str]] = []
        self.declarer: str | None = None
        self.last_bid: Bid | None = None
        self.contract: Bid | None = None
        self.taken: list[Card] = []
        self.discards: list[Card] | None = None
        self.trump: str | None = None
        self.declared = False
        self.arrivazs = False
        self.doubles: dict[Target, list[DoublingCall]] = {t: [] for t in TARGETS}
        self.claim: Claim | None = None
        self.failed_by: str | None = None    # opponent credited after a failed disputed claim
        self.failed_at: int | None = None    # the trick whose loss made the claim fail
        self.net: dict[str, Number] | None = None
        self.notes: dict[int, Note] = {}     # line → what history says of an applied event
        self.score: HandScore | None = None  # the facts of the hand's result, once scored

    def multiplier(self, target: Target) -> int:
        """2 to the number of doubling steps called on ``target`` (A2)."""
        return 1 << len(self.doubles[target])

    def doublings(self) -> tuple[Doubling, ...]:
        """The doubling chains called so far, each as (target, its calls, the multiplier), in
        target order (game first; A2)."""
        return tuple((t, tuple(self.doubles[t]), self.multiplier(t)) for t in TARGETS
                     if self.doubles[t])

    @property
    def decl(self) -> str:
        """The declarer, once the auction is over (RuntimeError before: a programming error)."""
        d = self.declarer
        if d is None:
            raise RuntimeError("no declarer yet")
        return d

    @property
    def level(self) -> Bid:
        """The contract once it is fixed (RuntimeError before: a programming error)."""
        k = self.contract
        if k is None:
            raise RuntimeError("no contract yet")
        return k


def _won(t: TrickState) -> str:
    """The winner of a complete trick."""
    w = t.winner
    if w is None:
        raise RuntimeError("trick not complete")
    return w



class Asszorti(MatchEngine[AsszortiHand]):
    """The Asszorti match engine (see the module docstring for the rules it follows).

    Besides the sheet totals (``totals``, what ``score`` events record) it keeps each player's
    zero-sum ``net`` and the ``debt`` still owed (A8)."""

    SPEC = SPEC
    REVOKE_RULE = "A9"
    HAND_SIZE = 11
    PILE_SIZE = 3
    HandClass = AsszortiHand
    TRICKS = TRICKS  # A1: eleven tricks make a hand
    RULE_MINIMUM = {"deals": 1}
    SUMMARY_KEYS = ("net", "debt")  # A8: the zero-sum balance and what is still owed
    on_play = handles(ev.Play)(MatchEngine.on_play)
    on_retract = handles(ev.Retract)(MatchEngine.on_retract)
    RULES = {"jump_bids": (bool, False), "kontra": (bool, True), "deals": (int, None)}

    def __init__(self, players: list[str], rules: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, rules)
        self.net: dict[str, Number] = {p: 0 for p in self.players}
        self.debt: dict[str, Number] = {p: 0 for p in self.players}

    # --- small helpers ---------------------------------------------------------------------

    def _speakers(self, h: AsszortiHand) -> list[str]:
        """Speaking order: from the dealer's left."""
        return self.seat_order(self.next_seat(h.dealer))

    def _active(self) -> list[str]:
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        return [p for p in self._speakers(h) if p not in h.passed]

    def forced_player(self) -> str | None:
        """The player who must set a contract now: the last one left in the auction with no bid
        made (normally the dealer, after the first two passed: A1, A-R3); None otherwise."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.phase != AUCTION or h.standing is not None:
            return None
        active = self._active()
        return active[0] if len(active) == 1 else None

    def forced(self, player: str) -> bool:
        """True when ``player`` is the last one left with no bid made: the dealer's forced
        contract (A1)."""
        return self.forced_player() == player

    def opponents(self) -> list[str]:
        """The declarer's two opponents, in seating order."""
        d = self.current.declarer
        return [p for p in self.players if p != d]

    # --- the auction (Play; A1, A10) -----------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        self.current.to_act = self.next_seat(e.dealer)
        self.fast_handlers = self._PLAIN_HANDLERS  # a claim of the last hand is over

    def _auction_turn(self, player: str, line: int, what: str) -> None:
        """Out of turn (G2, G11, applied); a passed player who bids or holds is back in."""
        self.auction_turn(player, line, what, "A1")

    def _priority(self, player: str) -> bool:
        """True if ``player`` spoke earlier than whoever holds the bid now (A1, A10): such a player
        holds or passes; a later one must bid the next level or pass."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.standing is None:
            return False
        order = self._speakers(h)
        return order.index(player) < order.index(h.standing[0])

    def _next_to_speak(self, player: str) -> None:
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.standing is not None and self.auction_won_by(h.standing[0]):
            self._auction_won(*h.standing)
            return
        nxt = self.next_active(player, h.passed)
        if nxt is not None:
            h.to_act = nxt

    def _auction_won(self, declarer: str, last_bid: Bid | None,
                     contract: Bid | None = None) -> None:
        h = self.current
        h.declarer = declarer
        h.last_bid = last_bid
        h.contract = contract
        h.phase = TALON
        h.to_act = None

    def _bid_word(self, e: ev.Bid | ev.Contract, line: int) -> Bid | None:
        """The bid ``e`` names, or None after a ``bad-event`` (G7) when it names none."""
        word = e.bid
        if is_bid(word):
            return word
        self.void("bad-event", line, None,
                  getattr(e, "player", None),
                  rule="G7", evidence={"event": event_name(e), "bid": word})
        return None

    @handles(ev.Bid)
    def on_bid(self, e: ev.Bid, line: int) -> None:
        """A bid (A1): the first bid is 3, each later one the next level up (any higher level under
        ``jump_bids``); only a player who spoke later than the holder bids.  A bid that breaks
        this is ``illegal-bid``, applied as recorded (G2).  The forced dealer may bid any level,
        which ends the auction (A10)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        bid = self._bid_word(e, line)
        if bid is None:
            return
        if h.phase != AUCTION:
            self.out_of_phase(e, line)
            return
        h.auction.append((e.player, bid))
        if self.forced(e.player):
            h.notes[line] = ForcedNote(e.player, bid, False)
            self._auction_won(e.player, bid)
            return
        self._auction_turn(e.player, line, "bid")
        holder, standing = h.standing if h.standing is not None else (None, None)
        level = bid_rank(bid)
        if self._priority(e.player):
            self.irregular("illegal-bid", line, None, e.player,
                           rule="A10",
                           evidence={"player": e.player, "call": "bid", "bid": bid,
                                     "holder": holder, "standing": standing, "applied": True})
        elif self.rules["jump_bids"]:
            if standing is not None and level <= bid_rank(standing):
                self.irregular("illegal-bid", line, None,
                               e.player,
                               rule="A10",
                               evidence={"player": e.player, "call": "bid", "bid": bid,
                                         "holder": holder, "standing": standing, "jump_bids": True,
                                         "applied": True})
        else:
            want = BIDS[0] if standing is None else (
                BIDS[bid_rank(standing) + 1] if standing != BIDS[-1] else None)
            if bid != want:
                self.irregular("illegal-bid", line, None, e.player,
                               rule="A1",
                               evidence={"player": e.player, "call": "bid", "bid": bid,
                                         "holder": holder, "standing": standing, "next": want,
                                         "jump_bids": False, "applied": True})
        h.standing = (e.player, bid)
        self._next_to_speak(e.player)

    @handles(ev.Hold)
    def on_hold(self, e: ev.Hold, line: int) -> None:
        """``hold``: equal the latest bid, only by a player who spoke earlier than its holder
        (A1, A10).  With no bid to hold, or by the holder: ``illegal-bid``, not applied (A-R2).
        By a later player: ``illegal-bid``, applied (G2)."""
        h = self.current
        if h.phase != AUCTION:
            self.out_of_phase(e, line)
            return
        holder, standing = h.standing if h.standing is not None else (None, None)
        if standing is None or holder == e.player:
            self.irregular("illegal-bid", line, None, e.player,
                           rule="A-R2",
                           evidence={"player": e.player, "call": "hold", "holder": holder,
                                     "standing": standing, "applied": False})
            return
        h.auction.append((e.player, "hold"))
        self._auction_turn(e.player, line, "hold")
        if not self._priority(e.player):
            self.irregular("illegal-bid", line, None, e.player,
                           rule="A10",
                           evidence={"player": e.player, "call": "hold", "holder": holder,
                                     "standing": standing, "applied": True})
        h.standing = (e.player, standing)
        h.notes[line] = HoldNote(e.player, standing)
        self._next_to_speak(e.player)

    @handles(ev.Pass)
    def on_pass(self, e: ev.Pass, line: int) -> None:
        """A pass is final (A1).  The forced dealer's pass is ``illegal-pass`` and not applied:
        the dealer still has to set a contract (A1, A-R3)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.phase != AUCTION:
            self.out_of_phase(e, line)
            return
        if e.player in h.passed:
            self.irregular("out-of-turn", line, None, e.player,
                           rule="A1",
                           evidence={"player": e.player, "call": "pass", "passed": True})
            return
        if self.forced(e.player):
            self.irregular("illegal-pass", line, None, e.player,
                           rule="A-R3",
                           evidence={"player": e.player, "call": "pass", "forced": True,
                                     "applied": False})
            return
        h.auction.append((e.player, "pass"))
        self._auction_turn(e.player, line, "pass")
        h.passed.add(e.player)
        self._next_to_speak(e.player)

    # --- contract, talon, trumps (Play; A1, A-R4 … A-R7) ----------------------------------------

    @handles(ev.Contract)
    def on_contract(self, e: ev.Contract, line: int) -> None:
        """The declarer's contract: at least the last bid (A1); exactly the bid under
        ``jump_bids``.  Otherwise ``illegal-contract``, applied (G2).  The forced dealer sets any
        level (A10), and ends the auction so; a ``contract`` by another player then is
        ``out-of-turn`` and stands for the forced dealer, as after any auction (A-R5).  During
        an auction with no one forced it is ``out-of-phase`` (G10).  Once the contract is fixed
        (set, or taken as the last bid by a later event, A-R4), a different one is
        ``illegal-contract`` and not applied; the same one is ignored."""
        h = self.current
        bid = self._bid_word(e, line)
        if bid is None:
            return
        if h.phase == AUCTION:
            forced = self.forced_player()
            if forced is None:
                self.out_of_phase(e, line)
                return
            h.auction.append((e.player, f"contract {bid}"))
            if e.player == forced:
                h.notes[line] = ForcedNote(e.player, bid, True)
            else:  # as after any auction, the contract stands for the declarer (A-R5)
                self.irregular("out-of-turn", line, None, e.player,
                               rule="A-R5",
                               evidence={"player": e.player, "declarer": forced,
                                         "contract": bid, "forced": True})
            self._auction_won(forced, None, bid)
            return
        if h.contract is not None:
            if bid != h.contract:
                self.irregular("illegal-contract", line, None,
                               e.player,
                               rule="A-R4",
                               evidence={"player": e.player, "contract": bid,
                                         "standing": h.contract, "applied": False})
            return
        if e.player != h.declarer:
            self.irregular("out-of-turn", line, None, e.player,
                           rule="A-R5",
                           evidence={"player": e.player, "declarer": h.declarer,
                                     "contract": bid})
        lb = h.last_bid
        if lb is not None and bid_rank(bid) < bid_rank(lb):
            self.irregular("illegal-contract", line, None, e.player,
                           rule="A1",
                           evidence={"player": e.player, "contract": bid, "last_bid": lb,
                                     "applied": True})
        elif lb is not None and self.rules["jump_bids"] and bid != lb:
            self.irregular("illegal-contract", line, None,
                           e.player,
                           rule="A10",
                           evidence={"player": e.player, "contract": bid, "last_bid": lb,
                                     "jump_bids": True, "applied": True})
        h.contract = bid

    def _fix_contract(self) -> Bid:
        """The contract, taken as the last bid if the declarer never set one (A11, A-R4)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.contract is None:
            h.contract = h.last_bid
        return h.level

    @handles(ev.Discard)
    def on_discard(self, e: ev.Discard, line: int) -> None:
        """The talon exchange: for contract N the declarer takes the top N talon cards and lays
        away N (Play).  A wrong number is ``illegal-discard``, applied (G2); a discard by anybody
        else, a second one, or in a ``hand`` contract cannot be applied (G3)."""
        h = self.current
        if h.phase != TALON:
            self.out_of_phase(e, line)
            return
        cs = self.cards(e.cards, line, e.player)
        if cs is None:
            return
        k = self._fix_contract()
        n = TALON_CARDS[k]
        if e.player != h.declarer or h.discards is not None or n == 0:
            self.void("illegal-discard", line, None, e.player,
                      rule="A11",
                      evidence={"player": e.player, "cards": strs(cs), "declarer": h.declarer,
                                "contract": k, "discarded": strs(h.discards)})
            return
        if h.partial:  # cards of an unknown hand or talon are seen here (G14)
            self.reveal(e.player, cs, line, "discarded", n)
        taken = h.pile[:n]
        pool = h.hands[e.player] | set(taken)
        bad = strays(cs, pool)
        if bad:
            self.void("card-not-held", line, None, e.player, rule="G3",
                      evidence={**self.not_held(e.player, bad), "action": "discard",
                                "talon_top": strs(taken)})
            return
        if len(cs) != n:
            self.irregular("illegal-discard", line, None, e.player,
                           rule="A11",
                           evidence={"player": e.player, "cards": strs(cs), "count": len(cs),
                                     "expected": n, "contract": k})
        h.hands[e.player] |= set(taken)
        h.hands[e.player] -= set(cs)
        h.taken = taken
        h.discards = cs
        h.notes[line] = TalonNote(e.player, taken, cs)

    @handles(ev.Declare)
    def on_declare(self, e: ev.Declare, line: int) -> None:
        """Trumps (a suit or ``none``) and the optional arrivázs, by the declarer (Play).  By
        another player: ``out-of-turn``, applied (A-R5).  A second declaration: ``illegal-trump``,
        not applied (A-R6)."""
        h = self.current
        if h.phase == AUCTION:
            self.out_of_phase(e, line)
            return
        word = e.trump.strip().lower() if isinstance(e.trump, str) else e.trump
        if word == "none":
            trump = None
        else:
            try:
                trump = parse_suit(e.trump)
            except ValueError:
                self.void("bad-event", line, None,
                          e.player,
                          rule="G7", evidence={"event": "declare", "trump": e.trump})
                return
        if h.declared:
            self.irregular("illegal-trump", line, None, e.player,
                           rule="A-R6",
                           evidence={"player": e.player, "trump": trump_name(trump),
                                     "declared": trump_name(h.trump),
                                     "applied": False})
            return
        if e.player != h.declarer:
            self.irregular("out-of-turn", line, None, e.player,
                           rule="A-R5",
                           evidence={"player": e.player, "declarer": h.declarer,
                                     "trump": trump_name(trump)})
        self._fix_contract()
        h.trump = trump
        h.arrivazs = bool(e.arrivazs)
        h.declared = True

    # --- doubling (A2, G12) --------------------------------------------------------------------

    @handles(ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra)
    def on_double(self, e: DoublingEvent, line: int) -> None:
        """One step of the doubling chain on ``target`` (A2).  Not applied (G12): under
        ``kontra: false``, by the wrong side, out of sequence or repeated, or on an arrivázs not
        announced.  Applied with ``illegal-kontra`` (G12): szubkontra by anyone but the partner
        of the first kontra caller, a call before the trumps are named or after trick 1."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        step = STEP_OF[type(e)]
        target = target_of(e.target)
        if target is None:
            self.void("bad-event", line, None, e.player,
                      rule="G7", evidence={"event": event_name(e), "target": e.target})
            return
        if h.phase == AUCTION:
            self.out_of_phase(e, line)
            return
        chain = h.doubles[target]
        p = e.player
        decl = h.declarer
        if not self.rules["kontra"]:
            self._no_double(p, line, step, target, kontra=False)
            return
        side = CALLER[step]
        if (side == DECLARER) != (p == decl):
            self._no_double(p, line, step, target, caller=side, declarer=decl)
            return
        if target == ARRIVAZS_TARGET and not (h.declared and h.arrivazs):
            self._no_double(p, line, step, target, arrivazs=False, declarer=decl)
            return
        if STEPS.index(step) != len(chain):
            self._no_double(p, line, step, target,
                            chain=[{"call": s, "player": q, "line": n} for s, q, n in chain])
            return
        tricks = len(h.play.tricks) if h.play is not None else 0
        if side == PARTNER and chain[0].player == p or not h.declared or tricks:
            self.irregular("illegal-kontra", line, None, p,
                           rule="A2",
                           evidence={"player": p, "call": step, "target": target,
                                     "first_kontra": chain[0].player if chain else None,
                                     "declared": h.declared,
                                     "tricks": tricks,
                                     "applied": True})
        chain.append(DoublingCall(step, p, line))
        h.notes[line] = DoubleNote(p, step, target, h.multiplier(target))

    def _no_double(self, player: str, line: int, step: Step, target: Target,
                   **facts: Any) -> None:
        """A doubling ``step`` on ``target`` that is reported and not applied (G12, A2);
        ``facts`` join the evidence (player, call, target, applied)."""
        self.irregular("illegal-kontra", line, None, player, rule="A2",
                       evidence={"player": player, "call": step, "target": target,
                                 "applied": False, **facts})

    # --- play and claims (Play; A3, A7, A10) -----------------------------------------------------

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        h = self.current
        if h.phase == PLAY:
            return True
        if h.phase == AUCTION:
            self.void("out-of-phase", line, None, player,
                      rule="G10",
                      evidence={"event": "play", "phase": h.phase, "card": str(c)})
            return False
        return self._begin_play(line, player)

    def _begin_play(self, line: int, player: str | None) -> bool:
        """Start the play: the trumps must be named (else the card cannot be followed: G10,
        A-R7); a missing talon exchange is ``illegal-discard`` and the talon stays out (A11, A-R8).
        The opponent on the declarer's right leads (A3)."""
        h = self.current
        if not h.declared:
            self.void("out-of-phase", line, None, player,
                      rule="A-R7",
                      evidence={"event": "play", "declarer": h.declarer, "declared": False})
            return False
        k = self._fix_contract()
        if TALON_CARDS[k] and h.discards is None:
            self.irregular("illegal-discard", line, None,
                           h.declarer,
                           rule="A-R8",
                           evidence={"player": h.declarer, "contract": k,
                                     "expected": TALON_CARDS[k]})
        h.phase = PLAY
        h.play = TrickPlay(self.players, h.hands, ORDERS[h.trump], follow_else_trump,
                           self.next_seat(h.decl, -1))
        return True

    def intercept(self, e: Any | None, line: int) -> bool:
        """After a claim nobody has disputed (A7), any event but a ``dispute`` (a card, a
        doubling call, a bid …) settles the claim, and is itself one ``out-of-phase``, ignored,
        as is the rest of the hand (A10, G4): it cannot change the settled hand (a ``kontra``
        does not double a hand already claimed).  Every event passes here while a claim stands
        undisputed (:meth:`on_claim` empties :attr:`fast_handlers`).  When the record of the
        hand stops (``e`` None), an undisputed claim, or a disputed one that has failed, is
        settled (the next deal, score, end or the end of the log came, A7, A10)."""
        if e is None:
            hc = self.current
            claim = hc.claim
            if claim is None or (claim.dispute is not None and hc.failed_by is None):
                return False
            self._settle_claim()
            return True
        h = self.hand
        c = h.claim if h is not None else None
        if h is None or c is None or type(e) is ev.Dispute or c.dispute is not None \
                or h.revoke is not None:
            return False
        self._settle_claim()  # the hand ends at the claim's last event, not at this one
        h.late_reported = True
        h.last_line = line
        self.report("out-of-phase", line, None, player=getattr(e, "player", None), trick=None,
                    rule="A10",
                    evidence={"event": event_name(e),
                              "claim": {"player": c.player, "line": c.line}})
        return True

    @handles(ev.Claim)
    def on_claim(self, e: ev.Claim, line: int) -> None:
        """The declarer claims the rest (A7): it may come mid-trick (A10).  By an opponent, before
        the trumps are named, or while a claim stands: ``illegal-claim``, ignored (A10, A-R9)."""
        h = self.current
        if h.phase == AUCTION:
            self.out_of_phase(e, line)
            return
        if e.player != h.declarer or not h.declared or h.claim is not None:
            self.report("illegal-claim", line, None,
                        player=e.player,
                        rule="A10" if e.player != h.declarer else "A-R9",
                        evidence={"player": e.player, "event": "claim", "declarer": h.declarer,
                                  "declared": h.declared,
                                  "claimed_at": None if h.claim is None else h.claim.line})
            return
        if h.play is None and not self._begin_play(line, e.player):
            return
        tp = h.trick_play()
        h.claim = Claim(e.player, line, len(tp.tricks))
        self.fast_handlers = {}  # every event passes intercept while the claim is undisputed
        h.notes[line] = ClaimNote(e.player, len(tp.tricks), bool(tp.current.who))

    @handles(ev.Dispute)
    def on_dispute(self, e: ev.Dispute, line: int) -> None:
        """An opponent disputes the claim: play goes on (A7).  With no claim, a second dispute,
        or by the declarer: ``illegal-claim``, ignored (A10)."""
        h = self.current
        c = h.claim
        if c is None or e.player == h.declarer or c.dispute is not None:
            self.report("illegal-claim", line, None,
                        player=e.player,
                        rule="A10",
                        evidence={"player": e.player, "event": "dispute", "declarer": h.declarer,
                                  "claim_line": None if c is None else c.line,
                                  "disputed_at": None if c is None else c.dispute})
            return
        c.dispute = line
        self.fast_handlers = self._PLAIN_HANDLERS  # play goes on

    def after_trick(self, trick: TrickState, line: int) -> None:
        """After a disputed claim, the first trick the declarer loses decides the hand: every
        trick since the claim, and the rest, go to the opponent who won it (A7, A10).  The log
        may stop there (the hand is settled when it closes, :meth:`close_open_hand`) or the
        table may play the hand out: those cards are checked as any play (a revoke among them is
        a revoke, A9) and the hand is settled after its last trick (A10, A-R17)."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        c = h.claim
        if c is None or c.dispute is None or h.failed_by is not None or h.revoke is not None \
                or h.mode != OPEN:
            return
        if trick.winner != h.declarer:
            h.failed_by = trick.winner
            h.failed_at = trick.number

    def _settle_claim(self) -> None:
        self.score_hand(self.current.last_line)

    def settlement(self) -> Settlement:
        """Who owns each of the eleven tricks: as played; after an undisputed claim the rest go to
        the declarer; after a failed disputed claim every trick from the claim on goes to the
        opponent who won the first trick the declarer lost (A7, A10)."""
        h = self.current
        s = Settlement()
        c = h.claim
        done = h.trick_play().tricks
        failed_by = h.failed_by
        if c is not None and failed_by is not None:
            for t in done[:c.at]:
                s.owners.append(_won(t))
                s.played.append(t)
            for t in done[c.at:]:
                s.owners.append(failed_by)
                s.played.append(t)
            s.outcome, s.first, s.failed_at = "failed", c.at + 1, h.failed_at
        else:
            for t in done:
                s.owners.append(_won(t))
                s.played.append(t)
            if c is not None and len(done) < TRICKS:
                s.outcome, s.first = "stands", len(done) + 1
        rest = TRICKS - len(s.owners)
        owner = failed_by or h.decl
        s.owners.extend([owner] * rest)
        s.played.extend([None] * rest)
        return s

    # --- scoring (Scoring; A4–A6, A8) ------------------------------------------------------------

    def score_hand(self, line: int) -> None:
        """Settle the basic game and the arrivázs (each opponent pays or is paid the full
        amount, A4), post the result on the sheet (A8) and finish the hand; its facts are kept as
        the hand's ``score`` (:class:`HandScore`)."""
        h = self.current
        decl = h.decl
        opps = self.opponents()
        trumps = h.trump is not None
        s = self.settlement()
        n = Counter(s.owners)
        basic = basic_game_stake(h.level, trumps, n[decl], (n[opps[0]], n[opps[1]]),
                                 h.multiplier(GAME))
        per_opp = basic.amount
        arrivazs = None
        if h.arrivazs:
            last = range(TRICKS - ARRIVAZS_TRICKS, TRICKS)
            won = all(s.owners[i] == decl for i in last)
            order = ORDERS[h.trump]
            idegen = won and trumps and all(
                t is not None and not any(order.is_trump(x) for x in t.cards)
                for t in (s.played[i] for i in last))
            arrivazs = arrivazs_stake(trumps, won, idegen, h.multiplier(ARRIVAZS_TARGET))
            per_opp += arrivazs.amount
        net: dict[str, Number] = {p: 0 for p in self.players}
        net[decl] = 2 * per_opp
        for o in opps:
            net[o] = -per_opp
        entries = self._post(net)
        # the tricks played were needed for the idegen test only: the facts kept (and the
        # result's wording, which holds them) keep the owners, not 11 tricks of cards
        s = replace(s, played=[])
        h.score = HandScore(decl, {p: n[p] for p in self.players}, s, basic, arrivazs, per_opp,
                            entries, {p: tidy(self.totals[p] + entries[p]) for p in self.players},
                            dict(self.debt), h.contract, h.declared, h.trump, h.doublings())
        # The result's sentence is the commentary's, from the facts just kept, worded when
        # asked for (history and the API ask; check and score do not).
        self.finish(decl, self.contract_name(), entries, h.score,
                    extra={"net": {p: tidy(v) for p, v in net.items()}})

    def play_reading(self, tricks: Mapping[str, int], points: Mapping[str, int],
                     late: Sequence[tuple[str, bool]], done: int, still: int) -> PlayReading:
        """What the declaring side's result reads of the play so far, for the perfect-play
        search (:class:`~referee.games.hooks.PlayReading`, arguments as
        :data:`~referee.games.hooks.PlayReader`): the key and whether it is settled
        (:meth:`_play_key`), the count the result rises with (:meth:`_play_count`)."""
        settled, key = self._play_key(tricks, points, late, done, still)
        count = self._play_count(tricks, points, late, done)
        bounds = None if settled or count is not None else self._play_bounds(tricks, late, done)
        return PlayReading(settled, key, count, bounds)

    def _play_bounds(self, tricks: Mapping[str, int], late: Sequence[tuple[str, bool]],
                     done: int) -> tuple[tuple[Number, Number], ...] | None:
        """For each count ``k`` of the tricks left that the declarer may take, the least and the
        most the declarer's net (:meth:`score_hand`) comes to when taking exactly ``k`` of them
        (arguments as :meth:`play_reading`, no claim made): every split of the other tricks
        between the opponents (A4, 6:5:0 A5), with the arrivázs each leaves possible (A6: won
        only if the declarer takes every one of the last three tricks still to play, idegen
        only if besides no trump has fallen to those played)."""
        h = self.current
        if h.claim is not None:
            return None
        decl = h.decl
        o0, o1 = self.opponents()
        trumps = h.trump is not None
        left = TRICKS - done
        late_left = min(ARRIVAZS_TRICKS, left)  # of the last three, the tricks still to play
        all_won = all(w == decl for w, _ in late)
        trump_fell = any(t for _, t in late)
        gm, am = h.multiplier(GAME), h.multiplier(ARRIVAZS_TARGET)
        out: list[tuple[Number, Number]] = []
        for k in range(left + 1):
            arr: list[Number] = [0]
            if h.arrivazs:
                arr = []
                if all_won and k >= late_left:  # may be every one of the last three
                    arr.append(arrivazs_stake(trumps, True, False, am).amount)
                    if not trump_fell:  # idegen, where the contract has trumps (the stake's)
                        arr.append(arrivazs_stake(trumps, True, True, am).amount)
                if not all_won or k < left:  # may lose one of them
                    arr.append(arrivazs_stake(trumps, False, False, am).amount)
            basic = [basic_game_stake(h.level, trumps, tricks[decl] + k,
                                      (tricks[o0] + j, tricks[o1] + left - k - j), gm).amount
                     for j in range(left - k + 1)]  # j: the first opponent's
            out.append((2 * (min(basic) + min(arr)), 2 * (max(basic) + max(arr))))
        return tuple(out)

    def _play_key(self, tricks: Mapping[str, int], points: Mapping[str, int],
                  late: Sequence[tuple[str, bool]], done: int, still: int
                  ) -> tuple[bool, Hashable]:
        """What :meth:`score_hand` reads of the play (no claim made) for the declarer's net (the
        search's key and whether it is settled, :class:`~referee.games.hooks.PlayReading`): the
        declarer's tricks, whether each opponent has a trick (6:5:0, A5) and, with an arrivázs
        announced, whether the declarer won each of the last three tricks played so far and
        whether a trump fell to one (A6).  After a disputed claim (A7, A10) the first trick the
        declarer loses settles the hand (every trick from the claim on goes to the opponent who
        won it): settled then, keyed on that opponent; before it, the play as usual."""
        h = self.current
        decl = h.decl
        failed = self._claim_failed_by(tricks)
        if failed is not None:
            return True, ("failed", failed)
        opps = tuple(min(tricks[o], 1) for o in self.opponents())
        arr = None
        if h.arrivazs:
            arr = (all(w == decl for w, _ in late), any(t for _, t in late))
        return False, (tricks[decl], opps, arr)

    def _play_count(self, tricks: Mapping[str, int], points: Mapping[str, int],
                    late: Sequence[tuple[str, bool]], done: int) -> PlayCount | None:
        """The count the declarer's net rises with (see :meth:`play_reading`), with no arrivázs
        announced (A6 reads the last three tricks; None then): two for each trick the declarer
        wins (the basic game's scale, A4) and one for each opponent's first trick, so that six
        tricks with the other five in one opponent's hands (6:5:0, A5) count one less than six
        with both opponents holding a trick, and one more than five."""
        h = self.current
        if h.arrivazs or h.claim is not None:
            return None
        return PlayCount(frozenset({h.decl}), "tricks", weight=2,
                     firsts=frozenset(self.opponents()))

    def _claim_failed_by(self, tricks: Mapping[str, int]) -> str | None:
        """The opponent credited with the tricks from a disputed claim on (A7, A10) at a state
        of the play where the players have won ``tricks`` (player → tricks): the one already
        recorded (``failed_by``), else the opponent who has won a trick since the claim (the
        first the declarer lost, when only one has); None without a disputed claim or while
        the declarer has won every trick since it."""
        h = self.current
        c = h.claim
        if c is None or c.dispute is None:
            return None
        if h.failed_by is not None:
            return h.failed_by
        before = [_won(t) for t in h.trick_play().tricks[:c.at]]
        lost = [o for o in self.opponents() if tricks[o] > before.count(o)]
        return lost[0] if len(lost) == 1 else None

    def _post(self, net: dict[str, Number]) -> dict[str, Number]:
        """Write a hand's ``net`` on the sheet (A8): the sheet entries (the hand's deltas, G8),
        with each player's ``debt`` and ``net`` balance brought up to date."""
        entries = sheet_entries(net, self.debt)
        for p, v in net.items():
            self.net[p] = tidy(self.net[p] + v)
        self.current.net = net
        return entries

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], RevokeConsequence,
                                                 tuple[str, ...]]:
        """A9: the hand ends; the side at fault loses the basic game at its plain value times its
        doubling (no overtricks) and an announced arrivázs at its value times its doubling; both
        opponents pay, or are paid, in full (A4).  Gives the sheet entries, the facts of the
        consequence (:class:`RevokeConsequence`, worded by the commentary) and the clauses."""
        h = self.current
        decl = h.decl
        trumps = h.trump is not None
        value = basic_game_value(h.level, trumps)
        v = value * h.multiplier(GAME)
        arrivazs = None
        if h.arrivazs:
            arrivazs = ARRIVAZS[trumps]
            v += arrivazs * h.multiplier(ARRIVAZS_TARGET)
        per_opp = -v if r.player == decl else v
        net: dict[str, Number] = {p: -per_opp for p in self.players}
        net[decl] = 2 * per_opp
        entries = self._post(net)
        opponents = [p for p in self.players if p != decl]
        pays = ([payment(p, v, decl) for p in opponents] if r.player == decl
                else [payment(decl, v, p) for p in opponents])
        facts: RevokeConsequence = {
            "ends": "hand", "pays": pays,
            "at_fault": "declarer" if r.player == decl else "opponents", "declarer": decl,
            "basic_game": value, "basic_multiplier": h.multiplier(GAME), "arrivazs": arrivazs,
            "arrivazs_multiplier": h.multiplier(ARRIVAZS_TARGET), "each": v}
        return entries, facts, REVOKE_PENALTY_RULE

    # --- the match (A8) --------------------------------------------------------------------------

    def after_hand(self, result: HandResult) -> None:
        """Every hand result has the hand's zero-sum ``net`` beside its deltas
        (referee-log(5)): the net computed for it, or zeros (an unscored hand); the next
        dealer after an unscored hand is the base's; the match may end (A8)."""
        if "net" not in result.extra:
            net = getattr(self.current, "net", None) or {p: 0 for p in self.players}
            result.extra["net"] = {p: tidy(v) for p, v in net.items()}
        super().after_hand(result)
        self._deals_done()

    def _deals_done(self) -> None:
        """The match ends after ``deals`` deals when that rule is set (A8)."""
        n = self.rules["deals"]
        if n is not None and self.hand_count >= n and not self.finished:
            self.finish_match()

    # --- names -----------------------------------------------------------------------------------

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """The declarer's discards after the talon exchange are laid away; else the base's."""
        h = self.current
        if h.discards and h.declarer and c in h.discards:
            return {"laid_away_by": h.declarer}
        return super().card_place(c)

    def contract(self) -> ContractData:
        """The hand's contract as data (:class:`~referee.games.hooks.ContractData`)."""
        if self.hand is None:
            return NO_CONTRACT
        h = self.current
        return ContractData(self._declarer(), self._contract_name(), self._contract_facts(), None,
                            self.play_reading if h.declared and h.declarer else None)

    def _declarer(self) -> str | None:
        return self.current.declarer

    def _contract_name(self) -> str | None:
        """As ``score`` prints it: ``"1 diamonds"``, ``"hand no-trumps arrivazs"``, or just the
        level before the trumps are named.  A formatted value, not a sentence: the ``contract``
        of ``score`` and of every hand result (referee-log(5)), so it stays in the rules core."""
        h = self.current
        k = h.contract or h.last_bid
        if k is None:
            return None
        if not h.declared:
            return k
        t = "no-trumps" if h.trump is None else SUIT_NAMES[h.trump]
        return f"{k} {t}" + (" arrivazs" if h.arrivazs else "")

    def _contract_facts(self) -> dict[str, Any] | None:
        """The contract as data (:meth:`MatchEngine.contract_facts`): ``bid`` (``3``, ``2``,
        ``1``, ``hand``: the contract, or the standing bid during the auction), ``trump`` (None
        for no trumps or before the declarer names them), ``arrivazs``."""
        h = self.hand
        k = (h.contract or h.last_bid) if h is not None else None
        if h is None or k is None:
            return None
        return {"bid": k, "trump": SUIT_NAMES[h.trump] if h.declared and h.trump else None,
                "arrivazs": h.arrivazs}
