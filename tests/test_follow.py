"""Live refereeing (issue 18): ``--follow`` on a log being written, and a log read from a pipe.

A writer (the test) appends a match line by line to a file (or a pipe); the referee runs as a
real process beside it.  After each line that makes a finding final, the writer waits until
the referee has printed it before it writes the next line: so each finding is shown to be
printed while the log is still being written, before the line after the one that settled it.
No wait is on the clock: each is for output, up to a generous timeout (WAIT) that only a
broken referee reaches.  At the end, what the follower printed must be what ``check`` (or
``history``, ``score``) prints of the finished file, in the same order.

The log: examples/thirty-three/disputed.jsonl (docs/api.md works it by hand) with one line put
in after its line 61, and an ``end``.  Findings and the line that makes each final:

- line 58, revoke (Cili plays 8♠ to A♥ holding 8♥, §6): established by Anna's next card at
  line 59 (G4), so final at 59;
- line 62, out-of-turn: hand 3 is dealt by Bela (line 60), so Cili speaks first (line 61, 18
  Misère) and Anna next; the inserted pass is Bela's (T1).  Final at once: line 62;
- line 63, out-of-turn: the turn goes on from Bela (R2), so it was Cili's, not Anna's; line 63;
- line 64, out-of-phase: both others have passed, the auction is over (Cili plays Low): Bela's
  pass at 64 is after the auction (G10), the hand is not followed further (G3); line 64.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .conftest import ROOT

CMD = [sys.executable, "-c", "from referee.cli import run; run()"]
# (without PYTHONUNBUFFERED: the output must reach the pipe line by line by itself)
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
       "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
WAIT = 30.0  # seconds: only a referee that does not print what it should reaches it

DISPUTED = (ROOT / "examples" / "thirty-three" / "disputed.jsonl").read_bytes().splitlines(True)
SIXTY_SIX = (ROOT / "examples" / "sixty-six" / "disputed.jsonl").read_bytes().splitlines(True)
END = b'{"event": "end"}\n'
LOG = DISPUTED[:61] + [b'{"event": "pass", "player": "Bela"}\n'] + DISPUTED[61:] + [END]
# the findings that become final at a line, by the start of the text line check prints
FINAL_AT = {59: ["live.jsonl:58: error[revoke]"], 62: ["live.jsonl:62: error[out-of-turn]"],
            63: ["live.jsonl:63: error[out-of-turn]"], 64: ["live.jsonl:64: error[out-of-phase]"]}
SPLIT = 60  # the deal of hand 3 is written in two parts


class Referee:
    """``referee ARGS`` as a process in ``cwd``; its standard output is collected line by line
    as it comes, so the test can wait for a line."""

    def __init__(self, cwd: Path, *args: str, stdin: int | None = subprocess.DEVNULL) -> None:
        self.p = subprocess.Popen(CMD + list(args), cwd=cwd, env=ENV, stdin=stdin,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, encoding="utf-8")
        self.lines: list[str] = []
        self.err: list[str] = []
        self.cond = threading.Condition()
        self.threads = [threading.Thread(target=self._collect, args=(stream, into), daemon=True)
                        for stream, into in ((self.p.stdout, self.lines),
                                             (self.p.stderr, self.err))]
        for t in self.threads:
            t.start()

    def _collect(self, stream, into: list[str]) -> None:
        for line in stream:
            with self.cond:
                into.append(line)
                self.cond.notify_all()

    def wait_for(self, start: str, stream: str = "out") -> None:
        """Wait until a line starting with ``start`` has been printed (standard output, or
        ``"err"``: standard error)."""
        into = self.lines if stream == "out" else self.err
        with self.cond:
            ok = self.cond.wait_for(lambda: any(x.startswith(start) for x in into), WAIT)
        assert ok, f"{start!r} not printed in {WAIT}s; so far: {''.join(into)!r}"

    def printed(self) -> str:
        with self.cond:
            return "".join(self.lines)

    def finish(self) -> tuple[int, str, str]:
        """Wait for the process to end: (exit status, standard output, standard error)."""
        try:
            rc = self.p.wait(WAIT)
        finally:
            if self.p.poll() is None:
                self.p.kill()
        deadline = time.monotonic() + WAIT
        for t in self.threads:  # the collectors end with the pipes
            t.join(max(0.0, deadline - time.monotonic()))
        with self.cond:
            return rc, "".join(self.lines), "".join(self.err)


def _append(path: Path, data: bytes) -> None:
    with open(path, "ab") as f:
        f.write(data)


def _write_live(path: Path, lines: list[bytes], ref: Referee, final_at: dict,
                split: int | None = None, first: int = 1) -> None:
    """Append ``lines`` (numbered from ``first``) one by one; after a line that makes a
    finding final, wait until ``ref`` printed it.  Line ``split`` is written in two parts,
    with a pause between them for the referee to find a part of a line (not an assertion:
    the output at the end tells whether it decoded the half line)."""
    for n, line in enumerate(lines, first):
        if n == split:
            _append(path, line[:len(line) // 2])
            time.sleep(0.3)
            _append(path, line[len(line) // 2:])
        else:
            _append(path, line)
        for start in final_at.get(n, ()):
            ref.wait_for(start)


def _plain(cwd: Path, *args: str) -> tuple[int, str, str]:
    """The same command on the finished file."""
    p = subprocess.run(CMD + list(args), cwd=cwd, env=ENV, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, encoding="utf-8", timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_check_follow_prints_each_finding_while_the_log_is_written(tmp_path):
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    _write_live(log, LOG, ref, FINAL_AT, split=SPLIT)
    rc, out, err = ref.finish()  # --until-end: the `end` of the match ends it
    assert (rc, out, err) == _plain(tmp_path, "check", "live.jsonl")
    assert rc == 1 and [x.split(" ", 1)[0] for x in out.splitlines()] == [
        "live.jsonl:58:", "live.jsonl:62:", "live.jsonl:63:", "live.jsonl:64:"]


def test_check_follow_json_is_check_json(tmp_path):
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "--format", "json",
                  "live.jsonl")
    final = {59: ['{"file":"live.jsonl","line":58,'], 64: ['{"file":"live.jsonl","line":64,']}
    _write_live(log, LOG, ref, final, split=SPLIT)
    assert ref.finish() == _plain(tmp_path, "check", "--format", "json", "live.jsonl")


def test_history_follow_prints_each_hand_when_it_ends(tmp_path):
    # hand 1: Anna's tenth trick at line 36 ends it (docs/api.md: she takes all ten); hand 2
    # ends at line 59, when the revoke is established; each result before the next line
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    ref = Referee(tmp_path, "history", "--follow", "--until-end", "live.jsonl")
    final = {36: ["       result (scored): Anna made Hearts 20"],
             59: ["       result (penalty)", "  !! live.jsonl:58: error[revoke]"],
             62: ["  !! live.jsonl:62: error[out-of-turn]"]}
    _write_live(log, LOG, ref, final, split=SPLIT)
    assert ref.finish() == _plain(tmp_path, "history", "live.jsonl")


def test_score_follow_is_score_of_the_finished_file(tmp_path):
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    ref = Referee(tmp_path, "score", "--follow", "--until-end", "live.jsonl")
    _write_live(log, LOG, ref, {})
    assert ref.finish() == _plain(tmp_path, "score", "live.jsonl")


def _old_and_new(tmp_path: Path, old: list[bytes], new: list[bytes]) -> tuple[int, str, str]:
    """What check prints of the two files one after the other, each named live.jsonl."""
    out, rc = "", 0
    for i, lines in enumerate((old, new)):
        d = tmp_path / f"as-checked-{i}"
        d.mkdir()
        (d / "live.jsonl").write_bytes(b"".join(lines))
        r, o, _ = _plain(d, "check", "live.jsonl")
        out, rc = out + o, max(rc, r)
    return rc, out, ""


ROTATED = "referee: live.jsonl was rotated"


def test_check_follow_reads_a_log_rotated_by_renaming_as_a_new_file(tmp_path):
    # ruling R24: the old file is read to its end and checked as check checks it (its open
    # hand 3 ends there), then the new file from its first line, fresh (no match carries
    # over); the rotation is said once on standard error
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    old, new = LOG[:66], SIXTY_SIX + [END]
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    _write_live(log, old[:-2], ref, FINAL_AT)
    _append(log, b"".join(old[-2:]))  # read after the rename, from the file still open
    os.rename(log, tmp_path / "live.jsonl.1")
    time.sleep(0.3)  # (a moment without the file, as between rename and create)
    log.write_bytes(b"")
    ref.wait_for(ROTATED, "err")
    # Sixty-Six: Bob's 9♥ to Ann's 10♠ at line 7 while he holds Q♠ J♠ after the talon was
    # closed (S1) is established by Ann's next card, line 8
    _write_live(log, new, ref, {8: ["live.jsonl:7: error[revoke]"]})
    rc, out, err = ref.finish()
    assert (rc, out) == _old_and_new(tmp_path, old, new)[:2]
    assert err.count(ROTATED) == 1 and "Traceback" not in err


def test_check_follow_reads_a_truncated_log_as_a_new_file(tmp_path):
    # copytruncate: the same file cut to nothing and written again (shorter than what was
    # read, so it is seen however soon the writer goes on)
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    old, new = LOG[:64], SIXTY_SIX + [END]
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    _write_live(log, old, ref, FINAL_AT)  # the last line, 64, has a finding: all was read
    with open(log, "r+b") as f:
        f.truncate(0)
    _write_live(log, new, ref, {8: ["live.jsonl:7: error[revoke]"]})
    rc, out, err = ref.finish()
    assert (rc, out) == _old_and_new(tmp_path, old, new)[:2]
    assert err.count(ROTATED) == 1


def _interrupt(ref: Referee) -> tuple[int, str, str]:
    ref.p.send_signal(signal.SIGINT)
    return ref.finish()


def test_ctrl_c_ends_follow_with_the_status_of_the_errors_found(tmp_path):
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"".join(LOG[:59]))
    ref = Referee(tmp_path, "check", "--follow", "live.jsonl")
    ref.wait_for("live.jsonl:58: error[revoke]")
    rc, out, err = _interrupt(ref)
    assert rc == 1, err  # an error was found (not 130)
    assert err == INTERRUPTED  # as a plain run says it (issue 29 item 16)


def test_ctrl_c_with_only_a_warning_exits_0_and_leaves_the_hand_in_play_unjudged(tmp_path):
    # Cili takes back her 8♠ (line 59) and follows suit: a repaired revoke is a warning
    # (FORMAT.md), so no error: status 0.  Hand 2 is still in play when Ctrl-C comes: no
    # incomplete-hand is reported (check of the file as it stands would report one)
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"".join(DISPUTED[:58]) + b'{"event": "retract", "player": "Cili", '
                    b'"card": "8S"}\n{"event": "play", "player": "Cili", "card": "8H"}\n')
    ref = Referee(tmp_path, "check", "--follow", "live.jsonl")
    ref.wait_for("live.jsonl:58: warning[revoke]")
    rc, out, err = _interrupt(ref)
    assert (rc, err) == (0, INTERRUPTED)
    assert [x.split(" ", 1)[0] for x in out.splitlines()] == ["live.jsonl:58:"]
    assert "incomplete-hand" in _plain(tmp_path, "check", "live.jsonl")[1]


@pytest.mark.parametrize("args", [["--follow", "a.jsonl", "b.jsonl"], ["--follow", "-"],
                                  ["--follow"], ["--until-end", "a.jsonl"]])
def test_follow_takes_one_named_file(tmp_path, args):
    (tmp_path / "a.jsonl").write_bytes(b"".join(DISPUTED))
    (tmp_path / "b.jsonl").write_bytes(b"".join(DISPUTED))
    rc, out, err = _plain(tmp_path, "check", *args)
    assert rc == 2 and out == "" and "--follow" in err and "Traceback" not in err


WAITING = "referee: live.jsonl does not exist (yet): waiting for it to be created"
INTERRUPTED = "referee: interrupted\n"


def test_follow_waits_for_a_file_not_yet_created(tmp_path):
    # issue 29 item 16: `check --follow none.jsonl` exited 2 at once; as `tail -F`, it waits
    # (said once on standard error), then reads the file from its first line when it comes
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    ref.wait_for(WAITING, "err")
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    _write_live(log, LOG, ref, FINAL_AT)
    rc, out, err = ref.finish()
    assert (rc, out) == _plain(tmp_path, "check", "live.jsonl")[:2]
    assert rc == 1 and err.count(WAITING) == 1 and err.count("\n") == 1


def test_ctrl_c_while_waiting_for_the_file_says_interrupted_and_exits_2(tmp_path):
    # nothing was read: the file could not be opened (exit 2), and the interrupt is said
    ref = Referee(tmp_path, "check", "--follow", "live.jsonl")
    ref.wait_for(WAITING, "err")
    rc, out, err = _interrupt(ref)
    assert (rc, out) == (2, "")
    assert err.startswith(WAITING) and err.endswith("\n" + INTERRUPTED)


@pytest.mark.parametrize("make", ["dir", "noperm"])
def test_follow_of_a_file_that_cannot_be_opened_exits_2_at_once(tmp_path, make):
    # a file that is there but cannot be read is not waited for (only a missing one is)
    p = tmp_path / "live.jsonl"
    if make == "dir":
        p.mkdir()
        why = "is a directory"
    else:
        if os.geteuid() == 0:
            pytest.skip("root reads any file")
        p.write_bytes(b"")
        p.chmod(0)
        why = "Permission denied"
    rc, out, err = _plain(tmp_path, "check", "--follow", "live.jsonl")
    assert (rc, out) == (2, "") and err == f"referee: cannot open live.jsonl: {why}\n"


GONE = "referee: live.jsonl is gone (deleted or renamed away)"


def test_a_deleted_file_is_said_and_the_new_one_read(tmp_path):
    # issue 29 item 16: a deleted file was waited on without a word.  LOG[:61]: hand 3 is
    # dealt (line 60) and Cili bids (61), then the file is deleted: said on standard error;
    # the old file is read on to its end.  When a new live.jsonl comes it is a rotation (R24):
    # the old file ends there, its hand 3 left open is incomplete-hand at its last line 61
    # (G5), reported after the rotation, so named "live.jsonl (rotated)" (the new file holds
    # another line 61); then the new file from its first line, named live.jsonl
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    old, new = LOG[:61], SIXTY_SIX + [END]
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    _write_live(log, old, ref, FINAL_AT)
    os.unlink(log)
    ref.wait_for(GONE, "err")
    log.write_bytes(b"")
    ref.wait_for(ROTATED, "err")
    _write_live(log, new, ref, {8: ["live.jsonl:7: error[revoke]"]})
    rc, out, err = ref.finish()
    want_rc, want = _old_and_new(tmp_path, old, new)[:2]
    assert "live.jsonl:61: warning[incomplete-hand]" in want
    assert (rc, out) == (want_rc, want.replace("live.jsonl:61: warning[incomplete-hand]",
                                               "live.jsonl (rotated):61: warning[incomplete-hand]"))
    assert err.count(GONE) == 1 and err.count(ROTATED) == 1 and "Traceback" not in err


def test_check_from_a_pipe_prints_each_finding_before_the_input_ends(tmp_path):
    # tail -f LOG | referee check -: the pipe stays open; each finding comes when it is final
    ref = Referee(tmp_path, "check", "-", stdin=subprocess.PIPE)
    pipe = ref.p.stdin
    for n, line in enumerate(LOG, 1):
        pipe.write(line.decode())
        pipe.flush()
        for start in FINAL_AT.get(n, ()):
            ref.wait_for(start.replace("live.jsonl", "<stdin>"))
    pipe.close()
    (tmp_path / "live.jsonl").write_bytes(b"".join(LOG))
    rc, out, err = ref.finish()
    want = _plain(tmp_path, "check", "live.jsonl")
    assert (rc, out.replace("<stdin>", "live.jsonl"), err) == want


def test_history_from_a_pipe_prints_each_hand_when_it_ends(tmp_path):
    ref = Referee(tmp_path, "history", "-", stdin=subprocess.PIPE)
    pipe = ref.p.stdin
    final = {36: ["       result (scored): Anna made Hearts 20"], 59: ["       result (penalty)"]}
    for n, line in enumerate(LOG, 1):
        pipe.write(line.decode())
        pipe.flush()
        for start in final.get(n, ()):
            ref.wait_for(start)
    pipe.close()
    (tmp_path / "live.jsonl").write_bytes(b"".join(LOG))
    rc, out, err = ref.finish()
    assert (rc, out.replace("<stdin>", "live.jsonl"), err) == _plain(tmp_path, "history",
                                                                     "live.jsonl")


def test_a_log_truncated_in_mid_match_starts_fresh_so_its_lines_are_no_match(tmp_path):
    # R24: the new content goes on with hand 3 of the old match, but a file starts fresh:
    # its first line (the deal) comes before any `match`, one no-match error, and the rest
    # is skipped up to a `match` (G7); the old file's open hand 3 (dealt at line 60, three
    # lines of auction) ends with the old file: incomplete-hand at its last line, 63
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    old, new = LOG[:63], LOG[59:66]
    ref = Referee(tmp_path, "check", "--follow", "live.jsonl")
    _write_live(log, old, ref, FINAL_AT)  # the last line, 63, has a finding: all was read
    with open(log, "r+b") as f:
        f.truncate(0)
    _write_live(log, new, ref, {1: ["live.jsonl:1: error[no-match]"]})
    rc, out, err = _interrupt(ref)
    assert rc == 1 and err.count(ROTATED) == 1 and err.endswith(INTERRUPTED)
    # the incomplete-hand of the old file is reported once the cut is seen: it names the old
    # file "live.jsonl (rotated)" (issue 29 item 16), the file at live.jsonl has no line 63
    assert [x.split(": ", 2)[:2] for x in out.splitlines()] == [
        ["live.jsonl:58", "error[revoke]"], ["live.jsonl:62", "error[out-of-turn]"],
        ["live.jsonl:63", "error[out-of-turn]"],
        ["live.jsonl (rotated):63", "warning[incomplete-hand]"],
        ["live.jsonl:1", "error[no-match]"]]


def test_follow_reads_an_over_long_line_as_check_does(tmp_path):
    # issue 29 item 9 (r06_follow_memory_grows_with_file.sh): `check --follow` held a line of
    # 20 MB whole and judged it as JSON (bad-event: an object with no `event`); the reader's
    # 16 MiB cap (MAX_LINE_BYTES) holds under --follow too: bad-json at line 4, the line
    # skipped unread, as `check` of the file says
    from referee.events import MAX_LINE_BYTES
    log = tmp_path / "live.jsonl"
    with open(log, "wb") as f:
        f.write(b"".join(DISPUTED[:3]) + b'{"a": "')
        f.write(b"y" * (MAX_LINE_BYTES + 1024) + b'"}\n')
        f.write(b"".join(DISPUTED[3:]) + END)
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "live.jsonl")
    rc, out, err = ref.finish()
    assert (rc, out, err) == _plain(tmp_path, "check", "live.jsonl")
    assert f"live.jsonl:4: error[bad-json]: line longer than {MAX_LINE_BYTES} bytes" in out


def test_the_readme_follow_example_is_what_the_command_prints(tmp_path):
    # issue 29 item 17: the README's `--follow --until-end table3.jsonl` never stopped, for
    # the table3.jsonl it described had no `end`.  The file it describes now: the disputed
    # example with Bela's pass put in after line 61 (the out-of-turn at 62) and the `end` the
    # server writes when the table rises (LOG); the transcript is what the command prints,
    # and it stops by itself at that `end`
    import re
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```console\n$ referee check --follow --until-end table3.jsonl\n")[1]
    block = block.split("```")[0]
    want, status = re.fullmatch(r"(.*)\$ echo \$\?\n(\d+)\n", block, re.S).groups()
    after = text.split(block + "```\n\n")[1].split("\n\n")[0]
    assert "with Bela passing out of turn in hand 3" in after
    assert '`{"event": "end"}`' in after and "stops" in after
    (tmp_path / "table3.jsonl").write_bytes(b"".join(LOG))
    ref = Referee(tmp_path, "check", "--follow", "--until-end", "table3.jsonl")
    rc, out, err = ref.finish()
    assert (rc, out, err) == (int(status), want, "")


def test_score_follow_names_the_old_file_rotated_in_its_last_table(tmp_path):
    # issue 29 item 16: the match in play when the file is cut ends with the old file (R24),
    # after the cut is seen, so its table names the file "live.jsonl (rotated)"; the new
    # file's match (the Sixty-Six example, with an `end`) is live.jsonl's
    log = tmp_path / "live.jsonl"
    log.write_bytes(b"")
    ref = Referee(tmp_path, "score", "--follow", "--until-end", "live.jsonl")
    _append(log, b"".join(LOG[:63]))
    ref.wait_for("live.jsonl:63: error[out-of-turn]", "err")  # all of it was read
    with open(log, "r+b") as f:
        f.truncate(0)
    ref.wait_for(ROTATED, "err")
    _append(log, b"".join(SIXTY_SIX + [END]))
    rc, out, err = ref.finish()
    heads = [x.split(": match")[0] for x in out.splitlines() if ": match " in x]
    assert heads == ["live.jsonl (rotated)", "live.jsonl"] and rc == 1


def test_follow_with_two_files_says_two_were_named(tmp_path):
    # `referee check --follow A B`: the trouble is that two files were named, not standard
    # input (the message used to speak of standard input only)
    from click.testing import CliRunner

    from referee.cli import main
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("")
    b.write_text("")
    r = CliRunner().invoke(main, ["check", "--follow", str(a), str(b)])
    assert r.exit_code == 2
    assert "--follow follows one file, 2 were named" in r.output
    assert "standard input" not in r.output
    r = CliRunner().invoke(main, ["check", "--follow", "-"])
    assert r.exit_code == 2 and "standard input is read as it comes" in r.output
    r = CliRunner().invoke(main, ["check", "--follow"], input="")
    assert r.exit_code == 2 and "--follow needs the one file to follow" in r.output
