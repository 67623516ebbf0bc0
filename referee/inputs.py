"""What a path argument opens (project ruling R29): a directory is read recursively, its logs
in a stable sorted order; a file (or standard input) compressed with gzip, bzip2 or xz, known by
its first bytes, is read decompressed, streaming, with the standard library.

:func:`expand` turns the names given into the files to read; :func:`opened` gives the stream a
replay reads for one opened file; :func:`corruption` says, once it has been read, whether its
compressed data broke off (then its last finding is a ``bad-json`` of reason
``corrupt-compression`` at the line where it did, and the command exits 2).  Line numbers are
those of the decompressed text.
"""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import zlib
from dataclasses import dataclass
from typing import IO, Any, Callable, Literal, NoReturn, cast

from .events import UnusualLine, read_error

STDIN_NAME = "<stdin>"
"""What messages and findings call standard input (``-``)."""

LOG_SUFFIXES = (".jsonl", ".jsonl.gz", ".jsonl.bz2", ".jsonl.xz")
"""The file names a directory is searched for (R29); a file named on the command line is read
whatever its name."""

Compression = Literal["gzip", "bzip2", "xz"]

MAGIC: tuple[tuple[bytes, Compression], ...] = (
    (b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"))
"""The first bytes of each compressed format (RFC 1952, bzip2, the .xz file format); a log,
which starts with ``{`` (or a byte-order mark, or blank space), never starts so."""

_SNIFF = max(len(m) for m, _ in MAGIC)


def expand(names: tuple[str, ...], is_url: Callable[[str], bool] = lambda n: False
           ) -> tuple[str, ...]:
    """The files to read for the names given (R29): a name that is a directory stands for
    every file under it, at any depth, whose name ends in one of :data:`LOG_SUFFIXES`, in the
    order of their paths relative to it compared folder by folder in code point order (the
    same on every machine, whatever the file system lists first); any other name (a file,
    ``-``, a URL, a name that does not exist) stands for itself.  Symbolic links to folders
    are not followed (no loop); links to files are read.  A folder that cannot be listed, and
    a directory with no log under it, stand for themselves, in their place: opening them
    says why (:func:`directory_problem`)."""
    out: list[str] = []
    for name in names:
        if name == "-" or is_url(name) or not os.path.isdir(name):
            out.append(name)
            continue
        before = len(out)
        found = _walk(name, out)
        if not found:
            del out[before:]
            out.append(name)
    return tuple(out)


def _walk(top: str, out: list[str]) -> bool:
    """Add the logs under ``top`` to ``out`` in sorted order (:func:`expand`), a folder that
    cannot be listed in its place; True if anything was added."""
    try:
        with os.scandir(top) as it:
            entries = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in it)
    except OSError:
        out.append(top)  # said where it is read (directory_problem)
        return True
    found = False
    for name, is_dir in entries:
        path = os.path.join(top, name)
        if is_dir:
            found = _walk(path, out) or found
        elif name.endswith(LOG_SUFFIXES):
            out.append(path)
            found = True
    return found


def directory_problem(path: str) -> str:
    """Why the directory ``path`` is not read (what :func:`expand` left of it): the reason it
    cannot be listed, or that no log is under it."""
    try:
        os.listdir(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    return "a directory with no file named " + ", ".join(
        f"*{s}" for s in LOG_SUFFIXES[:-1]) + f" or *{LOG_SUFFIXES[-1]} under it"


def sniff(head: bytes) -> Compression | None:
    """The compression whose magic bytes ``head`` starts with, or None (plain text)."""
    for magic, kind in MAGIC:
        if head.startswith(magic):
            return kind
    return None


def opened(stream: IO[bytes], own: bool = False) -> IO[bytes]:
    """The stream to replay for the binary stream ``stream`` of one file: itself when it is
    not compressed, else a :class:`Decompressed` reader over it.  The first bytes are looked
    at without losing them: a seekable file is read from its start again, anything else
    (standard input, a pipe) through a :class:`_Prefixed` stream.  A stream whose first read
    fails is given back as it is, so that the replay's read fails as it would have (``cannot
    read``, not ``cannot open``).  With ``own``, closing what is returned closes ``stream``
    too.  A stream this function gave is given back as it is (it is looked at once)."""
    if isinstance(stream, Decompressed) or isinstance(getattr(stream, "raw", None), _Prefixed):
        return stream
    try:
        start = stream.tell() if stream.seekable() else None
    except (OSError, ValueError):
        start = None
    if start is not None:
        try:
            head = stream.read(_SNIFF)
        except OSError:  # a file whose reads fail: the replay's first read says so
            return stream
        try:
            stream.seek(start)
        except OSError:  # read, and cannot go back: the bytes read go first
            return _prefixed(head, stream, own)
        kind = sniff(head)
        return stream if kind is None else cast(IO[bytes], Decompressed(stream, kind, own))
    try:
        head = _read_exactly(stream, _SNIFF)
    except OSError:
        return stream
    if not head:
        return stream  # nothing read: it is as it was (empty)
    return _prefixed(head, stream, own)


def _prefixed(head: bytes, stream: IO[bytes], own: bool) -> IO[bytes]:
    """``head``, read from ``stream`` to look at it, then the rest of ``stream``; decompressed
    when ``head`` says so; with ``own``, closed with what is returned."""
    raw = cast(IO[bytes], io.BufferedReader(_Prefixed(head, stream, own)))
    kind = sniff(head)
    return raw if kind is None else cast(IO[bytes], Decompressed(raw, kind, True))


def _read_exactly(stream: IO[bytes], n: int) -> bytes:
    """Up to ``n`` bytes from the start of ``stream`` (fewer only at its end)."""
    got = b""
    read1 = getattr(stream, "read1", stream.read)
    while len(got) < n:
        try:
            chunk = read1(n - len(got))
        except OSError:
            if not got:
                raise
            break  # the next read, the replay's, fails again and says so
        if not chunk:
            break
        got += chunk
    return got


class _Prefixed(io.RawIOBase):
    """``head`` (the bytes already read to look at them), then the rest of ``stream``, as each
    read of ``stream`` gives it (a pipe is read as it comes, not to fill a buffer)."""

    def __init__(self, head: bytes, stream: IO[bytes], own: bool = False) -> None:
        self.head = head
        self.stream = stream
        self.own = own
        self.read1 = getattr(stream, "read1", stream.read)

    def close(self) -> None:
        try:
            if self.own and not self.closed:
                self.stream.close()
        finally:
            super().close()

    def readable(self) -> bool:
        return True

    def readinto(self, b: "bytearray | memoryview") -> int:  # type: ignore[override]
        n = len(b)
        if self.head:
            k = min(n, len(self.head))
            b[:k] = self.head[:k]
            self.head = self.head[k:]
            return k
        data = self.read1(n)
        b[:len(data)] = data
        return len(data)


class _Source(io.RawIOBase):
    """The compressed bytes as the decompressor reads them; an OSError of reading them (a disk
    error, not a decompression error) is kept in :attr:`failed`, so that it is told apart."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.failed: OSError | None = None
        self.read1 = getattr(stream, "read1", stream.read)

    def readable(self) -> bool:
        return True

    def readinto(self, b: "bytearray | memoryview") -> int:  # type: ignore[override]
        try:
            data = self.read1(len(b))
        except OSError as exc:
            self.failed = exc
            raise
        b[:len(data)] = data
        return len(data)

    def tell(self) -> int:
        return self.stream.tell()


@dataclass(frozen=True, slots=True)
class Corruption:
    """Where and how the compressed data of a file broke off: ``compression`` (``gzip``,
    ``bzip2``, ``xz``), ``line`` the line of the decompressed text it broke in, ``truncated``
    True when the data ends before its end marker (a file cut short), else it is corrupt;
    ``detail`` the decompressor's words."""

    compression: Compression
    line: int
    truncated: bool
    detail: str

    def words(self) -> str:
        """What the command says of it (``the gzip data is cut short in line 7``)."""
        how = "cut short (it ends before its end marker)" if self.truncated else \
            f"corrupt ({self.detail})"
        return (f"the {self.compression} data is {how} in line {self.line}: nothing from "
                "there on can be read (R29)")


_BROKEN = (EOFError, zlib.error, lzma.LZMAError, OSError, ValueError)
"""What the stdlib decompressors raise for bad data: EOFError for data cut short, zlib.error
and gzip.BadGzipFile (an OSError) for gzip, OSError for bzip2, LZMAError for xz."""


class Decompressed(io.BufferedIOBase):
    """A compressed stream read decompressed, one line at a time as :mod:`referee.events`
    reads (``readline(limit)``), in memory bounded by the limit.  When the data breaks off
    (corrupt, or cut short), the line being read is dropped and :class:`UnusualLine` is raised
    for it, with a ``bad-json`` error of reason ``corrupt-compression`` (the one finding of
    it); after that the stream is at its end, and :attr:`corruption` says where and how.  An
    OSError of reading the compressed file itself propagates, as for any file."""

    def __init__(self, stream: IO[bytes], kind: Compression, own: bool = False) -> None:
        self.kind = kind
        self.own = stream if own else None
        self.source = _Source(stream)
        inner: Any
        source: Any = self.source
        if kind == "gzip":
            inner = gzip.GzipFile(fileobj=source, mode="rb")
        elif kind == "bzip2":
            inner = bz2.BZ2File(source)
        else:
            inner = lzma.LZMAFile(source)
        self.inner = inner
        self.lines = 0  # complete lines handed on
        self.corruption: Corruption | None = None

    def readable(self) -> bool:
        return True

    def readline(self, limit: int | None = -1) -> bytes:
        if self.corruption is not None:
            return b""
        try:
            line: bytes = self.inner.readline(-1 if limit is None else limit)
        except _BROKEN as exc:
            if self.source.failed is not None:
                raise self.source.failed from None
            self._broke(exc)
        if line.endswith(b"\n"):
            self.lines += 1
        return line

    def _broke(self, exc: BaseException) -> NoReturn:
        truncated = isinstance(exc, EOFError)
        self.corruption = Corruption(self.kind, self.lines + 1, truncated, str(exc) or
                                     type(exc).__name__)
        raise UnusualLine(read_error("bad-json", "corrupt-compression",
                                     compression=self.kind, truncated=truncated))

    def read(self, size: int | None = -1) -> bytes:
        if self.corruption is not None:
            return b""
        try:
            data: bytes = self.inner.read(-1 if size is None else size)
            return data
        except _BROKEN as exc:
            if self.source.failed is not None:
                raise self.source.failed from None
            try:
                self._broke(exc)
            except UnusualLine:
                return b""

    def read1(self, size: int = -1) -> bytes:
        return self.read(size)

    def tell(self) -> int:
        """How far into the compressed file (for the progress bar)."""
        return self.source.tell()

    def close(self) -> None:
        try:
            self.inner.close()
            if self.own is not None:
                self.own.close()
        finally:
            super().close()


def corruption(stream: IO[bytes]) -> Corruption | None:
    """Where the compressed data of ``stream`` (from :func:`opened`, read) broke off, or
    None."""
    return stream.corruption if isinstance(stream, Decompressed) else None
