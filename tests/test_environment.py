"""A broken environment (issue 20 items 5 and 6): output that cannot be written, standard
streams closed, and signals.  Each command runs as a real process (the console entry point,
``referee.cli.run``), as a director would run it.

- A write to standard output that fails (``>/dev/full``, ``>&-``) says so, naming standard
  output, and exits 2: no traceback, no blaming the log.
- Standard error that cannot be written (``2>&-``, ``2>/dev/full``) changes nothing else:
  the same standard output, the same exit status.
- SIGTERM or Ctrl-C on ``check -j 2`` ends its workers too (SIGTERM exits 143), and so, on
  Linux, does SIGKILL.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT

LOG = str(ROOT / "examples" / "thirty-three" / "disputed.jsonl")  # holds findings
LOG2 = str(ROOT / "examples" / "sixty-six" / "match.jsonl")

# every command, with something to write to standard output
COMMANDS = {
    "check": ["check", LOG],
    "check-json": ["check", "--format", "json", LOG],
    "check-summary": ["check", "--summary", LOG],
    "check-j2": ["check", "-j", "2", LOG, LOG2],
    "score": ["score", LOG],
    "score-json": ["score", "--format", "json", LOG],
    "score-j2-standings": ["score", "-j", "2", "--standings", LOG, LOG2],
    "history": ["history", LOG],
    "history-html": ["history", "--format", "html", LOG],
    "legal": ["legal", LOG, "--line", "9"],
    "legal-json": ["legal", "--format", "json", LOG, "--line", "9"],
    "schema": ["schema"],
    "simulate": ["simulate", "sixty-six", "--hands", "2"],
    "help": ["--help"],
    "version": ["--version"],
}


def _referee(args: list[str], *, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
             close: tuple[int, ...] = ()) -> subprocess.CompletedProcess:
    """``referee ARGS`` as a process; ``close``: descriptors closed before it starts."""
    def closing() -> None:
        for fd in close:
            os.close(fd)
    return subprocess.run([sys.executable, "-c", "from referee.cli import run; run()", *args],
                          stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                          preexec_fn=closing if close else None, timeout=120)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_standard_output_on_a_full_disk_says_so_and_exits_2(name):
    with open("/dev/full", "wb") as full:
        r = _referee(COMMANDS[name], stdout=full)
    assert r.returncode == 2
    assert r.stderr.decode().splitlines()[-1] == \
        "referee: cannot write standard output: No space left on device"
    assert b"Traceback" not in r.stderr and b"cannot read" not in r.stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_standard_output_closed_says_so_and_exits_2(name):
    r = _referee(COMMANDS[name], close=(1,))
    assert r.returncode == 2
    assert r.stderr.decode().splitlines()[-1] == \
        "referee: cannot write standard output: Bad file descriptor"
    assert b"Traceback" not in r.stderr


@pytest.mark.parametrize("name", ["score", "score-j2-standings", "check", "history"])
def test_standard_error_that_cannot_be_written_changes_nothing_else(name):
    # the same output and status as with standard error at hand (score writes its findings
    # there: they are lost, its tables are not)
    normal = _referee(COMMANDS[name])
    closed = _referee(COMMANDS[name], close=(2,))
    with open("/dev/full", "wb") as full:
        full_disk = _referee(COMMANDS[name], stderr=full)
    assert normal.stdout
    for r in (closed, full_disk):
        assert r.stdout == normal.stdout
        assert r.returncode == normal.returncode


def test_standard_input_closed_is_a_file_that_cannot_be_opened():
    r = _referee(["check", "-"], close=(0,))
    assert r.returncode == 2
    assert r.stderr.decode() == "referee: cannot open <stdin>: Bad file descriptor\n"


def test_a_closed_pipe_is_still_quiet_with_status_141():
    # `referee simulate ... | head -c 10`: the reader goes away; no message, status 141
    p = subprocess.Popen([sys.executable, "-c", "from referee.cli import run; run()",
                          "simulate", "thirty-three", "--hands", "300"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(10)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=120) == 141 and err == b""


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _busy_logs(tmp_path: Path, n: int = 2) -> list[str]:
    """Logs that keep a worker busy for seconds: one deal, then 600,000 bad lines."""
    head = (ROOT / "examples" / "sixty-six" / "match.jsonl").read_bytes().splitlines(True)[:2]
    names = []
    for i in range(n):
        p = tmp_path / f"busy{i}.jsonl"
        p.write_bytes(b"".join(head) + b"x\n" * 600_000)
        names.append(str(p))
    return names


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130),
                                         (signal.SIGKILL, -signal.SIGKILL)])
def test_a_terminated_parent_ends_its_workers(tmp_path, sig, status):
    logs = _busy_logs(tmp_path)
    p = subprocess.Popen([sys.executable, "-c", "from referee.cli import run; run()",
                          "check", "-q", "-j", "2", *logs],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = [w for w in _children(p.pid) if _alive(w)]
        assert len(workers) == 2, "the two workers never started"
        os.kill(p.pid, sig)  # the parent alone, as `kill -TERM PID` does
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == status, err.decode(errors="replace")[-2000:]
    assert b"Traceback" not in err
    deadline = time.monotonic() + 30
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, "workers outlived their parent"


# --- issue 29 item 7: no traceback ends with status 1 ------------------------------------------

@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc")
@pytest.mark.parametrize("path, reason", [("/proc/self/mem", "Input/output error"),
                                          ("/proc/self/clear_refs", "Invalid argument")])
def test_legal_on_a_file_whose_read_fails_says_cannot_read(path, reason):
    # r05: `referee legal /proc/self/mem --line 1`: the file opens, its first read fails
    # (EIO; clear_refs is write-only: EINVAL): "cannot read", status 2, as check says
    r = _referee(["legal", path, "--line", "1"])
    assert r.returncode == 2, r.stderr.decode(errors="replace")[-2000:]
    assert r.stderr.decode() == f"referee: cannot read {path}: {reason}\n"
    assert _referee(["check", path]).stderr.decode() == f"referee: cannot read {path}: {reason}\n"


def test_diff_with_standard_input_closed_cannot_open_it(tmp_path):
    # r07: `referee diff - B <&-`: standard input cannot be opened, status 2, as check says
    b = tmp_path / "b.jsonl"
    b.write_bytes((ROOT / "examples" / "sixty-six" / "match.jsonl").read_bytes())
    for args in (["diff", "-", str(b)], ["diff", str(b), "-"]):
        r = _referee(args, close=(0,))
        assert r.returncode == 2
        assert r.stderr.decode() == "referee: cannot open <stdin>: Bad file descriptor\n"


def test_an_internal_error_says_it_is_a_bug_and_exits_70():
    # the last resort of the entry point: an exception nobody expected (here the replay made
    # to raise, with a message that would drive a terminal) is a bug in referee: said so,
    # escaped, with the traceback for the report, and status 70 (EX_SOFTWARE), never 1
    code = ("import sys, referee.cli as c, referee.batch as b\n"
            "def boom(*a, **k): raise RuntimeError('\\x1b[31mred')\n"
            "b.replay = boom\n"
            f"sys.argv = ['referee', 'check', {LOG!r}]\n"
            "c.run()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    err = r.stderr.decode()
    assert r.returncode == 70
    assert err.startswith("referee: internal error, a bug in referee (RuntimeError: "
                          "\\x1b[31mred)")
    assert "Traceback" in err and "\x1b" not in err and err.endswith("RuntimeError: \\x1b[31mred\n")


# --- issue 29 item 8: --jobs starts a bounded number of workers, and signals always count -------

def test_jobs_start_at_most_one_worker_per_file_and_a_few_per_cpu(monkeypatch, capsys):
    from referee import api, batch
    monkeypatch.setattr(api, "cpus", lambda: 2)  # a cap of 4 x 2 = 8 workers
    assert batch.worker_count(99999, 2) == 2           # r13: --jobs 99999 on two files
    assert batch.worker_count(3, 30) == 3
    assert batch.worker_count(8, 30) == 8
    assert capsys.readouterr().err == ""          # none of these is capped
    assert batch.worker_count(50, 30) == 8
    assert capsys.readouterr().err == ("referee: warning: --jobs 50: at most 8 worker processes "
                                       "here (4 per CPU, 2 CPUs); starting 8\n")


def test_the_api_starts_no_more_workers_than_the_cap(monkeypatch, tmp_path):
    # issue 29 item 8, the library's side: replay_files(jobs=99999) started as many workers as
    # asked (a pool of 99999).  Now at most worker_cap(): 4 per CPU, here 4 x 1 = 4.
    import concurrent.futures

    from referee import api
    monkeypatch.setattr(api, "cpus", lambda: 1)
    started: list[int] = []

    class Pool(concurrent.futures.ThreadPoolExecutor):  # threads: nothing forked in a test
        def __init__(self, max_workers: int) -> None:
            started.append(max_workers)
            super().__init__(max_workers=1)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    log = tmp_path / "a.jsonl"
    log.write_bytes((ROOT / "examples" / "thirty-three" / "match.jsonl").read_bytes())
    got = list(api.replay_files([log, log], jobs=99999))
    assert started == [4] and [p for p, _ in got] == [str(log), str(log)]
    assert all(isinstance(x, api.Log) for _, x in got)


# Run in a process of its own (no test's threads forked along): `referee ARGS` with every
# ProcessPoolExecutor it makes recorded (max_workers), refused past 64 (never a storm here).
COUNT_WORKERS = """
import concurrent.futures, sys
started = []
class Pool(concurrent.futures.ProcessPoolExecutor):
    def __init__(self, max_workers=None, **kw):
        started.append(max_workers)
        if max_workers > 64:
            raise RuntimeError(f"{max_workers} workers asked for")
        super().__init__(max_workers=max_workers, **kw)
