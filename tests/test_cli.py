"""The command line (click's test runner): output contract of FORMAT.md, exit statuses, inputs."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from referee.cli import main

from .conftest import ROOT

EX = ROOT / "examples" / "thirty-three"
CASE = ROOT / "tests" / "cases" / "thirty-three" / "revoke_established_left_bower.jsonl"


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def test_check_text_finding_format_and_exit_1():
    r = invoke("check", CASE)
    assert r.exit_code == 1
    line = r.output.strip()
    assert line.startswith(f"{CASE}:11: error[revoke]: trick 1: B played J♥ to a lead of 8♥")
    # evidence: the led suit as the game counts it and the card of that suit held
    assert "(hearts, as Diamonds counts them)" in line and "holding 7♥" in line
    assert "left bower" in line and "B -27" in line


def test_check_json_shape():
    r = invoke("check", "--format", "json", CASE)
    assert r.exit_code == 1
    objs = [json.loads(x) for x in r.output.splitlines()]
    assert len(objs) == 1
    assert list(objs[0]) == ["file", "line", "severity", "code", "match", "hand", "trick",
                             "player", "message", "rule", "evidence", "cause"]
    assert objs[0]["match"] == 1 and objs[0]["hand"] == 1 and objs[0]["trick"] == 1
    assert objs[0]["player"] == "B" and objs[0]["severity"] == "error"


def test_check_clean_exit_0_and_quiet_and_summary():
    r = invoke("check", EX / "match.jsonl")
    assert r.exit_code == 0 and r.output == ""
    r = invoke("check", "-q", CASE)
    assert r.exit_code == 1 and r.output == ""
    r = invoke("check", "--summary", CASE, EX / "match.jsonl")
    assert r.output.splitlines() == [
        f"{CASE}: errors: 1 error, 0 warnings, 1 problem, 1 match",
        f"{EX / 'match.jsonl'}: clean: 0 errors, 0 warnings, 0 problems, 1 match"]



@pytest.mark.parametrize("data", [b"", b"\n\n", b" \t\r\n", b"\xef\xbb\xbf\n"])
def test_summary_says_a_file_is_empty(tmp_path, data):
    """R10: an empty file (or blank lines only; a BOM at the start is ignored) exits 0 with no
    finding, and --summary says it is empty, in text and in JSON (issue 13 item 16)."""
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(data)
    r = invoke("check", "--summary", empty, EX / "match.jsonl")
    assert r.exit_code == 0
    assert r.output.splitlines() == [
        f"{empty}: clean: 0 errors, 0 warnings, 0 problems, 0 matches (the file is empty)",
        f"{EX / 'match.jsonl'}: clean: 0 errors, 0 warnings, 0 problems, 1 match"]
    r = invoke("check", "--summary", "--format", "json", empty, EX / "match.jsonl")
    assert r.exit_code == 0
    assert [json.loads(x) for x in r.output.splitlines()] == [
        {"file": str(empty), "verdict": "clean", "errors": 0, "warnings": 0, "problems": 0,
         "matches": 0, "empty": True},
        {"file": str(EX / "match.jsonl"), "verdict": "clean", "errors": 0, "warnings": 0,
         "problems": 0, "matches": 1, "empty": False}]


def test_summary_of_a_file_of_one_stray_event_is_not_empty(tmp_path):
    p = tmp_path / "stray.jsonl"
    p.write_bytes(b'{"event": "end"}\n')
    r = invoke("check", "--summary", p)
    assert r.exit_code == 1   # no-match
    assert r.output == f"{p}: errors: 1 error, 0 warnings, 1 problem, 0 matches\n"


def test_history_has_no_jobs():
    r = CliRunner().invoke(main, ["history", "--jobs", "2", str(EX / "match.jsonl")])
    assert r.exit_code == 2 and "No such option" in r.output


def test_missing_file_exit_2_others_still_processed():
    r = CliRunner().invoke(main, ["check", "nope.jsonl", str(CASE)])
    assert r.exit_code == 2
    assert "referee: cannot open nope.jsonl" in r.output
    assert "error[revoke]" in r.output   # the other file was still checked


def test_directory_without_logs_exit_2(tmp_path):
    """A directory is read for the logs under it (R29, tests/test_inputs.py); one with none
    is said so, status 2."""
    (tmp_path / "notes.txt").write_text("no log\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert r.exit_code == 2 and "a directory with no file named *.jsonl" in r.output


def test_stdin_default_and_dash():
    data = CASE.read_bytes()
    r = CliRunner().invoke(main, ["check"], input=data)
    assert r.exit_code == 1 and r.output.startswith("<stdin>:11: error[revoke]")
    r = CliRunner().invoke(main, ["check", "-"], input=data)
    assert r.output.startswith("<stdin>:11:")


def test_score_json_contract():
    r = invoke("score", "--format", "json", EX / "match.jsonl")
    assert r.exit_code == 0
    objs = [json.loads(x) for x in r.output.splitlines()]
    assert len(objs) == 1
    m = objs[0]
    assert list(m) == ["file", "match", "game", "players", "hands", "totals", "finished",
                       "winners"]
    assert list(m["hands"][0]) == ["hand", "line", "dealer", "declarer", "contract", "status",
                                   "deltas", "totals"]
    # G8: the totals are always the sum of the deltas
    for p in m["players"]:
        assert sum(h["deltas"][p] for h in m["hands"]) == pytest.approx(m["totals"][p])


def test_score_text_shows_totals_and_winner():
    r = invoke("score", EX / "match.jsonl")
    assert "finished: Cili wins" in r.output
    assert "totals" in r.output and "218.5" in r.output


def test_history_shows_hands_tricks_and_findings_in_place():
    r = invoke("history", CASE)
    out = r.output
    assert r.exit_code == 1
    assert "dealer A" in out and "boat" in out
    assert "contract: Diamonds 20 (CV 27), declarer C" in out
    assert "B: Kontra" in out
    assert "trick  1: C 8♥, A 7♣, B J♥* (revoke)  → B" in out
    # the finding comes right after the trick line it belongs to
    lines = out.splitlines()
    i = next(k for k, x in enumerate(lines) if "trick  1:" in x)
    assert "error[revoke]" in lines[i + 1]
    r = invoke("history", "--ascii", CASE)
    assert "trick  1: C 8H, A 7C, B JH* (revoke)  -> B" in r.output


def test_history_shows_the_trick_a_hand_ended_in():
    """disputed.jsonl: Bela leads A♥ (line 57), Cili revokes with 8♠ (58), and Anna's K♥ (59)
    establishes the revoke, which ends the hand (G4, T8): Anna's card is never applied, so trick
    6 holds two cards.  The history shows them and Anna's card that established the revoke
    (issue 13 item 13), then the finding at line 58."""
    r = invoke("history", EX / "disputed.jsonl")
    lines = r.output.splitlines()
    # led by its log lines: A♥ at 57 to K♥ at 59
    i = lines.index("57-59  trick  6 (not finished): Bela A♥, Cili 8♠ (revoke), "
                    "Anna K♥ (establishes the revoke)")
    assert "error[revoke]: trick 6" in lines[i + 1]


def test_schema_is_json_schema_of_every_event():
    r = invoke("schema")
    s = json.loads(r.output)
    assert s["$schema"].startswith("https://json-schema.org/")
    text = json.dumps(s)
    for tag in ("match", "deal", "bid", "play", "retract", "kontra", "declare_out", "give"):
        assert f'"{tag}"' in text


def test_legal_command_text_and_json():
    r = invoke("legal", CASE, "--line", "11")
    assert r.exit_code == 1
    assert "to act: B" in r.output and "  B plays 7♥\n" in r.output and "NOT legal" in r.output
    r = invoke("legal", CASE, "--line", "11", "--format", "json")
    obj = json.loads(r.output)
    assert obj["to_act"] == ["B"] and obj["legal"] == [{"event": "play", "player": "B",
                                                        "card": "7H"}]
    assert obj["event_legal"] is False and obj["findings"][0]["code"] == "revoke"
    r = invoke("legal", CASE, "--line", "10")
    assert r.exit_code == 0 and "  A plays " in r.output and "legal" in r.output


def test_simulate_is_reproducible():
    a = invoke("simulate", "thirty-three", "--seed", "5", "--hands", "3").output
    b = invoke("simulate", "thirty-three", "--seed", "5", "--hands", "3").output
    c = invoke("simulate", "thirty-three", "--seed", "6", "--hands", "3").output
    assert a == b and a != c
    assert json.loads(a.splitlines()[0])["event"] == "match"


PILE = {"thirty-three": "boat", "asszorti": "talon", "sixty-six": "stock",
        "eighty-three": "kitty"}


@pytest.mark.parametrize("game", sorted(PILE))
def test_simulate_hide_hands_writes_the_play_alone(game):
    """--hide-hands (G14, FORMAT.md deal "since format 1.1"): every deal leaves out the hands
    and the pile, Sixty-Six keeps the turned-up trump card; every other line is the full log's."""
    full = [json.loads(x) for x in invoke("simulate", game, "--seed", "4", "--hands", "3")
            .output.splitlines()]
    alone = [json.loads(x) for x in invoke("simulate", game, "--seed", "4", "--hands", "3",
                                           "--hide-hands").output.splitlines()]
    assert len(alone) == len(full)
    deals = 0
    for a, f in zip(alone, full):
        if f["event"] != "deal":
            assert a == f
            continue
        deals += 1
        assert "hands" not in a and PILE[game] not in a
        assert a["dealer"] == f["dealer"]
        assert a.get("trump_card") == (f["trump_card"] if game == "sixty-six" else None)
    assert deals == 3


