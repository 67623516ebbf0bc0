"""``referee standings`` and :func:`referee.standings` (issue 27 item 1, RULINGS R33): per game
and player matches, wins (ties share), hands, points; the game's statistics; the crosstable.

The archive is written here: three one-hand Sixty-Six matches played to 2 game points
(``rules: {"target": 2}``), each worked by hand (Sixty-Six rules; the API page's hand):

- ``a.jsonl``, m1, Max and Moritz, Max deals.  Moritz (on lead) shows the hearts marriage (20)
  and leads K♥, Max 9♥: Moritz takes the trick (K 4 + 9 0 = 4 card points, + 20 = 24) and
  declares out with 24 < 66: a false declaration, Max scores 2.  Max reaches the target 2:
  the match is finished, Max wins.
- ``b.jsonl``, m2, the same two: Moritz leads A♥, Max 9♥ (11 + 0 = 11), declares out: Max +2,
  Max wins.
- ``c.jsonl``, m3, Max and Anna (Anna in Moritz's seat, the same cards): Max +2, Max wins.

So: Max 3 matches, 3 won, 3 hands, 2 + 2 + 2 = 6 points; Moritz 2, 0, 2, 0; Anna 1, 0, 1, 0;
marriages: Moritz 1; closings none; crosstable Max–Moritz 2 matches 2–0, Anna–Max 1 match 0–1.
"""
from __future__ import annotations

from . import under_test  # noqa: F401

import csv
import dataclasses
import io
import json
from fractions import Fraction

from click.testing import CliRunner

import referee
from referee.cli import main

PLAIN = ({"Max": ["9H", "9C", "9D", "JC", "JD", "QC"],
          "Moritz": ["AH", "AC", "AD", "10H", "10C", "10D"]},
         ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "JH", "KC", "KD", "QD"])
MARRIAGE = ({"Max": ["9H", "9C", "9D", "JC", "JD", "QC"],
             "Moritz": ["KH", "QH", "AC", "AD", "10C", "10D"]},
            ["AS", "10S", "KS", "QS", "JS", "AH", "10H", "JH", "KC", "KD", "QD"])


def _match(mid: str, other: str = "Moritz", marriage: bool = False) -> str:
    hands, stock = MARRIAGE if marriage else PLAIN
    hands = {("Max" if p == "Max" else other): cs for p, cs in hands.items()}
    events = [{"event": "match", "game": "sixty-six", "id": mid, "players": ["Max", other],
               "rules": {"target": 2}},
              {"event": "deal", "dealer": "Max", "hands": hands, "stock": stock,
               "trump_card": "9S"}]
    if marriage:
        events.append({"event": "marriage", "player": other, "suit": "hearts"})
    events += [{"event": "play", "player": other, "card": "KH" if marriage else "AH"},
               {"event": "play", "player": "Max", "card": "9H"},
               {"event": "declare_out", "player": other}]
    return "".join(json.dumps(e) + "\n" for e in events)


def _archive(tmp_path):
    d = tmp_path / "night"
    d.mkdir()
    (d / "a.jsonl").write_text(_match("m1", marriage=True))
    (d / "b.jsonl").write_text(_match("m2"))
    (d / "c.jsonl").write_text(_match("m3", other="Anna"))
    return d


def test_the_api_counts_the_archive(tmp_path):
    d = _archive(tmp_path)
    s = referee.standings(sorted(d.glob("*.jsonl")))
    recs = list(s.records())
    players = [(r["player"], r["matches"], r["won"], r["hands"], r["points"])
               for r in recs if r["kind"] == "player" and r["game"] == "sixty-six"]
    assert players == [("Max", 3, 3, 3, 6), ("Anna", 1, 0, 1, 0), ("Moritz", 2, 0, 2, 0)]
    [game] = [r for r in recs if r["kind"] == "game"]
    assert game["matches"] == 3 and game["hands"] == 3
    st = game["statistics"]
    assert st["marriages"] == {"Moritz": 1} and st["closings"] == {}
    assert st["game_points"] == {"Anna": 0, "Max": 6, "Moritz": 0}
    assert st["revokes"] == {} and st["kontras"] == {"called": 0, "won": 0}
    pairs = [(r["players"], r["matches"], r["won"]) for r in recs if r["kind"] == "pair"]
    assert pairs == [(["Anna", "Max"], 1, [0, 1]), (["Max", "Moritz"], 2, [2, 0])]
    overall = [(r["player"], r["matches"], r["won"], r["hands"], r["points"])
               for r in recs if r["kind"] == "player" and r["game"] is None]
    assert overall == [("Anna", 1, 0, 1, None), ("Max", 3, 3, 3, None),
                       ("Moritz", 2, 0, 2, None)]


