"""What a new user found wrong in the archive commands (issue of 2026-12-02: items 2-6, 10, 12-14,
16), each expectation worked by hand.

The archive is tests/test_standings.py's: three one-hand Sixty-Six matches to 2 game points,
``a.jsonl`` (m1: Max beats Moritz, Moritz shows the hearts marriage), ``b.jsonl`` (m2: Max beats
Moritz), ``c.jsonl`` (m3: Max beats Anna); Max scores 2 in each, the others 0.  So the three
give: Max 3 matches, 3 won, 3 hands, 6 points; Moritz 2, 0, 2, 0; Anna 1, 0, 1, 0.

The broken inputs: ``flip.jsonl.gz``, m1 gzipped with the first byte of its deflate data (byte
10, after the 10-byte gzip header, RFC 1952) given block type 11, which RFC 1951 reserves (an
error): zlib says ``invalid block type`` before any text comes out, so in line 1;
``prose.jsonl``, two lines of words: not one line a JSON object (R7); ``missing.jsonl``,
not there.
"""
from __future__ import annotations

from . import under_test  # noqa: F401

import bz2
import csv
import gzip
import io
import json
import lzma

import pytest
from click.testing import CliRunner

import referee
from referee.archive import Unreadable, has_kontra
from referee.cli import main

from .test_standings import _archive, _match, _players

FLIP_WORDS = ("the gzip data is corrupt (Error -3 while decompressing data: invalid block type) "
              "in line 1: nothing from there on can be read (R29)")


def _flipped(text: str) -> bytes:
    """``text`` gzipped, its first deflate block marked with the reserved type 11 (bits 1-2 of
    byte 10)."""
    data = bytearray(gzip.compress(text.encode()))
    data[10] |= 0b110
    return bytes(data)


def _bad(tmp_path):
    d = _archive(tmp_path)
    (tmp_path / "flip.jsonl.gz").write_bytes(_flipped(_match("m9")))
    (tmp_path / "prose.jsonl").write_text("Minutes of the club night\nno log in here\n")
    return d, [str(tmp_path / n) for n in ("flip.jsonl.gz", "prose.jsonl", "missing.jsonl")]


# --- item 2: every unreadable input is said, status 2, the same serially, with -j, in JSON -----

@pytest.mark.parametrize("extra", [[], ["--format", "json"], ["-j", "2"],
                                   ["--format", "json", "-j", "2"]])
def test_standings_says_every_file_not_read_as_a_log_and_exits_2(tmp_path, extra):
    """The three good files are counted (Max 3, 3, 3, 6 …); each bad one is said in the
    order named, as check says it: the corrupt gzip, the file that is no log, the missing one
    (cannot open)."""
    d, (flip, prose, missing) = _bad(tmp_path)
    r = CliRunner().invoke(main, ["standings", *extra, str(d), flip, prose, missing])
    assert r.exit_code == 2
    assert r.stderr == (f"referee: cannot read all of {flip}: {FLIP_WORDS}\n"
                        f"referee: {prose}: not one line of it is a JSON object: not a log\n"
                        f"referee: cannot open {missing}: No such file or directory\n")
    if "json" in extra:
        assert _players(r.stdout) == [("Max", 3, 3, 3, 6), ("Anna", 1, 0, 1, 0),
                                      ("Moritz", 2, 0, 2, 0)]
    else:
        rows = [x.split() for x in r.stdout.splitlines()]
        assert ["Max", "3", "3", "3", "6"] in rows and ["Moritz", "2", "0", "2", "0"] in rows


def test_check_says_the_same_of_the_same_files(tmp_path):
    """What standings says of the corrupt gzip and the prose is check's own sentence."""
    _, (flip, prose, _) = _bad(tmp_path)
    r = CliRunner().invoke(main, ["check", "-q", flip, prose])
    assert r.exit_code == 2
    assert r.stderr == (f"referee: cannot read all of {flip}: {FLIP_WORDS}\n"
                        f"referee: {prose}: not one line of it is a JSON object: not a log\n")


def test_the_api_gives_every_file_not_read_as_a_log_in_errors(tmp_path):
    """errors: (name, OSError) in the order given; the corrupt and the prose files as
    Unreadable of their kind, the missing one as FileNotFoundError; nothing of them counted."""
    d, (flip, prose, missing) = _bad(tmp_path)
    errs: list = []
    s = referee.standings([str(d / "a.jsonl"), flip, prose, missing], errors=errs)
    assert [(n, type(e), getattr(e, "kind", None)) for n, e in errs] == [
        (flip, Unreadable, "corrupt-compression"), (prose, Unreadable, "not-a-log"),
        (missing, FileNotFoundError, None)]
    assert errs[0][1].words() == f"cannot read all of {flip}: {FLIP_WORDS}"
    assert s.broken == [(flip, FLIP_WORDS)]
    assert {p: ln.matches for p, ln in s.players["sixty-six"].items()} == {"Max": 1, "Moritz": 1}
    for _, e in errs:  # an Unreadable goes back from a worker process
        import pickle
        back = pickle.loads(pickle.dumps(e))
        assert (type(back), back.strerror, getattr(back, "kind", None)) == \
            (type(e), e.strerror, getattr(e, "kind", None))


