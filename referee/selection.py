"""Which matches and findings a command shows (project ruling R30): ``--match ID``,
``--player NAME``, ``--game GAME`` pick matches; ``--select CODE,…`` and ``--ignore CODE,…``
pick findings by code.

A :class:`Selection` is the choice (picklable: it goes to ``--jobs`` and Dask workers with the
job); :class:`Selected` is the listener that passes on to another only what it selects and
counts what it passed, so that the exit status and ``--summary`` follow the findings shown.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Protocol

from .findings import ERROR, CODES, Finding, Probe
from .replay import Listener, MatchInfo, MatchSummary, listener_wants

if TYPE_CHECKING:
    from .model import Hand, Match, Step, Trick
    from .replay import FileReplay, FileStats


class SelectionError(ValueError):
    """A selection that names what cannot be (an unknown finding code or game): its message
    says which, and what can be named (the command line makes it a usage error, exit 2)."""


class _Match(Protocol):
    @property
    def game(self) -> str: ...

    @property
    def players(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Selection:
    """What to show (R30).  Each field is a set of values, empty for "any": ``matches`` the
    match keys (the log's ``id``, or the match's 1-based number in its file when it has none,
    compared as text), ``players`` names (a match is selected where one of them sits),
    ``games`` log names of games; ``select`` the finding codes to show (empty: every code),
    ``ignore`` the codes not to show.  A match is selected when it passes every field given
    (a value of any one field given more than once is enough: ``--player A --player B`` is
    either).  A finding is shown when its match is selected (with no match field given: any
    finding, also those outside every match) and its code is selected and not ignored.

    Make one with :meth:`of`, which checks the codes and games; compare matches with
    :meth:`selects` and findings with :meth:`shows`."""

    matches: frozenset[str] = frozenset()
    players: frozenset[str] = frozenset()
    games: frozenset[str] = frozenset()
    select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()

    @classmethod
    def of(cls, match: Iterable[str] = (), player: Iterable[str] = (),
           game: Iterable[str] = (), select: Iterable[str] = (),
           ignore: Iterable[str] = ()) -> "Selection":
        """The selection of these values (each an iterable of strings, or one string;
        ``select``/``ignore`` items may each be a comma-separated list, as on the command
        line).  :class:`SelectionError` for a finding code that is none (referee-log(5)), a
        ``select``/``ignore`` item that names no code (``""``, ``","``), or a game that is not
        registered."""
        from . import events as ev
        match, player, game, select, ignore = (
            (v,) if isinstance(v, str) else tuple(v) for v in (match, player, game, select,
                                                              ignore))
        for option, values in (("--select", select), ("--ignore", ignore)):
            if any(not any(p.strip() for p in v.split(",")) for v in values):
                raise SelectionError(f"{option}: an empty list of codes: name at least one "
                                     f"({option} revoke,out-of-turn)")
        codes = [frozenset(_split(select)), frozenset(_split(ignore))]
        for option, given in (("--select", codes[0]), ("--ignore", codes[1])):
            unknown = sorted(given - set(CODES))
            if unknown:
                raise SelectionError(
                    f"{option}: {', '.join(map(repr, unknown))} "
                    f"{'is no finding code' if len(unknown) == 1 else 'are no finding codes'} "
                    f"(the codes: {', '.join(CODES)})")
        games = frozenset(game)
        unknown_games = sorted(games - set(ev.GAMES))
        if unknown_games:
            raise SelectionError(f"--game: {', '.join(map(repr, unknown_games))}: the games "
                                 f"are {', '.join(ev.GAMES)}")
        return cls(frozenset(match), frozenset(player), games, codes[0], codes[1])

    @property
    def by_match(self) -> bool:
        """True when a match field is given (findings outside every match are then not
        shown)."""
        return bool(self.matches or self.players or self.games)

    @property
    def everything(self) -> bool:
        """True when nothing is left out: the selection of no option."""
        return not (self.by_match or self.select or self.ignore)

    def selects(self, key: str | int | None, game: str, players: Iterable[str]) -> bool:
        """Whether the match of ``key`` (its id or number, as a finding's ``match``), ``game``
        and ``players`` is selected."""
        if self.matches and (key is None or str(key) not in self.matches):
            return False
        if self.games and game not in self.games:
            return False
        if self.players and self.players.isdisjoint(players):
            return False
        return True

    def code_shown(self, code: str) -> bool:
        """Whether findings of ``code`` are shown (``--select``, ``--ignore``)."""
        return (not self.select or code in self.select) and code not in self.ignore

    def shows(self, f: Finding, match: _Match | None = None) -> bool:
        """Whether the finding ``f`` is shown; ``match`` (a :class:`referee.Match`, or anything
        with its ``game`` and ``players``) is the match it is of, None for none."""
        if not self.code_shown(f.code):
            return False
        if not self.by_match:
            return True
        return match is not None and self.selects(f.match, match.game, match.players)

    def pick(self, matches: Iterable["Match"]) -> Iterator["Match"]:
        """The selected matches of ``matches`` (:class:`referee.Match` objects, as
        :func:`referee.read_log` yields them), in order; their findings are left as they are
        (pick them with :meth:`shows`)."""
        for m in matches:
            if self.selects(m.key, m.game, m.players):
                yield m


def _split(values: Iterable[str]) -> Iterator[str]:
    for v in values:
        for part in v.split(","):
            if part.strip():
                yield part.strip()


class Selected(Listener):
    """A listener that passes on to ``inner`` only what ``selection`` selects: the calls of
    selected matches (each match is the replay's match in play at the call,
    :attr:`referee.replay.FileReplay.info`) and the findings shown.  ``errors``,
    ``warnings``, ``problems`` and ``matches`` count what was passed on, per file (they start
    again at each file's ``start``): the exit status and ``--summary`` follow them (R30)."""

    def __init__(self, inner: Listener, selection: Selection) -> None:
        self.inner = inner
        self.selection = selection
        self.replay: FileReplay | None = None
        self.errors = self.warnings = self.problems = self.matches = 0
        self.duplicates = Duplicates()
        self._info: MatchInfo | None = None
        self._chosen = not selection.by_match
        self.reads = inner.reads  # what the inner listener reads, it passes on
        self._inner_start = listener_wants(inner, "start")
        self._inner_begin = listener_wants(inner, "begin_match")
        for name in ("event", "deal", "trick", "hand", "end_match"):
            if not listener_wants(inner, name):
                setattr(self, name, _nothing)

    def count_into(self, stats: "FileStats") -> None:
        """Make ``stats`` (of the file just replayed) count what was passed on: the findings
        shown (errors, warnings, problems) and, where matches are selected, the matches
        (R30)."""
        dup = self.duplicates
        stats.errors, stats.warnings, stats.problems = self.errors, \
            self.warnings + dup.warnings, self.problems + dup.problems
        if self.selection.by_match:
            stats.matches = self.matches

    def wants(self, method: str) -> bool:
        """What the replay is to call: ``start`` and ``finding`` always, the rest as
        ``inner`` wants them."""
        if method in ("start", "finding", "begin_match"):
            return True
        return listener_wants(self.inner, method)

    def start(self, replay: "FileReplay") -> None:
        self.replay = replay
        self.errors = self.warnings = self.problems = self.matches = 0
        self.duplicates = Duplicates()
        self._info = None
        self._chosen = not self.selection.by_match
        if self._inner_start:
            self.inner.start(replay)

    def _selected(self) -> bool:
        if not self.selection.by_match:
            return True
        info = self.replay.info if self.replay is not None else None
        if info is not self._info:
            self._info = info
            self._chosen = info is not None and self.selection.selects(
                info.match, info.game, info.players)
            self.matches += self._chosen
        return self._chosen

    def finding(self, f: Finding) -> None:
        if type(f) is Probe:  # not a finding yet: where a duplicate would be (R31, R32)
            code = "duplicate-hand" if f.kind == "hand" else "duplicate-match"
            if self._selected() and self.selection.code_shown(code):
                f.stats = self.duplicates  # a duplicate found is counted here, as shown
                self.inner.finding(f)
            return
        if not self._selected() or not self.selection.code_shown(f.code):
            return
        if f.severity == ERROR:
            self.errors += 1
        else:
            self.warnings += 1
        if f.cause is None:
            self.problems += 1
        self.inner.finding(f)

    def begin_match(self, info: MatchInfo) -> None:
        if self._selected() and self._inner_begin:  # (counted either way)
            self.inner.begin_match(info)

    def event(self, step: "Step") -> None:
        if self._selected():
            self.inner.event(step)

    def deal(self, hand: "Hand", step: "Step") -> None:
        if self._selected():
            self.inner.deal(hand, step)

    def trick(self, trick: "Trick") -> None:
        if self._selected():
            self.inner.trick(trick)

    def hand(self, hand: "Hand") -> None:
        if self._selected():
            self.inner.hand(hand)

    def end_match(self, summary: MatchSummary) -> None:
        if self._selected():
            self.inner.end_match(summary)


@dataclass
class Duplicates:
    """The duplicates (R31, R32) found among a file's selected matches: warnings, problems."""

    warnings: int = 0
    problems: int = 0


def _nothing(*args: Any) -> None:
    """Stands for a call the inner listener does nothing on."""
