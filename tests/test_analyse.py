"""`referee analyse`, `referee solve` from the command line, and Asszorti claim checks (A10)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import referee
from referee.claims import check_claim
from tests.test_solve import MOVES, endings

ROOT = Path(__file__).resolve().parents[1]


def valid(name: str, record: Any) -> None:
    """``record`` validates against ``referee schema --output NAME``."""
    import jsonschema
    from referee.schema import output_schema
    jsonschema.Draft202012Validator(output_schema(name)).validate(record)
DISPUTED = "examples/asszorti/disputed.jsonl"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_the_disputed_claim_is_not_sound() -> None:
    """Hand 1: after trick 7 Berta (clubs trumps) claims with Q♣ Q♦ Q♥ 9♥; Anna keeps K♥ J♥.
    Whatever Berta leads, hearts come back to her 9♥ and Q♥ under Anna's K♥ and J♥, so a
    defender wins a trick: trick 10 in the line given (Berta's Q♣, Q♦ win tricks 8 and 9, then
    9♥ loses to J♥), as the table's play went (Anna took trick 10 with J♥)."""
    p = run("analyse", DISPUTED, "--hand", "1", "--format", "json")
    assert p.returncode == 0, p.stderr
    recs = [json.loads(x) for x in p.stdout.splitlines()]
    for r in recs:
        valid("analysis", r)
    claims = [r for r in recs if r["event"]["event"] == "claim"]
    assert [(r["line"], r["player"], r["sound"], r["trick"]) for r in claims] == \
        [(30, "Berta", False, 10)]
    assert claims[0]["defence"][-1] == {"event": "play", "player": "Anna", "card": "KH"}
    text = run("history", DISPUTED).stdout
    assert "claim check: Berta's claim is NOT sound: the defenders win trick 10" in text


def beaten(table: referee.Table, declarer: str, done: int) -> bool:
    """Exhaustive: can the defenders win one of the tricks from ``done`` on?"""
    h = table.hand
    assert h is not None
    if any(t.winner not in (None, declarer) for t in h.tricks[done:]):
        return True
    acts = [a for a in table.legal_actions() if a["event"] == "play"]
    if h.status is not None or not acts:
        return False
    outcomes = []
    for a in acts:
        t = table.copy()
        t.apply(a)
        outcomes.append(beaten(t, declarer, done))
    return all(outcomes) if acts[0]["player"] == declarer else any(outcomes)


def test_claim_check_agrees_with_exhaustive_search() -> None:
    n = sound = 0
    for table in endings("asszorti", range(0, 4), 6):
        eng = table._engine
        assert eng is not None and table.hand is not None
        decl = table.hand.declarer
        assert decl is not None
        done = len([t for t in table.hand.tricks if t.winner is not None])
        ok, line, trick = check_claim(eng, decl)
        assert ok == (not beaten(table, decl, done))
        if not ok:  # the line is legal and a defender wins trick `trick`
            t = table.copy()
            for e in line:
                assert t.apply({"event": "play", "player": e.player, "card": e.card}) == []
            assert t.hand is not None and t.hand.tricks[trick - 1].winner != decl
        n += 1
        sound += ok
    assert n >= 50 and 0 < sound < n, (n, sound)


def test_analyse_values_are_consistent() -> None:
    """Each move's `after` is the value solve gives after it; costs are never negative and are
    before - after for the declaring side (after - before for the defenders)."""
    p = run("analyse", "examples/thirty-three/disputed.jsonl", "--hand", "1", "--depth", "3",
            "--format", "json")
    assert p.returncode == 0, p.stderr
    recs: list[dict[str, Any]] = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(recs) == 9  # tricks 8-10 of three players
    for r in recs:
        assert set(r) == {"file", "line", "hand", "trick", "player", "event", "before",
                          "after", "cost", "best"}
        assert r["cost"] >= 0
        valid("analysis", r)
        s = referee.solve("examples/thirty-three/disputed.jsonl", r["line"])
        assert s.value == r["before"]
        values = {json.dumps(a, sort_keys=True): v for a, v in s.actions}
        assert values[json.dumps(r["event"], sort_keys=True)] == r["after"]
        gain = r["after"] - r["before"]
        assert r["cost"] == max(0, -gain if r["player"] in s.side else gain)