def test_simulate_hide_hands_of_some_players():
    """--hide-hands=NAMES hides those players' hands (and the pile only when named)."""
    out = invoke("simulate", "thirty-three", "--seed", "4", "--hands", "1",
                 "--hide-hands=Anna").output
    deal = json.loads(out.splitlines()[1])
    assert sorted(deal["hands"]) == ["Bela", "Cili"] and len(deal["boat"]) == 3
    out = invoke("simulate", "thirty-three", "--seed", "4", "--hands", "1",
                 "--hide-hands=Anna,Bela,Cili").output
    deal = json.loads(out.splitlines()[1])
    assert "hands" not in deal and len(deal["boat"]) == 3
    out = invoke("simulate", "thirty-three", "--seed", "4", "--hands", "1",
                 "--hide-hands=Cili,boat").output
    deal = json.loads(out.splitlines()[1])
    assert sorted(deal["hands"]) == ["Anna", "Bela"] and "boat" not in deal


def test_simulate_hide_hands_unknown_name_is_a_usage_error():
    r = CliRunner().invoke(main, ["simulate", "sixty-six", "--hide-hands=Max,Bob"])
    assert r.exit_code == 2
    assert "'Bob' is neither a player nor the stock" in r.output
    # without the =, the next word is taken as the names (click's optional value): said so
    assert "(write --hide-hands=NAMES, with the =)" in r.output


