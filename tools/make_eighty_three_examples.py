"""Write match.jsonl and disputed.jsonl of this folder (run from anywhere:
``python tools/make_eighty_three_examples.py``).

The hands are laid out by hand (each player's six cards at the first lead, the tricks); the
builder in tools/eighty_three_logs.py deals the plain fillers and writes the discards.
tests/test_eighty_three_examples.py checks both files: every hand, its points and the totals.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "eighty-three"
sys.path.insert(0, str(ROOT))

from tools.eighty_three_logs import G1, G1_TRICKS, hand_events, match  # noqa: E402

# Hand 1, dealt by Dan: a real auction, Ann wins at 60 (hearts, the G1 layout).
H1 = hand_events(G1, "H", dealer="Dan", auction=[
    ("bid", "Ann", 40), ("bid", "Bob", 45), ("pass", "Cat"), ("pass", "Dan"),
    ("bid", "Ann", 60), ("pass", "Bob")], tricks=G1_TRICKS)

# Hand 2, dealt by Ann: Bob, Cat and Dan pass, so Ann must bid 30.  Spades; Ann is dealt seven
# trumps and gives 9♠ to Cat.
H2 = hand_events(
    {"Ann": "AS 10S 8S 4S 3S 2S", "Cat": "9S 7S 6S AH KH QH",
     "Bob": "QS JS 5C JK AD KD", "Dan": "KS 5S AC KC QC JC"}, "S", dealer="Ann",
    auction=[("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan"), ("bid", "Ann", 30)],
    gives=[("Ann", "Cat", "9S")],
    tricks=["Ann AS, Bob JS, Cat 6S, Dan 5S", "Ann 2S, Bob QS, Cat 7S, Dan KS",
            "Dan AC, Ann 3S, Bob AD, Cat 9S", "Cat AH, Dan QC, Ann 4S, Bob 5C",
            "Bob JK, Cat KH, Dan JC, Ann 8S", "Ann 10S, Bob KD, Cat QH, Dan KC"])

# Hand 3, dealt by Bob: Dan bids 83 doubled in diamonds (5♥ the off-five) and takes all 83.
H3 = hand_events(
    {"Dan": "AD KD QD JD 10D 9D", "Ann": "8D 5H JK AS KS QS",
     "Bob": "7D 4D AC KC QC JC", "Cat": "6D 5D 3D 2D AH KH"}, "D", dealer="Bob",
    auction=[("pass", "Cat"), ("bid", "Dan", 83, True), ("pass", "Ann"), ("pass", "Bob")],
    tricks=["Dan AD, Ann JK, Bob 4D, Cat 2D", "Dan KD, Ann 5H, Bob 7D, Cat 3D",
            "Dan QD, Ann 8D, Bob AC, Cat 5D", "Dan JD, Ann AS, Bob KC, Cat 6D",
            "Dan 10D, Ann KS, Bob QC, Cat AH", "Dan 9D, Ann QS, Bob JC, Cat KH"])

MATCH = match(H1, H2, H3, between={
    0: [{"event": "score", "totals": {"Ann": 78, "Bob": 5}}],
    1: [{"event": "score", "totals": {"Cat": 110, "Dan": 56}}]})
MATCH[0]["id"] = "example-83"

# The disputed hand: G1 again; in trick 4 Dan plays A♦ on the club lead while holding 2♣.
DISPUTED = match(hand_events(G1, "H", dealer="Dan", auction=[
    ("bid", "Ann", 60), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")],
    tricks=G1_TRICKS[:3] + ["Ann AC, Bob 5D, Cat KC, Dan AD",
                            "Bob KD, Cat KS, Dan 2C, Ann AS",
                            "Ann JH, Bob QD, Cat 5H, Dan 2S"]))
DISPUTED[0]["id"] = "disputed-83"


def write(name: str, events: list[dict]) -> None:
    (HERE / name).write_text("".join(json.dumps(e) + "\n" for e in events))


if __name__ == "__main__":
    write("match.jsonl", MATCH)
    write("disputed.jsonl", DISPUTED)
