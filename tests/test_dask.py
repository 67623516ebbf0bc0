"""Checking on a Dask cluster (issue 19): ``referee check/score --dask`` and
:func:`referee.dask.replay_files` give exactly what a serial run gives, in file order, even when a
worker dies in the middle; a file that kills every worker that reads it is reported alone.

One local cluster for the module: two worker processes of one thread each, every server on
127.0.0.1, closed at the end.  The logs are a few hundred small files made from
``referee.simulate`` (all four games), cut and damaged so that they hold findings of many kinds.
"""
from __future__ import annotations

from . import under_test

import functools
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

distributed = pytest.importorskip("distributed")

import dask  # noqa: E402

import referee  # noqa: E402
import referee.dask as rdask  # noqa: E402
from referee.simulate import simulate  # noqa: E402

from .conftest import ROOT  # noqa: E402

GAMES = ("thirty-three", "asszorti", "sixty-six", "eighty-three")


def _same(x, y) -> bool:
    """The same result: equal Logs (or values), or OSErrors of one type and message."""
    if isinstance(x, OSError):
        return type(y) is type(x) and y.strerror == x.strerror
    return y == x


def _lines(events) -> list[str]:
    return [json.dumps(e) + "\n" for e in events]


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> list[str]:
    """About 300 small logs: for each game, the match of 6 simulated hands cut into windows of
    one to three hands (a window that does not start at hand 1 has the wrong dealer and
    recorded scores that no longer add up), each written clean, cut off in the middle of its
    last hand, with two lines swapped, and with a line that is not JSON; then a file that is no
    log at all, an empty one, a directory and a missing one."""
    d = tmp_path_factory.mktemp("logs")
    rng = random.Random(19)
    paths: list[str] = []
    for game in GAMES:
        events = list(simulate(game, 5, 6))
        match, rest = events[0], events[1:]
        starts = [i for i, e in enumerate(rest) if e["event"] == "deal"] + [len(rest)]
        for a in range(len(starts) - 1):
            for n in (1, 2, 3):
                if a + n >= len(starts):
                    continue
                body = _lines([match] + rest[starts[a]:starts[a + n]])
                variants = {"clean": body, "cut": body[:-max(2, len(body) // 7)]}
                swapped = list(body)
                i = rng.randrange(2, len(body) - 1)
                swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                variants["swapped"] = swapped
                variants["badline"] = body[:3] + ['{"event": "play", "player": \n'] + body[3:]
                for kind, text in variants.items():
                    p = d / f"{game}-{a}-{n}-{kind}.jsonl"
                    p.write_text("".join(text))
                    paths.append(str(p))
    (d / "prose.jsonl").write_text("not a log\nat all\n")
    (d / "empty.jsonl").write_text("")
    (d / "folder").mkdir()
    paths[5:5] = [str(d / "prose.jsonl"), str(d / "empty.jsonl"), str(d / "folder"),
                  str(d / "missing.jsonl")]
    return paths


@pytest.fixture(scope="module")
def serial(logs) -> list:
    """What :func:`referee.replay_files` gives in one process."""
    return list(referee.replay_files(logs))


@pytest.fixture(scope="module")
def client():
    """Two worker processes on 127.0.0.1.  A task may see one of its workers die and is then
    run on another (allowed-failures 1); at the second death it is given up (KilledWorker).
    This module's functions go to the workers by value (they cannot import it)."""
    import cloudpickle
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        cluster = rdask.local_cluster(2)
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with distributed.Client(cluster, set_as_default=False) as c:
            yield c
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
        cluster.close()


def test_the_cluster_listens_on_loopback_only(client):
    info = client.scheduler_info()
    addresses = [info["address"], *info["workers"]]
    assert len(info["workers"]) == 2
    assert all(a.startswith("tcp://127.0.0.1:") for a in addresses), addresses
    # the dashboard (an HTTP server the scheduler always starts) too
    assert client.cluster.scheduler.http_server.address in ("127.0.0.1", "::ffff:127.0.0.1")


def _referee(*args: str) -> tuple[int, bytes, bytes]:
    p = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, cwd=ROOT,
                       env={k: v for k, v in os.environ.items() if not k.startswith("DASK_")},
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "json"],
                                  ["score", "--format", "json", "--standings"]])
