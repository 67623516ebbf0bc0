"""Running a command over many logs (``referee check`` and ``score``): serially and streaming,
with ``--jobs`` worker processes, or on a Dask cluster (:mod:`referee.dask`), each file's output
exactly as the serial run prints it, in the order the files were named.

The command line (:mod:`referee.cli`) parses the options, makes a :class:`Job` and calls
:func:`run_job`; a worker runs one file with :func:`one_file` (:meth:`Job.run_file`).  The
inputs (:func:`inputs`): named files, standard input for none or ``-``, URLs opened with
fsspec.  Messages about files that cannot be read go to standard error, names escaped
(:func:`referee.text.visible`); the exit status is referee-log(5)'s: 0 clean, 1 errors found, 2 a
file that could not be read.
"""
from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import stat
import sys
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Iterator

import click

from .dask import TIMEOUT, is_url, open_url
from .inputs import STDIN_NAME, corruption, directory_problem, expand, opened
from .render import Style
from .render.report import FindingCounter, FindingPrinter, ScoreCollector, Tally, Tee
from .replay import FileStats, Listener, Reads, not_a_log_words, replay, unheld_words
from .selection import Selected, Selection
from .text import visible

if TYPE_CHECKING:
    from .duplicates import ProbeRecord
    from .model import Hand


@contextlib.contextmanager
def _nothing() -> Iterator[None]:
    yield


def expand_names(files: tuple[str, ...]) -> tuple[str, ...]:
    """The files to read for the names given on the command line: each directory stands for
    the logs under it, in sorted order (:func:`referee.inputs.expand`, R29)."""
    return expand(files, is_url)


def stdin_stream() -> tuple[IO[bytes] | None, str | None]:
    """(standard input as a binary stream, None), or (None, the reason) when its descriptor was
    closed (``referee check - <&-``).  On a terminal, says first that a log is awaited there."""
    if sys.stdin is None:
        return None, os.strerror(errno.EBADF)
    if sys.stdin.isatty():
        click.echo("referee: reading a log from standard input (end it with Ctrl-D; "
                   "--help for usage)", err=True)
    return sys.stdin.buffer, None


def inputs(files: tuple[str, ...], paths: tuple[str, ...] | None = None
            ) -> Iterator[tuple[str, IO[bytes] | None, str | None]]:
    """(name, binary stream or None, error) for each named file; standard input for none/``-``;
    a URL (``s3://…``) is opened with fsspec (:func:`referee.dask.open_url`).  ``paths``, if
    given, are what to open for each name (a Dask worker opens a relative name made absolute).
    A compressed file or standard input is read decompressed (:func:`referee.inputs.opened`,
    R29); a directory here is what :func:`referee.inputs.expand` left of one (its error says
    why: it cannot be listed, or holds no log)."""
    for name, path in zip(files or ("-",), paths or files or ("-",)):
        if name == "-":
            stdin, error = stdin_stream()
            if stdin is None:
                yield STDIN_NAME, None, error
                continue
            try:
                stream = opened(stdin)
            except OSError as exc:
                yield STDIN_NAME, None, exc.strerror or str(exc)
                continue
            yield STDIN_NAME, stream, None
            continue
        if not is_url(path) and os.path.isdir(path):  # what expand() left of a directory
            yield name, None, directory_problem(path)
            continue
        try:
            f = open_url(path) if is_url(path) else open(path, "rb")
        except OSError as exc:
            yield name, None, exc.strerror or str(exc)
            continue
        with f:
            try:
                stream = opened(f)
            except OSError as exc:
                yield name, None, exc.strerror or str(exc)
                continue
            with stream if stream is not f else _nothing():
                yield name, stream, None


