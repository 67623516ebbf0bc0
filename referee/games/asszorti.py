"""Asszorti: three players, 36 cards (A K Q J 10 9 8 7 6 of four suits), one declarer against two.

Rules: the Asszorti rules text (seed 001), cited by its section headings ("The deal", "Play",
"Scoring"), RULINGS G and A, and the project rulings A-R1 … of ``docs/asszorti.md``.
In short: an auction of 3 / 2 / 1 / hand with "hold" for the player who spoke earlier (A1); the
declarer's contract, the talon exchange, a trump suit or no trumps and the optional arrivázs bet;
five doubling steps on each of the two stakes (A2); eleven tricks, follow suit else trump (A3);
the basic game by contract and trumps with overtricks at half value, the 6:5:0 rule (A5), arrivázs
and idegen arrivázs (A6), both opponents paying in full (A4); the score sheet with no negative
entries and debts carried to the next win (A8).

Units: *tricks* are counted in tricks; *game points* are the score.  Every stake here is a whole
number (each basic value is even, so half of it is whole too).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .. import events as ev
from ..cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, Deck, build_deck, parse_suit, strays
from . import register
from .base import (OPEN, AuctionHand, Hand, MatchEngine, Number, Revoke, _tag, event_name,
                   missing, strs, tidy)
from .tricks import Trick, TrickOrder, TrickPlay, follow_else_trump

# --- the rules as data -----------------------------------------------------------------------

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
"""Players and equipment: each suit ranks ace, king, queen, jack, 10 … 6, high to low."""

DECK: Deck = build_deck(" ".join(RANKS))
"""A French pack without the 2, 3, 4 and 5: 36 cards."""

TRICKS = 11
"""Eleven cards each, so eleven tricks a hand."""
BASIC_TRICKS = 6
"""The side taking six or more of the eleven tricks wins the basic game."""

BIDS = ("3", "2", "1", "hand")
"""The bids, lowest first: how many talon cards the declarer exchanges (``hand``: none)."""
TALON_CARDS = {"3": 3, "2": 2, "1": 1, "hand": 0}
"""The talon: contract N takes the top N cards and lays away N; ``hand`` plays the eleven dealt."""

# Scoring: the basic game's value by contract and trumps (True: a trump suit, False: no trumps).
BASIC_GAME = {("3", True): 2, ("2", True): 4, ("1", True): 6, ("hand", True): 8,
              ("3", False): 4, ("2", False): 8, ("1", False): 12, ("hand", False): 16}
OVERTRICK_SHARE = 2
"""Each trick past the sixth is worth the basic game divided by 2."""

ARRIVAZS = {True: 8, False: 16}
"""Arrivázs, the last three tricks: 8 with trumps, 16 with no trumps."""
IDEGEN_ARRIVAZS = 16
"""Idegen arrivázs: the last three tricks of a trump contract won with no trump played (A6)."""
ARRIVAZS_TRICKS = 3

GAME, ARRIVAZS_TARGET = "game", "arrivazs"
TARGETS = (GAME, ARRIVAZS_TARGET)
"""The two stakes a doubling call can name (FORMAT.md ``target``)."""

DECLARER, OPPONENT, PARTNER = "declarer", "opponent", "partner"
DOUBLING = (("kontra", OPPONENT), ("rekontra", DECLARER), ("szubkontra", PARTNER),
            ("hirskontra", DECLARER), ("mordkontra", OPPONENT))
"""A2: the doubling chain on each stake and who calls each step (each step doubles again:
×2, ×4, ×8, ×16, ×32).  ``partner``: the partner of whoever first called kontra on that stake."""
STEPS = tuple(s for s, _ in DOUBLING)
CALLER = dict(DOUBLING)
STEP_TITLE = {s: s.capitalize() for s in STEPS}

Phase = Literal["auction", "talon", "play"]
"""Hand phases: the auction; after it (contract, talon exchange, trumps, doubling); the play."""
AUCTION: Final = "auction"
TALON: Final = "talon"
PLAY: Final = "play"



def bid_rank(bid: str) -> int:
    """Position of a bid in ``BIDS`` (``3`` is 0, ``hand`` is 3): higher ranks higher."""
    return BIDS.index(bid)


def basic_game_value(bid: str, trumps: bool) -> int:
    """The basic game's value in game points for contract ``bid`` (Scoring table).

    ``trumps``: True for a trump contract, False for no trumps.  Raises KeyError for an unknown bid.
    """
    return BASIC_GAME[(bid, trumps)]


def basic_game_stake(bid: str, trumps: bool, declarer_tricks: int, opponent_tricks: tuple[int, int],
                     multiplier: int = 1) -> tuple[int, str]:
    """What each opponent pays the declarer for the basic game (negative: what the declarer pays
    each opponent), in game points, with the arithmetic in words.

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
    raw = v + over * half
    words = f"{v}" + (f" + {over} × {half}" if over else "")
    amount = raw * multiplier
    if multiplier != 1:
        words = f"({words}) × {multiplier}" if over else f"{words} × {multiplier}"
    if won and declarer_tricks == BASIC_TRICKS and max(opponent_tricks) == TRICKS - BASIC_TRICKS:
        amount -= v
        words += f" - {v} (6:5:0, A5)"
    words += f" = {amount}"
    return (amount if won else -amount), words


