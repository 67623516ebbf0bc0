"""The standings of an archive (issue 27 item 1; ``referee standings``, referee-log(5) "since
format 1.2"): per game and player the matches played and won, hands and points; per game its
own statistics; a crosstable of each pair of players.  Built from the public API only
(:func:`referee.read_log`, match by match), so memory grows with the players, never with the
hands.

Counting (project ruling R33):

- a match counts for a game once it is read (finished or not); a player's ``points`` are the
  sum of the player's final totals (Asszorti: the score sheet's, A8), never added across games;
- ``won``: each finished match's one win is shared by its winning sides (two sides tied for it:
  1/2 each), every member of a winning side getting its share (Eighty-Three: both partners);
- ``hands``: the hands of the matches the player sat in, redeals included;
- a contract is *declared* when a hand names a declarer and a contract, and *made* when that
  hand is ``scored`` and the declarer's change is above zero (Asszorti: the zero-sum ``net``);
  its *kind*: Thirty-Three's game, Asszorti's bid, Eighty-Three's bid points;
- a revoke is each ``revoke`` finding (repaired ones too), counted for its player;
- a kontra is each ``kontra`` call; it is *won* when the contract it doubled was not made;
- Sixty-Six: ``closings`` and ``marriages`` are the ``close`` and ``marriage`` events applied;
- Eighty-Three: bids declared and made per partnership (the declarer's team);
- crosstable: for each two players of a game who sat in a match together, the matches and each
  one's wins (shares as above).
"""
from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator

from .api import Match, read_log
from .dask import TIMEOUT
from .inputs import STDIN_NAME, corruption, opened
from .replay import not_a_log_words

if TYPE_CHECKING:
    from distributed import Client

    from .selection import Selection

MAX_PLAYERS = 100_000
"""The most (game, player) pairs the standings keep (the crosstable: at most the pairs of
those); a player first met beyond them is counted in :attr:`Standings.left_out` instead."""


def has_kontra(game: str) -> bool:
    """Whether ``game`` (a log name) has kontra calls: its rules core handles the ``kontra``
    event (Thirty-Three, Asszorti; not Sixty-Six, Eighty-Three); False for a game whose rules
    cannot be loaded."""
    from . import events as ev
    from .games import ENGINES
    try:
        engine = ENGINES.get(game)
    except Exception:  # an outside game that fails to load: said where it is loaded
        return False
    return engine is not None and ev.Kontra in engine.HANDLED


