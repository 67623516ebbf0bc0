"""Memory stays bounded by what may still change (issue 20, item 4): findings are handed on as
soon as no finding at an earlier line can come, and ``history`` prints as soon as nothing can
come before, so bad lines by the hundred thousand inside one hand are never all held.

The tests watch *when* things arrive, not how long they take: the log is fed one line per read,
and each finding (or piece of output) is stamped with how many lines had been read by then.
"""
from __future__ import annotations

from . import under_test

import io
import json

import pytest

from referee.render import Style
from referee.render.history import HistoryPrinter
from referee.replay import Listener, replay

from .conftest import history_lines
from .test_thirty_three import MATCH, PLAYS, bid, deal, discard, pas, plays


class Feed:
    """A binary stream giving one physical line per ``readline``; ``given`` counts them."""

    def __init__(self, lines: list[bytes]) -> None:
        self.lines = iter(lines)
        self.given = 0

    def readline(self, size: int = -1) -> bytes:
        for line in self.lines:
            self.given += 1
            return line
        return b""


class Stamps(Listener):
    """Each finding as (line, code, lines read when it arrived)."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.got: list[tuple[int, str, int]] = []

    def finding(self, f):
        self.got.append((f.line, f.code, self.feed.given))


def _lines(events) -> list[bytes]:
    return [(json.dumps(e) + "\n").encode() for e in events]


HEAD = _lines([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C")])  # lines 1-5


def test_findings_of_bad_lines_in_a_hand_arrive_line_by_line():
    # line 6 `x` voids the hand (G7); lines 7..1005 are bad lines of the skipped hand.  Each
    # finding is final when its line is read: it must arrive before line + 1 is read.
    n = 1000
    feed = Feed(HEAD + [b"x\n"] * n)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec)
    assert [line for line, _, _ in rec.got] == list(range(6, 6 + n))
    assert all(code == "bad-json" for _, code, _ in rec.got)
    assert all(given == line for line, _, given in rec.got), rec.got[:3]


def test_findings_after_an_open_revoke_wait_for_it_and_stay_sorted():
    # Thirty-Three: A leads 7♣ (line 7); B holds A♣ 10♣ K♣ and plays 7♥ (line 8): a revoke,
    # open until C's card at line 9 establishes it (G4).  Line 9 carries an unknown field, so
    # --strict warns at line 9 *before* the card is applied: that warning must wait for the
    # revoke at line 8.  Both arrive once line 9 is read; then the bad lines 10.. at once.
    card_c = {"event": "play", "player": "C", "card": "8C", "mood": "calm"}
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]), card_c]
    feed = Feed(_lines(events) + [b"x\n"] * 50)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec, strict=True)
    assert rec.got[:2] == [(8, "revoke", 9), (9, "bad-event", 9)]
    assert rec.got[2:] == [(line, "bad-json", line) for line in range(10, 60)]


def test_a_revoke_repaired_later_is_still_reported_in_line_order():
    # B's revoke at line 8 is repaired by a retract at line 9 (a warning at line 8, G4); the
    # retract line carries an unknown field (a strict warning at 9, held for the revoke).
    fix = {"event": "retract", "player": "B", "card": "7H", "why": "oops"}
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]), fix,
              *plays(PLAYS[1:])]
    feed = Feed(_lines(events))
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec, strict=True)
    assert [(line, code) for line, code, _ in rec.got] == [(8, "revoke"), (9, "bad-event")]
    assert [given for _, _, given in rec.got] == [9, 9]


class _Stamped(io.StringIO):
    """Output that remembers how many lines of input had been read at each write."""

    def __init__(self, feed: Feed) -> None:
        super().__init__()
        self.feed = feed
        self.writes: list[tuple[int, str]] = []

    def write(self, s: str) -> int:
        self.writes.append((self.feed.given, s))
        return super().write(s)


def test_history_prints_a_long_skipped_hand_as_it_goes():
    # 5,000 bad lines after the hand is voided at line 6: history must not keep them until the
    # hand ends; output comes while the log is being read, and stays in line order.
    n = 5000
    feed = Feed(HEAD + [b"x\n"] * n)
    out = _Stamped(feed)
    printer = HistoryPrinter(out, Style(symbols=False))
    replay(feed, "t.jsonl", printer)
    printer.close()
    early = [given for given, s in out.writes if "error[bad-json]" in s and given < 5 + n]
    assert early, "nothing of the bad lines was printed before the log was read to its end"
    # never more than a few batches behind the reader
    lag = max(given - int(s.split("t.jsonl:")[1].split(":")[0])
              for given, s in out.writes if s.startswith("  !! t.jsonl:"))
    assert lag <= 4 * HistoryPrinter.BATCH
    text = out.getvalue()
    lines = [int(x.split("t.jsonl:")[1].split(":")[0]) for x in text.splitlines()
             if x.startswith("  !! t.jsonl:")]
    assert lines == list(range(6, 6 + n))


def test_history_of_many_ignored_events_after_a_void_goes_out_as_it_goes():
    # The hand is voided at line 6 (`x`); then 3,000 valid events of the skipped hand, each
    # printed "(ignored, the hand was over)" in its place, without waiting for the hand's end.
    n = 3000
    feed = Feed(HEAD + [b"x\n"] + _lines([pas("A")]) * n)
    out = _Stamped(feed)
    printer = HistoryPrinter(out, Style(symbols=False))
    replay(feed, "t.jsonl", printer)
    printer.close()
    assert any("(ignored" in s and given < 6 + n for given, s in out.writes)
    assert out.getvalue().count("(ignored, the hand was over) A passes") == n


def test_findings_held_behind_an_open_revoke_are_bounded_in_memory(monkeypatch):
    # B's revoke at line 8 stays open while A (the declarer) calls Kontra n times, each an
    # `illegal-kontra`, not applied (§5, T12), at lines 9 .. 8 + n; C's card at line 9 + n
    # establishes the revoke.  The n findings must wait for it (line order), but no more than
    # HOLD of them in memory: the rest wait in a temporary file, and come back in order.
    from referee import replay as rp
    monkeypatch.setattr(rp, "HOLD", 50)
    most = [0]
    deliver = rp.FileReplay.deliver

    def watched(self, *floor):
        most[0] = max(most[0], len(self.pending))
        deliver(self, *floor)
    monkeypatch.setattr(rp.FileReplay, "deliver", watched)
    n = 400
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]),
              *[{"event": "kontra", "player": "A"}] * n, *plays([("C", "8C")])]
    feed = Feed(_lines(events) + [b"x\n"] * 3)
    rec = Stamps(feed)
    replay(feed, "t.jsonl", rec)
    assert [(line, code) for line, code, _ in rec.got] == (
        [(8, "revoke")] + [(line, "illegal-kontra") for line in range(9, 9 + n)]
        + [(line, "bad-json") for line in range(10 + n, 13 + n)])
    assert all(given == 9 + n for _, _, given in rec.got[:n + 1])  # when the card came
    assert most[0] <= 51


def test_history_holds_lines_for_an_open_revoke_only_up_to_its_limit(monkeypatch):
    # As above, for history: with few calls after the revoke, the revoke (line 8) stands right
    # after its line; with more than HOLD lines held for it, they are printed on and the revoke
    # comes when it is settled, still once, and the output keeps every line.
    def history(n):
        events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                  discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]),
                  *[{"event": "kontra", "player": "A"}] * n, *plays([("C", "8C")])]
        feed = Feed(_lines(events))
        out = _Stamped(feed)
        printer = HistoryPrinter(out, Style(symbols=False))
        replay(feed, "t.jsonl", printer)
        printer.close()
        return out
    monkeypatch.setattr(HistoryPrinter, "HOLD", 200)
    text = history_lines(history(100).getvalue())  # the log-line gutter taken off
    at = next(i for i, x in enumerate(text) if "error[revoke]" in x)
    assert text[at - 1] == ("   trick  1 (not finished): A 7C, B 7H (revoke), "
                            "C 8C (establishes the revoke)")  # line 8, rewritten at line 109
    assert text[at + 1] == "   A: Kontra"  # line 9
    out = history(1000)
    assert any("Kontra" in s and given < 9 + 1000 for given, s in out.writes)
    text = out.getvalue()
    assert text.count("error[revoke]") == 1 and text.count("error[illegal-kontra]") == 1000


# --- issue 29 item 11: a temporary file that fails loses only what it could not hold -----------

def _revoke_then_calls(n: int) -> list[bytes]:
    """B's revoke at line 8 (as above), open while A calls Kontra n times (lines 9 .. 8 + n, each
    an `illegal-kontra`); C's card at line 9 + n establishes it; three bad lines follow."""
    events = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
              discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")]),
              *[{"event": "kontra", "player": "A"}] * n, *plays([("C", "8C")])]
    return _lines(events) + [b"x\n"] * 3


