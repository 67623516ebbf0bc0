"""Thirty-Three's commentary (referee/games/thirty_three/commentary.py, issue 14): the rules core
reports its findings as facts (message None, complete evidence) and the commentary words them.

Every log here is built on the Nines deal of tools/thirty_three_logs.py, dealt by C (``match``
at line 1, ``deal`` at line 2, the auction from line 3, A speaking first):
A 9♦ 9♠ 9♥ 9♣ Bug A♠ 10♠ K♠ Q♠ J♠; B A♥ 10♥ K♥ Q♥ J♥ 8♥ 7♥ A♣ 10♣ K♣;
C A♦ 10♦ K♦ Q♦ J♦ 8♦ 7♦ Q♣ J♣ 8♣; the boat 8♠ 7♠ 7♣.
Contract values (§3 table): Nines 24 = 13 × 5 = 65, Clubs 24 = 12 × 5 = 60, No Trump 22 =
14 × 4 = 56, Diamonds 24 = 9 × 5 = 45; Null+2 (Misère 22) 43, Null Hand (26) 77, Null Ouvert (28)
97.  Each expected message is written out by hand from the rules and the log.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import commentary as shared
from referee.games.thirty_three.rules import (DECK, Capped, Contract, ContractBonus, Outcome,
                                        ThirtyThree, ThirtyThreeHand)
from referee.games.thirty_three.commentary import COMMENTARY, SAYERS
from tools.thirty_three_logs import MATCH, bid, deal, discard, pas, plays

from .conftest import run_log

ROOT = Path(__file__).resolve().parent.parent
UNSCORED = "; the hand is not scored and the rest of it is skipped (G3)"
NINES = [MATCH, deal("C"), bid("A", "nines", 24), pas("B"), pas("C")]
"""Lines 1-5: A declares 24 Nines."""
NULL2 = [MATCH, deal("C"), bid("A", "misere", 22), pas("B"), pas("C")]
"""Lines 1-5: A declares Null+2 (Misère 22): A draws two boat cards and lays two away."""
DUEL = [MATCH, deal("C"), bid("A", "diamonds", 18), bid("B", "spades", 20), pas("C"),
        bid("A", "nines", 24), pas("B"), discard("A", ["8S", "7S", "JS"])]
"""Lines 1-8: A 18 Diamonds (CV 18), B 20 Spades (CV 30), C passes, A 24 Nines (65), B passes:
A declares 24 Nines, B (who bid) and C (who did not) defend; A lays away 8♠ 7♠ J♠."""


def draw(p, cs):
    return {"event": "draw", "player": p, "cards": cs}


def call(kind, p, **kw):
    return {"event": kind, "player": p, **kw}


CASES = [
    # (name, log, line, code, rule, message)
    ("bid without a level", [MATCH, deal("C"), {"event": "bid", "player": "A", "game": "nines"}],
     3, "bad-event", "G7", "a Thirty-Three bid names a `game` and a `level`" + UNSCORED),
    ("bid of no game", [MATCH, deal("C"), bid("A", "trumps", 24)],
     3, "bad-event", "G7", "no such bid: game 'trumps', level 24 (games: diamonds, spades, "
     "hearts, clubs, nines, no-trump, misere; levels: 18 … 28, slam, slam-hand, slam-ouvert)"
     + UNSCORED),
    ("draw without cards", NULL2 + [{"event": "draw", "player": "A"}],
     6, "bad-event", "G7", "a Thirty-Three draw names a `player` and `cards`" + UNSCORED),
    ("Misère slam", [MATCH, deal("C"), bid("A", "misere", "slam")],
     3, "illegal-bid", "T11", "A bids Misère at slam: Misère goes from 18 (Low) to 28 (Null "
     "Ouvert); there is no such contract (T11)" + UNSCORED),
    # Clubs 24 over Nines 24: the level is not higher (its CV 60 < 65 too; the level is said).
    ("level not higher", [MATCH, deal("C"), bid("A", "nines", 24), bid("B", "clubs", 24)],
     4, "illegal-bid", "T1", "B bids Clubs 24 (CV 60) over A's Nines 24 (CV 65): its level "
     "must be above 24 (§3, T1); applied as recorded (G2)"),
    ("lower contract value", [MATCH, deal("C"), bid("A", "no-trump", 22),
                              bid("B", "diamonds", 24)],
     4, "illegal-bid", "T1", "B bids Diamonds 24 (CV 45) over A's No Trump 22 (CV 56): its "
     "contract value 45 is below 56 (§3, T1); applied as recorded (G2)"),
    ("second pass", [MATCH, deal("C"), bid("A", "nines", 24), pas("B"), pas("B")],
     5, "out-of-turn", "T1", "B has already passed"),
    ("card in the auction", [MATCH, deal("C"), *plays([("A", "9D")])],
     3, "out-of-phase", "G10", "a card played during the auction (G10)" + UNSCORED),
    ("draw by a defender", NULL2 + [draw("B", ["8S"])],
     6, "illegal-draw", "T11", "B draws 8♠: only the declarer draws" + UNSCORED),
    ("second draw", NULL2 + [draw("A", ["8S", "7S"]), draw("A", ["7C"])],
     7, "illegal-draw", "T11", "A draws 7♣: the declarer has drawn already" + UNSCORED),
    ("draw in a contract that takes the boat", NINES + [draw("A", ["8S"])],
     6, "illegal-draw", "T2", "A draws 8♠: Nines 24 does not draw single boat cards (T2)"
     + UNSCORED),
    # A♥ is B's: named with the other card, it is named in the whereabouts; alone, "it".
    ("draw of a card not in the boat", NULL2 + [draw("A", ["8S", "AH"])],
     6, "illegal-draw", "T11", "A draws 8♠ A♥, but the boat holds 8♠ 7♠ 7♣ (T11); B holds A♥"
     + UNSCORED),
    ("draw of one card not in the boat", NULL2 + [draw("A", ["AH"])],
     6, "illegal-draw", "T11", "A draws A♥, but the boat holds 8♠ 7♠ 7♣ (T11); B holds it"
     + UNSCORED),
    ("draw of one card for two", NULL2 + [draw("A", ["8S"])],
     6, "illegal-draw", "T2", "Null+2 takes 2 boat cards; A drew 1 (T2); applied as recorded"),
    ("draw of two cards for one", [MATCH, deal("C"), bid("A", "misere", 24), pas("B"),
                                   pas("C"), draw("A", ["8S", "7S"])],
     6, "illegal-draw", "T2", "Null+1 takes 1 boat card; A drew 2 (T2); applied as recorded"),
    # Misère: anyone may lead, so A's 9♦ starts the play without the draw.
    ("play without the draw", NULL2 + plays([("A", "9D")]),
     6, "illegal-draw", "T11", "the play begins but A has not drawn from the boat for Null+2 "
     "(T2, T11); the boat stays out of play"),
    ("discard by a defender", NINES + [discard("B", ["AH"])],
     6, "illegal-discard", "T-R1", "B discards A♥: only the declarer discards" + UNSCORED),
    ("second discard", NINES + [discard("A", ["8S", "7S", "JS"]), discard("A", ["7C"])],
     7, "illegal-discard", "T-R1", "A discards 7♣: the declarer has discarded already"
     + UNSCORED),
    ("discard in a hand contract", [MATCH, deal("C"), bid("A", "misere", 26), pas("B"),
                                    pas("C"), discard("A", ["JS"])],
     6, "illegal-discard", "T-R1", "A discards J♠: Null Hand is played from the hand; the boat "
     "is out of play (§4)" + UNSCORED),
    ("discard before the draw", NULL2 + [discard("A", ["JS", "QS"])],
     6, "illegal-discard", "T-R1", "A discards J♠ Q♠: Null+2 draws from the boat before "
     "discarding" + UNSCORED),
    ("two discards for three", NINES + [discard("A", ["8S", "7S"])],
     6, "illegal-discard", "T11", "A discards 2 cards; Nines 24 discards 3 (§4); applied as "
     "recorded"),
    ("play without the discard", NINES + plays([("A", "9D")]),
     6, "illegal-discard", "T11", "the play begins but A has not discarded for Nines 24 (§4, "
     "T11); the boat stays out of play"),
    ("Kontra by the declarer", DUEL + [call("kontra", "A")],
     9, "illegal-kontra", "T12", "A is the declarer; only a defender calls Kontra (§5, T12); "
     "not applied"),
    ("Kontra twice", DUEL + [call("kontra", "B"), call("kontra", "B")],
     10, "illegal-kontra", "T12", "B has already called Kontra (T12); not applied"),
    ("Kontra by a defender who never bid", DUEL + [call("kontra", "C")],
     9, "illegal-kontra", "T3", "C made no bid this round; only a defender who bid may call "
     "Kontra (§5, T3); applied (T12)"),
    ("Kontra after the first card", DUEL + plays([("A", "9D")]) + [call("kontra", "B")],
     10, "illegal-kontra", "T3", "Kontra by B after the first card (§5, T3); applied (T12)"),
    ("Rekontra by a defender", DUEL + [call("rekontra", "B")],
     9, "illegal-kontra", "T12", "B is a defender; only the declarer calls Rekontra (§5, T12); "
     "not applied"),
    ("Rekontra with nothing to answer", DUEL + [call("rekontra", "A")],
     9, "illegal-kontra", "T3", "Rekontra with no Kontra to answer (T3, T12); not applied"),
    ("Rekontra against a player without Kontra", DUEL + [call("kontra", "B"),
                                                         call("rekontra", "A", against="C")],
     10, "illegal-kontra", "T3", "Rekontra with no Kontra from C (T3, T12); not applied"),
    ("Rekontra after the first card", DUEL + [call("kontra", "B")] + plays([("A", "9D")])
     + [call("rekontra", "A")],
     11, "illegal-kontra", "T3", "Rekontra after the first card (T3); applied (G12)"),
    ("Null Ouvert not shown", [MATCH, deal("C"), bid("A", "misere", 28), pas("B"), pas("C"),
                               *plays([("A", "9D")])],
     6, "missing-reveal", "T10", "Null Ouvert: A did not show the hand before the first card "
     "(§6, T10)"),
]


def _finding(log, line, code):
    rec = run_log(log)
    hits = [f for f in rec.findings if f.line == line and f.code == code]
    assert len(hits) == 1, [(f.line, f.code, f.message) for f in rec.findings]
    return hits[0]


@pytest.mark.parametrize("log, line, code, rule, message", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_finding_of_the_game_is_worded_from_its_evidence(log, line, code, rule, message):
    f = _finding(log, line, code)
    assert (f.rule, f.message) == (rule, message)
    # the same words again from the facts alone: the message is built from the evidence
    eng = ThirtyThree(["A", "B", "C"], None)
    said = COMMENTARY.say(eng, code, rule, f.evidence)
    assert message.startswith(said)


UNNAMED = {"card in the auction", "draw of one card for two", "draw of two cards for one",
           "two discards for three"}
"""Forms whose message states no card (only that a card came, or how many): their words are
the output as it was before the commentary (byte for byte), so they stay without the cards."""


@pytest.mark.parametrize("log, line, code", [c[1:4] for c in CASES if c[0] not in UNNAMED],
                         ids=[c[0] for c in CASES if c[0] not in UNNAMED])
def test_a_message_names_every_card_of_its_evidence(log, line, code):
    """The cards a finding's evidence holds (``card``, ``cards``, ``boat``, whereabouts) are
    named in its message, by the deck's names (8♠, Bug); each card once at least."""
    f = _finding(log, line, code)
    e = f.evidence
    texts = [e["card"]] if "card" in e else []
    texts += [c for k in ("cards", "boat") for c in e.get(k) or []]
    texts += [w["card"] for w in e.get("whereabouts", [])]
    for t in texts:
        assert DECK.name(DECK.parse(t)) in f.message, (t, f.message)


