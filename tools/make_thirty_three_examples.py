"""Write examples/thirty-three/: a club-night match played to 200 and a disputed hand.

The deals are random (fixed seed) but stacked so that each planned declarer holds a hand fit for
the planned contract; the auction is scripted around that contract and the play follows a simple
sensible policy (win cheaply when possible, else shed the lowest card) within the referee's own
duty to follow.  The referee scores everything: nothing here computes a score, and the
``score`` lines written into the match are the referee's totals when this ran.  The tests
(tests/test_thirty_three_examples.py) work out every hand of both logs by hand and check those
score lines against their own arithmetic.

Run: python tools/make_thirty_three_examples.py
"""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from referee.games.thirty_three.rules import DECK, ORDERS, ThirtyThree, card_points, contract_value

import msgspec
from referee import events as ev

PLAYERS = ["Anna", "Bela", "Cili"]


def srt(items, key=None):
    """sorted(), with ties broken by card notation so that runs are reproducible."""
    return sorted(sorted(items, key=str), key=key) if key else sorted(items, key=str)
OUT = Path(__file__).resolve().parent.parent / "examples" / "thirty-three"

# (declarer, game, level, kontra-by-first-bidder)
PLAN = [
    ("Anna", "hearts", 20, False), ("Bela", "nines", 18, False), ("Cili", "misere", 18, False),
    ("Bela", "no-trump", 20, True), ("Anna", "clubs", 22, False), ("Cili", "spades", 18, False),
    (None, None, None, False),
    ("Anna", "diamonds", "slam", False), ("Bela", "misere", 22, False),
    ("Cili", "nines", 20, False), ("Anna", "spades", 22, False), ("Bela", "no-trump", 18, False),
    ("Anna", "hearts", 24, True), ("Cili", "clubs", 20, False), ("Bela", "diamonds", 24, False),
    ("Cili", "clubs", 26, False), ("Anna", "nines", 22, False), ("Bela", "hearts", 20, False),
]


def stacked_deal(rng, declarer, game, dealer):
    cards = list(DECK.cards)
    rng.shuffle(cards)
    if declarer is not None:
        order = ORDERS[game]
        if game == "misere":
            key = lambda c: order.power[c] % 1000 + rng.random() * 3
            cards[:] = srt(cards, key=key)   # lowest first
        else:
            key = lambda c: -(order.power[c] + rng.random() * 4)
            cards[:] = srt(cards, key=key)
        mine = cards[:7] + cards[7:20:2][:3] if game != "misere" else cards[:7] + cards[12:15]
        rest = [c for c in cards if c not in mine]
        rng.shuffle(rest)
    else:
        mine, rest = cards[:10], cards[10:]
    hands = {}
    others = [p for p in PLAYERS if p != declarer] if declarer else PLAYERS[1:]
    hands[declarer or PLAYERS[0]] = mine
    hands[others[0]] = rest[:10]
    hands[others[1]] = rest[10:20]
    boat = rest[20:23]
    return {"event": "deal", "dealer": dealer,
            "hands": {p: [str(c) for c in hands[p]] for p in PLAYERS},
            "boat": [str(c) for c in boat]}


def auction(dealer, declarer, game, level):
    i = PLAYERS.index(dealer)
    order = [PLAYERS[(i + k) % 3] for k in (1, 2, 3)]
    if declarer is None:
        return [{"event": "pass", "player": p} for p in order]
    cv = contract_value(game, level)
    events, first_bidder = [], None
    opener = next((g for g in ("diamonds", "spades", "hearts", "clubs")
                   if contract_value(g, 18) <= cv and g != game), None)
    active = list(order)
    standing = None
    while True:
        for p in list(active):
            if standing is not None and len(active) == 1:
                return events, first_bidder
            if p == declarer and standing != declarer:
                events.append({"event": "bid", "player": p, "game": game, "level": level})
                standing = declarer
            elif p != declarer and standing is None and level != 18 and opener and \
                    first_bidder is None and contract_value(opener, 18) <= cv:
                events.append({"event": "bid", "player": p, "game": opener, "level": 18})
                standing, first_bidder = p, p
            elif p != declarer:
                events.append({"event": "pass", "player": p})
                active.remove(p)
            if standing is not None and len(active) == 1:
                return events, first_bidder


def choose_card(engine, p):
    h = engine.hand
    tp = h.play
    allowed = tp.allowed(p) or frozenset(tp.hands[p])
    order = tp.order
    cards = srt(allowed, key=lambda c: (order.power[c], card_points(c)))
    misere = h.contract.misere
    if not tp.current.plays:
        return cards[0] if misere else cards[-1] if p == h.declarer else cards[0]
    table = tp.current.cards
    winners = [c for c in cards if order.winner(table + [c]) == len(table)]
    if misere:
        losers = [c for c in cards if c not in winners]
        return (losers[-1] if losers else cards[0])
    partner_winning = (p != h.declarer and tp.current.plays[order.winner(table)][0] != h.declarer)
    if partner_winning:
        return max(srt(cards), key=lambda c: (card_points(c), -order.power[c])) \
            if len(table) == 2 else cards[0]
    return winners[0] if winners else min(srt(cards), key=lambda c: (card_points(c), order.power[c]))


