"""Refereeing many logs on a Dask cluster (``pip install 'referee[dask]'``).

Each log is refereed on its own (referee-log(5): every file starts fresh), so an archive maps onto a
cluster as it is: the paths are cut into blocks (about four per worker thread, at most
:data:`MAX_PARTITION` files), each block one :mod:`dask.bag` partition (one task), computed by
the ``distributed`` scheduler.  The workers open the files themselves, where they are: a path
on a file system they share, or any URL ``fsspec`` can open (``s3://…``, ``gcs://…``,
``http(s)://…``, each with its fsspec package installed on the workers); only the names go out
and only the results come back.  Results come back in the order
the paths were given and as they are ready: at most a few blocks per worker thread are under way
or waiting, so memory stays flat however many files there are.

- :func:`replay_files` is :func:`referee.replay_files` on a cluster: ``(path, Log)`` or
  ``(path, OSError)``, the same objects as a serial run.
- :func:`map_files` runs any picklable ``func(name, path)`` on each file on the workers,
  results in the order of the names (``referee standings --dask``: each file's standings,
  merged in file order on the client, :func:`referee.archive.standings`).
- ``referee check --dask ADDRESS`` and ``referee score --dask ADDRESS`` (:func:`job_results`)
  print exactly what the serial commands print (the batch runner, :mod:`referee.batch`, calls
  :func:`job_results`); so does ``referee standings --dask ADDRESS``.

A worker that dies costs nothing but time: the scheduler moves its tasks to other workers, up to
``distributed.scheduler.allowed-failures`` times (3 by default), then gives up with
``KilledWorker``.  Such a block is run again one file after the other; a file that kills its
workers again comes back as :class:`WorkerLost`, an ``OSError``, and the other files are not
lost.

A cluster that cannot go on is said within a bound (``--dask-timeout``, :data:`TIMEOUT` seconds
by default), never waited on in silence: a scheduler that cannot be reached in that time, no
worker joined in that time, no worker left for that long in the middle of a run, or the
scheduler gone (its connection lost) raise :class:`ClusterLost`; ``referee
check/score/standings --dask`` says it on standard error and exits with status 2 (what was
printed before stays printed).
"""
from __future__ import annotations

import errno
import logging
import os
import re
import sys
import time
from concurrent.futures import CancelledError
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar, Union, overload

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

    from .api import Log
    from .batch import FileResult, Job

MAX_PARTITION = 64
"""The most files in one task (one :mod:`dask.bag` partition) when the size is left to
:func:`_partition_size`."""

RETRIES = 2
"""Times a task that raised is run again (``client.compute(retries=…)``), e.g. after a
``MemoryError`` (an ``OSError`` is the file's result, as in a serial run).  A worker that dies is another matter: the scheduler
moves its tasks to other workers, up to ``allowed-failures`` times."""

TIMEOUT = 30.0
"""Seconds (``--dask-timeout``) the client waits for a cluster that does not answer: to reach
the scheduler, for a first worker, with no worker left in the middle of a run; then
:class:`ClusterLost`."""

_STEP = 1.0
"""Seconds between two looks at the cluster while a block is under way."""

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")


class WorkerLost(OSError):
    """A file whose every Dask worker died while refereeing it (``KilledWorker``): it was not
    read to its end.  ``strerror`` says so; ``filename`` is the file."""


class ClusterLost(OSError):
    """The Dask cluster cannot finish the run: its scheduler cannot be reached or its
    connection was lost, or it has had no worker for the timeout (none joined, or every worker
    died).  ``strerror`` says which, with the scheduler's address."""


def is_url(name: str) -> bool:
    """True if ``name`` is a URL (``scheme://…``) and not the path of an existing file."""
    return bool(_URL.match(name)) and not os.path.exists(name)


