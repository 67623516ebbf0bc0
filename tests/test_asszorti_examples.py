"""The Asszorti examples check exactly as intended (every hand worked out by hand from the log and
the rules text, in the comments), the generator reproduces them, and the policy's ``candidates`` offers
every legal action (a superset, checked by trial application)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.games.policy import policy_for
from referee.legal import judge, legal_actions
from referee.replay import replay_until

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "asszorti"
CASE = ROOT / "tests" / "cases" / "asszorti" / "worked_example.jsonl"


def check_json(path):
    r = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
    return r.exit_code, [json.loads(x) for x in r.output.splitlines() if x.strip()]


def score_json(path):
    r = CliRunner().invoke(main, ["score", "--format", "json", str(path)])
    return [json.loads(x) for x in r.stdout.splitlines() if x.strip()][-1]


def recorded_scores(path):
    """(line, totals) of every ``score`` line the table wrote into the log."""
    events = [json.loads(x) for x in path.read_text().splitlines()]
    return [(i + 1, e["totals"]) for i, e in enumerate(events) if e["event"] == "score"]


def test_worked_hand_example_is_clean_with_the_rules_figures():
    # The rules text's worked hand.  The log's tricks (Anna leads, on Berta's right):
    # Berta wins seven of the eleven (her last loss is trick 11, Csaba's K♥ over her Q♥).
    # 1 with diamonds 6 + one overtrick 3 = 9 from each: sheet 0 / 18 / 0, debts 9 and 9.
    code, found = check_json(EX / "worked-hand.jsonl")
    assert (code, found) == (0, [])
    m = score_json(EX / "worked-hand.jsonl")
    assert m["totals"] == {"Anna": 0, "Berta": 18, "Csaba": 0}
    assert m["debt"] == {"Anna": 9, "Berta": 0, "Csaba": 9}
    assert m["hands"][0]["contract"] == "1 diamonds"


# session.jsonl, hand by hand (every value below read off the log and worked out from the rules
# text; a trick's number is its place in the hand).  Each hand's first lead is the opponent on
# the declarer's right (A3); contract 3 with trumps is worth 2, contract 2 with trumps 4; each
# trick past six is worth half of that.
#   1. dealer Anna, Berta 3 in spades.  Tricks: Anna 1 and 11, Csaba 2, Berta 3–10 (8 tricks).
#      2 + 2 × 1 = 4 from each: net −4 / +8 / −4.  Sheet 0 / 8 / 0; Anna owes 4, Csaba 4.
#   2. dealer Berta, Csaba 3 in diamonds.  Anna 1–3 and 8, Berta 9 and 10, Csaba 4–7 and 11:
#      Csaba 5, the opponents 6, so Csaba pays 2 to each: net +2 / +2 / −4.  Anna's 2 pays
#      debt (4 → 2), Berta writes 2 (sheet 10), Csaba owes 8.
#   3. dealer Csaba, Anna 3 in clubs.  Csaba 1 and 11, Anna 2–10 (9 tricks), Berta none:
#      2 + 3 × 1 = 5 from each: net +10 / −5 / −5.  Anna clears her 2 and writes 8; Berta owes 5,
#      Csaba 13.
#   4. dealer Anna, Berta 3 in hearts.  Anna 1, Berta 2–7 (6), Csaba 8–11 (4): 6 tricks but the
#      split is 6:4:1, not 6:5:0, so 2 from each: net −2 / +4 / −2.  Berta's 4 goes to her debt
#      (5 → 1), nothing written; Anna owes 2, Csaba 15.
#   5. dealer Berta: Csaba 3, Anna 2, Berta passes, Csaba holds, Anna passes: Csaba 2 in clubs
#      (worth 4).  Anna 1, 2, 4, 6; Berta 3, 5, 11; Csaba 7–10: Csaba 4, the opponents 7, so
#      Csaba pays 4 + 1 × 2 = 6 to each (A-R16): net +6 / +6 / −12.  Anna clears 2 and writes 4
#      (sheet 12), Berta clears 1 and writes 5 (sheet 15), Csaba owes 15 + 12 = 27.
#   Then Csaba's `end`.  Net over the session: Anna −4 + 2 + 10 − 2 + 6 = 12, Berta
#   8 + 2 − 5 + 4 + 6 = 15, Csaba −4 − 4 − 5 − 2 − 12 = −27 (sum 0).
SESSION_DELTAS = [{"Anna": 0, "Berta": 8, "Csaba": 0}, {"Anna": 0, "Berta": 2, "Csaba": 0},
                  {"Anna": 8, "Berta": 0, "Csaba": 0}, {"Anna": 0, "Berta": 0, "Csaba": 0},
                  {"Anna": 4, "Berta": 5, "Csaba": 0}]
SESSION_NETS = [{"Anna": -4, "Berta": 8, "Csaba": -4}, {"Anna": 2, "Berta": 2, "Csaba": -4},
                {"Anna": 10, "Berta": -5, "Csaba": -5}, {"Anna": -2, "Berta": 4, "Csaba": -2},
                {"Anna": 6, "Berta": 6, "Csaba": -12}]


def test_session_example_is_clean_and_carries_then_pays_a_debt():
    code, found = check_json(EX / "session.jsonl")
    assert (code, found) == (0, [])
    m = score_json(EX / "session.jsonl")
    assert [h["declarer"] for h in m["hands"]] == ["Berta", "Csaba", "Anna", "Berta", "Csaba"]
    assert [h["contract"] for h in m["hands"]] == ["3 spades", "3 diamonds", "3 clubs",
                                                   "3 hearts", "2 clubs"]
    assert [h["net"] for h in m["hands"]] == SESSION_NETS
    assert [h["deltas"] for h in m["hands"]] == SESSION_DELTAS
    assert m["totals"] == {"Anna": 12, "Berta": 15, "Csaba": 0}
    assert m["net"] == {"Anna": 12, "Berta": 15, "Csaba": -27}
    assert m["debt"] == {"Anna": 0, "Berta": 0, "Csaba": 27}
    assert m["finished"] and m["winners"] == ["Berta"]
    # the sheet the table wrote after each hand is the one worked out above, so "no
    # score-mismatch" is a real agreement, not the referee meeting its own numbers
    sheets, run = [], {"Anna": 0, "Berta": 0, "Csaba": 0}
    for d in SESSION_DELTAS:
        run = {p: run[p] + d[p] for p in run}
        sheets.append(run)
    assert [t for _, t in recorded_scores(EX / "session.jsonl")] == sheets


# disputed.jsonl, worked out from the log:
#   Hand 1 (line 2, dealer Anna): Berta 3 in clubs (worth 2).  Before her claim (line 30) Anna
#   won trick 1, Berta 2, 3, 4 and 7, Csaba 5 and 6.  Anna disputes (line 31); Csaba's dispute
#   of the claim already disputed (line 32) is illegal-claim, ignored (A10; docs/asszorti.md).
#   Berta wins tricks 8 and 9, then loses trick 10 (line 41: her 9♥ under Anna's J♥, no trump
#   played): every trick from 8 on, and trick 11, go to Anna (A7, A10).  Berta 4, Anna 1 + 4 = 5,
#   Csaba 2: the opponents have 7, so Berta pays 2 + 1 × 1 = 3 to each: net +3 / −6 / +3;
#   sheet 3 / 0 / 3, Berta owes 6 (the score line 45 says so).
#   Trick 11 (lines 42–44: Anna K♥, Berta Q♥, Csaba Q♠ — their last cards, Berta following
#   and Csaba void of hearts and clubs) is the hand played out after the result was fixed: A10
#   checks those cards as any play, and they are legal, so no finding.
#   Hand 2 (line 46, dealer Berta): Csaba passes, Anna bids 3, Berta passes: Anna 3 in diamonds
#   (worth 2), Csaba leads.  Anna wins tricks 1–4, Csaba 5 and 6; Anna claims (line 71) and no
#   one disputes before the score line: she takes the other 5, so Anna 9, Csaba 2, Berta 0:
#   2 + 3 × 1 = 5 from each: net +10 / −5 / −5.  Sheet 13 / 0 / 3 (score line 72); Berta owes
#   6 + 5 = 11, Csaba 5.  `end`: Anna has the highest total.
DISPUTED = EX / "disputed.jsonl"


def test_disputed_example_has_exactly_its_findings():
    # issue 13 item 2 (A10): the cards played out after the failed disputed claim (trick 11,
    # lines 42-44) are checked as any play and are lawful: the second dispute is the only finding
    code, found = check_json(DISPUTED)
    assert code == 1
    assert [(f["line"], f["code"]) for f in found] == [(32, "illegal-claim")]


def test_disputed_example_reports_the_second_dispute():
    code, found = check_json(DISPUTED)
    assert code == 1
    assert (32, "illegal-claim") in [(f["line"], f["code"]) for f in found]
    # nothing but the second dispute and the played-out trick 11 (lines 42–44) is reported
    assert {f["line"] for f in found} <= {32, 42, 43, 44}


def test_disputed_example_scores_the_failed_claim_and_the_claim_that_stands():
    m = score_json(DISPUTED)
    assert [(h["declarer"], h["contract"]) for h in m["hands"]] == [("Berta", "3 clubs"),
                                                                    ("Anna", "3 diamonds")]
    assert [h["net"] for h in m["hands"]] == [{"Anna": 3, "Berta": -6, "Csaba": 3},
                                              {"Anna": 10, "Berta": -5, "Csaba": -5}]
    assert [h["deltas"] for h in m["hands"]] == [{"Anna": 3, "Berta": 0, "Csaba": 3},
                                                 {"Anna": 10, "Berta": 0, "Csaba": 0}]
    assert m["totals"] == {"Anna": 13, "Berta": 0, "Csaba": 3}
    assert m["net"] == {"Anna": 13, "Berta": -11, "Csaba": -2}
    assert m["debt"] == {"Anna": 0, "Berta": 11, "Csaba": 5}
    assert m["finished"] and m["winners"] == ["Anna"]
    assert recorded_scores(DISPUTED) == [(45, {"Anna": 3, "Berta": 0, "Csaba": 3}),
                                         (72, {"Anna": 13, "Berta": 0, "Csaba": 3})]


def test_generator_reproduces_the_examples():
    spec = importlib.util.spec_from_file_location("gen", ROOT / "tools" / "make_asszorti_examples.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    as_text = lambda log: "".join(json.dumps(e) + "\n" for e in log)  # noqa: E731
    assert as_text(gen.worked_hand()) == (EX / "worked-hand.jsonl").read_text()
    assert as_text(gen.session()) == (EX / "session.jsonl").read_text()
    assert as_text(gen.disputed()) == DISPUTED.read_text()


# --- candidates() -----------------------------------------------------------------------------

def engine_before(line, path=CASE):
    with open(path, "rb") as f:
        eng, at, _ = replay_until(f, str(path), line)
    return eng, at


def test_every_recorded_event_of_a_clean_log_is_among_the_candidates():
    # The worked hand is clean, so each of its events (lines 3–45) must be a legal action.
    lines = CASE.read_text().splitlines()
    for n in range(3, 46):
        eng, at = engine_before(n)
        legal = legal_actions(eng)
        assert at in legal, (n, lines[n - 1])


def test_auction_candidates_follow_the_hold_rule():
    # Line 6: Berta (spoke before Csaba, who bid 2) may hold or pass, not bid.
    eng, _ = engine_before(6)
    names = [(type(e).__name__, e.player) for e in legal_actions(eng)]
    assert names == [("Hold", "Berta"), ("Pass", "Berta")]
    # Line 7: Csaba must bid 1 or pass.
    eng, _ = engine_before(7)
    assert [getattr(e, "bid", "pass") for e in legal_actions(eng)] == ["1", "pass"]


def test_discard_candidates_for_contract_1_are_the_twelve_single_cards():
    # After contract 1 (line 10): Berta's 11 cards + the top talon card K♦ = 12 single discards.
    eng, _ = engine_before(11)
    discards = [e for e in legal_actions(eng) if type(e).__name__ == "Discard"]
    assert len(discards) == 12
    assert ["KD"] in [e.cards for e in discards]


def test_play_candidates_follow_suit():
    # Line 14: Anna led K♣; Berta holds A♣ 9♣ (after laying away 8♣): only those two, plus the
    # doubling still open in trick 1 and the claim.
    eng, _ = engine_before(14)
    plays = [e.card for e in legal_actions(eng) if type(e).__name__ == "Play"]
    assert sorted(plays) == ["9C", "AC"]
    assert all(not judge(eng, e).legal for e in policy_for(eng).candidates(eng)
               if type(e).__name__ == "Play" and e.card not in plays)


def test_no_candidates_after_the_hand():
    eng, _ = engine_before(46)
    assert policy_for(eng).candidates(eng) == []