def test_dask_prints_exactly_what_the_serial_run_prints(client, logs, args):
    """Standard output, standard error and exit status, byte for byte, in file order."""
    serial = _referee(*args, *logs)
    on_dask = _referee(*args, "--dask", client.scheduler.address, *logs)
    assert on_dask == serial
    status, out, err = serial
    # the corpus is not trivial: findings of many kinds, the files that cannot be read
    assert status == 2 and len(out) > 10_000
    assert b"cannot open " + logs[8].encode() + b": No such file" in err
    # a directory is read for the logs under it (R29): this one has none
    assert b"folder: a directory with no file named" in err and b"prose.jsonl" in err
    if args == ["check"]:
        codes = {line.split(b"[")[1].split(b"]")[0] for line in out.splitlines()}
        assert {b"bad-json", b"incomplete-hand", b"wrong-dealer", b"out-of-turn"} <= codes


def test_dask_local_starts_a_cluster_of_its_own(logs):
    """``--dask local --jobs 2``: a cluster on this machine for this run, closed at the end
    (the score tables and findings of a serial run)."""
    files = logs[:40]
    assert _referee("score", "--standings", "--dask", "local", "--jobs", "2", *files) == \
        _referee("score", "--standings", *files)


def test_replay_files_gives_the_serial_objects_in_order(client, logs, serial):
    on_dask = list(rdask.replay_files(logs, client))
    assert [p for p, _ in on_dask] == logs
    assert all(_same(x, y) for (_, x), (_, y) in zip(serial, on_dask))
    assert sum(isinstance(x, referee.Log) and x.errors > 0 for _, x in on_dask) > 100
    # apply runs on the worker; only what it returns comes back
    counts = list(rdask.replay_files(logs[:20], client, apply=lambda log: log.errors))
    assert [p for p, _ in counts] == logs[:20]
    assert all(_same(x if isinstance(x, OSError) else x.errors, y)
               for (_, x), (_, y) in zip(serial[:20], counts))


def test_replay_files_streams(client, logs):
    """Paths are taken a block at a time: when the first result is out, at most a window of
    blocks (2 per worker thread, and one) has been asked for, whatever the number of files."""
    taken = []

    def paths():
        for p in logs:
            taken.append(p)
            yield p

    it = rdask.replay_files(paths(), client, partition_size=4)
    first = next(it)
    assert first[0] == logs[0]
    assert len(taken) <= (2 * 2 + 1) * 4 + 1 < len(logs)
    it.close()  # what was under way is cancelled


def _slowly(log):
    """A Log, a little later (so that the workers are busy when one is killed)."""
    time.sleep(0.02)
    return log


def test_a_worker_killed_in_the_middle_loses_nothing(client, logs, serial):
    """SIGKILL one worker process while it is refereeing: its tasks go to the other worker
    (and the one the nanny starts in its place); the result is whole and the serial one."""
    pids = client.run(os.getpid)
    results = []
    victim = None
    for item in rdask.replay_files(logs, client, partition_size=4, apply=_slowly):
        results.append(item)
        if victim is None and len(results) == 20:
            for _ in range(100):
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:
                    break
                time.sleep(0.05)
            assert busy, "no worker was busy: the kill would not be in the middle"
            victim = busy[0]
            os.kill(pids[victim], signal.SIGKILL)
    assert victim is not None and len(results) == len(logs)
    assert [p for p, _ in results] == logs
    assert all(_same(x, y) for (_, x), (_, y) in zip(serial, results))
    assert victim not in client.scheduler_info()["workers"]  # it did die