def open_url(url: str) -> IO[bytes]:
    """Open ``url`` for reading bytes with fsspec (``s3://bucket/log.jsonl``, ``file:///…``).

    Raises ``OSError``: from the file system (``FileNotFoundError`` …), or with ``strerror``
    saying why the URL cannot be opened at all (fsspec not installed, an unknown protocol, the
    protocol's package missing)."""
    try:
        import fsspec
    except ImportError:
        raise OSError(errno.EPROTONOSUPPORT,
                      "reading a URL needs fsspec: pip install 'referee[dask]'") from None
    try:
        opened: IO[bytes] = fsspec.open(url, "rb").open()
        return opened
    except (ImportError, ValueError) as exc:  # an unknown protocol, or its package missing
        raise OSError(errno.EPROTONOSUPPORT, str(exc).split("\n")[0]) from None


# --- on the workers ------------------------------------------------------------------------------

def _read_one(item: tuple[str, str], strict: bool, apply: Callable[[Any], Any] | None) -> Any:
    """One file, ``item`` = (its name as given, the path or URL the worker opens: see
    :func:`_where`), read into a :class:`~referee.api.Log` named as given (or its
    ``OSError``), then ``apply`` to it if given."""
    from .api import read_path, read_file
    name, path = item
    if is_url(path):
        try:
            log: Any = read_file(open_url(path), name=name, strict=strict)
        except OSError as exc:
            log = exc
    else:
        log = read_path(path, strict, name)
    if apply is not None and not isinstance(log, OSError):
        return apply(log)
    return log


def _check_one(item: tuple[str, str], job: "Job") -> "FileResult":
    """One file, ``item`` = (its name as given, the path or URL the worker opens), run as
    ``referee check``/``score`` would run it (:meth:`referee.batch.Job.run_file`)."""
    name, path = item
    return job.run_file(name, path)


def _where(name: str) -> tuple[str, str]:
    """(``name``, what a worker opens for it): a relative path made absolute here (the
    workers run in another folder, often on another machine with the same shared file
    system); a URL or an absolute path as it is."""
    if is_url(name) or os.path.isabs(name):
        return name, name
    return name, os.path.abspath(name)


# --- the client's side ---------------------------------------------------------------------------

def _blocks(names: Iterable[str], size: int) -> Iterator[list[str]]:
    it = iter(names)
    while block := list(islice(it, size)):
        yield block