def test_a_tie_shares_the_win(tmp_path):
    """R33: a finished match won by two sides gives each 1/2; partners of one side (here: a
    side of one each) get their side's share."""
    [m] = referee.read_log(_match("m1").encode())
    tie = dataclasses.replace(m, winners=("Max", "Moritz"))
    s = referee.Standings()
    s.add(tie)
    s.add(m)  # Max alone: 1
    line = s.players["sixty-six"]
    assert line["Max"].won == Fraction(1, 2) + 1 and line["Moritz"].won == Fraction(1, 2)
    recs = {r["player"]: r["won"] for r in s.records()
            if r["kind"] == "player" and r["game"]}
    assert recs == {"Max": 1.5, "Moritz": 0.5}


def test_the_command_text_json_csv_html_and_jobs(tmp_path):
    d = _archive(tmp_path)
    run = CliRunner().invoke
    text = run(main, ["standings", str(d)])
    assert text.exit_code == 0
    assert "sixty-six: 3 matches, 3 hands" in text.output
    assert ["Max", "3", "3", "3", "6"] in [x.split() for x in text.output.splitlines()]
    assert "marriages: Moritz 1" in text.output and "Max - Moritz: 2: 2-0" in text.output
    js = run(main, ["standings", "--format", "json", str(d)])
    assert js.output.count("\n") == 3 + 1 + 2 + 3  # 3 players, the game, 2 pairs, 3 overall
    assert js.output.startswith('{"kind":"player","game":"sixty-six","player":"Max"')
    rows = list(csv.reader(io.StringIO(run(main, ["standings", "--format", "csv",
                                                  str(d)]).output)))
    assert rows[0] == ["game", "player", "matches", "won", "hands", "points"]
    assert rows[1] == ["sixty-six", "Max", "3", "3", "3", "6"]
    page = run(main, ["standings", "--format", "html", str(d)]).output
    assert page.startswith("<!DOCTYPE html>") and "<td>Moritz</td>" in page
    for fmt in ("text", "json", "csv"):
        serial = run(main, ["standings", "--format", fmt, str(d)]).output
        jobs = run(main, ["standings", "--format", fmt, "--jobs", "2", str(d)]).output
        assert jobs == serial


def test_a_file_that_cannot_be_read_is_said_and_the_rest_counted(tmp_path):
    d = _archive(tmp_path)
    r = CliRunner().invoke(main, ["standings", str(d / "a.jsonl"), str(d / "missing.jsonl")])
    assert r.exit_code == 2
    assert "cannot open" in r.output and "missing.jsonl" in r.output
    assert "sixty-six: 1 match, 1 hand" in r.output


def test_the_standings_keep_at_most_max_players(tmp_path, monkeypatch):
    """Memory grows with the players, up to MAX_PLAYERS (game, player) pairs: with 2, Anna
    (met third, in c.jsonl) is left out and said so."""
    import referee.archive as archive
    monkeypatch.setattr(archive, "MAX_PLAYERS", 2)
    d = _archive(tmp_path)
    recs = list(referee.standings(sorted(d.glob("*.jsonl"))).records())
    assert [r["player"] for r in recs if r["kind"] == "player" and r["game"]] == \
        ["Max", "Moritz"]
    assert recs[-1] == {"kind": "left_out", "players": 1}


def _players(out: str) -> list[tuple[str, int, int, int, int]]:
    recs = [json.loads(x) for x in out.splitlines()]
    return [(r["player"], r["matches"], r["won"], r["hands"], r["points"])
            for r in recs if r["kind"] == "player" and r["game"] == "sixty-six"]