def run_files(files: tuple[str, ...], listener: Listener, strict: bool = False,
         err: IO[str] | None = None, progress: bool = True,
         paths: tuple[str, ...] | None = None, selection: Selection | None = None
         ) -> tuple[int, list[tuple[str, FileStats]]]:
    """Replay every input through ``listener``; returns (exit status, per-file stats).
    Messages about files that cannot be read go to ``err`` (standard error by default);
    ``paths``: what to open for each of ``files`` (:func:`inputs`), if not the names.
    ``selection``: only the matches and findings it selects reach ``listener``, and the
    stats, so the exit status, count only what did (ruling R30); a file that cannot be read,
    or not all of it, or that is no log, is status 2 whatever is selected.

    A progress bar goes to standard error when it is a terminal and the run is long (several
    files, or more than 8 MB); never into a pipe."""
    status = 0
    done = []
    bar = Progress(files if progress else ())

    def say(msg: str) -> None:  # file names from the command line are shown escaped
        click.echo(visible(msg), file=err if err is not None else sys.stderr)

    chosen = None
    if selection is not None and not selection.everything:
        chosen = listener = Selected(listener, selection)
    for name, stream, error in inputs(files, paths):
        if stream is None:
            say(f"referee: cannot open {name}: {error}")
            status = 2
            continue
        try:
            stats = replay(stream, name, bar.watch(stream, listener), strict)
        except OSError as exc:
            say(f"referee: cannot read {name}: {exc.strerror or exc}")
            status = 2
            continue
        if chosen is not None:
            chosen.count_into(stats)
        bar.file_done(stream)
        done.append((name, stats))
        unheld = unheld_words(name, stats)
        if unheld is not None:  # the findings reported are right, but not all of them
            say(unheld)
            status = 2
        broken = corruption(stream)
        if broken is not None:  # its one finding is reported; the rest of it cannot be read
            say(f"referee: cannot read all of {name}: {broken.words()}")
            status = 2
        elif stats.undecodable:
            say(f"referee: {not_a_log_words(name)}")
            status = 2
        elif stats.errors and status == 0:
            status = 1
    bar.close()
    return status, done


@dataclass(frozen=True)
class Job:
    """What to do with each file (picklable: it goes to ``--jobs`` and Dask workers):
    ``command`` (``"check"`` or ``"score"``), ``fmt`` (``"text"`` or ``"json"``), ``style``
    (:class:`~referee.render.Style`), ``strict`` (``--strict``), ``counting`` (count the
    findings, print none: ``check -q``/``--summary``), ``progress``, ``standings``,
    ``selection``."""

    command: str
    fmt: str = "text"
    style: Style = field(default_factory=Style)
    strict: bool = False
    counting: bool = False
    progress: bool = True
    """Whether a progress bar may be drawn on a terminal (never with ``check -q``)."""
    standings: bool = False  # score: keep the standings' tally (else nothing per player)
    selection: Selection | None = None
    """What to show (``--match``, ``--player``, ``--game``, ``--select``, ``--ignore``: R30)."""

    def listener(self, out: IO[str], err: IO[str], judge: Any = None
                 ) -> tuple[Listener, "ScoreCollector | None"]:
        """(the listener that prints this job's output of one run to ``out`` and ``err``, the
        score collector among it for ``score``, else None).  ``check`` also watches for
        duplicates (:mod:`referee.duplicates`): ``judge`` decides them (a new
        ``DuplicateJudge`` for the run by default; a worker's ``ProbeRecorder``)."""
        if self.command == "score":
            collector = ScoreCollector(out, self.fmt, standings=self.standings)
            # findings go to standard error in the format asked for (JSON Lines: the objects of
            # `check --format json`)
            return Tee(collector, FindingPrinter(err, self.fmt, self.style)), collector
        from .duplicates import DuplicateJudge, DuplicateWatcher
        if judge is None:
            judge = DuplicateJudge()
        if self.counting:
            return Tee(FindingCounter(judge, out), DuplicateWatcher()), None
        return Tee(FindingPrinter(out, self.fmt, self.style, judge), DuplicateWatcher()), None

    def run_file(self, name: str, path: str | None = None) -> "FileResult":
        """This job on one file, as a worker runs it (:func:`one_file`)."""
        return one_file(self, name, path)


FileResult = tuple[str, str, int, list[tuple[str, FileStats]],
                   "tuple[Tally, int] | tuple[Tally, int, int]", "list[ProbeRecord]"]
"""One file's run in a worker (:func:`one_file`): stdout text, stderr text, exit status, the
per-file stats, the score collector's standings tally with its match count (and how many
player results it left out, :attr:`ScoreCollector.left_out`), and ``check``'s duplicate probes
(:class:`~referee.duplicates.ProbeRecorder`; their marks are in the stdout text)."""


def one_file(job: Job, name: str, path: str | None = None) -> FileResult:
    """Run ``job`` on one file in a worker: (stdout text, stderr text, status, stats, and the
    score collector's standings tally with its match count).  The file is opened at ``path``
    (by default ``name``) and named ``name``."""
    from .duplicates import ProbeRecorder
    out, err = io.StringIO(), io.StringIO()
    recorder = ProbeRecorder()
    listener, collector = job.listener(out, err, recorder)
    status, done = run_files((name,), listener, job.strict, err, progress=False,
                             paths=None if path is None else (path,), selection=job.selection)
    tally: tuple[Tally, int] | tuple[Tally, int, int] = \
        (collector.tally, collector.match_count, collector.left_out) if collector else ({}, 0)
    return out.getvalue(), err.getvalue(), status, done, tally, recorder.records


