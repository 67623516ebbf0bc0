"""The one trick machine shared by every game.

What differs between games is only (1) each card's *effective suit* under the contract (a left bower
is a trump, a nine in Nines is a trump, Eighty-Three's off-five and joker are trumps), (2) the rank
order inside each effective suit, and (3) the duty to follow.  A game builds a :class:`TrickOrder`
once per contract from its rank tables and picks one of the duties below; following, trick winners
and who leads next are written here once.

Units: tricks are counted in tricks; nothing here knows card points.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable, Mapping, Sequence


from ..cards import Card
from ..facts import TrickState as TrickState  # a complete trick is a fact of the core

TRUMP = "trump"
"""Effective-suit label of a trump suit that is no printed suit (the nines in Nines)."""


class TrickOrder:
    """How one contract ranks the cards.

    ``suits`` maps each effective suit label (``"C"``…``"S"`` or :data:`TRUMP`) to its cards,
    highest first; ``trump`` is the label of the trump suit (None in no-trump and misère games).
    ``suit_of[card]`` is the card's effective suit; ``power[card]`` compares cards of one suit
    (higher wins); trumps get a power above every plain card.  (How a finding names a suit is
    the commentary's: ``led_suit_words``.)
    """

    __slots__ = ("suits", "trump", "suit_of", "power", "_key", "_strength",
                 "cards_of", "trumps")

    def __init__(self, suits: Mapping[str, Sequence[Card]], trump: str | None) -> None:
        self.suits = {s: tuple(cs) for s, cs in suits.items()}
        self.trump = trump
        self.suit_of: dict[Card, str] = {}
        self.power: dict[Card, int] = {}
        for s, cs in self.suits.items():
            base = 1000 if s == trump else 0
            for i, c in enumerate(cs):
                self.suit_of[c] = s
                self.power[c] = base + len(cs) - i
        self.cards_of = {s: frozenset(cs) for s, cs in self.suits.items()}
        """Effective suit → its cards, as a set (to intersect with a hand)."""
        self.trumps: frozenset[Card] = (self.cards_of.get(trump, frozenset()) if trump is not None
                                        else frozenset())
        """The trump suit's cards (empty without trumps)."""
        self._strength = {led: {c: self.power[c] if s == led or s == trump else 0
                                for c, s in self.suit_of.items()} for led in self.suits}
        """Led suit → card → what the card counts for in a trick so led (0: it cannot win)."""
        self._key: dict[Card, int]
        """Card → its place in :meth:`sort`'s default order (built on first use)."""

    def __copy__(self) -> "TrickOrder":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "TrickOrder":
        return self  # built once per contract and never changed

    def is_trump(self, c: Card) -> bool:
        return c in self.trumps

    def strength(self, led: str) -> Mapping[Card, int]:
        """Card → what it counts for in a trick whose lead is of effective suit ``led``: its
        power if of the suit led or a trump, else 0 (it cannot win); the highest wins
        (:meth:`winner`)."""
        return self._strength[led]

    def winner(self, cards: Sequence[Card]) -> int:
        """Index in ``cards`` (in play order, the lead first) of the card that wins the trick:
        the highest trump if any was played, else the highest card of the suit led."""
        strength = self._strength[self.suit_of[cards[0]]]
        keys = list(map(strength.__getitem__, cards))
        return keys.index(max(keys))

    def sort(self, hand: Iterable[Card], suit_order: Sequence[str] | None = None) -> list[Card]:
        """``hand`` sorted for display: trumps first, then the other suits in ``suit_order``
        (default the order of ``suits``), each highest first.  A card outside the order (a
        blank: a card a record of the play alone does not name, RULINGS G14) comes last."""
        if suit_order is None:
            try:
                key = self._key
            except AttributeError:
                key = self._key = {c: i for i, c in enumerate(self._sorted(self.suit_of))}
            n = len(key)
            return sorted(hand, key=lambda c: (key.get(c, n), c))
        return self._sorted(hand, suit_order)

    def _sorted(self, hand: Iterable[Card], suit_order: Sequence[str] | None = None) -> list[Card]:
        order = list(suit_order or self.suits)
        if self.trump in order:
            order.remove(self.trump)
        if self.trump is not None:
            order.insert(0, self.trump)
        rank = {s: i for i, s in enumerate(order)}
        suit_of, power = self.suit_of, self.power
        return sorted(hand, key=lambda c: (rank.get(suit_of.get(c, ""), 99), -power.get(c, 0), c))


# --- duties to follow ----------------------------------------------------------------------
# A duty takes (hand, cards already in the trick, order) and returns the cards the player may
# play, or None when any card may be played.

Duty = Callable[[Iterable[Card], Sequence[Card], TrickOrder], "frozenset[Card] | None"]


def follow_suit(hand: Iterable[Card], trick: Sequence[Card],
                order: TrickOrder) -> frozenset[Card] | None:
    """Follow the effective suit led if able; otherwise anything (Thirty-Three §6)."""
    if not trick:
        return None
    return order.cards_of[order.suit_of[trick[0]]].intersection(hand) or None



def follow_else_trump(hand: Iterable[Card], trick: Sequence[Card],
                      order: TrickOrder) -> frozenset[Card] | None:
    """Follow suit if able; if void, play a trump if holding one; else anything (Asszorti)."""
    if not trick:
        return None
    return (order.cards_of[order.suit_of[trick[0]]].intersection(hand)
            or order.trumps.intersection(hand) or None)



def follow_or_trump(hand: Iterable[Card], trick: Sequence[Card],
                    order: TrickOrder) -> frozenset[Card] | None:
    """Eighty-Three: a trump lead must be followed with a trump if able; a plain lead with that
    suit or a trump by a player who holds the suit; a player void in the suit led plays anything."""
    if not trick:
        return None
    hand = tuple(hand)
    led = order.suit_of[trick[0]]
    same = order.cards_of[led].intersection(hand)
    if not same:
        return None
    if led == order.trump:
        return same
    return same | order.trumps.intersection(hand)



def follow_head_trump(hand: Iterable[Card], trick: Sequence[Card],
                      order: TrickOrder) -> frozenset[Card] | None:
    """Follow suit and beat the trick if able; if void, trump (beating any trump in the trick)
    if able; else anything (Sixty-Six once the talon is closed or used up)."""
    if not trick:
        return None
    led = order.suit_of[trick[0]]
    best = trick[order.winner(trick)]
    power = order.power
    top = power[best]
    same = order.cards_of[led].intersection(hand)
    if same:
        if order.suit_of[best] == led:
            beat = frozenset(c for c in same if power[c] > top)
            if beat:
                return beat
        return same
    trumps = order.trumps.intersection(hand)
    if trumps:
        return frozenset(c for c in trumps if power[c] > top) or trumps
    return None


FOLLOWING_IS_ENOUGH: frozenset[Duty] = frozenset({follow_suit, follow_else_trump, follow_or_trump})
"""The duties that playing a card of the suit led always satisfies (so a card of the suit led
needs no further test: a hot-path shortcut).  A table, not an attribute set on the functions:
compiled functions (the mypyc build) take no attributes."""


MUST_FOLLOW: frozenset[Duty] = frozenset({follow_suit, follow_else_trump, follow_head_trump})
"""The duties under which a player who holds a card of the suit led must play one (every duty
but Eighty-Three's, :func:`follow_or_trump`, which lets that player trump instead)."""


def must_follow(duty: Duty | None) -> bool:
    """True when a player holding the suit led must follow it under ``duty`` (see
    :data:`MUST_FOLLOW`; None, no duty: False)."""
    return duty in MUST_FOLLOW


def following_is_enough(duty: Duty) -> bool:
    """True when any card of the suit led satisfies ``duty`` (see :data:`FOLLOWING_IS_ENOUGH`)."""
    return duty in FOLLOWING_IS_ENOUGH


# --- one hand's tricks ----------------------------------------------------------------------

class TrickPlay:
    """The play of one hand: whose turn it is, the trick on the table, tricks won.

    ``players``: the seating order (clockwise); ``hands``: player → set of cards held (mutated as
    cards are played); ``order``/``duty``: the contract's ranking and duty to follow; ``leader``:
    who leads the first trick (None: anyone may).
    """

    def __init__(self, players: Sequence[str], hands: dict[str, set[Card]], order: TrickOrder,
                 duty: Duty, leader: str | None) -> None:
        self.players = tuple(players)
        self.size = len(self.players)
        self.hands = hands
        self.order = order
        self.duty = duty
        self.tricks: list[TrickState] = []
        self.current = TrickState(1)
        self.first_leader = leader
        self.leader = leader
        """Who is due to lead the current trick: the winner of the last trick, or for trick 1 the
        contract's first leader (None: anyone)."""
        self.won: dict[str, list[TrickState]] = {p: [] for p in self.players}
        self.follow_fast = following_is_enough(duty)
        """Playing the suit led always satisfies this duty (a hot-path shortcut)."""
        self.after = {p: self.players[(i + 1) % self.size] for i, p in enumerate(self.players)}
        """Player → the player on their left (who plays after them)."""

    def __copy__(self) -> "TrickPlay":
        twin = TrickPlay(self.players, self.hands, self.order, self.duty, self.first_leader)
        twin.tricks, twin.current, twin.leader, twin.won = (self.tricks, self.current,
                                                            self.leader, self.won)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "TrickPlay":
        """A copy that shares nothing mutable with this one (``hands`` keeps the sharing the
        memo records, e.g. with the hand state's holdings).  Written out, not left to
        ``copy.deepcopy``'s generic path, so that a compiled build (mypyc) copies the same."""
        twin = copy.copy(self)
        twin.hands = copy.deepcopy(self.hands, memo)
        twin.tricks = copy.deepcopy(self.tricks, memo)
        twin.current = copy.deepcopy(self.current, memo)
        twin.won = copy.deepcopy(self.won, memo)
        return twin

    @property
    def trick_number(self) -> int:
        return self.current.number

    def to_play(self) -> str | None:
        """Who should play next (None: the lead of trick 1 is free)."""
        who = self.current.who
        if not who:
            return self.leader
        nxt = self.after
        p = nxt[who[-1]]
        for _ in range(self.size):
            if p not in who:
                return p
            p = nxt[p]
        return None

    def allowed(self, player: str, hand: Iterable[Card] | None = None) -> frozenset[Card] | None:
        """Cards ``player`` may play to the current trick (None: any card held)."""
        return self.duty(self.hands[player] if hand is None else hand, self.current.cards,
                         self.order)

    def has_played(self, player: str) -> bool:
        return player in self.current.who

    def play(self, player: str, c: Card, line: int) -> TrickState | None:
        """Move ``c`` from ``player``'s hand to the trick.  Returns the trick if this card
        completed it (its winner set and the next trick opened), else None."""
        self.hands[player].discard(c)
        t = self.current
        who = t.who
        who.append(player)
        t.cards.append(c)
        t.lines.append(line)
        if len(who) < self.size:
            return None
        t.winner = winner = who[self.order.winner(t.cards)]
        self.leader = winner
        self.tricks.append(t)
        self.won[winner].append(t)
        self.current = TrickState(t.number + 1)
        return t

    def last_play(self) -> tuple[str, Card, int] | None:
        """The most recent card played in the hand, as (player, card, line)."""
        t = self.current if self.current.who else self.tricks[-1] if self.tricks else None
        if t is None:
            return None
        return t.who[-1], t.cards[-1], t.lines[-1]

    def retract(self) -> tuple[str, Card, int]:
        """Take back the most recent card (reopening its trick if it completed one) and return it
        to its player's hand.  Raises IndexError when no card has been played."""
        if not self.current.who:
            t = self.tricks.pop()
            assert t.winner is not None  # a complete trick has its winner
            self.won[t.winner].remove(t)
            t.winner = None
            self.current = t
            self.leader = self.tricks[-1].winner if self.tricks else self.first_leader
        t = self.current
        player, c, line = t.who.pop(), t.cards.pop(), t.lines.pop()
        self.hands[player].add(c)
        return player, c, line

    def tricks_won(self, player: str) -> int:
        """How many tricks ``player`` has won so far (tricks)."""
        return len(self.won[player])

    def points_won(self, player: str, value: Callable[[Card], int]) -> int:
        """Card points in the tricks ``player`` has won, each card valued by ``value`` (a game's
        card-point table; no bonus for the last trick)."""
        return sum(sum(map(value, t.cards)) for t in self.won[player])