def _num(x: Fraction | float | int) -> int | float:
    """A count or share as output writes it: an int when whole, else a float."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


@dataclass
class Line:
    """One player's line in one game: ``matches``, ``won`` (a :class:`~fractions.Fraction`:
    shared wins), ``hands``, ``points`` (game points)."""

    matches: int = 0
    won: Fraction = Fraction(0)
    hands: int = 0
    points: Fraction = Fraction(0)


@dataclass
class GameStats:
    """One game's statistics (module docstring): ``matches``, ``hands``; ``contracts``: kind →
    [declared, made]; ``revokes``: player → count; ``kontras``: [called, won]; ``closings``,
    ``marriages``: player → count (Sixty-Six); ``bids``: partnership (names joined by `` & ``)
    → [declared, made] (Eighty-Three)."""

    matches: int = 0
    hands: int = 0
    contracts: dict[str, list[int]] = field(default_factory=dict)
    revokes: dict[str, int] = field(default_factory=dict)
    kontras: list[int] = field(default_factory=lambda: [0, 0])
    closings: dict[str, int] = field(default_factory=dict)
    marriages: dict[str, int] = field(default_factory=dict)
    bids: dict[str, list[int]] = field(default_factory=dict)


def _bump(d: dict[str, int], key: str, n: int = 1) -> None:
    d[key] = d.get(key, 0) + n


def _pair(d: dict[str, list[int]], key: str, made: bool) -> None:
    r = d.setdefault(key, [0, 0])
    r[0] += 1
    r[1] += int(made)


@dataclass
class Standings:
    """The standings of the matches added (:meth:`add`, :meth:`merge`), by game.

    ``players``: game → player → :class:`Line`; ``games``: game → :class:`GameStats`;
    ``pairs``: game → (a, b) with a < b → [matches, a's wins, b's wins]; ``left_out``: players
    not kept (past :data:`MAX_PLAYERS`); ``broken``: files counted only up to where their
    compressed data broke off.  Every sum is order-free (shares are fractions), so
    any order of adding gives the same standings."""

    players: dict[str, dict[str, Line]] = field(default_factory=dict)
    games: dict[str, GameStats] = field(default_factory=dict)
    pairs: dict[str, dict[tuple[str, str], list[Any]]] = field(default_factory=dict)
    left_out: int = 0
    kept: int = 0
    broken: list[tuple[str, str]] = field(default_factory=list)
    """The files whose compressed data broke off (R29), each (its name, where and how:
    :meth:`referee.inputs.Corruption.words`), in the order read: counted up to the break."""

    def _line(self, game: str, player: str) -> Line | None:
        per = self.players.setdefault(game, {})
        line = per.get(player)
        if line is None:
            if self.kept >= MAX_PLAYERS:
                self.left_out += 1
                return None
            self.kept += 1
            line = per[player] = Line()
        return line

    def add(self, m: Match) -> None:
        """Count one refereed match (R33)."""
        game = m.game
        stats = self.games.setdefault(game, GameStats())
        stats.matches += 1
        stats.hands += len(m.hands)
        teams = m.teams or tuple((p,) for p in m.players)
        share: dict[str, Fraction] = {}
        if m.finished and m.winners:
            won = [t for t in teams if any(p in m.winners for p in t)]
            for side in won:
                for p in side:
                    share[p] = Fraction(1, len(won))
        for p in m.players:
            line = self._line(game, p)
            if line is None:
                continue
            line.matches += 1
            line.won += share.get(p, Fraction(0))
            line.hands += len(m.hands)
            line.points += Fraction(m.totals.get(p, 0))
        pairs = self.pairs.setdefault(game, {})
        players = sorted(m.players)
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                if a not in self.players[game] or b not in self.players[game]:
                    continue
                r = pairs.setdefault((a, b), [0, Fraction(0), Fraction(0)])
                r[0] += 1
                r[1] += share.get(a, Fraction(0))
                r[2] += share.get(b, Fraction(0))
        team_of = {p: t for t in teams for p in t}
        for h in m.hands:
            made = False
            if h.declarer is not None and h.terms is not None:
                change = (h.extra or {}).get("net", h.deltas)
                made = h.status == "scored" and change.get(h.declarer, 0) > 0
                terms = h.terms
                kind = terms.game if terms.game is not None else str(terms.bid)
                _pair(stats.contracts, kind, made)
                if game == "eighty-three":
                    _pair(stats.bids, " & ".join(team_of.get(h.declarer, (h.declarer,))), made)
            for c in h.auction:
                if c.event == "kontra":
                    stats.kontras[0] += 1
                    stats.kontras[1] += int(h.declarer is not None and not made)
            for f in h.findings:
                if f.code == "revoke" and f.player is not None:
                    _bump(stats.revokes, f.player)
            for s in h.steps:
                if s.ignored or s.player is None:
                    continue
                if s.event == "close":
                    _bump(stats.closings, s.player)
                elif s.event == "marriage":
                    _bump(stats.marriages, s.player)

    def merge(self, other: "Standings") -> None:
        """Add the standings ``other`` holds (of other files) to these."""
        for game, per in other.players.items():
            for p, o in per.items():
                line = self._line(game, p)
                if line is None:
                    continue
                line.matches += o.matches
                line.won += o.won
                line.hands += o.hands
                line.points += o.points
        self.left_out += other.left_out
        self.broken.extend(other.broken)
        for game, og in other.games.items():
            s = self.games.setdefault(game, GameStats())
            s.matches += og.matches
            s.hands += og.hands
            for k, (d, mk) in og.contracts.items():
                r = s.contracts.setdefault(k, [0, 0])
                r[0] += d
                r[1] += mk
            for k, (d, mk) in og.bids.items():
                r = s.bids.setdefault(k, [0, 0])
                r[0] += d
                r[1] += mk
            for src, dst in ((og.revokes, s.revokes), (og.closings, s.closings),
                             (og.marriages, s.marriages)):
                for k, n in src.items():
                    _bump(dst, k, n)
            s.kontras[0] += og.kontras[0]
            s.kontras[1] += og.kontras[1]
        for game, prs in other.pairs.items():
            mine = self.pairs.setdefault(game, {})
            for key, (n, wa, wb) in prs.items():
                r = mine.setdefault(key, [0, Fraction(0), Fraction(0)])
                r[0] += n
                r[1] += wa
                r[2] += wb

    def records(self) -> Iterator[dict[str, Any]]:
        """The standings as the JSON Lines of ``referee standings --format json``, in a fixed
        order: per game (by name) its players (by points, then name), its statistics, its
        crosstable (by names); then each player across every game (by name: matches, won,
        hands; points are never added across games)."""
        overall: dict[str, list[Any]] = {}
        for game in sorted(self.games):
            per = self.players.get(game, {})
            for p, ln in sorted(per.items(), key=lambda kv: (-kv[1].points, kv[0])):
                yield {"kind": "player", "game": game, "player": p, "matches": ln.matches,
                       "won": _num(ln.won), "hands": ln.hands, "points": _num(ln.points)}
                o = overall.setdefault(p, [0, Fraction(0), 0])
                o[0] += ln.matches
                o[1] += ln.won
                o[2] += ln.hands
            s = self.games[game]
            stats: dict[str, Any] = {
                "contracts": {k: {"declared": d, "made": mk}
                              for k, (d, mk) in sorted(s.contracts.items())},
                "revokes": dict(sorted(s.revokes.items())),
                "kontras": {"called": s.kontras[0], "won": s.kontras[1]}}
            if game == "sixty-six":
                stats["game_points"] = {p: _num(ln.points) for p, ln in sorted(per.items())}
                stats["closings"] = dict(sorted(s.closings.items()))
                stats["marriages"] = dict(sorted(s.marriages.items()))
            if game == "eighty-three":
                stats["bids"] = {k: {"declared": d, "made": mk}
                                 for k, (d, mk) in sorted(s.bids.items())}
            yield {"kind": "game", "game": game, "matches": s.matches, "hands": s.hands,
                   "statistics": stats}
            for (a, b), (n, wa, wb) in sorted(self.pairs.get(game, {}).items()):
                yield {"kind": "pair", "game": game, "players": [a, b], "matches": n,
                       "won": [_num(wa), _num(wb)]}
        for p, (n, w, h) in sorted(overall.items()):
            yield {"kind": "player", "game": None, "player": p, "matches": n, "won": _num(w),
                   "hands": h, "points": None}
        if self.left_out:
            yield {"kind": "left_out", "players": self.left_out}


class Unreadable(OSError):
    """A log file that was opened but not read, or not all of it, as a log (what ``check``
    says of it, and exits 2 for): ``kind`` is ``"corrupt-compression"`` (its compressed data
    broke off, R29: its matches up to the break are counted), ``"not-a-log"`` (not one line
    of it is a JSON object, R7: nothing in it is counted) or ``"read-error"`` (reading it
    failed: ``errno`` is the system's); ``file`` the name it is known by; :attr:`strerror`
    the reason, and :meth:`words` the sentence the command line prints."""

    kind: str
    file: str

    def words(self) -> str:
        """What ``referee standings`` (as ``check``) says of it on standard error, after
        ``referee:``: ``cannot read all of FILE: …``, ``FILE: not one line of it is a JSON
        object: not a log``, ``cannot read FILE: …`` (escape it for a terminal)."""
        if self.kind == "corrupt-compression":
            return f"cannot read all of {self.file}: {self.strerror}"
        if self.kind == "not-a-log":
            return not_a_log_words(self.file)
        return f"cannot read {self.file}: {self.strerror}"


def unreadable(kind: str, file: str, why: str, code: int | None = None) -> Unreadable:
    """An :class:`Unreadable` of ``kind`` for ``file``, ``why`` its reason (``code``: the
    errno of a read error)."""
    exc = Unreadable(code, why)
    exc.kind = kind
    exc.file = file
    return exc


@dataclass
class FileResult:
    """What one file gives the standings (:func:`file_standings`): ``standings``, those of
    its matches read (None when it could not be opened), and ``error``: None, the OSError of
    opening it (a missing file, a directory, a permission), or the :class:`Unreadable` of
    reading it."""

    standings: "Standings | None"
    error: OSError | None = None


def file_standings(path: str | os.PathLike[str], selection: "Selection | None" = None,
                   name: str | None = None) -> Standings | OSError:
    """The standings of one log file (its matches read one at a time, with their events for
    Sixty-Six's closings and marriages, not the cards held after each; only the matches
    ``selection`` selects, R30), or the OSError that opening it raised.  ``path`` ``-`` is
    standard input (compressed or not, R29).  A file that is opened but not read as a log is
    an :class:`Unreadable`: one whose compressed data breaks off (R29; also named in
    :attr:`Standings.broken`, as ``name``, by default ``path``: the matches up to the break
    are counted only there, see :func:`standings`), one of which not one line is a JSON
    object (R7), one whose reading fails."""
    r = read_standings(path, selection, name)
    if r.error is not None:
        return r.error
    assert r.standings is not None
    return r.standings


def read_standings(path: str | os.PathLike[str], selection: "Selection | None" = None,
                   name: str | None = None) -> FileResult:
    """:func:`file_standings` with both what was counted and the error (:class:`FileResult`):
    a file whose compressed data breaks off gives its standings up to the break and its
    :class:`Unreadable`."""
    s = Standings()
    label = os.fspath(path) if name is None else name
    if os.fspath(path) == "-":
        import sys
        label = STDIN_NAME if name in (None, "-") else name
        if sys.stdin is None:
            return FileResult(None, OSError(errno.EBADF, os.strerror(errno.EBADF), label))
        return _read_into(s, sys.stdin.buffer, label, selection, own=False)
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
        raw = open(path, "rb")
    except OSError as exc:
        return FileResult(None, exc)
    return _read_into(s, raw, label, selection, own=True)


def _read_into(s: Standings, raw: IO[bytes], label: str, selection: "Selection | None",
               own: bool) -> FileResult:
    """Count the matches of the opened ``raw`` into ``s`` (:func:`read_standings`)."""
    try:
        with opened(raw, own=own) as stream:
            with read_log(stream, name=label, steps=True, holdings=False) as reader:
                for m in reader:
                    if selection is None or selection.selects(m.key, m.game, m.players):
                        s.add(m)
            broken = corruption(stream)
            if broken is not None:
                s.broken.append((label, broken.words()))
                return FileResult(s, unreadable("corrupt-compression", label, broken.words()))
            if reader.stats is not None and reader.stats.undecodable:
                return FileResult(s, unreadable("not-a-log", label, "not one line of it is a "
                                                "JSON object: not a log"))
    except OSError as exc:
        return FileResult(None, unreadable("read-error", label, exc.strerror or str(exc),
                                           exc.errno))
    finally:
        if own:
            raw.close()
    return FileResult(s)


def standings_task(name: str, path: str, selection: "Selection | None" = None
                   ) -> FileResult:
    """:func:`read_standings` of the file ``name`` opened at ``path``, as a worker process or
    a Dask worker runs it (:func:`referee.dask.map_files`)."""
    return read_standings(path, selection, name)


def standings(paths: Iterable[str | os.PathLike[str]], *, jobs: int = 1,
              errors: list[tuple[str, OSError]] | None = None,
              selection: "Selection | None" = None, dask: "Client | str | None" = None,
              timeout: float = TIMEOUT) -> Standings:
    """The standings of every match of the log files ``paths`` (R33; module docstring; ``-``
    is standard input, read here whatever ``jobs`` and ``dask`` say).  With ``jobs`` > 1 the
    files are read by that many worker processes (at most :func:`referee.api.worker_cap`);
    with ``dask`` (a ``distributed.Client`` or a scheduler's address) by the workers of that
    Dask cluster (:func:`referee.dask.map_files`, ``timeout`` seconds for a cluster that does
    not answer, then :class:`referee.dask.ClusterLost`); the result is the same, each file's
    standings merged in the order given.

    Every file not read whole as a log is appended to ``errors`` (when given) as (its name,
    an OSError), in the order given, as ``check`` reports it (exit status 2): one that cannot
    be opened (the OSError of opening it: a missing file, a directory), or, on Dask, whose
    workers all died (:class:`referee.dask.WorkerLost`): nothing of it is counted; an
    :class:`Unreadable` for one whose compressed data breaks off (R29: counted up to the
    break, and also named in :attr:`Standings.broken`), one of which not one line is a JSON
    object (R7), one whose reading fails (nothing of these two is counted).  ``selection``
    (:class:`referee.Selection`) counts only the matches it selects (``--match``,
    ``--player``, ``--game``; R30); its finding codes play no part in the standings."""
    from .api import worker_cap
    names = [os.fspath(p) for p in paths]
    total = Standings()
    task = partial(standings_task, selection=selection)
    elsewhere = [n for n in names if n != "-"]  # standard input is this process's alone
    got: Iterator[tuple[str, FileResult | OSError]]
    pool: Any = None
    if dask is not None:
        from .dask import map_files
        got = map_files(task, elsewhere, dask, timeout=timeout)
    else:
        jobs = max(1, min(jobs, worker_cap(), len(elsewhere)))
        if jobs <= 1:
            got = ((n, task(n, n)) for n in elsewhere)
        else:
            from concurrent.futures import ProcessPoolExecutor
            pool = ProcessPoolExecutor(max_workers=jobs)
            got = zip(elsewhere, pool.map(task, elsewhere, elsewhere))
    try:
        for name in names:
            if name == "-":
                _take(total, name, task(name, name), errors)
                continue
            _, r = next(got)
            _take(total, name, r, errors)
    finally:
        close = getattr(got, "close", None)
        if close is not None:  # a Dask run: its client is let go of here
            close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return total


def _take(total: Standings, name: str, r: FileResult | OSError,
          errors: list[tuple[str, OSError]] | None) -> None:
    """Merge one file's result into ``total``; its error, if any, into ``errors``."""
    if isinstance(r, OSError):  # a Dask worker's WorkerLost
        r = FileResult(None, r)
    if r.standings is not None:
        total.merge(r.standings)
    if r.error is not None and errors is not None:
        errors.append((name, r.error))
