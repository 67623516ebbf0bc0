"""Build the Asszorti example logs (``python tools/make_asszorti_examples.py``).

The deals are shuffled from fixed seeds; the auction, the talon exchange and the card play follow
a simple table policy written below, and every hand is replayed by the referee itself before it is
written.  The seed search picks the deals that show what each example is for:

- ``worked-hand.jsonl``: the rules text's worked hand (Berta 3, Csaba 2, Anna pass, Berta holds,
  Csaba 1, Berta holds, Csaba pass; contract 1 with diamonds; Berta takes seven tricks).
- ``session.jsonl``: several hands with the score sheet after each and ``end``; a player loses a
  hand (a debt is carried) and pays it off from a later win.
- ``disputed.jsonl``: a claim that an opponent disputes and that fails, the hand played out
  after that, a second dispute, then a claim that stands.

The ``score`` lines are the referee's totals at the time of writing; the tests
(tests/test_asszorti_examples.py) derive every hand, its findings and those totals by hand and do
not read them back from this script.
"""
from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "asszorti"
sys.path.insert(0, str(ROOT))

from referee.cards import SUIT_NAMES  # noqa: E402
from referee.games.asszorti.rules import BIDS, DECK, ORDERS, RANKS, TALON_CARDS  # noqa: E402
from referee.games.tricks import TrickPlay, follow_else_trump  # noqa: E402
from referee.replay import Listener, Reads, replay  # noqa: E402

PLAYERS = ["Anna", "Berta", "Csaba"]


class _Rec(Listener):
    def __init__(self):
        self.findings, self.hands, self.matches = [], [], []

    def finding(self, f):
        self.findings.append(f)

    reads = Reads.HANDS | Reads.SUMMARIES

    def hand(self, r):
        self.hands.append(r)

    def end_match(self, s):
        self.matches.append(s)


def check(events):
    """Replay ``events`` with the referee: (findings, hand results, match summaries)."""
    rec = _Rec()
    data = "".join(json.dumps(e) + "\n" for e in events).encode()
    replay(io.BytesIO(data), "generated", rec)
    return rec.findings, rec.hands, rec.matches


def left(p, k=1):
    return PLAYERS[(PLAYERS.index(p) + k) % 3]


def shuffled(rng):
    deck = [str(c) for c in DECK.cards]
    rng.shuffle(deck)
    return {p: deck[i * 11:(i + 1) * 11] for i, p in enumerate(PLAYERS)}, deck[33:]


def strength(cards):
    """A rough count of tricks: aces 1, kings ½, and every card of the longest suit past three."""
    suits = {s: [c for c in cards if c[-1] == s] for s in "CDHS"}
    aces = sum(c[:-1] == "A" for c in cards)
    kings = sum(c[:-1] == "K" for c in cards)
    return aces + kings / 2 + max(len(v) for v in suits.values()) - 3


def max_level(cards):
    s = strength(cards)
    return 3 if s >= 6 else 2 if s >= 5 else 1 if s >= 4 else 0 if s >= 3 else -1


def auction(hands, dealer):
    """The policy auction: (events, declarer, last bid)."""
    order = [left(dealer, k) for k in (1, 2, 3)]
    out, passed, bid, holder, i = [], set(), None, None, 0
    while True:
        p = order[i % 3]
        i += 1
        if p in passed or p == holder:
            continue
        active = [q for q in order if q not in passed]
        if bid is None and active == [p]:
            out.append({"event": "bid", "player": p, "bid": BIDS[0]})
            return out, p, BIDS[0]
        top = max_level(hands[p])
        if holder is not None and order.index(p) < order.index(holder):
            if top >= BIDS.index(bid):
                out.append({"event": "hold", "player": p})
                holder = p
            else:
                out.append({"event": "pass", "player": p})
                passed.add(p)
        else:
            nxt = 0 if bid is None else BIDS.index(bid) + 1
            if nxt < len(BIDS) and top >= nxt:
                bid, holder = BIDS[nxt], p
                out.append({"event": "bid", "player": p, "bid": bid})
            else:
                out.append({"event": "pass", "player": p})
                passed.add(p)
        active = [q for q in order if q not in passed]
        if bid is not None and len(active) == 1:
            return out, active[0], bid


def best_trump(cards):
    suits = {s: [c for c in cards if c[-1] == s] for s in "CDHS"}
    return max("CDHS", key=lambda s: (len(suits[s]), -sum(RANKS.index(c[:-1]) for c in suits[s])))


def exchange(cards, talon, contract, trump):
    """Take the top N talon cards and lay away the N lowest cards outside the trump suit."""
    n = TALON_CARDS[contract]
    pool = cards + talon[:n]
    side = sorted((c for c in pool if c[-1] != trump), key=lambda c: -RANKS.index(c[:-1]))
    return pool, side[:n]


