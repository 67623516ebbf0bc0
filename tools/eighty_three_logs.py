"""Builders for Eighty-Three logs, used by tests/test_eighty_three*.py and
tools/make_eighty_three_examples.py.

A hand is described by what matters: each player's six cards at the first lead, the trump suit,
the auction, the gives and the tricks.  Everything else is filled in the way the conformance cases
do it: every card dealt beyond the final hands is a plain *filler* (no trump under the named suit),
dealt in deck order, and discarded again (the bid winner also discards the kitty).
"""
from __future__ import annotations

from referee.cards import SAME_COLOUR, SUITS

SEATS = ("Ann", "Bob", "Cat", "Dan")
RANKS = "A K Q J 10 9 8 7 6 5 4 3 2".split()
DECK_ORDER = [r + s for s in SUITS for r in RANKS] + ["JK"]


def trumps_of(t: str) -> set[str]:
    """The 15 trumps (canonical strings) when suit letter ``t`` is named: written out here, not
    taken from the engine, so the builder does not lean on the code under test."""
    return {r + t for r in RANKS} | {"5" + SAME_COLOUR[t], "JK"}


def hand_events(final: dict[str, str], trump: str, *, dealer: str, auction: list,
                tricks: list[str], gives: list[tuple[str, str, str]] = (),
                declarer: str | None = None, trump_by: str | None = None,
                discards: dict[str, list[str]] | None = None, dealt_extra: dict | None = None,
                skip_discard: tuple[str, ...] = ()) -> list[dict]:
    """The events of one hand, from ``deal`` to the last card.

    ``final``: player → the six cards held at the first lead (space-separated);
    ``trump``: suit letter; ``auction``: ("bid", player, points[, doubled]) / ("pass", player);
    ``tricks``: one string per trick, ``"Ann AH, Bob 2H, Cat 3H, Dan 4H"``;
    ``gives``: (giver, receiver, "cards") — the cards are counted in the giver's deal;
    ``declarer``: the auction winner (default: the last bidder), who takes the kitty;
    ``dealt_extra``: player → cards dealt in place of fillers that the player also discards
    (e.g. a point trump discarded); ``discards``: replace a player's discard list outright;
    ``skip_discard``: players for whom no discard event is written.
    """
    if declarer is None:
        declarer = [a for a in auction if a[0] == "bid"][-1][1]
    trumps = trumps_of(trump)
    core = {p: final[p].split() for p in SEATS}
    for giver, to, cs in gives:
        for c in cs.split():
            core[to].remove(c)
            core[giver].append(c)
    extra = {p: list((dealt_extra or {}).get(p, [])) for p in SEATS}
    used = {c for p in SEATS for c in core[p] + extra[p]}
    fillers = [c for c in DECK_ORDER if c not in trumps and c not in used]
    dealt, thrown = {}, {}
    for p in SEATS:
        k = 12 - len(core[p]) - len(extra[p])
        mine, fillers = fillers[:k], fillers[k:]
        dealt[p] = core[p] + extra[p] + mine
        thrown[p] = extra[p] + mine
    kitty, fillers = fillers[:5], fillers[5:]
    assert not fillers and all(len(v) == 12 for v in dealt.values()), "bad layout"
    thrown[declarer] += kitty
    out = [{"event": "deal", "dealer": dealer, "hands": dealt, "kitty": kitty}]
    for a in auction:
        if a[0] == "pass":
            out.append({"event": "pass", "player": a[1]})
        else:
            e = {"event": "bid", "player": a[1], "points": a[2]}
            if len(a) > 3:
                e["doubled"] = a[3]
            out.append(e)
    out.append({"event": "trump", "player": trump_by or declarer,
                "suit": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[trump]})
    for giver, to, cs in gives:
        out.append({"event": "give", "player": giver, "to": to, "cards": cs.split()})
    i = SEATS.index(dealer)
    for k in range(1, 5):
        p = SEATS[(i + k) % 4]
        if p in skip_discard:
            continue
        cs = (discards or {}).get(p, thrown[p])
        out.append({"event": "discard", "player": p, "cards": cs})
    for t in tricks:
        for part in t.split(","):
            p, c = part.split()
            out.append({"event": "play", "player": p, "card": c})
    return out


