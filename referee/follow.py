"""Live refereeing: ``check --follow``, ``score --follow``, ``history --follow`` (issue 18).

A followed log is read by the same driver as any other (:func:`referee.replay.replay`, which
hands each finding on as soon as it is final); what this module adds is the stream it reads:
:class:`GrowingFile`, a binary stream over a file that is still being written.  Its
``readline`` waits (polling, :data:`POLL` seconds) until a whole line is there, so a line
written in two parts is read once whole; it ends when the command is stopped (Ctrl-C), when
``--until-end`` finds the last match read over, or when the file is rotated (replaced by
another file, or truncated), after the last bytes of the old file were read.  It hands the
reader at most the ``size`` it asks for, so the 16 MiB line cap of every command
(:data:`referee.events.MAX_LINE_BYTES`) holds here too, and memory stays flat (issue 29).
As ``tail -F``, :func:`follow` waits for a file not yet created and says a deleted one.

A rotated file is read again from its first line as a new file (project ruling R24): the
match in play in the old file ends where that file ends, as ``check`` of the old file would
end it, and the new file starts fresh (referee-log(5): no match carries over); what is reported of
the old file once the rotation is seen names it ``FILE (rotated)`` (:data:`ROTATED`).
"""
from __future__ import annotations

import io
import os
import signal
import sys
import time
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, Callable, cast

from .findings import Finding
from .replay import (FileReplay, FileStats, Listener, MatchInfo, MatchSummary, listener_wants,
                     not_a_log_words, replay, unheld_words)

if TYPE_CHECKING:
    from .selection import Selection

POLL = 0.1
"""Seconds between two looks at a file that has not grown."""


class Stopped(Exception):
    """The follow was stopped (Ctrl-C): the replay ends where it is, without closing the
    match in play (its open hand is not over, so nothing is reported of it)."""


class GrowingFile(io.RawIOBase):
    """A binary stream over the file at ``path`` as it grows: ``readline(size)`` returns whole
    lines only (or ``size`` bytes of a longer one, as any stream does), waiting for more; it
    returns ``b""`` (the end) when ``done()`` says so while no whole line is there, or once the
    file at ``path`` is another file than the one open (its inode changed) or is shorter than
    what was read (truncated) and the old file is read to its end: then ``rotated`` is True.
    It raises :class:`Stopped` as soon as ``stopped()`` is true.

    ``stream``: the file, opened buffered (``open(path, "rb")``); it is not closed here.  Each
    line is taken with the stream's own ``readline(size)``, so the caller's cap holds: the
    reader of every command (:func:`referee.events.line_reader`) asks for at most
    ``MAX_LINE_BYTES + 1`` bytes and skips the rest of a longer line in pieces, here as in a
    plain run.  Memory: the stream's buffer and the part of one line (at most ``size`` bytes)
    written so far, whatever the file holds.

    ``on_rotate()`` is called once, when the rotation is seen (the old file's last lines are
    still to be read); ``on_gone()`` once each time the path names no file (deleted, or
    renamed away before a new file is made): the old file is read on meanwhile."""

    def __init__(self, stream: IO[bytes], path: str, done: Callable[[], bool],
                 stopped: Callable[[], bool], poll: float = POLL,
                 on_rotate: Callable[[], None] = lambda: None,
                 on_gone: Callable[[], None] = lambda: None) -> None:
        self.stream = stream
        self.path = path
        self.done = done
        self.stopped = stopped
        self.poll = poll
        self.on_rotate = on_rotate
        self.on_gone = on_gone
        self.part = bytearray()  # a line whose end is not written yet
        self.pos = 0  # bytes read from the file
        self.ending = False  # the file was replaced: what it holds now is all it will hold
        self.rotated = False
        self.gone = False
        self.ino = os.fstat(stream.fileno()).st_ino

    def readable(self) -> bool:
        return True

    def _replaced(self) -> bool:
        """True when the path names another file now, or the file is shorter than what was
        read from it (truncated).  A path that is gone (deleted, or between the rename and the
        new file of a rotation) is not yet a new file: the old one is read on, and
        ``on_gone`` is told once."""
        try:
            st = os.stat(self.path)
        except OSError:
            if not self.gone:
                self.gone = True
                self.on_gone()
            return False
        self.gone = False
        if st.st_ino != self.ino:
            return True
        return st.st_size < self.pos

    def readline(self, size: int | None = -1) -> bytes:
        if self.rotated:
            return b""
        limit = size if size is not None and size >= 0 else None
        part = self.part
        read = self.stream.readline
        while True:
            if self.stopped():
                raise Stopped
            want = -1 if limit is None else limit - len(part)
            got = read(want) if want != 0 else b""
            if got:
                self.pos += len(got)
                whole = got.endswith(b"\n")
                if not part and (whole or len(got) == limit):
                    return got  # (the usual case: a whole line at once, no copy)
                part += got
                if whole or len(part) == limit:
                    line = bytes(part)
                    part.clear()
                    return line
                continue  # the end of what is written: the next read finds it so
            if self.ending:  # the old file is read to its end
                self.rotated = True
                line = bytes(part)  # a last line without its newline, as check reads it
                part.clear()
                return line
            if self._replaced():
                self.ending = True
                self.on_rotate()
                continue  # the last bytes written to the old file
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
        self.replay: FileReplay | None = None
        self.errors = 0

    def finding(self, f: Finding) -> None:
        if f.is_error:
            self.errors += 1

    def start(self, replay: FileReplay) -> None:
        self.replay = replay

    def over(self) -> bool:
        return self.replay is not None and self.replay.match_finished


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