def test_a_directory_is_read_as_check_reads_it_nested_and_compressed(tmp_path):
    """R29: c.jsonl moved into a sub-folder and gzipped is still counted, so the counts are
    those of the whole archive (module docstring): Max 3 matches, 3 won, 3 hands, 6 points."""
    import gzip
    d = _archive(tmp_path)
    (d / "late").mkdir()
    (d / "late" / "c.jsonl.gz").write_bytes(gzip.compress((d / "c.jsonl").read_bytes()))
    (d / "c.jsonl").unlink()
    r = CliRunner().invoke(main, ["standings", "--format", "json", str(d)])
    assert r.exit_code == 0, r.output
    assert _players(r.output) == [("Max", 3, 3, 3, 6), ("Anna", 1, 0, 1, 0),
                                  ("Moritz", 2, 0, 2, 0)]


def test_the_matches_selected_are_the_ones_counted(tmp_path):
    """R30 on standings: --player Anna leaves m3 alone (Max and Anna): Max 1 match, 1 won,
    1 hand, 2 points; Anna 1, 0, 1, 0; Moritz sat in neither, so is not listed.  --match m1
    --match m2 is Max against Moritz twice: Max 2, 2, 2, 2 + 2 = 4; Moritz 2, 0, 2, 0.  The
    same through the API and with two workers."""
    d = _archive(tmp_path)
    r = CliRunner().invoke(main, ["standings", "--format", "json", "--player", "Anna", str(d)])
    assert r.exit_code == 0, r.output
    assert _players(r.output) == [("Max", 1, 1, 1, 2), ("Anna", 1, 0, 1, 0)]
    r = CliRunner().invoke(main, ["standings", "--format", "json", "-j", "2", "--match", "m1",
                                  "--match", "m2", str(d)])
    assert _players(r.output) == [("Max", 2, 2, 2, 4), ("Moritz", 2, 0, 2, 0)]
    s = referee.standings(sorted(d.glob("*.jsonl")), selection=referee.Selection.of(game=["thirty-three"]))
    assert [r for r in s.records() if r["kind"] == "player"] == []


def test_finding_codes_are_no_selection_of_standings(tmp_path):
    """Standings show no findings, so --select (which picks findings) is no option of theirs."""
    r = CliRunner().invoke(main, ["standings", "--select", "revoke", str(_archive(tmp_path))])
    assert r.exit_code == 2 and "No such option '--select'" in r.output


def test_a_compressed_file_cut_short_is_counted_to_the_break_and_said(tmp_path):
    """R29 on standings: m1 (6 lines: match, deal, marriage, two plays, declare_out) and m2
    (5 lines) gzipped, the 8-byte trailer cut off: every line is read, then the data ends
    before its end marker, in line 6 + 5 + 1 = 12.  Both matches count (Max 2 matches, 2 won,
    2 hands, 2 + 2 = 4 points; Moritz 2, 0, 2, 0), the file is said on standard error and the
    exit status is 2; the same with two workers."""
    import gzip
    d = tmp_path / "night"
    d.mkdir()
    p = d / "both.jsonl.gz"
    p.write_bytes(gzip.compress((_match("m1", marriage=True) + _match("m2")).encode())[:-8])
    for extra in ([], ["-j", "2"]):
        r = CliRunner().invoke(main, ["standings", "--format", "json", *extra, str(d),
                                      str(d / "b.jsonl")])
        assert r.exit_code == 2
        assert _players(r.stdout) == [("Max", 2, 2, 2, 4), ("Moritz", 2, 0, 2, 0)]
        assert r.stderr == (f"referee: cannot read all of {p}: the gzip data is cut short (it "
                            "ends before its end marker) in line 12: nothing from there on can "
                            "be read (R29)\n"
                            f"referee: cannot open {d / 'b.jsonl'}: No such file or directory\n")
    s = referee.standings([p])
    assert s.broken == [(str(p), "the gzip data is cut short (it ends before its end marker) "
                                 "in line 12: nothing from there on can be read (R29)")]


def test_dask_and_jobs_mistakes_are_said_as_for_check(tmp_path):
    """--jobs with a cluster of its own, --dask-timeout without --dask: usage errors (status
    2), said before anything is read, as check says them."""
    d = str(_archive(tmp_path))
    r = CliRunner().invoke(main, ["standings", "--dask", "tcp://127.0.0.1:9", "--jobs", "2", d])
    assert r.exit_code == 2 and "--jobs sets the workers of --dask local" in r.output
    r = CliRunner().invoke(main, ["standings", "--dask-timeout", "3", d])
    assert r.exit_code == 2 and "--dask-timeout goes with --dask" in r.output