def test_hide_hands_leaves_the_deal_given_alone():
    from referee.simulate import hide_hands
    deal = {"event": "deal", "dealer": "A", "hands": {"A": ["AS"], "B": ["KS"]},
            "stock": ["QS"], "trump_card": "9S"}
    copy = json.loads(json.dumps(deal))
    assert hide_hands(deal, "stock", ["B"]) == {"event": "deal", "dealer": "A",
                                                 "hands": {"A": ["AS"]}, "stock": ["QS"],
                                                 "trump_card": "9S"}
    assert hide_hands(deal, "stock") == {"event": "deal", "dealer": "A", "trump_card": "9S"}
    assert deal == copy


def test_version_and_usage_error():
    assert "referee, version" in invoke("--version").output
    r = CliRunner().invoke(main, ["check", "--format", "xml"])
    assert r.exit_code == 2


def test_closed_pipe_is_quiet():
    cmd = f"{sys.executable} -m referee simulate thirty-three --seed 1 --hands 40 | head -c 10"
    p = subprocess.run(["bash", "-c", f"{cmd}; exit ${{PIPESTATUS[0]}}"], capture_output=True,
                       text=True, cwd=ROOT)
    # quiet, and the status of a process stopped by SIGPIPE (128 + 13), as `yes | head` gives
    assert p.returncode == 141 and p.stderr == ""


