"""The Sixty-Six example logs (examples/sixty-six) check exactly as intended, through the CLI,
and are what their generator script writes."""
from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "sixty-six"


def cli(*args):
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def findings(name):
    p = cli("check", "--format", "json", str(EX / name))
    return p.returncode, [json.loads(x) for x in p.stdout.splitlines() if x.strip()]


def score(name):
    p = cli("score", "--format", "json", str(EX / name))
    assert p.returncode in (0, 1)
    return json.loads(p.stdout.splitlines()[-1])


def test_generator_writes_these_files(tmp_path):
    mod = runpy.run_path(str(ROOT / "tools" / "make_sixty_six_examples.py"))
    for name, key in (("match.jsonl", "MATCH_LOG"), ("disputed.jsonl", "DISPUTED_LOG"),
                      ("timeout.jsonl", "TIMEOUT_LOG")):
        want = "".join(json.dumps(e) + "\n" for e in mod[key])
        assert (EX / name).read_text() == want


def test_match_is_clean_and_goes_to_7():
    rc, fs = findings("match.jsonl")
    assert (rc, fs) == (0, [])
    m = score("match.jsonl")
    # Worked out from the log (card points A 11, 10 10, K 4, Q 3, J 2, 9 0):
    # 1. dealer Bob, clubs: played out, Ann 55 + 10 for the last trick = 65, Bob 65: drawn,
    #    nobody scores, Bob deals again (S7).
    # 2. dealer Bob, hearts: Ann A♠/9♠ 11, exchanges, shows clubs (20), K♣/9♣ 4, A♣/10♣ 21,
    #    A♦/9♦ 11: 47 + 20 = 67 ≥ 66 and Bob has no trick: Ann +3 (S5).
    # 3. dealer Ann (the winner deals), diamonds: Bob closes before the first lead and takes
    #    five tricks of 14 each, 70; Ann has no trick: Bob +3 (S6).
    # 4. dealer Bob, clubs: Ann shows hearts (20), takes 4 + 11 + 12 + 13 + 10 = 50; 70 and Bob
    #    has no trick: Ann +3.
    # 5. dealer Ann, hearts: Bob shows the trump marriage (40), takes K♥/10♣ 14 and J♣/A♣ 13:
    #    27 + 40 = 67; Ann 21 + 12 = 33, not under 33: Bob +1.
    # 6. dealer Bob, the same deal with the seats exchanged: Ann 67 against Bob's 33: Ann +1.
    # Totals Ann 3 + 3 + 1 = 7, Bob 3 + 1 = 4: Ann reaches 7 and wins.
    assert [h["status"] for h in m["hands"]] == ["drawn"] + ["scored"] * 5
    assert [h["dealer"] for h in m["hands"]] == ["Bob", "Bob", "Ann", "Bob", "Ann", "Bob"]
    assert [h["declarer"] for h in m["hands"]] == [None, "Ann", "Bob", "Ann", "Bob", "Ann"]
    assert [h["deltas"] for h in m["hands"]] == [
        {"Ann": 0, "Bob": 0}, {"Ann": 3, "Bob": 0}, {"Ann": 0, "Bob": 3},
        {"Ann": 3, "Bob": 0}, {"Ann": 0, "Bob": 1}, {"Ann": 1, "Bob": 0}]
    assert all(h["contract"] is None for h in m["hands"])
    assert m["totals"] == {"Ann": 7, "Bob": 4}
    assert m["finished"] and m["winners"] == ["Ann"]


def test_match_uses_every_feature():
    events = [json.loads(x) for x in (EX / "match.jsonl").read_text().splitlines()]
    kinds = {e["event"] for e in events}
    assert {"marriage", "exchange", "close", "declare_out"} <= kinds


def test_disputed_has_exactly_its_revoke():
    # Deal 1 (dealer Bob, clubs): Ann takes A♠/9♠, both draw (Ann K♠, Bob Q♠), Ann closes.
    # Ann leads 10♠; Bob holds Q♠ and J♠ and must follow (S1) but plays 9♥: revoke at line 7,
    # established by Ann's A♥ (line 8).  S9: Ann +2.  Deal 2 (dealer Ann): Bob's trump
    # marriage, 27 + 40 = 67 against Ann's 33: Bob +1.  Totals 2 : 1, as the score line says.
    rc, fs = findings("disputed.jsonl")
    assert rc == 1
    assert [(f["line"], f["code"], f["severity"], f["player"]) for f in fs] == \
        [(7, "revoke", "error", "Bob")]
    m = score("disputed.jsonl")
    assert [h["status"] for h in m["hands"]] == ["penalty", "scored"]
    assert [h["deltas"] for h in m["hands"]] == [{"Ann": 2, "Bob": 0}, {"Ann": 0, "Bob": 1}]
    assert m["totals"] == {"Ann": 2, "Bob": 1}
    events = [json.loads(x) for x in (EX / "disputed.jsonl").read_text().splitlines()]
    assert events[-1] == {"event": "score", "totals": {"Ann": 2, "Bob": 1}}


def test_timeout_ends_the_match():
    # Deal 1 is deal 2 of the match (Ann 67, Bob no trick: Ann +3); in deal 2 Bob leads A♠ and
    # times out: the deal is not scored and Ann wins the match (S8, S10), 3 : 0.
    rc, fs = findings("timeout.jsonl")
    assert (rc, fs) == (0, [])
    m = score("timeout.jsonl")
    assert [h["status"] for h in m["hands"]] == ["scored", "unscored"]
    assert [h["deltas"] for h in m["hands"]] == [{"Ann": 3, "Bob": 0}, {"Ann": 0, "Bob": 0}]
    assert m["totals"] == {"Ann": 3, "Bob": 0}
    assert m["finished"] and m["winners"] == ["Ann"]


@pytest.mark.parametrize("name", ["match.jsonl", "disputed.jsonl", "timeout.jsonl"])
def test_history_shows_stock_trump_and_draws(name):
    p = cli("history", "--ascii", str(EX / name))
    assert "Traceback" not in p.stderr
    assert "stock" in p.stdout and "trump card" in p.stdout and "draw: " in p.stdout
