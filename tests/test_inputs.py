"""What a path argument opens (ruling R29, referee.inputs): directories read recursively in a
stable order, gzip/bzip2/xz known by their first bytes (also on standard input), a corrupt or
truncated compressed file as one finding and exit 2, the other files still read."""
from __future__ import annotations

import bz2
import io
import gzip
import json
import lzma
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.inputs import LOG_SUFFIXES, expand, sniff

from .conftest import ROOT

CLEAN = ROOT / "examples" / "thirty-three" / "match.jsonl"  # 540 lines, no finding
CASE = ROOT / "tests" / "cases" / "thirty-three" / "revoke_established_left_bower.jsonl"
# CASE: 12 lines, one finding: the revoke of B at line 11 (test_cli)

COMPRESS = {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}
SUFFIX = {"gzip": ".gz", "bzip2": ".bz2", "xz": ".xz"}


COPIES = ("--ignore", "duplicate-match,duplicate-hand")
"""For the tests that read one log in several files: each later file is a copy of the first
(R31, R32), which is not what they test."""


def run(*args: object, input: bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                              catch_exceptions=False)


@pytest.mark.parametrize("kind", COMPRESS)
def test_a_compressed_file_reads_as_its_text(tmp_path, kind):
    """The revoke of CASE is found at line 11 of the decompressed text, the file named as
    given."""
    p = tmp_path / f"case.jsonl{SUFFIX[kind]}"
    p.write_bytes(COMPRESS[kind](CASE.read_bytes()))
    r = run("check", p)
    assert r.exit_code == 1
    assert r.stdout.startswith(f"{p}:11: error[revoke]: trick 1: B played J♥")
    assert r.stdout.count("\n") == 1 and r.stderr == ""


@pytest.mark.parametrize("kind", COMPRESS)
def test_compressed_standard_input_by_its_magic_bytes(kind):
    r = run("check", "-", input=COMPRESS[kind](CASE.read_bytes()))
    assert r.exit_code == 1 and r.stdout.startswith("<stdin>:11: error[revoke]")


def test_r29_the_first_bytes_decide_not_the_name(tmp_path):
    """A plain log named .gz is read as text; gzip data named .jsonl is decompressed (the two
    are one log, so the second is also a copy of the first, R31/R32: not what is tested here)."""
    plain = tmp_path / "plain.jsonl.gz"
    plain.write_bytes(CASE.read_bytes())
    packed = tmp_path / "packed.jsonl"
    packed.write_bytes(gzip.compress(CASE.read_bytes()))
    r = run("check", "--ignore", "duplicate-match,duplicate-hand", plain, packed)
    assert r.exit_code == 1
    assert [line.split(": ")[0] for line in r.stdout.splitlines()] == [
        f"{plain}:11", f"{packed}:11"]


def test_sniff():
    assert sniff(b"\x1f\x8b\x08") == "gzip"
    assert sniff(b"BZh91AY") == "bzip2"
    assert sniff(b"\xfd7zXZ\x00\x00") == "xz"
    assert sniff(b'{"event"') is None and sniff(b"") is None
    assert sniff(b"\xfd7zXZ") is None  # five of the six bytes are not the xz magic


def _truncated_gzip(lines: list[bytes], keep: int, part: int) -> bytes:
    """gzip data of the first ``keep`` lines and ``part`` bytes of the next, flushed so that a
    reader gets all of it, then cut off: no last block, no trailer (a copy broken off)."""
    c = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: the gzip wrapper
    body = c.compress(b"".join(lines[:keep]) + lines[keep][:part])
    return body + c.flush(zlib.Z_SYNC_FLUSH)


def test_r29_a_truncated_gzip_file_is_one_finding_at_the_line_it_breaks_in(tmp_path):
    """CLEAN cut after 10 whole lines and 5 bytes of line 11: lines 1-10 are read (the match,
    the deal and 8 calls of hand 1, no finding), line 11 is the one bad-json finding
    (truncated), exit 2; the file after it is still read (CASE: its revoke at line 11)."""
    lines = CLEAN.read_bytes().splitlines(keepends=True)
    p = tmp_path / "cut.jsonl.gz"
    p.write_bytes(_truncated_gzip(lines, 10, 5))
    r = run("check", "--format", "json", p, CASE)
    assert r.exit_code == 2
    found = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(f["file"], f["line"], f["code"]) for f in found] == [
        (str(p), 11, "bad-json"), (str(CASE), 11, "revoke")]
    assert found[0]["evidence"] == {"reason": "corrupt-compression", "compression": "gzip",
                                    "truncated": True, "json_object": False}
    assert found[0]["match"] == "club-night-2026-11-14" and found[0]["hand"] == 1
    assert r.stderr == (f"referee: cannot read all of {p}: the gzip data is cut short (it ends "
                        "before its end marker) in line 11: nothing from there on can be read "
                        "(R29)\n")


