"""Writes the Sixty-Six example logs beside this script (match.jsonl, disputed.jsonl,
timeout.jsonl).  Every deal is scripted card by card; the arithmetic of each one is in the
comments and was checked by hand (and by ``referee history``).

Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.  Run: ``python tools/make_sixty_six_examples.py``.
"""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "sixty-six"
SWAP = {"Ann": "Bob", "Bob": "Ann"}


def deal(dealer, ann, bob, stock, trump):
    return {"event": "deal", "dealer": dealer, "hands": {"Ann": ann.split(), "Bob": bob.split()},
            "stock": stock.split(), "trump_card": trump}


def plays(*pairs):
    """("Ann AS", "Bob 9S", ...) → play events."""
    out = []
    for p in pairs:
        who, card = p.split()
        out.append({"event": "play", "player": who, "card": card})
    return out


def ev(kind, who, **kw):
    return {"event": kind, "player": who, **kw}


def swapped(events):
    """The same deal with the two players' seats exchanged."""
    out = []
    for e in events:
        e = json.loads(json.dumps(e))
        if "player" in e:
            e["player"] = SWAP[e["player"]]
        if "dealer" in e:
            e["dealer"] = SWAP[e["dealer"]]
            e["hands"] = {SWAP[k]: v for k, v in e["hands"].items()}
        out.append(e)
    return out