def _partition_size(names: Iterable[str], threads: int) -> int:
    """Files per task when not given: about four tasks per worker thread for a list of known
    length (few round trips to the scheduler, yet the work spread evenly), between 1 and
    :data:`MAX_PARTITION` (little lost when a worker dies, little memory per result); 16 for
    paths that come one by one."""
    try:
        n = len(names)  # type: ignore[arg-type]
    except TypeError:
        return 16
    return max(1, min(MAX_PARTITION, n // (4 * threads)))


def _address(client: "Client") -> str:
    """The address of ``client``'s scheduler, for a message."""
    return str(getattr(client.scheduler, "address", None) or "its address")


def _wait_for_workers(client: "Client", timeout: float) -> None:
    """Return once the cluster has a worker; :class:`ClusterLost` when none joined within
    ``timeout`` seconds."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, CancelledError) as exc:  # (a TimeoutError is an OSError)
        lost = _lost(client)
        raise (lost or ClusterLost(errno.ETIMEDOUT,
                                   f"no Dask worker joined the scheduler at {_address(client)} "
                                   f"within {timeout:g} s (--dask-timeout)")) from exc


def _lost(client: "Client", force: bool = False) -> ClusterLost | None:
    """:class:`ClusterLost` when ``client`` is no longer connected to its scheduler (or, with
    ``force``, when its connection just failed)."""
    if client.status == "running" and not force:
        return None
    return ClusterLost(errno.ECONNRESET, f"lost the connection to the Dask scheduler at "
                                         f"{_address(client)}")


def _result(client: "Client", future: Any, timeout: float) -> Any:
    """``future.result()``, watching the cluster meanwhile (every :data:`_STEP` seconds): a
    cluster that has had no worker for ``timeout`` seconds, or whose scheduler is gone, raises
    :class:`ClusterLost` instead of waiting for ever.  A block that takes long on a live
    worker is waited for (a big file takes its time)."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=_STEP)
        except TimeoutError:
            pass
        except (CancelledError, OSError) as exc:
            # the scheduler's connection lost: futures cancelled, or the gather of a result
            # cut off (CommClosedError); a file's own OSError is a result, never raised here
            lost = _lost(client, force=True)
            assert lost is not None
            raise lost from exc
        lost = _lost(client)
        if lost is not None:
            raise lost
        try:
            workers = client.nthreads(callback_timeout=timeout)
        except (OSError, CancelledError) as exc:
            raise ClusterLost(errno.ETIMEDOUT, f"the Dask scheduler at {_address(client)} "
                              f"did not answer within {timeout:g} s (--dask-timeout)") from exc
        now = time.monotonic()
        if workers:
            alone_since = None
        elif alone_since is None:
            alone_since = now
        elif now - alone_since >= timeout:
            raise ClusterLost(errno.ETIMEDOUT, f"the Dask scheduler at {_address(client)} has "
                              f"had no worker for {timeout:g} s (--dask-timeout): every worker "
                              "has gone")


def _ordered(client: "Client", func: Callable[..., Any], names: Iterable[Any],
             args: tuple[Any, ...], partition_size: int | None, retries: int,
             timeout: float = TIMEOUT) -> Iterator[tuple[Any, Any]]:
    """``(name, func(name, *args))`` for each name, in order, computed on ``client``: one
    one-partition bag per block of names, at most two blocks per worker thread (and one more)
    submitted and not yet taken.  A cluster that cannot go on raises :class:`ClusterLost`
    within about ``timeout`` seconds (:func:`_result`): none with a worker in that time,
    or one whose scheduler is gone.

    A block whose workers all died (``KilledWorker``: the scheduler gave it up after
    ``allowed-failures`` + 1 deaths of workers running it) is run again one file after the
    other, so that a file that was only beside the culprit on those workers is read after all;
    a file lost on that second run gives :class:`WorkerLost`."""
    import dask.bag as db
    from distributed import KilledWorker

    _wait_for_workers(client, timeout)
    threads = max(1, sum(client.nthreads(callback_timeout=timeout).values()))
    window = 2 * threads + 1
    size = partition_size or _partition_size(names, threads)
    pending: deque[tuple[list[str], int, Any]] = deque()

    def submit(block: list[str], priority: int) -> tuple[list[str], int, Any]:
        bag = db.from_sequence(block, npartitions=1).map(func, *args)
        lost = _lost(client)
        if lost is not None:
            raise lost
        # the scheduler runs higher priorities first: earlier blocks before later ones
        return block, priority, client.compute(bag, retries=retries, priority=priority)

    def result(block: list[str], priority: int, future: Any, alone: bool = False) -> list[Any]:
        try:
            got: list[Any] = _result(client, future, timeout)
            return got
        except KilledWorker:
            if alone:
                return [WorkerLost(errno.EIO, "every Dask worker that read it died "
                                              "(KilledWorker)", block[0])]
            # again, one file at a time: a file that was only beside the one that kills its
            # workers is read, and that one is lost
            return [result([n], priority, submit([n], priority)[2], True)[0] for n in block]
        finally:
            future.release()

    def take() -> Iterator[tuple[str, Any]]:
        block, priority, future = pending.popleft()
        yield from zip(block, result(block, priority, future))

    try:
        for i, block in enumerate(_blocks(names, size)):
            pending.append(submit(block, -i))
            if len(pending) >= window:
                yield from take()
        while pending:
            yield from take()
    finally:
        if pending and client.status == "running":  # the caller stopped early, or an
            client.cancel([f for _, _, f in pending])   # error: drop what is under way


@contextmanager
def _connect(client: "Client | str | None", timeout: float) -> Iterator["Client"]:
    from distributed import default_client
    if client is None:
        yield default_client()
    elif isinstance(client, str):
        c = _client(client, timeout)
        try:
            yield c
        finally:
            _close(c, timeout)
    else:
        yield client


def _client(address: str, timeout: float) -> "Client":
    """A client of the scheduler at ``address``, connected within ``timeout`` seconds, or
    :class:`ClusterLost` saying why not (unreachable, a bad address, ``tls://`` without the
    TLS configuration)."""
    from distributed import Client
    from distributed.comm.addressing import get_address_host_port, parse_address
    try:
        if parse_address(address)[0] == "tls":
            from distributed.security import Security
            if Security().get_connection_args("client").get("ssl_context") is None:
                # (a Client would say so, then hang at exit closing itself)
                raise ValueError("tls:// needs Dask's TLS settings (distributed.comm.tls: "
                                 "ca-file, client cert and key) on this machine")
        try:
            host, port = get_address_host_port(address)  # before a Client, which hangs on a bad one
        except NotImplementedError:  # a transport with no host and port (inproc://)
            pass
        else:
            if parse_address(address)[0] == "tcp":
                _refused(host, port, timeout)
        return _within(lambda: Client(address, set_as_default=False, timeout=timeout),
                       timeout, address)
    except ClusterLost:
        raise
    except (OSError, ValueError, TypeError) as exc:  # unreachable, timed out, a bad address
        raise ClusterLost(errno.EHOSTUNREACH, f"cannot reach the Dask scheduler at {address}: "
                          f"{exc}") from None


CONNECT_GRACE = 5.0
"""Seconds past ``--dask-timeout`` that making a Client may take before it is given up."""


def _within(make: Callable[[], "Client"], timeout: float, address: str) -> "Client":
    """``make()`` (a Client) in a thread of its own, given up after ``timeout`` seconds and
    :data:`CONNECT_GRACE` more (Dask's own wait, ``timeout``, comes first): a peer that
    accepts the connection but never answers as a scheduler would leaves Dask's own
    connection timeout waiting for ever.  Raises what ``make`` raises, or
    :class:`ClusterLost` when it has not returned in time (the thread, a daemon, is left)."""
    import threading
    done: list["Client"] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(make())
        except BaseException as exc:  # handed to the caller's thread
            failed.append(exc)

    worker = threading.Thread(target=run, name="referee-dask-connect", daemon=True)
    worker.start()
    worker.join(timeout + CONNECT_GRACE)
    if failed:
        raise failed[0]
    if not done:
        raise ClusterLost(errno.ETIMEDOUT, f"the Dask scheduler at {address} did not answer "
                          f"within {timeout:g} s (--dask-timeout): is it a Dask scheduler?")
    return done[0]


REFUSED_PROBE = 2.0
"""Seconds :func:`_refused` waits at most for its TCP connection (a timeout says nothing)."""


def _refused(host: str, port: int, timeout: float) -> None:
    """Raise ``ConnectionRefusedError`` when nothing listens at ``host``:``port`` (a TCP
    connect refused at once), so a scheduler's address that refuses connections is said
    without waiting ``timeout`` seconds for a Client.  Any other outcome (connected, timed out
    within ``min(timeout, REFUSED_PROBE)``, unreachable) says nothing: the Client's wait
    decides (a scheduler still starting may yet listen)."""
    import socket
    try:
        with socket.create_connection((host, port), timeout=min(timeout, REFUSED_PROBE)):
            pass
    except ConnectionRefusedError:
        raise ConnectionRefusedError(f"connection refused at {host}:{port} (is the "
                                     "scheduler running there?)") from None
    except OSError:
        pass


def _close(client: "Client", timeout: float) -> None:
    """Close ``client``, waiting at most ``timeout`` seconds for its scheduler to hear it."""
    try:
        client.close(timeout=timeout)
    except (OSError, CancelledError, RuntimeError):  # (gone already, or timed out)
        pass


T = TypeVar("T")
"""What ``apply`` returns for each file (:func:`replay_files`)."""


@overload
def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: None = None, partition_size: int | None = None,
                 retries: int = RETRIES,
                 timeout: float = TIMEOUT) -> Iterator[tuple[str, "Log | OSError"]]: ...


@overload
def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: Callable[["Log"], T], partition_size: int | None = None,
                 retries: int = RETRIES,
                 timeout: float = TIMEOUT) -> Iterator[tuple[str, "T | OSError"]]: ...


