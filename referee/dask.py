"""Refereeing many logs on a Dask cluster (``pip install 'referee[dask]'``).

Each log is refereed on its own (FORMAT.md: every file starts fresh), so an archive maps onto a
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
- ``referee check --dask ADDRESS`` and ``referee score --dask ADDRESS`` (:func:`cli_results`)
  print exactly what the serial commands print.

A worker that dies costs nothing but time: the scheduler moves its tasks to other workers, up to
``distributed.scheduler.allowed-failures`` times (3 by default), then gives up with
``KilledWorker``.  Such a block is run again one file after the other; a file that kills its
workers again comes back as :class:`WorkerLost`, an ``OSError``, and the other files are not
lost.
"""
from __future__ import annotations

import errno
import os
import re
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar, Union, overload

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

    from .api import Log
    from .cli import FileResult, _Job

MAX_PARTITION = 64
"""The most files in one task (one :mod:`dask.bag` partition) when the size is left to
:func:`_partition_size`."""

RETRIES = 2
"""Times a task that raised is run again (``client.compute(retries=…)``), e.g. after a
``MemoryError`` (an ``OSError`` is the file's result, as in a serial run).  A worker that dies is another matter: the scheduler
moves its tasks to other workers, up to ``allowed-failures`` times."""

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")


class WorkerLost(OSError):
    """A file whose every Dask worker died while refereeing it (``KilledWorker``): it was not
    read to its end.  ``strerror`` says so; ``filename`` is the file."""


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

def _read_one(path: str, strict: bool, apply: Callable[[Any], Any] | None) -> Any:
    """One file read into a :class:`~referee.api.Log` (or its ``OSError``), then ``apply`` to
    it if given."""
    from .api import _read_path, read_file
    if is_url(path):
        try:
            log: Any = read_file(open_url(path), name=path, strict=strict)
        except OSError as exc:
            log = exc
    else:
        log = _read_path(path, strict)
    if apply is not None and not isinstance(log, OSError):
        return apply(log)
    return log


def _check_one(name: str, job: "_Job") -> "FileResult":
    """One file run as ``referee check``/``score`` would run it (:func:`referee.cli._one_file`)."""
    from .cli import _one_file
    return _one_file(job, name)


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


def _ordered(client: "Client", func: Callable[..., Any], names: Iterable[str],
             args: tuple[Any, ...], partition_size: int | None, retries: int
             ) -> Iterator[tuple[str, Any]]:
    """``(name, func(name, *args))`` for each name, in order, computed on ``client``: one
    one-partition bag per block of names, at most two blocks per worker thread (and one more)
    submitted and not yet taken.

    A block whose workers all died (``KilledWorker``: the scheduler gave it up after
    ``allowed-failures`` + 1 deaths of workers running it) is run again one file after the
    other, so that a file that was only beside the culprit on those workers is read after all;
    a file lost on that second run gives :class:`WorkerLost`."""
    import dask.bag as db
    from distributed import KilledWorker

    threads = max(1, sum(client.nthreads().values()))
    window = 2 * threads + 1
    size = partition_size or _partition_size(names, threads)
    pending: deque[tuple[list[str], int, Any]] = deque()

    def submit(block: list[str], priority: int) -> tuple[list[str], int, Any]:
        bag = db.from_sequence(block, npartitions=1).map(func, *args)
        # the scheduler runs higher priorities first: earlier blocks before later ones
        return block, priority, client.compute(bag, retries=retries, priority=priority)

    def result(block: list[str], priority: int, future: Any, alone: bool = False) -> list[Any]:
        try:
            got: list[Any] = future.result()
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
        if pending:  # the caller stopped early, or an error: drop what is under way
            client.cancel([f for _, _, f in pending])


@contextmanager
def _connect(client: "Client | str | None") -> Iterator["Client"]:
    from distributed import Client, default_client
    if client is None:
        yield default_client()
    elif isinstance(client, str):
        with Client(client, set_as_default=False) as c:
            yield c
    else:
        yield client


T = TypeVar("T")
"""What ``apply`` returns for each file (:func:`replay_files`)."""


@overload
def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: None = None, partition_size: int | None = None,
                 retries: int = RETRIES) -> Iterator[tuple[str, "Log | OSError"]]: ...


@overload
def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: Callable[["Log"], T], partition_size: int | None = None,
                 retries: int = RETRIES) -> Iterator[tuple[str, "T | OSError"]]: ...


def replay_files(paths: Iterable[Union[str, "os.PathLike[str]"]],
                 client: "Client | str | None" = None, *, strict: bool = False,
                 apply: Callable[["Log"], Any] | None = None,
                 partition_size: int | None = None, retries: int = RETRIES
                 ) -> Iterator[tuple[str, Any]]:
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
    task that raised is run again.

    A file whose every worker died comes back as :class:`WorkerLost` (an ``OSError``).  Memory
    on the client: the results of at most ``2 × threads + 1`` blocks, whatever the number of
    files.  Exceptions other than these (a bug) are raised here, as in a serial run.
    """
    names: Iterable[str] = ([os.fspath(p) for p in paths] if isinstance(paths, (list, tuple))
                            else (os.fspath(p) for p in paths))
    with _connect(client) as c:
        yield from _ordered(c, _read_one, names, (strict, apply), partition_size, retries)


def local_cluster(workers: int) -> "LocalCluster":
    """A Dask cluster on this machine (``--dask local``): ``workers`` worker processes of one
    thread each, every server bound to the loopback interface (127.0.0.1, ports chosen by the
    system), the dashboard's included."""
    from distributed import LocalCluster
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address="127.0.0.1:0")


@contextmanager
def cli_results(job: "_Job", files: tuple[str, ...], address: str, jobs: int
                ) -> Iterator[Iterator["FileResult"]]:
    """``referee check/score --dask ADDRESS``: each file's result as :func:`referee.cli._one_file`
    gives it, in the order of ``files``, computed on the cluster at ``address`` (``local``: one
    started here with ``jobs`` workers when ``--jobs`` is given, else one per core, and closed
    at the end).

    A file whose workers all died is reported as one that cannot be read: ``referee: cannot read
    FILE: every Dask worker that read it died (KilledWorker)``, status 2.  Standard input cannot
    be read by workers (a usage error).  Without Dask installed, or with no scheduler at
    ``address``, it says so on standard error and exits with status 2."""
    import click
    if "-" in files or not files:
        raise click.UsageError("--dask: the workers cannot read standard input; name the files")
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
    try:
        if local:
            cluster: Any = local_cluster(jobs if given else os.cpu_count() or 1)
            client = Client(cluster, set_as_default=False)
        else:
            from distributed.comm.addressing import get_address_host_port
            try:
                get_address_host_port(address)  # before a Client, which hangs on a bad one
            except NotImplementedError:  # a transport with no host and port (inproc://)
                pass
            cluster, client = None, Client(address, set_as_default=False)
    except (OSError, ValueError, TypeError) as exc:  # unreachable, timed out, a bad address
        _fail(f"cannot reach the Dask scheduler at {address}: {exc}")
    try:
        yield (_cli_result(job, name, out) for name, out in
               _ordered(client, _check_one, files, (job,), None, RETRIES))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _cli_result(job: "_Job", name: str, out: Any) -> "FileResult":
    if isinstance(out, WorkerLost):
        return "", f"referee: cannot read {name}: {out.strerror}\n", 2, [], ({}, 0)
    result: FileResult = out
    return result



def _fail(message: str) -> NoReturn:
    import click
    click.echo(f"referee: {message}", err=True)
    sys.exit(2)
