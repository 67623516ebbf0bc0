"""Cards, suits, ranks and card notation (referee-log(5), "Cards").

A card is a :class:`Card` (rank, suit).  Ranks are ``A K Q J 10 9 8 7 6 5 4 3 2``; suits are the
letters ``C D H S``.  The joker is ``Card("JK", "")`` (:data:`JOKER`); Thirty-Three calls it the
Bug.  Cards are interned: parsing the same text twice gives the same object, so cards compare and
hash cheaply.

Each game has a :class:`Deck`: the cards it uses, the aliases it accepts (``6D`` is the Bug in
Thirty-Three) and the name it gives the joker.
"""
from __future__ import annotations

from typing import Any, Iterable, Literal, NamedTuple

SUITS = ("C", "D", "H", "S")
"""Suit letters: clubs, diamonds, hearts, spades."""

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
"""The other suit of the same colour (for bowers and Eighty-Three's off-five)."""

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

SUIT_INPUT = {
    "C": "C", "D": "D", "H": "H", "S": "S",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
    "♧": "C", "♢": "D", "♡": "H", "♤": "S",
}
"""How a card's suit may be written in a log (upper case; a symbol, filled or hollow) → its
letter (referee-log(5) "Cards")."""
_SUIT_WORDS = {"CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S",
               "C": "C", "D": "D", "H": "H", "S": "S"}
JOKER_WORDS = frozenset({"JK", "JOKER", "BUG"})
"""The ways a log may write the joker (upper case; any case is read)."""


class Card(NamedTuple):
    """A playing card: ``rank`` (``"A"`` … ``"2"``, or ``"JK"``) and ``suit`` (``"C"`` … ``"S"``,
    or ``""`` for the joker).  ``str(card)`` is the canonical notation (``10H``, ``JC``, ``JK``)."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == "JK"

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        return self  # cards are interned values


JOKER = Card("JK", "")
ALL_CARDS: dict[str, Card] = {r + s: Card(r, s) for s in SUITS for r in RANKS}
ALL_CARDS["JK"] = JOKER


def card(text: str) -> Card:
    """The card named by canonical ``text`` (``"10H"``, ``"JK"``); KeyError if there is none.
    For reading user input use :meth:`Deck.parse`, which accepts aliases and reports errors."""
    return ALL_CARDS[text]


def cards(text: str) -> list[Card]:
    """Cards from a space-separated canonical string, e.g. ``cards("AS 10S JK")`` (tests, tables)."""
    return [ALL_CARDS[t] for t in text.split()]


CardProblem = Literal["not-a-string", "not-a-card", "not-in-deck"]
"""Why a text is no card of a deck (evidence ``problem`` of ``bad-card``, referee-log(5)): not a
string at all, a string that names no card, a card the game's deck does not hold."""


class CardError(ValueError):
    """A card string that does not parse, or names a card outside the game's deck (``bad-card``).
    ``problem`` says which (:data:`CardProblem`); the message is :func:`card_problem_words`'."""

    def __init__(self, text: object, problem: CardProblem) -> None:
        super().__init__(card_problem_words(repr(text), problem))
        self.problem: CardProblem = problem


def card_problem_words(shown: str, problem: CardProblem) -> str:
    """Why ``shown`` (the text as Python shows it, quoted: ``'ZZ'``) is no card, in words."""
    return shown + {"not-a-string": " is not a card string", "not-a-card": " is not a card",
                    "not-in-deck": " is not a card of this deck"}[problem]


def parse_card_any(text: str) -> Card:
    """Parse card notation into a :class:`Card` of the full 53-card set, without deck rules.

    Accepts ``T`` for ``10``, suit symbols (filled and outline), any letter case, and
    ``JK``/``Joker``/``Bug`` for the joker.  Raises :class:`CardError` if ``text`` is no card.
    """
    if not isinstance(text, str):
        raise CardError(text, "not-a-string")
    t = text.strip().upper()
    if t in JOKER_WORDS:
        return JOKER
    if len(t) < 2:
        raise CardError(text, "not-a-card")
    suit = SUIT_INPUT.get(t[-1])
    rank = t[:-1]
    if rank == "T":
        rank = "10"
    if suit is None or rank not in RANKS:
        raise CardError(text, "not-a-card")
    return ALL_CARDS[rank + suit]


