"""RULINGS G13: recorded scores are compared player by player; a difference is reported where it
first appears and wherever it changes, never again while it is only carried; the finding states
the amounts and the line it follows from (``cause``).

The hands are test_thirty_three's 24 Nines hand (A makes 65, B takes 5 card points, C 0; lines
2-36 of a log that starts with its ``match``) and a hand in which B revokes at once.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main
from tools.thirty_three_logs import MATCH, bid, deal, discard, nines_hand, pas, plays

from .conftest import run_log


def score(**totals):
    return {"event": "score", "totals": totals}


def mismatches(rec):
    return [f for f in rec.findings if f.code == "score-mismatch"]


def test_a_difference_is_reported_once_while_carried_and_again_when_it_changes():
    # After the hand the referee has A 65.  Line 37: A 60 → difference 60 − 65 = −5, new.
    # Line 38: A 60 again → −5 carried, no finding.  Line 39: A 61 → −4, changed from −5
    # (cause: line 37).  Line 40: A 65 agrees, which clears the difference.  Line 41: A 60 →
    # −5 is new again, following from nothing.
    rec = run_log([MATCH, *nines_hand(), score(A=60), score(A=60), score(A=61), score(A=65),
                   score(A=60)])
    found = mismatches(rec)
    assert [f.line for f in found] == [37, 39, 41]
    first, changed, again = found
    assert first.evidence == {"recorded": {"A": 60}, "computed": {"A": 65},
                              "difference": {"A": -5}, "after_hand": 1}
    assert first.cause is None and first.rule == "G13"
    assert changed.evidence == {"recorded": {"A": 61}, "computed": {"A": 65},
                                "difference": {"A": -4}, "after_hand": 1,
                                "was": {"A": {"difference": -5, "line": 37}}}
    assert changed.cause == 37
    assert "difference -4 (was -5 at line 37)" in changed.message
    assert again.cause is None


def test_a_difference_carried_across_hands_is_no_new_finding():
    # Hand 1 (lines 2-36): A 65, B 5.  Line 37: A 60 → −5.  Hand 2 (lines 38-72, dealt by A):
    # A 65 + 65 = 130, B 5 + 5 = 10.  Line 73: A 125 (130 − 5: the old −5 carried), B 10
    # (agrees): no finding.  Line 74 adds C 1 against C's 0: +1, new, only C in the evidence.
    rec = run_log([MATCH, *nines_hand(), score(A=60), *nines_hand("A"),
                   score(A=125, B=10), score(A=125, B=10, C=1)])
    found = mismatches(rec)
    assert [f.line for f in found] == [37, 74]
    assert found[1].evidence == {"recorded": {"C": 1}, "computed": {"C": 0},
                                 "difference": {"C": 1}, "after_hand": 2}
    assert found[1].cause is None


def test_a_mismatch_after_a_penalty_names_the_violation_as_cause():
    # B revokes at line 8 (A leads 7♣ at line 7, B holds A♣ 10♣ K♣ and plays 7♥); C's card at
    # line 9 establishes it: B loses the contract value 24 Nines = 65, nobody else scores (T8).
    # A sheet that ignores the penalty writes B 0: difference 0 − (−65) = +65, which follows
    # from the revoke at line 8.
    seq = [("A", "7C"), ("B", "7H"), ("C", "8C")]
    hand = [deal("C"), bid("A", "nines", 24), pas("B"), pas("C"),
            discard("A", ["8S", "7S", "JS"]), *plays(seq)]
    rec = run_log([MATCH, *hand, score(A=0, B=0, C=0)])
    assert rec.hands[0].status == "penalty" and rec.hands[0].deltas["B"] == -65
    found = mismatches(rec)
    assert [(f.line, f.cause) for f in found] == [(10, 8)]
    assert found[0].evidence["difference"] == {"B": 65}
    assert found[0].evidence["follows_line"] == 8
    assert "follows from line 8" in found[0].message


def test_check_json_carries_rule_evidence_and_cause(tmp_path):
    log = tmp_path / "s.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in
                           [MATCH, *nines_hand(), score(A=60), score(A=61)]))
    r = CliRunner().invoke(main, ["check", "--format", "json", str(log)])
    objs = [json.loads(x) for x in r.output.splitlines()]
    assert [(o["line"], o["rule"], o["cause"]) for o in objs] == [(37, "G13", None),
                                                                   (38, "G13", 37)]
    assert objs[1]["evidence"] == {"recorded": {"A": 61}, "computed": {"A": 65},
                                   "difference": {"A": -4}, "after_hand": 1,
                                   "was": {"A": {"difference": -5, "line": 37}}}
