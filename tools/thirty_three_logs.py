"""Log builders for Thirty-Three: the 24 Nines hand that tests/test_thirty_three.py and the bad-input
corpus (tools/make_corpus.py) are built on.  Plain data, written out by hand; nothing here asks
the engine.

The deal (NINES_DEAL, dealer C): A holds the four nines and the Bug, so A bids 24 Nines
(CV 13 × 5 = 65), discards 8♠ 7♠ J♠ (2 + 0 + 1 = 3 card points) and takes 28 card points:
  T1 A 7♣ B A♣ C 8♣ → B (4)   T2 B 7♥ C 7♦ A Q♠ → B (1)   T3 B 8♥ C 8♦ A 9♥ → A (9♥ trumps; 4)
  T4 A 9♦ B 10♣ C Q♣ → A (1)  T5 A 9♠ B K♣ C J♣ → A (2)   T6 A 9♣ B J♥ C J♦ → A (2)
  T7 A Bug B Q♥ C Q♦ → A (4)  T8 A A♠ B K♥ C K♦ → A (4)   T9 A 10♠ B 10♥ C 10♦ → A (0)
  T10 A K♠ B A♥ C A♦ → A (5 + 3 for the last trick)
A: 4+1+2+2+4+4+0+8 = 25, + discards 3 = 28 ≥ 24: made.  B: 4 + 1 = 5.  C: 0.  28 + 5 = 33.
The hand is 35 lines after the `match` line; A +65, B +5, C 0.
"""
from __future__ import annotations

from typing import Any

MATCH = {"event": "match", "game": "thirty-three", "players": ["A", "B", "C"]}
HANDS = {"A": "9D 9S 9H 9C JK AS 10S KS QS JS".split(),
         "B": "AH 10H KH QH JH 8H 7H AC 10C KC".split(),
         "C": "AD 10D KD QD JD 8D 7D QC JC 8C".split()}
BOAT = ["8S", "7S", "7C"]
PLAYS = [("A", "7C"), ("B", "AC"), ("C", "8C"), ("B", "7H"), ("C", "7D"), ("A", "QS"),
         ("B", "8H"), ("C", "8D"), ("A", "9H"), ("A", "9D"), ("B", "10C"), ("C", "QC"),
         ("A", "9S"), ("B", "KC"), ("C", "JC"), ("A", "9C"), ("B", "JH"), ("C", "JD"),
         ("A", "JK"), ("B", "QH"), ("C", "QD"), ("A", "AS"), ("B", "KH"), ("C", "KD"),
         ("A", "10S"), ("B", "10H"), ("C", "10D"), ("A", "KS"), ("B", "AH"), ("C", "AD")]


Event = dict[str, Any]


def deal(dealer: str = "C", hands: dict[str, list[str]] | None = None,
         boat: list[str] | None = None) -> Event:
    """A ``deal`` event: by default the Nines deal (HANDS, BOAT) dealt by ``dealer``."""
    return {"event": "deal", "dealer": dealer, "hands": hands or HANDS, "boat": boat or BOAT}


def bid(p: str, game: str, level: int | str) -> Event:
    """A ``bid`` event (``level`` 18 … 28, "slam", "slam-hand" or "slam-ouvert")."""
    return {"event": "bid", "player": p, "game": game, "level": level}


def pas(p: str) -> Event:
    """A ``pass`` event."""
    return {"event": "pass", "player": p}


def plays(seq: list[tuple[str, str]] = PLAYS) -> list[Event]:
    """``play`` events for (player, card) pairs, by default the Nines hand's 30 cards."""
    return [{"event": "play", "player": p, "card": c} for p, c in seq]


def discard(p: str, cs: list[str]) -> Event:
    """A ``discard`` event."""
    return {"event": "discard", "player": p, "cards": cs}


def nines_hand(dealer: str = "C", auction: list[Event] | None = None,
               extra: tuple[Event, ...] | list[Event] = ()) -> list[Event]:
    """The 24 Nines hand, ``deal`` to the last card (35 events); the auction defaults to A
    bidding 24 Nines and the others passing in turn from the dealer's left; ``extra`` comes
    after A's discard (Kontra, Rekontra …)."""
    if auction is None:
        order = {"C": ["A", "B", "C"], "A": ["B", "C", "A"], "B": ["C", "A", "B"]}[dealer]
        auction = [bid("A", "nines", 24) if p == "A" else pas(p) for p in order]
    return [deal(dealer), *auction, discard("A", ["8S", "7S", "JS"]), *extra, *plays()]