def _report_calls():
    """(code, message argument) of every finding the rules core reports."""
    tree = ast.parse((ROOT / "referee/games/thirty_three/rules.py").read_text())
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                and n.func.attr in ("report", "void", "irregular") \
                and isinstance(n.func.value, ast.Name) and n.func.value.id == "self":
            yield n.args[0].value, n.args[2]


def test_the_rules_core_builds_no_message():
    """Every finding of thirty_three.py is reported with ``message=None``: the words are the
    commentary's."""
    worded = [code for code, msg in _report_calls()
              if not (isinstance(msg, ast.Constant) and msg.value is None)]
    assert worded == []


def test_every_code_the_game_reports_has_words_and_a_case_here():
    """Each code thirty_three.py reports is worded (by the game's commentary or the shared
    words) and is met by a case above."""
    codes = {code for code, _ in _report_calls()}
    assert codes <= set(SAYERS) | set(shared.MESSAGES)
    assert codes - {"card-not-held"} <= {c[3] for c in CASES}  # card-not-held: test_output_words


def test_the_result_is_worded_from_the_outcome():
    """HandResult.summary from the facts of Outcome: 24 Nines made with 28 card points (the
    Nines hand, tools/thirty_three_logs.py) with Kontra by B; A is the first to 3 contracts
    (+25, §11) and C would reach 210 without a contract or a Kontra (set to 199, §12)."""
    h = ThirtyThreeHand(1, 2, "C")
    h.outcome = Outcome("A", Contract("nines", 24), True, 9, 28, ("B",),
                        (ContractBonus("A", 3, 25), Capped("C", 210)))
    assert COMMENTARY.result(h.outcome) == (
        "A made Nines 24 (CV 65) with 28 card points; Kontra by B; A is first to 3 contracts "
        "won: +25; C reached 210 without winning a contract or a Kontra: set to 199 (§12)")
    # Misère counts tricks, one trick said in the singular; a slam counts tricks too
    h.outcome = Outcome("B", Contract("misere", 18), False, 1, 0, (), ())
    assert COMMENTARY.result(h.outcome) == "B failed Low (CV 17) with 1 trick"
    h.outcome = Outcome("B", Contract("clubs", "slam-hand"), True, 10, 33, ("A", "C"), ())
    assert COMMENTARY.result(h.outcome) == (
        "B made Clubs Slam Hand (CV 156) with 10 tricks; Kontra by A, C")
    h.outcome = None  # no contract: all three passed (§3)
    assert COMMENTARY.result(h.outcome) == (
        "all three passed; the same dealer deals again (§3)")


