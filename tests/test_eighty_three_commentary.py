"""Eighty-Three's commentary (referee/games/eighty_three/commentary.py, issue 14): the rules core
reports its findings as facts (message None, complete evidence); every code it can report has
words, built from the evidence alone, naming the evidence's cards.

The expected sentences are written out by hand from the rules they cite (E1 the auction, E2 gives
and discards, E7 the table's irregularities, E-R* docs/eighty-three.md), with cards named as
FORMAT.md names them (``A♦``, ``Joker``)."""
from __future__ import annotations

import ast
from typing import Any

import pytest

from referee import commentary as shared
from referee.games.eighty_three import rules as e83
from referee.games.commentary import commentary_for
from referee.games.eighty_three.rules import DECK, EightyThree
from referee.games.eighty_three.commentary import COMMENTARY, SAYERS, EightyThreeCommentary

from .conftest import ROOT

CORE = ROOT / "referee/games/eighty_three/rules.py"
REPORTERS = ("report", "void", "irregular")


def _report_calls() -> list[ast.Call]:
    """Every ``self.report``/``self.void``/``self.irregular`` call of the rules core."""
    return [n for n in ast.walk(ast.parse(CORE.read_text()))
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr in REPORTERS and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "self"]


def test_the_rules_core_reports_facts_not_words():
    # Target 1 of issue 14: the message argument (the third) is None in every call.
    calls = _report_calls()
    assert len(calls) >= 12  # the game's findings, not a parse that found nothing
    worded = [n.lineno for n in calls
              if len(n.args) < 3 or not (isinstance(n.args[2], ast.Constant)
                                         and n.args[2].value is None)]
    assert worded == []


def test_every_code_the_core_reports_has_words():
    codes = {n.args[0].value for n in _report_calls()
             if n.args and isinstance(n.args[0], ast.Constant)}
    assert {"bad-event", "illegal-bid", "illegal-pass", "out-of-turn", "illegal-trump",
            "illegal-give", "illegal-discard", "incomplete-hand"} <= codes
    assert [c for c in codes if c not in SAYERS and c not in shared.MESSAGES] == []


def test_commentary_for_gives_the_games_commentary():
    assert isinstance(COMMENTARY, EightyThreeCommentary)
    assert commentary_for(EightyThree) is COMMENTARY