# --- item 5: standard input, compressed or not ----------------------------------------------

@pytest.mark.parametrize("pack", [lambda b: b, gzip.compress, bz2.compress, lzma.compress])
def test_standings_reads_standard_input(pack):
    """m1 on standard input (plain, gzip, bzip2, xz, by its first bytes): Max 1 match, 1 won,
    1 hand, 2 points; Moritz 1, 0, 1, 0; with '-' or no file at all."""
    data = pack(_match("m1", marriage=True).encode())
    for args in (["-"], []):
        r = CliRunner().invoke(main, ["standings", "--format", "json", *args], input=data)
        assert r.exit_code == 0, r.output
        assert _players(r.stdout) == [("Max", 1, 1, 1, 2), ("Moritz", 1, 0, 1, 0)]


def test_standard_input_with_files_and_workers(tmp_path):
    """'-' (m1) among files read by two workers (b.jsonl: m2): Max 2 matches, 2 won, 2 hands,
    2 + 2 = 4 points; Moritz 2, 0, 2, 0; standard input broken off is said as <stdin>."""
    d = _archive(tmp_path)
    r = CliRunner().invoke(main, ["standings", "--format", "json", "-j", "2", "-",
                                  str(d / "b.jsonl")], input=_match("m1").encode())
    assert r.exit_code == 0, r.output
    assert _players(r.stdout) == [("Max", 2, 2, 2, 4), ("Moritz", 2, 0, 2, 0)]
    r = CliRunner().invoke(main, ["standings", "-"], input=_flipped(_match("m1")))
    assert r.exit_code == 2 and r.stderr == f"referee: cannot read all of <stdin>: {FLIP_WORDS}\n"


# --- item 4: formulas in the CSV -------------------------------------------------------------

def test_standings_csv_guards_formulas_as_the_score_sheet_does(tmp_path):
    """A player named =HYPERLINK("http://x") (Moritz's seat of m1: 1 match, 0 won, 1 hand, 0
    points) is written '=HYPERLINK("http://x"), as score --format csv writes that name; the
    across-games row too."""
    name = '=HYPERLINK("http://x")'
    p = tmp_path / "f.jsonl"
    p.write_text(_match("m1", other=name))
    rows = list(csv.reader(io.StringIO(CliRunner().invoke(
        main, ["standings", "--format", "csv", str(p)]).stdout)))
    assert rows[1:] == [["sixty-six", "Max", "1", "1", "1", "2"],
                        ["sixty-six", "'" + name, "1", "0", "1", "0"],
                        ["", "'" + name, "1", "0", "1", ""],
                        ["", "Max", "1", "1", "1", ""]]
    sheet = list(csv.reader(io.StringIO(CliRunner().invoke(
        main, ["score", "--format", "csv", str(p)]).stdout)))
    assert "'" + name in sheet[1]


# --- item 13: each game's own statistics in text -------------------------------------------

def test_only_thirty_three_and_asszorti_have_kontra():
    """The rule texts (shared/seeds): kontra calls in Thirty-Three and Asszorti only."""
    assert [g for g in ("thirty-three", "asszorti", "sixty-six", "eighty-three")
            if has_kontra(g)] == ["thirty-three", "asszorti"]


def test_sixty_six_text_has_game_points_and_no_kontras(tmp_path):
    """The archive: game points Anna 0, Max 2 + 2 + 2 = 6, Moritz 0 (by name, as the JSON's
    game_points); no kontras line; the JSON keeps its kontras key at zero."""
    d = _archive(tmp_path)
    text = CliRunner().invoke(main, ["standings", str(d)]).stdout
    assert "  game points: Anna 0, Max 6, Moritz 0\n" in text
    assert "kontras" not in text
    js = CliRunner().invoke(main, ["standings", "--format", "json", str(d)]).stdout
    [game] = [r for r in map(json.loads, js.splitlines()) if r["kind"] == "game"]
    assert game["statistics"]["kontras"] == {"called": 0, "won": 0}


