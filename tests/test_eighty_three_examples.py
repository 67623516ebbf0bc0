"""examples/eighty-three: the logs are what tools/make_eighty_three_examples.py writes, and they check exactly as intended:
match.jsonl clean (exit 0, no findings) to 200, disputed.jsonl with exactly its one revoke."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

from .conftest import ROOT, run_log

EX = ROOT / "examples" / "eighty-three"


def _generator():
    spec = importlib.util.spec_from_file_location("gen83", ROOT / "tools" / "make_eighty_three_examples.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _lines(name):
    return [json.loads(x) for x in (EX / name).read_text().splitlines() if x.strip()]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_files_are_what_the_generator_writes():
    gen = _generator()
    assert _lines("match.jsonl") == gen.MATCH
    assert _lines("disputed.jsonl") == gen.DISPUTED


def test_match_is_clean_and_finishes_at_200():
    """Hand 1 (dealer Dan): Ann 60 in hearts; A takes AH 2H (2) + KH JK (40) + QH 9H 10H (30) +
    JH 5H (6) = 78, made: +78; B takes the off-five 5♦ in trick 4: +5.
    Hand 2 (dealer Ann, forced to 30 after three passes; Ann gives 9♠ to Cat, 7 − 6 = 1 over):
    A takes AS JS 5S (7) + 9S (9) + JK (15) + 10S (1) = 32 ≥ 30: +32; B takes 2S QS KS (46) +
    5♣ (5) = 51.  Totals A 78 + 32 = 110, B 5 + 51 = 56.
    Hand 3 (dealer Bob): Dan 83 doubled in diamonds takes all 83: +166 → B 56 + 166 = 222 ≥ 200,
    A 110: Bob & Dan win (E5)."""
    rec = run_log(_lines("match.jsonl"))
    assert rec.findings == []
    assert [h.deltas for h in rec.hands] == [
        {"Ann": 78, "Bob": 5, "Cat": 78, "Dan": 5},
        {"Ann": 32, "Bob": 51, "Cat": 32, "Dan": 51},
        {"Ann": 0, "Bob": 166, "Cat": 0, "Dan": 166}]
    assert [h.declarer for h in rec.hands] == ["Ann", "Ann", "Dan"]
    assert [h.contract for h in rec.hands] == ["60 hearts", "30 spades", "83 dbl diamonds"]
    s = rec.last
    assert s.totals == {"Ann": 110, "Bob": 222, "Cat": 110, "Dan": 222}
    assert s.finished and s.winners == ["Bob", "Dan"]
    events = _lines("match.jsonl")
    assert any(e["event"] == "give" for e in events)
    p = _cli("check", str(EX / "match.jsonl"))
    assert p.returncode == 0 and p.stdout == ""


def test_disputed_has_exactly_its_revoke():
    """Trick 4: Ann leads A♣; Dan holds 2♣ A♦ 2♠ and plays A♦; Bob's K♦ lead of trick 5
    establishes it.  E6 (defenders at fault): Ann & Cat make 60 with all 83: +83; B 0."""
    rec = run_log(_lines("disputed.jsonl"))
    events = _lines("disputed.jsonl")
    ad = next(i + 1 for i, e in enumerate(events) if e.get("card") == "AD"
              and e["player"] == "Dan")
    assert rec.codes == [(ad, "revoke")]
    assert rec.findings[0].severity == "error" and rec.findings[0].player == "Dan"
    assert rec.hands[0].status == "penalty"
    assert rec.last.totals == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}
    p = _cli("check", "--format", "json", str(EX / "disputed.jsonl"))
    assert p.returncode == 1
    found = [json.loads(x) for x in p.stdout.splitlines()]
    assert [(f["line"], f["code"], f["trick"]) for f in found] == [(ad, "revoke", 4)]