MATCH = {"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}

# Drawn deal (the shared case 10's first deal): clubs trumps, played out 65:65 (Ann 55 + 10
# for the last trick, Bob 65).  Nobody scores; Bob deals again.
DRAWN = [deal("Bob", "9D KH 9C QS 9H 10D", "10S 10H QC JD QH 10C",
              "JS JH KS AD AH QD KC KD 9S AS JC", "AC")] + plays(
    "Ann 9C", "Bob JD", "Ann 9D", "Bob QC", "Bob 10H", "Ann 9H", "Bob KS", "Ann JS",
    "Bob AH", "Ann KD", "Bob 9S", "Ann QD", "Bob 10S", "Ann AS", "Ann AC", "Bob JC",
    "Ann AD", "Bob KC", "Bob 10C", "Ann QS", "Bob JH", "Ann KH", "Ann 10D", "Bob QH")

# Exchange and marriage: hearts trumps (AH turned).  AS/9S → Ann 11 (draw Ann KS, Bob QS);
# Ann exchanges 9H for AH; shows clubs (20) and leads KC/9C → 15 (draw AC, 10C); AC/10C → 36;
# (draw AD, 10D) AD/9D → 47; 47 + 20 = 67 ≥ 66, Bob has no trick → Ann +3.
EXCHANGE = [deal("Bob", "9H AS 10S KC QC JD", "JS 9S 9C JC 9D QD",
                 "KS QS AC 10C AD 10D KD 10H KH QH JH", "AH")] + plays("Ann AS", "Bob 9S") + [
    ev("exchange", "Ann"), ev("marriage", "Ann", suit="clubs")] + plays(
    "Ann KC", "Bob 9C", "Ann AC", "Bob 10C", "Ann AD", "Bob 9D") + [ev("declare_out", "Ann")]

# A close: diamonds trumps (9D turned).  Bob (non-dealer) closes before the first lead.
# AS/QS 14, 10S/KS 28, AH/QH 42, 10H/KH 56, AC/QC 70 ≥ 66: Bob declares; Ann has no trick → 3.
CLOSE = [deal("Ann", "KS QS KH QH KC QC", "AS 10S AH 10H AC 10C",
              "JS 9S JH 9H JC 9C AD 10D KD QD JD", "9D"), ev("close", "Bob")] + plays(
    "Bob AS", "Ann QS", "Bob 10S", "Ann KS", "Bob AH", "Ann QH", "Bob 10H", "Ann KH",
    "Bob AC", "Ann QC") + [ev("declare_out", "Bob")]

# A marriage shown before any trick: clubs trumps (9C turned).  Hearts (20, counted once Ann
# has a trick); KH/9H 4 (draw KS, QS), AS/9S 15, 10S/JS 27, AH/JH 40, 10H/9D 50; 50 + 20 = 70;
# Bob has no trick → Ann +3.
MARRIAGE = [deal("Bob", "AS 10S AH 10H KH QH", "9S JS 9H JH 9D JD",
                 "KS QS AD 10D KD QD AC 10C KC QC JC", "9C"),
            ev("marriage", "Ann", suit="hearts")] + plays(
    "Ann KH", "Bob 9H", "Ann AS", "Bob 9S", "Ann 10S", "Bob JS", "Ann AH", "Bob JH",
    "Ann 10H", "Bob 9D") + [ev("declare_out", "Ann")]

# The trump marriage (shared case 01): hearts trumps.  40 shown first; KH/10C 14, 10S/AS Bob 21,
# 10D/JD Bob 33, JC/AC Ann 27: 27 + 40 = 67; Bob has 33 → 1.
ONE_POINT = [deal("Bob", "KH QH 10S JD AC 9C", "10C AS 10D JC 9D KS",
                  "9S QC KD JS QS AD KC AH 10H 9H QD", "JH"),
             ev("marriage", "Ann", suit="hearts")] + plays(
    "Ann KH", "Bob 10C", "Ann 10S", "Bob AS", "Bob 10D", "Ann JD", "Bob JC", "Ann AC") + [
    ev("declare_out", "Ann")]

# The full match to 7: drawn (0:0, Bob deals again); exchange Ann +3 (3:0); Ann deals, close
# Bob +3 (3:3); Bob deals, marriage Ann +3 (6:3); Ann deals, Bob's trump marriage +1 (6:4); Bob
# deals, Ann's trump marriage +1 (7:4): Ann wins the match.
MATCH_LOG = [dict(MATCH, id="example")] + DRAWN + EXCHANGE + CLOSE + MARRIAGE + \
    swapped(ONE_POINT) + ONE_POINT

# The revoke after closing: clubs trumps.  AS/9S → Ann 11 (draw KS, QS); Ann closes after the
# draw.  Ann leads 10S; Bob holds QS and JS (spades) and plays 9H: revoke (line 7), established
# when Ann leads AH (line 8): the deal ends, Ann +2 (S9).  Then Ann deals and Bob wins 1 with
# the trump marriage (the shared case 01, seats exchanged): 2:1.
REVOKE = [deal("Bob", "AS 10S AH 10H KH QH", "9S JS 9H JH 9D JD",
               "KS QS AD 10D KD QD AC 10C KC QC JC", "9C")] + plays("Ann AS", "Bob 9S") + [
    ev("close", "Ann")] + plays("Ann 10S", "Bob 9H", "Ann AH")
DISPUTED_LOG = [dict(MATCH, id="disputed")] + REVOKE + swapped(ONE_POINT) + [
    {"event": "score", "totals": {"Ann": 2, "Bob": 1}}]

# A timeout: Ann +3 with the exchange deal, then in Ann's deal Bob leads AS and runs out of time
# before Ann answers: that deal is not scored and Ann wins the match (S8, S10).
TIMEOUT_LOG = [dict(MATCH, id="timeout")] + EXCHANGE + [
    deal("Ann", "JS 9S 9C JC 9D QD", "9H AS 10S KC QC JD",
         "KS QS AC 10C AD 10D KD 10H KH QH JH", "AH")] + plays("Bob AS") + [
    ev("timeout", "Bob")]


def write(name: str, events: list) -> None:
    (HERE / name).write_text("".join(json.dumps(e) + "\n" for e in events))


if __name__ == "__main__":
    write("match.jsonl", MATCH_LOG)
    write("disputed.jsonl", DISPUTED_LOG)
    write("timeout.jsonl", TIMEOUT_LOG)