def test_a_truncated_hand_is_not_scored(tmp_path):
    """score of the cut file: hand 1 broke off inside its play, so it is unscored (G7) and the
    totals stay 0."""
    lines = CLEAN.read_bytes().splitlines(keepends=True)
    p = tmp_path / "cut.jsonl.gz"
    p.write_bytes(_truncated_gzip(lines, 10, 5))
    r = run("score", "--format", "json", p)
    assert r.exit_code == 2
    obj = json.loads(r.stdout)
    assert [h["status"] for h in obj["hands"]] == ["unscored"]
    assert obj["totals"] == {"Anna": 0, "Bela": 0, "Cili": 0}


def test_a_gzip_file_whose_check_sum_fails(tmp_path):
    """Every line of CASE decompresses, then the CRC-32 of the trailer (bytes -8..-4) does
    not match: the finding is at line 13, just past the 12 lines read, corrupt, not cut
    short; the revoke at line 11 is still found."""
    data = bytearray(gzip.compress(CASE.read_bytes()))
    data[-8] ^= 0xFF
    p = tmp_path / "crc.jsonl.gz"
    p.write_bytes(bytes(data))
    r = run("check", p)
    assert r.exit_code == 2
    out = r.stdout.splitlines()
    assert out[0].startswith(f"{p}:11: error[revoke]")
    assert out[1] == (f"{p}:13: error[bad-json]: the gzip data of the file is corrupt in this "
                      "line: nothing from here on can be read (R29)")
    assert "the gzip data is corrupt (CRC check failed" in r.stderr