def test_solve_command() -> None:
    """Hand 1 of the disputed Thirty-Three log: Anna's 20 Hearts takes all ten tricks and all
    33 card points (API docs); before her last lead (line 34) nothing can change that: +33."""
    p = run("solve", "examples/thirty-three/disputed.jsonl", "--line", "34", "--format", "json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    valid("solve", r)
    assert (r["game"], r["match"], r["hand"], r["side"], r["value"]) == \
        ("thirty-three", "club-night-2026-11-21", 1, ["Anna"], 33)
    assert set(r) == {"file", "line", "game", "match", "hand", "to_act", "side", "value",
                      "actions", "best"}
    assert all(a["value"] == 33 for a in r["actions"])
    p = run("solve", "examples/thirty-three/disputed.jsonl", "--line", "3")
    assert p.returncode == 2 and "cannot solve" in p.stderr and "Traceback" not in p.stderr
    p = run("solve", "examples/thirty-three/play-alone.jsonl", "--line", "10")
    assert p.returncode == 2 and "unknown" in p.stderr
    p = run("solve", "examples/thirty-three/disputed.jsonl", "--line", "999")
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_solve_and_legal_at_the_line_after_the_last(tmp_path: Path) -> None:
    """FORMAT 1.2: N may be the line after the last, the moment a live log has reached.  The
    first 34 lines of the disputed Thirty-Three log end just before Anna's last lead of hand 1
    (line 34 of the whole log, see test_solve_command): asked at line 34 of the cut log, solve
    gives what it gives at line 34 of the whole log (+33 for Anna), and legal lists Anna's
    moves; line 35 lies beyond the moment reached and is refused by both (exit 2)."""
    lines = (ROOT / "examples/thirty-three/disputed.jsonl").read_bytes().splitlines(True)
    cut = tmp_path / "live.jsonl"
    cut.write_bytes(b"".join(lines[:33]))
    p = run("solve", str(cut), "--line", "34", "--format", "json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["line"], r["to_act"], r["side"], r["value"]) == (34, ["Anna"], ["Anna"], 33)
    whole = json.loads(run("solve", "examples/thirty-three/disputed.jsonl", "--line", "34",
                           "--format", "json").stdout)
    assert r["actions"] == whole["actions"]
    p = run("legal", str(cut), "--line", "34")
    assert p.returncode == 0, p.stderr
    assert "to act: Anna" in p.stdout
    for command in ("solve", "legal"):
        p = run(command, str(cut), "--line", "35")
        assert p.returncode == 2 and "no line 35" in p.stderr, (command, p.stderr)


def _solve(line: int, log: str = DISPUTED) -> dict[str, Any]:
    p = run("solve", log, "--line", str(line), "--format", "json")
    assert p.returncode == 0, p.stderr
    r: dict[str, Any] = json.loads(p.stdout)
    valid("solve", r)
    return r


def _legal(line: int, log: str = DISPUTED) -> dict[str, Any]:
    p = run("legal", log, "--line", str(line), "--format", "json")
    assert p.returncode == 0, p.stderr
    r: dict[str, Any] = json.loads(p.stdout)
    return r


def test_solve_lists_every_legal_action_and_answers_a_claim() -> None:
    """FORMAT 1.2: `actions` are every legal action there (`legal`'s), each valued as the
    position after it (R34).  Asszorti disputed hand 1, 3 clubs by Berta: her claim at line 30
    is unsound (test_the_disputed_claim_is_not_sound: a defender wins trick 10).  Disputed, it
    fails, and a failed 3 clubs costs Berta 3 to each defender: net 3 + 3 = -6 (A8, A10), what
    the table's play-out gave too (score: Berta's net -6).  So:
    - before the claim (line 30), the claim is valued -6, as the defenders answer it;
    - after it (line 31), the defenders are to act: a dispute by either is worth -6 to Berta,
      letting the claim stand would give her every trick (more), so they dispute: -6;
    - the value of the position is the best move's; claiming cannot beat playing on."""
    before = _solve(30)
    assert [a["event"] for a in before["actions"]] == _legal(30)["legal"]
    claim = [a for a in before["actions"] if a["event"]["event"] == "claim"]
    assert claim == [{"event": {"event": "claim", "player": "Berta"}, "value": -6}]
    assert before["value"] == max(a["value"] for a in before["actions"])
    after = _solve(31)
    assert after["to_act"] == ["Anna", "Csaba"] == _legal(31)["to_act"]
    assert [a["event"] for a in after["actions"]] == _legal(31)["legal"]
    assert {a["event"]["event"] for a in after["actions"]} == {"dispute"}
    assert after["value"] == -6 and all(a["value"] == -6 for a in after["actions"])
    assert after["best"][0]["event"] == "dispute"
    score = json.loads(run("score", DISPUTED, "--format", "json").stdout)
    assert score["hands"][0]["net"]["Berta"] == -6


def test_solve_with_a_revoke_open_is_refused() -> None:
    """Thirty-Three disputed hand 2: Cili's 8♠ at line 58 revokes (README tour); before line 59
    the revoke is open (a retract may repair it, the next card establishes it): no move of the
    play is there to value, a clear message and exit 2, no traceback (G4)."""
    p = run("solve", "examples/thirty-three/disputed.jsonl", "--line", "59")
    assert p.returncode == 2, p.stderr
    assert "revoke open" in p.stderr and "line 58" in p.stderr and "Traceback" not in p.stderr
