"""Bad input of every kind: a clear finding at the right line, the rest still read, never a
traceback.  Each file of tests/corpus has the findings it must get beside it (made by
tools/make_corpus.py; the why.txt files give the reasoning)."""
from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys

import io

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.events import MAX_LINE_BYTES

from .conftest import HERE, ROOT, run_log
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


def _without_read_override() -> None:
    """In the child, before exec: drop CAP_DAC_OVERRIDE (1) and CAP_DAC_READ_SEARCH (2) from
    the capability bounding set (prctl PR_CAPBSET_DROP, 24), so that root, after exec, reads
    only what the file modes let it, like any user (its own mode-000 file included)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):
        if libc.prctl(24, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _as_a_user_who_cannot_read(args: list[str], folder: str) -> subprocess.CompletedProcess:
    """Run ``referee ARGS`` in ``folder`` as a user who cannot read a mode-000 file: the test's
    own user, or when the tests run as root (CI), root without the capabilities that let it
    read every file (the whole interpreter still works, wherever it is installed)."""
    drop = _without_read_override if os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "-m", "referee", *args], cwd=folder,
                          preexec_fn=drop, capture_output=True, text=True, timeout=120)


@pytest.fixture
def readable_dir(tmp_path):
    """A folder holding good.jsonl (Sixty-Six, one match) and unreadable.jsonl (mode 000); no
    missing.jsonl."""
    (tmp_path / "good.jsonl").write_bytes((ROOT / "examples" / "sixty-six" / "match.jsonl")
                                          .read_bytes())
    locked = tmp_path / "unreadable.jsonl"
    locked.write_text('{"event": "match", "game": "sixty-six", "players": ["A", "B"]}\n')
    locked.chmod(0)
    return str(tmp_path)


@pytest.mark.parametrize("command", [["check"], ["check", "--summary"], ["score"],
                                     ["score", "--format", "json"], ["history"],
                                     ["check", "-j", "2"]])
def test_unreadable_file_is_reported_like_a_missing_one_and_the_others_read(
        readable_dir, command):
    files = ["good.jsonl", "unreadable.jsonl", "missing.jsonl"]
    r = _as_a_user_who_cannot_read(command + files, readable_dir)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and "Usage:" not in r.stderr
    assert "referee: cannot open unreadable.jsonl: Permission denied" in r.stderr
    assert "referee: cannot open missing.jsonl: No such file or directory" in r.stderr
    if command[0] != "check" or "--summary" in command:  # good.jsonl was read (check: clean)
        assert "good.jsonl" in r.stdout


def test_legal_on_an_unreadable_file_says_so(readable_dir):
    r = _as_a_user_who_cannot_read(["legal", "unreadable.jsonl", "--line", "1"], readable_dir)
    assert r.returncode == 2
    assert r.stderr == "referee: cannot open unreadable.jsonl: Permission denied\n"


@pytest.mark.parametrize("cmd", ["legal", "solve"])
def test_a_file_with_one_json_object_is_a_log_to_legal_and_solve(tmp_path, cmd):
    """R7: one JSON object among the lines (here a bad event) makes the file a log with
    errors, so at line 1 the answer is the log's: no match in play there (legal: 0, as at the
    moment before any match; solve: nothing to solve, 2), not "not a log"."""
    p = tmp_path / "half.jsonl"
    p.write_bytes(b"hello\n{\"event\": \"nonsense\"}\n")
    r = CliRunner().invoke(main, [cmd, "--line", "1", str(p)])
    assert "not a log" not in r.stderr and "Traceback" not in r.output
    if cmd == "legal":
        assert (r.exit_code, r.stdout) == (0, f"{p}:1: no match is in play here\n")
    else:
        assert (r.exit_code, r.stderr) == (
            2, f"referee: {p}:1: cannot solve: no match is in play at that moment\n")


def test_file_with_no_json_at_all_is_exit_2(tmp_path):
    p = tmp_path / "png.jsonl"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n")
    r = CliRunner().invoke(main, ["check", str(p)])
    assert r.exit_code == 2 and "not one line of it is a JSON object" in r.output
    assert "error[bad-json]" in r.output


@pytest.mark.parametrize("args", [["check"], ["score"], ["history"],
                                  ["history", "--format", "html"], ["analyse"],
                                  ["legal", "--line", "1"], ["legal", "--line", "2"],
                                  ["legal", "--line", "3"], ["legal", "--line", "9"],
                                  ["solve", "--line", "2"], ["solve", "--line", "9"]])
def test_every_command_says_a_file_is_no_log_in_the_same_words(tmp_path, args):
    # ruling R7: a file with content and not one JSON object is not a log, exit 2; each
    # command says so in one sentence (the HTML page said "no line of it could be decoded
    # as JSON", which is not what it means: `[1]` decodes as JSON and is no log either)
    p = tmp_path / "numbers.jsonl"
    p.write_bytes(b"[1]\n2\n")
    r = CliRunner().invoke(main, [*args, str(p)])
    assert r.exit_code == 2
    assert f"referee: {p}: not one line of it is a JSON object: not a log\n" in r.stderr


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
    # An RS is never allowed (FORMAT.md allows a BOM at the start of the file, nothing else),
    # though jsonlines would drop one at the start of any line (RFC 7464).
    (b'\x1e\n{"event":"end"}\n', [(1, "bad-json"), (2, "End")]),
    (b'\x1e{"event":"end"}\n{"event":"end"}\n', [(1, "bad-json"), (2, "End")]),
    (b'{"event":"end"}\n\x1e\n', [(1, "End"), (2, "bad-json")]),
    (b'{"event":"end"}\n\x1e{"event":"end"}\n', [(1, "End"), (2, "bad-json")]),
    (b'\xef\xbb\xbf\x1e{"event":"end"}\n', [(1, "bad-json")]),
    # A BOM is allowed only at the very start of the file (FORMAT.md), and is then ignored:
    # what is left of the line is read as any line (blank: skipped but counted).
    (b'\xef\xbb\xbf{"event":"end"}\n', [(1, "End")]),
    (b'\xef\xbb\xbf\n{"event":"end"}\n', [(2, "End")]),
    (b'\xef\xbb\xbf \r\n', []),
    (b'\xef\xbb\xbf\xef\xbb\xbf{"event":"end"}\n', [(1, "bad-json")]),
    (b'{"event":"end"}\n\xef\xbb\xbf{"event":"end"}\n', [(1, "End"), (2, "bad-json")]),
    (b'{"event":"end"}\n\xef\xbb\xbf\n', [(1, "End"), (2, "bad-json")]),
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


# Issue 13 item 8: the reader settles blank, over-long, RS and BOM lines out of band (an
# exception), never by a text a line could hold; these texts were once its in-band markers.
@pytest.mark.parametrize("data, expect", [
    (b'{"event":"end"}\n\x00referee: blank line\x00', [(1, "End"), (2, "bad-json")]),
    (b'\x00referee: blank line\x00\n{"event":"end"}\n', [(1, "bad-json"), (2, "End")]),
    (b'{"event":"end"}\n\x00referee: line too long\x00\n', [(1, "End"), (2, "bad-json")]),
])
def test_marker_texts_are_only_text(data, expect):
    import io
    from referee.events import ReadError, read_events
    got = [(n, e.code if isinstance(e, ReadError) else type(e).__name__)
           for n, e in read_events(io.BytesIO(data))]
    assert got == expect
    messages = [e.message for _, e in read_events(io.BytesIO(data)) if isinstance(e, ReadError)]
    assert messages == ["not valid JSON: JSON is malformed: invalid character (at character 1)"]


def test_rs_and_late_bom_are_named():
    import io
    from referee.events import read_events
    got = [(n, e.message) for n, e in read_events(io.BytesIO(
        b'\x1e{"event":"end"}\n{"event":"end"}\n\xef\xbb\xbf{"event":"end"}\n'))
        if hasattr(e, "message")]
    assert [n for n, _ in got] == [1, 3]
    assert "RS character (0x1E)" in got[0][1] and "byte-order mark (BOM)" in got[1][1]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40).filter(lambda b: b"\n" not in b))
def test_every_line_that_is_not_blank_is_read_or_reported(body):
    """No content can make the reader skip a line: only ASCII white space is blank."""
    import io
    from referee.events import read_events
    got = [n for n, _ in read_events(io.BytesIO(b'{"event":"end"}\n' + body + b"\n"))]
    blank = not body.strip(b" \t\r\x0b\x0c")
    assert got == ([1] if blank else [1, 2])


# Issue 13 item 6: a line holding one JSON value and more text is not JSON: bad-json.  msgspec
# stops at the first value that does not fit the event types, before it reaches the rest.
@pytest.mark.parametrize("line, character", [
    ('"abc" def', 7),                       # "abc" is 5 characters, a space, d is the 7th
    ('{"event": "end"} x', 18),             # the object is 16, a space, x the 18th
    ('12 garbage', 4),                      # 12, a space, g the 4th
    ('[1, 2] 3', 8),
    ('null null', 6),
    ('{"event": "zz"} {}', 17),             # an unknown event, then more text
    ('{"event": "play"} 1', 19),            # an event missing its fields, then more text
    ('{"event": "end"}{"event": "end"}', 17),
    ('"\u00e9" x', 5),                     # characters, not UTF-8 bytes: "é" is 3 characters
])
def test_text_after_the_json_value_is_bad_json(line, character):
    import io
    from referee.events import ReadError, read_events
    (n, e), = read_events(io.BytesIO(line.encode() + b"\n"))
    assert isinstance(e, ReadError) and (n, e.code) == (1, "bad-json")
    assert e.message == ("not valid JSON: more text after the JSON value "
                         f"(at character {character})")


@pytest.mark.parametrize("data", [
    b'{"event": "end"}   \n', b'{"event": "end"}\t\r\n', b'{"event": "end"}\r\n',
    b'  {"event": "end"}\n', b'{"event": "end"} ',
])
def test_white_space_around_the_object_still_reads(data):
    import io
    from referee.events import End, read_events
    assert [(n, type(e)) for n, e in read_events(io.BytesIO(data))] == [(1, End)]


@pytest.mark.parametrize("line, code, message", [
    ('"abc"', "bad-event", "each line must be one JSON object (expected `object`, got `str`)"),
    ("[1]", "bad-event", "each line must be one JSON object (expected `object`, got `array`)"),
    # a JSON object whose field is of the wrong kind is not "not an object" (hands: player ->
    # cards, or null since format 1.1)
    ('{"event": "deal", "dealer": "A", "hands": 3}', "bad-event",
     "`hands` must be an object or null, not a whole number"),
])
def test_well_formed_json_that_is_no_event_stays_bad_event(line, code, message):
    import io
    from referee.events import read_events
    (n, e), = read_events(io.BytesIO(line.encode() + b"\n"))
    assert e.code == code and e.message.endswith(message)
    assert e.json_object == line.startswith("{")


# Issue 13 item 7, ruling R7: a file none of whose lines is a JSON object is not a log (exit 2);
# one JSON object among junk makes it a log with errors (exit 1); blank lines only: empty (R10).
@pytest.mark.parametrize("data, status", [
    (b"Dear director,\nthe match was played on Tuesday.\n\nRegards\n", 2),
    (b"1\n2.5\n\"text\"\n[1, 2]\nnull\ntrue\n", 2),
    (b"[]\n\n[{}]\n", 2),
    (b"\"abc\"\nnot json\n", 2),
    (b"\xef\xbb\xbf\x1e\n", 2),
    (b'prose\n{"event": "nonsense"}\nmore prose\n', 1),
    (b"42\n{}\n", 1),
    (b"\n  \n\r\n", 0),
    (b"\xef\xbb\xbf\n", 0),
    (b"", 0),
])
def test_a_file_without_one_json_object_exits_2(tmp_path, data, status):
    p = tmp_path / "log.jsonl"
    p.write_bytes(data)
    r = CliRunner().invoke(main, ["check", str(p)])
    assert r.exit_code == status
    assert ("not one line of it is a JSON object" in r.output) == (status == 2)


@pytest.mark.parametrize("line, said", [
    # the kind each field must be, read from the event types (events.py): `event` is the
    # tag, a string; a dealer is a player's name; each card of a hand is a string; totals
    # are numbers; a play names its card
    ('{"event": 5}', "`event` must be a string"),
    ('{"event": "deal", "dealer": 3}', "`dealer` must be a string, not a whole number"),
    ('{"event": "deal", "dealer": "A", "hands": {"A": [1]}}',
     "`hands[<key>][0]` must be a string, not a whole number"),
    ('{"event": "score", "totals": {"A": "x"}}', "`totals[<key>]` must be a number, not a string"),
    ('{"event": "play", "player": "A"}', "the event has no `card` field, which it needs"),
])
def test_a_bad_event_is_said_in_plain_words(line, said):
    # msgspec's own words (``Expected `str`, got `int` - at `$.dealer```) reached the
    # director as they were; they are said as what the field must be
    from referee import events as ev
    [(n, bad)] = list(ev.read_events(io.BytesIO(line.encode() + b"\n")))
    assert n == 1 and bad.code == "bad-event" and bad.message == said
