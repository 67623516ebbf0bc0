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
    # drawn 0:0; Ann +3 (exchange, 67 vs no trick); Bob +3 (close, 70 vs no trick); Ann +3
    # (70 vs no trick); Bob +1 (67 vs 33); Ann +1 (67 vs 33): 7:4
    assert [h["status"] for h in m["hands"]] == ["drawn"] + ["scored"] * 5
    assert [h["dealer"] for h in m["hands"]] == ["Bob", "Bob", "Ann", "Bob", "Ann", "Bob"]
    assert [h["declarer"] for h in m["hands"]] == [None, "Ann", "Bob", "Ann", "Bob", "Ann"]
    assert all(h["contract"] is None for h in m["hands"])
    assert m["totals"] == {"Ann": 7, "Bob": 4}
    assert m["finished"] and m["winners"] == ["Ann"]


def test_match_uses_every_feature():
    events = [json.loads(x) for x in (EX / "match.jsonl").read_text().splitlines()]
    kinds = {e["event"] for e in events}
    assert {"marriage", "exchange", "close", "declare_out"} <= kinds


def test_disputed_has_exactly_its_revoke():
    rc, fs = findings("disputed.jsonl")
    assert rc == 1
    assert [(f["line"], f["code"], f["severity"], f["player"]) for f in fs] == \
        [(7, "revoke", "error", "Bob")]
    m = score("disputed.jsonl")
    assert m["hands"][0]["status"] == "penalty"
    assert m["hands"][0]["deltas"] == {"Ann": 2, "Bob": 0}
    assert m["totals"] == {"Ann": 2, "Bob": 1}


def test_timeout_ends_the_match():
    rc, fs = findings("timeout.jsonl")
    assert (rc, fs) == (0, [])
    m = score("timeout.jsonl")
    assert [h["status"] for h in m["hands"]] == ["scored", "unscored"]
    assert m["finished"] and m["winners"] == ["Ann"]


@pytest.mark.parametrize("name", ["match.jsonl", "disputed.jsonl", "timeout.jsonl"])
def test_history_shows_stock_trump_and_draws(name):
    p = cli("history", "--ascii", str(EX / name))
    assert "Traceback" not in p.stderr
    assert "stock" in p.stdout and "trump card" in p.stdout and "draw: " in p.stdout