def arrivazs_stake(trumps: bool, won: bool, idegen: bool, multiplier: int = 1) -> tuple[int, str]:
    """What each opponent pays the declarer for an announced arrivázs (negative: the declarer pays
    each opponent), in game points, with words.

    8 with trumps, 16 with no trumps; idegen arrivázs (won in a trump contract with no trump played
    in the last three tricks) 16 (A6); times the arrivázs doubling ``multiplier``.
    """
    v = IDEGEN_ARRIVAZS if won and idegen and trumps else ARRIVAZS[trumps]
    amount = v * multiplier
    name = "idegen arrivázs" if won and idegen and trumps else "arrivázs"
    words = f"{name} {v}" + (f" × {multiplier}" if multiplier != 1 else "") + f" = {amount}"
    return (amount if won else -amount), words


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


def trump_words(trump: str | None) -> str:
    return "no trumps" if trump is None else f"{SUIT_NAMES[trump]} trumps"


# --- the hand's state --------------------------------------------------------------------------

@dataclass(slots=True)
class Claim:
    """A declarer's claim: its ``line``, the tricks complete when it was made (``at``), and the
    ``dispute`` line once an opponent disputed it."""

    player: str
    line: int
    at: int
    dispute: int | None = None


@dataclass(slots=True)
class Settlement:
    """How the hand's tricks were finally owned: ``owners`` (11 names, trick order) and ``played``
    (the Trick actually played for each, or None for a trick given by a claim)."""

    owners: list[str] = field(default_factory=list)
    played: list[Trick | None] = field(default_factory=list)
    note: str = ""


class AsszortiHand(AuctionHand):
    """An Asszorti hand: auction, contract, talon exchange, trumps, doubling, play and claims."""

    phase: Phase

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.bid: str | None = None          # the latest bid (the level now held)
        self.holder: str | None = None       # who holds that bid now
        self.auction: list[tuple[str, str]] = []
        self.declarer: str | None = None
        self.last_bid: str | None = None
        self.contract: str | None = None
        self.taken: list[Card] = []
        self.discards: list[Card] | None = None
        self.trump: str | None = None
        self.declared = False
        self.arrivazs = False
        self.doubles: dict[str, list[tuple[str, str, int]]] = {t: [] for t in TARGETS}
        self.claim: Claim | None = None
        self.failed_by: str | None = None    # opponent credited after a failed disputed claim
        self.failed_at: int | None = None    # the trick whose loss made the claim fail
        self.net: dict[str, Number] | None = None
        self.notes: dict[int, tuple] = {}     # line → what history says of an applied event

    def multiplier(self, target: str) -> int:
        """2 to the number of doubling steps called on ``target`` (A2)."""
        return 2 ** len(self.doubles[target])