def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: Callable[["Log"], Any] | None = None,
                 partition_size: int | None = None, retries: int = RETRIES,
                 timeout: float = TIMEOUT) -> Iterator[tuple[str, Any]]:
    """Read many log files on a Dask cluster: yields ``(path, Log)``, or ``(path, OSError)`` for
    a file that cannot be opened or read, in the order the paths are given, as
    :func:`referee.replay_files` does in one process; with ``apply=f``, ``(path, f(log))`` or
    ``(path, OSError)`` (typed: ``Iterator[tuple[str, Log | OSError]]``, and
    ``Iterator[tuple[str, T | OSError]]`` for an ``f`` returning ``T``).

    ``paths``: paths the workers can open (a shared file system) or fsspec URLs; read lazily, a
    block at a time.  ``client``: a ``distributed.Client``, a scheduler's address
    (``"tcp://host:8786"``: connected to and closed here), or None for the current default
    client (``ValueError`` if there is none).  ``strict``: as ``--strict``.  ``apply``: a
    function run on the worker on each :class:`~referee.api.Log`; what it returns comes back
    instead of the Log (e.g. ``lambda log: log.errors``: less to send back).
    ``partition_size``: files per task (default: :func:`_partition_size`); ``retries``: times a
    task that raised is run again; ``timeout``: seconds to wait for a cluster that does not
    answer (to connect, for a worker, with no worker left), then :class:`ClusterLost` is raised.
    A relative path goes to the workers made absolute (the name yielded and the Log's are as
    given).

    A file whose every worker died comes back as :class:`WorkerLost` (an ``OSError``).  Memory
    on the client: the results of at most ``2 × threads + 1`` blocks, whatever the number of
    files.  Exceptions other than these (a bug) are raised here, as in a serial run.
    """
    items: Iterable[tuple[str, str]] = ([_where(os.fspath(p)) for p in paths]
                                        if isinstance(paths, (list, tuple))
                                        else (_where(os.fspath(p)) for p in paths))
    with _connect(client, timeout) as c:
        for (name, _), got in _ordered(c, _read_one, items, (strict, apply), partition_size,
                                       retries, timeout):
            yield name, got


