"""Duplicates in what ``check`` reads (issue 27 item 2; RULINGS R31, R32): ``duplicate-match``
and ``duplicate-hand`` warnings at the second copy, evidence naming the first copy's file and
line, across files, and the same under ``--jobs``.

The logs are written here: one hand of Sixty-Six (the API page's), five lines::

    1 match   (Max, Moritz; id given or not)
    2 deal    (Max deals; trumps spades)
    3 play    Moritz AH
    4 play    Max 9H          (Moritz wins the trick: the ace)
    5 declare_out Moritz     (the hand ends here: its last line)

R32: a hand is the same when the game, the seats, the dealer, the cards dealt, the pile and the
cards played are; its copy is reported at its last line (5), naming the first copy's deal
line (2).  R31: a match with the id of an earlier one is reported at its ``match`` line (1),
naming the first's (1); one with other or no id but the same hands at its last hand's last line
(5), naming the first's ``match`` line (1).
"""
from __future__ import annotations

from . import under_test  # noqa: F401

import json

from click.testing import CliRunner

from referee.cli import main

HANDS = {"Max": ["9H", "9C", "9D", "JC", "JD", "QC"],
         "Moritz": ["AH", "AC", "AD", "10H", "10C", "10D"]}
STOCK = ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "JH", "KC", "KD", "QD"]


def _log(match_id: str | None = "m1", lead: str = "AH", hands=HANDS) -> str:
    m = {"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"]}
    if match_id is not None:
        m["id"] = match_id
    events = [m, {"event": "deal", "dealer": "Max", "hands": hands, "stock": STOCK,
                  "trump_card": "9S"},
              {"event": "play", "player": "Moritz", "card": lead},
              {"event": "play", "player": "Max", "card": "9H"},
              {"event": "declare_out", "player": "Moritz"}]
    return "".join(json.dumps(e) + "\n" for e in events)


def _check(*files, jobs: int = 1, fmt: str = "json"):
    args = ["check", "--format", fmt, *map(str, files)]
    if jobs > 1:
        args += ["--jobs", str(jobs)]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    return r


def _dups(output: str) -> list[tuple]:
    out = []
    for line in output.splitlines():
        f = json.loads(line)
        if f["code"].startswith("duplicate-"):
            out.append((f["file"].rsplit("/", 1)[-1], f["line"], f["code"], f["severity"],
                        f["evidence"], f["cause"], f["rule"], f["hand"]))
    return out


def test_the_same_file_twice_is_a_duplicate_match_and_hand(tmp_path):
    a = tmp_path / "a.jsonl"
    a.write_text(_log())
    b = tmp_path / "b.jsonl"
    b.write_text(_log())
    r = _check(a, b)
    assert r.exit_code == 0  # warnings only: the hand itself is clean
    first_a = {"file": str(a), "line": 1}
    assert _dups(r.output) == [
        # the same id "m1": at b's match line, naming a's match line
        ("b.jsonl", 1, "duplicate-match", "warning", {"first": first_a, "same": "id"}, None,
         "R31", None),
        # its hand at b's last line 5, naming a's deal line 2; it follows from the match's copy
        ("b.jsonl", 5, "duplicate-hand", "warning", {"first": {"file": str(a), "line": 2}}, 1,
         "R32", 1)]
    # the match is not reported a second time for its play (one report per copy)


def test_another_id_with_the_same_play_is_a_duplicate_match(tmp_path):
    a = tmp_path / "a.jsonl"
    a.write_text(_log("m1"))
    b = tmp_path / "b.jsonl"
    b.write_text(_log(None))
    dups = _dups(_check(a, b).output)
    assert dups == [
        ("b.jsonl", 5, "duplicate-hand", "warning", {"first": {"file": str(a), "line": 2}},
         None, "R32", 1),
        ("b.jsonl", 5, "duplicate-match", "warning",
         {"first": {"file": str(a), "line": 1}, "same": "play"}, None, "R31", None)]


