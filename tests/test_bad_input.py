"""Bad input of every kind: a clear finding at the right line, the rest still read, never a
traceback.  Each file of tests/corpus has the findings it must get beside it (made by
tools/make_corpus.py; the why.txt files give the reasoning)."""
from __future__ import annotations

import json
import os
import sys

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.events import MAX_LINE_BYTES

from .conftest import HERE, run_log
from .test_conformance import TOOL

CORPUS = sorted((HERE / "corpus").glob("*.jsonl"))


@pytest.mark.parametrize("log", CORPUS, ids=[p.stem for p in CORPUS])
def test_corpus(log):
    expect = json.loads(log.with_suffix(".expect.json").read_text())
    problems = TOOL.check_case([sys.executable, "-m", "referee"], log, expect)
    assert problems == []


def test_strict_reports_duplicate_keys_and_unknown_fields():
    r = CliRunner().invoke(main, ["check", "--strict", str(HERE / "corpus" /
                                                             "duplicate_keys.jsonl")])
    assert r.exit_code == 0
    assert ":4: warning[bad-event]: the key 'player' is given twice" in r.output


def test_several_megabyte_line_is_read(tmp_path):
    note = "x" * (3 * 1024 * 1024)
    p = tmp_path / "big.jsonl"
    p.write_text(json.dumps({"event": "match", "game": "thirty-three",
                             "players": ["A", "B", "C"], "note": note}) + "\n"
                 + json.dumps({"event": "end"}) + "\n")
    r = CliRunner().invoke(main, ["score", "--format", "json", str(p)])
    assert r.exit_code == 0 and json.loads(r.output)["finished"] is True


def test_line_past_the_limit_is_bad_json(tmp_path):
    p = tmp_path / "huge.jsonl"
    with open(p, "wb") as f:
        f.write(b'{"event": "match", "game": "thirty-three", "players": ["A", "B", "C"]}\n')
        f.write(b'{"event": "end", "note": "' + b"y" * (MAX_LINE_BYTES + 10) + b'"}\n')
        f.write(b'{"event": "end"}\n')
    r = CliRunner().invoke(main, ["check", "--format", "json", str(p)])
    got = [(json.loads(x)["line"], json.loads(x)["code"]) for x in r.output.splitlines()]
    assert got == [(2, "bad-json")]      # and line 3 was still read (no finding: end is fine)


def test_unreadable_file_exit_2_and_others_processed(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    p = tmp_path / "locked.jsonl"
    p.write_text("{}\n")
    p.chmod(0)
    r = CliRunner().invoke(main, ["check", str(p), str(HERE / "corpus" / "empty.jsonl")])
    assert r.exit_code == 2 and "cannot open" in r.output


def test_file_with_no_json_at_all_is_exit_2(tmp_path):
    p = tmp_path / "png.jsonl"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n")
    r = CliRunner().invoke(main, ["check", str(p)])
    assert r.exit_code == 2 and "no line of it could be decoded" in r.output
    assert "error[bad-json]" in r.output


def test_second_match_in_mid_hand_starts_afresh():
    from .test_thirty_three import MATCH, nines_hand
    rec = run_log([MATCH, *nines_hand()[:5], MATCH, *nines_hand()])
    assert rec.codes == [(6, "incomplete-hand")]
    assert [m.totals for m in rec.matches] == [{"A": 0, "B": 0, "C": 0},
                                               {"A": 65, "B": 5, "C": 0}]
