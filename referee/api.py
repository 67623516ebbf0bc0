"""The public Python API: logs as data, a table to step event by event, many files at once.

Everything here is exported from :mod:`referee` (``import referee``); ``docs/api.md`` shows it
with examples.  The shapes:

- :func:`read_log` reads one log (a path, a binary stream or the bytes of a file) and yields
  its :class:`Match` objects one by one; memory holds one match at a time.  :func:`read_file`
  reads a whole file into a :class:`Log`; :func:`replay_files` reads many, in parallel if asked.
- A :class:`Match` holds its :class:`Hand` objects, each with its :class:`Trick` objects (each a
  sequence of :class:`Play`) and its findings (:class:`referee.findings.Finding`).
- A :class:`Table` is one table being refereed live: :meth:`Table.apply` takes one event and
  gives back the findings it produced; :attr:`Table.to_act` and :meth:`Table.legal_actions` say
  what may come next.

Conventions: cards are their canonical text (``"10H"``, ``"QS"``, ``"JK"`` for the joker, which
Thirty-Three calls the Bug; referee-log(5) "Cards"; :func:`referee.cards.card` turns one into a
:class:`~referee.cards.Card` with ``rank`` and ``suit``).  Lines are 1-based physical lines of
the log.  Scores are game points: an ``int``, or a ``float`` where halves occur (``32.5``).
Objects are frozen (their mappings are plain dicts: treat them as read-only).

Bad content in a log never raises: it becomes a finding, as with ``referee check``.  What does
raise is a misuse of the API (a ``TypeError`` for an argument of the wrong type, a
``ValueError`` for a table that cannot be set up) and ``OSError`` from opening or reading a file.

This module is built on the replay driver and its :class:`~referee.replay.Listener` interface;
it does not change what the engine decides.
"""
from __future__ import annotations

import copy
import dataclasses
import io
import os
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Union

import msgspec

from .cards import is_blank
from .games.commentary import commentary_for
from . import events as ev
from .events import GameName
from .findings import Finding
from .games.base import MatchEngine, OPEN
from .legal import judge, trial_deal
from .legal import legal_actions as _legal_actions
from .legal import to_act as _players_to_act
from .model import (Call, Contract, Hand, HandStatus, Holding, Log, Match, Number, Play, Seen,
                    Step, Trick)
from .replay import FileReplay, FileStats, Listener, MatchInfo, MatchSummary, Reads
from .values import CALLS, call_of, hand_value, held_of, step_of

__all__ = ["AnyEvent", "Call", "Contract", "FileReplay", "Hand", "HandStatus", "Holding",
           "JOBS_PER_CPU", "Log", "LogReader", "Match", "MatchBuilder", "MatchRecord", "Play",
           "Seen", "Source", "Step", "Table", "TableEvent", "Trick", "card_name", "cpus", "feed",
           "open_source", "read_file", "read_log", "read_path", "replay_files", "step_of",
           "with_findings", "worker_cap"]


# --- building the objects from a replay ---------------------------------------------------------
# (the values themselves are made by referee.values, the one place that reads an engine's state)

_CALLS = CALLS


class MatchRecord:
    """What :class:`MatchBuilder` keeps of the match in play (a building block of the
    consumers built on this module: ``diff``, the HTML viewer): ``info``, the match as the log
    started it; ``number`` and ``id``; ``hands``, the :class:`Hand` objects settled
    so far by number (their findings, steps and calls not yet attached: :meth:`complete`);
    ``findings``, those that came in per hand number (None: in no hand); ``steps`` and
    ``calls``, each hand's :class:`Step` and :class:`Call` objects by hand number.
    :meth:`match` makes the :class:`Match` as it stands."""

    def __init__(self, info: MatchInfo, number: int, id: str | int | None) -> None:
        self.info = info
        self.number = number
        self.id = id
        self.hands: dict[int, Hand] = {}
        self.findings: dict[int | None, list[Finding]] = {}
        self.steps: dict[int, list[Step]] = {}
        self.calls: dict[int, list[Call]] = {}

    def match(self, totals: Mapping[str, Number], finished: bool, winners: Iterable[str],
              extra: Mapping[str, Any] | None) -> Match:
        """The :class:`Match` with the hands settled so far and ``totals`` (game points),
        ``finished``, ``winners`` and ``extra`` (``score --format json``'s game keys)."""
        hands = tuple(self.complete(h) for h in self.hands.values())
        loose = [f for k, fs in self.findings.items() if k is None or k not in self.hands
                 for f in fs]
        info = self.info
        return Match(info.file, self.number, self.id, info.game,
                     tuple(info.players), dict(info.rules), info.line, hands, dict(totals),
                     finished, tuple(winners), tuple(sorted(loose, key=lambda f: f.line)),
                     dict(extra) if extra else None, info.teams)

    def complete(self, h: Hand) -> Hand:
        """``h`` with what came in for it: its findings, its steps (if recorded) and its
        auction."""
        return with_findings(h, self.findings.get(h.number, ()), self.steps.get(h.number),
                              self.calls.get(h.number, ()))


