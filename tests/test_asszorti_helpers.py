"""Log builders for the Asszorti tests.

A *pattern* lists the eleven tricks as (suit, winner).  :func:`rounds_for` turns it into card
rounds: every trick is a full round of one suit, the winner holding the highest card of that suit
still out, so everybody always follows suit and the trick goes to the named player (trumps never
decide a trick).  Suits are used 3 (D), 3 (H), 3 (S) and 2 (C) times: 33 cards; the three lowest
clubs (8C 7C 6C) are the talon.  Players: Anna, Berta, Csaba; Anna deals, Berta declares "hand"
(no talon exchange), so Anna (on Berta's right) leads trick 1.
"""
from __future__ import annotations

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
PLAYERS = ["Anna", "Berta", "Csaba"]
TALON = ["8C", "7C", "6C"]


def rounds_for(pattern):
    """[(suit, winner)] × 11 → [{player: card}] × 11 (see the module docstring)."""
    left = {s: [r + s for r in RANKS] for s in "CDHS"}
    out = []
    for suit, winner in pattern:
        cs = left[suit]
        top, a, b = cs.pop(0), cs.pop(0), cs.pop(0)
        others = [p for p in PLAYERS if p != winner]
        out.append({winner: top, others[0]: a, others[1]: b})
    return out


def deal_of(rounds, dealer="Anna"):
    hands = {p: [r[p] for r in rounds] for p in PLAYERS}
    return {"event": "deal", "dealer": dealer, "hands": hands, "talon": list(TALON)}


def plays_of(rounds, first_leader="Anna"):
    """Play events for the rounds in order: each trick led by the previous winner."""
    out = []
    leader = first_leader
    for r in rounds:
        i = PLAYERS.index(leader)
        order = [PLAYERS[(i + k) % 3] for k in range(3)]
        out.extend({"event": "play", "player": p, "card": r[p]} for p in order)
        top = max(r, key=lambda p: -RANKS.index(r[p][:-1]))
        leader = top
    return out


def hand_log(pattern, *, trump="spades", arrivazs=False, contract="hand", before_play=(),
             dealer="Anna", auction=None, match=True, rules=None):
    """One hand (and the match line): auction Berta 3, Csaba pass, Anna pass (Anna deals),
    ``contract``, ``declare``, the events ``before_play``, then the plays."""
    rounds = rounds_for(pattern)
    out = []
    if match:
        m = {"event": "match", "game": "asszorti", "players": PLAYERS}
        if rules:
            m["rules"] = rules
        out.append(m)
    out.append(deal_of(rounds, dealer))
    out.extend(auction if auction is not None else [
        {"event": "bid", "player": "Berta", "bid": "3"},
        {"event": "pass", "player": "Csaba"},
        {"event": "pass", "player": "Anna"}])
    out.append({"event": "contract", "player": "Berta", "bid": contract})
    d = {"event": "declare", "player": "Berta", "trump": trump}
    if arrivazs:
        d["arrivazs"] = True
    out.append(d)
    out.extend(before_play)
    out.extend(plays_of(rounds))
    return out


def pattern(winners, suits="CDDDHHHSSSC"):
    """A pattern from a string of winners' initials (A/B/C) and a string of suits."""
    names = {"A": "Anna", "B": "Berta", "C": "Csaba"}
    return [(s, names[w]) for s, w in zip(suits, winners)]


def line_of(log, pred, nth=0):
    """1-based line of the ``nth`` event matching ``pred``."""
    hits = [i + 1 for i, e in enumerate(log) if pred(e)]
    return hits[nth]


def play_line(log, card):
    return line_of(log, lambda e: e.get("event") == "play" and e.get("card") == card)
