"""Thirty-Three: three players, 33 cards (A K Q J 10 9 8 7 of four suits and the Bug).

Rules: the Thirty-Three rules text (seed 000), sections cited as §N, and RULINGS G and T.
In short: an auction on game and level (§3), the boat (§4), Kontra and Rekontra (§5), ten tricks
following the effective suit (§6–10), scoring by contract value, card points or tricks (§11), the
contract-count bonuses, the 199 rule and the end at ±200 (§12).

Units: *card points* are what tricks hold (33 in all, the last trick's 3 included); *game points*
are the score (contract values, Kontra payments, bonuses), halves kept exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Hashable, Iterable, Literal, Mapping, NamedTuple, Sequence, TypeGuard

from ... import events as ev
from ...cards import ALL_CARDS, JOKER, SAME_COLOUR, SUITS, Card, Deck, strays
from . import GAME as SPEC
from ..base import (AuctionHand, Consequence, HandResult, HandStatus, MatchEngine, Number, Revoke, handles,
                    missing, payment, strs)
from ..hooks import NO_CONTRACT, ContractData, PlayCount, PlayReading
from ..tricks import TRUMP, TrickOrder, TrickPlay, follow_suit

# --- the rules as data -----------------------------------------------------------------------


DECK: Deck = SPEC.deck
"""§1: 32 cards and the Bug; a 6♦ may stand in for the Bug."""

Game = Literal["diamonds", "spades", "hearts", "clubs", "nines", "no-trump", "misere"]
"""§2: the seven games a bid names (as the log spells them)."""
GAMES: Final[tuple[Game, ...]] = ("diamonds", "spades", "hearts", "clubs", "nines", "no-trump",
                                  "misere")
TRUMP_SUIT: Final[dict[Game, str]] = {"diamonds": "D", "spades": "S", "hearts": "H", "clubs": "C"}
"""§2: the four suited games and their trump suit."""

Level = Literal[18, 20, 22, 24, 26, 28, "slam", "slam-hand", "slam-ouvert"]
"""§3: the levels a bid names (as the log spells them)."""
LEVELS: Final[tuple[Level, ...]] = (18, 20, 22, 24, 26, 28, "slam", "slam-hand", "slam-ouvert")
"""§3: the levels, lowest first."""


def is_game(x: object) -> TypeGuard[Game]:
    """True if ``x`` (a bid's ``game`` as read) is one of the seven games."""
    return x in GAMES


def is_level(x: object) -> TypeGuard[Level]:
    """True if ``x`` (a bid's ``level`` as read) is one of the levels (a bool is none)."""
    return x in LEVELS and not isinstance(x, bool)


# Contract value = base value of the game × level factor (§3 table).
BASE_VALUE: Final[dict[Game, int]] = {"diamonds": 9, "spades": 10, "hearts": 11, "clubs": 12,
                                      "nines": 13, "no-trump": 14}
LEVEL_FACTOR: Final[dict[Level, int]] = {18: 2, 20: 3, 22: 4, 24: 5, 26: 6, 28: 7, "slam": 10,
                                         "slam-hand": 13, "slam-ouvert": 16}
MISERE_VALUE: Final[dict[Level, int]] = {18: 17, 20: 29, 22: 43, 24: 59, 26: 77, 28: 97}
"""§3: Misère contract values (no factor rule: Low 17, Null+3 29, … Null Ouvert 97)."""
MISERE_NAME: Final[dict[Level, str]] = {18: "Low", 20: "Null+3", 22: "Null+2", 24: "Null+1",
                                        26: "Null Hand", 28: "Null Ouvert"}
"""§3: the Misère contracts' own names (the ``contract`` of a finding's evidence)."""

HAND_CONTRACTS: Final[frozenset[tuple[Game, Level] | Level]] = frozenset(
    {("misere", 26), ("misere", 28), "slam-hand", "slam-ouvert"})
"""§4: contracts played without the boat."""
NULL_DRAW: Final[dict[Level, int]] = {22: 2, 24: 1}
"""§4, T2: Null+2 and Null+1 take 2 or 1 boat cards."""
OUVERT: Final[frozenset[tuple[Game, Level] | Level]] = frozenset({("misere", 28), "slam-ouvert"})
"""§6: the declarer shows the hand before the first trick."""

CARD_POINTS: Final[dict[str, int]] = {"A": 2, "8": 2, "JK": 2, "K": 1, "Q": 1, "J": 1}
"""§2: aces, eights and the Bug 2; kings, queens, jacks 1; the rest 0."""
LAST_TRICK_BONUS: Final = 3
"""§2: the last trick is worth 3 card points (33 in all)."""
TRICKS: Final = 10
"""§6: ten tricks a hand."""

BONUS_STEPS: Final[dict[int, int]] = {3: 25, 5: 25}
"""§11, T6: first to 3 contracts won 25, first to 5 25, then 50 for each of 7, 9, 11, …"""
BONUS_LATER: Final = 50
TARGET: Final = 200
"""§12: the match ends at +200 or -200; 199 rule for a player not winning a contract/Kontra."""

ACE_TEN: Final = ("A", "10", "K", "Q", "J", "9", "8", "7")
ACE_KING_MISERE: Final = ("A", "K", "Q", "J", "JK", "10", "9", "8", "7")
"""§10: Misère ranks; the Bug is a diamond between jack and ten."""
GAME_TITLE: Final[dict[Game, str]] = {
    "diamonds": "Diamonds", "spades": "Spades", "hearts": "Hearts", "clubs": "Clubs",
    "nines": "Nines", "no-trump": "No Trump", "misere": "Misère"}


def card_points(c: Card) -> int:
    """Card points of one card (§2)."""
    return CARD_POINTS.get(c.rank, 0)


CARD_POINTS_OF: Final[dict[Card, int]] = {c: card_points(c) for c in DECK.cards}
"""§2 card points per card of the deck (looked up, not computed, when scoring)."""


def contract_value(game: Game, level: Level) -> int:
    """Contract value (CV) in game points of a bid of ``level`` in ``game`` (§3 table).

    Raises ValueError for a Misère level above 28, which names no contract (T11).
    """
    if game == "misere":
        cv = MISERE_VALUE.get(level)
        if cv is None:
            raise ValueError("a Misère bid is 18 to 28")
        return cv
    return BASE_VALUE[game] * LEVEL_FACTOR[level]


def _suit(s: str, ranks: Iterable[str]) -> list[Card]:
    return [ALL_CARDS[r + s] if r != "JK" else JOKER for r in ranks]


def trick_order(game: Game) -> TrickOrder:
    """The effective suits and rank orders of one game (§7–10).

    Suited: the right bower (trump jack) and left bower (the other jack of its colour) head the
    trumps, the Bug is the lowest trump; the left bower leaves its printed suit.  No Trump: ace-ten
    order, the Bug the lowest diamond.  Nines: the four nines and the Bug are the trump suit; other
    suits ace-ten without nines.  Misère: no trump, ace-king order, the Bug a diamond between
    jack and ten.
    """
    t = TRUMP_SUIT.get(game)
    if t is not None:
        mate = SAME_COLOUR[t]
        suits = {t: [ALL_CARDS["J" + t], ALL_CARDS["J" + mate]]
                 + _suit(t, [r for r in ACE_TEN if r != "J"]) + [JOKER]}
        for s in SUITS:
            if s != t:
                suits[s] = _suit(s, [r for r in ACE_TEN if not (s == mate and r == "J")])
        return TrickOrder(suits, t)
    if game == "nines":
        suits = {TRUMP: [ALL_CARDS[x] for x in ("9D", "9S", "9H", "9C")] + [JOKER]}
        for s in SUITS:
            suits[s] = _suit(s, [r for r in ACE_TEN if r != "9"])
        return TrickOrder(suits, TRUMP)
    if game == "no-trump":
        suits = {s: _suit(s, ACE_TEN) for s in SUITS}
        suits["D"].append(JOKER)
        return TrickOrder(suits, None)
    suits = {s: _suit(s, [r for r in ACE_KING_MISERE if r != "JK"]) for s in SUITS}
    suits["D"] = _suit("D", ACE_KING_MISERE)
    return TrickOrder(suits, None)


ORDERS: Final[dict[Game, TrickOrder]] = {g: trick_order(g) for g in GAMES}
"""One TrickOrder per game, built once."""


def level_key(level: Level) -> int:
    """The rank of ``level`` among the levels (§3: 18 is 0, Slam Ouvert 8)."""
    return LEVELS.index(level)


@dataclass(slots=True)
class Contract:
    """A contract: ``game`` and ``level`` (§3), its value ``cv`` in game points."""

    game: Game
    level: Level

    @property
    def cv(self) -> int:
        return contract_value(self.game, self.level)

    @property
    def misere(self) -> bool:
        """A Misère contract (Low or Null, §10): decided by tricks, not card points."""
        return self.game == "misere"

    @property
    def from_hand(self) -> bool:
        """Played without the boat (§4)."""
        return (self.game, self.level) in HAND_CONTRACTS or self.level in HAND_CONTRACTS

    @property
    def ouvert(self) -> bool:
        """The declarer shows the hand before the first trick (§6)."""
        return (self.game, self.level) in OUVERT or self.level in OUVERT

    @property
    def draw(self) -> int | None:
        """Boat cards drawn in Null+2/Null+1; None when the contract takes the whole boat or
        none."""
        return NULL_DRAW.get(self.level) if self.misere else None

    @property
    def slam(self) -> bool:
        """A Slam, Slam Hand or Slam Ouvert: all ten tricks to make."""
        return isinstance(self.level, str)

    # The contract's two names stay in the rules core: they are formatted values, not
    # sentences, and part of the output contract (referee-log(5)): the log name is score's contract
    # column (HandResult.contract), the title the ``contract`` of findings' evidence.

    def log_name(self) -> str:
        """As ``score`` prints it: ``"24 nines"``, ``"slam-hand clubs"``, ``"18 misere"``."""
        return f"{self.level} {self.game}"

    def facts(self) -> dict[str, Any]:
        """The contract as a finding's evidence gives it (``contract``): ``{"game": "nines",
        "level": 24}``, the log's ``game`` and ``level`` of the bid that made it."""
        return {"game": self.game, "level": self.level}

    def title(self) -> str:
        """The contract's name (§3): ``Nines 24``, ``Clubs Slam Hand``, ``Low``, ``Null+2``."""
        if self.misere:
            return MISERE_NAME[self.level]
        lv = str(self.level).replace("slam-", "slam ").title() if self.slam else str(self.level)
        return f"{GAME_TITLE[self.game]} {lv}"


class ContractBonus(NamedTuple):
    """§11, T6: ``player`` is the first to win ``contracts`` contracts and gets ``points``."""

    player: str
    contracts: int
    points: int


class Capped(NamedTuple):
    """§12, T7: ``player`` would have reached ``reached`` game points (200 or more) without
    winning a contract or a Kontra, and stands at 199."""

    player: str
    reached: Number


class Outcome(NamedTuple):
    """The facts of a scored hand (§11), which the commentary words as its result: the
    ``declarer``'s ``contract`` ``made`` or not, the declarer's ``tricks`` and ``card_points``
    (discards included), the Kontra callers in call order (``kontra``), and the bonuses and
    199 resets it brought (``notes``)."""

    declarer: str
    contract: Contract
    made: bool
    tricks: int
    card_points: int
    kontra: tuple[str, ...]
    notes: tuple[ContractBonus | Capped, ...]


Phase = Literal["auction", "boat", "play"]
"""Hand phases: the auction (§3); after it (the boat, §4; Kontra, §5); the play."""
AUCTION: Final = "auction"
BOAT: Final = "boat"
PLAY: Final = "play"


class ThirtyThreeHand(AuctionHand):
    """A Thirty-Three hand: auction, boat, Kontra, play.

    ``bidders``: who bid this round (§5: only they may call Kontra); ``standing``: (bidder, bid)
    of the highest bid so far; ``declarer`` and ``contract``: set when the auction forms a
    contract (§3); ``drawn``: the boat cards taken in Null+2/Null+1 (None before); ``discards``
    and ``discarded``: the declarer's cards laid away (§4); ``boat_in_play``: the boat was taken
    whole, so the discards count for the declarer; ``kontra``: caller → answered by Rekontra
    (§5); ``revealed``: the Ouvert declarer showed the hand (§6); ``outcome``: the facts of
    the hand's score, once scored (None for a hand passed out or not scored)."""

    phase: Phase

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.bidders: set[str] = set()
        self.standing: tuple[str, Contract] | None = None
        self.declarer: str | None = None
        self.contract: Contract | None = None
        self.discards: list[Card] = []
        self.discarded = False
        self.drawn: list[Card] | None = None
        self.boat_in_play = False
        self.kontra: dict[str, bool] = {}
        self.revealed = False
        self.outcome: Outcome | None = None

    def declared(self) -> tuple[str, Contract]:
        """(declarer, contract), for the phases after the auction (boat, play).  Raises
        RuntimeError while no contract is formed (a programming error)."""
        if self.declarer is None or self.contract is None:
            raise RuntimeError("no contract is formed yet")
        return self.declarer, self.contract


class ThirtyThree(MatchEngine[ThirtyThreeHand]):
    """The Thirty-Three match engine (see the module docstring for the rules it follows)."""

    SPEC = SPEC
    REVOKE_RULE = "T8"
    PENALTY_RULE: Final = ("§6", "§13", "T8")
    ROTATION = "clockwise"
    """The clauses a revoke's penalty follows (evidence ``penalty_rule``)."""
    HAND_SIZE = 10
    PILE_SIZE = 3
    HandClass = ThirtyThreeHand
    TRICKS = TRICKS  # §6: ten tricks make a hand
    on_play = handles(ev.Play)(MatchEngine.on_play)
    on_retract = handles(ev.Retract)(MatchEngine.on_retract)
    PHASE_WORDS = {AUCTION: "during the auction", BOAT: "after the auction",
                   PLAY: "during the play"}
    DISPLAY_ORDER = tuple(ALL_CARDS[r + s] for s in "DSHC" for r in ACE_TEN) + (JOKER,)
    """History shows hands in the rules' suit order ♦ ♠ ♥ ♣, ace-ten, the Bug last."""

    def __init__(self, players: list[str], rules: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, rules)
        self.contracts_won = {p: 0 for p in self.players}
        """Contracts each player has won in the match (§11: the bonuses)."""
        self.bonus_given: set[int] = set()
        """The contract counts whose bonus someone has had (§11, T6: only the first)."""

    # --- the auction (§3, T1, T11) --------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        """§3: the auction starts at the dealer's left."""
        self.current.to_act = self.next_seat(e.dealer)

    def _auction_turn(self, player: str, line: int, what: str) -> None:
        self.auction_turn(player, line, what, "T1, T11")

    def _next_to_speak(self, player: str, line: int) -> None:
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if h.standing is None:
            if len(h.passed) == len(self.players):  # all have passed, no bid made
                self.finish(None, None, {p: 0 for p in self.players}, self.current.outcome,
                            status=HandStatus.PASSED_OUT if h.status == HandStatus.SCORED else h.status)
                self.next_dealers = {h.dealer}
                return
        elif self.auction_won_by(h.standing[0]):
            self._contract_formed(h.standing)
            return
        h.to_act = self.next_active(player, h.passed)

    def _contract_formed(self, standing: tuple[str, Contract]) -> None:
        """The standing bid stands unopposed: its bidder is the declarer (§3)."""
        h = self.current
        h.declarer, h.contract = standing
        h.phase = BOAT
        h.to_act = None

    @handles(ev.Bid)
    def on_bid(self, e: ev.Bid, line: int) -> None:
        """A bid (§3, T1, T11): its game and level must exist (``bad-event``); a Misère level above
        28 names no contract (``illegal-bid``, unscored); a level not above the standing bid or
        a lower contract value is ``illegal-bid``, applied (G2); out of turn: ``out-of-turn``,
        applied."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if e.game is None or e.level is None:
            self.void("bad-event", line, None, e.player,
                      rule="G7", evidence={"event": "bid", "missing": missing(e, "game", "level")})
            return
        game, level = e.game, e.level
        if not is_game(game) or not is_level(level):
            self.void("bad-event", line, None, e.player,
                      rule="G7", evidence={"event": "bid", "game": e.game, "level": e.level})
            return
        if not self.require_phase(e, line, AUCTION):
            return
        if game == "misere" and level not in MISERE_VALUE:
            self.void("illegal-bid", line, None, e.player,
                      rule="T11", evidence={"player": e.player, "game": e.game, "level": e.level})
            return
        self._auction_turn(e.player, line, "bid")
        bid = Contract(game, level)
        if h.standing is not None:
            p0, c0 = h.standing
            if level_key(bid.level) <= level_key(c0.level) or bid.cv < c0.cv:
                self.irregular("illegal-bid", line, None, e.player,
                               rule="T1",
                               evidence={"player": e.player,
                                         "bid": {"game": bid.game, "level": bid.level,
                                                 "cv": bid.cv},
                                         "over": {"player": p0, "game": c0.game, "level": c0.level,
                                                  "cv": c0.cv}, "applied": True})
        h.standing = (e.player, bid)
        h.bidders.add(e.player)
        self._next_to_speak(e.player, line)

    @handles(ev.Pass)
    def on_pass(self, e: ev.Pass, line: int) -> None:
        """A pass (T1): final for the round; three passes redeal by the same dealer, two
        passes of the standing bid form the contract."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand
        if not self.require_phase(e, line, AUCTION):
            return
        if e.player in h.passed:
            self.irregular("out-of-turn", line, None, e.player,
                           rule="T1",
                           evidence={"player": e.player, "call": "pass", "passed": True})
            return
        self._auction_turn(e.player, line, "pass")
        h.passed.add(e.player)
        self._next_to_speak(e.player, line)

    # --- the boat (§4, T2, T11) -----------------------------------------------------------

    @handles(ev.Draw)
    def on_draw(self, e: ev.Draw, line: int) -> None:
        """Null+2/Null+1: the declarer takes 2 or 1 boat cards (§4, T2, T11, T-R2)."""
        h = self.current
        if e.player is None or e.cards is None:
            self.void("bad-event", line, None,
                      rule="G7",
                      evidence={"event": "draw", "missing": missing(e, "player", "cards")})
            return
        if not self.require_phase(e, line, BOAT):
            return
        cs = self.cards(e.cards, line, e.player)
        if cs is None:
            return
        decl, c = h.declared()
        k = c.draw
        if e.player != decl or k is None or h.drawn is not None:
            # T2 for the declarer's draw in a contract that takes no single boat cards; T11
            # for a draw by a defender or a second draw
            self.void("illegal-draw", line, None, e.player,
                      rule="T2" if e.player == decl and h.drawn is None else "T11",
                      evidence={"player": e.player, "cards": strs(cs), "declarer": decl,
                                "drawn": strs(h.drawn), "contract": c.facts()})
            return
        if not h.pile_known:
            self.reveal(None, cs, line, "taken", pile=len(h.pile))
        bad = strays(cs, h.pile)
        if bad:
            self.void("illegal-draw", line, None, e.player,
                      rule="T11",
                      evidence={"player": e.player, "cards": strs(cs), "boat": strs(h.pile),
                                "whereabouts": self.whereabouts_facts(
                                    x for x in bad if x not in h.pile)})
            return
        if len(cs) != k:
            self.irregular("illegal-draw", line, None, e.player,
                           rule="T2",
                           evidence={"player": e.player, "cards": strs(cs), "count": len(cs),
                                     "expected": k, "contract": c.facts()})
        h.drawn = cs
        h.hands[e.player].update(cs)

    @handles(ev.Discard)
    def on_discard(self, e: ev.Discard, line: int) -> None:
        """The declarer's discards (§4): after taking the whole boat 3, after a draw as many as
        drawn; the wrong number is ``illegal-discard``, applied (T11); misplaced discards
        cannot be applied (T-R1, T-R3)."""
        h = self.current
        if not self.require_phase(e, line, BOAT):
            return
        cs = self.cards(e.cards, line, e.player)
        if cs is None:
            return
        decl, c = h.declared()
        if e.player != decl or h.discarded or c.from_hand or c.draw is not None and h.drawn is None:
            self.void("illegal-discard", line, None, e.player,
                      rule="T-R1",
                      evidence={"player": e.player, "cards": strs(cs), "declarer": decl,
                                "discarded": h.discarded, "contract": c.facts()})
            return
        if h.drawn is None:  # no draw: the discard takes the whole boat first (referee-log(5))
            pool = h.hands[e.player] | set(h.pile)
            want = 3
        else:
            pool = h.hands[e.player]
            want = len(h.drawn)
        if h.partial:  # cards of an unknown hand or boat are seen here (G14)
            self.reveal(e.player, cs, line, "discarded", len(h.pile) if c.draw is None else 0)
            pool = h.hands[e.player] | set(h.pile) if c.draw is None else h.hands[e.player]
        bad = strays(cs, pool)
        if bad:
            self.void("card-not-held", line, None, e.player, rule="G3",
                      evidence={**self.not_held(e.player, bad), "action": "discard",
                                "boat": c.draw is None})
            return
        if len(cs) != want:
            self.irregular("illegal-discard", line, None, e.player,
                           rule="T11",
                           evidence={"player": e.player, "cards": strs(cs), "count": len(cs),
                                     "expected": want, "contract": c.facts()})
        if c.draw is None:
            h.hands[e.player] |= set(h.pile)
            h.boat_in_play = True
        h.hands[e.player] -= set(cs)
        h.discards = cs
        h.discarded = True

    # --- Kontra and Rekontra (§5, T3, T12) --------------------------------------------------

    @handles(ev.Kontra)
    def on_kontra(self, e: ev.Kontra, line: int) -> None:
        """Kontra (§5, T3, T12): a defender who bid, before the first card; by the declarer or a
        second time: not applied; by a defender who never bid, or late: applied."""
        h = self.current
        if h.phase == AUCTION:
            self.require_phase(e, line, BOAT)
            return
        if e.player == h.declarer:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T12",
                           evidence={"player": e.player, "call": "kontra", "declarer": h.declarer,
                                     "applied": False})
            return
        if e.player in h.kontra:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T12",
                           evidence={"player": e.player, "call": "kontra", "again": True,
                                     "applied": False})
            return
        if e.player not in h.bidders:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T3",
                           evidence={"player": e.player, "call": "kontra", "bid": False,
                                     "applied": True})
        elif h.phase == PLAY:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T3",
                           evidence={"player": e.player, "call": "kontra",
                                     "after_first_card": True, "applied": True})
        h.kontra[e.player] = False

    @handles(ev.Rekontra)
    def on_rekontra(self, e: ev.Rekontra, line: int) -> None:
        """Rekontra (§5, T3, T12, T-R5): the declarer answers one Kontra (``against``) or every
        unanswered one; by a defender or with nothing to answer: not applied."""
        h = self.current
        if h.phase == AUCTION:
            self.require_phase(e, line, BOAT)
            return
        open_calls = [p for p, answered in h.kontra.items() if not answered]
        if e.player != h.declarer:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T12",
                           evidence={"player": e.player, "call": "rekontra",
                                     "declarer": h.declarer, "applied": False})
            return
        targets = [e.against] if e.against is not None else open_calls
        if not targets or any(t not in open_calls for t in targets):
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T3",
                           evidence={"player": e.player, "call": "rekontra", "against": e.against,
                                     "open_kontras": open_calls, "applied": False})
            return
        if h.phase == PLAY:
            self.irregular("illegal-kontra", line, None, e.player,
                           rule="T3",
                           evidence={"player": e.player, "call": "rekontra",
                                     "after_first_card": True, "applied": True})
        for t in targets:
            h.kontra[t] = True

    @handles(ev.Reveal)
    def on_reveal(self, e: ev.Reveal, line: int) -> None:
        """The Ouvert declarer shows the hand (§6, T10); any other reveal is harmless (G10)."""
        h = self.current
        if h.phase == BOAT and e.player == h.declarer and h.declared()[1].ouvert:
            h.revealed = True
        # a reveal by a defender or in a contract that is not Ouvert is harmless (G10)

    # --- play (§6–10, T9–T11) ---------------------------------------------------------------

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        """The first card starts the play: a missing draw or discard is reported here and the
        boat stays out (T11); Ouvert without reveal is ``missing-reveal`` (T10); the declarer
        leads, or anyone in Misère (§6, T9)."""
        h = self.current
        if h.phase == PLAY:
            return True
        if h.phase == AUCTION:
            self.void("out-of-phase", line, None, player,
                      rule="G10",
                      evidence={"event": "play", "phase": h.phase, "card": str(c)})
            return False
        decl, k = h.declared()
        if k.draw is not None and h.drawn is None:
            self.irregular("illegal-draw", line, None, decl,
                           rule="T11",
                           evidence={"player": decl, "contract": k.facts(), "draw": k.draw})
        elif not k.from_hand and not h.discarded:
            self.irregular("illegal-discard", line, None, decl,
                           rule="T11", evidence={"player": decl, "contract": k.facts()})
        if k.ouvert and not h.revealed:
            self.report("missing-reveal", line, None, player=decl, trick=1,
                        rule="T10", evidence={"player": decl, "contract": k.facts()})
        h.phase = PLAY
        h.play = TrickPlay(self.players, h.hands, ORDERS[k.game], follow_suit,
                           None if k.misere else decl)
        return True

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """The declarer's discards are laid away (§4); else the base's (the boat)."""
        h = self.current
        if h.discarded and h.declarer and c in h.discards:
            return {"laid_away_by": h.declarer}
        return super().card_place(c)

    def contract(self) -> ContractData:
        """The hand's contract as data (:class:`~referee.games.hooks.ContractData`)."""
        if self.hand is None:
            return NO_CONTRACT
        h = self.current
        return ContractData(self._declarer(), self._contract_name(), self._contract_facts(),
                            self._card_points(),
                            self.play_reading if h.contract is not None and h.declarer else None)

    def _declarer(self) -> str | None:
        """The declarer, once the auction has formed a contract."""
        return self.hand.declarer if self.hand is not None else None

    def _contract_name(self) -> str | None:
        """The contract as ``score`` prints it (``24 nines``), once formed."""
        k = self.hand.contract if self.hand is not None else None
        return k.log_name() if k else None

    def _contract_facts(self) -> dict[str, Any] | None:
        """The contract as data (:meth:`MatchEngine.contract_facts`): ``bid`` its level (§3:
        18 … 28, ``slam``, ``slam-hand``, ``slam-ouvert``), ``game``, ``trump`` (the suit of a
        suit game, else None: Nines, No Trump and Misère have no trump suit), ``value`` (CV)."""
        k = self.hand.contract if self.hand is not None else None
        if not k:
            return None
        return {"bid": k.level, "game": k.game, "value": k.cv,
                "trump": k.game if k.game in ("diamonds", "spades", "hearts", "clubs") else None}

    def _card_points(self) -> Mapping[Card, int] | None:
        """Card points of a trick (§2: A, 8 and the Bug 2, K Q J 1); None in a misère, which
        counts tricks (§11)."""
        k = self.hand.contract if self.hand is not None else None
        if k is None or k.misere:
            return None
        return CARD_POINTS_OF

    # --- scoring (§11, §12, T3–T8, T13) ------------------------------------------------------

    def score_hand(self, line: int) -> None:
        """Score a complete hand (§11, T3, T5): card points of tricks (the last trick 3) plus the
        discards for the declarer; made by level, slam (all 10 tricks), Low or Null; the
        declarer ±CV, defenders their card points (Misère: 10 − tricks), each Kontra settled
        per caller; then bonuses and the 199 rule.  Deltas in game points."""
        h = self.current
        decl, k = h.declared()
        tp = h.trick_play()
        defenders = [p for p in self.players if p != decl]
        tricks = {p: tp.tricks_won(p) for p in self.players}
        value = CARD_POINTS_OF.__getitem__
        points = {p: tp.points_won(p, value) for p in self.players}
        last = tp.tricks[-1].winner
        if last is not None:  # always: the tenth trick is complete
            points[last] += LAST_TRICK_BONUS
        points[decl] += self.discard_points(h)
        level = k.level
        if k.misere:
            if level == 18:
                made = tricks[decl] == 0 or all(tricks[decl] < tricks[d] for d in defenders)
            else:
                made = tricks[decl] == 0
        elif isinstance(level, str):  # a slam: all ten tricks
            made = tricks[decl] == TRICKS
        else:
            made = points[decl] >= level
        cv = k.cv
        deltas: dict[str, Number] = {p: 0 for p in self.players}
        deltas[decl] = cv if made else -cv
        for d in defenders:
            deltas[d] = (10 - tricks[d]) if k.misere else points[d]
        paid_kontra: set[str] = set()
        for caller, rekontra in h.kontra.items():
            stake = cv if rekontra else cv / 2
            if made:
                deltas[decl] += stake
                deltas[caller] -= stake
            elif k.misere or tricks[caller] > 0:
                deltas[decl] -= stake
                deltas[caller] += stake
                paid_kontra.add(caller)
        won = {decl} if made else set()
        notes = self._bonus_and_199(deltas, won, paid_kontra)
        h.outcome = Outcome(decl, k, made, tricks[decl], points[decl], tuple(h.kontra),
                            tuple(notes))
        # contract_name (the log's "24 nines") and the result's sentence are the output's
        # (score's contract column, history's result line): formatted values, not facts the
        # core decides; the sentence comes from the commentary, built from h.outcome
        self.finish(decl, k.log_name(), deltas, h.outcome)

    def play_reading(self, tricks: Mapping[str, int], points: Mapping[str, int],
                     late: Sequence[tuple[str, bool]], done: int, still: int) -> PlayReading:
        """What the declaring side's result reads of the play so far, for the perfect-play
        search (:class:`~referee.games.hooks.PlayReading`, arguments as
        :data:`~referee.games.hooks.PlayReader`): the key and whether it is settled
        (:meth:`_play_key`), the count the result rises with (:meth:`_play_count`)."""
        settled, key = self._play_key(tricks, points, late, done, still)
        return PlayReading(settled, key, self._play_count(tricks, points, late, done, still))

    def _play_key(self, tricks: Mapping[str, int], points: Mapping[str, int],
                  late: Sequence[tuple[str, bool]], done: int, still: int
                  ) -> tuple[bool, Hashable]:
        """What :meth:`score_hand` reads of the play for the declarer's result (the search's key
        and whether it is settled, :class:`~referee.games.hooks.PlayReading`): Low (18 Misère)
        every player's tricks; Null whether the declarer has taken a trick (settled once one
        is); a slam whether the declarer has lost a trick; a level contract the declarer's card
        points with the discards (and the last trick's bonus once it is played), capped at the
        level: settled once made, or once the points still in play cannot make it; and, outside
        Misère, whether each Kontra caller has a trick (a failed declarer pays only a caller who
        took one, §11), which a failure is settled only with: a contract that can no longer be
        made (:meth:`_beaten`) reads those alone."""
        h = self.current
        decl, k = h.declared()
        if k.misere:
            if k.level == 18:
                return False, tuple(tricks[p] for p in self.players)
            return tricks[decl] > 0, min(tricks[decl], 1)
        callers = tuple(min(tricks[c], 1) for c in h.kontra)
        paid = all(callers)  # every caller has a trick: a failure pays each of them
        if isinstance(k.level, str):
            lost = tricks[decl] < done
            return lost and paid, (lost, callers)
        pts = points[decl] + self.discard_points(h)
        if done == TRICKS and late and late[-1][0] == decl:
            pts += LAST_TRICK_BONUS
        if pts >= k.level:
            return True, k.level
        if self._beaten(tricks, points, late, done, still):
            return paid, ("beaten", callers)
        return False, (pts, callers)

    def _beaten(self, tricks: Mapping[str, int], points: Mapping[str, int],
                late: Sequence[tuple[str, bool]], done: int, still: int) -> bool:
        """Whether the contract (outside Misère) can no longer be made at this state of the play
        (arguments as :data:`~referee.games.hooks.PlayReader`): a slam once the declarer has
        lost a trick; a level contract once the declarer's card points with the discards, the
        points still in play and the last trick's bonus still to come fall short of the level
        (§11)."""
        decl, k = self.current.declared()
        if isinstance(k.level, str):
            return tricks[decl] < done
        pts = points[decl] + self.discard_points(self.current)
        if done == TRICKS and late and late[-1][0] == decl:
            pts += LAST_TRICK_BONUS
        return pts + still + (LAST_TRICK_BONUS if done < TRICKS else 0) < k.level

    def _play_count(self, tricks: Mapping[str, int], points: Mapping[str, int],
                    late: Sequence[tuple[str, bool]], done: int, still: int
                    ) -> PlayCount | None:
        """The count the declarer's result rises with (see :meth:`play_reading`, §11), made or not
        at one step: the declarer's card points for a level contract (the level less the
        points and discards already counted), tricks for a slam (every trick left), tricks
        against for Null (none); outside Misère only once every Kontra caller has a trick (a
        failure then pays each caller alike).  While a caller has none: once the contract can
        no longer be made (:meth:`_beaten`) and one caller alone has no trick, that caller's
        tricks against (none: the failed declarer does not pay that caller's Kontra, §11);
        else None.  None for Low (it reads every player's tricks)."""
        h = self.current
        decl, k = h.declared()
        me = frozenset({decl})
        if k.misere:
            return None if k.level == 18 else PlayCount(me, "tricks", -1, steps=(0,))
        unpaid = [c for c in h.kontra if not tricks[c]]
        if unpaid:
            if len(unpaid) == 1 and self._beaten(tricks, points, late, done, still):
                return PlayCount(frozenset(unpaid), "tricks", -1, steps=(0,))
            return None
        if isinstance(k.level, str):
            return PlayCount(me, "tricks", steps=(TRICKS - done,))
        need = k.level - points[decl] - self.discard_points(h)
        return PlayCount(me, "points", bonus=LAST_TRICK_BONUS, steps=(need,))

    def discard_points(self, h: ThirtyThreeHand) -> int:
        """The card points of the declarer's discards when they count for the declarer (the
        boat taken whole, §4); else 0."""
        return sum(map(CARD_POINTS_OF.__getitem__, h.discards)) if h.boat_in_play else 0

    def _bonus_and_199(self, deltas: dict[str, Number], won: set[str],
                       paid_kontra: set[str]) -> list[ContractBonus | Capped]:
        """Add the contract-count bonuses (§11, T6, T13) and apply the 199 rule (§12, T7) to
        ``deltas``; return what was applied, in that order."""
        notes: list[ContractBonus | Capped] = []
        for p in won:
            self.contracts_won[p] += 1
            n = self.contracts_won[p]
            bonus = BONUS_STEPS.get(n, BONUS_LATER if n >= 7 and n % 2 == 1 else 0)
            if bonus and n not in self.bonus_given:
                self.bonus_given.add(n)
                deltas[p] += bonus
                notes.append(ContractBonus(p, n, bonus))
        for p in self.players:
            new = self.totals[p] + deltas[p]
            if new >= TARGET and p not in won and p not in paid_kontra:
                deltas[p] = (TARGET - 1) - self.totals[p]
                notes.append(Capped(p, new))
        return notes

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], Consequence,
                                                 tuple[str, ...]]:
        """T8, T13: the round ends, the offender loses the plain contract value; nobody else
        scores (consequence ``{"ends": "round", "pays": [the offender, -CV]}``; the 199 rule
        may still set a total, T7, which ``penalty`` shows)."""
        cv = self.current.declared()[1].cv
        deltas: dict[str, Number] = {p: 0 for p in self.players}
        deltas[r.player] = -cv
        self._bonus_and_199(deltas, set(), set())
        return (deltas, {"ends": "round", "pays": [payment(r.player, -cv)]},
                self.PENALTY_RULE)

    def after_hand(self, result: HandResult) -> None:
        """§12, T7: the match ends once anyone stands at +200 or more or -200 or less."""
        if result.status == HandStatus.UNSCORED:
            super().after_hand(result)
            return
        if any(v >= TARGET or v <= -TARGET for v in self.totals.values()):
            self.finish_match()