def with_findings(h: Hand, findings: Iterable[Finding],
                   steps: Iterable[Step] | None = None, calls: Iterable[Call] = ()) -> Hand:
    """``h`` with ``findings`` (sorted by line) as its findings, ``steps`` if given, and its
    auction ``calls``."""
    return dataclasses.replace(h, findings=tuple(sorted(findings, key=lambda f: f.line)),
                               steps=tuple(steps) if steps is not None else h.steps,
                               auction=tuple(calls))


def feed(run: FileReplay, builder: "MatchBuilder", line: int, e: Any) -> None:
    """Give one line's item (as :func:`referee.events.read_events` yields it) to ``run``, the
    replay whose listener is ``builder``: the builder learns a ``match`` event's id first, and
    each call of an auction after it.  Bad content never raises."""
    t = type(e)
    if t is ev.Match:
        builder.match_id = e.id
    run.item(line, e)
    if t in _CALLS:
        builder.call(line, e, run.engine)


class MatchBuilder(Listener):
    """A listener that builds :class:`Match` objects as a replay goes (what :func:`read_log`,
    :class:`Table`, ``diff`` and the HTML viewer read a log with): give it to a
    :class:`~referee.replay.FileReplay` (its ``run`` then) and feed the replay with
    :func:`feed`.  Each match ended goes to ``done`` (a deque: take them from it) and
    ``last``; ``current`` is the :class:`MatchRecord` of the match in play; ``loose``, the
    findings outside every refereed match; ``fresh``, when a list, every finding as it comes
    (a :class:`Table`'s).  ``steps``: record each hand's events as :class:`Step` objects,
    with the cards held after each unless ``holdings`` is False.
    Findings come sorted by line whenever a hand closes (the driver's order), so a hand's
    findings are attached when its match ends."""

    def __init__(self, steps: bool = False, holdings: bool = True) -> None:
        self.steps = steps  # record each hand's events as Steps (slower: every event is seen)
        self.reads = Reads.HANDS | Reads.SUMMARIES | (
            Reads.STEPS | (Reads.HOLDINGS if holdings else Reads.NONE) if steps
            else Reads.NONE)
        self.run: FileReplay | None = None
        self.match_id: str | int | None = None  # the id of the last `match` event fed
        self.current: MatchRecord | None = None
        self.done: deque[Match] = deque()
        self.last: Match | None = None
        self.loose: list[Finding] = []  # outside every refereed match
        self.fresh: list[Finding] | None = None  # a Table's findings since it last took them

    def start(self, replay: FileReplay) -> None:
        """The replay this builder listens to (it asks it how many matches it has seen)."""
        self.run = replay

    def finding(self, f: Finding) -> None:
        if self.fresh is not None:
            self.fresh.append(f)
        cur = self.current
        if cur is None:
            self.loose.append(f)
        else:
            cur.findings.setdefault(f.hand, []).append(f)

    def call(self, line: int, e: Any, engine: MatchEngine[Any] | None) -> None:
        """A call of an auction (:class:`Call`), kept for its hand: not one before the first
        deal or after its hand was over."""
        cur = self.current
        h = engine.hand if engine is not None else None
        if cur is None or h is None or (h.ended_line is not None and line > h.ended_line):
            return
        cur.calls.setdefault(h.number, []).append(call_of(line, e))

    def event(self, step: Step) -> None:
        cur = self.current
        if cur is None or step.hand is None or step.event == "match":
            return
        cur.steps.setdefault(step.hand, []).append(step)

    def begin_match(self, info: MatchInfo) -> None:
        assert self.run is not None
        self.current = MatchRecord(info, self.run.match_count, self.match_id)

    def hand(self, hand: Hand) -> None:
        cur = self.current
        if cur is not None:
            cur.hands[hand.number] = hand

    def end_match(self, summary: MatchSummary) -> None:
        cur = self.current
        if cur is None:
            return
        m = cur.match(summary.totals, summary.finished, summary.winners, summary.extra)
        self.done.append(m)
        self.last = m
        self.current = None


Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]
"""What :func:`read_log` reads: a path, the bytes of a log, or a binary stream."""