def play_match(seed):
    rng = random.Random(seed)
    t = datetime(2026, 11, 14, 19, 5, 0)
    log = [{"event": "match", "game": "thirty-three", "players": PLAYERS,
            "id": "club-night-2026-11-14", "ts": t.isoformat() + "Z"}]
    engine = ThirtyThree(PLAYERS, None)
    dealer = "Cili"
    n = 0
    for declarer, game, level, kontra in PLAN:
        if engine.finished:
            break
        n += 1
        t += timedelta(minutes=rng.randint(4, 7))
        d = stacked_deal(rng, declarer, game, dealer)
        d["ts"] = t.isoformat() + "Z"
        events = [d]
        if declarer is None:
            events += auction(dealer, None, None, None)
        else:
            auc, first = auction(dealer, declarer, game, level)
            events += auc
        seq = []
        for e in events:
            seq.append(e)
        log_hand = []
        engine.deal(msgspec.convert(d, ev.Deal), 0)
        for e in events[1:]:
            engine.apply(msgspec.convert(e, ev.Event), 0)
        log_hand += events
        h = engine.hand
        if h.contract is not None:
            k = h.contract
            decl = h.declarer
            pool = srt(h.hands[decl] | set(h.pile), key=lambda c: (
                ORDERS[k.game].power[c] + (0 if k.misere else 0)))
            extra = []
            if k.draw is not None:
                drawn = srt(h.pile, key=lambda c: ORDERS[k.game].power[c])[:k.draw]
                extra.append({"event": "draw", "player": decl, "cards": [str(c) for c in drawn]})
            if not k.from_hand:
                if k.misere:
                    pool = srt(h.hands[decl] | (set(h.pile) if k.draw is None else set(drawn)),
                                  key=lambda c: -ORDERS[k.game].power[c] % 1000)
                    disc = srt(pool, key=lambda c: -(ORDERS[k.game].power[c] % 1000))[:len(
                        drawn) if k.draw else 3]
                else:
                    disc = srt(pool, key=lambda c: (ORDERS[k.game].is_trump(c),
                                                       ORDERS[k.game].power[c]
                                                       - 5 * card_points(c)))[:3]
                extra.append({"event": "discard", "player": decl, "cards": [str(c) for c in disc]})
            if kontra and first:
                extra.append({"event": "kontra", "player": first})
            if k.ouvert:
                extra.append({"event": "reveal", "player": decl})
            for e in extra:
                engine.apply(msgspec.convert(e, ev.Event), 0)
            log_hand += extra
            # Misère: the declarer lets the player on the left lead
            first_lead = decl if not k.misere else PLAYERS[(PLAYERS.index(decl) + 1) % 3]
            p = first_lead
            while engine.hand.mode == "open":
                tp = engine.hand.play
                if tp is not None:
                    p = tp.to_play() or first_lead
                c = choose_card(engine, p) if tp is not None else None
                if c is None:
                    # first card: start play
                    hand_cards = engine.hand.hands[p]
                    c = srt(hand_cards, key=lambda x: ORDERS[k.game].power[x])[0 if k.misere else -1]
                e = {"event": "play", "player": p, "card": str(c)}
                engine.apply(msgspec.convert(e, ev.Event), 0)
                log_hand.append(e)
        log += log_hand
        if n % 4 == 0 and not engine.finished:
            log.append({"event": "score", "totals": dict(engine.totals)})
        nd = engine.next_dealers
        dealer = srt(nd, key=PLAYERS.index)[0] if len(nd) > 1 else next(iter(nd))
    return log, engine, n


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for seed in range(1, 400):
        log, engine, n = play_match(seed)
        if engine.finished and n >= 13:
            break
    else:
        raise SystemExit("no seed gave a finished match of 13 hands")
    with open(OUT / "match.jsonl", "w") as f:
        for e in log:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    print("match.jsonl: seed", seed, "hands", n, "totals", engine.totals)


if __name__ == "__main__":
    main()


def disputed():
    """Three hands of a later session; in hand 2 Bela revokes and Cili's next card establishes
    it (the table then stops the hand and deals on)."""
    log, engine, n = play_match(7)
    # keep the match line and the first three hands of seed 7's match
    deals = [i for i, e in enumerate(log) if e["event"] == "deal"]
    head = log[:deals[3]]
    head[0] = dict(head[0], id="club-night-2026-11-21", ts="2026-11-21T19:02:00Z")
    head = [e for e in head if e["event"] != "score"]
    # find in hand 2 the first trick where a defender could follow suit and had another card
    start, stop = deals[1], deals[2]
    eng = ThirtyThree(PLAYERS, None)
    out = list(head[:start])
    for e in head[:start]:
        if e["event"] == "deal":
            eng.deal(msgspec.convert(e, ev.Deal), 0)
        elif e["event"] != "match":
            eng.apply(msgspec.convert(e, ev.Event), 0)
    done = False
    for e in head[start:stop]:
        if e["event"] == "deal":
            eng.deal(msgspec.convert(e, ev.Deal), 0)
            out.append(e)
            continue
        h = eng.hand
        if not done and e["event"] == "play" and h.play is not None and h.play.current.plays \
                and e["player"] != h.declarer:
            allowed = h.play.allowed(e["player"])
            others = srt(c for c in h.play.hands[e["player"]] if allowed and c not in allowed)
            if allowed and others:
                bad = {"event": "play", "player": e["player"], "card": str(others[0]),
                       "note": "played quickly"}
                out.append(bad)
                eng.apply(msgspec.convert(bad, ev.Event), 0)
                nxt = eng.hand.play.to_play()
                c = srt(eng.hand.play.allowed(nxt) or eng.hand.play.hands[nxt],
                           key=lambda x: eng.hand.play.order.power[x])[0]
                est = {"event": "play", "player": nxt, "card": str(c),
                       "note": "the director is called: revoke claimed"}
                out.append(est)
                eng.apply(msgspec.convert(est, ev.Event), 0)
                done = True
                break
        out.append(e)
        eng.apply(msgspec.convert(e, ev.Event), 0)
    assert done
    out += head[stop:]
    with open(OUT / "disputed.jsonl", "w") as f:
        for e in out:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    print("disputed.jsonl written")


if __name__ == "__main__":
    disputed()