def _poisoned(item, job):
    """A task that kills its worker process on the file named poison.jsonl."""
    name, path = item
    if name.endswith("poison.jsonl"):
        os._exit(1)
    return job.run_file(name, path)


def _allow_failures(n, dask_scheduler=None):
    """On the scheduler: give a task up after ``n`` + 1 deaths of workers running it."""
    dask_scheduler.allowed_failures = n


def test_a_file_that_kills_its_workers_is_reported_alone(client, logs, tmp_path, monkeypatch):
    """The block of four holding the file is lost (KilledWorker), then run again one file after
    the other: only that file is reported, as one that cannot be read (status 2); every other
    file's output is the serial run's, in order."""
    from click.testing import CliRunner

    from referee.cli import main
    poison = tmp_path / "poison.jsonl"
    poison.write_text("")
    files = [*logs[10:16], str(poison), *logs[16:22]]
    monkeypatch.setattr(rdask, "_check_one", _poisoned)
    monkeypatch.setattr(rdask, "_partition_size", lambda names, threads: 4)  # 6 in [4, 8)
    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "critical")
    # given up at the first death here, to spare the time of restarting workers
    client.run_on_scheduler(_allow_failures, 0)
    try:
        r = CliRunner().invoke(main, ["check", "--dask", client.scheduler.address, *files])
    finally:
        client.run_on_scheduler(_allow_failures, 1)
    serial = CliRunner().invoke(main, ["check", *logs[10:22]])
    assert r.exit_code == 2, r.output
    assert r.stdout == serial.stdout
    assert r.stderr == (f"referee: cannot read {poison}: every Dask worker that read it died "
                        "(KilledWorker)\n")


def test_a_url_is_opened_with_fsspec(tmp_path):
    """Every command reads a URL through fsspec; findings name the file by its URL."""
    from click.testing import CliRunner

    from referee.cli import main
    path = ROOT / "examples" / "thirty-three" / "disputed.jsonl"
    url = path.as_uri()  # file:///…/disputed.jsonl
    by_path = CliRunner().invoke(main, ["check", str(path)])
    by_url = CliRunner().invoke(main, ["check", url])
    assert by_url.exit_code == by_path.exit_code == 1
    assert by_url.stdout == by_path.stdout.replace(str(path), url)
    r = CliRunner().invoke(main, ["check", "nosuch://x/a.jsonl", (tmp_path / "b.jsonl").as_uri()])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == ("referee: cannot open nosuch://x/a.jsonl: Protocol not known: nosuch\n"
                        f"referee: cannot open {(tmp_path / 'b.jsonl').as_uri()}: "
                        "No such file or directory\n")



def test_a_file_whose_name_looks_like_a_url_is_a_file(tmp_path, monkeypatch):
    (tmp_path / "s3:").mkdir()
    (tmp_path / "s3:" / "x.jsonl").write_text("")
    monkeypatch.chdir(tmp_path)
    assert rdask.is_url("s3://x.jsonl") is False
    assert rdask.is_url("s3://y.jsonl") is True and rdask.is_url("x.jsonl") is False


def test_replay_files_reads_urls_on_the_workers(client):
    path = ROOT / "examples" / "sixty-six" / "disputed.jsonl"
    [(name, log)] = rdask.replay_files([path.as_uri()], client)
    assert name == path.as_uri()
    assert log == referee.read_file(path, name=path.as_uri())


@pytest.mark.parametrize("args, message", [
    (["--dask", "local", "-"], "the workers cannot read standard input"),
    (["--dask", "tcp://127.0.0.1:9", "--jobs", "2", "x.jsonl"],
     "--jobs sets the workers of --dask local"),
    (["--dask", "bogus", "x.jsonl"],
     "referee: cannot reach the Dask scheduler at bogus: missing port number"),
])
def test_dask_command_line_mistakes(args, message, monkeypatch):
    """A mistake is said in one line, status 2, with nothing started."""
    from click.testing import CliRunner

    from referee.cli import main
    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "critical")  # as the command sets it
    r = CliRunner().invoke(main, ["check", *args])
    assert r.exit_code == 2 and message in r.stderr and "Traceback" not in r.stderr


