"""Selection (ruling R30, referee.selection): --match, --player, --game pick matches,
--select/--ignore pick findings by code, on check, score and history; the exit status follows
the findings shown; unknown codes and games are usage errors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import referee
from referee.cli import main
from referee.selection import Selected, Selection, SelectionError

from .conftest import ROOT

EX = ROOT / "examples"
T33 = EX / "thirty-three" / "disputed.jsonl"   # 94 lines; Anna, Bela, Cili; revoke at 58
S66 = EX / "sixty-six" / "disputed.jsonl"      # 20 lines; Ann, Bob; revoke at 7
S66_MATCH = EX / "sixty-six" / "match.jsonl"   # Ann, Bob; hand 1 deals at 2, plays on past 12
E83 = EX / "eighty-three" / "disputed.jsonl"   # Ann, Bob, Cat, Dan; revoke at 27


@pytest.fixture()
def archive(tmp_path) -> tuple[Path, Path]:
    """``archive.jsonl``: line 1 not JSON (a bad-json outside every match); lines 2-95 the
    Thirty-Three match (its revoke at 1 + 58 = 59); lines 96-115 the Sixty-Six match
    "disputed" (its revoke at 95 + 7 = 102); lines 116-125 the first 10 lines of a Sixty-Six
    match without an id (so it is match 3 of the file), cut in hand 1 (incomplete-hand, a
    warning, at its last line, 115 + 10 = 125).  And ``e83.jsonl``, the Eighty-Three match
    "disputed-83" (its revoke at 27)."""
    first = json.loads(S66_MATCH.read_text().splitlines()[0])
    del first["id"]
    cut = [json.dumps(first)] + S66_MATCH.read_text().splitlines()[1:10]
    text = "not json\n" + T33.read_text() + S66.read_text() + "\n".join(cut) + "\n"
    a = tmp_path / "archive.jsonl"
    a.write_text(text)
    assert len(text.splitlines()) == 125
    e = tmp_path / "e83.jsonl"
    e.write_bytes(E83.read_bytes())
    return a, e


def found(archive, *options: str) -> tuple[int, list[tuple[str, int, str]]]:
    a, e = archive
    r = CliRunner().invoke(main, ["check", "--format", "json", *options, str(a), str(e)],
                           catch_exceptions=False)
    return r.exit_code, [(Path(f["file"]).stem, f["line"], f["code"])
                         for f in map(json.loads, r.stdout.splitlines())]


ALL = [("archive", 1, "bad-json"), ("archive", 59, "revoke"), ("archive", 102, "revoke"),
       ("archive", 125, "incomplete-hand"), ("e83", 27, "revoke")]


def test_no_selection_shows_everything(archive):
    assert found(archive) == (1, ALL)


@pytest.mark.parametrize("options, expected", [
    # Ann sits in both Sixty-Six matches and the Eighty-Three one; the bad-json is in no match
    (["--player", "Ann"], (1, [ALL[2], ALL[3], ALL[4]])),
    (["--player", "Anna"], (1, [ALL[1]])),
    (["--player", "Anna", "--player", "Dan"], (1, [ALL[1], ALL[4]])),  # either
    (["--player", "Nobody"], (0, [])),
    (["--game", "sixty-six"], (1, [ALL[2], ALL[3]])),
    # a warning alone: status 0
    (["--game", "sixty-six", "--ignore", "revoke"], (0, [ALL[3]])),
    (["--match", "3"], (0, [ALL[3]])),  # the match without an id, by its number
    (["--match", "disputed", "--match", "disputed-83"], (1, [ALL[2], ALL[4]])),
    (["--player", "Ann", "--game", "eighty-three"], (1, [ALL[4]])),  # both
    (["--select", "bad-json"], (1, [ALL[0]])),
    (["--select", "bad-json", "--player", "Ann"], (0, [])),
    (["--select", "revoke,incomplete-hand", "--ignore", "revoke"], (0, [ALL[3]])),
    (["--ignore", "revoke", "--ignore", "bad-json"], (0, [ALL[3]])),
])
def test_r30_selection_combinations(archive, options, expected):
    assert found(archive, *options) == expected


def test_r30_summary_and_status_count_what_is_shown(archive):
    a, e = archive
    r = CliRunner().invoke(main, ["check", "--summary", "--player", "Anna", str(a), str(e)])
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{a}: errors: 1 error, 0 warnings, 1 problem, 1 match",
        f"{e}: clean: 0 errors, 0 warnings, 0 problems, 0 matches"]
    r = CliRunner().invoke(main, ["check", "-q", "--ignore", "revoke,bad-json", str(a)])
    assert r.exit_code == 0 and r.stdout == ""


def test_score_shows_the_selected_matches_only(archive):
    """The Thirty-Three match of docs/api.md: totals Anna 33+0+3 = 36, Bela 0+0+7 = 7, Cili
    0-26+17 = -9; its revoke alone on standard error."""
    a, e = archive
    r = CliRunner().invoke(main, ["score", "--format", "json", "--player", "Cili", str(a),
                                  str(e)])
    assert r.exit_code == 1
    (obj,) = map(json.loads, r.stdout.splitlines())
    assert obj["match"] == "club-night-2026-11-21"
    assert obj["totals"] == {"Anna": 36, "Bela": 7, "Cili": -9}
    assert [json.loads(x)["line"] for x in r.stderr.splitlines()] == [59]


def test_score_standings_of_the_selection(archive):
    a, e = archive
    r = CliRunner().invoke(main, ["score", "--format", "json", "--standings", "--game",
                                  "thirty-three", str(a), str(e)])
    last = json.loads(r.stdout.splitlines()[-1])
    assert last["matches"] == 1
    assert {row["player"]: row["points"] for row in last["standings"]} == {
        "Anna": 36, "Bela": 7, "Cili": -9}


def test_history_text_and_html(archive):
    a, e = archive
    r = CliRunner().invoke(main, ["history", "--match", "disputed-83", str(a), str(e)])
    assert r.exit_code == 1
    assert "disputed-83" in r.stdout and "club-night" not in r.stdout
    assert r.stdout.count("error[") == 1
    r = CliRunner().invoke(main, ["history", "--format", "html", "--player", "Nobody", str(a)])
    assert r.exit_code == 0 and "club-night" not in r.stdout and "revoke" not in r.stdout
    r = CliRunner().invoke(main, ["history", "--format", "html", "--player", "Bob",
                                  "--ignore", "revoke", str(a)])
    assert r.exit_code == 0 and "club-night" not in r.stdout
    assert "incomplete-hand" in r.stdout


@pytest.mark.parametrize("options, said", [
    (["--select", "revoke,nope"], "--select: 'nope' is no finding code (the codes: bad-json"),
    (["--ignore", "x", "--ignore", "y"], "--ignore: 'x', 'y' are no finding codes"),
    (["--game", "skat"], "--game: 'skat': the games are thirty-three, asszorti, sixty-six, "
                         "eighty-three"),
])
@pytest.mark.parametrize("command", ["check", "score", "history"])
def test_r30_unknown_codes_and_games_are_usage_errors(command, options, said):
    r = CliRunner().invoke(main, [command, *options, str(T33)])
    assert r.exit_code == 2 and said in r.output and "Usage:" in r.output


def test_r30_a_file_that_is_no_log_is_status_2_whatever_is_selected(tmp_path):
    p = tmp_path / "prose.jsonl"
    p.write_text("not a log\n")
    r = CliRunner().invoke(main, ["check", "--player", "Anna", str(p)])
    assert r.exit_code == 2 and r.stdout == "" and "not a log" in r.stderr


def _cli(*args: str, cwd: Path) -> tuple[int, bytes, bytes]:
    p = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                       cwd=cwd, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("args", [["check", "--player", "Ann", "--ignore", "incomplete-hand"],
                                  ["score", "--format", "csv", "--game", "sixty-six"],
                                  ["check", "--summary", "--match", "3"]])
def test_jobs_prints_exactly_what_the_serial_run_prints(archive, tmp_path, args):
    names = [str(p) for p in archive] + [str(T33), str(S66), str(E83)]
    serial = _cli(*args, *names, cwd=tmp_path)
    assert serial == _cli(*args, "--jobs", "3", *names, cwd=tmp_path)
    assert serial[1]  # something is shown


def test_the_api_selection():
    sel = Selection.of(player=["Cili"], select=["revoke"])
    [m] = sel.pick(referee.read_log(T33))
    assert m.key == "club-night-2026-11-21"
    assert [(f.line, f.code) for f in m.all_findings() if sel.shows(f, m)] == [(58, "revoke")]
    assert list(Selection.of(game=["sixty-six"]).pick(referee.read_log(T33))) == []
    with pytest.raises(SelectionError, match="'chess'"):
        Selection.of(game=["chess"])
    assert Selection().everything and not Selection.of(ignore=["revoke"]).everything
    assert referee.Selection is Selection


def test_selected_passes_on_only_the_calls_of_selected_matches(archive):
    """The listener: begin_match and end_match of the one match where Anna sits."""
    from referee.replay import Listener, replay

    class Seen(Listener):
        def __init__(self):
            self.calls = []

        def begin_match(self, info):
            self.calls.append(("begin", info.match))

        def end_match(self, summary):
            self.calls.append(("end", summary.info.match))

    seen = Seen()
    chosen = Selected(seen, Selection.of(player=["Anna"]))
    with open(archive[0], "rb") as f:
        stats = replay(f, "archive", chosen)
    chosen.count_into(stats)
    assert seen.calls == [("begin", "club-night-2026-11-21"), ("end", "club-night-2026-11-21")]
    assert (stats.errors, stats.warnings, stats.matches) == (1, 0, 1)


def test_one_string_is_one_value():
    assert Selection.of(player="Anna", select="revoke,bad-json") == Selection(
        players=frozenset({"Anna"}), select=frozenset({"revoke", "bad-json"}))


def test_duplicates_among_the_selected_matches_count_as_shown(tmp_path):
    """The Thirty-Three match twice in one file (lines 1-94, 95-188; 3 deals each, the revoke
    at 58 and 94 + 58 = 152).  The second copy is a duplicate-match by its id at line 95
    (R31) and each of its 3 hands a duplicate-hand (R32) that follows from it, so: 2 errors,
    1 + 3 = 4 warnings, 2 revokes + 1 = 3 problems — the same with --player Anna (she sits in
    both copies) as without; with --select revoke the duplicates are not shown nor counted:
    2 errors, 0 warnings, 2 problems; and with --player Nobody nothing is shown, exit 0."""
    log = tmp_path / "twice.jsonl"
    log.write_text(T33.read_text() * 2)
    assert T33.read_text().count('"event": "deal"') == 3
    for options, line in ([[], "2 errors, 4 warnings, 3 problems, 2 matches"],
                          [["--player", "Anna"], "2 errors, 4 warnings, 3 problems, 2 matches"],
                          [["--player", "Anna", "--select", "revoke"],
                           "2 errors, 0 warnings, 2 problems, 2 matches"]):
        r = CliRunner().invoke(main, ["check", "--summary", *options, str(log)])
        assert r.exit_code == 1 and r.stdout == f"{log}: errors: {line}\n", options
    r = CliRunner().invoke(main, ["check", "--format", "json", "--player", "Anna", str(log)])
    assert [(f["line"], f["code"]) for f in map(json.loads, r.stdout.splitlines())] == [
        (58, "revoke"), (95, "duplicate-match"), (130, "duplicate-hand"), (152, "revoke"),
        (153, "duplicate-hand"), (188, "duplicate-hand")]
    r = CliRunner().invoke(main, ["check", "--player", "Nobody", str(log)])
    assert r.exit_code == 0 and r.stdout == ""