def match(*hands: list[dict], rules: dict | None = None, between: dict | None = None) -> list:
    """A whole log: the ``match`` line, then the hands; ``between``: hand index → events written
    after that hand (``score`` lines)."""
    head = {"event": "match", "game": "eighty-three", "players": list(SEATS)}
    if rules:
        head["rules"] = rules
    out = [head]
    for i, h in enumerate(hands):
        out += h
        out += (between or {}).get(i, [])
    return out


def line_of(log: list[dict], pred, nth: int = 0) -> int:
    """1-based line of the ``nth`` event (0 first) for which ``pred(event)`` holds."""
    hits = [i + 1 for i, e in enumerate(log) if pred(e)]
    return hits[nth]


def play_line(log: list[dict], player: str, card: str) -> int:
    return line_of(log, lambda e: e["event"] == "play" and e["player"] == player
                   and e["card"] == card)


# --- layouts -----------------------------------------------------------------------------------

G1 = {"Ann": "AH KH QH JH AC AS", "Bob": "2H JK 8H 5D KD QD",
      "Cat": "3H 6H 9H 5H KC KS", "Dan": "4H 7H 10H 2C AD 2S"}
"""Hearts trumps (5♦ the off-five).  Teams Ann & Cat (A), Bob & Dan (B); Ann declares."""
G1_TRICKS = ["Ann AH, Bob 2H, Cat 3H, Dan 4H",    # AH wins; 1+1 = 2 -> A
             "Ann KH, Bob JK, Cat 6H, Dan 7H",    # KH wins; 25+15 = 40 -> A
             "Ann QH, Bob 8H, Cat 9H, Dan 10H",   # QH wins; 20+9+1 = 30 -> A
             "Ann AC, Bob 5D, Cat KC, Dan 2C",    # Bob void in clubs, 5D trumps the ace: 5 -> B
             "Bob KD, Cat KS, Dan AD, Ann AS",    # AD wins, 0
             "Dan 2S, Ann JH, Bob QD, Cat 5H"]    # JH over 5H; 1+5 = 6 -> A
"""A 2+40+30+6 = 78, B 5."""
G1_RUN = G1_TRICKS[:3] + ["Ann JH, Bob 5D, Cat 5H, Dan 2C",   # 5D is Bob's last trump; 1+5+5
                          "Ann AC, Bob KD, Cat KC, Dan AD",   # 0
                          "Ann AS, Bob QD, Cat KS, Dan 2S"]   # 0
"""Ann runs four trumps: A 2+40+30+11 = 83, B 0."""

DEFAULT_AUCTION = [("bid", "Ann", 60), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")]


def g1(auction=None, tricks=None, **kw) -> list[dict]:
    """The G1 hand dealt by Dan (Ann speaks first), by default Ann 60 and three passes."""
    return hand_events(G1, "H", dealer=kw.pop("dealer", "Dan"),
                       auction=auction or DEFAULT_AUCTION,
                       tricks=G1_TRICKS if tricks is None else tricks, **kw)


ROTATE = {"Ann": "Bob", "Bob": "Cat", "Cat": "Dan", "Dan": "Ann"}


def rotated(events: list[dict]) -> list[dict]:
    """The same hand with every player moved one seat to the left (Ann's cards to Bob …)."""
    def r(x):
        if isinstance(x, dict):
            return {ROTATE.get(k, k) if isinstance(k, str) else k: r(v) for k, v in x.items()}
        if isinstance(x, list):
            return [r(v) for v in x]
        return ROTATE.get(x, x) if isinstance(x, str) else x
    return [r(e) for e in events]