def test_thirty_three_text_keeps_its_kontras():
    """examples/thirty-three/match.jsonl has two kontra events (counted in the file)."""
    path = "examples/thirty-three/match.jsonl"
    with open(path) as f:
        called = sum(json.loads(x).get("event") == "kontra" for x in f if x.strip())
    assert called == 2
    text = CliRunner().invoke(main, ["standings", path]).stdout
    assert f"  kontras: {called} called, " in text and "game points" not in text


# --- item 6: diff reads compressed logs --------------------------------------------------------

@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress, lzma.compress])
def test_diff_reads_compressed_records(tmp_path, pack):
    """A compressed copy of a log and the log itself agree: nothing printed, status 0; the
    same with the copy on standard input."""
    plain = "examples/thirty-three/disputed.jsonl"
    with open(plain, "rb") as f:
        data = f.read()
    packed = tmp_path / "d.jsonl.x"
    packed.write_bytes(pack(data))
    r = CliRunner().invoke(main, ["diff", str(packed), plain])
    assert (r.exit_code, r.output) == (0, "")
    r = CliRunner().invoke(main, ["diff", plain, "-"], input=pack(data))
    assert (r.exit_code, r.output) == (0, "")


def test_diff_says_a_record_broken_off(tmp_path):
    """A copy whose gzip data is corrupt from line 1 differs (the other has m1) and is said as
    check says it: status 2."""
    (tmp_path / "a.jsonl").write_text(_match("m1"))
    (tmp_path / "flip.jsonl.gz").write_bytes(_flipped(_match("m1")))
    r = CliRunner().invoke(main, ["diff", str(tmp_path / "flip.jsonl.gz"),
                                  str(tmp_path / "a.jsonl")])
    assert r.exit_code == 2
    assert r.stderr.endswith(f"referee: cannot read all of {tmp_path / 'flip.jsonl.gz'}: "
                             f"{FLIP_WORDS}\n")


# --- items 3 and 10: analyse and solve say what they could not do -------------------------

def test_analyse_and_solve_say_a_broken_file(tmp_path):
    flip = tmp_path / "flip.jsonl.gz"
    flip.write_bytes(_flipped(_match("m1")))
    said = f"referee: cannot read all of {flip}: {FLIP_WORDS}\n"
    r = CliRunner().invoke(main, ["analyse", str(flip)])
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", said)
    r = CliRunner().invoke(main, ["solve", str(flip), "--line", "5"])
    assert (r.exit_code, r.stderr) == (2, said)
    r = CliRunner().invoke(main, ["legal", str(flip), "--line", "5"])
    assert (r.exit_code, r.stderr) == (2, said)


DISPUTED = "examples/thirty-three/disputed.jsonl"  # 94 lines, three hands (docs/api.md)


def test_analyse_of_a_log_cut_short_prints_what_it_read_and_says_the_cut(tmp_path):
    """DISPUTED gzipped, its 8-byte trailer (CRC, size) cut off: all 94 lines are read, then
    the data ends before its end marker, in line 94 + 1 = 95.  What is printed is what the
    plain log gives (nothing is lost before the cut); the cut is said; status 2."""
    with open(DISPUTED, "rb") as f:
        data = f.read()
    assert data.count(b"\n") == 94
    p = tmp_path / "cut.jsonl.gz"
    p.write_bytes(gzip.compress(data)[:-8])
    r = CliRunner().invoke(main, ["analyse", "--format", "json", str(p)])
    plain = CliRunner().invoke(main, ["analyse", "--format", "json", DISPUTED])
    assert plain.exit_code == 0 and plain.stderr == ""
    assert r.exit_code == 2
    assert r.stdout == plain.stdout.replace(f'"file":"{DISPUTED}"', f'"file":"{p}"')
    assert r.stderr == (f"referee: cannot read all of {p}: the gzip data is cut short (it ends "
                        "before its end marker) in line 95: nothing from there on can be read "
                        "(R29)\n")


def test_analyse_says_hands_of_the_play_alone():
    """examples/thirty-three/play-alone.jsonl: one hand, its deal at line 2 gives no holding:
    nothing analysed, said, status 2."""
    path = "examples/thirty-three/play-alone.jsonl"
    r = CliRunner().invoke(main, ["analyse", path])
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (f"referee: {path}: 1 hand not analysed (hand 1): it is a record of the "
                        "play alone, a holding is unknown\n")


