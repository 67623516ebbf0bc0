"""examples/thirty-three: every hand of the club-night match and of the disputed session, worked
out by hand from the log and the rules text (seed 000, §N; RULINGS T*), compared with what
`referee score` and `referee check` print.  tools/make_thirty_three_examples.py wrote the logs
(its `score` lines are the referee's totals when it ran); nothing here is read back from it.

Card points (§2): A, 8 and the Bug 2; K, Q, J 1; the last trick 3 more.  CV (§3): the game's
base (♦ 9, ♠ 10, ♥ 11, ♣ 12, Nines 13, No Trump 14) × 2, 3, 4, 5, 6, 7 for 18 … 28, × 10 for a
Slam; Misère 18 (Low) 17, 22 (Null+2) 43.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main

from .conftest import ROOT

EX = ROOT / "examples" / "thirty-three"
PLAYERS = ("Anna", "Bela", "Cili")


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return r.exit_code, r.output


def score(name):
    r = CliRunner().invoke(main, ["score", "--format", "json", str(EX / name)],
                           catch_exceptions=False)
    return r.exit_code, json.loads(r.stdout)


def recorded_scores(name):
    events = [json.loads(x) for x in (EX / name).read_text().splitlines()]
    return [(i + 1, e["totals"]) for i, e in enumerate(events) if e["event"] == "score"]


def d(anna, bela, cili):
    return {"Anna": anna, "Bela": bela, "Cili": cili}


# match.jsonl, hand by hand: (line of the deal, dealer, declarer, contract, deltas).
# "all ten" = the declarer took every trick.  Defenders score their card points (§11).
MATCH_HANDS = [
    # 1. Anna 20 Hearts, CV 11 × 3 = 33; discards 8♣ 8♦ A♦ (6).  All ten: 27 + 6 = 33 ≥ 20.
    (2, "Cili", "Anna", "20 hearts", d(33, 0, 0)),
    # 2. Bela 18 Nines, CV 26; discards A♣ A♦ A♠ (6).  Bela 8 tricks, 16 points + 6 = 22 ≥ 18:
    #    +26.  Cili trick 8 (K♥ A♥ Q♥: 1 + 2 + 1 = 4); Anna trick 10 (J♠ 8♥ K♠: 1 + 2 + 1 + 3).
    (37, "Anna", "Bela", "18 nines", d(7, 26, 4)),
    # 3. Cili 18 Misère (Low, 17) takes no trick: made.  Defenders 10 − tricks: Anna 3 tricks
    #    → 7, Bela 7 → 3.
    (72, "Bela", "Cili", "18 misere", d(7, 3, 17)),
    # 4. Anna bids 18 Diamonds, Bela 20 No Trump (CV 42); discards A♣ A♥ A♦ (6); Anna (who bid)
    #    calls Kontra.  Bela 6 tricks, 12 points + 6 = 18 < 20: −42, and − 21 (½CV) to Anna,
    #    who took tricks (4 of them, 15 points): Anna 15 + 21 = 36, Bela −63.
    (107, "Cili", "Bela", "20 no-trump", d(36, -63, 0)),
    # 5. Bela 18 Diamonds, Anna 22 Clubs (CV 48); discards 8♥ Q♠ 10♠ (3).  Anna 9 tricks,
    #    23 + 3 = 26 ≥ 22.  Bela wins trick 10 (10♦ A♦ A♥: 0 + 2 + 2 + 3 = 7).
    (145, "Anna", "Anna", "22 clubs", d(48, 7, 0)),
    # 6. Cili 18 Spades (CV 20); discards A♥ J♦ K♦ (4); all ten: 29 + 4 = 33.
    (181, "Bela", "Cili", "18 spades", d(0, 0, 20)),
    # 7. Three passes: passed out, nothing scored; Cili deals again (T1).
    (216, "Cili", None, None, d(0, 0, 0)),
    # 8. Anna Diamonds Slam (CV 9 × 10 = 90): Bela's A♠ takes trick 10 over Anna's last card,
    #    the 10♠: failed, −90.  Bela 2 (A♠) + 2 (Cili's A♣) + 3 = 7.
    (220, "Cili", "Anna", "slam diamonds", d(-90, 7, 0)),
    # 9. Bela 22 Misère (Null+2, 43): draws Q♠ A♠ and lays them away; no trick: made.  Anna
    #    4 tricks → 6, Cili 6 → 4.
    (256, "Anna", "Bela", "22 misere", d(6, 43, 4)),
    # 10. Cili 20 Nines (CV 39); discards A♣ A♦ A♥; all ten: +39, and Cili is the first to
    #     win three contracts (hands 3, 6, 10; Anna and Bela have 2): +25 (§11, T6) = 64.
    (292, "Bela", "Cili", "20 nines", d(0, 0, 64)),
    # 11. Anna 22 Spades (CV 40); discards 8♣ 8♥ Q♥ (5).  Anna 9 tricks, 21 + 5 = 26 ≥ 22: +40
    #     (her third contract; the bonus went to Cili).  Bela trick 10 (10♦ A♦ A♥: 2 + 2 + 3).
    (327, "Cili", "Anna", "22 spades", d(40, 7, 0)),
    # 12. Bela 18 No Trump (CV 28); discards A♥ A♠ A♦ (6).  Bela 9 tricks, 23 + 6 = 29 ≥ 18.
    #     Cili's A♣ takes trick 4 (10♣ A♣ 8♣: 0 + 2 + 2 = 4).
    (362, "Anna", "Bela", "18 no-trump", d(0, 28, 4)),
    # 13. Cili 18 Diamonds, Anna 24 Hearts (CV 55); discards 8♠ A♣ K♠ (5); Cili's Kontra.
    #     Anna all ten (28 + 5 = 33): +55, and Cili pays her ½CV 27.5 (T3, halves kept).
    (398, "Bela", "Anna", "24 hearts", d(82.5, 0, -27.5)),
    # 14. Anna 18 Diamonds, Cili 20 Clubs (CV 36); discards A♠ K♠ 9♥; all ten.
    (435, "Cili", "Cili", "20 clubs", d(0, 0, 36)),
    # 15. Bela 24 Diamonds (CV 45); discards A♠ 7♣ 9♥; all ten.
    (471, "Anna", "Bela", "24 diamonds", d(0, 45, 0)),
    # 16. Cili 26 Clubs (CV 72); discards 8♥ A♠ A♦ (6); all ten (27 + 6 = 33 ≥ 26): +72, and
    #     her fifth contract, the first to five (Anna and Bela have 4): +25 = 97.
    (506, "Bela", "Cili", "26 clubs", d(0, 0, 97)),
]
# Running totals: after hand 4  83 / −34 / 21, after hand 8  41 / −20 / 41, after hand 12
# 87 / 58 / 113 (the table's score lines 144, 255, 397), and after hand 16  Anna
# 33 + 7 + 7 + 36 + 48 − 90 + 6 + 40 + 82.5 = 169.5, Bela 26 + 3 − 63 + 7 + 7 + 43 + 7 + 28
# + 45 = 103, Cili 4 + 17 + 20 + 4 + 64 + 4 − 27.5 + 36 + 97 = 218.5.  Cili, at 200 or more in
# a round she won a contract in (no 199 rule), ends the match and has the highest score (§12).


def _running(hands):
    out, run = [], d(0, 0, 0)
    for *_, delta in hands:
        run = {p: run[p] + delta[p] for p in PLAYERS}
        out.append(run)
    return out


def test_match_is_clean():
    assert run("check", EX / "match.jsonl") == (0, "")


def test_match_every_hand_by_hand():
    code, m = score("match.jsonl")
    assert code == 0
    got = [(h["line"], h["dealer"], h["declarer"], h["contract"], h["deltas"])
           for h in m["hands"]]
    assert got == MATCH_HANDS
    assert m["hands"][6]["status"] == "passed-out"
    assert [h["totals"] for h in m["hands"]] == _running(MATCH_HANDS)


def test_match_totals_and_winner():
    code, m = score("match.jsonl")
    assert m["totals"] == {"Anna": 169.5, "Bela": 103, "Cili": 218.5}
    assert m["finished"] is True and m["winners"] == ["Cili"]


def test_match_score_lines_are_the_worked_totals():
    # the table's sheet agrees with the totals worked out above, after hands 4, 8 and 12
    run_totals = _running(MATCH_HANDS)
    assert recorded_scores("match.jsonl") == [(144, run_totals[3]), (255, run_totals[7]),
                                              (397, run_totals[11])]
    assert run_totals[3] == d(83, -34, 21) and run_totals[11] == d(87, 58, 113)


def test_match_uses_every_game_and_a_slam():
    code, m = score("match.jsonl")
    kinds = {h["contract"].split()[-1] for h in m["hands"] if h["contract"]}
    assert {"nines", "no-trump", "misere", "hearts", "spades", "clubs", "diamonds"} <= kinds
    assert any(h["contract"].startswith("slam") for h in m["hands"] if h["contract"])


# disputed.jsonl:
#   1. (line 2, dealer Cili) Anna 20 Hearts, CV 33; discards A♠ Q♣ K♠ (4); all ten tricks:
#      29 + 4 = 33 ≥ 20: +33.
#   2. (line 37, dealer Anna) Bela 18 Nines, CV 26.  Trick 6: Bela leads A♥ (line 57); Cili
#      plays 8♠ (line 58) though she holds 8♥ — a heart (in Nines only the 9♥ leaves hearts):
#      a revoke (§6), established by Anna's K♥ (line 59), the next card (G4).  T8: the round
#      ends, Cili loses the CV, 26; nobody else scores.
#   3. (line 60, dealer Bela) Cili 18 Misère (Low, 17) takes no trick: +17; Anna 7 tricks → 3,
#      Bela 3 → 7.
#   Totals: Anna 33 + 0 + 3 = 36, Bela 0 + 0 + 7 = 7, Cili −26 + 17 = −9; no `end`, nobody at
#   200: the match is not finished.
def test_disputed_has_exactly_its_revoke():
    code, out = run("check", "--format", "json", EX / "disputed.jsonl")
    assert code == 1
    found = [json.loads(x) for x in out.splitlines()]
    assert [(f["line"], f["code"], f["player"], f["trick"]) for f in found] == \
        [(58, "revoke", "Cili", 6)]


def test_disputed_every_hand_by_hand():
    code, m = score("disputed.jsonl")
    assert code == 1
    assert [(h["declarer"], h["contract"], h["status"], h["deltas"]) for h in m["hands"]] == [
        ("Anna", "20 hearts", "scored", d(33, 0, 0)),
        ("Bela", "18 nines", "penalty", d(0, 0, -26)),
        ("Cili", "18 misere", "scored", d(3, 7, 17))]
    assert m["totals"] == d(36, 7, -9)
    assert m["finished"] is False and m["winners"] == []