def local_cluster(workers: int) -> "LocalCluster":
    """A Dask cluster on this machine (``--dask local``): ``workers`` worker processes of one
    thread each, every server bound to the loopback interface (127.0.0.1, ports chosen by the
    system), the dashboard's included."""
    from distributed import LocalCluster
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address="127.0.0.1:0")


def _run_one(item: tuple[str, str], func: Callable[[str, str], Any]) -> Any:
    """``func(name, path)`` for one file, ``item`` = (its name as given, the path or URL the
    worker opens: see :func:`_where`)."""
    name, path = item
    return func(name, path)


def map_files(func: Callable[[str, str], T], names: Iterable[str],
              client: "Client | str | None" = None, *, partition_size: int | None = None,
              retries: int = RETRIES, timeout: float = TIMEOUT
              ) -> Iterator[tuple[str, "T | WorkerLost"]]:
    """``(name, func(name, path))`` for each of ``names``, in their order, ``func`` run on the
    workers of ``client`` (as for :func:`replay_files`: a Client, a scheduler's address, or
    None for the default client).  ``name`` is the file as given, ``path`` what the worker
    opens (a relative path made absolute; a URL or an absolute path as it is).  ``func`` must
    be picklable (a module-level function, or a ``functools.partial`` of one) and should turn
    a file's own ``OSError`` into its result, as a serial run would.  A file whose every worker
    died gives :class:`WorkerLost`; a cluster that cannot go on raises :class:`ClusterLost`
    (within about ``timeout`` seconds).  Memory on the client: the results of at most
    ``2 × threads + 1`` blocks (``partition_size`` files each, by default
    :func:`_partition_size`)."""
    items: Iterable[tuple[str, str]] = ([_where(n) for n in names]
                                        if isinstance(names, (list, tuple))
                                        else (_where(n) for n in names))
    with _connect(client, timeout) as c:
        for (name, _), got in _ordered(c, _run_one, items, (func,), partition_size, retries,
                                       timeout):
            yield name, got