ROTATED = " (rotated)"
"""Added to the file's name in what is reported of the old file once its rotation is seen
(ruling R24): ``live.jsonl (rotated):63: warning[incomplete-hand]`` is line 63 of the file that
was at live.jsonl, not of the new one."""


class _Renamed(Listener):
    """Passes every call on to ``inner``; once :attr:`name` is set, the findings and match
    summaries of the file are given that name instead (the old file of a rotation)."""

    def __init__(self, inner: Listener) -> None:
        self.inner = inner
        self.reads = inner.reads
        self.name: str | None = None
        for method in ("start", "event", "deal", "trick", "hand", "begin_match"):
            setattr(self, method, getattr(inner, method))

    def wants(self, method: str) -> bool:
        """What ``inner`` wants (so that the replay drops the calls it does not)."""
        return listener_wants(self.inner, method)

    def finding(self, f: Finding) -> None:
        self.inner.finding(f if self.name is None else replace(f, file=self.name))

    def end_match(self, summary: MatchSummary) -> None:
        if self.name is not None:
            summary = replace(summary, info=replace(summary.info, file=self.name))
        self.inner.end_match(summary)


def _open_when_there(path: str, say: Callable[[str], None], stopped: Callable[[], bool],
                     poll: float) -> IO[bytes] | None:
    """The file at ``path``, opened for reading bytes; while there is none, wait for it as
    ``tail -F`` does (said once on ``say``), looking every ``poll`` seconds.  None when
    ``stopped()`` comes first.  Raises OSError for any other reason it cannot be opened (no
    permission, a directory)."""
    waiting = False
    while True:
        try:
            if os.path.isdir(path):
                raise IsADirectoryError(21, "is a directory")
            return open(path, "rb")
        except FileNotFoundError:
            if not waiting:
                say(f"referee: {path} does not exist (yet): waiting for it to be created "
                    "(Ctrl-C to stop)")
                waiting = True
        if stopped():
            return None
        time.sleep(poll)


def follow(path: str, listener: Listener, strict: bool = False, until_end: bool = False,
           say: Callable[[str], None] | None = None, poll: float = POLL,
           selection: "Selection | None" = None) -> int:
    """Referee the log at ``path`` while it is written, through ``listener``, until Ctrl-C
    (SIGINT) or, with ``until_end``, until the last match read is over (its ``end`` event or
    the game's own end) and the file has no more whole lines.

    As ``tail -F``: a file not there yet is waited for; a file deleted (or renamed away) is
    said on ``say`` (standard error) and read on while a new one is waited for; a rotated file
    (replaced, or truncated) is said on ``say`` and read again as a new file (ruling R24), what
    is reported of the old file after that named ``PATH (rotated)`` (:data:`ROTATED`).

    Returns the exit status of ``check`` for what was found: 0 no error, 1 errors, 2 the file
    could not be opened or read (said on ``say``; a file that never appeared before Ctrl-C
    too) or not one line of it is a JSON object.  Ctrl-C says ``referee: interrupted`` and ends
    the follow with that status (not 130): what was final is printed; the hand in play is not
    judged (a revoke still open is not reported).  ``selection``: only what it selects reaches
    ``listener``, and the status follows the findings that did (R30)."""
    from .render.report import Tee
    from .selection import Selected
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
                stream = _open_when_there(path, say, lambda: bool(interrupted), poll)
            except OSError as exc:
                say(f"referee: cannot open {path}: {exc.strerror or exc}")
                return 2
            if stream is None:  # Ctrl-C before the file was there
                say("referee: interrupted")
                return 2
            watch = _Watch()
            renamed = _Renamed(listener)

            def rotated() -> None:
                renamed.name = path + ROTATED
                say(f"referee: {path} was rotated (replaced or truncated); what is still "
                    f"reported of the old file names it '{path}{ROTATED}'; reading the new "
                    "file from its first line (R24)")

            def gone() -> None:
                say(f"referee: {path} is gone (deleted or renamed away); reading on what was "
                    "written to it, and waiting for a new file there")
            with stream:
                grow = GrowingFile(stream, path, lambda: until_end and watch.over(),
                                   lambda: bool(interrupted), poll, rotated, gone)
                try:
                    # a RawIOBase is a binary stream (typeshed does not call it IO[bytes])
                    heard: Listener = Tee(renamed, watch)
                    if selection is not None and not selection.everything:
                        heard = Selected(heard, selection)
                    stats: FileStats | None = replay(cast(IO[bytes], grow), path, heard,
                                                     strict)
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
                say(f"referee: {not_a_log_words(path)}")
                status = 2
            elif watch.errors and status == 0:
                status = 1
            if stats is None:
                say("referee: interrupted")
            if not grow.rotated:
                return status
    finally:
        if old is not None:
            signal.signal(signal.SIGINT, old)