concurrent.futures.ProcessPoolExecutor = Pool
from referee.cli import main
try:
    main.main(sys.argv[1:], standalone_mode=False)
finally:
    print("started", started, file=sys.stderr)
"""


def test_jobs_99999_on_two_files_starts_two_workers():
    # r13: `referee check --jobs 99999 F F` started about 4,500 processes
    r = subprocess.run([sys.executable, "-c", COUNT_WORKERS, "check", "--jobs", "99999", LOG,
                        LOG2], capture_output=True, text=True, timeout=120)
    serial = _referee(["check", LOG, LOG2])
    assert r.stderr == "started [2]\n"
    assert r.stdout == serial.stdout.decode() and serial.returncode == 1


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[4]) == sid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


# The signal comes while the workers are forked: in the interpreter's after-fork handlers of the
# parent, where an exception raised by a signal handler is swallowed ("Exception ignored").
SIGNAL_AT_FORK = """
import os, signal, sys
sent = []
def at_fork():
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.{sig})
os.register_at_fork(after_in_parent=at_fork)
from referee.cli import run
sys.argv = ["referee", "check", "-j", "2", *sys.argv[1:]]
run()
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig, status, said", [("SIGTERM", 143, "referee: terminated\n"),
                                               ("SIGINT", 130, "referee: interrupted\n")])