def play_out(hands, trump, leader, declarer, stop=None):
    """The policy play: lead a top card of a suit if holding one, else a low card of the longest
    suit; follow with the lowest card that wins (not over a partner already winning), else the
    lowest card allowed.  Returns play events and the tricks' winners."""
    order = ORDERS[None if trump == "none" else trump]
    held = {p: {DECK.parse(c) for c in cs} for p, cs in hands.items()}
    tp = TrickPlay(PLAYERS, held, order, follow_else_trump, leader)
    out, winners = [], []
    gone = set()
    while len(tp.tricks) < 11:
        p = tp.to_play()
        pos = {c: i for i, c in enumerate(DECK.cards)}
        allowed = sorted(tp.allowed(p) or tp.hands[p], key=pos.__getitem__)  # deterministic
        low = lambda cs: min(cs, key=lambda c: order.power[c])  # noqa: E731
        if not tp.current.plays:
            tops = [c for c in allowed
                    if all(order.power[x] < order.power[c] for x in DECK.cards
                           if order.suit_of[x] == order.suit_of[c] and x not in gone
                           and x not in tp.hands[p])]
            if tops:
                card = max(tops, key=lambda c: order.power[c])
            else:
                by = {}
                for c in allowed:
                    by.setdefault(order.suit_of[c], []).append(c)
                card = low(max(by.values(), key=len))
        else:
            cards = tp.current.cards
            win_p = tp.current.plays[order.winner(cards)][0]
            partner_wins = p != declarer and win_p != declarer
            winning = [c for c in allowed if order.winner(cards + [c]) == len(cards)]
            card = low(winning) if winning and not partner_wins else low(allowed)
        gone.add(card)
        out.append({"event": "play", "player": p, "card": str(card)})
        t = tp.play(p, card, 0)
        if t is not None:
            winners.append(t.winner)
    return out, winners


def deal_hand(rng, dealer, force=None):
    """One policy hand: (events, declarer, winners of the tricks, plays)."""
    hands, talon = shuffled(rng)
    deal = {"event": "deal", "dealer": dealer, "hands": hands, "talon": talon}
    bids, decl, last = auction(hands, dealer) if force is None else force
    trump = best_trump(hands[decl] + talon[:TALON_CARDS[last]])
    ev = [deal] + bids + [{"event": "contract", "player": decl, "bid": last}]
    play_hands = dict(hands)
    if TALON_CARDS[last]:
        pool, lay = exchange(hands[decl], talon, last, trump)
        ev.append({"event": "discard", "player": decl, "cards": lay})
        play_hands[decl] = [c for c in pool if c not in lay]
    ev.append({"event": "declare", "player": decl, "trump": SUIT_NAMES[trump]})
    plays, winners = play_out(play_hands, trump, left(decl, -1), decl)
    return ev, decl, winners, plays, trump


WORKED_AUCTION = ([{"event": "bid", "player": "Berta", "bid": "3"},
                   {"event": "bid", "player": "Csaba", "bid": "2"},
                   {"event": "pass", "player": "Anna"}, {"event": "hold", "player": "Berta"},
                   {"event": "bid", "player": "Csaba", "bid": "1"},
                   {"event": "hold", "player": "Berta"}, {"event": "pass", "player": "Csaba"}],
                  "Berta", "1")

MATCH = {"event": "match", "game": "asszorti", "players": PLAYERS}


def worked_hand():
    for seed in range(10000):
        ev, decl, winners, plays, trump = deal_hand(random.Random(seed), "Anna", WORKED_AUCTION)
        if trump == "D" and winners.count("Berta") == 7:
            log = [dict(MATCH, id="worked-hand")] + ev + plays + [{"event": "end"}]
            log[0]["note"] = "the rules text's worked hand"
            return log
    raise SystemExit("no seed for the worked hand")


def session():
    for seed in range(10000):
        rng = random.Random(1000 + seed)
        log = [dict(MATCH, id="session")]
        dealer = "Anna"
        for _ in range(5):
            ev, decl, winners, plays, trump = deal_hand(rng, dealer)
            log += ev + plays
            dealer = left(dealer)
            _, hands, _ = check(log)
            log.append({"event": "score", "totals": hands[-1].totals})
        log.append({"event": "end", "player": "Csaba"})
        findings, hands, matches = check(log)
        if findings:
            continue
        nets = [h.extra["net"] for h in hands]
        debt = {p: 0 for p in PLAYERS}
        carried_then_paid = False
        for n in nets:
            for p in PLAYERS:
                if debt[p] > 0 and n[p] > 0:
                    carried_then_paid = True
                debt[p] = max(0, debt[p] - n[p]) if n[p] > 0 else debt[p] - n[p]
        if carried_then_paid and len({h.declarer for h in hands}) == 3:
            return log
    raise SystemExit("no seed for the session")


def disputed():
    for seed in range(10000):
        rng = random.Random(5000 + seed)
        ev, decl, winners, plays, trump = deal_hand(rng, "Anna")
        won = [i for i, w in enumerate(winners) if w == decl]
        if len(won) < 4:
            continue
        at = won[3] + 1                   # the claim after the declarer's fourth trick
        after = winners[at:]
        if decl not in after[:1] or all(w == decl for w in after):
            continue
        lost = at + next(i for i, w in enumerate(after) if w != decl)
        opps = [p for p in PLAYERS if p != decl]
        log = [dict(MATCH, id="disputed")] + ev + plays[:3 * at] + [
            {"event": "claim", "player": decl},
            {"event": "dispute", "player": opps[0]},
            {"event": "dispute", "player": opps[1]}] + plays[3 * at:]
        # hand 2: Berta deals; a claim after trick 6 that nobody disputes
        ev2, decl2, w2, plays2, _ = deal_hand(rng, "Berta")
        if w2[:6].count(decl2) < 4:
            continue
        if lost >= 10:
            continue
        _, hands, _ = check(log)
        log.append({"event": "score", "totals": hands[0].totals})
        log += ev2 + plays2[:18] + [{"event": "claim", "player": decl2}]
        _, hands, _ = check(log)
        log.append({"event": "score", "totals": hands[-1].totals})
        log.append({"event": "end"})
        return log
    raise SystemExit("no seed for the disputed example")


def write(name, log):
    (HERE / name).write_text("".join(json.dumps(e) + "\n" for e in log))


if __name__ == "__main__":
    write("worked-hand.jsonl", worked_hand())
    write("session.jsonl", session())
    write("disputed.jsonl", disputed())
    print("wrote", ", ".join(p.name for p in sorted(HERE.glob("*.json*"))))