class _FullDisk:
    """A temporary file on a disk that fills up: its first write is written whole, the second
    only in part (half of it), and every later one fails with ENOSPC."""

    def __init__(self, file) -> None:
        self.file = file
        self.writes = 0

    def write(self, data) -> int:
        import errno
        import os
        self.writes += 1
        if self.writes > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        data = bytes(data)
        return self.file.write(data if self.writes == 1 else data[:len(data) // 2])

    def __getattr__(self, name):
        return getattr(self.file, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.file.close()


def _spill_fails(monkeypatch, make):
    import tempfile

    from referee import replay as rp
    monkeypatch.setattr(rp, "HOLD", 50)
    monkeypatch.setattr(tempfile, "TemporaryFile", make)
    return rp


def test_a_temporary_file_that_fills_up_keeps_what_it_holds(monkeypatch):
    # r14 (a full TMPDIR during the spill was "cannot read LOG" and every finding lost), with
    # HOLD 50: the first 51 findings waiting for the revoke (lines 9..59) go to the file; the
    # next 51 (60..110) do not fit: the 50 earliest (60..109) are kept in memory, line 110 and
    # every later call while the revoke is open (110..408: 408 - 110 + 1 = 299) are not held.
    # The revoke (line 8, when line 409 establishes it), lines 9..109 (101) and the three bad
    # lines after the hand (410..412) are all reported, in line order; 1 + 101 + 299 = 401 =
    # 1 + n, every finding of the hand either reported or counted.
    import errno
    import os
    import tempfile
    real = tempfile.TemporaryFile
    made = []

    def make(buffering=-1):
        made.append(_FullDisk(real(buffering=buffering)))
        return made[-1]
    rp = _spill_fails(monkeypatch, make)
    feed = Feed(_revoke_then_calls(400))
    rec = Stamps(feed)
    stats = rp.replay(feed, "t.jsonl", rec)
    assert len(made) == 1 and made[0].writes == 3  # whole, half, failed
    assert [(line, code) for line, code, _ in rec.got] == (
        [(8, "revoke")] + [(line, "illegal-kontra") for line in range(9, 110)]
        + [(line, "bad-json") for line in range(410, 413)])
    assert stats.unheld == 299 and stats.unheld_lines == (110, 408)
    assert stats.unheld_reason == (f"cannot write a temporary file in {tempfile.gettempdir()}: "
                                   f"{os.strerror(errno.ENOSPC)}")
    assert stats.errors == 1 + 101 + 3


def test_no_temporary_file_at_all_keeps_what_memory_holds(monkeypatch):
    # The file cannot even be made: of the first 51 findings waiting (9..59), the 50 earliest
    # are kept, and 59..408 (408 - 59 + 1 = 350) are not held; the rest is reported as ever.
    import errno
    import os

    def make(buffering=-1):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    rp = _spill_fails(monkeypatch, make)
    feed = Feed(_revoke_then_calls(400))
    rec = Stamps(feed)
    stats = rp.replay(feed, "t.jsonl", rec)
    assert [(line, code) for line, code, _ in rec.got] == (
        [(8, "revoke")] + [(line, "illegal-kontra") for line in range(9, 59)]
        + [(line, "bad-json") for line in range(410, 413)])
    assert stats.unheld == 350 and stats.unheld_lines == (59, 408)
    assert rp.unheld_words("t.jsonl", stats) == (
        f"referee: t.jsonl: {stats.unheld_reason}; 350 findings from line 59 to line 408, "
        "which waited for an open revoke, are not reported (every other finding is)")


def test_a_temporary_file_that_does_not_read_back_counts_the_rest(monkeypatch):
    # The file is written (51 findings, lines 9..59, then 9..8 + 400 in batches of 51 and the
    # last 49 in memory) but the 11th finding read back fails: lines 9..18 (10) are reported,
    # then the spilled ones from line 19 on are counted: 7 batches of 51 = 357 spilled (lines
    # 9..365), 357 - 10 = 347 not held, from line 18 (the last read) to line 365; the 43 in
    # memory (366..408) are reported.  (Uncommon: only a failing disk does it.)
    import msgspec

    from referee import replay as rp
    monkeypatch.setattr(rp, "HOLD", 50)
    decode, calls = rp._DECODE, [0]

    def failing(line):
        calls[0] += 1
        if calls[0] == 11:
            raise msgspec.DecodeError("truncated")
        return decode(line)
    monkeypatch.setattr(rp, "_DECODE", failing)
    feed = Feed(_revoke_then_calls(400))
    rec = Stamps(feed)
    stats = rp.replay(feed, "t.jsonl", rec)
    assert [(line, code) for line, code, _ in rec.got] == (
        [(8, "revoke")] + [(line, "illegal-kontra") for line in range(9, 19)]
        + [(line, "illegal-kontra") for line in range(366, 409)]
        + [(line, "bad-json") for line in range(410, 413)])
    assert stats.unheld == 347 and stats.unheld_lines == (18, 365)


def test_check_says_which_findings_a_full_temporary_folder_lost(monkeypatch, tmp_path):
    # The command names what failed (the temporary file, with its errno text), not the log;
    # it reports every finding it could hold and exits 2: the report is not whole.
    import errno
    import os

    from click.testing import CliRunner

    from referee.cli import main

    def make(buffering=-1):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    rp = _spill_fails(monkeypatch, make)
    log = tmp_path / "revoke_open.jsonl"
    log.write_bytes(b"".join(_revoke_then_calls(400)))
    r = CliRunner().invoke(main, ["check", str(log)])
    assert r.exit_code == 2
    out = r.stdout.splitlines()
    assert [int(x.split(":")[1]) for x in out] == [8, *range(9, 59), 410, 411, 412]
    import tempfile
    assert r.stderr == (f"referee: {log}: cannot write a temporary file in "
                        f"{tempfile.gettempdir()}: {os.strerror(errno.ENOSPC)}; 350 findings "
                        "from line 59 to line 408, which waited for an open revoke, are not "
                        "reported (every other finding is)\n")
    assert "cannot read" not in r.stderr
    for args in (["score"], ["history"], ["history", "--format", "html"], ["check", "-q"]):
        other = CliRunner().invoke(main, [*args, str(log)])
        assert (other.exit_code, other.stderr.splitlines()[-1]) == (2, r.stderr.strip()), args
    monkeypatch.setattr(rp, "HOLD", 1000)  # with room enough: all 1 + 400 + 3, status 1
    r = CliRunner().invoke(main, ["check", str(log)])
    assert r.exit_code == 1 and len(r.stdout.splitlines()) == 404 and r.stderr == ""


def _can_mount_a_small_tmpfs() -> bool:
    import os
    import shutil
    import subprocess
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                          capture_output=True).returncode == 0


@pytest.mark.skipif(not _can_mount_a_small_tmpfs(), reason="needs root and unshare")
def test_r14_a_full_tmpdir_is_not_blamed_on_the_log(tmp_path):
    # r14 as it was found: a 64 KiB tmpfs as TMPDIR, in a mount namespace of the command's own
    # (nothing outside is touched); 20,000 calls while the revoke of line 8 is open.  The file
    # fills up at its first batch (1001 findings take more than 64 KiB), so the HOLD = 1000
    # earliest (lines 9..1008) are kept, 1009..20008 (20,000 - 1,000) not held.
    import shlex
    import subprocess
    import sys
    log = tmp_path / "revoke_open.jsonl"
    log.write_bytes(b"".join(_revoke_then_calls(20_000)))
    small = tmp_path / "small"
    small.mkdir()
    cmd = (f"mount -t tmpfs -o size=64k tmpfs {shlex.quote(str(small))} && "
           f"TMPDIR={shlex.quote(str(small))} {shlex.quote(sys.executable)} -m referee check "
           f"{shlex.quote(str(log))}")
    r = subprocess.run(["unshare", "-m", "sh", "-c", cmd], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 2
    assert r.stderr == (f"referee: {log}: cannot write a temporary file in {small}: No space "
                        "left on device; 19000 findings from line 1009 to line 20008, which "
                        "waited for an open revoke, are not reported (every other finding is)\n")
    assert [int(x.split(":")[1]) for x in r.stdout.splitlines()] == [
        8, *range(9, 1009), 20010, 20011, 20012]


# --- peak memory (issue 29, item 9) -------------------------------------------------------------
# Each test runs the same command on a small and a large log of the same shape and compares the
# peak resident memory of the two processes: flat means the large one costs no more than a few
# megabytes over the small one, whatever it holds (the interpreter's own ~20 MB cancels out).

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_PEAK = ("import atexit, sys\n"
         "def peak():\n"
         "    for line in open('/proc/self/status'):\n"
         "        if line.startswith('VmHWM:'):\n"
         "            sys.__stderr__.write('\\nPEAK %s\\n' % line.split()[1])\n"
         "atexit.register(peak)\n"
         "sys.argv = ['referee'] + sys.argv[1:]\n"
         "from referee.cli import run\n"
         "run()\n")
"""Runs ``referee``, then writes its peak resident memory (VmHWM, KB: that of this process
since it started, unlike ``ru_maxrss``, which a child inherits from its parent)."""


def peak_kb(*args: str) -> int:
    """The peak resident memory (KB) of ``referee ARGS`` run in a fresh interpreter."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("the peak resident memory is read from /proc (Linux)")
    env = dict(os.environ, PYTHONPATH=under_test.pythonpath())
    r = subprocess.run([sys.executable, "-c", _PEAK, *args], env=env, cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       timeout=600)
    assert r.returncode in (0, 1), r.stderr[-2000:]
    return int(r.stderr.rsplit("PEAK ", 1)[1].split()[0])


FLAT_KB = 8 * 1024
"""How much more the large log may cost than the small one."""


def _junk_log(path: Path, n: int) -> Path:
    # lines 1-5: a Thirty-Three match, a deal, an auction won by A; lines 6 .. 5 + n: `x`, each
    # a bad-json line; the first voids hand 1 (G7), the others come after its end
    path.write_bytes(b"".join(HEAD) + b"x\n" * n)
    return path


def test_history_html_memory_stays_flat_with_many_bad_lines(tmp_path):
    # r09_html_and_legal_memory_grow_with_findings.sh: `referee history --format html junk.jsonl`
    # held every finding (10^5 bad lines: 209 MB against 19 MB for check)
    small = peak_kb("history", "--format", "html", str(_junk_log(tmp_path / "s.jsonl", 1000)))
    large = peak_kb("history", "--format", "html", str(_junk_log(tmp_path / "l.jsonl", 60000)))
    assert large - small < FLAT_KB, (small, large)


def test_legal_memory_stays_flat_with_many_bad_lines(tmp_path):
    # r09_…: `referee legal junk.jsonl --line N+5` held every finding (10^5: 67 MB)
    small = peak_kb("legal", str(_junk_log(tmp_path / "s.jsonl", 1000)), "--line", "1005")
    large = peak_kb("legal", str(_junk_log(tmp_path / "l.jsonl", 100000)), "--line", "100005")
    assert large - small < FLAT_KB, (small, large)


def _many_players(path: Path, matches: int) -> Path:
    # one `match` line per match, three players of their own each: 3 × matches names
    path.write_text("".join(
        f'{{"event":"match","game":"thirty-three","players":["player {i:09} north",'
        f'"player {i:09} west","player {i:09} east"]}}\n' for i in range(matches)))
    return path


def test_score_keeps_nothing_per_player_without_standings(tmp_path):
    # big/many_players.jsonl (D14): 100 k distinct players cost 63 MB without --standings
    small = peak_kb("score", str(_many_players(tmp_path / "s.jsonl", 300)))
    large = peak_kb("score", str(_many_players(tmp_path / "l.jsonl", 40000)))
    assert large - small < FLAT_KB, (small, large)


def test_replay_until_keeps_only_the_findings_of_the_hand_in_play():
    # `legal` needs the findings of the hand at its line, not those of the whole file: lines
    # 6 .. 5 + n are bad lines (hand 1 voided at line 6), then the next deal at line 6 + n, by A,
    # who is due after C (G6), then a bad line at 7 + n that voids hand 2.
    import io

    from referee import replay as rp
    n = 3 * rp.KEEP
    log = b"".join(HEAD) + b"x\n" * n + b"".join(_lines([deal(dealer="A")]))
    eng, _, found, reached = rp.replay_until(io.BytesIO(log), "t.jsonl", 6 + n, reach=True)
    # before the second deal: hand 1's finding at line 6 and the n - 1 after it, of which only
    # the first KEEP are kept
    assert reached and len(found) == rp.KEEP
    assert [f.line for f in found] == list(range(6, 6 + rp.KEEP))
    eng, _, found, _ = rp.replay_until(io.BytesIO(log + b"x\n"), "t.jsonl", 8 + n, reach=True)
    # after it: only line 7 + n, the bad line that voids hand 2 (the findings of hand 1 and
    # after it no longer matter)
    assert [(f.line, f.hand) for f in found] == [(7 + n, 2)]


def test_strict_reading_of_a_long_line_does_not_hold_it_twice():
    # r15_big_line_memory.sh: `check --strict` on one long deal line peaked at 513 MB against
    # 331 MB without --strict: the line was held as json's objects (for the strict notes) and
    # msgspec's event at once.  Now the notes are made first and their objects dropped; the
    # peak of strict reading stays near that of plain reading (here 300,000 cards, ~1.5 MB).
    import tracemalloc

    from referee import events as ev
    line = (b'{"event":"deal","dealer":"A","hands":{"A":[' + b",".join([b'"AH"'] * 300_000)
            + b']},"boat":["KS"]}\n')

    def peak(strict: bool) -> int:
        tracemalloc.start()
        try:
            items = list(ev.read_events(io.BytesIO(line), strict))
            assert [type(e).__name__ for _, e in items] == ["Deal"]
            del items
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    plain, strict = peak(False), peak(True)
    assert strict < 1.25 * plain, (plain, strict)


def test_standings_hold_at_most_max_players_and_say_how_many_were_left_out(tmp_path,
                                                                          monkeypatch):
    # --standings is a tally by nature (one row per player), bounded by MAX_PLAYERS: three
    # matches of three players of their own, a limit of 4: match 1's three players and the
    # first of match 2 are tallied, the other 2 + 3 = 5 player results are left out.
    from click.testing import CliRunner

    from referee.cli import main
    from referee.render.report import ScoreCollector
    monkeypatch.setattr(ScoreCollector, "MAX_PLAYERS", 4)
    log = _many_players(tmp_path / "p.jsonl", 3)
    r = CliRunner().invoke(main, ["score", "--standings", str(log)])
    rows = [x for x in r.stdout.splitlines() if x.startswith("thirty-three  player")]
    assert len(rows) == 4
    assert "and 5 player results not tallied: the standings hold at most 4 players" in r.stdout
    r = CliRunner().invoke(main, ["score", "--standings", "--format", "json", str(log)])
    last = json.loads(r.stdout.splitlines()[-1])
    assert last["kind"] == "standings" and len(last["standings"]) == 4
    assert last["left_out"] == 5 and last["matches"] == 3


# --- one long line of cards (issue 29 item 9, D8) -------------------------------------------

def test_a_long_deal_line_holds_each_card_once():
    """A deal whose hand lists 300,000 cards (1.5 MB, over the 1 MiB that marks a long line)
    is decoded with one string object per card named, not one per card listed: 300,000
    pointers (8 bytes each, 2.4 MB) rather than 300,000 strings of about 51 bytes (15 MB)."""
    import tracemalloc

    from referee import events as ev
    n = 300_000
    line = ('{"event":"deal","dealer":"Anna","hands":{"Anna":['
            + ",".join(['"AH"', '"KS"'] * (n // 2)) + ']},"boat":["QD"]}').encode()
    assert len(line) > 1 << 20
    e = ev.decode_event(line)
    hand = e.hands["Anna"]
    assert len(hand) == n and len({id(c) for c in hand}) == 2
    assert e == ev.DECODER.decode(line)  # the same event as the usual decoder gives
    tracemalloc.start()
    try:
        ev.decode_event(line)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20, peak  # pointers and the line's own text, not 15 MB of strings


def test_a_long_line_of_other_values_is_read_as_usual(monkeypatch):
    """Every line of every example decoded through the long-line path (its threshold set to
    nothing) gives the event or the error the usual decoder gives: the path only changes how
    the cards are held."""
    from referee import events as ev
    import msgspec
    monkeypatch.setattr(ev, "_LONG", 0)
    monkeypatch.setattr(ev, "_BIG_VALUE", 0)
    lines = [ln for p in sorted((ROOT / "examples").rglob("*.jsonl"))
             for ln in p.read_bytes().splitlines() if ln.strip()]
    lines += [b'{"event":"deal","dealer":"Anna","hands":{"Anna":["ah","T\xe2\x99\xa5"]}}',
              b'{"event":"deal","dealer":"Anna","hands":{"Anna":[1,2]}}',
              b'{"event":"score","totals":{"Anna":83}}', b'{"event":"nope"}']
    assert len(lines) > 500
    for ln in lines:
        try:
            want: object = ev.DECODER.decode(ln)
        except msgspec.ValidationError as exc:
            want = str(exc)
        try:
            got: object = ev.decode_event(ln)
        except msgspec.ValidationError as exc:
            got = str(exc)
        assert got == want, ln


def test_follow_holds_one_line_at_most_whatever_the_file_holds(tmp_path, monkeypatch):
    # issue 29 item 9 (r06_follow_memory_grows_with_file.sh): --follow read all the file held
    # into one buffer before refereeing it (RSS 44 MB for a 16 MB file, 194 MB for one 100 MB
    # line).  Here the line cap is 64 KiB (MAX_LINE_BYTES, patched) and the file about 2.4 MB:
    # 400 copies of the disputed example, each with an `end` (so --until-end stops at the end
    # of the file), then a line of 256 KiB.  What follow allocates at its peak stays under
    # 1 MiB (the cap, the rest of the long line skipped in one piece, the engine of one match),
    # as the plain reader's does, well under the file's size; and it reports what the plain
    # reader reports: the long line is bad-json, unread.
    import tracemalloc

    from referee import events as ev
    from referee.follow import follow

    from .conftest import ROOT
    monkeypatch.setattr(ev, "MAX_LINE_BYTES", 1 << 16)
    monkeypatch.setattr(ev, "_LONG", 1 << 15)  # a long line is shorter than the cap, as in use
    one = (ROOT / "examples" / "thirty-three" / "disputed.jsonl").read_bytes() + \
        b'{"event": "end"}\n'
    log = tmp_path / "big.jsonl"
    with open(log, "wb") as f:
        for _ in range(400):
            f.write(one)
        f.write(b'{"event": "end", "note": "' + b"y" * (1 << 18) + b'"}\n')
    size = log.stat().st_size
    assert size > 2_400_000

    class Count(Listener):
        def __init__(self) -> None:
            self.got: list[tuple[int, str]] = []

        def finding(self, f):
            if f.code == "bad-json":
                self.got.append((f.line, f.message))

    plain = Count()
    tracemalloc.start()
    try:
        with open(log, "rb") as f:
            replay(f, "big.jsonl", plain)
        plain_peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    last = 400 * len(one.splitlines()) + 1
    assert plain.got == [(last, "line longer than 65536 bytes")]
    followed = Count()
    tracemalloc.start()
    try:
        status = follow(str(log), followed, until_end=True, say=lambda msg: None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert followed.got == plain.got and status == 1
    assert plain_peak < 1 << 20 and peak < 1 << 20 < size // 2, (peak, plain_peak)
