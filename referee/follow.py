"""Live refereeing: ``check --follow``, ``score --follow``, ``history --follow`` (issue 18).

A followed log is read by the same driver as any other (:func:`referee.replay.replay`, which
hands each finding on as soon as it is final); what this module adds is the stream it reads:
:class:`GrowingFile`, a binary stream over a file that is still being written.  Its
``readline`` waits (polling, :data:`POLL` seconds) until a whole line is there, so a line
written in two parts is read once whole; it ends when the command is stopped (Ctrl-C), when
``--until-end`` finds the last match read over, or when the file is rotated (replaced by
another file, or truncated), after the last bytes of the old file were read.

A rotated file is read again from its first line as a new file (project ruling R24): the
match in play in the old file ends where that file ends, as ``check`` of the old file would
end it, and the new file starts fresh (FORMAT.md: no match carries over).
"""
from __future__ import annotations

import io
import os
import signal
import sys
import time
from typing import IO, Any, Callable, cast

from .findings import Finding
from .games.base import MatchEngine
from .replay import FileStats, Listener, MatchInfo, replay, unheld_words

POLL = 0.1
"""Seconds between two looks at a file that has not grown."""


class Stopped(Exception):
    """The follow was stopped (Ctrl-C): the replay ends where it is, without closing the
    match in play (its open hand is not over, so nothing is reported of it)."""


class GrowingFile(io.RawIOBase):
    """A binary stream over the file at ``path`` as it grows: ``readline`` returns whole
    lines only, waiting for more; it returns ``b""`` (the end) when ``done()`` says so while
    no whole line is there, or when the file at ``path`` is another file than the one open
    (its inode changed) or is shorter than what was read (truncated): then ``rotated`` is True.
    It raises :class:`Stopped` as soon as ``stopped()`` is true.

    ``stream``: the file, opened unbuffered (``open(path, "rb", buffering=0)``); it is not
    closed here.  Memory: the bytes of one line (a line longer than ``size`` comes in pieces,
    as from any stream)."""

    def __init__(self, stream: IO[bytes], path: str, done: Callable[[], bool],
                 stopped: Callable[[], bool], poll: float = POLL) -> None:
        self.stream = stream
        self.path = path
        self.done = done
        self.stopped = stopped
        self.poll = poll
        self.buf = bytearray()
        self.pos = 0  # bytes read from the file
        self.rotated = False
        self.ino = os.fstat(stream.fileno()).st_ino

    def readable(self) -> bool:
        return True

    def _more(self) -> bool:
        """Read what the file holds beyond what was read; True if anything came."""
        got = False
        while True:
            chunk = self.stream.read(1 << 16)
            if not chunk:
                return got
            self.buf += chunk
            self.pos += len(chunk)
            got = True

    def _replaced(self) -> bool:
        """True when the path names another file now, or the file is shorter than what was
        read from it (truncated).  A path that is gone for a moment (between the rename and the
        new file of a rotation) is not yet a new file: the old one is read on."""
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        if st.st_ino != self.ino:
            return True
        return st.st_size < self.pos

    def readline(self, size: int | None = -1) -> bytes:
        buf = self.buf
        while True:
            if self.stopped():
                raise Stopped
            end = buf.find(b"\n")
            if end < 0 and size is not None and 0 <= size <= len(buf):
                end = size - 1  # a line longer than size comes in pieces
            if end >= 0:
                line = bytes(buf[:end + 1])
                del buf[:end + 1]
                return line
            if self._more():
                continue
            if self._replaced():
                self._more()  # the last bytes written to the old file
                if buf.find(b"\n") >= 0:
                    continue
                self.rotated = True
                line = bytes(buf)  # a last line without its newline, as check reads it
                buf.clear()
                return line
            if self.done():
                return b""  # (a part of a line stays unread: it has no end yet)
            time.sleep(self.poll)

    def readinto(self, b: Any) -> int:  # (RawIOBase needs it; the reader uses readline)
        line = self.readline(len(b))
        b[:len(line)] = line
        return len(line)


