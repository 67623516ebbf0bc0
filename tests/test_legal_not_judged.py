"""``referee legal`` on an event the replay passes over (after issue 29's fixes, a new user's
trial): it said "legal" (exit 0) for events ``check`` skips.  Now ``legal`` agrees with
``check``: an event check reports at the line is NOT legal with that finding; an event check
skips without a finding is "not judged: <why> (<rule>)", exit 1, ``event_legal`` null and the
reason in ``not_judged`` (man referee-legal)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main

from .conftest import ROOT

EX = ROOT / "examples"
NOBODY = '{"event": "play", "player": "Nobody", "card": "ZZ"}'


def run(*args: object) -> tuple[int, str]:
    r = CliRunner().invoke(main, [str(a) for a in args])
    return r.exit_code, r.stdout


def log(tmp_path: Path, lines: list[str]) -> Path:
    f = tmp_path / "log.jsonl"
    f.write_text("\n".join(lines) + "\n")
    return f


def not_judged(f: Path, line: int) -> str:
    """The reason legal gives at ``line``, checked to say "not judged", never "legal", exit 1,
    in text and JSON alike."""
    code, out = run("legal", f, "--line", line)
    assert code == 1, out
    last = " ".join(out.split("\n" + f"line {line}:")[1].split())
    assert ": not judged: " in last and ": legal" not in last
    code, out = run("legal", f, "--line", line, "--format", "json")
    obj = json.loads(out)
    assert code == 1 and obj["event_legal"] is None and obj["findings"] == []
    assert isinstance(obj["not_judged"], str)
    assert last.endswith(" ".join(obj["not_judged"].split()))
    return str(obj["not_judged"])


def test_after_a_card_not_held_the_rest_of_the_hand_is_skipped(tmp_path):
    # disputed.jsonl lines 1-21, then Anna's K♥ again (she played it at line 19: card-not-held,
    # G3, the hand is not scored and the rest of it skipped), then Nobody plays ZZ (line 23).
    # check reports line 22 only; legal said "Nobody plays ZZ: legal".
    lines = (EX / "thirty-three" / "disputed.jsonl").read_text().splitlines()[:21]
    f = log(tmp_path, lines + ['{"event": "play", "player": "Anna", "card": "KH"}', NOBODY])
    code, out = run("check", f)
    assert code == 1 and [ln.split(" ")[0] for ln in out.splitlines()] == [f"{f}:22:"]
    code, out = run("legal", f, "--line", 22, "--format", "json")
    assert code == 1 and [x["code"] for x in json.loads(out)["findings"]] == ["card-not-held"]
    assert "hand 1 is not scored and the rest of it is skipped" in not_judged(f, 23)
    assert "(G3" in not_judged(f, 23)


def test_after_a_sixty_six_misdeal(tmp_path):
    # A Sixty-Six deal of 2 and 1 cards (six each are dealt): misdeal (G3), the hand is
    # skipped; Zed (no player of the match) plays XX: check says nothing more.
    f = log(tmp_path, [
        '{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}',
        '{"event": "deal", "dealer": "Bob", "hands": {"Ann": ["9D", "KH"], "Bob": ["10S"]}, '
        '"stock": [], "trump_card": "AC"}',
        '{"event": "play", "player": "Zed", "card": "XX"}'])
    code, out = run("check", f)
    assert code == 1 and out.startswith(f"{f}:2: error[misdeal]") and f"{f}:3:" not in out
    assert "skipped" in not_judged(f, 3)


def test_after_the_end_of_the_match(tmp_path):
    # match.jsonl's first 5 lines, `end` (the match is over, G9: hand 1 is incomplete, G5),
    # then Anna plays Q♥: check reports nothing at line 7 (it reads no more of the match).
    lines = (EX / "thirty-three" / "match.jsonl").read_text().splitlines()[:5]
    f = log(tmp_path, lines + ['{"event": "end"}', '{"event": "play", "player": "Anna", '
                               '"card": "QH"}'])
    code, out = run("check", f)
    assert f"{f}:7:" not in out
    assert "(G9)" in not_judged(f, 7)


def test_before_any_deal_after_an_unreadable_line(tmp_path):
    # A match, an unreadable line (it may have been the deal: the events up to the next deal
    # are skipped, G3, G7), then Ann plays 10: check reports line 2 only.
    f = log(tmp_path, ['{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}',
                       "garbage", '{"event": "play", "player": "Ann", "card": "10"}'])
    code, out = run("check", f)
    assert code == 1 and [ln.split(" ")[0] for ln in out.splitlines()] == [f"{f}:2:"]
    assert "G7" in not_judged(f, 3)


def test_before_any_deal_check_reports_it(tmp_path):
    # Without the unreadable line, check reports the play before the first deal (out-of-phase,
    # G10): legal says NOT legal with that finding.
    f = log(tmp_path, ['{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}',
                       '{"event": "play", "player": "Ann", "card": "10"}'])
    code, out = run("legal", f, "--line", 2, "--format", "json")
    obj = json.loads(out)
    assert code == 1 and obj["event_legal"] is False and obj["not_judged"] is None
    assert [x["code"] for x in obj["findings"]] == ["out-of-phase"]


def test_a_second_late_event_after_a_decided_hand(tmp_path):
    # disputed.jsonl's hand 1 is over at line 36 (ten tricks played); a card after it is
    # out-of-phase once (G4), and check says nothing of the next: legal judges the first NOT
    # legal and does not judge the second.
    lines = (EX / "thirty-three" / "disputed.jsonl").read_text().splitlines()[:36]
    late = '{"event": "play", "player": "Anna", "card": "QH"}'
    f = log(tmp_path, lines + [late, late])
    code, out = run("check", f)
    assert f"{f}:37: error[out-of-phase]" in out and f"{f}:38:" not in out
    code, out = run("legal", f, "--line", 37, "--format", "json")
    assert code == 1 and [x["code"] for x in json.loads(out)["findings"]] == ["out-of-phase"]
    assert "(out-of-phase, G4)" in not_judged(f, 38)
