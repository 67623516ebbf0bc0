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


def test_nesting_too_deep_is_bad_json_and_reading_goes_on(tmp_path):
    """msgspec gives up on very deep nesting with a RecursionError; the reader turns it into
    ``bad-json`` at that line and reads on (line 3 still counts: blank line 1 is skipped)."""
    deep = '{"a":' * 20000 + "1" + "}" * 20000
    p = tmp_path / "deep.jsonl"
    p.write_text("\n" + '{"event": "match", "game": "sixty-six", "players": ["A", "B"], '
                 f'"rules": {deep}}}\n' + '{"event": "end"}\n')
    r = CliRunner().invoke(main, ["check", "--format", "json", str(p)])
    got = [json.loads(x) for x in r.output.splitlines()]
    assert [(f["line"], f["code"]) for f in got] == [(2, "bad-json"), (3, "no-match")]
    assert "nested too deeply" in got[0]["message"]


def test_a_line_cut_short_is_called_so():
    """A line cut inside a string: msgspec, given the line with its newline, would blame the
    newline ("invalid character"); the finding says the line is cut short, as for a last line
    without a newline."""
    import io
    from referee.events import read_events
    data = b'{"event": "play", "player": "A\n{"event": "end"}\n{"event": "pl'
    got = [(n, e.message) for n, e in read_events(io.BytesIO(data)) if hasattr(e, "message")]
    cut = "not valid JSON: the line ends before its JSON is complete (cut short?)"
    assert got == [(1, cut), (3, cut)]


def test_a_bom_in_mid_file_is_named():
    import io
    from referee.events import read_events
    got = list(read_events(io.BytesIO(b'{"event":"end"}\n\xef\xbb\xbf{"event":"end"}\n')))
    assert got[1][0] == 2 and "byte-order mark (BOM)" in got[1][1].message


@pytest.mark.parametrize("data, expect", [
    # An RS or BOM alone is not a blank line: jsonlines drops it and nothing is left to decode.
    (b'\x1e\n{"event":"end"}\n', [(1, "bad-json"), (2, "End")]),
    (b'\xef\xbb\xbf\n{"event":"end"}\n', [(1, "bad-json"), (2, "End")]),
    (b'{"event":"end"}\n\x1e\n', [(1, "End"), (2, "bad-json")]),
    # A BOM is allowed only at the start of the file (FORMAT.md).
    (b'\xef\xbb\xbf{"event":"end"}\n', [(1, "End")]),
    (b'{"event":"end"}\n\xef\xbb\xbf{"event":"end"}\n', [(1, "End"), (2, "bad-json")]),
    # Only ASCII white space makes a blank line (skipped, but counted).
    (b'\x0b\x0c \r\n\t\n{"event":"end"}', [(3, "End")]),
    ("\u3000\n".encode(), [(1, "bad-json")]),
    (b'\xff\n', [(1, "bad-json")]),
])
def test_unusual_lines_at_the_reader(data, expect):
    import io
    from referee.events import ReadError, read_events
    got = [(n, e.code if isinstance(e, ReadError) else type(e).__name__)
           for n, e in read_events(io.BytesIO(data))]
    assert got == expect