# (code, rule, evidence, the words), one row per form the game words itself.
FORMS: list[tuple[str, str, dict[str, Any], str]] = [
    # E1: bids from 30 to 83; 90 is out of range, a bid without points is no bid.
    ("bad-event", "E1", {"event": "bid", "points": 90, "min": 30, "max": 83},
     "an Eighty-Three bid names `points` from 30 to 83 (E1); this one has points 90"),
    ("bad-event", "E1", {"event": "bid", "points": None, "min": 30, "max": 83},
     "an Eighty-Three bid names `points` from 30 to 83 (E1); this one has no `points`"),
    ("bad-event", "G7", {"event": "trump", "suit": "stars"},
     "'stars' is not a suit (clubs, diamonds, hearts, spades)"),
    # E1: only 83 may be doubled; E7 reads a doubled 60 as a plain 60.
    ("illegal-bid", "E1", {"player": "Ann", "points": 60, "doubled": True, "applied": True},
     "Ann bids 60 doubled: only 83 can be doubled (E1); read as a plain 60 (E7)"),
    # E1: 83 doubled ranks above 83, so a plain 83 is not above it.
    ("illegal-bid", "E1", {"player": "Bob", "bid": {"points": 83, "doubled": False},
                           "over": {"player": "Ann", "points": 83, "doubled": True},
                           "applied": True},
     "Bob bids 83, not above Ann's 83 doubled: each bid must be higher than the last (E1); "
     "applied as recorded (G2)"),
    # E1: the dealer after three passes must bid at least 30.
    ("illegal-pass", "E1", {"player": "Dan", "dealer": "Dan", "passed": ["Ann", "Bob", "Cat"],
                            "applied": False},
     "Dan is the dealer and the other three have passed: the dealer must bid at least 30 (E1); "
     "the pass is not applied (E7)"),
    ("out-of-turn", "E1", {"player": "Ann", "call": "pass", "passed": True, "applied": False},
     "Ann has already passed; the pass is ignored (E1)"),
    # E7: trumps named by another player stand; the kitty is the bid winner's.
    ("out-of-turn", "E7", {"player": "Bob", "declarer": "Ann",
                           "bid": {"points": 45, "doubled": False}, "suit": "hearts"},
     "Bob names trumps, but Ann won the auction with 45 (E7); hearts stand, the kitty goes to "
     "Ann"),
    ("illegal-trump", "E-R6", {"player": "Ann", "suit": "spades", "trump": "hearts"},
     "Ann names spades, but hearts are already trumps; which suit was played cannot be known "
     "(E-R6)"),
    ("illegal-give", "E-R7", {"player": "Ann", "to": "Ann", "cards": ["2H"], "applied": False},
     "Ann gives 2♥ to themselves; nothing moves (E-R7)"),
    # E2 (every breach at once): Bob is no partner of Ann's (Cat is, seats 1 & 3), A♦ is plain
    # with hearts trumps, 5 trumps are not more than 6, and Bob has discarded (E7).
    ("illegal-give", "E2", {"player": "Ann", "to": "Bob", "cards": ["AD", "3H"],
                            "partner": "Cat", "not_trumps": ["AD"], "trump": "hearts",
                            "trumps_held": 5, "excess": 0, "to_discarded": True,
                            "applied": True},
     "Ann gives A♦ 3♥ to Bob: Bob is not Ann's partner (Cat is); A♦ is not a trump with hearts "
     "trumps; Ann holds 5 trumps, not more than 6; Bob has already discarded (E7) (E2); applied "
     "as recorded (E-R7)"),
    # E2: 7 trumps held, 7 - 6 = 1 may go to the partner, not 2.
    ("illegal-give", "E2", {"player": "Ann", "to": "Cat", "cards": ["3H", "JK"],
                            "partner": "Cat", "not_trumps": [], "trump": "hearts",
                            "trumps_held": 7, "excess": 1, "to_discarded": False,
                            "applied": True},
     "Ann gives 3♥ Joker to Cat: Ann holds 7 trumps and may give at most the 1 over 6 (E2); "
     "applied as recorded (E-R7)"),
    # E-R1, E2, E7: a second discard leaving 5 cards, two point trumps (Q♥ 20, 9♥ 9), trumps
    # discarded while holding only 4.
    ("illegal-discard", "E2", {"player": "Bob", "cards": ["9H", "QH", "3H"], "left": 5,
                               "point_trumps": ["9H", "QH"], "trumps": ["9H", "QH", "3H"],
                               "trumps_held": 4, "excess": 0, "again": True, "applied": True},
     "Bob discards 9♥ Q♥ 3♥: Bob has discarded already (E-R1); it leaves Bob with 5 cards, not 6 "
     "(E2); 9♥ Q♥ are point trumps, which may never be discarded (E2); they count for nobody "
     "(E7); Bob holds 4 trumps, not more than 6, and may not discard a trump (E2); applied as "
     "recorded"),
    # E-R8: 8 trumps held, 8 - 6 = 2 may be discarded, not 3.
    ("illegal-discard", "E2", {"player": "Cat", "cards": ["3H", "4H", "6H", "2C"], "left": 6,
                               "point_trumps": [], "trumps": ["3H", "4H", "6H"],
                               "trumps_held": 8, "excess": 2, "again": False, "applied": True},
     "Cat discards 3♥ 4♥ 6♥ 2♣: Cat discards 3 trumps holding 8: at most the 2 over 6 (E2, "
     "E-R8); applied as recorded"),
    ("illegal-discard", "E-R2", {"player": "Dan", "count": 7, "expected": 6},
     "the play begins but Dan holds 7 cards: every player discards down to 6 before the first "
     "card (E2, E-R2); played as held"),
    ("incomplete-hand", "E7", {"hand": 2, "players": ["Bob", "Dan"], "trick": 6},
     "Bob, Dan have no card left for trick 6: a player short of 6 cards cannot finish the hand "
     "(E7); the hand is not scored"),
]


def _engine() -> EightyThree:
    class Quiet:
        def report(self, *a: Any, **k: Any) -> None: ...
    return EightyThree(["Ann", "Bob", "Cat", "Dan"], None, Quiet())  # type: ignore[arg-type]


@pytest.mark.parametrize("code, rule, evidence, words", FORMS,
                         ids=[f"{c}-{i}" for i, (c, *_) in enumerate(FORMS)])
def test_each_form_is_worded_from_its_evidence(code, rule, evidence, words):
    assert COMMENTARY.say(_engine(), code, rule, evidence) == words


@pytest.mark.parametrize("code, rule, evidence, words", FORMS,
                         ids=[f"{c}-{i}" for i, (c, *_) in enumerate(FORMS)])
def test_each_message_names_the_evidences_cards(code, rule, evidence, words):
    named = [DECK.name(DECK.parse(t)) for k in ("cards", "not_trumps", "point_trumps", "trumps")
             for t in evidence.get(k, [])]
    message = COMMENTARY.say(_engine(), code, rule, evidence)
    assert [n for n in named if n not in message] == []