def test_analyse_of_some_hands_alone_analyses_the_rest(tmp_path):
    """DISPUTED (94 lines, its hands dealt open) then the play-alone record of its hand 2:
    the moves printed are all DISPUTED's (lines 1 to 94), the second match's one hand is said;
    status 0 (hands were analysed)."""
    p = tmp_path / "mixed.jsonl"
    with open(DISPUTED) as a, open("examples/thirty-three/play-alone.jsonl") as b:
        p.write_text(a.read() + b.read())
    r = CliRunner().invoke(main, ["analyse", "--format", "json", str(p)])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x)["line"] for x in r.stdout.splitlines()]
    assert lines and max(lines) <= 94
    assert r.stderr == (f"referee: {p}: 1 hand not analysed (hand 1): it is a record of the "
                        "play alone, a holding is unknown\n")


def test_analyse_a_hand_no_match_has():
    """examples/eighty-three/match.jsonl deals three hands: --hand 9 is none of them."""
    r = CliRunner().invoke(main, ["analyse", "--hand", "9", "examples/eighty-three/match.jsonl"])
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == "referee: no match read has hand 9; the longest has 3 hands\n"


def test_analyse_of_what_is_no_log_or_deals_nothing(tmp_path):
    prose = tmp_path / "prose.jsonl"
    prose.write_text("no log\n")
    r = CliRunner().invoke(main, ["analyse", str(prose)])
    assert (r.exit_code, r.stderr) == (
        2, f"referee: {prose}: not one line of it is a JSON object: not a log\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    r = CliRunner().invoke(main, ["analyse", str(empty)])
    assert (r.exit_code, r.stderr) == (
        2, f"referee: {empty}: no hand was dealt: nothing to analyse\n")


# --- item 12: schema --output -------------------------------------------------------------

def test_schema_output_names_every_record_and_takes_analyse():
    run = CliRunner().invoke
    help_text = " ".join(run(main, ["schema", "--help"]).stdout.split())
    for name in ("findings", "score", "standings", "solve", "analysis", "analyse", "all"):
        assert name in help_text
    a, b = run(main, ["schema", "--output", "analyse"]), run(main, ["schema", "--output",
                                                                    "analysis"])
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout
    assert json.loads(a.stdout)["title"].endswith(": analysis")


# --- item 16 ----------------------------------------------------------------------------------

def test_a_directory_without_logs_is_said_alike_by_check_and_standings(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    c = CliRunner().invoke(main, ["check", str(empty)])
    s = CliRunner().invoke(main, ["standings", str(empty)])
    assert c.exit_code == s.exit_code == 2
    assert c.stderr == s.stderr == (f"referee: cannot open {empty}: a directory with no file "
                                    "named *.jsonl, *.jsonl.gz, *.jsonl.bz2 or *.jsonl.xz "
                                    "under it\n")


NONE = "referee: no match read is selected by --match, --player, --game\n"


@pytest.mark.parametrize("cmd", [["standings"], ["check"], ["score"], ["check", "--jobs", "2"],
                                 ["score", "--format", "json"]])
def test_a_selection_of_nothing_is_said(tmp_path, cmd):
    """Nobody sits in any match: nothing on standard output, and standard error says the
    selection selected nothing (check and score as standings); status 0."""
    d = _archive(tmp_path)
    r = CliRunner().invoke(main, [*cmd, "--player", "Nobody", str(d)])
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", NONE)


def test_a_selection_of_something_or_a_quiet_check_says_nothing_of_it(tmp_path):
    """A player who sits in a match: no such line; ``check -q`` prints nothing at all."""
    d = _archive(tmp_path)
    somebody = "Max"  # sits in every match of the archive (test_standings)
    for cmd in (["check"], ["score"], ["standings"]):
        r = CliRunner().invoke(main, [*cmd, "--player", somebody, str(d)])
        assert NONE not in r.stderr
        assert r.stdout != "" or cmd == ["check"]
    r = CliRunner().invoke(main, ["check", "-q", "--player", "Nobody", str(d)])
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")


@pytest.mark.parametrize("option", ["--select", "--ignore"])
@pytest.mark.parametrize("value", ["", ",", " , "])
def test_an_empty_code_list_is_a_usage_error(option, value):
    r = CliRunner().invoke(main, ["check", option, value, "examples/thirty-three/match.jsonl"])
    assert r.exit_code == 2
    assert r.output.startswith("Usage: ")
    assert f"Error: {option}: an empty list of codes" in r.output


@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress, lzma.compress])
def test_the_api_reads_compressed_bytes_and_streams(pack):
    """m1 compressed: read_file of its bytes and of a stream of them gives the match m1 (its
    hand: Max +2), as the plain bytes do; a stream given is left open."""
    data = pack(_match("m1").encode())
    stream = io.BytesIO(data)
    for source in (data, stream):
        log = referee.read_file(source)
        assert [(m.key, m.hands[0].deltas) for m in log.matches] == \
            [("m1", {"Max": 2, "Moritz": 0})]
    assert not stream.closed