# --- a cluster that cannot go on (issue 29 item 10, r10_dask_silent_hangs.sh) ---------------
# Each was silent for 20 s and more (Dask's own 30 s connect timeout, then waits with no end):
# now a message and status 2 within about --dask-timeout seconds.  Every wait here is bounded
# (WAIT), and no test measures time: a referee that hangs fails by the bound.

WAIT = 120.0


def _free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_port_that_refuses_connections_is_said_at_once():
    # `referee check --dask tcp://127.0.0.1:<closed port>` waited the whole --dask-timeout
    # although the connection is refused at once: now said at once.  The port is bound and
    # closed here (loopback); the bound (30 s) is well under --dask-timeout 60.
    port = _free_port()
    p = subprocess.run([sys.executable, "-m", "referee", "check", "--dask",
                        f"tcp://127.0.0.1:{port}", "--dask-timeout", "60", "x.jsonl"],
                       capture_output=True, cwd=ROOT, timeout=30,
                       env={k: v for k, v in os.environ.items() if not k.startswith("DASK_")})
    assert (p.returncode, p.stdout) == (2, b"")
    assert p.stderr == (f"referee: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: "
                        f"connection refused at 127.0.0.1:{port} (is the scheduler running "
                        "there?)\n").encode()


def test_a_peer_that_never_answers_is_given_up_after_the_timeout():
    # a socket that listens but never answers as a scheduler would (the kernel accepts the
    # connection into its backlog) left Dask's Client waiting for ever, past --dask-timeout;
    # now it is given up after the timeout (1 s) and CONNECT_GRACE (5 s): said, exit 2, well
    # within the test's bound of 50 s
    import socket
    with socket.socket() as mute:
        mute.bind(("127.0.0.1", 0))
        mute.listen(1)
        port = mute.getsockname()[1]
        p = subprocess.run([sys.executable, "-m", "referee", "check", "--dask",
                            f"tcp://127.0.0.1:{port}", "--dask-timeout", "1", "x.jsonl"],
                           capture_output=True, cwd=ROOT, timeout=50,
                           env={k: v for k, v in os.environ.items()
                                if not k.startswith("DASK_")})
    assert (p.returncode, p.stdout) == (2, b"")
    assert p.stderr == (f"referee: the Dask scheduler at tcp://127.0.0.1:{port} did not answer "
                        "within 1 s (--dask-timeout): is it a Dask scheduler?\n").encode()


def test_tls_without_tls_settings_is_said_and_the_command_ends():
    # the message came at once, then the process hung closing its half-made client
    port = _free_port()
    status, out, err = _referee("check", "--dask", f"tls://127.0.0.1:{port}", "x.jsonl")
    assert (status, out) == (2, b"")
    assert err == (f"referee: cannot reach the Dask scheduler at tls://127.0.0.1:{port}: tls:// "
                   "needs Dask's TLS settings (distributed.comm.tls: ca-file, client cert and "
                   "key) on this machine\n").encode()


def test_dask_timeout_goes_with_dask():
    from click.testing import CliRunner

    from referee.cli import main
    r = CliRunner().invoke(main, ["score", "--dask-timeout", "5", "x.jsonl"])
    assert r.exit_code == 2 and "--dask-timeout goes with --dask" in r.stderr