def run_job(job: Job, files: tuple[str, ...], jobs: int, dask: str | None = None,
            dask_timeout: float = TIMEOUT
             ) -> tuple[int, list[tuple[str, FileStats]], "ScoreCollector | None"]:
    """Run ``job`` over the files (none: standard input): serially and streaming, with ``jobs``
    worker processes (at most :func:`worker_count`), or on the Dask cluster at ``dask``
    (:func:`referee.dask.job_results`, waiting at most ``dask_timeout`` seconds for a cluster
    that does not answer); in parallel each file's output is printed whole, in the order the
    files were named, exactly as the serial run prints it.  Returns (the exit status, each file
    read with its :class:`~referee.replay.FileStats`, the score collector of ``score``, else
    None)."""
    if dask is None or dask == "local":  # worker processes started here
        jobs = worker_count(jobs, len(files))
    if dask is not None:
        from .dask import job_results
        with job_results(job, files, dask, jobs, dask_timeout) as results:
            return print_results(job, files, results)
    if jobs <= 1 or len(files) < 2 or "-" in files:
        if live_inputs(files):  # output line by line, as the log comes (issue 18)
            from .follow import line_flush
            listener, collector = job.listener(line_flush(sys.stdout), line_flush(sys.stderr))
        else:
            listener, collector = job.listener(sys.stdout, sys.stderr)
        status, done = run_files(files, listener, job.strict, progress=job.progress,
                                 selection=job.selection)
        return status, done, collector
    return _run_pool(job, files, jobs)


def worker_count(jobs: int, files: int) -> int:
    """How many worker processes ``--jobs jobs`` starts for ``files`` files: at most one per
    file, and at most :func:`referee.api.worker_cap` (a few per CPU); a warning on standard
    error when that cap lowers it (issue 29 item 8: ``--jobs 99999`` once started thousands)."""
    want = max(1, min(jobs, files))
    if want == 1:  # one process, this one: nothing to cap (and the API is not loaded)
        return 1
    from .api import JOBS_PER_CPU, worker_cap
    cap = worker_cap()
    if want <= cap:
        return want
    cpus = cap // JOBS_PER_CPU
    click.echo(f"referee: warning: --jobs {jobs}: at most {cap} worker processes here "
               f"({JOBS_PER_CPU} per CPU, {cpus} CPU{'s' * (cpus != 1)}); starting {cap}",
               err=True)
    return cap


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _run_pool(job: Job, files: tuple[str, ...], workers: int
              ) -> tuple[int, list[tuple[str, FileStats]], "ScoreCollector | None"]:
    """Run ``job`` on ``workers`` worker processes, one file per task, and print the results
    in file order (:func:`print_results`).

    Ctrl-C and SIGTERM are held while the workers are started (forked): raised in the middle
    of a fork, in the handlers the interpreter runs there, the exception would be swallowed
    ("Exception ignored") and the run go on.  Held, it is raised as soon as the workers are
    there, and the workers are ended with the command (:func:`stop_workers`), as at any other
    moment.  Workers that cannot be started (no more processes allowed) are said so: status 2.
    """
    from concurrent.futures import ProcessPoolExecutor
    pool: ProcessPoolExecutor | None = None
    futures = None
    hold = hasattr(signal, "pthread_sigmask")
    try:
        if hold:
            held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_start,
                                       initargs=(os.getpid(), hold))
            # every worker is forked at the first submit
            futures = [pool.submit(one_file, job, name) for name in files]
        finally:
            if hold:  # a signal that came meanwhile is raised here
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
        ran = print_results(job, files, (f.result() for f in futures))
        pool.shutdown()
    except BaseException as exc:
        # a signal, Ctrl-C or a failed write in the parent: the workers end with it, now
        if pool is not None:
            stop_workers(pool)
        if futures is None and isinstance(exc, OSError):
            click.echo(f"referee: cannot start {workers} worker processes: "
                       f"{exc.strerror or exc}", err=True)
            sys.exit(2)
        raise
    return ran