@contextmanager
def cli_cluster(address: str, jobs: int, timeout: float = TIMEOUT) -> Iterator["Client"]:
    """The client of ``referee check/score/standings --dask ADDRESS``: of the scheduler at
    ``address``, or (``local``) of a cluster started here with ``jobs`` workers when
    ``--jobs`` is given, else one per core; closed (and the local cluster with it) at the end.

    ``--jobs`` with another address is a usage error.  Without Dask installed, with no
    scheduler reached at ``address`` within ``timeout`` seconds (``--dask-timeout``), or when
    the cluster cannot go on while the block runs (:class:`ClusterLost`: no worker joined or
    none left for ``timeout`` seconds, the scheduler gone), it says so on standard error and
    exits with status 2 (what was printed before stays printed).  Distributed's routine logs
    (a worker restarted …) are not shown, so that the output is the serial run's."""
    import click
    local = address == "local"
    ctx = click.get_current_context(silent=True)
    given = ctx is not None and ctx.get_parameter_source("jobs") not in (
        None, click.core.ParameterSource.DEFAULT)
    if given and not local:
        raise click.UsageError(f"--jobs sets the workers of --dask local; the cluster at "
                               f"{address} has its own")
    # distributed logs routine events on standard error (a worker restarted, a heartbeat that
    # missed the scheduler closing): they are not shown, so that the output is the serial
    # run's; a file they cost is reported as such (the workers inherit this)
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    try:
        import dask.bag  # noqa: F401
        from distributed import Client
    except ImportError:
        _fail("--dask needs Dask: pip install 'referee[dask]'")
    # (the client's own logger is set apart in Dask's configuration: a lost scheduler is said
    # here, in one line, instead; and so is the client's event loop, which reports the waits
    # of a gather given up when the cluster was lost: "Task exception was never retrieved")
    logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    cluster: Any = None
    try:
        if local:
            cluster = local_cluster(jobs if given else os.cpu_count() or 1)
            client = Client(cluster, set_as_default=False, timeout=timeout)
        else:
            client = _client(address, timeout)
    except ClusterLost as exc:
        _fail(exc.strerror)
    except (OSError, ValueError, TypeError) as exc:  # (a local cluster that did not start)
        _fail(f"cannot start a Dask cluster here: {exc}")
    try:
        yield client
    except ClusterLost as exc:
        sys.stdout.flush()
        _fail(exc.strerror)
    finally:
        _close(client, timeout)
        if cluster is not None:
            try:
                cluster.close(timeout=timeout)
            except (OSError, RuntimeError):
                pass


@contextmanager
def job_results(job: "Job", files: tuple[str, ...], address: str, jobs: int,
                timeout: float = TIMEOUT) -> Iterator[Iterator["FileResult"]]:
    """``referee check/score --dask ADDRESS`` (called by the batch runner,
    :func:`referee.batch.run_job`): each file's result as :func:`referee.batch.one_file` gives
    it, in the order of ``files``, computed on the cluster at ``address`` (:func:`cli_cluster`:
    ``local`` starts one here).  Files are named as given; a relative path goes to the workers
    made absolute.

    A file whose workers all died is reported as one that cannot be read: ``referee: cannot read
    FILE: every Dask worker that read it died (KilledWorker)``, status 2.  Standard input cannot
    be read by workers (a usage error).  A cluster that cannot be reached or cannot go on is
    said on standard error, status 2 (:func:`cli_cluster`)."""
    import click
    if "-" in files or not files:
        raise click.UsageError("--dask: the workers cannot read standard input; name the files")
    with cli_cluster(address, jobs, timeout) as client:
        yield (_cli_result(job, name, out) for (name, _), out in
               _ordered(client, _check_one, [_where(f) for f in files], (job,), None, RETRIES,
                        timeout))


def _cli_result(job: "Job", name: str, out: Any) -> "FileResult":
    if isinstance(out, WorkerLost):
        return "", f"referee: cannot read {name}: {out.strerror}\n", 2, [], ({}, 0), []
    result: FileResult = out
    return result



def _fail(message: str | None) -> NoReturn:
    import click
    from .text import visible
    click.echo(visible(f"referee: {message}"), err=True)
    sys.exit(2)