def open_source(source: Source, name: str | None) -> tuple[IO[bytes], str, bool]:
    """What :func:`read_log` reads ``source`` (a :data:`Source`) from: (a binary stream, the
    name findings use, whether it was made here and is to be closed; closing it never closes
    a stream given).  ``name``, if given, is the name; else the path, the stream's name,
    ``<bytes>`` or ``<stream>``.  ``TypeError`` for a text stream or anything that is no
    source; ``OSError`` from opening a path.  A path, bytes or a stream compressed with gzip,
    bzip2 or xz (known by its first bytes) is read decompressed (ruling R29)."""
    from .inputs import opened
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        # a compressed file is read decompressed (R29)
        return opened(open(path, "rb"), own=True), name if name is not None else path, True
    if isinstance(source, (bytes, bytearray, memoryview)):
        return (opened(io.BytesIO(bytes(source)), own=True),
                name if name is not None else "<bytes>", True)
    read = getattr(source, "readline", None)
    if read is None:
        raise TypeError(f"read_log needs a path, bytes or a binary stream, not "
                        f"{type(source).__name__}")
    if isinstance(source, io.TextIOBase):
        raise TypeError("read_log needs a binary stream (open the file with 'rb')")
    label = getattr(source, "name", None)
    # compressed or not (R29); the stream itself is left open, as it is the caller's
    try:
        stream = opened(source)
    except AttributeError:  # a reader of lines alone (no read, seekable): read as it is
        stream = source
    return stream, name if name is not None else (label if isinstance(label, str) else
                                                   "<stream>"), stream is not source


class LogReader(Iterator[Match]):
    """The matches of one log, read as they are iterated (made by :func:`read_log`).

    Each ``next()`` reads on until a match ends and returns it; memory holds one match.
    ``file``: the name findings use; ``findings``: those outside every refereed match seen so far
    (complete once the iteration is over); ``stats``: the file's counts
    (:class:`referee.replay.FileStats`: errors, warnings, events, …), set once it is over.
    OSError from the stream propagates; bad content never raises.  A file this reader opened is
    closed when the iteration ends or on :meth:`close` (it is also a context manager).
    """

    def __init__(self, source: Source, name: str | None = None, strict: bool = False,
                 steps: bool = False, holdings: bool = True) -> None:
        stream, self.file, self._owned = open_source(source, name)
        self._stream: IO[bytes] | None = stream
        self._builder = MatchBuilder(steps, holdings)
        self._run = FileReplay(self.file, self._builder)
        self._items: Iterator[tuple[int, Any]] | None = ev.read_events(stream, strict)
        self.findings: list[Finding] = self._builder.loose
        self.stats: FileStats | None = None

    def __iter__(self) -> "LogReader":
        return self

    def __next__(self) -> Match:
        builder = self._builder
        done = builder.done
        run = self._run
        while not done:
            items = self._items
            if items is None:
                raise StopIteration
            for line, e in items:
                feed(run, builder, line, e)
                if done:
                    break
            else:
                self._finish()
        return done.popleft()

    def _finish(self) -> None:
        self._items = None
        self._run.close_match()
        self._run.flush()
        self.stats = self._run.stats
        self.close()

    def close(self) -> None:
        """Stop reading; close the file if this reader opened it."""
        self._items = None
        if self._owned and self._stream is not None:
            self._stream.close()
        self._stream = None

    def __enter__(self) -> "LogReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_log(source: Source, *, name: str | None = None, strict: bool = False,
             steps: bool = False, holdings: bool = True) -> LogReader:
    """The matches of one log, yielded one at a time as they are read (memory: one match).

    ``source``: a path (``str`` or path-like; opened here, so a missing file raises
    ``FileNotFoundError`` at once), the bytes of a log (UTF-8 JSON Lines), or a binary stream
    (``open(path, "rb")``, ``sys.stdin.buffer``; a text stream raises ``TypeError``).  ``name``:
    what findings call the file (default: the path, the stream's name, or ``<bytes>``).
    ``strict``: also warn of unknown fields and keys given twice (``--strict``).

    Matches that cannot be refereed (wrong players, bad rules) are not yielded: their finding is
    in the reader's ``findings``, with those before the first match (see :class:`LogReader`).

    ``steps``: also record each hand's events in order with the state each left
    (:attr:`Hand.steps`, :class:`Step`: the cards held, the trick on the table), as a hand
    viewer replays them; reading is then slower and a match takes more memory.  ``holdings``
    False (with ``steps``): the steps without the cards held after each (``Step.held`` empty,
    ``hidden`` None), about half the cost of the steps, for a reader of the events alone.
    """
    return LogReader(source, name, strict, steps, holdings)