def print_results(job: Job, files: tuple[str, ...], results: Iterator[FileResult]
                  ) -> tuple[int, list[tuple[str, FileStats]], "ScoreCollector | None"]:
    """Print each file's result from :func:`one_file` (taken in the order of ``files``) whole,
    and sum up the exit status, the per-file stats and the standings.  ``check``'s duplicate
    probes are judged here, in file order, each finding put in its mark's place
    (:func:`referee.duplicates.splice`), so the output is the serial run's."""
    from .duplicates import DuplicateJudge, rendered, splice
    status, done = 0, []
    collector = ScoreCollector(sys.stdout, job.fmt, standings=job.standings) \
        if job.command == "score" else None
    judge = DuplicateJudge()
    render = (lambda f: "") if job.counting else rendered(FindingPrinter, job.fmt, job.style)
    bar = Progress(files if job.progress else ())
    for name, (out, err, st, dn, tally, probes) in zip(files, results):
        out = splice(judge, out, probes, render, dn[0][1] if dn else None)
        sys.stdout.write(out)
        sys.stdout.flush()
        if err:
            sys.stderr.write(err)
        done.extend(dn)
        if collector is not None:
            collector.merge(*tally)
        status = max(status, st)
        bar.advance(name)
    bar.close()
    return status, done, collector


def worker_start(parent: int, unblock: bool = False) -> None:
    """In each ``--jobs`` worker (``parent``: the pid of the command): SIGTERM kills it outright
    (not the parent's handler) and Ctrl-C, which the whole terminal group gets, is left to the
    parent, which ends the workers itself; with ``unblock``, SIGTERM and SIGINT, held while the
    workers were started (:func:`_run_pool`), are let through again, after those handlers are
    set.  On Linux, a parent killed outright (SIGKILL, no cleanup) still takes its workers
    with it: they ask for SIGTERM when it dies (prctl PR_SET_PDEATHSIG)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if unblock:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
            if os.getppid() != parent:  # the parent died before the call
                os._exit(1)
        except (OSError, AttributeError):
            pass


def stop_workers(pool: Any) -> None:
    """End the worker processes of a ProcessPoolExecutor at once (pending files dropped).

    No future is cancelled: the executor's own thread marks every file not done as failed
    once it sees the workers gone; a future cancelled here at the same moment made it raise
    InvalidStateError in that thread, a traceback after "referee: terminated" (r04)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # (3.14: terminate_workers)
    for p in procs:
        try:
            p.terminate()
        except (OSError, ValueError, AttributeError):
            pass
    pool.shutdown(wait=False)
    for p in procs:
        try:
            p.join(5)
        except (OSError, ValueError, AssertionError):
            pass


class Progress:
    """A click progress bar over the bytes of all named files, on a terminal only."""

    THRESHOLD = 8 * 1024 * 1024

    def __init__(self, files: tuple[str, ...]) -> None:
        self.bar = None
        self.seen = 0
        if not sys.stderr.isatty() or os.environ.get("CI"):
            return
        sizes = [os.path.getsize(f) for f in files if f != "-" and os.path.isfile(f)]
        total = sum(sizes)
        if total > self.THRESHOLD or len(sizes) > 20:
            self.bar = click.progressbar(length=total, file=sys.stderr, label="referee",
                                         show_eta=True)
            self.bar.__enter__()

    def watch(self, stream: IO[bytes], listener: Listener) -> Listener:
        """``listener``, made to move the bar on as each hand of ``stream`` is settled."""
        if self.bar is None:
            return listener
        bar, start = self.bar, self.seen

        class _Tick(Listener):
            reads = Reads.RESULTS

            def hand(self, hand: Hand) -> None:
                try:
                    bar.update(start + stream.tell() - bar.pos)
                except (OSError, ValueError):
                    pass
        return Tee(listener, _Tick())

    def file_done(self, stream: IO[bytes]) -> None:
        """``stream`` has been read to its end (serial runs)."""
        if self.bar is None:
            return
        try:
            self.seen += stream.tell()
        except (OSError, ValueError):
            return
        self.bar.update(self.seen - self.bar.pos)

    def advance(self, name: str) -> None:
        """One whole file is done (parallel runs)."""
        if self.bar is not None and os.path.isfile(name):
            self.bar.update(os.path.getsize(name))

    def close(self) -> None:
        """Take the bar off the terminal."""
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def live_inputs(files: tuple[str, ...]) -> bool:
    """True when an input comes as it is written (standard input or a named FIFO that is not
    a regular file): output then goes out line by line, each finding as soon as it is final."""
    from .follow import is_live
    for name in files or ("-",):
        if name == "-":
            if sys.stdin is not None and is_live(sys.stdin):
                return True
            continue
        try:
            if stat.S_ISFIFO(os.stat(name).st_mode):
                return True
        except OSError:
            pass
    return False