def test_the_scored_nines_hand_says_its_result():
    # The Nines hand (tools/thirty_three_logs.py docstring): A makes 24 Nines with 25 card
    # points in tricks + 3 laid away = 28.
    from tools.thirty_three_logs import nines_hand
    rec = run_log([MATCH, *nines_hand("C")])
    assert [r.summary for r in rec.hands] == ["A made Nines 24 (CV 65) with 28 card points"]


def test_revoke_notes_follow_the_contract():
    """A revoke's notes (§7, §9): in Diamonds J♥ is the left bower, a trump, so a heart lead
    answered by it is said "as Diamonds counts them" with the bower named; plain cards get no
    note.  In Nines the nines are trumps, so every revoke says how Nines counts the suits."""
    eng = ThirtyThree(["A", "B", "C"], None)
    h = ThirtyThreeHand(1, 2, "C")
    h.declarer, h.contract = "A", Contract("diamonds", 18)
    eng.hand = h
    assert COMMENTARY.revoke_detail(eng, {"card": "JH"}) == "J♥ is the left bower, a diamond here"
    assert COMMENTARY.counting_words(eng, {"led": "8H", "card": "JH"}) \
        == ", as Diamonds counts them"
    assert COMMENTARY.counting_words(eng, {"led": "8H", "card": "7S"}) == ""
    assert COMMENTARY.revoke_detail(eng, {"card": "7S"}) == ""
    h.contract = Contract("nines", 18)
    assert COMMENTARY.counting_words(eng, {"led": "8H", "card": "7S"}) == ", as Nines counts them"
    assert COMMENTARY.revoke_detail(eng, {"card": "9H"}).startswith("9♥ is a trump in Nines")