def read_file(source: Source, *, name: str | None = None, strict: bool = False,
              steps: bool = False) -> Log:
    """A whole log read at once into a :class:`Log` (memory: the whole file's matches).
    Arguments and errors as :func:`read_log`."""
    with read_log(source, name=name, strict=strict, steps=steps) as reader:
        matches = tuple(reader)
    stats = reader.stats
    assert stats is not None
    return Log(reader.file, matches, tuple(reader.findings), stats.errors, stats.warnings,
               stats.undecodable)


def read_path(path: str, strict: bool, name: str | None = None) -> Log | OSError:
    """The file at ``path`` read into a :class:`Log` (named ``name``, by default ``path``;
    ``strict`` as :func:`read_log`), or the OSError that opening or reading it raised (a
    folder: ``IsADirectoryError``): what :func:`replay_files` yields for one file."""
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(21, "is a directory", name or path)
        return read_file(path, name=name, strict=strict)
    except OSError as exc:
        return exc


JOBS_PER_CPU = 4
"""At most this many worker processes per CPU the process may use (``--jobs``,
:func:`replay_files`)."""


def cpus() -> int:
    """The CPUs this process may run on (its affinity where the system tells it), at least 1."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def worker_cap() -> int:
    """The most worker processes ``--jobs`` and :func:`replay_files` start here:
    :data:`JOBS_PER_CPU` times :func:`cpus` (issue 29 item 8: ``--jobs 99999`` once started
    thousands of processes)."""
    return JOBS_PER_CPU * cpus()


def replay_files(paths: Iterable[str | os.PathLike[str]], *, jobs: int = 1,
                 strict: bool = False) -> Iterator[tuple[str, Log | OSError]]:
    """Read many log files: yields ``(path, Log)``, or ``(path, OSError)`` for a file that
    cannot be opened or read, in the order the paths are given.

    ``jobs`` > 1 reads that many files at once in worker processes (as ``referee --jobs``;
    at most :func:`worker_cap`, a few per CPU); at most ``2 × jobs`` results wait to be
    taken, so memory stays bounded whatever the number
    of files.  Each file starts fresh (referee-log(5): no match carries over)."""
    names = (os.fspath(p) for p in paths)
    if jobs <= 1:
        for path in names:
            yield path, read_path(path, strict)
        return
    from concurrent.futures import Future, ProcessPoolExecutor
    jobs = min(jobs, worker_cap())
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        window: deque[tuple[str, Future[Log | OSError]]] = deque()
        for path in names:
            window.append((path, pool.submit(read_path, path, strict)))
            if len(window) >= 2 * jobs:
                p, fut = window.popleft()
                yield p, fut.result()
        while window:
            p, fut = window.popleft()
            yield p, fut.result()


def card_name(game: str, card: str, symbols: bool = True) -> str:
    """A card (canonical text, ``"10H"``) as ``history`` names it in ``game`` (its log name):
    ``10♥``, or ``10H`` without ``symbols``; the joker by the game's name for it (``Bug`` in
    Thirty-Three, ``Joker``).  ``ValueError`` for an unknown game or a card not of its deck."""
    from .games import ENGINES
    cls = ENGINES.get(game)
    if cls is None:
        raise ValueError(f"unknown game {game!r}")
    deck = cls.DECK
    try:
        return deck.name(deck.parse(card), symbols)
    except ValueError:
        raise ValueError(f"{card!r} is not a card of {game}") from None


# --- one table, event by event -------------------------------------------------------------------

_ENCODE = msgspec.json.Encoder().encode

AnyEvent = Union[ev.Match, ev.Deal, ev.Score, ev.End, ev.HandEvent]
"""An event struct of :mod:`referee.events` (any event of the log format)."""

TableEvent = Union[AnyEvent, Mapping[str, Any], str, bytes, bytearray]
"""What :meth:`Table.apply` and :meth:`Table.is_legal` take: an event struct, a dict as a log
line holds it (``{"event": "play", "player": "Anna", "card": "10H"}``), or one line of JSON
(``str`` or ``bytes``)."""


def _parse(event: TableEvent) -> Any:
    """The item the log reader makes of ``event``: the event struct, a
    :class:`~referee.events.ReadError` (``bad-json``/``bad-event``), or None for a blank line.  ``TypeError`` for anything else, ``ValueError`` for text of several
    lines."""
    if isinstance(event, ev.EVENT_TYPES):
        return event
    if isinstance(event, Mapping):
        data = _ENCODE(dict(event))
    elif isinstance(event, str):
        data = event.encode()
    elif isinstance(event, (bytes, bytearray)):
        data = bytes(event)
    else:
        raise TypeError(f"Table.apply needs an event, a dict or a line of JSON, not "
                        f"{type(event).__name__}")
    if b"\n" in data.rstrip(b"\r\n"):
        raise ValueError("Table.apply takes one event (one line); read_log reads a log")
    items = [e for _, e in ev.read_events(io.BytesIO(data))]
    return items[0] if items else None


@dataclasses.dataclass(frozen=True, slots=True)
class Solved:
    """A position solved under perfect play (:meth:`Table.solve`, :func:`solve`).

    ``to_act``: who is to act; ``side``: the declaring side (the declarer; the bidding partners
    in Eighty-Three; in Sixty-Six the player who led first), who maximise ``value``;
    ``value``: the change of ``side[0]``'s score for the hand as ``score`` counts it (game
    points; Asszorti: the net change, A8); ``actions``: (event, value) for each move of the
    play (cards; Sixty-Six's close, marriage, exchange and declare out: RULINGS R34), the
    events as a log holds them; ``best``: events to the end of the hand that reach ``value``;
    ``nodes``: positions searched."""

    to_act: tuple[str, ...]
    side: tuple[str, ...]
    value: Number
    actions: tuple[tuple[dict[str, Any], Number], ...]
    best: tuple[dict[str, Any], ...]
    nodes: int


def solved(s: Any) -> Solved:
    """A :class:`referee.search.Solution` as API data (events as dicts)."""
    return Solved(s.to_act, s.side, s.value,
                  tuple((msgspec.to_builtins(e), v) for e, v in s.actions),
                  tuple(msgspec.to_builtins(e) for e in s.best), s.nodes)


def solve(source: Source, line: int, *, name: str | None = None) -> Solved:
    """Solve the moment before physical line ``line`` of a log (a path, bytes or a binary
    stream), as ``referee solve FILE --line N`` does; ``line`` may be the line after the last.
    Raises ``ValueError`` (:class:`referee.search.NotSolvable`) where no play of a fully known
    hand is at that moment, ``OSError`` from the file."""
    from .replay import replay_at
    from .search import NotSolvable, solve as _solve
    stream, label, mine = open_source(source, name)
    try:
        seen = replay_at(stream, label, line)
    finally:
        if mine:
            stream.close()
    if not seen.reached:
        raise NotSolvable(f"the log has no line {line} (it ends before)")
    if seen.engine is None:
        raise NotSolvable("no match is being played at that moment")
    return solved(_solve(seen.engine))


class Table:
    """One table refereed event by event, as a log would be read (live refereeing, tools).

    ``Table(game, players, rules)`` starts a match, as a log's ``match`` event on line 1 would;
    it raises ``ValueError`` if the match cannot be refereed (an unknown game, the wrong number
    of players, an unknown rules option).  ``Table()`` starts with no match: its first event is
    then a ``match``, as in a file.  ``file`` is the name findings use.

    Each :meth:`apply` is the next line of the log unless ``line`` is given.  A table follows
    the same rules as :func:`read_log` (the same engine), so applying a log's events one by one
    gives the same findings as reading the log (only grouped by the event that produced them).
    """

    def __init__(self, game: GameName | str | None = None, players: Sequence[str] = (),
                 rules: Mapping[str, Any] | None = None, *, id: str | int | None = None,
                 file: str = "<table>") -> None:
        self.file = file
        self.line = 0
        """The line of the last event applied (0 before any)."""
        self._builder = MatchBuilder()
        self._builder.fresh = []
        self._run = FileReplay(file, self._builder)
        if game is not None:
            found = self.apply(ev.Match(game=game, players=list(players),
                                        id=id, rules=dict(rules) if rules else None))
            if self._run.engine is None:  # the finding says why; its tail speaks of a file
                why = found[0].message.split("; its events are skipped")[0] if found else ""
                raise ValueError(why or "this match cannot be refereed")

    # --- stepping ---------------------------------------------------------------------------

    def apply(self, event: TableEvent, line: int | None = None) -> list[Finding]:
        """Apply one event and return the findings it produced, by line.

        ``event``: a dict as a log line holds it (``{"event": "play", "player": "Anna",
        "card": "10H"}``, such as :meth:`legal_actions` gives), one line of JSON
        (``str``/``bytes``), or an event struct of :mod:`referee.events`.  A dict or text goes through
        the log reader, so a malformed one is a ``bad-json``/``bad-event`` finding, as in a file.
        ``line``: its line number (default: the line after the last one applied).

        A revoke is not reported by the card that commits it: it is reported by the event that
        settles it, with the revoking card's line — the next card played or any event that ends
        the hand (an error, RULINGS G4, G11), or the ``retract`` that repairs it (a warning).
        Until then :attr:`open_revoke` shows it.  Raises ``TypeError`` for anything that is not
        an event, a dict or text, and ``ValueError`` for text of more than one line.
        """
        ln = self.line + 1 if line is None else line
        item = _parse(event)
        self.line = ln
        if item is not None:  # a blank line is counted and skipped, as in a file
            feed(self._run, self._builder, ln, item)
        return self._take()

    def close(self) -> list[Finding]:
        """End the log here: a hand in play is settled as at the end of a file (a revoke still
        open is established, G11; an unfinished hand is ``incomplete-hand``, G5) and the match
        ends.  Returns the findings this produced; :attr:`match` is then the finished record."""
        self._run.close_match()
        return self._take()

    def copy(self) -> "Table":
        """An independent copy of the table as it stands (as python-chess's ``Board.copy()``):
        applying events to one leaves the other unchanged.  The records already settled (its
        :class:`Hand`, :class:`Match` and :class:`~referee.findings.Finding` objects, which are
        not changed) are shared; everything that goes on changing is copied.  Costs about what
        a ``copy.deepcopy`` of the engine costs (milliseconds)."""
        memo: dict[int, Any] = {}
        b = self._builder
        keep: list[Any] = [*b.done, *b.loose]
        if b.last is not None:
            keep.append(b.last)
        cur = b.current
        if cur is not None:
            keep.extend(cur.hands.values())
            for found in cur.findings.values():
                keep.extend(found)
        for x in keep:
            memo[id(x)] = x
        spill = self._run.spill  # findings held in a temporary file (a hostile hand)
        if spill is not None:
            import shutil
            import tempfile
            twin = tempfile.TemporaryFile()
            at = spill.tell()
            spill.seek(0)
            shutil.copyfileobj(spill, twin)
            spill.seek(at)
            twin.seek(at)
            memo[id(spill)] = twin
        new: Table = copy.deepcopy(self, memo)
        return new

    def is_legal(self, event: TableEvent) -> bool:
        """Whether the referee would accept ``event`` next without any finding (the table is
        not changed), as ``referee legal`` judges the event at a line: ``event`` is taken as
        :meth:`apply` takes it (``TypeError``/``ValueError`` likewise).  True for each of
        :meth:`legal_actions`; True for a ``retract`` that repairs a revoke (its warning is the
        lawful repair, G4); False for a card that revokes (though :meth:`apply` reports the
        revoke only when it is settled), for text that is no event (``bad-json``), before
        a match, and for an event the referee would pass over without judging it (after the
        end, in a hand skipped: :func:`referee.legal.passed_over`).  A ``deal`` is read as a replay reads it (the hand in play closed first, G5,
        G11); a ``match``, ``score`` or ``end`` is applied to a :meth:`copy`."""
        item = _parse(event)
        eng = self._engine
        t = type(item)
        line = self.line + 1
        if item is None or t in (ev.ReadError, ev.ReadWarning):
            return False
        if t is ev.Deal or t in ev.HAND_EVENT_TYPES:
            if eng is None:
                return False
            if t is ev.Deal:
                return trial_deal(eng, item, line)[0].legal
            return judge(eng, item, line).legal
        return not self.copy().apply(item)

    def _take(self) -> list[Finding]:
        self._run.flush()
        fresh = self._builder.fresh
        assert fresh is not None
        out = sorted(fresh, key=lambda f: f.line)
        fresh.clear()
        return out

    # --- reading the state ------------------------------------------------------------------

    @property
    def _engine(self) -> MatchEngine[Any] | None:
        return self._run.engine

    @property
    def match(self) -> Match | None:
        """The match in play as it stands (its hands settled so far, totals, finished, winners,
        findings), or the last one closed; None before any match."""
        cur = self._builder.current
        if cur is None:
            return self._builder.last
        eng = self._engine
        assert eng is not None  # (a match is in play)
        return cur.match({p: v for p, v in eng.standings().items()}, eng.finished,
                         eng.winners if eng.finished else (), eng.summary_extra())

    @property
    def hand(self) -> Hand | None:
        """The current hand (being played, ``status`` None, or the last one settled), or None
        before the first deal of the match."""
        eng = self._engine
        cur = self._builder.current
        if eng is None or eng.hand is None or cur is None:
            return None
        h = eng.hand
        settled = cur.hands.get(h.number)
        return cur.complete(settled if settled is not None else hand_value(eng, None))

    @property
    def holdings(self) -> dict[str, Holding]:
        """What each player holds now, in seating order (:class:`Holding`: the cards known, in
        the game's display order, and how many more the record has not shown: a record of the
        play alone, G14); empty before the first deal of the match.  After the hand is over:
        what was left in each hand."""
        eng = self._engine
        if eng is None or eng.hand is None or self._builder.current is None:
            return {}
        held, hidden = held_of(eng)
        return {p: Holding(held.get(p, ()), (hidden or {}).get(p, 0)) for p in eng.players}

    @property
    def contract(self) -> Contract | None:
        """The current hand's contract as data (:class:`Contract`; during the auction the
        standing bid), None before one is bid or where the game has none (Sixty-Six)."""
        h = self.hand
        return h.terms if h is not None else None

    @property
    def auction(self) -> tuple[Call, ...]:
        """The current hand's calls so far, in line order (:class:`Call`); empty before a deal
        and in a game without an auction (Sixty-Six)."""
        h = self.hand
        return h.auction if h is not None else ()

    @property
    def open_revoke(self) -> Play | None:
        """A card played against the duty to follow that is not yet settled (it becomes a
        ``revoke`` finding when the next card is played or the hand ends, or a warning if it is
        retracted, G4), else None."""
        eng = self._engine
        r = eng.hand.revoke if eng is not None and eng.hand is not None else None
        return Play(r.player, str(r.card), r.line) if r is not None else None

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every event the referee would accept here without any finding, as the JSON objects
        a log holds (``{"event": "play", "player": "Cili", "card": "8H"}``; each can be given
        to :meth:`apply`), in the engine's order: as ``referee legal --format json`` lists them.
        Empty when no hand is being played (before a deal, or when the hand is over or skipped:
        the next event is then a ``deal``).  Costs one copy of the engine per candidate event
        (milliseconds), as ``referee legal`` does."""
        return [msgspec.to_builtins(e) for e in self._legal()]

    def _legal(self) -> list[Any]:
        eng = self._engine
        if eng is None or eng.hand is None or eng.hand.mode != OPEN:
            return []
        return _legal_actions(eng)

    def solve(self) -> "Solved":
        """The position as it stands under perfect play by everyone (issue 26): the declaring
        side, the value for its first player, each move of the play with its value and a best
        line to the end of the hand (:class:`Solved`).  Raises ``ValueError``
        (:class:`referee.search.NotSolvable`) outside the play of a hand, or when a holding is
        unknown.  The table is not changed."""
        from .search import NotSolvable, solve as _solve
        eng = self._engine
        if eng is None:
            raise NotSolvable("no match is being played")
        return solved(_solve(eng))

    @property
    def to_act(self) -> tuple[str, ...]:
        """The players with at least one legal action, in the order of :meth:`legal_actions`
        (one player but where the rules let several act, e.g. a Kontra); empty when no hand is
        being played."""
        return tuple(_players_to_act(self._legal()))