class _Cluster:
    """A scheduler and (``worker()``) one worker without a nanny (so that a killed worker
    stays dead), each its own process on 127.0.0.1, run in ``/`` (not the test's folder:
    relative names must reach the workers made absolute, r11_dask_relative_paths.sh)."""

    def __init__(self, tmp_path) -> None:
        import re
        import threading
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
        self.env["PYTHONPATH"] = under_test.pythonpath()
        self.procs: list[subprocess.Popen] = []
        sched = self._start("distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                            "--port", "0", "--no-dashboard")
        found: list[str] = []
        ready = threading.Event()

        def scan() -> None:  # the scheduler says its address in its log
            for line in sched.stderr:
                m = re.search(r"Scheduler at:\s+(tcp://127\.0\.0\.1:\d+)", line)
                if m and not found:
                    found.append(m.group(1))
                    ready.set()
        threading.Thread(target=scan, daemon=True).start()
        assert ready.wait(WAIT), "the scheduler did not start"
        self.scheduler, self.address = sched, found[0]

    def _start(self, module: str, *args: str) -> subprocess.Popen:
        p = subprocess.Popen([sys.executable, "-m", module, *args], cwd="/", env=self.env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        self.procs.append(p)
        return p

    def worker(self) -> subprocess.Popen:
        w = self._start("distributed.cli.dask_worker", self.address, "--host", "127.0.0.1",
                        "--nthreads", "1", "--no-nanny", "--no-dashboard")
        threading_drain(w)
        with distributed.Client(self.address, set_as_default=False, timeout=WAIT) as c:
            c.wait_for_workers(len(self.procs) - 1, timeout=WAIT)
        return w

    def close(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            p.wait(WAIT)


def threading_drain(p: subprocess.Popen) -> None:
    """Read a process's standard error to its end (so that it never blocks on a full pipe)."""
    import threading
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()


@functools.lru_cache(maxsize=2)
def _texts(hands: int) -> list[str]:
    return ["".join(_lines(simulate(game, 1, hands))[:-3]) for game in GAMES]


def _some_logs(tmp_path, n: int, hands: int = 2) -> list[str]:
    """``n`` simulated logs of ``hands`` hands in ``tmp_path``, by relative name, each cut
    short in its last hand (an incomplete-hand warning for check, a table for score); one log
    per game, copied."""
    texts = _texts(hands)
    names = []
    for i in range(n):
        (tmp_path / f"f{i}.jsonl").write_text(texts[i % 4])
        names.append(f"f{i}.jsonl")
    return names


def _run_here(tmp_path, *args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    env["PYTHONPATH"] = under_test.pythonpath()
    # (unbuffered: the first line is read by itself, the rest by communicate)
    return subprocess.Popen([sys.executable, "-m", "referee", *args], cwd=tmp_path, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=0)


def _kill_when_under_way(p: subprocess.Popen, victim: subprocess.Popen) -> tuple[int, bytes,
                                                                                bytes]:
    """Once ``p`` has printed its first line (a block is done, others under way), SIGKILL
    ``victim``; then (status, standard output, standard error) of ``p``."""
    first = p.stdout.readline()
    assert first, p.stderr.read()
    victim.kill()
    try:
        out, err = p.communicate(timeout=WAIT)
    finally:
        if p.poll() is None:
            p.kill()
    return p.returncode, first + out, err


# the runs that are stopped in the middle: 40 logs of 400 hands (about 700,000 events), many
# seconds of work for one worker, in blocks of 10 files (40 // 4); the first block's output is
# out before the kill, the three others under way or waiting

def test_no_worker_then_relative_names_then_the_scheduler_killed(tmp_path):
    names = _some_logs(tmp_path, 40, 400)
    cluster = _Cluster(tmp_path)
    try:
        a = cluster.address
        # a scheduler with no worker: said once none joined within the timeout
        p = _run_here(tmp_path, "check", "--dask", a, "--dask-timeout", "1", *names)
        out, err = p.communicate(timeout=WAIT)
        assert (p.returncode, out) == (2, b"")
        assert err == (f"referee: no Dask worker joined the scheduler at {a} within 1 s "
                       "(--dask-timeout)\n").encode()
        cluster.worker()
        # r11: relative names (the workers run in /) are read, and named as given
        p = _run_here(tmp_path, "check", "--dask", a, *names[:4], "missing.jsonl")
        got = p.communicate(timeout=WAIT)
        serial = _run_here(tmp_path, "check", *names[:4], "missing.jsonl")
        want = serial.communicate(timeout=WAIT)
        assert (p.returncode, *got) == (serial.returncode, *want)
        assert p.returncode == 2 and b"warning[incomplete-hand]" in got[0]
        assert got[1] == b"referee: cannot open missing.jsonl: No such file or directory\n"
        # the scheduler killed in the middle of a run: said at once, status 2; what was
        # printed before is the serial run's beginning
        p = _run_here(tmp_path, "score", "--dask", a, "--dask-timeout", "3", *names)
        status, out, err = _kill_when_under_way(p, cluster.scheduler)
        serial = _run_here(tmp_path, "score", *names).communicate(timeout=WAIT)[0]
        assert status == 2 and serial.startswith(out) and out != serial
        # (score's findings go to standard error before it: the incomplete hands)
        assert err.splitlines()[-1] == (f"referee: lost the connection to the Dask scheduler "
                                        f"at {a}").encode() and b"Traceback" not in err
    finally:
        cluster.close()


def test_every_worker_killed_in_the_middle_is_said(tmp_path):
    names = _some_logs(tmp_path, 40, 400)
    cluster = _Cluster(tmp_path)
    try:
        a = cluster.address
        worker = cluster.worker()
        p = _run_here(tmp_path, "score", "--dask", a, "--dask-timeout", "2", *names)
        status, out, err = _kill_when_under_way(p, worker)
        serial = _run_here(tmp_path, "score", *names).communicate(timeout=WAIT)[0]
        assert status == 2 and serial.startswith(out) and out != serial
        assert err.splitlines()[-1] == (f"referee: the Dask scheduler at {a} has had no "
                                        "worker for 2 s (--dask-timeout): every worker has "
                                        "gone").encode() and b"Traceback" not in err
    finally:
        cluster.close()


def test_replay_files_sends_relative_paths_made_absolute(tmp_path, monkeypatch, client):
    # the module's cluster runs its workers in the test's folder; here the names are relative
    # to another one: the Logs are the serial run's, named as given
    names = _some_logs(tmp_path, 3)
    monkeypatch.chdir(tmp_path)
    got = list(rdask.replay_files(names, client))
    assert [n for n, _ in got] == names
    assert all(_same(x, y) for (_, x), (_, y) in zip(referee.replay_files(names), got))


@pytest.mark.parametrize("args", [["check", "--player", "Max", "--ignore", "incomplete-hand"],
                                  ["score", "--format", "csv", "--game", "sixty-six"]])
def test_dask_archive_input_selection_and_csv_as_the_serial_run(client, tmp_path, args):
    """Issue 27 items 3-6: a directory (R29) of plain, gzip, bzip2 and xz logs and one cut
    short, with a selection (R30), or as a CSV score sheet: on Dask byte for byte the serial
    run (one header, file order)."""
    import bz2
    import gzip
    import lzma
    d = tmp_path / "archive"
    (d / "b" / "c").mkdir(parents=True)
    logs = [json.dumps(e) + "\n" for e in simulate("sixty-six", 4, 3)]
    text = "".join(logs).encode()
    (d / "a.jsonl").write_bytes(text)
    (d / "b" / "x.jsonl.gz").write_bytes(gzip.compress(text))
    (d / "b" / "c" / "y.jsonl.bz2").write_bytes(bz2.compress(text))
    (d / "z.jsonl.xz").write_bytes(lzma.compress(text))
    (d / "cut.jsonl.gz").write_bytes(gzip.compress(text)[:-30])
    (d / "e83.jsonl").write_text("".join(json.dumps(e) + "\n"
                                         for e in simulate("eighty-three", 4, 2)))
    serial = _referee(*args, str(d))
    assert _referee(*args, "--dask", client.scheduler.address, str(d)) == serial
    assert serial[0] == 2 and b"cut.jsonl.gz: the gzip data is cut short" in serial[2]
    assert serial[1] and b"e83.jsonl" not in serial[1]  # something shown, not all


# --- issue 27 item 6: every part of the archive on --jobs and Dask -----------------------------

def _mixed_archive(tmp_path) -> list[str]:
    """A tournament's archive of all four games, read as a directory (R29): plain, gzip, bzip2
    and xz logs in nested folders; a Sixty-Six log copied whole under another name (the same
    ids: duplicate-match by id, R31) and an Eighty-Three log copied under another id (by its
    play, R31; its hands R32); a gzip copy cut short (R29); then a file that is not there.
    Returned: the arguments naming it (the directory, the missing file)."""
    import bz2
    import gzip
    import lzma

    def log(game: str, seed: int, hands: int) -> bytes:
        return "".join(json.dumps(e) + "\n" for e in simulate(game, seed, hands)).encode()
    d = tmp_path / "season"
    for sub in ("a", "b", "c"):
        (d / sub).mkdir(parents=True)
    s66 = log("sixty-six", 4, 3)
    (d / "a" / "s66.jsonl").write_bytes(s66)
    (d / "a" / "s66-copy.jsonl.gz").write_bytes(gzip.compress(s66))
    (d / "b" / "t33.jsonl.bz2").write_bytes(bz2.compress(log("thirty-three", 5, 3)))
    (d / "b" / "asz.jsonl.xz").write_bytes(lzma.compress(log("asszorti", 6, 3)))
    e83 = log("eighty-three", 7, 2)
    (d / "c" / "e83.jsonl").write_bytes(e83)
    (d / "c" / "e83-again.jsonl").write_bytes(e83.replace(b'"sim-7-1"', b'"again"', 1))
    (d / "cut.jsonl.gz").write_bytes(gzip.compress(log("sixty-six", 8, 3))[:-30])
    return [str(d), str(tmp_path / "missing.jsonl")]


ARCHIVE_RUNS = [
    ["check"],
    ["check", "--format", "json", "--player", "Max", "--ignore", "incomplete-hand"],
    ["check", "--summary"],
    ["score", "--format", "csv"],
    ["score", "--format", "json", "--standings", "--game", "eighty-three", "--game", "sixty-six"],
    ["standings"],
    ["standings", "--format", "json"],
    ["standings", "--format", "csv", "--player", "Anna"],
    ["standings", "--format", "html", "--game", "sixty-six"],
]


@pytest.mark.parametrize("args", ARCHIVE_RUNS, ids=[" ".join(a) for a in ARCHIVE_RUNS])
def test_the_archive_on_jobs_and_dask_is_the_serial_run(client, tmp_path, args):
    """Issue 27 item 6 for every part: recursive and compressed input (R29), selection (R30),
    duplicates (R31, R32), the CSV score sheet, the standings (R33): standard output, standard
    error and exit status byte for byte the serial run's with --jobs 2 and on the cluster."""
    names = _mixed_archive(tmp_path)
    serial = _referee(*args, *names)
    assert _referee(*args, "--jobs", "2", *names) == serial
    assert _referee(*args, "--dask", client.scheduler.address, *names) == serial
    status, out, err = serial
    # not trivial: something printed; the cut copy and the missing file said, status 2
    assert status == 2 and out
    assert b"cut.jsonl.gz: the gzip data is cut short" in err
    assert b"missing.jsonl" in err
    if args == ["check"]:
        assert out.count(b"warning[duplicate-match]") == 2  # s66-copy by id, e83-again by play
        assert b"warning[duplicate-hand]" in out
    if args == ["standings", "--format", "json"]:
        # a match read twice counts twice (R33): s66 and its copy; the cut copy's match too
        games = {r["game"]: r for r in map(json.loads, out.splitlines()) if r["kind"] == "game"}
        assert games["sixty-six"]["matches"] == 3 and games["eighty-three"]["matches"] == 2
        assert games["thirty-three"]["matches"] == 1 and games["asszorti"]["matches"] == 1


def test_standings_through_the_api_on_dask(client, tmp_path):
    """referee.standings(dask=client) is the serial Standings (every count, the files left
    out and the one broken off, in order); a selection is applied on the workers.  The errors
    are every file not read whole, in the order of the files (a/, b/, c/, then cut.jsonl.gz,
    then prose.jsonl, a text that is not a log, then the missing file): the one broken off
    and the one that is no log as Unreadable, the missing one as FileNotFoundError."""
    from referee.archive import Unreadable
    d, missing = _mixed_archive(tmp_path)
    prose = os.path.join(d, "prose.jsonl")
    with open(prose, "w") as f:
        f.write("Minutes of the club night\nno log here\n")
    from referee.inputs import expand
    files = list(expand((d, missing)))
    cut = os.path.join(d, "cut.jsonl.gz")
    for selection in (None, referee.Selection.of(player=["Anna"])):
        e1: list = []
        e2: list = []
        serial = referee.standings(files, errors=e1, selection=selection)
        on_dask = referee.standings(files, errors=e2, selection=selection, dask=client)
        assert on_dask == serial
        assert [(n, type(x), x.strerror) for n, x in e2] == \
            [(n, type(x), x.strerror) for n, x in e1]
        assert [(n, type(x), getattr(x, "kind", None)) for n, x in e2] == [
            (cut, Unreadable, "corrupt-compression"), (prose, Unreadable, "not-a-log"),
            (missing, FileNotFoundError, None)]
        assert e2[1][1].strerror == "not one line of it is a JSON object: not a log"
        assert [n for n, _ in serial.broken] == [os.path.join(d, "cut.jsonl.gz")]
    assert set(on_dask.players) == {"thirty-three", "asszorti"}  # where Anna sits
    from click.testing import CliRunner

    from referee.cli import main
    serial_run = CliRunner().invoke(main, ["standings", d, missing])
    dask_run = CliRunner().invoke(main, ["standings", "--dask", client.scheduler.address, d,
                                         missing])
    assert serial_run.exit_code == dask_run.exit_code == 2
    assert dask_run.stderr == serial_run.stderr
    assert dask_run.stderr.splitlines()[1:] == [
        f"referee: {prose}: not one line of it is a JSON object: not a log",
        f"referee: cannot open {missing}: No such file or directory"]
    assert dask_run.stderr.startswith(f"referee: cannot read all of {cut}: ")


def _poisoned_standings(name, path, selection=None):
    """A standings task that kills its worker process on the file named poison.jsonl."""
    import referee.archive as archive
    if name.endswith("poison.jsonl"):
        os._exit(1)
    return archive.read_standings(path, selection, name)


def test_standings_a_file_that_kills_its_workers_is_reported_alone(client, tmp_path,
                                                                   monkeypatch):
    """As for check: the file whose workers all died is said as one that cannot be read
    (status 2), and the standings are those of the other files."""
    from click.testing import CliRunner

    import referee.archive as archive
    from referee.cli import main
    d, _ = _mixed_archive(tmp_path)
    from referee.inputs import expand
    files = [f for f in expand((d,)) if "cut" not in f]
    poison = tmp_path / "poison.jsonl"
    poison.write_text("")
    monkeypatch.setattr(archive, "standings_task", _poisoned_standings)
    monkeypatch.setattr(rdask, "_partition_size", lambda names, threads: 4)
    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "critical")
    client.run_on_scheduler(_allow_failures, 0)
    try:
        r = CliRunner().invoke(main, ["standings", "--format", "json", "--dask",
                                      client.scheduler.address, *files[:3], str(poison),
                                      *files[3:]])
    finally:
        client.run_on_scheduler(_allow_failures, 1)
    serial = CliRunner().invoke(main, ["standings", "--format", "json", *files])
    assert serial.exit_code == 0 and r.exit_code == 2, r.output
    assert r.stdout == serial.stdout
    assert r.stderr == (f"referee: cannot read {poison}: every Dask worker that read it died "
                        "(KilledWorker)\n")