def test_a_copy_within_one_file_and_the_order_of_cards_in_a_deal(tmp_path):
    """The second copy in the same file (lines 6-10), its hands listed in another order: the
    same hand (a deal's cards are a set, R32)."""
    shuffled = {p: list(reversed(cs)) for p, cs in HANDS.items()}
    a = tmp_path / "a.jsonl"
    a.write_text(_log("m1") + _log("m2", hands=shuffled))
    dups = _dups(_check(a).output)
    assert [(d[1], d[2], d[4]["first"]["line"]) for d in dups] == [
        (10, "duplicate-hand", 2), (10, "duplicate-match", 1)]


def test_other_play_or_another_id_alone_is_no_duplicate(tmp_path):
    a = tmp_path / "a.jsonl"
    a.write_text(_log("m1"))
    b = tmp_path / "b.jsonl"
    b.write_text(_log("m2", lead="AC"))  # Moritz leads A♣ instead: another hand
    r = _check(a, b)
    assert _dups(r.output) == []


def test_a_hand_that_shows_no_card_is_never_a_duplicate(tmp_path):
    """A record of the play alone whose deal gives no hand and that stops before any card has
    nothing to compare (R32): two of them are not copies."""
    lines = [{"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"]},
             {"event": "deal", "dealer": "Max", "trump_card": "9S"}]
    text = "".join(json.dumps(e) + "\n" for e in lines)
    a = tmp_path / "a.jsonl"
    a.write_text(text)
    b = tmp_path / "b.jsonl"
    b.write_text(text)
    assert _dups(_check(a, b).output) == []


def test_jobs_prints_what_the_serial_run_prints(tmp_path):
    files = []
    for i in range(4):
        p = tmp_path / f"f{i}.jsonl"
        p.write_text(_log(f"m{i % 2}") + _log(None, lead="AC" if i % 3 else "AH"))
        files.append(p)
    for fmt in ("text", "json"):
        serial = _check(*files, fmt=fmt)
        parallel = _check(*files, jobs=2, fmt=fmt)
        assert parallel.output == serial.output and parallel.exit_code == serial.exit_code
        assert serial.output.count("duplicate-") >= 4
    summary = CliRunner().invoke(main, ["check", "--summary", *map(str, files)])
    summary_jobs = CliRunner().invoke(main, ["check", "--summary", "--jobs", "2",
                                             *map(str, files)])
    assert summary.output == summary_jobs.output
    # f0: m0 (lead AH), then a match without id, lead AH: a copy of m0 by its play (2 warnings)
    # f1: m1 (AH): a new id, but its hand and play are f0's m0 (2); then no id, AC: new (0)
    # f2: m0 again: by id (1) and its hand (1); no id, AC: f1's second match (2) → 4
    # f3: m1 again (2); no id, AH (3 % 3 == 0): f0's m0 again (2) → 4
    for name, n in (("f0", 2), ("f1", 2), ("f2", 4), ("f3", 4)):
        assert f"{name}.jsonl: clean: 0 errors, {n} warnings" in summary.output


def test_the_judge_remembers_at_most_cap_hands(tmp_path, monkeypatch):
    """Past CAP fingerprints of a kind, new ones are compared, not remembered: with CAP 1, the
    first hand (lead A♥) is remembered and its copy reported; the second distinct hand (lead
    A♣) is not remembered, so its copy is not reported."""
    import referee.duplicates as dup
    monkeypatch.setattr(dup, "CAP", 1)
    a = tmp_path / "a.jsonl"
    a.write_text(_log(None) + _log(None, lead="AC") + _log(None) + _log(None, lead="AC"))
    hands = [d for d in _dups(_check(a).output) if d[2] == "duplicate-hand"]
    assert [(d[1], d[4]["first"]["line"]) for d in hands] == [(15, 2)]  # match 3, line 11-15


def test_an_id_used_again_for_other_players_is_another_match(tmp_path):
    """R31: the id names a match of one game and seating; "m1" for Max and Anna is not the "m1"
    of Max and Moritz (and the hands differ in a player, so no hand is a copy either)."""
    a = tmp_path / "a.jsonl"
    a.write_text(_log("m1"))
    b = tmp_path / "b.jsonl"
    b.write_text(_log("m1").replace("Moritz", "Anna"))
    assert _dups(_check(a, b).output) == []