def test_a_signal_while_the_workers_start_is_honoured(tmp_path, sig, status, said):
    # r13: SIGTERM during the start-up was swallowed and the run ended with status 1
    logs = _busy_logs(tmp_path)
    p = subprocess.Popen([sys.executable, "-c", SIGNAL_AT_FORK.format(sig=sig), *logs],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    # (click puts a newline after the ^C a terminal shows)
    assert (p.returncode, err.decode().lstrip("\n"), out) == (status, said, b"")
    deadline = time.monotonic() + 30  # the workers end with it: nothing of the session is left
    while _session(p.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _session(p.pid)
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, "workers outlived their parent"


STOP_WORKERS = """
import json, os, sys, threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from referee import batch
raised = []
threading.excepthook = lambda args: raised.append(repr(args.exc_value))
pool = ProcessPoolExecutor(max_workers=2, initializer=batch.worker_start, initargs=(os.getpid(),))
job = batch.Job("check", counting=True)
futures = [pool.submit(batch.one_file, job, name) for name in sys.argv[1:]]
thread = pool._executor_manager_thread
batch.stop_workers(pool)
thread.join(60)
print(json.dumps({"alive": thread.is_alive(), "raised": raised,
                  "cancelled": sum(f.cancelled() for f in futures),
                  "broken": sum(isinstance(f.exception(timeout=0), BrokenProcessPool)
                                for f in futures if not f.cancelled())}))
"""


def test_stopping_the_workers_cancels_no_file(tmp_path):
    # r04: SIGTERM to the process group of `score --jobs 2` now and then printed an
    # InvalidStateError traceback from the executor's thread, which marks every file not done
    # as failed once the workers are gone, and met one cancelled meanwhile.  Stopping cancels
    # nothing: every file not done (all 8 here) ends failed (BrokenProcessPool), no thread
    # raises.
    import json
    r = subprocess.run([sys.executable, "-c", STOP_WORKERS, *_busy_logs(tmp_path) * 4],
                       capture_output=True, text=True, timeout=180)
    assert json.loads(r.stdout) == {"alive": False, "raised": [], "cancelled": 0, "broken": 8}


def test_workers_that_cannot_be_started_are_said_so(monkeypatch):
    # fork fails (EAGAIN: no more processes allowed): a message and status 2, no traceback
    import concurrent.futures
    import errno

    from click.testing import CliRunner

    from referee import cli

    def no_fork(self, *args, **kw):
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "submit", no_fork)
    r = CliRunner().invoke(cli.main, ["check", "--jobs", "2", LOG, LOG2])
    assert r.exit_code == 2
    assert r.output == f"referee: cannot start 2 worker processes: {os.strerror(errno.EAGAIN)}\n"
