"""What a new user reads (issue 13, items 11-15): actions said as a person would say them,
the joker's name, tricks as they happened, what a card not held was, and JSON on both streams."""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cards import JOKER
from referee.cli import main
from referee.games.eighty_three import DECK as DECK_83
from referee.games.thirty_three import DECK as DECK_33

from .conftest import ROOT

EX = ROOT / "examples"


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                                              catch_exceptions=False)


# --- item 12: the joker has its game's name in every mode -----------------------------------

def test_joker_is_named_bug_or_joker_with_and_without_symbols():
    # FORMAT.md, "Cards": readable output names the joker Bug (Thirty-Three) or Joker; `JK` is
    # only the log's notation, so --ascii (letters for suits) keeps the name.
    assert DECK_33.name(JOKER, True) == DECK_33.name(JOKER, False) == "Bug"
    assert DECK_83.name(JOKER, True) == DECK_83.name(JOKER, False) == "Joker"


def test_ascii_history_names_the_bug_and_the_joker():
    # examples/thirty-three/match.jsonl line 2 deals the Bug (JK) to a player; the Eighty-Three
    # example deals the joker to Bob in hand 1 and Bob plays it to trick 2.
    out33 = invoke("history", "--ascii", EX / "thirty-three" / "match.jsonl").stdout
    out83 = invoke("history", "--ascii", EX / "eighty-three" / "match.jsonl").stdout
    assert "JK" not in out33 and "JK" not in out83
    assert " Bug" in out33
    assert "Bob JK" not in out83 and "Bob Joker, Cat 6H" in out83


# --- item 15: score --format json speaks JSON on both streams -------------------------------

def test_score_json_writes_findings_as_json_lines_on_standard_error():
    # The same finding objects as `check --format json` (FORMAT.md), on standard error; the
    # match objects stay on standard output.
    log = EX / "thirty-three" / "disputed.jsonl"
    checked = invoke("check", "--format", "json", log)
    scored = invoke("score", "--format", "json", log)
    assert scored.exit_code == checked.exit_code == 1
    found = [json.loads(x) for x in scored.stderr.splitlines()]
    assert found == [json.loads(x) for x in checked.stdout.splitlines()]
    assert found and found[0]["code"] == "revoke" and found[0]["line"] == 58
    assert all("hands" in json.loads(x) for x in scored.stdout.splitlines())
    # the text form is unchanged
    text = invoke("score", log).stderr
    assert text.startswith(f"{log}:58: error[revoke]: trick 6: Cili played 8♠")


def test_score_json_with_jobs_writes_findings_as_json_lines_too():
    logs = [EX / "thirty-three" / "disputed.jsonl", EX / "sixty-six" / "disputed.jsonl"]
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "referee", "score", "--format", "json",
                        "--jobs", "2", *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    q = subprocess.run([sys.executable, "-m", "referee", "check", "--format", "json",
                        *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1
    assert [json.loads(x) for x in p.stderr.splitlines()] == \
        [json.loads(x) for x in q.stdout.splitlines()]


def test_score_standings_object_says_what_it_is():
    # Two Thirty-Three matches: match.jsonl (finished, Cili wins) and disputed.jsonl.  The last
    # line is the standings object, marked "kind": "standings" so that jq can pick it out; the
    # match objects carry no "kind".
    logs = [EX / "thirty-three" / "match.jsonl", EX / "thirty-three" / "disputed.jsonl"]
    r = invoke("score", "--standings", "--format", "json", *logs)
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("kind") for o in objs] == [None, None, "standings"]
    last = objs[-1]
    assert list(last) == ["kind", "standings", "matches"] and last["matches"] == 2
    assert set(last["standings"][0]) == {"game", "player", "matches", "finished", "won",
                                         "points"}
