"""Asszorti's commentary (referee/games/asszorti/commentary.py): the rules core reports facts and
keeps no prose; every finding it can report has words, built from the evidence alone; history's
notes, the stakes' arithmetic and the hand's sentence are worded from facts.  Expected words are
the rules core's own sentences before the move, written out here by hand."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from referee import commentary as shared
from referee.cards import ALL_CARDS
from referee.games.asszorti.rules import (DECK, Asszorti, ClaimNote, DoubleNote, ForcedNote, HoldNote,
                                    TalonNote, arrivazs_stake, basic_game_stake)
from referee.games.asszorti.commentary import (COMMENTARY, MESSAGES, AsszortiCommentary,
                                               arrivazs_words, basic_game_words)
from referee.games.base import MatchEngine
from referee.games.commentary import commentary_for
from tests.conftest import run_log
from tests.test_asszorti_helpers import hand_log, pattern

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "referee" / "games" / "asszorti" / "rules.py"


def _report_calls() -> list[ast.Call]:
    """Every ``self.report/void/irregular(...)`` call of the rules core."""
    return [n for n in ast.walk(ast.parse(SOURCE.read_text()))
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("report", "void", "irregular")
            and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"]


def test_the_rules_core_reports_facts_and_no_words():
    # Target 1 of issue 14: each finding is reported with message None; its words are the
    # commentary's.
    worded = [f"asszorti.py:{n.lineno}" for n in _report_calls()
              if not (len(n.args) >= 3 and isinstance(n.args[2], ast.Constant)
                      and n.args[2].value is None)]
    assert worded == []


def test_every_code_the_rules_core_reports_has_words():
    codes = {n.args[0].value for n in _report_calls() if isinstance(n.args[0], ast.Constant)}
    assert len(codes) >= 10
    assert sorted(c for c in codes if c not in MESSAGES and c not in shared.MESSAGES) == []


def test_the_game_has_its_commentary_and_the_engine_no_text_hooks():
    assert commentary_for(Asszorti) is COMMENTARY
    assert isinstance(COMMENTARY, AsszortiCommentary)
    for hook in ("describe_event", "contract_title", "score_notes", "doubling_words"):
        # the engine has no text hook of its own (the base's, while one is left, is no words)
        assert hook not in vars(Asszorti), hook
        assert getattr(Asszorti, hook, None) is getattr(MatchEngine, hook, None), hook
    # revokes are worded from evidence, not on the engine
    assert not getattr(Asszorti, "_LEGACY_REVOKE_WORDS", False)


# --- each form of the game's findings, from its evidence --------------------------------------

FORMS = [
    ("bad-event", "G7", {"event": "bid", "bid": "4"},
     'an Asszorti bid names `bid` "3", "2", "1" or "hand", not \'4\''),
    ("bad-event", "G7", {"event": "declare", "trump": "stars"},
     '`trump` is a suit or "none", not \'stars\''),
    ("bad-event", "G7", {"event": "kontra", "target": 7},
     '`target` is "game" or "arrivazs", not 7'),
    ("illegal-bid", "A10", {"player": "Anna", "call": "bid", "bid": "1", "holder": "Berta",
                            "standing": "2", "applied": True},
     "Anna bids 1, but spoke earlier than Berta, who holds 2: Anna may only hold or pass (A1, "
     "A10); applied as recorded"),
    ("illegal-bid", "A10", {"player": "Csaba", "call": "bid", "bid": "2", "holder": "Berta",
                            "standing": "2", "jump_bids": True, "applied": True},
     "Csaba bids 2 over Berta's 2: a bid must be higher (jump_bids); applied as recorded"),
    ("illegal-bid", "A1", {"player": "Berta", "call": "bid", "bid": "2", "holder": None,
                           "standing": None, "next": "3", "jump_bids": False, "applied": True},
     "Berta bids 2: the first bid is 3; there are no jump bids (Play, A1); applied as recorded"),
    ("illegal-bid", "A1", {"player": "Csaba", "call": "bid", "bid": "1", "holder": "Berta",
                           "standing": "3", "next": "2", "jump_bids": False, "applied": True},
     "Csaba bids 1: after Berta's 3 the next bid is 2; there are no jump bids (Play, A1); "
     "applied as recorded"),
    ("illegal-bid", "A1", {"player": "Csaba", "call": "bid", "bid": "hand", "holder": "Berta",
                           "standing": "hand", "next": None, "jump_bids": False,
                           "applied": True},
     "Csaba bids hand: nothing is higher than hand; a later player can only pass; there are no "
     "jump bids (Play, A1); applied as recorded"),
    ("illegal-bid", "A-R2", {"player": "Berta", "call": "hold", "holder": None,
                             "standing": None, "applied": False},
     "Berta holds, but no bid has been made: there is nothing to hold (A1, A-R2); not applied"),
    ("illegal-bid", "A-R2", {"player": "Berta", "call": "hold", "holder": "Berta",
                             "standing": "3", "applied": False},
     "Berta holds, but Berta holds 3 already: there is nothing to hold (A1, A-R2); not applied"),
    ("illegal-bid", "A10", {"player": "Anna", "call": "hold", "holder": "Csaba",
                            "standing": "2", "applied": True},
     "Anna holds Csaba's 2, but spoke later than Csaba: Anna must bid the next level or pass "
     "(A1, A10); applied as recorded"),
    ("out-of-turn", "A1", {"player": "Csaba", "call": "pass", "passed": True},
     "Csaba has already passed (A1)"),
    ("out-of-turn", "A-R5", {"player": "Anna", "declarer": "Berta", "contract": "2"},
     "Anna sets the contract, but Berta won the auction (A1); applied as recorded (A-R5)"),
    ("out-of-turn", "A-R5", {"player": "Anna", "declarer": "Csaba", "contract": "3",
                             "forced": True},
     "Anna sets the contract, but after two passes without a bid Csaba must set it (Play, A1); "
     "applied as recorded: 3 stands for Csaba (A-R5)"),
    ("out-of-turn", "A-R5", {"player": "Anna", "declarer": "Berta", "trump": "none"},
     "Anna names trumps, but Berta is the declarer (Play: only the declarer names trumps and "
     "announces arrivázs); applied as recorded (A-R5)"),
    ("illegal-pass", "A-R3", {"player": "Anna", "call": "pass", "forced": True,
                              "applied": False},
     "Anna passes, but both others have passed without a bid: Anna cannot pass and must set one "
     "of the four contracts (Play, A1); not applied (A-R3)"),
    ("illegal-contract", "A-R4", {"player": "Berta", "contract": "1", "standing": "3",
                                  "applied": False},
     "Berta sets contract 1, but the contract is 3 already (A11, A-R4); not applied"),
    ("illegal-contract", "A1", {"player": "Berta", "contract": "3", "last_bid": "1",
                                "applied": True},
     "contract 3 is below the last bid 1; the declarer must play at least the last bid (Play, "
     "A1); applied as recorded"),
    ("illegal-contract", "A10", {"player": "Berta", "contract": "hand", "last_bid": "1",
                                 "jump_bids": True, "applied": True},
     "contract hand, but with jump bids the contract is fixed at the bid 1 (jump_bids); applied "
     "as recorded"),
    ("illegal-discard", "A11", {"player": "Anna", "cards": ["AS"], "declarer": "Berta",
                                "contract": "1", "discarded": None},
     "Anna discards A♠: only the declarer (Berta) exchanges with the talon (Play)"),
    ("illegal-discard", "A11", {"player": "Berta", "cards": ["AS", "10H"], "declarer": "Berta",
                                "contract": "2", "discarded": ["6C", "7C"]},
     "Berta discards A♠ 10♥: the declarer has discarded already (Play)"),
    ("illegal-discard", "A11", {"player": "Berta", "cards": ["AS"], "declarer": "Berta",
                                "contract": "hand", "discarded": None},
     "Berta discards A♠: a hand contract is played with the eleven cards dealt; the talon is out "
     "of play (Play)"),
    ("illegal-discard", "A11", {"player": "Berta", "cards": ["AS"], "count": 1, "expected": 2,
                                "contract": "2"},
     "contract 2 takes the top 2 talon cards and lays away as many; Berta laid away 1 (Play); "
     "applied as recorded"),
    ("illegal-discard", "A-R8", {"player": "Berta", "contract": "1", "expected": 1},
     "the play begins but Berta has not exchanged 1 talon card for contract 1 (Play); the talon "
     "stays out of play (A11, A-R8)"),
    ("illegal-trump", "A-R6", {"player": "Berta", "trump": "none", "declared": "hearts",
                               "applied": False},
     "Berta declares no trumps, but hearts trumps were declared already (A-R6); not applied"),
    ("illegal-kontra", "A2", {"player": "Anna", "call": "kontra", "target": "game",
                              "applied": False, "kontra": False},
     "Kontra by Anna, but this table plays without kontra (rules kontra: false, A2); not "
     "applied (G12)"),
    ("illegal-kontra", "A2", {"player": "Berta", "call": "kontra", "target": "game",
                              "applied": False, "caller": "opponent", "declarer": "Berta"},
     "Kontra by Berta on the basic game: only an opponent calls Kontra (A2); not applied (G12)"),
    ("illegal-kontra", "A2", {"player": "Csaba", "call": "rekontra", "target": "arrivazs",
                              "applied": False, "caller": "declarer", "declarer": "Berta"},
     "Rekontra by Csaba on the arrivázs: only the declarer calls Rekontra (A2); not applied "
     "(G12)"),
    ("illegal-kontra", "A2", {"player": "Anna", "call": "kontra", "target": "arrivazs",
                              "applied": False, "arrivazs": False, "declarer": "Berta"},
     "Kontra by Anna on the arrivázs, but Berta has not announced arrivázs (A2); not applied "
     "(G12)"),
    ("illegal-kontra", "A2", {"player": "Csaba", "call": "kontra", "target": "game",
                              "applied": False,
                              "chain": [{"call": "kontra", "player": "Anna", "line": 9}]},
     "Kontra by Csaba on the basic game is called already (so far: Kontra); the chain is Kontra "
     "→ Rekontra → Szubkontra → Hirskontra → Mordkontra (A2); not applied (G12)"),
    ("illegal-kontra", "A2", {"player": "Berta", "call": "rekontra", "target": "game",
                              "applied": False, "chain": []},
     "Rekontra by Berta on the basic game has nothing to answer (so far: no call yet); the chain "
     "is Kontra → Rekontra → Szubkontra → Hirskontra → Mordkontra (A2); not applied (G12)"),
    ("illegal-kontra", "A2", {"player": "Anna", "call": "szubkontra", "target": "game",
                              "first_kontra": "Anna", "declared": True, "tricks": 1,
                              "applied": True},
     "Szubkontra by Anna on the basic game: only the partner of Anna, who called the first "
     "Kontra, may call Szubkontra; doubling ends when the first trick is complete (A2); applied "
     "(G12)"),
    ("illegal-kontra", "A2", {"player": "Anna", "call": "kontra", "target": "game",
                              "first_kontra": None, "declared": False, "tricks": 0,
                              "applied": True},
     "Kontra by Anna on the basic game: doubling starts when the trumps are named (A2); applied "
     "(G12)"),
    ("out-of-phase", "G10", {"event": "play", "phase": "auction", "when": "during the auction",
                             "card": "7C"},
     "a card played during the auction (G10)"),
    ("out-of-phase", "A-R7", {"event": "play", "declarer": "Berta", "declared": False},
     "play begins but Berta has not named trumps or no trumps; the hand cannot be followed "
     "(G10, A-R7)"),
    ("out-of-phase", "A10", {"event": "kontra", "claim": {"player": "Berta", "line": 30}},
     "`kontra` after Berta's claim at line 30, which nobody disputed: the claim stands and the "
     "hand is over (A7, A10, G4); ignored"),
    ("out-of-phase", "G10", {"event": "discard", "when": "before the auction is over",
                             "phase": "auction"},
     "`discard` before the auction is over (G10)"),
    ("illegal-claim", "A10", {"player": "Anna", "event": "claim", "declarer": "Berta",
                              "declared": True, "claimed_at": None},
     "claim by Anna: Anna is an opponent; only the declarer (Berta) claims (A10); ignored"),
    ("illegal-claim", "A-R9", {"player": "Berta", "event": "claim", "declarer": "Berta",
                               "declared": False, "claimed_at": None},
     "claim by Berta: the trumps are not named yet (A11, A-R9); ignored"),
    ("illegal-claim", "A-R9", {"player": "Berta", "event": "claim", "declarer": "Berta",
                               "declared": True, "claimed_at": 20},
     "claim by Berta: Berta claimed already at line 20 (A-R9); ignored"),
    ("illegal-claim", "A10", {"player": "Anna", "event": "dispute", "declarer": "Berta",
                              "claim_line": None, "disputed_at": None},
     "dispute by Anna: there is no claim to dispute (A10); ignored"),
    ("illegal-claim", "A10", {"player": "Berta", "event": "dispute", "declarer": "Berta",
                              "claim_line": 20, "disputed_at": None},
     "dispute by Berta: only an opponent disputes a claim (A10); ignored"),
    ("illegal-claim", "A10", {"player": "Csaba", "event": "dispute", "declarer": "Berta",
                              "claim_line": 20, "disputed_at": 21},
     "dispute by Csaba: the claim was disputed already at line 21 (A10); ignored"),
]


@pytest.mark.parametrize("code,rule,evidence,words", FORMS)
def test_each_form_of_a_finding_is_worded_from_its_evidence(code, rule, evidence, words):
    engine = Asszorti(["Anna", "Berta", "Csaba"], None, None)  # type: ignore[arg-type]
    assert COMMENTARY.say(engine, code, rule, evidence) == words


def test_a_kontra_on_an_arrivazs_not_announced_names_the_declarer_in_its_evidence():
    # Berta declares spades without arrivázs; Anna's kontra on the arrivázs is not applied
    # (A2, G12): the evidence states the declarer the message names.
    log = hand_log(pattern("BBBBBBAAAAB"),
                   before_play=[{"event": "kontra", "player": "Anna", "target": "arrivazs"}])
    rec = run_log(log)
    (f,) = rec.findings
    assert (f.code, f.rule) == ("illegal-kontra", "A2")
    assert f.evidence == {"player": "Anna", "call": "kontra", "target": "arrivazs",
                          "applied": False, "arrivazs": False, "declarer": "Berta"}
    assert f.message == ("Kontra by Anna on the arrivázs, but Berta has not announced arrivázs "
                         "(A2); not applied (G12)")


def _asszorti_logs():
    """Every Asszorti example, case and corpus log we have, mutated ones and simulations (those
    of tests/test_findings.py)."""
    from tests.test_findings import _logs
    for name, data in _logs():
        head = data[:300]
        if b"asszorti" in head:
            yield name, data


def test_every_finding_of_every_log_names_the_cards_of_its_evidence():
    # Every finding of the logs is worded (no KeyError), and in the game's own forms (and
    # revokes) each card of the evidence's ``card``/``cards`` is named as the deck names it,
    # except in the two forms that state a count or a moment rather than cards (a discard of
    # the wrong number; a card played in the auction).
    engine = Asszorti(["Anna", "Berta", "Csaba"], None, None)  # type: ignore[arg-type]
    seen = set()
    for name, data in _asszorti_logs():
        for f in run_log(data, name).findings:
            e = f.evidence or {}
            seen.add(f.code)
            sayer = MESSAGES.get(f.code)
            ours = f.code == "revoke" or sayer is not None and sayer(f.rule, e, DECK) is not None
            if not ours or f.code == "illegal-discard" and "count" in e or \
                    f.code == "out-of-phase" and "card" in e:
                continue
            assert COMMENTARY.say(engine, f.code, f.rule, e) in f.message
            named = [e["card"]] if isinstance(e.get("card"), str) else []
            named += e.get("cards") or [] if isinstance(e.get("cards"), list) else []
            for c in named:
                if c in DECK.parsed or c in ALL_CARDS:
                    text = shared.card(c, DECK)
                    assert text in f.message, (name, f.line, f.message, c)
    assert {"revoke", "illegal-kontra", "illegal-bid", "card-not-held"} <= seen


# --- history, score and the stakes' arithmetic ------------------------------------------------

def test_the_stakes_arithmetic_in_words():
    # 1 no trumps = 12, one overtrick at 12 / 2 = 6, ×8: (12 + 6) × 8 = 144.
    assert basic_game_words(basic_game_stake("1", False, 7, (4, 0), 8)) == \
        "(12 + 1 × 6) × 8 = 144"
    # 2 with trumps = 4, 6:5:0 under ×4: 4 × 4 − 4 = 12 (the deduction is not doubled, A5).
    assert basic_game_words(basic_game_stake("2", True, 6, (5, 0), 4)) == \
        "4 × 4 - 4 (6:5:0, A5) = 12"
    # the declarer takes 5: the opponents' six tricks, 4, paid to each.
    assert basic_game_words(basic_game_stake("2", True, 5, (6, 0))) == "4 = 4"
    # idegen arrivázs 16 under one kontra and rekontra: 16 × 4 = 64; a lost arrivázs 8.
    assert arrivazs_words(arrivazs_stake(True, True, True, 4)) == "idegen arrivázs 16 × 4 = 64"
    assert arrivazs_words(arrivazs_stake(True, False, True)) == "arrivázs 8 = 8"


def test_history_notes_in_words():
    c = [ALL_CARDS[x] for x in ("8C", "7C")]
    say = AsszortiCommentary.note_words
    assert say(HoldNote("Berta", "2"), DECK) == "Berta holds 2"
    assert say(ForcedNote("Anna", "hand", True), DECK) == \
        "Anna (both others passed, no bid; cannot pass) sets the contract: hand"
    assert say(ForcedNote("Anna", "1", False), DECK) == \
        "Anna (both others passed, no bid; cannot pass) bids 1"
    assert say(TalonNote("Berta", c[:1], c[1:]), DECK, False) == \
        "Berta takes 8C from the talon and lays away 7C"
    assert say(DoubleNote("Anna", "kontra", "arrivazs", 2), DECK) == \
        "Anna: Kontra on the arrivázs (×2)"
    assert say(ClaimNote("Berta", 0, False), DECK) == \
        "Berta shows the hand and claims the rest (before the first trick)"
    assert say(ClaimNote("Berta", 7, True), DECK) == \
        "Berta shows the hand and claims the rest (during trick 8)"


def test_the_worked_hand_result_sentence():
    # The rules text's worked hand: Berta plays 1 with diamonds (6), 7 tricks: 6 + 1 × 3 = 9
    # from each opponent; the sheet writes 18, 0, 0 and Anna and Csaba owe 9 each.
    cases = ROOT / "tests" / "cases" / "asszorti" / "worked_example.jsonl"
    rec = run_log([json.loads(x) for x in cases.read_text().splitlines() if x])
    (h,) = rec.hands
    assert h.summary.startswith("Berta plays 1 with diamonds trumps (basic game 6) and takes 7 "
                                "tricks (")
    assert h.summary.endswith("; basic game 6 + 1 × 3 = 9: Berta wins 9 from each opponent; "
                              "sheet: Anna 0 (owes 9), Berta 18, Csaba 0 (owes 9)")


def test_a_revoke_penalty_is_kept_as_facts_and_worded_from_them():
    # A9: Berta (declarer, hand with spades = 8) fails to follow in trick 1 under a kontra on
    # the game and one on the arrivázs (8 with trumps): 8 × 2 + 8 × 2 = 32 to each opponent.
    from tests.test_asszorti_helpers import line_of, rounds_for
    b7 = pattern("BBBBBBAAAAB")
    log = hand_log(b7, arrivazs=True,
                   before_play=[{"event": "kontra", "player": "Anna"},
                                {"event": "kontra", "player": "Csaba", "target": "arrivazs"}])
    first = line_of(log, lambda e: e["event"] == "play") - 1
    log[first + 1]["card"] = rounds_for(b7)[1]["Berta"]  # a diamond on a club lead
    rec = run_log(log)
    f = rec.findings[0]
    assert f.code == "revoke"
    # the hand ends (A9); the declarer at fault pays each opponent the 32 (A4)
    assert f.evidence["consequence"] == {
        "ends": "hand", "pays": [{"player": "Anna", "points": 32, "by": "Berta"},
                                 {"player": "Csaba", "points": 32, "by": "Berta"}],
        "at_fault": "declarer", "declarer": "Berta", "basic_game": 8, "basic_multiplier": 2,
        "arrivazs": 8, "arrivazs_multiplier": 2, "each": 32}
    assert f.evidence["penalty_rule"] == ["A3", "A9"]
    assert "Rule: Asszorti rules, Play (follow suit, else trump), A3 and A9;" in f.message
    assert f.message.endswith("; the hand ends; Berta pays each opponent basic game 8 × 2 + "
                              "arrivázs 8 × 2 = 32")
    assert "Berta had to follow suit" in f.message
    assert rec.hands[0].summary == ("revoke by Berta: the hand ends; Berta pays each opponent "
                                    "basic game 8 × 2 + arrivázs 8 × 2 = 32")