def parse_suit(text: object) -> str:
    """A suit name (``clubs`` …) or letter (``C`` …), any case, as its letter; ValueError if not."""
    if isinstance(text, str):
        s = _SUIT_WORDS.get(text.strip().upper())
        if s:
            return s
    raise ValueError(f"{text!r} is not a suit")


BLANK_RANK = "?"
"""The rank of a blank: a card of a holding that the record does not name (format 1.1, G14)."""


class Deck:
    """The cards one game is played with.

    ``cards``: the deck in a fixed order; ``aliases``: extra notations (upper case) read as a card of
    the deck; ``joker_name``: how readable output names the joker (``Bug`` or ``Joker``).
    :meth:`parse` turns notation into a card of this deck, raising :class:`CardError` otherwise.
    """

    def __init__(self, cards: Iterable[Card], aliases: dict[str, Card] | None = None,
                 joker_name: str = "Joker") -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.members = frozenset(self.cards)
        self.aliases = dict(aliases or {})
        self.joker_name = joker_name
        self.parsed: dict[str, Card] = {}
        """Notation → card for the notations parsed so far (up to 1024; a hot-path cache)."""

    def __copy__(self) -> "Deck":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Deck":
        """A deck never changes once built: copies share it (written out, so that the
        compiled build, whose classes copy by no generic means, copies alike)."""
        return self

    def __len__(self) -> int:
        return len(self.cards)

    def parse(self, text: object) -> Card:
        """The card of this deck that ``text`` names.  Raises :class:`CardError` (bad-card) for
        unparseable text or a card the deck does not hold."""
        hit = self.parsed.get(text) if isinstance(text, str) else None
        if hit is not None:
            return hit
        if not isinstance(text, str):
            raise CardError(text, "not-a-string")
        alias = self.aliases.get(text.strip().upper())
        c = alias if alias is not None else parse_card_any(text)
        if c not in self.members:
            raise CardError(text, "not-in-deck")
        if len(self.parsed) < 1024:
            self.parsed[text] = c
        return c

    def name(self, c: Card, symbols: bool = True) -> str:
        """Readable form: ``10♥``/``J♣`` with symbols, else letters (``10H``, ``JC``); the joker
        is always named (``Bug``/``Joker``): ``JK`` is only the log's notation (referee-log(5))."""
        if c.rank == "JK":
            return self.joker_name
        if c.rank == BLANK_RANK:
            return "?"  # a card the record does not name (G14)
        return c.rank + (SUIT_SYMBOLS[c.suit] if symbols else c.suit)


def build_deck(ranks: str, *, joker: bool = False, aliases: dict[str, Card] | None = None,
               joker_name: str = "Joker") -> Deck:
    """A deck of every suit in the given ranks (space-separated, highest first), plus the joker."""
    rs = ranks.split()
    cs = [ALL_CARDS[r + s] for s in SUITS for r in rs]
    if joker:
        cs.append(JOKER)
    return Deck(cs, aliases, joker_name)


def blanks(n: int, start: int = 0) -> list[Card]:
    """``n`` distinct blanks (``Card("?", "0")``, ``Card("?", "1")``, ...) numbered from
    ``start``: the places of cards a record of the play alone leaves unknown (RULINGS G14).  A
    blank is no card of any deck; it stands in a holding (or a pile) until the card in its place
    is seen, and never reaches output."""
    return [Card(BLANK_RANK, str(i)) for i in range(start, start + n)]


def is_blank(c: Card) -> bool:
    """True for a blank (:func:`blanks`)."""
    return c.rank == BLANK_RANK


def strays(cs: Iterable[Card], pool: "set[Card] | frozenset[Card] | list[Card]") -> list[Card]:
    """The cards of ``cs`` that are not in ``pool`` or are named twice; empty when every card
    is a distinct card of ``pool`` (a discard from hand and boat, a draw from the boat)."""
    seen: set[Card] = set()
    out = []
    for c in cs:
        if c not in pool or c in seen:
            out.append(c)
        seen.add(c)
    return out