def test_score_standings_across_matches():
    r = invoke("score", "--standings", EX / "match.jsonl", EX / "disputed.jsonl")
    assert "standings across 2 matches" in r.output
    r = invoke("score", "--standings", "--format", "json", EX / "match.jsonl",
               EX / "disputed.jsonl")
    last = json.loads(r.stdout.splitlines()[-1])
    assert last["matches"] == 2
    cili = next(x for x in last["standings"] if x["player"] == "Cili")
    assert cili["won"] == 1 and cili["matches"] == 2


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    from referee import cli
    monkeypatch.setattr(cli.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert cli._style(False).colour is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert cli._style(False).colour is False
    assert cli._style(True).symbols is False


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    from referee import batch
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(batch.Progress, "THRESHOLD", 0)
    monkeypatch.setattr(batch.sys.stderr, "isatty", lambda: False, raising=False)
    assert batch.Progress((str(EX / "match.jsonl"),)).bar is None       # a pipe: never
    monkeypatch.setattr(batch.sys.stderr, "isatty", lambda: True, raising=False)
    prog = batch.Progress((str(EX / "match.jsonl"),))
    assert prog.bar is not None and prog.bar.length == (EX / "match.jsonl").stat().st_size
    prog.close()


def _stderr_on_a_terminal(args: list[str]) -> tuple[int, bytes]:
    """Run ``referee ARGS`` with standard error on a pseudo-terminal (standard output thrown
    away: read only at the end, a pipe would fill up and stop the run, as 21 copies of one
    file now give a page of duplicate warnings): its exit status and all it wrote on the
    terminal."""
    import pty
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    try:
        p = subprocess.Popen([sys.executable, "-m", "referee", *args], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=slave, cwd=ROOT, env=env)
    finally:
        os.close(slave)
    got = b""
    try:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the process closed its end
                break
            if not chunk:
                break
            got += chunk
    finally:
        os.close(master)
    return p.wait(timeout=120), got


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pty")
@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_quiet_draws_no_progress_bar_on_a_terminal(jobs):
    """``check -q`` prints nothing, on a terminal too (issue 29 item 14): more than 20 files
    draw a progress bar on a terminal ("referee" and a bar), but not with -q."""
    files = [str(EX / "match.jsonl")] * 21
    status, shown = _stderr_on_a_terminal(["check", *jobs, *files])
    assert status == 0 and b"referee" in shown  # the bar is drawn without -q
    status, shown = _stderr_on_a_terminal(["check", "-q", *jobs, *files])
    assert status == 0 and shown == b""


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "json"], ["check", "--summary"],
                                  ["score"], ["score", "--format", "json", "--standings"]])
def test_jobs_output_is_identical_to_serial(args):
    """--jobs N: the same stdout, stderr and exit status as one process, in file order."""
    files = sorted(str(p) for p in (ROOT / "examples").glob("*/*.jsonl")) + ["missing.jsonl"]
    runs = []
    for extra in ([], ["--jobs", "3"]):
        p = subprocess.run([sys.executable, "-m", "referee", *args, *extra, *files],
                           capture_output=True, text=True, cwd=ROOT)
        runs.append((p.returncode, p.stdout, p.stderr))
    assert runs[0] == runs[1]
    assert runs[0][0] == 2 and "cannot open missing.jsonl" in runs[0][2]


def test_output_without_suit_symbols_falls_back_to_letters():
    """An output encoding with no suit symbols (PYTHONIOENCODING=ascii, cp1252) never raises."""
    for enc in ("ascii", "cp1252"):
        for args in (["check", str(CASE)], ["history", str(CASE)], ["check", "--ascii", str(CASE)]):
            p = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                               env=dict(os.environ, PYTHONIOENCODING=enc), cwd=ROOT)
            assert p.returncode == 1 and b"Traceback" not in p.stderr
            assert b"JH" in p.stdout and b"B -27" in p.stdout


def test_ascii_option_translates_findings_too():
    r = invoke("check", "--ascii", CASE)
    assert "played JH to a lead of 8H" in r.output and "holding 7H" in r.output
    assert all(ord(ch) < 128 for ch in r.output)


def test_legal_lists_every_eighty_three_discard():
    """examples/eighty-three/match.jsonl line 45: Bob holds 8 plain cards and must lay away 6
    (E2): C(8, 6) = 28 legal discards, all listed."""
    r = invoke("legal", ROOT / "examples" / "eighty-three" / "match.jsonl", "--line", "45",
               "--format", "json")
    obj = json.loads(r.stdout)
    bob = [a for a in obj["legal"] if a["event"] == "discard" and a["player"] == "Bob"]
    assert len(bob) == 28