class _Watch(Listener):
    """Tells whether the last match read is over (``--until-end``) and counts errors (the exit
    status when the follow is stopped before the replay could return its FileStats)."""

    def __init__(self) -> None:
        self.engine: MatchEngine[Any] | None = None
        self.errors = 0

    def finding(self, f: Finding) -> None:
        if f.is_error:
            self.errors += 1

    def begin_match(self, info: MatchInfo, engine: MatchEngine[Any]) -> None:
        self.engine = engine

    def over(self) -> bool:
        return self.engine is not None and self.engine.finished


class LineFlush(io.TextIOBase):
    """A text stream that flushes ``inner`` after each write that ends a line: live output
    (``--follow``, or a log read from a pipe) reaches a pipe or file line by line."""

    def __init__(self, inner: IO[str]) -> None:
        self._inner = inner

    def write(self, s: str) -> int:
        n = self._inner.write(s)
        if "\n" in s:
            self._inner.flush()
        return n

    def flush(self) -> None:
        self._inner.flush()

    def isatty(self) -> bool:
        return self._inner.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"


def line_flush(inner: IO[str]) -> IO[str]:
    """:class:`LineFlush` over ``inner``, as the text stream it is (typeshed does not count an
    :class:`io.TextIOBase` as an ``IO[str]``)."""
    return cast(IO[str], LineFlush(inner))


def is_live(stream: IO[Any]) -> bool:

    """True when ``stream`` is not a regular file (a pipe, a terminal, a FIFO): what it holds
    comes as it is written, so output is to come line by line too."""
    import stat
    try:
        return not stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False


def follow(path: str, listener: Listener, strict: bool = False, until_end: bool = False,
           say: Callable[[str], None] | None = None, poll: float = POLL) -> int:
    """Referee the log at ``path`` while it is written, through ``listener``, until Ctrl-C
    (SIGINT) or, with ``until_end``, until the last match read is over (its ``end`` event or
    the game's own end) and the file has no more whole lines.  A rotated file (replaced, or
    truncated) is said on ``say`` (standard error) and read again as a new file (ruling R24).

    Returns the exit status of ``check`` for what was found: 0 no error, 1 errors, 2 the file
    could not be opened or read (said on ``say``) or not one line of it is a JSON object.
    Ctrl-C ends the follow with that status too (not 130): what was final is printed; the
    hand in play is not judged (a revoke still open is not reported)."""
    from .render.report import Tee
    if say is None:
        def say(msg: str) -> None:
            from .text import visible
            print(visible(msg), file=sys.stderr, flush=True)
    interrupted: list[bool] = []
    old = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(True))
    except ValueError:  # not the main thread (a test): Ctrl-C is not ours to take
        old = None
    status = 0
    try:
        while True:
            try:
                stream = open(path, "rb", buffering=0)
                if os.path.isdir(path):
                    raise IsADirectoryError(21, "is a directory")
            except OSError as exc:
                say(f"referee: cannot open {path}: {exc.strerror or exc}")
                return 2
            watch = _Watch()
            with stream:
                grow = GrowingFile(stream, path, lambda: until_end and watch.over(),
                                   lambda: bool(interrupted), poll)
                try:
                    # a RawIOBase is a binary stream (typeshed does not call it IO[bytes])
                    stats: FileStats | None = replay(cast(IO[bytes], grow), path,
                                                     Tee(listener, watch), strict)

                except Stopped:
                    stats = None
                except OSError as exc:
                    say(f"referee: cannot read {path}: {exc.strerror or exc}")
                    return 2
            unheld = unheld_words(path, stats) if stats is not None else None
            if unheld is not None:  # the findings reported are right, but not all of them
                say(unheld)
                status = 2
            if stats is not None and stats.undecodable:
                say(f"referee: {path}: not one line of it is a JSON object: not a log")
                status = 2
            elif watch.errors and status == 0:
                status = 1
            if not grow.rotated:
                return status
            say(f"referee: {path} was rotated (replaced or truncated); reading the new file "
                "from its first line (R24)")
    finally:
        if old is not None:
            signal.signal(signal.SIGINT, old)