@register
class Asszorti(MatchEngine):
    """The Asszorti match engine (see the module docstring for the rules it follows).

    Besides the sheet totals (``totals``, what ``score`` events record) it keeps each player's
    zero-sum ``net`` and the ``debt`` still owed (A8)."""

    GAME = "asszorti"
    REVOKE_RULE = "A9"
    TITLE = "Asszorti"
    PLAYERS = 3
    DECK = DECK
    HAND_SIZE = 11
    PILE = "talon"
    PILE_SIZE = 3
    HandClass = AsszortiHand
    EVENTS = {ev.Bid: "on_bid", ev.Hold: "on_hold", ev.Pass: "on_pass",
              ev.Contract: "on_contract", ev.Discard: "on_discard", ev.Declare: "on_declare",
              ev.Kontra: "on_double", ev.Rekontra: "on_double", ev.Szubkontra: "on_double",
              ev.Hirskontra: "on_double", ev.Mordkontra: "on_double", ev.Claim: "on_claim",
              ev.Dispute: "on_dispute", ev.Play: "on_play", ev.Retract: "on_retract"}
    RULES = {"jump_bids": (bool, False), "kontra": (bool, True), "deals": (int, None)}

    def __init__(self, players, rules, ctx) -> None:
        super().__init__(players, rules, ctx)
        self.net: dict[str, Number] = {p: 0 for p in self.players}
        self.debt: dict[str, Number] = {p: 0 for p in self.players}
        self.hand: AsszortiHand | None = None

    @classmethod
    def check_rules(cls, rules):
        """As the base, and ``deals`` must be at least 1 (ValueError otherwise)."""
        out = super().check_rules(rules)
        if out["deals"] is not None and out["deals"] < 1:
            raise ValueError(f"rules option 'deals' must be at least 1, got {out['deals']}")
        return out

    # --- small helpers ---------------------------------------------------------------------

    def _speakers(self, h: AsszortiHand) -> list[str]:
        """Speaking order: from the dealer's left."""
        return self.seat_order(self.next_seat(h.dealer))

    def _active(self) -> list[str]:
        h = self.hand
        return [p for p in self._speakers(h) if p not in h.passed]

    def forced(self, player: str) -> bool:
        """True when ``player`` is the last one left with no bid made: the dealer's forced
        contract (A1)."""
        h = self.hand
        return h.phase == AUCTION and h.bid is None and self._active() == [player]

    def opponents(self) -> list[str]:
        """The declarer's two opponents, in seating order."""
        d = self.hand.declarer
        return [p for p in self.players if p != d]

    # --- the auction (Play; A1, A10) -----------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        self.hand.to_act = self.next_seat(e.dealer)

    def _auction_turn(self, player: str, line: int, what: str) -> None:
        """Out of turn (G2, G11, applied); a passed player who bids or holds is back in."""
        self.auction_turn(player, line, what, "A1")

    def _priority(self, player: str) -> bool:
        """True if ``player`` spoke earlier than whoever holds the bid now (A1, A10): such a player
        holds or passes; a later one must bid the next level or pass."""
        h = self.hand
        if h.holder is None:
            return False
        order = self._speakers(h)
        return order.index(player) < order.index(h.holder)

    def _next_to_speak(self, player: str) -> None:
        h = self.hand
        if h.bid is not None and self.auction_won_by(h.holder):
            self._auction_won(h.holder, h.bid)
            return
        nxt = self.next_active(player, h.passed)
        if nxt is not None:
            h.to_act = nxt

    def _auction_won(self, declarer: str, last_bid: str | None,
                     contract: str | None = None) -> None:
        h = self.hand
        h.declarer = declarer
        h.last_bid = last_bid
        h.contract = contract
        h.phase = TALON
        h.to_act = None

    def _check_bid_word(self, e: Any, line: int, word: str | None) -> bool:
        if word not in BIDS:
            self.void("bad-event", line, f"an Asszorti {ev.name_of(e)} names "
                      f"`bid` \"3\", \"2\", \"1\" or \"hand\", not {word!r}",
                      getattr(e, "player", None),
                      rule="G7", evidence={"event": event_name(e), "bid": word})
            return False
        return True

    def on_bid(self, e: ev.Bid, line: int) -> None:
        """A bid (A1): the first bid is 3, each later one the next level up (any higher level under
        ``jump_bids``); only a player who spoke later than the holder bids.  A bid that breaks
        this is ``illegal-bid``, applied as recorded (G2).  The forced dealer may bid any level,
        which ends the auction (A10)."""
        h = self.hand
        if not self._check_bid_word(e, line, e.bid):
            return
        if h.phase != AUCTION:
            self.out_of_phase(e, line, "after the auction is over")
            return
        h.auction.append((e.player, e.bid))
        if self.forced(e.player):
            h.notes[line] = ("forced", e.player, f"bids {e.bid}")
            self._auction_won(e.player, e.bid)
            return
        self._auction_turn(e.player, line, "bid")
        level = bid_rank(e.bid)
        if self._priority(e.player):
            self.irregular("illegal-bid", line, f"{e.player} bids {e.bid}, but spoke earlier than "
                           f"{h.holder}, who holds {h.bid}: {e.player} may only hold or pass (A1, "
                           "A10); applied as recorded", e.player,
                           rule="A10",
                           evidence={"player": e.player, "call": "bid", "bid": e.bid,
                                     "holder": h.holder, "standing": h.bid, "applied": True})
        elif self.rules["jump_bids"]:
            if h.bid is not None and level <= bid_rank(h.bid):
                self.irregular("illegal-bid", line, f"{e.player} bids {e.bid} over {h.holder}'s "
                               f"{h.bid}: a bid must be higher (jump_bids); applied as recorded",
                               e.player,
                               rule="A10",
                               evidence={"player": e.player, "call": "bid", "bid": e.bid,
                                         "holder": h.holder, "standing": h.bid, "jump_bids": True,
                                         "applied": True})
        else:
            want = BIDS[0] if h.bid is None else (
                BIDS[bid_rank(h.bid) + 1] if h.bid != BIDS[-1] else None)
            if e.bid != want:
                why = (f"the first bid is {BIDS[0]}" if h.bid is None else
                       f"after {h.holder}'s {h.bid} the next bid is {want}" if want else
                       f"nothing is higher than {h.bid}; a later player can only pass")
                self.irregular("illegal-bid", line, f"{e.player} bids {e.bid}: {why}; there are "
                               "no jump bids (Play, A1); applied as recorded", e.player,
                               rule="A1",
                               evidence={"player": e.player, "call": "bid", "bid": e.bid,
                                         "holder": h.holder, "standing": h.bid, "next": want,
                                         "jump_bids": False, "applied": True})
        h.bid = e.bid
        h.holder = e.player
        self._next_to_speak(e.player)

    def on_hold(self, e: ev.Hold, line: int) -> None:
        """``hold``: equal the latest bid, only by a player who spoke earlier than its holder
        (A1, A10).  With no bid to hold, or by the holder: ``illegal-bid``, not applied (A-R2).
        By a later player: ``illegal-bid``, applied (G2)."""
        h = self.hand
        if h.phase != AUCTION:
            self.out_of_phase(e, line, "after the auction is over")
            return
        if h.bid is None or h.holder == e.player:
            why = "no bid has been made" if h.bid is None else f"{e.player} holds {h.bid} already"
            self.irregular("illegal-bid", line, f"{e.player} holds, but {why}: there is nothing "
                           "to hold (A1, A-R2); not applied", e.player,
                           rule="A-R2",
                           evidence={"player": e.player, "call": "hold", "holder": h.holder,
                                     "standing": h.bid, "applied": False})
            return
        h.auction.append((e.player, "hold"))
        self._auction_turn(e.player, line, "hold")
        if not self._priority(e.player):
            self.irregular("illegal-bid", line, f"{e.player} holds {h.holder}'s {h.bid}, but "
                           f"spoke later than {h.holder}: {e.player} must bid the next level or "
                           "pass (A1, A10); applied as recorded", e.player,
                           rule="A10",
                           evidence={"player": e.player, "call": "hold", "holder": h.holder,
                                     "standing": h.bid, "applied": True})
        h.holder = e.player
        h.notes[line] = ("hold", e.player, h.bid)
        self._next_to_speak(e.player)

    def on_pass(self, e: ev.Pass, line: int) -> None:
        """A pass is final (A1).  The forced dealer's pass is ``illegal-pass`` and not applied:
        the dealer still has to set a contract (A1, A-R3)."""
        h = self.hand
        if h.phase != AUCTION:
            self.out_of_phase(e, line, "after the auction is over")
            return
        if e.player in h.passed:
            self.irregular("out-of-turn", line, f"{e.player} has already passed (A1)", e.player,
                           rule="A1",
                           evidence={"player": e.player, "call": "pass", "passed": True})
            return
        if self.forced(e.player):
            self.irregular("illegal-pass", line, f"{e.player} passes, but both others have "
                           f"passed without a bid: {e.player} cannot pass and must set one of "
                           "the four contracts (Play, A1); not applied (A-R3)", e.player,
                           rule="A-R3",
                           evidence={"player": e.player, "call": "pass", "forced": True,
                                     "applied": False})
            return
        h.auction.append((e.player, "pass"))
        self._auction_turn(e.player, line, "pass")
        h.passed.add(e.player)
        self._next_to_speak(e.player)

    # --- contract, talon, trumps (Play; A1, A-R4 … A-R7) ----------------------------------------

    def on_contract(self, e: ev.Contract, line: int) -> None:
        """The declarer's contract: at least the last bid (A1); exactly the bid under
        ``jump_bids``.  Otherwise ``illegal-contract``, applied (G2).  The forced dealer sets any
        level (A10).  Once the contract is fixed (set, or taken as the last bid by a later event,
        A-R4), a different one is ``illegal-contract`` and not applied; the same one is ignored."""
        h = self.hand
        if not self._check_bid_word(e, line, e.bid):
            return
        if h.phase == AUCTION:
            if self.forced(e.player):
                h.auction.append((e.player, f"contract {e.bid}"))
                h.notes[line] = ("forced", e.player, f"sets the contract: {e.bid}")
                self._auction_won(e.player, None, e.bid)
                return
            self.out_of_phase(e, line, "before the auction is over")
            return
        if h.contract is not None:
            if e.bid != h.contract:
                self.irregular("illegal-contract", line, f"{e.player} sets contract {e.bid}, but "
                               f"the contract is {h.contract} already (A11, A-R4); not applied",
                               e.player,
                               rule="A-R4",
                               evidence={"player": e.player, "contract": e.bid,
                                         "standing": h.contract, "applied": False})
            return
        if e.player != h.declarer:
            self.irregular("out-of-turn", line, f"{e.player} sets the contract, but {h.declarer} "
                           "won the auction (A1); applied as recorded (A-R5)", e.player,
                           rule="A-R5",
                           evidence={"player": e.player, "declarer": h.declarer,
                                     "contract": e.bid})
        lb = h.last_bid
        if lb is not None and bid_rank(e.bid) < bid_rank(lb):
            self.irregular("illegal-contract", line, f"contract {e.bid} is below the last bid "
                           f"{lb}; the declarer must play at least the last bid (Play, A1); "
                           "applied as recorded", e.player,
                           rule="A1",
                           evidence={"player": e.player, "contract": e.bid, "last_bid": lb,
                                     "applied": True})
        elif lb is not None and self.rules["jump_bids"] and e.bid != lb:
            self.irregular("illegal-contract", line, f"contract {e.bid}, but with jump bids the "
                           f"contract is fixed at the bid {lb} (jump_bids); applied as recorded",
                           e.player,
                           rule="A10",
                           evidence={"player": e.player, "contract": e.bid, "last_bid": lb,
                                     "jump_bids": True, "applied": True})
        h.contract = e.bid

    def _fix_contract(self) -> str:
        """The contract, taken as the last bid if the declarer never set one (A11, A-R4)."""
        h = self.hand
        if h.contract is None:
            h.contract = h.last_bid
        return h.contract

    def on_discard(self, e: ev.Discard, line: int) -> None:
        """The talon exchange: for contract N the declarer takes the top N talon cards and lays
        away N (Play).  A wrong number is ``illegal-discard``, applied (G2); a discard by anybody
        else, a second one, or in a ``hand`` contract cannot be applied (G3)."""
        h = self.hand
        if h.phase != TALON:
            self.out_of_phase(e, line, "before the auction is over" if h.phase == AUCTION
                             else "after the first card is played")
            return
        cs = self.cards(e.cards, line, e.player)
        if cs is None:
            return
        k = self._fix_contract()
        n = TALON_CARDS[k]
        if e.player != h.declarer or h.discards is not None or n == 0:
            why = (f"only the declarer ({h.declarer}) exchanges with the talon"
                   if e.player != h.declarer else
                   "the declarer has discarded already" if h.discards is not None else
                   "a hand contract is played with the eleven cards dealt; the talon is out of "
                   "play")
            self.void("illegal-discard", line, f"{e.player} discards {self.names(cs)}: {why} "
                      "(Play)", e.player,
                      rule="A11",
                      evidence={"player": e.player, "cards": strs(cs), "declarer": h.declarer,
                                "contract": k, "discarded": strs(h.discards)})
            return
        taken = h.pile[:n]
        pool = h.hands[e.player] | set(taken)
        bad = strays(cs, pool)
        if bad:
            self.void("card-not-held", line, None, e.player, rule="G3",
                      evidence={**self.not_held(e.player, bad), "action": "discard",
                                "talon_top": strs(taken)})
            return
        if len(cs) != n:
            self.irregular("illegal-discard", line, f"contract {k} takes the top {n} talon "
                           f"card{'s' * (n > 1)} and lays away as many; {e.player} laid away "
                           f"{len(cs)} (Play); applied as recorded", e.player,
                           rule="A11",
                           evidence={"player": e.player, "cards": strs(cs), "count": len(cs),
                                     "expected": n, "contract": k})
        h.hands[e.player] |= set(taken)
        h.hands[e.player] -= set(cs)
        h.taken = taken
        h.discards = cs
        h.notes[line] = ("talon", e.player, taken, cs)

    def on_declare(self, e: ev.Declare, line: int) -> None:
        """Trumps (a suit or ``none``) and the optional arrivázs, by the declarer (Play).  By
        another player: ``out-of-turn``, applied (A-R5).  A second declaration: ``illegal-trump``,
        not applied (A-R6)."""
        h = self.hand
        if h.phase == AUCTION:
            self.out_of_phase(e, line, "before the auction is over")
            return
        word = e.trump.strip().lower() if isinstance(e.trump, str) else e.trump
        if word == "none":
            trump = None
        else:
            try:
                trump = parse_suit(e.trump)
            except ValueError:
                self.void("bad-event", line, f"`trump` is a suit or \"none\", not {e.trump!r}",
                          e.player,
                          rule="G7", evidence={"event": "declare", "trump": e.trump})
                return
        if h.declared:
            self.irregular("illegal-trump", line, f"{e.player} declares {trump_words(trump)}, "
                           f"but {trump_words(h.trump)} were declared already (A-R6); not "
                           "applied", e.player,
                           rule="A-R6",
                           evidence={"player": e.player, "trump": SUIT_NAMES.get(trump, "none"),
                                     "declared": SUIT_NAMES.get(h.trump, "none"),
                                     "applied": False})
            return
        if e.player != h.declarer:
            self.irregular("out-of-turn", line, f"{e.player} names trumps, but {h.declarer} is "
                           "the declarer (Play: only the declarer names trumps and announces "
                           "arrivázs); applied as recorded (A-R5)", e.player,
                           rule="A-R5",
                           evidence={"player": e.player, "declarer": h.declarer,
                                     "trump": SUIT_NAMES.get(trump, "none")})
        self._fix_contract()
        h.trump = trump
        h.arrivazs = bool(e.arrivazs)
        h.declared = True

    # --- doubling (A2, G12) --------------------------------------------------------------------

    def on_double(self, e: Any, line: int) -> None:
        """One step of the doubling chain on ``target`` (A2).  Not applied (G12): under
        ``kontra: false``, by the wrong side, out of sequence or repeated, or on an arrivázs not
        announced.  Applied with ``illegal-kontra`` (G12): szubkontra by anyone but the partner
        of the first kontra caller, a call before the trumps are named or after trick 1."""
        h = self.hand
        step = ev.name_of(e)
        title = STEP_TITLE[step]
        target = GAME if e.target is None else e.target
        if target not in TARGETS:
            self.void("bad-event", line, f"`target` is \"game\" or \"arrivazs\", not "
                      f"{e.target!r}", e.player,
                      rule="G7", evidence={"event": event_name(e), "target": e.target})
            return
        if h.phase == AUCTION:
            self.out_of_phase(e, line, "before there is a contract")
            return
        stake = "the basic game" if target == GAME else "the arrivázs"
        chain = h.doubles[target]
        p = e.player
        decl = h.declarer
        if not self.rules["kontra"]:
            self._no_double(p, line, f"{title} by {p}, but this table plays without kontra "
                            "(rules kontra: false, A2)", e, kontra=False)
            return
        side = CALLER[step]
        if (side == DECLARER) != (p == decl):
            who = "the declarer" if side == DECLARER else "an opponent"
            self._no_double(p, line, f"{title} by {p} on {stake}: only {who} calls {title} (A2)",
                            e, caller=side, declarer=decl)
            return
        if target == ARRIVAZS_TARGET and not (h.declared and h.arrivazs):
            self._no_double(p, line, f"{title} by {p} on the arrivázs, but {decl} has not "
                            "announced arrivázs (A2)", e, arrivazs=False)
            return
        i = STEPS.index(step)
        if i != len(chain):
            done = " → ".join(STEP_TITLE[s] for s, _, _ in chain) or "no call yet"
            why = "is called already" if i < len(chain) else "has nothing to answer"
            self._no_double(p, line, f"{title} by {p} on {stake} {why} (so far: {done}); the "
                            "chain is Kontra → Rekontra → Szubkontra → Hirskontra → Mordkontra "
                            "(A2)", e, chain=[{"call": s, "player": q, "line": n}
                                              for s, q, n in chain])
            return
        problems = []
        if side == PARTNER and chain[0][1] == p:
            problems.append(f"only the partner of {p}, who called the first Kontra, may call "
                            "Szubkontra")
        if not h.declared:
            problems.append("doubling starts when the trumps are named")
        elif h.play is not None and h.play.tricks:
            problems.append("doubling ends when the first trick is complete")
        if problems:
            self.irregular("illegal-kontra", line, f"{title} by {p} on {stake}: "
                           + "; ".join(problems) + " (A2); applied (G12)", p,
                           rule="A2",
                           evidence={"player": p, "call": step, "target": target,
                                     "first_kontra": chain[0][1] if chain else None,
                                     "declared": h.declared,
                                     "tricks": len(h.play.tricks) if h.play else 0,
                                     "applied": True})
        chain.append((step, p, line))
        h.notes[line] = ("double", p, title, stake, h.multiplier(target))

    def _no_double(self, player: str, line: int, text: str, e: Any, **facts: Any) -> None:
        """A doubling call that is reported and not applied (G12, A2); ``facts`` join the
        evidence (player, call, target, applied)."""
        self.irregular("illegal-kontra", line, text + "; not applied (G12)", player, rule="A2",
                       evidence={"player": player, "call": event_name(e),
                                 "target": GAME if e.target is None else e.target,
                                 "applied": False, **facts})

    # --- play and claims (Play; A3, A7, A10) -----------------------------------------------------

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        h = self.hand
        if h.phase == PLAY:
            return True
        if h.phase == AUCTION:
            self.void("out-of-phase", line, "a card played during the auction (G10)", player,
                      rule="G10",
                      evidence={"event": "play", "phase": h.phase, "when": "during the auction",
                                "card": str(c)})
            return False
        return self._begin_play(line, player)

    def _begin_play(self, line: int, player: str | None) -> bool:
        """Start the play: the trumps must be named (else the card cannot be followed: G10,
        A-R7); a missing talon exchange is ``illegal-discard`` and the talon stays out (A11, A-R8).
        The opponent on the declarer's right leads (A3)."""
        h = self.hand
        if not h.declared:
            self.void("out-of-phase", line, f"play begins but {h.declarer} has not named trumps "
                      "or no trumps; the hand cannot be followed (G10, A-R7)", player,
                      rule="A-R7",
                      evidence={"event": "play", "declarer": h.declarer, "declared": False})
            return False
        k = self._fix_contract()
        if TALON_CARDS[k] and h.discards is None:
            self.irregular("illegal-discard", line, f"the play begins but {h.declarer} has not "
                           f"exchanged {TALON_CARDS[k]} talon card{'s' * (TALON_CARDS[k] > 1)} "
                           f"for contract {k} (Play); the talon stays out of play (A11, A-R8)",
                           h.declarer,
                           rule="A-R8",
                           evidence={"player": h.declarer, "contract": k,
                                     "expected": TALON_CARDS[k]})
        h.phase = PLAY
        h.play = TrickPlay(self.players, h.hands, ORDERS[h.trump], follow_else_trump,
                           self.next_seat(h.declarer, -1))
        return True

    def apply(self, e: Any, line: int) -> None:
        """As the base, plus: after a claim nobody has disputed (A7), any event but a
        ``dispute`` (a card, a doubling call, a bid …) settles the claim, and is itself one
        ``out-of-phase``, ignored, as is the rest of the hand (A10, G4): it cannot change the
        settled hand (a ``kontra`` does not double a hand already claimed)."""
        h = self.hand
        if h is not None and h.claim is not None and h.mode is OPEN and \
                type(e) is not ev.Dispute and h.claim.dispute is None and h.revoke is None:
            c = h.claim
            self._settle_claim()
            h.late_reported = True
            h.last_line = line
            self.report("out-of-phase", line, f"{_tag(e)} after {c.player}'s claim at line "
                        f"{c.line}, which nobody disputed: the claim stands and the hand is over "
                        "(A7, A10, G4); ignored", player=getattr(e, "player", None), trick=None,
                        rule="A10",
                        evidence={"event": event_name(e),
                                  "claim": {"player": c.player, "line": c.line}})
            return
        MatchEngine.apply(self, e, line)

    def on_claim(self, e: ev.Claim, line: int) -> None:
        """The declarer claims the rest (A7): it may come mid-trick (A10).  By an opponent, before
        the trumps are named, or while a claim stands: ``illegal-claim``, ignored (A10, A-R9)."""
        h = self.hand
        if h.phase == AUCTION:
            self.out_of_phase(e, line, "during the auction")
            return
        why = None
        claim_rule = "A-R9"
        if e.player != h.declarer:
            claim_rule = "A10"
            why = f"{e.player} is an opponent; only the declarer ({h.declarer}) claims (A10)"
        elif not h.declared:
            why = "the trumps are not named yet (A11, A-R9)"
        elif h.claim is not None:
            why = f"{e.player} claimed already at line {h.claim.line} (A-R9)"
        if why:
            self.report("illegal-claim", line, f"claim by {e.player}: {why}; ignored",
                        player=e.player,
                        rule=claim_rule,
                        evidence={"player": e.player, "event": "claim", "declarer": h.declarer,
                                  "declared": h.declared,
                                  "claimed_at": None if h.claim is None else h.claim.line})
            return
        if h.play is None and not self._begin_play(line, e.player):
            return
        h.claim = Claim(e.player, line, len(h.play.tricks))
        h.notes[line] = ("claim", e.player, h.claim.at, len(h.play.current.who))

    def on_dispute(self, e: ev.Dispute, line: int) -> None:
        """An opponent disputes the claim: play goes on (A7).  With no claim, a second dispute,
        or by the declarer: ``illegal-claim``, ignored (A10)."""
        h = self.hand
        c = h.claim
        why = None
        if c is None:
            why = "there is no claim to dispute"
        elif e.player == h.declarer:
            why = "only an opponent disputes a claim"
        elif c.dispute is not None:
            why = f"the claim was disputed already at line {c.dispute}"
        if why:
            self.report("illegal-claim", line, f"dispute by {e.player}: {why} (A10); ignored",
                        player=e.player,
                        rule="A10",
                        evidence={"player": e.player, "event": "dispute", "declarer": h.declarer,
                                  "claim_line": None if c is None else c.line,
                                  "disputed_at": None if c is None else c.dispute})
            return
        c.dispute = line

    def after_trick(self, trick: Trick, line: int) -> None:
        """After a disputed claim, the first trick the declarer loses decides the hand: every
        trick since the claim, and the rest, go to the opponent who won it (A7, A10).  The log
        may stop there (the hand is settled when it closes, :meth:`close_open_hand`) or the
        table may play the hand out: those cards are checked as any play (a revoke among them is
        a revoke, A9) and the hand is settled after its last trick (A10, A-R17)."""
        h = self.hand
        c = h.claim
        if c is None or c.dispute is None or h.failed_by is not None or h.revoke is not None \
                or h.mode != OPEN:
            return
        if trick.winner != h.declarer:
            h.failed_by = trick.winner
            h.failed_at = trick.number

    def all_tricks_played(self) -> bool:
        return len(self.hand.play.tricks) == TRICKS

    def close_open_hand(self) -> bool:
        """An undisputed claim, or a disputed one that has failed, is settled when the next deal,
        score, end or the end of the log comes (A7, A10)."""
        h = self.hand
        c = h.claim
        if c is None or (c.dispute is not None and h.failed_by is None):
            return False
        self._settle_claim()
        return True

    def _settle_claim(self) -> None:
        self.score_hand(self.hand.last_line)

    def settlement(self) -> Settlement:
        """Who owns each of the eleven tricks: as played; after an undisputed claim the rest go to
        the declarer; after a failed disputed claim every trick from the claim on goes to the
        opponent who won the first trick the declarer lost (A7, A10)."""
        h = self.hand
        tp = h.play
        s = Settlement()
        c = h.claim
        done = tp.tricks
        if c is not None and h.failed_by is not None:
            for t in done[:c.at]:
                s.owners.append(t.winner)
                s.played.append(t)
            for t in done[c.at:]:
                s.owners.append(h.failed_by)
                s.played.append(t)
            s.note = (f"{h.declarer}'s disputed claim failed at trick {h.failed_at}: tricks "
                      f"{c.at + 1}–{TRICKS} go to {h.failed_by} (A7)")
        else:
            for t in done:
                s.owners.append(t.winner)
                s.played.append(t)
            if c is not None and len(done) < TRICKS:
                s.note = (f"{h.declarer}'s claim stands: tricks {len(done) + 1}–{TRICKS} go to "
                          f"{h.declarer} (A7)")
        rest = TRICKS - len(s.owners)
        owner = h.failed_by or h.declarer
        s.owners.extend([owner] * rest)
        s.played.extend([None] * rest)
        return s

    # --- scoring (Scoring; A4–A6, A8) ------------------------------------------------------------

    def score_hand(self, line: int) -> None:
        """Settle the basic game and the arrivázs (each opponent pays or is paid the full
        amount, A4), post the result on the sheet (A8) and finish the hand."""
        h = self.hand
        decl = h.declarer
        opps = self.opponents()
        k = h.contract
        trumps = h.trump is not None
        s = self.settlement()
        n = Counter(s.owners)
        d = n[decl]
        per_opp, words = basic_game_stake(k, trumps, d, (n[opps[0]], n[opps[1]]),
                                          h.multiplier(GAME))
        parts = [f"basic game {words}"]
        if h.arrivazs:
            last = range(TRICKS - ARRIVAZS_TRICKS, TRICKS)
            won = all(s.owners[i] == decl for i in last)
            idegen = won and trumps and all(
                s.played[i] is not None and not any(ORDERS[h.trump].is_trump(x)
                                                    for x in s.played[i].cards) for i in last)
            a, aw = arrivazs_stake(trumps, won, idegen, h.multiplier(ARRIVAZS_TARGET))
            per_opp += a
            parts.append(f"{aw} {'won' if won else 'lost'}")
        net = {p: 0 for p in self.players}
        net[decl] = 2 * per_opp
        for o in opps:
            net[o] = -per_opp
        tricks = ", ".join(f"{p} {n[p]}" for p in self.players)
        verb = "wins" if per_opp > 0 else "pays" if per_opp < 0 else "wins nothing"
        dbl = self.doubling_words()
        head = (f"{decl} plays {self.contract_title()}" + (f", {dbl}," if dbl else "")
                + f" and takes {d} trick{'s' * (d != 1)} "
                f"({tricks})" + (f"; {s.note}" if s.note else ""))
        money = (f"{decl} {verb} {abs(per_opp)} {'from' if per_opp > 0 else 'to'} each opponent"
                 if per_opp else f"{decl} {verb}")
        self._post(net, f"{head}; {'; '.join(parts)}: {money}", decl)

    def _post(self, net: dict[str, Number], summary: str, declarer: str | None,
              status: str | None = None) -> None:
        """Write a hand's ``net`` on the sheet (A8) and finish the hand with the sheet entries as
        its deltas (G8) and the net beside them."""
        h = self.hand
        entries = sheet_entries(net, self.debt)
        for p, v in net.items():
            self.net[p] = tidy(self.net[p] + v)
        h.net = net
        sheet = ", ".join(f"{p} {tidy(self.totals[p] + entries[p])}"
                          + (f" (owes {tidy(self.debt[p])})" if self.debt[p] else "")
                          for p in self.players)
        self.finish(declarer, self.contract_name(), entries, f"{summary}; sheet: {sheet}",
                    status=status, extra={"net": {p: tidy(v) for p, v in net.items()}})

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], str, str]:
        """A9: the hand ends; the side at fault loses the basic game at its plain value times its
        doubling (no overtricks) and an announced arrivázs at its value times its doubling; both
        opponents pay, or are paid, in full (A4)."""
        h = self.hand
        decl = h.declarer
        trumps = h.trump is not None
        v = basic_game_value(h.contract, trumps) * h.multiplier(GAME)
        words = f"basic game {basic_game_value(h.contract, trumps)}" + (
            f" × {h.multiplier(GAME)}" if h.multiplier(GAME) > 1 else "")
        if h.arrivazs:
            a = ARRIVAZS[trumps] * h.multiplier(ARRIVAZS_TARGET)
            v += a
            words += f" + arrivázs {ARRIVAZS[trumps]}" + (
                f" × {h.multiplier(ARRIVAZS_TARGET)}" if h.multiplier(ARRIVAZS_TARGET) > 1
                else "")
        per_opp = -v if r.player == decl else v
        net = {p: -per_opp for p in self.players}
        net[decl] = 2 * per_opp
        entries = sheet_entries(net, self.debt)
        for p, x in net.items():
            self.net[p] = tidy(self.net[p] + x)
        h.net = net
        if r.player == decl:
            what = f"the hand ends; {decl} pays each opponent {words} = {v}"
        else:
            what = (f"the hand ends; the opponents' side is at fault: each opponent pays {decl} "
                    f"{words} = {v}")
        return entries, what, "Asszorti rules, Play (follow suit, else trump), A3 and A9"

    def _emit(self, h, declarer, contract, status, deltas, summary, extra=None):
        """As the base, with the hand's zero-sum ``net`` beside its deltas in every hand result
        (FORMAT.md): the net computed for it, or zeros (an unscored hand)."""
        extra = dict(extra or {})
        if "net" not in extra:
            net = getattr(h, "net", None) or {p: 0 for p in self.players}
            extra["net"] = {p: tidy(v) for p, v in net.items()}
        return super()._emit(h, declarer, contract, status, deltas, summary, extra)

    def revoke_text(self, player: str, c: Card, allowed: frozenset[Card], tp: TrickPlay) -> str:
        """The base's revoke words (led suit, the cards held that the duty required), and which
        duty was broken: following suit, or trumping when void in the suit led (A3)."""
        text = super().revoke_text(player, c, allowed, tp)
        order = tp.order
        led = order.suit_of[tp.current.cards[0]]
        if all(order.suit_of[x] != led for x in allowed):
            return (text + f"; void in {order.names[led]}, {player} had to play a trump "
                    "(failure to trump)")
        return text + f"; {player} had to follow suit"

    def summary_extra(self) -> dict[str, Any]:
        """``net`` (zero-sum balance) and ``debt`` (still owed) beside the sheet totals (A8)."""
        return {"net": {p: tidy(v) for p, v in self.net.items()},
                "debt": {p: tidy(v) for p, v in self.debt.items()}}

    # --- the match (A8) --------------------------------------------------------------------------

    def after_hand(self, result) -> None:
        self._deals_done()

    def after_unscored(self, h: Hand) -> None:
        super().after_unscored(h)
        self._deals_done()

    def _deals_done(self) -> None:
        """The match ends after ``deals`` deals when that rule is set (A8)."""
        n = self.rules["deals"]
        if n is not None and self.hand_count >= n and not self.finished:
            self.finish_match()

    # --- names -----------------------------------------------------------------------------------

    def laid_away(self) -> dict[str, list[Card]]:
        """The declarer's discards after the talon exchange, once made."""
        h = self.hand
        return {h.declarer: h.discards} if h.discards and h.declarer else {}

    def declarer_name(self) -> str | None:
        return self.hand.declarer

    def contract_name(self) -> str | None:
        """As ``score`` prints it: ``"1 diamonds"``, ``"hand no-trumps arrivazs"``, or just the
        level before the trumps are named."""
        h = self.hand
        k = h.contract or h.last_bid
        if k is None:
            return None
        if not h.declared:
            return k
        t = "no-trumps" if h.trump is None else SUIT_NAMES[h.trump]
        return f"{k} {t}" + (" arrivazs" if h.arrivazs else "")

    def contract_title(self) -> str | None:
        """Readable, once the trumps are named: ``1 with diamonds trumps (basic game 6)``,
        ``arrivázs (8)`` when announced (None before; ``history`` prints it when it changes)."""
        h = self.hand
        if not h.declared or h.contract is None:
            return None
        trumps = h.trump is not None
        out = (f"{h.contract} with {trump_words(h.trump)} (basic game "
               f"{basic_game_value(h.contract, trumps)})")
        if h.arrivazs:
            out += f", arrivázs ({ARRIVAZS[trumps]})"
        return out

    def doubling_words(self) -> str:
        """The doubling chains called, e.g. ``game: Kontra (Anna) → Rekontra (Berta) ×4``."""
        h = self.hand
        parts = []
        for t in TARGETS:
            if h.doubles[t]:
                chain = " → ".join(f"{STEP_TITLE[s]} ({p})" for s, p, _ in h.doubles[t])
                parts.append(f"{'game' if t == GAME else 'arrivázs'}: {chain} ×{h.multiplier(t)}")
        return "; ".join(parts)

    def describe_event(self, line: int, e: Any, symbols: bool = True) -> str | None:
        """``history``'s words for the auction, the talon exchange, the doubling chain and claims:
        the bid held, the cards taken from the talon, the stake a call doubles and by how much."""
        h = self.hand
        note = h.notes.get(line) if h is not None else None
        if note is None:
            return None
        kind, p = note[0], note[1]
        names = lambda cs: " ".join(self.DECK.name(c, symbols) for c in cs)  # noqa: E731
        if kind == "hold":
            return f"{p} holds {note[2]}"
        if kind == "forced":
            return f"{p} (both others passed, no bid; cannot pass) {note[2]}"
        if kind == "talon":
            return f"{p} takes {names(note[2])} from the talon and lays away {names(note[3])}"
        if kind == "double":
            return f"{p}: {note[2]} on {note[3]} (×{note[4]})"
        if kind == "claim":
            where = f"after trick {note[2]}" if note[2] else "before the first trick"
            if note[3]:
                where = f"during trick {note[2] + 1}"
            return f"{p} shows the hand and claims the rest ({where})"
        return None

    def score_notes(self) -> list[str]:
        """Under the score table: how to read the sheet (A8)."""
        owing = [f"{p} {tidy(v)}" for p, v in self.debt.items() if v]
        return ["totals are the score sheet (no entry below 0); net is the zero-sum balance; "
                "debt is what each still owes, taken off the next win (A8)"
                + (f"; still owed: {', '.join(owing)}" if owing else "")]
