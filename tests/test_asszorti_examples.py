"""The Asszorti examples check exactly as intended, the generator reproduces them, and
``candidates()`` offers every legal action (a superset, checked by trial application)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
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


def test_worked_hand_example_is_clean_with_the_rules_figures():
    # 1 with diamonds 6 + one overtrick 3 = 9 from each: sheet 0 / 18 / 0, debts 9 and 9.
    code, found = check_json(EX / "worked-hand.jsonl")
    assert (code, found) == (0, [])
    m = score_json(EX / "worked-hand.jsonl")
    assert m["totals"] == {"Anna": 0, "Berta": 18, "Csaba": 0}
    assert m["debt"] == {"Anna": 9, "Berta": 0, "Csaba": 9}
    assert m["hands"][0]["contract"] == "1 diamonds"


def test_session_example_is_clean_and_carries_then_pays_a_debt():
    code, found = check_json(EX / "session.jsonl")
    assert (code, found) == (0, [])
    m = score_json(EX / "session.jsonl")
    assert m["finished"] and len(m["hands"]) >= 3
    debt = {p: 0 for p in m["players"]}
    paid = False
    for h in m["hands"]:
        for p, n in h["net"].items():
            if n > 0 and debt[p] > 0:
                paid = True
                # the sheet entry is the win less what was owed (A8)
                assert h["deltas"][p] == max(0, n - debt[p])
            debt[p] = max(0, debt[p] - n) if n > 0 else debt[p] - n
    assert paid
    assert debt == m["debt"]
    assert sum(m["net"].values()) == 0


def test_disputed_example_has_exactly_its_findings():
    expect = json.loads((EX / "disputed.expect.json").read_text())
    code, found = check_json(EX / "disputed.jsonl")
    assert code == 1
    assert sorted([f["line"], f["code"]] for f in found) == expect["findings"]
    # hand 1: the failed claim leaves Berta 4 tricks against 7: 3 with clubs 2 + 1 = 3 to each;
    # the table's score lines agree (no score-mismatch above)
    m = score_json(EX / "disputed.jsonl")
    assert m["hands"][0]["net"] == {"Anna": 3, "Berta": -6, "Csaba": 3}
    assert m["finished"]


def test_generator_reproduces_the_examples():
    spec = importlib.util.spec_from_file_location("gen", ROOT / "tools" / "make_asszorti_examples.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    as_text = lambda log: "".join(json.dumps(e) + "\n" for e in log)  # noqa: E731
    assert as_text(gen.worked_hand()) == (EX / "worked-hand.jsonl").read_text()
    assert as_text(gen.session()) == (EX / "session.jsonl").read_text()
    log, expect = gen.disputed()
    assert as_text(log) == (EX / "disputed.jsonl").read_text()
    assert json.dumps(expect, indent=1) + "\n" == (EX / "disputed.expect.json").read_text()


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


def test_play_candidates_follow_suit_else_trump():
    # Line 14: Anna led K♣; Berta holds A♣ 9♣ (after laying away 8♣): only those two, plus the
    # doubling still open in trick 1 and the claim.
    eng, _ = engine_before(14)
    plays = [e.card for e in legal_actions(eng) if type(e).__name__ == "Play"]
    assert sorted(plays) == ["9C", "AC"]
    assert all(not judge(eng, e).legal for e in eng.candidates()
               if type(e).__name__ == "Play" and e.card not in plays)


def test_no_candidates_after_the_hand():
    eng, _ = engine_before(46)
    assert eng.candidates() == []