def test_corrupt_bzip2_on_standard_input():
    """bzip2 data whose first block is garbage: nothing can be read, the finding is at line 1;
    not "not a log" (R7), which is for a file that was read."""
    good = bz2.compress(CASE.read_bytes())
    bad = good[:10] + bytes(b ^ 0x55 for b in good[10:40]) + good[40:]
    r = run("check", "--format", "json", "-", input=bad)
    assert r.exit_code == 2
    (f,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert (f["line"], f["code"], f["evidence"]["compression"], f["evidence"]["truncated"]) == (
        1, "bad-json", "bzip2", False)
    assert "not a log" not in r.stderr and "<stdin>: the bzip2 data is corrupt" in r.stderr


def test_truncated_xz_on_standard_input():
    """xz data cut after its 12-byte stream header: no block, so no line comes out; line 1."""
    data = lzma.compress(CASE.read_bytes())
    r = run("check", "-", input=data[:12])
    assert r.exit_code == 2
    assert r.stdout == ("<stdin>:1: error[bad-json]: the xz data of the file is cut short (it "
                        "ends before its end marker) in this line: nothing from here on can be "
                        "read (R29)\n")


def test_an_empty_standard_input_is_still_empty():
    r = run("check", "-", input=b"")
    assert r.exit_code == 0 and r.stdout == ""


def test_a_gzip_header_alone(tmp_path):
    """The two magic bytes and nothing more: cut short at line 1."""
    p = tmp_path / "x.jsonl.gz"
    p.write_bytes(b"\x1f\x8b")
    r = run("check", p)
    assert r.exit_code == 2 and f"{p}:1: error[bad-json]" in r.stdout


def _tree(root: Path) -> list[str]:
    """A tree of logs, with what is not read beside them; returns, worked out by hand, the
    order R29 reads them in: names compared in code point order in each folder, a folder's
    logs where its name sorts ('A' < 'a' < 'a.jsonl' < 'b.jsonl' < 'c.jsonl.bz2' < 'notes')."""
    text = CASE.read_bytes()
    (root / "a" / "deep" / "er").mkdir(parents=True)
    (root / "c.jsonl.bz2").mkdir()  # a folder named like a log: searched, not opened
    (root / "A.jsonl").write_bytes(text)
    (root / "a" / "z.jsonl.gz").write_bytes(gzip.compress(text))
    (root / "a" / "deep" / "er" / "y.jsonl.xz").write_bytes(lzma.compress(text))
    (root / "a" / "deep" / "skip.json").write_bytes(text)  # not a log's name
    (root / "a.jsonl").write_bytes(text)
    (root / "b.jsonl").write_bytes(text)
    (root / "c.jsonl.bz2" / "x.jsonl.bz2").write_bytes(bz2.compress(text))
    (root / "notes.txt").write_text("not read\n")
    (root / "loop").symlink_to(root)  # not followed
    return [str(root / p) for p in ("A.jsonl", "a/deep/er/y.jsonl.xz", "a/z.jsonl.gz",
                                    "a.jsonl", "b.jsonl", "c.jsonl.bz2/x.jsonl.bz2")]


def test_r29_a_directory_is_read_recursively_in_sorted_order(tmp_path):
    order = _tree(tmp_path)
    assert list(expand((str(tmp_path),))) == order
    r = run("check", *COPIES, tmp_path)
    assert r.exit_code == 1
    assert [line.split(":11: ")[0] for line in r.stdout.splitlines()] == order


def test_names_and_directories_mix_in_the_order_given(tmp_path):
    order = _tree(tmp_path / "d")
    r = run("check", *COPIES, CASE, tmp_path / "d", "-", input=CASE.read_bytes())
    assert [line.split(":11: ")[0] for line in r.stdout.splitlines()] == [
        str(CASE), *order, "<stdin>"]


def test_a_folder_that_cannot_be_listed_is_said_in_its_place(tmp_path, monkeypatch):
    """(Simulated: the tests may run as root, whom permissions do not stop.)"""
    order = _tree(tmp_path)
    locked = str(tmp_path / "a" / "deep")
    real_scandir, real_listdir = os.scandir, os.listdir

    def refuse(real):
        def call(path=".", *a):
            if str(path) == locked:
                raise PermissionError(13, "Permission denied")
            return real(path, *a)
        return call
    monkeypatch.setattr(os, "scandir", refuse(real_scandir))
    monkeypatch.setattr(os, "listdir", refuse(real_listdir))
    r = run("check", *COPIES, tmp_path)
    assert r.exit_code == 2
    assert [line.split(":11: ")[0] for line in r.stdout.splitlines()] == [
        p for p in order if "deep" not in p]
    assert r.stderr == f"referee: cannot open {locked}: Permission denied\n"


def test_r29_a_directory_without_logs(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "log.json").write_text("{}\n")
    r = run("check", *COPIES, tmp_path, CASE)
    assert r.exit_code == 2
    assert r.stderr == (f"referee: cannot open {tmp_path}: a directory with no file named "
                        "*.jsonl, *.jsonl.gz, *.jsonl.bz2 or *.jsonl.xz under it\n")
    assert r.stdout.startswith(f"{CASE}:11: error[revoke]")  # the other file still read
    assert LOG_SUFFIXES == (".jsonl", ".jsonl.gz", ".jsonl.bz2", ".jsonl.xz")


def test_history_and_score_read_directories(tmp_path):
    order = _tree(tmp_path)
    r = run("score", tmp_path)
    heads = [line.split(": match")[0] for line in r.stdout.splitlines() if ": match " in line]
    assert heads == order
    r = run("history", tmp_path)
    assert r.exit_code == 1 and r.stdout.count("error[revoke]") == len(order)
    r = run("history", "--format", "html", tmp_path)
    assert r.exit_code == 1 and all(p in r.stdout for p in order)


def test_history_html_of_a_corrupt_file(tmp_path):
    data = bytearray(gzip.compress(CASE.read_bytes()))
    data[-8] ^= 0xFF
    p = tmp_path / "crc.jsonl.gz"
    p.write_bytes(bytes(data))
    r = run("history", "--format", "html", p)
    assert r.exit_code == 2 and "cannot read all of" in r.stderr and "bad-json" in r.stdout


def test_legal_reads_a_compressed_file(tmp_path):
    p = tmp_path / "case.jsonl.xz"
    p.write_bytes(lzma.compress(CASE.read_bytes()))
    plain = run("legal", CASE, "--line", "11", "--format", "json")
    packed = run("legal", p, "--line", "11", "--format", "json")
    assert packed.exit_code == plain.exit_code == 1  # the revoke is not legal
    assert json.loads(packed.stdout)["file"] == str(p)


def _cli(*args: str, cwd: Path) -> tuple[int, bytes, bytes]:
    p = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                       cwd=cwd, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("args", [["check"], ["score", "--format", "json", "--standings"]])
def test_jobs_prints_exactly_what_the_serial_run_prints(tmp_path, args):
    """A directory of plain, compressed, corrupt and truncated logs, with --jobs 3: output,
    diagnostics and status byte for byte the serial run's."""
    _tree(tmp_path / "d")
    lines = CLEAN.read_bytes().splitlines(keepends=True)
    (tmp_path / "d" / "cut.jsonl.gz").write_bytes(_truncated_gzip(lines, 30, 7))
    (tmp_path / "d" / "clean.jsonl.bz2").write_bytes(bz2.compress(CLEAN.read_bytes()))
    serial = _cli(*args, "d", cwd=tmp_path)
    parallel = _cli(*args, "--jobs", "3", "d", cwd=tmp_path)
    assert parallel == serial
    assert serial[0] == 2 and b"cut.jsonl.gz: the gzip data is cut short" in serial[2]


def test_follow_refuses_a_compressed_file(tmp_path):
    """A compressed stream cannot be read as it grows (its end marker comes last): a usage
    error, not a bad-json on every line."""
    p = tmp_path / "live.jsonl.gz"
    p.write_bytes(gzip.compress(CASE.read_bytes()))
    r = run("check", "--follow", p)
    assert r.exit_code == 2 and "is gzip data: read it without --follow" in r.output


def test_a_long_line_inside_compressed_data_is_too_long_not_held(tmp_path):
    """A line past the reader's limit (referee-log(5)) is one bad-json too-long, as in a plain
    file: the decompressed stream is read in bounded pieces."""
    from referee.events import MAX_LINE_BYTES
    lines = CASE.read_bytes().splitlines(keepends=True)
    data = lines[0] + b'{"event": "note", "x": "' + b"a" * (MAX_LINE_BYTES + 10) + b'"}\n'
    p = tmp_path / "long.jsonl.xz"
    p.write_bytes(lzma.compress(data))
    r = run("check", "--format", "json", p)
    (f,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert (f["line"], f["code"], f["evidence"]["reason"]) == (2, "bad-json", "too-long")


class _Trickle(io.RawIOBase):
    """A pipe that gives one byte per read and cannot seek."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        if not self.data:
            return 0
        b[0] = self.data[0]
        self.data = self.data[1:]
        return 1


@pytest.mark.parametrize("kind", [None, *COMPRESS])
def test_opened_on_a_stream_that_cannot_seek(kind):
    """The first bytes are read one at a time until there are enough to know, then given back
    in front of the rest: the text comes out whole."""
    from referee.inputs import opened
    text = CASE.read_bytes()
    data = text if kind is None else COMPRESS[kind](text)
    stream = opened(_Trickle(data))  # type: ignore[arg-type]
    assert b"".join(iter(stream.readline, b"")) == text


@pytest.mark.parametrize("kind", COMPRESS)
def test_a_real_pipe_on_standard_input(kind):
    p = subprocess.run([sys.executable, "-m", "referee", "check", "-"],
                       input=COMPRESS[kind](CASE.read_bytes()), capture_output=True,
                       timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 1 and p.stdout.startswith(b"<stdin>:11: error[revoke]")


def test_the_api_reads_a_compressed_path(tmp_path):
    """read_log of a path opens it as the commands do (R29): the Thirty-Three match of
    docs/api.md, totals 36, 7, -9, and its revoke at line 58; a copy cut short gives the
    corrupt-compression finding, not an exception."""
    import warnings

    import referee
    T33 = ROOT / "examples" / "thirty-three" / "disputed.jsonl"
    p = tmp_path / "t33.jsonl.bz2"
    p.write_bytes(bz2.compress(T33.read_bytes()))
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)  # the file is closed
        [m] = referee.read_log(p)
    assert m.file == str(p) and m.totals == {"Anna": 36, "Bela": 7, "Cili": -9}
    assert [(f.line, f.code) for f in m.all_findings()] == [(58, "revoke")]
    lines = T33.read_bytes().splitlines(keepends=True)
    q = tmp_path / "cut.jsonl.gz"
    q.write_bytes(_truncated_gzip(lines, 10, 3))
    log = referee.read_file(q)
    assert [(f.line, f.code, (f.evidence or {}).get("reason")) for m in log.matches
            for f in m.all_findings()] == [(11, "bad-json", "corrupt-compression")]