def test_shared_forms_keep_the_shared_words():
    # An auction call out of turn (G11 via the shared auction turn) is no form of the game's.
    evidence = {"player": "Bob", "call": "bid", "due": "Ann", "auction_rule": "E1"}
    assert COMMENTARY.say(_engine(), "out-of-turn", "E1", evidence) == \
        shared.say("out-of-turn", "E1", evidence, DECK)
    evidence = {"hand": 3, "stop": "end-of-file"}
    assert COMMENTARY.say(_engine(), "incomplete-hand", "G5", evidence) == \
        shared.say("incomplete-hand", "G5", evidence, DECK)


def test_the_core_module_builds_no_history_or_score_text():
    # The notes under a deal and a score table, and the contract's title, are the commentary's.
    for hook in ("deal_notes", "score_notes", "contract_title", "describe_event", "take_notes",
                 "counting_words", "revoke_detail"):
        assert hook not in vars(e83.EightyThree), hook


# A revoke's words (E3, E6) from its evidence: the shared revoke words with the game's notes.
RULE_83 = "Eighty-Three E3 follow with the suit or trumps, E6"
REVOKES: list[tuple[dict[str, Any], str]] = [
    # Ann leads J♥ (hearts trumps); Bob's one trump is the off-five 5♦ and he plays K♦.  The
    # defenders revoked: Ann & Cat make 60 with all 83 (+83), Bob & Dan score 0 (E6).
    ({"player": "Bob", "card": "KD", "led": "JH", "suit": "hearts",
      "trick": 4, "held": ["5D"], "trumps": [], "trump": "hearts", "established_at": 30,
      "repaired_at": None, "penalty": {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0},
      "penalty_rule": ["E3", "E6"],
      "consequence": {"ends": "hand", "pays": [{"player": "Ann", "points": 83, "by": None},
                                               {"player": "Cat", "points": 83, "by": None}],
                      "set": False, "offenders": ["Bob", "Dan"], "others": ["Ann", "Cat"],
                      "bid": {"points": 60, "doubled": False}}},
     "trick 4: Bob played K♦ to a lead of J♥ (hearts, trumps) while holding 5♦ (hearts, "
     "trumps); the 5♦ held is a trump here (the off-five), not a diamond. Rule: " + RULE_83
     + "; established at line 30; hand ends; Ann & Cat make their 60 with all 83 points (+83); "
     "Bob & Dan score nothing"),
    # A diamond lead, spades trumps; Cat (a bidder) holds K♦ and the joker and plays 2♥ (E3:
    # follow or trump), then a player runs out of cards: the bidders are set and lose 83 doubled,
    # 2 × 83 = 166; Bob & Dan are credited with all 83 (E6).
    ({"player": "Cat", "card": "2H", "led": "AD", "suit": "diamonds",
      "trick": 5, "held": ["KD"], "trumps": ["JK"], "trump": "spades", "established_at": None,
      "repaired_at": None, "established_by": "out-of-cards",
      "penalty": {"Ann": -166, "Bob": 83, "Cat": -166, "Dan": 83},
      "penalty_rule": ["E3", "E6"],
      "consequence": {"ends": "hand", "pays": [{"player": "Ann", "points": -166, "by": None},
                                               {"player": "Bob", "points": 83, "by": None},
                                               {"player": "Cat", "points": -166, "by": None},
                                               {"player": "Dan", "points": 83, "by": None}],
                      "set": True, "offenders": ["Ann", "Cat"], "others": ["Bob", "Dan"],
                      "bid": {"points": 83, "doubled": True}}},
     "trick 5: Cat played 2♥ to a lead of A♦ (diamonds, with spades trumps) while holding K♦ "
     "(diamonds) and holding trumps Joker; the Joker held is a trump (the lowest). Rule: "
     + RULE_83 + "; established "
     "when a player ran out of cards before the last trick (E7); hand ends; Ann & Cat are set "
     "and lose the 83 doubled bid (-166); Bob & Dan are credited with all 83 (+83)"),
]


@pytest.mark.parametrize("evidence, words", REVOKES, ids=["defenders", "bidders-out-of-cards"])
def test_a_revoke_is_worded_from_its_evidence(evidence, words):
    assert COMMENTARY.say(_engine(), "revoke", "E6", evidence) == words


def test_a_hand_ended_out_of_cards_says_so():
    assert COMMENTARY.unscored_summary(_engine(), e83.OUT_OF_CARDS, {}) == \
        "a player ran out of cards before the last trick"
