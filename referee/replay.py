"""The replay driver: reads one log, runs each match through its game engine, and tells a
:class:`Listener` what it finds (in the manner of python-chess's PGN visitors), as the model's
values (:mod:`referee.model`, made by :mod:`referee.values`): a listener never sees an engine,
and the driver makes only the values the listener reads (:class:`Reads`).

It owns what is the same in every game: matches and files (referee-log(5)), lines that cannot be read
(G7), events before the first match, events after the end of a match (G9), ``score`` events
(``score-mismatch``) and ``end``.  Everything about a hand is the engine's.

Findings are handed on in line order as soon as no finding at an earlier line can still come
(:meth:`~referee.games.base.MatchEngine.finding_floor`): at once, except while a hand is open,
when one at its last line may still come (``incomplete-hand``), and while a revoke is open, when
it may be reported at its own line once it is established or repaired.  What waits is the little
after that line; past :data:`HOLD` findings (a hostile log calling on and on with the revoke
open) they wait in a temporary file.  So memory stays flat however many findings a hand holds.
When that file cannot be written (a full temporary folder), the findings held so far are still
handed on, in line order, and those that come after them while the revoke is still open are
counted, not held: :attr:`FileStats.unheld` (the command says so, and exits 2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Flag, auto
from itertools import islice
from types import EllipsisType
from typing import IO, Any, Iterable, Iterator

import msgspec

from . import events as ev
from .facts import Dealt, Facts, FindingFact, HandResult, TrickState, Withdrawn, tidy
from .findings import ERROR, WARNING, Finding, FindingCode, Probe, Severity
from .games import ENGINES, load_problem
from .games.base import MatchEngine, OPEN, RulesError, Stop, stop_at
from .cards import Deck
from .games.commentary import commentary_for, result_wording
from .model import Hand, Play, Step, Trick
from .values import hand_value, step_of, trick_value, display_order
from .commentary import match_problem_words, say
from .games.base import event_name as ev_name
from .text import difference, look_alikes


@dataclass(slots=True)
class MatchInfo:
    """A match as the log starts it: ``match`` is its id, or its 1-based number in the file;
    ``game`` its log name, ``players`` in seating order, ``line`` the line of its ``match``
    event; once the match can be refereed (at ``begin_match``), ``title`` is the game's name
    as output writes it (``Thirty-Three``) and ``teams`` the sides in seating order of their
    first member (Eighty-Three: two pairs, partners sitting opposite; elsewhere one player
    per side), as :attr:`referee.model.Match.teams`; ``deck`` the game's
    :class:`~referee.cards.Deck` (to name a card: ``deck.name(deck.parse("10H"))`` is ``10♥``);
    ``order`` every card of the deck, canonical text, in the order ``history`` sorts a hand
    in; ``pile`` the name of the game's extra pile as a deal event spells it (``talon``,
    ``stock``, ``kitty``, ``boat``; None: none); ``rules`` the variant options, defaults
    filled in."""

    file: str
    match: str | int
    game: str
    players: list[str]
    line: int
    title: str = ""
    teams: tuple[tuple[str, ...], ...] = ()
    deck: Deck | None = None
    order: tuple[str, ...] = ()
    pile: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    given_id: bool = False
    """Whether ``match`` is the ``id`` the log gives (else the match's number in the file)."""


@dataclass(slots=True)
class MatchSummary:
    """A match at its end (or where the log stops): totals, finished, winners (G9);
    ``extra`` the game's own keys of ``score --format json`` (Asszorti's ``net`` and
    ``debt``); ``notes`` the lines ``score`` prints under the match's table (Eighty-Three's
    team totals; made only for a listener that reads :attr:`Reads.HANDS` or
    :attr:`Reads.RESULTS`)."""

    info: MatchInfo
    totals: dict[str, Any]
    finished: bool
    winners: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


_HAND_EVENTS = frozenset(ev.HAND_EVENT_TYPES)


class Reads(Flag):
    """What a :class:`Listener` reads, beyond its findings and the start and end of each
    match (:attr:`Listener.reads`): the driver builds only the values asked for, so a listener
    that reads no step (``check``) never pays for one."""

    NONE = 0
    DEALS = auto()
    """:meth:`Listener.deal` is called for each deal accepted."""
    TRICKS = auto()
    """:meth:`Listener.trick` is called for each trick completed."""
    HANDS = auto()
    """:meth:`Listener.hand` is called for each hand settled, with the whole
    :class:`~referee.model.Hand` (its tricks, cards dealt, contract, what was seen)."""
    RESULTS = auto()
    """:meth:`Listener.hand` is called for each hand settled, with its result only (number,
    line, dealer, declarer, contract, status, deltas, totals, extra, ended; ``tricks``,
    ``dealt``, ``pile`` empty, ``terms`` None): what ``score`` reads, much cheaper."""
    SUMMARIES = auto()
    """The :class:`~referee.model.Hand` of :meth:`Listener.hand` has its ``summary`` (a scored
    hand's sentence; without it ``summary`` is empty and never worded)."""
    STEPS = auto()
    """:meth:`Listener.event` is called after every event, with its
    :class:`~referee.model.Step` (the slowest: the state is read after each event)."""
    HOLDINGS = auto()
    """The steps (of :meth:`Listener.event` and :meth:`Listener.deal`) carry each player's
    cards (``held``, ``hidden``; without it ``held`` is empty and ``hidden`` None): what a
    viewer of the table reads, not ``history``."""
    CLAIMS = auto()
    """The step of each Asszorti claim carries its check (``claim_check``, A10): what
    ``history`` reads (a search, milliseconds a claim)."""


_CALLS = {"deal": Reads.DEALS, "trick": Reads.TRICKS, "hand": Reads.HANDS | Reads.RESULTS,
          "event": Reads.STEPS}
"""The listener methods called only for what the listener reads."""


def listener_wants(listener: "Listener", method: str) -> bool:
    """Whether the driver calls ``method`` of ``listener``: a method of :data:`_CALLS` when
    :attr:`Listener.reads` has its flag; another when ``listener`` overrides the do-nothing
    default (or, for a listener that passes calls on, says it ``wants`` it)."""
    flag = _CALLS.get(method)
    if flag is not None:
        return bool(listener.reads & flag)
    wants = getattr(listener, "wants", None)
    if wants is not None:
        return bool(wants(method))
    return getattr(type(listener), method) is not getattr(Listener, method)


class Listener:
    """Receives what the replay finds, as the model's values (:mod:`referee.model`): never the
    engine.  Every method does nothing by default; a listener overrides the ones it needs and
    declares, in :attr:`reads`, which of :meth:`deal`, :meth:`trick`, :meth:`hand` and
    :meth:`event` it reads (the driver calls those only then, and builds only the values
    asked for; a listener that overrides one without reading it is refused, ``TypeError``,
    when its replay starts).

    Order within a file: ``begin_match``; for each hand ``deal`` (after the deal is checked),
    then ``trick`` as each trick completes and ``hand`` when its result is settled, ``event``
    after each event has been applied; ``end_match`` when the next match starts or the file
    ends.  ``finding`` calls come sorted by line within a hand (and a file), each as soon as
    no finding at an earlier line can come: usually while its own line is being applied, so
    before the ``deal``, ``hand`` or ``event`` call of that line; a finding after an open
    revoke waits until the revoke is established or repaired (it is reported at its own,
    earlier line), and one after the last event of an open hand until the next event (an
    ``incomplete-hand`` would come at that last line).  A listener that places findings among
    other output (``history``) sorts them in by line."""

    reads: Reads = Reads.NONE
    """What this listener reads (:class:`Reads`); a class attribute, or set per instance."""

    def start(self, replay: "FileReplay") -> None:
        """A replay of one file starts with this listener (before anything else is called):
        ``replay`` may be asked, at any later call, what the driver holds back
        (:attr:`FileReplay.held_from`, :attr:`FileReplay.open_revoke`) and which hand is in
        play (:attr:`FileReplay.hand_in_play`)."""

    def finding(self, f: Finding) -> None:
        """One finding (see :class:`referee.findings.Finding`)."""

    def begin_match(self, info: MatchInfo) -> None:
        """A match starts (its ``match`` event was valid): ``info`` (with its game's title,
        deck, display order, pile and rules)."""

    def event(self, step: Step) -> None:
        """An event has been applied (or skipped) (:attr:`Reads.STEPS`): ``step``, what it was
        and the state it left (``step.hand`` None outside every hand)."""

    def deal(self, hand: Hand, step: Step) -> None:
        """A deal was accepted (:attr:`Reads.DEALS`): ``hand`` as it stands at the deal (its
        cards as dealt, its pile; no status), ``step`` the deal's step (its notes under the
        deal, the holdings)."""

    def trick(self, trick: Trick) -> None:
        """A trick is complete (:attr:`Reads.TRICKS`): ``trick`` (its ``winner`` set)."""

    def hand(self, hand: Hand) -> None:
        """A hand's result is settled (:attr:`Reads.HANDS`, or :attr:`Reads.RESULTS` for the
        result alone): scored, passed out, drawn, penalty or unscored; ``hand.summary`` is
        worded only with :attr:`Reads.SUMMARIES`, and ``hand.findings`` is empty (findings come
        by :meth:`finding`)."""

    def end_match(self, summary: MatchSummary) -> None:
        """The match is over or the log stops: its totals, finished flag and winners."""


def _check_reads(listener: Listener) -> None:
    """``TypeError`` when ``listener``'s class overrides a method of :data:`_CALLS` that its
    :attr:`~Listener.reads` does not name (it would never be called); a listener that sets
    ``reads`` itself, per instance, is taken at its word."""
    if "reads" in getattr(listener, "__dict__", ()):
        return
    cls = type(listener)
    for method, flag in _CALLS.items():
        if getattr(cls, method) is not getattr(Listener, method) and \
                not listener.reads & flag:
            names = " or ".join(f"Reads.{f.name}" for f in Reads if f and f in flag)
            raise TypeError(f"{cls.__name__} overrides {method}() but its reads do not name "
                            f"{names}")


@dataclass(slots=True)
class FileStats:
    """What a replay of one file saw: error and warning counts, ``problems`` (findings that
    follow from no earlier one: ``cause`` null, G13), events read, lines that could not be read
    (``bad_lines``; ``not_objects`` of them are no JSON object), matches.

    ``unheld``: findings that waited for an open revoke past :data:`HOLD` and could not be
    held, for the temporary file that holds them could not be written: they are not reported
    (nor counted in ``errors``, ``warnings``, ``problems``); ``unheld_lines`` the first and the
    last line of them, ``unheld_reason`` what failed (``cannot write a temporary file in /tmp:
    No space left on device``).  Every other finding of the file is reported."""

    errors: int = 0
    warnings: int = 0
    problems: int = 0
    events: int = 0
    bad_lines: int = 0
    not_objects: int = 0
    matches: int = 0
    unheld: int = 0
    unheld_lines: tuple[int, int] | None = None
    unheld_reason: str | None = None

    @property
    def undecodable(self) -> bool:
        """True when the file has lines (not only blank ones) but not one of them is a JSON
        object: not JSON at all, or JSON numbers, strings, arrays, null (ruling R7).  A file
        with one JSON object among them, even a bad event, is a log with errors; a file of blank
        lines only is empty (R10)."""
        return self.bad_lines > 0 and self.not_objects == self.bad_lines and self.events == 0

    @property
    def empty(self) -> bool:
        """True when the file holds nothing but blank lines, or nothing at all (ruling R10)."""
        return self.events == 0 and self.bad_lines == 0


def not_a_log_words(file: str) -> str:
    """What every command says of a file with content of which not one line is a JSON object
    (:attr:`FileStats.undecodable`, ruling R7): ``FILE: not one line of it is a JSON object:
    not a log`` (escape it for a terminal)."""
    return f"{file}: not one line of it is a JSON object: not a log"


def unheld_words(file: str, stats: FileStats) -> str | None:
    """What a command says of the findings of ``file`` it could not hold
    (:attr:`FileStats.unheld`), or None when there are none."""
    if not stats.unheld:
        return None
    assert stats.unheld_lines is not None  # set with the count
    a, b = stats.unheld_lines
    n = stats.unheld
    where = f"at line {a}" if a == b else f"from line {a} to line {b}"
    return (f"referee: {file}: {stats.unheld_reason}; {n} finding{'s' * (n != 1)} {where}, "
            f"which waited for an open revoke, {'are' if n != 1 else 'is'} not reported (every "
            "other finding is)")


_VIOLATED = frozenset({"irregular", "penalty", "unscored"})
"""Hand statuses after which a score-mismatch may follow from the hand's violation (G13)."""


HOLD = 1000
"""Findings kept in memory while they wait for an open revoke; more go to a temporary file."""

_ENCODE = msgspec.json.Encoder().encode
_DECODE = msgspec.json.Decoder(Finding).decode


def _line_of(f: Finding) -> int:
    return f.line


def _ignore(*args: Any) -> None:
    """Stands for a :class:`FileReplay` callback whose listener method does nothing."""


class FileReplay:
    """One file's replay, fed one line's item at a time: it hands each event to the engine of
    the match in play and takes the facts the engine returns (:meth:`take`): findings worded by
    the game's commentary and held until final, deals, tricks and hand results told to the
    listener.

    ``FileReplay(filename, listener)``: findings name the file ``filename`` and everything found
    goes to ``listener``.  :meth:`item` takes each item :func:`referee.events.read_events`
    yields (an event struct, or a ``ReadError``/``ReadWarning`` for a line that cannot be
    read) with its physical line, in order; :meth:`close_match` ends the match in play where
    the log stops; :meth:`flush` hands on every finding still held.  ``engine`` is the engine
    of the match in play (None outside one), ``match_count`` the ``match`` events seen,
    ``stats`` the file's :class:`FileStats` so far, ``spill`` the temporary file of findings
    held for an open revoke (None: none), which a copy of the replay must copy too.  Bad
    content never raises."""

    def __init__(self, filename: str, listener: Listener) -> None:
        self.file = filename
        self.listener = listener
        if listener_wants(listener, "start"):
            listener.start(self)
        self.stats = FileStats()
        self.engine: MatchEngine[Any] | None = None
        self.info: MatchInfo | None = None
        self.match_count = 0
        self.pending: list[Finding] = []
        self.spill: IO[bytes] | None = None  # findings held beyond HOLD (_spill_over)
        self.spill_last = 0
        self.spill_count = 0  # findings written whole to the temporary file
        self.spill_first = 0  # the line of the first of them
        self.unholdable = False  # the temporary file failed while this revoke is open
        self.dropped: tuple[Any, int, int] | None = None
        """(match, hand, line): findings of that hand after that line are passed over
        (:meth:`withdraw`), for those that had gone to the temporary file."""
        self.orphan_reported = False
        self.bad_match = False
        _check_reads(listener)
        reads = listener.reads
        self.wants_events = bool(reads & Reads.STEPS)
        for name in ("deal", "trick"):  # calls the listener ignores are dropped here
            if not listener_wants(listener, name):
                setattr(self, f"on_{name}", _ignore)
        self.tells_hands = bool(reads & (Reads.HANDS | Reads.RESULTS))
        self.whole_hands = bool(reads & Reads.HANDS)
        self.summaries = bool(reads & Reads.SUMMARIES)
        self.holdings = bool(reads & Reads.HOLDINGS)
        self.claims = bool(reads & Reads.CLAIMS)
        self.closed_finished = False  # whether the last match closed had ended
        self.dealing: tuple[int, Any] | None = None  # the deal event being applied
        self.deal_step: tuple[Any, Step] | None = None  # (its event, its step), made once
        # G13: per player of the match in play, the difference last reported by a
        # score-mismatch and its line; the first error of the hand in play; the first error of
        # a hand that ended irregular, penalty or unscored since the last `score`
        self.carried: dict[str, tuple[float, int]] = {}
        self.hand_error: tuple[int, int] | None = None  # (hand, line)
        self.violation: int | None = None
        # G9: the line of the `end` that ended the match in play (None: ended by its rules or
        # not ended) and of its first `match-over`, the cause of every later one
        self.ended_at: int | None = None
        self.first_over: int | None = None

    def take(self, engine: MatchEngine[Any], facts: Facts) -> None:
        """Take the facts an entry point of ``engine`` returned, in the order established: a
        finding is worded by the game's commentary (with the engine as the event left it) and
        held until final (:meth:`deliver`); a deal, trick or hand result goes to the
        listener (a result with its words, or the function that words it when asked); a
        withdrawal drops the findings it passes over."""
        for f in facts:
            if isinstance(f, TrickState):  # the most frequent first
                self.on_trick(engine, f)
            elif isinstance(f, FindingFact):
                self.report(f.code, f.line, commentary_for(engine).finding_words(engine, f),
                            severity=f.severity, hand=f.hand, trick=f.trick, player=f.player,
                            rule=f.rule, evidence=f.evidence, cause=f.cause, floor=f.floor)
            elif isinstance(f, HandResult):
                f.wording = result_wording(engine, f)
                self.on_hand(engine, f)
            elif isinstance(f, Dealt):
                self.on_deal(engine, f)
            else:
                assert isinstance(f, Withdrawn)
                self.withdraw(f.hand, f.after)

    def report(self, code: FindingCode, line: int, message: str, *, severity: Severity,
               hand: int | None = None, trick: int | None = None,
               player: str | None = None, rule: str | None = None,
               evidence: dict[str, Any] | None = None, cause: int | None = None,
               floor: int | None | EllipsisType = ...) -> None:
        """Hold a finding (the driver's own, or an engine's worded) and hand on what is final
        (:meth:`deliver`; ``floor``: the engine's finding floor as an engine's finding was
        established, else the engine's now)."""
        self.pending.append(Finding(self.file, line, severity, code, message,
                                    self.info.match if self.info else None, hand, trick, player,
                                    rule, evidence, cause))
        if hand is not None and severity == ERROR:
            first = self.hand_error
            if first is None or first[0] != hand or line < first[1]:
                self.hand_error = (hand, line)
        self.deliver(floor)

    def mark(self, probe: Probe) -> None:
        """Hold ``probe`` among the findings: it is handed on with them, in line order, and
        counted in none of the :class:`FileStats` counts (:mod:`referee.duplicates`)."""
        self.pending.append(probe)

    def withdraw(self, hand: int, after: int) -> None:
        """Drop the findings held of ``hand`` (of the match in play) at lines after ``after``: a
        revoke proven there by a later card passes over what followed it (RULINGS G14, G4).
        They are all still held, for the engine's finding floor kept them from going out."""
        match = self.info.match if self.info else None
        keep = [f for f in self.pending
                if not (f.hand == hand and f.match == match and f.line > after)]
        self.pending[:] = keep
        if self.spill is not None:
            self.dropped = (match, hand, after)

    def deliver(self, floor: int | None | EllipsisType = ...) -> None:
        """Hand on, sorted by line, the findings held that no finding still to come can precede
        (module docstring): those up to ``floor``, by default the engine's finding floor now;
        keep the rest."""
        pending = self.pending
        if not pending and self.spill is None:
            return
        if floor is ...:
            eng = self.engine
            floor = eng.finding_floor() if eng is not None else None
        if self.spill is not None:
            if floor is not None and floor < self.spill_last:
                self._spill_over()  # still waiting for the revoke
            else:
                self._release(floor)
            return
        if floor is None:
            self.flush()
        elif len(pending) == 1:
            if pending[0].line <= floor:
                self.flush()
        else:
            pending.sort(key=_line_of)
            settled = 0
            for f in pending:
                if f.line > floor:
                    break
                settled += 1
            if settled:
                self._hand_on(pending[:settled])
                del pending[:settled]
                self.unholdable = bool(pending) and self.unholdable
            self._spill_over()

    def flush(self) -> None:
        """Hand on every finding held (the hand is over), sorted by line."""
        if self.spill is not None:
            self._release(None)
            return
        if not self.pending:
            return
        self.pending.sort(key=_line_of)
        self._hand_on(self.pending)
        self.pending.clear()
        self.unholdable = False

    def _spill_over(self) -> None:
        """More than HOLD findings wait for an open revoke (a hostile log can add any number of
        calls that are not applied): move them to a temporary file, in line order.  Findings
        that wait come at the line being read, so each batch follows the one before.

        When the file cannot be made or written (a full temporary folder), the findings are
        not lost with it: those written stay in it, the HOLD earliest of the rest are kept in
        memory, and every later one that waits for this revoke is counted, not held
        (:meth:`_not_held`); the next revoke that waits tries a file again."""
        pending = self.pending
        if len(pending) <= HOLD:
            return
        pending.sort(key=_line_of)
        if self.unholdable:
            self._not_held()
            return
        spill = self.spill
        if spill is not None and pending[0].line < self.spill_last:
            return  # out of line order (never seen): kept in memory, order first
        import tempfile  # (rare: loaded only when needed, as it weighs on start-up)
        try:
            if spill is None:
                # unbuffered: a write that fails leaves nothing behind to be written later
                spill = self.spill = tempfile.TemporaryFile(buffering=0)
                self.spill_last = self.spill_count = 0
                self.spill_first = pending[0].line
            data = memoryview(b"".join(_ENCODE(f) + b"\n" for f in pending))
            while data:
                data = data[spill.write(data) or 0:]
        except OSError as exc:
            self.unholdable = True
            self._unheld_reason("write", exc)
            self._not_held()
            return
        self.spill_count += len(pending)
        self.spill_last = pending[-1].line
        pending.clear()

    def _unheld_reason(self, doing: str, exc: OSError) -> None:
        """Keep the first reason findings could not be held: ``cannot write a temporary file
        in /tmp: No space left on device``."""
        if self.stats.unheld_reason is not None:
            return
        import tempfile
        try:
            where = f" in {tempfile.gettempdir()}"
        except OSError:  # no usable temporary folder at all (the message says where it looked)
            where = ""
        self.stats.unheld_reason = f"cannot {doing} a temporary file{where}: {exc.strerror or exc}"

    def _not_held(self) -> None:
        """Drop the findings held past the HOLD earliest (``pending`` is sorted), counting them
        and their lines in the file's stats (:attr:`FileStats.unheld`)."""
        lost = self.pending[HOLD:]
        del self.pending[HOLD:]
        self._count_unheld(len(lost), lost[0].line, lost[-1].line)

    def _count_unheld(self, n: int, first: int, last: int) -> None:
        st = self.stats
        st.unheld += n
        if st.unheld_lines is not None:
            first, last = min(first, st.unheld_lines[0]), max(last, st.unheld_lines[1])
        st.unheld_lines = (first, last)

    def _release(self, floor: int | None) -> None:
        """Hand on the findings of the temporary file and those held up to ``floor`` (None:
        all), merged in line order (on a tie, the one reported first)."""
        spill, self.spill = self.spill, None
        assert spill is not None  # called only with findings spilled

        now = [f for f in self.pending if floor is None or f.line <= floor]
        self.pending = [f for f in self.pending if floor is not None and f.line > floor]
        now.sort(key=_line_of)
        import heapq
        with spill, open(spill.fileno(), "rb", closefd=False) as back:
            back.seek(0)
            self._hand_on(heapq.merge(self._read_back(back), now, key=_line_of))
        self.dropped = None
        self.unholdable = bool(self.pending) and self.unholdable

    def _read_back(self, back: IO[bytes]) -> Iterator[Finding]:
        """The findings written whole to the temporary file, in order (a write that failed may
        have left part of one after them).  One that cannot be read back is counted as not
        held, with those after it."""
        count, last = self.spill_count, self.spill_first
        try:
            for line in islice(back, count):
                f = _DECODE(line)
                last = f.line
                count -= 1
                yield f
        except (OSError, msgspec.DecodeError) as exc:
            if isinstance(exc, OSError):
                self._unheld_reason("read back", exc)
            else:
                self.stats.unheld_reason = self.stats.unheld_reason or \
                    "a temporary file did not read back as it was written"
            self._count_unheld(count, last, self.spill_last)

    def _hand_on(self, found: Iterable[Finding]) -> None:
        drop = self.dropped
        for f in found:
            if drop is not None and f.match == drop[0] and f.hand == drop[1] and \
                    f.line > drop[2]:
                continue
            if type(f) is Probe:
                self.listener.finding(f)
                continue
            if f.severity == ERROR:
                self.stats.errors += 1
            else:
                self.stats.warnings += 1
            if f.cause is None:
                self.stats.problems += 1
            self.listener.finding(f)

    def on_deal(self, engine: MatchEngine[Any], dealt: Dealt) -> None:
        at = self.dealing
        assert at is not None  # a deal is accepted only while its event is applied
        step = self.step(at[0], at[1], engine)
        self.listener.deal(hand_value(engine, None), step)

    def step(self, line: int, e: Any, engine: MatchEngine[Any] | None) -> Step:
        """The :class:`~referee.model.Step` of event ``e`` of ``line`` just applied by
        ``engine``: made once per event (a deal's, made for :meth:`Listener.deal`, is kept for
        :meth:`Listener.event`)."""
        made = self.deal_step
        if made is not None and made[0] is e:
            return made[1]
        step = step_of(line, e, engine, self.holdings, self.claims)
        if type(e) is ev.Deal:
            self.deal_step = (e, step)
        return step

    def on_trick(self, engine: MatchEngine[Any], trick: TrickState) -> None:
        self.listener.trick(trick_value(engine, trick))

    @property
    def held_from(self) -> int | None:
        """The first line at which a finding of the hand in play may still be handed on (a
        finding there or after it may still come: at the hand's last line, ``incomplete-hand``;
        at an open revoke's line), or None when no finding can come at a line before the next
        event's (no hand open).  What a listener that places findings among its output
        (``history``) waits for."""
        eng = self.engine
        return eng.finding_floor() if eng is not None else None

    @property
    def open_revoke(self) -> Play | None:
        """The card of the hand in play that was played against the duty to follow and is not
        settled yet (it is established by the next card or the end of the hand, or repaired by
        a ``retract``, G4), else None."""
        eng = self.engine
        r = eng.hand.revoke if eng is not None and eng.hand is not None else None
        return Play(r.player, str(r.card), r.line) if r is not None else None

    @property
    def match_finished(self) -> bool:
        """True once the match in play has ended (by its rules or an ``end``, G9); outside a
        match, whether the last one closed had (False before any)."""
        eng = self.engine
        return eng.finished if eng is not None else self.closed_finished

    @property
    def hand_in_play(self) -> int | None:
        """The number of the match in play's current hand (the last dealt, accepted or not;
        it stays current once it is over, until the next deal), or None before the first deal
        of the match or outside a match."""
        eng = self.engine
        h = eng.hand if eng is not None else None
        return h.number if h is not None else None

    def on_hand(self, engine: MatchEngine[Any], result: HandResult) -> None:
        first = self.hand_error
        if result.status in _VIOLATED and self.violation is None and first is not None \
                and first[0] == result.hand:
            self.violation = first[1]
        if self.tells_hands:
            self.listener.hand(hand_value(engine, result, summary=self.summaries,
                                          whole=self.whole_hands))

    # the replay
    def close_match(self, cause: Stop = "end-of-file") -> None:
        eng = self.engine
        if eng is None:
            return
        self.take(eng, eng.close_hand(cause))
        self.flush()
        assert self.info is not None  # set with the engine
        self.listener.end_match(MatchSummary(
            self.info, {p: tidy(v) for p, v in eng.standings().items()}, eng.finished,
            list(eng.winners) if eng.finished else [], eng.summary_extra(),
            tuple(commentary_for(eng).score_notes(eng)) if self.tells_hands else ()))
        self.engine = None
        self.deal_step = None
        self.closed_finished = eng.finished

    def start_match(self, e: ev.Match, line: int) -> None:
        self.close_match(stop_at("match", line))
        self.match_count += 1
        self.stats.matches += 1
        self.info = MatchInfo(self.file, e.id if e.id is not None else self.match_count, e.game,
                              list(e.players), line, given_id=e.id is not None)
        cls = ENGINES.get(e.game)
        problem: dict[str, Any] | None = None
        if cls is None:
            problem = {"reason": "unsupported-game" if load_problem(e.game) is None
                       else "unloadable-game"}
        else:
            problem = cls.players_problem(list(e.players))
        engine = None
        if cls is not None and problem is None:
            try:
                engine = cls(list(e.players), e.rules)
            except RulesError as exc:
                problem = exc.facts
        if problem is not None:
            facts = {"game": e.game, "players": list(e.players), **problem}
            self.report("bad-event", line, f"this match cannot be refereed: "
                        f"{match_problem_words(facts)}; its events are skipped up to the next "
                        "match", severity=ERROR, rule="G7", evidence=facts)
            self.bad_match = True
            return
        self.bad_match = False
        assert engine is not None  # made when there was no problem
        self.engine = engine
        self.info.title = engine.TITLE
        self.info.teams = tuple(engine.teams())
        self.info.deck = engine.DECK
        self.info.order = display_order(engine)
        self.info.pile = engine.PILE or None
        self.info.rules = dict(engine.rules)
        for a, b in look_alikes(self.info.players):
            x, y = difference(a, b)
            self.report("bad-event", line, f'the players "{a}" and "{b}" look alike: where the '
                        f"first has {x}, the second has {y}; they are refereed as two players, "
                        "so read each finding's name with care (R20)", severity=WARNING,
                        rule="R20", evidence={"players": [a, b]})
        self.carried.clear()
        self.violation = self.hand_error = None
        self.ended_at = self.first_over = None
        self.listener.begin_match(self.info)

    def score(self, e: ev.Score, line: int) -> None:
        """Compare a recorded ``score`` with the referee's totals, player by player (G13).

        A player whose difference (recorded − referee's) is the one last reported for them
        carries it: no new finding.  Every new or changed difference goes into one
        ``score-mismatch`` at this line; its ``cause`` is the line of the earlier mismatch whose
        difference changed, else the first error of a hand that ended irregular, penalty or
        unscored since the previous ``score`` (project ruling R13), else None."""
        eng = self.engine
        assert eng is not None  # a score is compared only inside a match
        standing = eng.standings()

        unknown = [p for p in e.totals if p not in standing]
        if unknown:
            self.report("unknown-player", line, say("unknown-player", "G13", ev_ := {
                "players": unknown, "field": "totals"}), severity=ERROR, rule="G13",
                evidence=ev_)
        carried = self.carried
        new: dict[str, float] = {}
        was: dict[str, tuple[float, int]] = {}
        for p, v in e.totals.items():
            if p not in standing:
                continue
            diff = v - standing[p]
            if abs(diff) <= 1e-9:
                carried.pop(p, None)
                continue
            before = carried.get(p)
            if before is not None:
                if abs(before[0] - diff) <= 1e-9:
                    continue  # the same difference as before: carried, no new finding (G13)
                was[p] = before
            new[p] = diff
            carried[p] = (diff, line)
        cause = max(w[1] for w in was.values()) if was else self.violation
        self.violation = None
        if not new:
            return
        evidence: dict[str, Any] = {
            "recorded": {p: tidy(e.totals[p]) for p in new},
            "computed": {p: tidy(standing[p]) for p in new},
            "difference": {p: tidy(d) for p, d in new.items()},
            "after_hand": eng.hand.number if eng.hand is not None else None}
        if was:
            evidence["was"] = {p: {"difference": tidy(w[0]), "line": w[1]}
                               for p, w in was.items()}
        elif cause is not None:
            evidence["follows_line"] = cause
        self.report("score-mismatch", line, say("score-mismatch", "G13", evidence),
                    severity=ERROR, rule="G13", evidence=evidence, cause=cause)

    def match_over(self, line: int) -> None:
        """A ``deal`` after the match has ended (G9): ``match-over``; every later one follows
        from the first (its ``cause``)."""
        evidence = {"ended_at": self.ended_at}
        self.report("match-over", line, say("match-over", "G9", evidence), severity=ERROR,
                    rule="G9", evidence=evidence, cause=self.first_over)
        if self.first_over is None:
            self.first_over = line

    def item(self, line: int, e: Any) -> None:
        eng = self.engine
        t = type(e)
        if t in _HAND_EVENTS and eng is not None and not eng.finished:
            # the hot path: an event inside a hand goes straight to the engine
            self.stats.events += 1
            facts = eng.apply(e, line)
            if facts:
                self.take(eng, facts)
            if self.wants_events:
                self.listener.event(step_of(line, e, eng, self.holdings, self.claims))
            return
        if t is ev.ReadWarning:
            self.report(e.code, line, e.message, severity=WARNING, rule="G7",
                        evidence=dict(e.facts))
            return
        if t is ev.ReadError:
            self.stats.bad_lines += 1
            if not e.json_object:
                self.stats.not_objects += 1
            evidence = {**e.facts, "json_object": e.json_object}
            if eng is not None and eng.hand is not None and eng.hand.mode == OPEN \
                    and not eng.finished:
                self.take(eng, eng.unreadable(e.code, line,
                                              e.message + " (G7: the hand is not scored)",
                                              evidence))
                self.deliver()  # the hand is over now: its finding is final
            else:
                self.report(e.code, line, e.message, severity=ERROR, rule="G7",
                            evidence=evidence)
                if eng is not None and not eng.finished:
                    eng.skip_to_next_deal(line)  # it may have been the deal (G3, G7)
            return
        self.stats.events += 1
        if t is ev.Match:
            self.start_match(e, line)
        elif eng is None:
            if not self.orphan_reported and not self.bad_match:
                self.orphan_reported = True
                self.report("no-match", line, say("no-match", "G7", {"event": ev_name(e)}),
                            severity=ERROR, rule="G7", evidence={"event": ev_name(e)})
        elif t is ev.Score:
            # compared whatever came before, the end of the match included (G11)
            self.take(eng, eng.close_hand(stop_at("score", line)))
            self.score(e, line)
        elif eng.finished:
            if t is ev.Deal:
                self.take(eng, eng.close_hand())
                self.match_over(line)
        elif t is ev.Deal:
            self.take(eng, eng.close_hand(stop_at("deal", line)))
            self.flush()
            if eng.finished:
                self.match_over(line)
            else:
                self.dealing = (line, e)
                self.take(eng, eng.deal(e, line))
                self.dealing = None
        elif t is ev.End:
            if e.player is not None and e.player not in eng.seat:
                self.report("unknown-player", line, say("unknown-player", "G3", ev_ := {
                    "players": [e.player], "field": "player"}), severity=ERROR, rule="G3",
                    evidence=ev_)
            self.take(eng, eng.close_hand(stop_at("end", line)))
            self.take(eng, eng.end(e, line))
            if eng.finished and self.ended_at is None:
                self.ended_at = line
        else:
            self.take(eng, eng.apply(e, line))
        if self.wants_events:
            self.listener.event(self.step(line, e, self.engine))




def replay(stream: IO[bytes], filename: str, listener: Listener,
           strict: bool = False) -> FileStats:
    """Replay one log from a binary stream; ``filename`` is how findings name it; ``strict``
    also warns of unknown fields and keys given twice.

    Returns the file's :class:`FileStats`.  Bad content never raises; OSError from the stream
    does.
    """
    run = FileReplay(filename, listener)
    item = run.item
    if strict or run.wants_events:
        for line, e in ev.read_events(stream, strict):
            item(line, e)
    else:
        # read_events and FileReplay.item in one loop, for speed: an event inside a hand of a match
        # in play goes straight to its engine
        read = ev.line_reader(stream)
        unreadable = ev.UNREADABLE
        hand_events = _HAND_EVENTS
        line = inside = 0
        while True:
            line += 1  # each read takes one physical line
            try:
                e = read()
            except EOFError:
                break
            except unreadable as exc:
                bad = ev.read_failure(exc)
                if bad is not None:
                    item(line, bad)
                continue
            eng = run.engine
            if eng is not None and type(e) in hand_events and not eng.finished:
                inside += 1
                facts = eng.apply(e, line)
                if facts:
                    run.take(eng, facts)
            else:
                item(line, e)
        run.stats.events += inside
    run.close_match()
    run.flush()
    return run.stats


KEEP = 1000
"""The most findings :func:`replay_until` keeps (the first of the hand in play)."""


def replay_until(stream: IO[bytes], filename: str, stop: int,
                 reach: bool = False) -> tuple[Any, ...]:

    """Replay the events before physical line ``stop`` and return (the engine of the match in
    play there, the event read at line ``stop`` or None, the findings that matter there), and
    with ``reach`` a fourth item: whether the file reaches that line.  The engine is left
    exactly as it stood before that line (``referee legal``).

    The findings that matter are those since the hand in play began (those of its match
    outside a hand, or of the file before a match, when no hand has been dealt yet): a finding
    of a later hand or match drops those before it.  At most :data:`KEEP` of them are kept,
    the first; so memory stays flat however many findings the file holds (issue 29)."""
    found: list[Finding] = []
    kept_of: list[Any] = [None]  # the (match, hand) of the findings kept

    class _Keep(Listener):
        def finding(self, f: Finding) -> None:
            was = kept_of[0]
            if was is None or f.match != was[0] or (f.hand is not None and f.hand != was[1]):
                found.clear()  # a later hand or match: what came before no longer matters
                kept_of[0] = (f.match, f.hand)
            if len(found) < KEEP:
                found.append(f)

    run = FileReplay(filename, _Keep())
    at, seen = _read_to(run, ev.read_events(stream), stop)
    run.flush()
    if reach:
        return run.engine, at, found, seen >= stop
    return run.engine, at, found


def _read_to(run: FileReplay, events: Iterable[tuple[int, Any]], stop: int) -> tuple[Any, int]:
    """Replay into ``run`` the ``events`` (``read_events``' pairs) before physical line
    ``stop``: (the event read at ``stop`` or None, the last line read).  ``events`` is left
    just past line ``stop``."""
    at = None
    seen = 0
    for line, item in events:
        seen = line
        if line >= stop:
            if line == stop:
                at = item
            break
        run.item(line, item)
    return at, seen


@dataclass(slots=True)
class AtLine:
    """A log at one line, as ``referee legal`` examines it (:func:`replay_at`): ``engine``, the
    engine of the match in play as it stood before the line (None: no match); ``at``, the event
    read at the line (None: none); ``reached``, whether the file reaches the line; ``later``,
    the findings ``check`` reports at that line, when the whole record had to be read on to
    know them (the event is one of a hand of a record of the play alone, where a card seen
    later may prove a revoke there, RULINGS G14, G14a), else None."""

    engine: Any
    at: Any
    reached: bool
    later: list[Finding] | None = None
    match: str | int | None = None
    """The id of the match in play before the line (its number in the file without one)."""
    not_a_log: bool = False
    """No match in play because not one line of the whole file is a JSON object
    (:attr:`FileStats.undecodable`, R7): the file is no log."""


def _no_log(run: FileReplay, at: Any, stop: int, events: Iterable[tuple[int, Any]]) -> bool:
    """Whether the file whose lines before ``stop`` ``run`` has read, ``at`` the item at
    ``stop`` and ``events`` the rest, holds not one JSON object (R7): read on only while none
    has come."""
    st = run.stats

    def none_yet() -> bool:
        return st.events == 0 and st.bad_lines == st.not_objects

    if not none_yet():
        return False
    if at is not None:
        run.item(stop, at)
    for line, item in events:
        if not none_yet():
            break
        run.item(line, item)
    return st.undecodable


def replay_at(stream: IO[bytes], filename: str, stop: int) -> AtLine:
    """Replay the events before physical line ``stop`` (see :class:`AtLine`).  In a hand of a
    record of the play alone (format 1.1), the replay then reads on from a copy, through the
    line and on until no finding can come at it any more (the engine's finding floor has
    passed it, or the hand is over, or the file ends), and keeps ``check``'s findings at that
    line alone (bounded memory).  Bad content never raises; OSError from the stream does."""
    class _AtStop(Listener):
        def __init__(self) -> None:
            self.found: list[Finding] = []

        def finding(self, f: Finding) -> None:
            if f.line == stop:
                self.found.append(f)

    keep = _AtStop()
    run = FileReplay(filename, keep)
    events = ev.read_events(stream)
    at, seen = _read_to(run, events, stop)
    engine = run.engine
    key = run.info.match if run.info is not None and engine is not None else None
    h = engine.hand if engine is not None else None
    if engine is None:
        return AtLine(None, at, seen >= stop - 1, not_a_log=_no_log(run, at, stop, events))
    if at is None or h is None or h.mode != OPEN or not h.partial or \
            type(at) not in _HAND_EVENTS:
        return AtLine(engine, at, seen >= stop - 1, match=key)
    from .legal import clone  # not at import: check never needs it
    before = clone(engine)
    run.item(stop, at)
    for line, item in events:
        floor = engine.finding_floor() if run.engine is engine and engine.hand is h else None
        if floor is None or floor > stop:
            break  # nothing more can be said at line stop
        run.item(line, item)
    else:
        run.close_match()
    run.flush()
    return AtLine(before, at, True, keep.found, key)
