"""Listeners for ``check`` (findings) and ``score`` (hand results and standings)."""
from __future__ import annotations

import csv
from typing import IO, Any, Iterable, Iterator

import msgspec

from ..findings import Finding, Probe
from ..model import Hand, Number
from ..facts import tidy
from ..replay import Listener, MatchInfo, MatchSummary, Reads
from ..text import visible
from . import (Style, finding_text, fit, json_writer, len_shown, number, signed, to_ascii,
               winners_text)


class FindingPrinter(Listener):
    """Prints each finding: text (``FILE:LINE: error[code]: message``) or JSON Lines.

    ``judge``: what a :class:`~referee.findings.Probe` (a place where a duplicate may be
    reported, :mod:`referee.duplicates`) is given to: a ``DuplicateJudge`` (the finding it
    returns, if any, is printed there) or a ``ProbeRecorder`` (a worker's: a mark is written
    there, for the parent to put the finding in); None: probes are passed over."""

    def __init__(self, out: IO[str], fmt: str = "text", style: Style | None = None,
                 judge: Any = None) -> None:
        self.out = out
        self.fmt = fmt
        self.style = style
        self.writer = json_writer(out) if fmt == "json" else None
        self.judge = judge

    def finding(self, f: Finding) -> None:
        if type(f) is Probe:
            if self.judge is None:
                return
            found = self.judge.probe(f)
            if found is None:
                if self.judge.mark:
                    self.out.write(self.judge.mark)
                return
            f = found
        if self.writer is not None:
            obj = f.to_json()
            if self.style is not None and not self.style.symbols:
                obj["message"] = to_ascii(obj["message"])
            self.writer.write(obj)
        else:
            self.out.write(finding_text(f, self.style) + "\n")


class FindingCounter(Listener):
    """Counts findings and prints nothing (``check --quiet`` / ``--summary``); ``judge`` as
    :class:`FindingPrinter`'s (a worker's marks are written to ``out``)."""

    def __init__(self, judge: Any = None, out: IO[str] | None = None) -> None:
        self.errors = 0
        self.warnings = 0
        self.judge = judge
        self.out = out

    def finding(self, f: Finding) -> None:
        if type(f) is Probe:
            if self.judge is None:
                return
            found = self.judge.probe(f)
            if found is None:
                if self.judge.mark and self.out is not None:
                    self.out.write(self.judge.mark)
                return
            f = found
        if f.is_error:
            self.errors += 1
        else:
            self.warnings += 1


class Tee(Listener):
    """Passes every call on to several listeners: each method of :class:`Listener` goes to the
    listeners that do something on it, in the order given (worked out once, here)."""

    _METHODS = ("start", "finding", "begin_match", "event", "deal", "trick", "hand",
                "end_match")

    def __init__(self, *listeners: Listener) -> None:
        from ..replay import listener_wants
        self.listeners = listeners
        self.reads = Reads.NONE
        for x in listeners:
            self.reads |= x.reads
        self._wanted = {}
        for name in self._METHODS:
            targets = tuple(getattr(x, name) for x in listeners if listener_wants(x, name))
            self._wanted[name] = bool(targets)
            setattr(self, name, targets[0] if len(targets) == 1 else _fan_out(targets))

    def wants(self, method: str) -> bool:
        """True if any listener does something on ``method``."""
        return self._wanted[method]


def _fan_out(targets: tuple[Any, ...]) -> Any:
    def call(*args: Any) -> None:
        for f in targets:
            f(*args)
    return call


def hand_json(h: Hand) -> dict[str, Any]:
    """A settled hand as ``score --format json`` writes it (referee-log(5)): hand, line,
    dealer, declarer, contract, status, deltas and totals (scores tidied), then the game's own
    keys (Asszorti's ``net``)."""
    out: dict[str, Any] = {"hand": h.number, "line": h.line, "dealer": h.dealer,
                           "declarer": h.declarer, "contract": h.contract, "status": h.status,
                           "deltas": {k: tidy(v) for k, v in h.deltas.items()},
                           "totals": {k: tidy(v) for k, v in h.totals.items()}}
    if h.extra:
        out.update(h.extra)
    return out


class StandingsRow(msgspec.Struct, gc=False):
    """One row of ``score --standings --format json`` (man referee-score): a struct, smaller
    than a dict, for the standings may hold many players."""

    game: str
    player: str
    matches: int
    finished: int
    won: int
    points: Number


Tally = dict[str, dict[str, list[Any]]]
"""The standings of :class:`ScoreCollector`: game → player → [matches, finished, won, points]."""


def csv_seats() -> int:
    """How many players' columns the score sheet has: the most seats of a registered game."""
    from ..games import SPECS
    return max((spec.seats for spec in SPECS.values()), default=0)


def csv_header() -> list[str]:
    """The first row of ``score --format csv`` (man referee-score, FORMAT.md): ``file, match,
    hand, line, dealer, declarer, contract, status``, then ``delta N, total N`` for each seat N
    of :func:`csv_seats` (each player's change of total and total after the hand, in seat
    order), then ``game`` and ``player N`` for each seat (who sits there): every column
    FORMAT.md names is where it puts it, and what it does not name comes after them."""
    head = ["file", "match", "hand", "line", "dealer", "declarer", "contract", "status"]
    seats = range(1, csv_seats() + 1)
    for n in seats:
        head += [f"delta {n}", f"total {n}"]
    return head + ["game"] + [f"player {n}" for n in seats]


FORMULA_STARTS = ("=", "+", "-", "@")
"""What a spreadsheet may take a cell starting with for a formula (CSV injection); such a text
cell is written with a leading ``'`` (man referee-score).  A tab or carriage return, the other
starts OWASP names, never begins a cell: they are escaped (``\\t``) as in all output."""


def csv_text(text: str | None) -> str:
    """A text cell of the score sheet: the log's text escaped as all output escapes it
    (:func:`~referee.text.visible`), with a ``'`` before it when it starts as a formula would
    (:data:`FORMULA_STARTS`); None is the empty cell."""
    if text is None:
        return ""
    shown = visible(text)
    return "'" + shown if shown.startswith(FORMULA_STARTS) else shown


def csv_rows(s: MatchSummary, hands: Iterable[Hand]) -> Iterator[list[Any]]:
    """One row per hand of the match ``s`` (:func:`csv_header`): each seat's change of total
    and total after the hand, as numbers (halves as ``.5``), then the game and each seat's
    player; the columns of seats the game does not have are empty."""
    seats = csv_seats()
    players = s.info.players[:seats]
    empty = seats - len(players)
    key = s.info.match
    fixed = [csv_text(s.info.file), csv_text(str(key)) if isinstance(key, str) else key]
    names = [s.info.game, *(csv_text(p) for p in players), *[""] * empty]
    for h in hands:
        row: list[Any] = [*fixed, h.number, h.line, csv_text(h.dealer), csv_text(h.declarer),
                          csv_text(h.contract), h.status]
        for p in players:
            row += [tidy(h.deltas.get(p, 0)), tidy(h.totals.get(p, 0))]
        row += [""] * (2 * empty)
        yield row + names


class ScoreCollector(Listener):
    """Collects each match's hands and prints its score table (text) or one JSON object per
    match (referee-log(5) ``score --format json``)."""

    MAX_PLAYERS = 1_000_000
    """The most (game, player) pairs the standings tally (about 200 bytes each, so at most
    about 200 MB); a player first met beyond them is counted in :attr:`left_out` instead."""

    def __init__(self, out: IO[str], fmt: str = "text", style: Style | None = None,
                 standings: bool = False) -> None:
        self.out = out
        self.fmt = fmt
        self.style = style or Style(symbols=False)
        self.writer = json_writer(out) if fmt == "json" else None
        self.sheet = csv.writer(out, lineterminator="\r\n") if fmt == "csv" else None
        self.hands: list[Hand] = []
        self.standings_asked = standings
        self.tally: Tally = {}
        """The standings so far (only with ``standings``): game → player → [matches, finished,
        won, points].  Without ``standings`` nothing is kept per player beyond the match in
        play."""
        self.match_count = 0
        self.tallied = 0  # (game, player) pairs in the tally
        self.left_out = 0
        """Players not tallied because the tally already held :attr:`MAX_PLAYERS`."""

    reads = Reads.RESULTS

    def begin_match(self, info: MatchInfo) -> None:
        self.hands = []

    def hand(self, hand: Hand) -> None:
        self.hands.append(hand)

    def end_match(self, s: MatchSummary) -> None:
        obj = {"file": s.info.file, "match": s.info.match, "game": s.info.game,
               "players": s.info.players, "hands": [hand_json(h) for h in self.hands],
               "totals": s.totals}
        obj.update(s.extra)
        obj["finished"] = s.finished
        obj["winners"] = s.winners
        self.match_count += 1
        if self.standings_asked:
            self.add_to_tally(s.info.game, s.totals, s.finished, s.winners)
        if self.writer is not None:
            self.writer.write(obj)
        elif self.sheet is not None:
            self.sheet.writerows(csv_rows(s, self.hands))
        else:
            self.out.write(self.table(s))
        self.hands = []

    def table(self, s: MatchSummary) -> str:
        """The score table of one match.  Each line is built from the log's text as it stands,
        padded to the width that text takes once escaped, then escaped as a whole
        (:func:`~referee.text.visible`)."""
        players = s.info.players
        w = max(7, *(len_shown(p) + 1 for p in players))
        head = f"{s.info.file}: match {s.info.match} ({s.info.game}): {', '.join(players)}"
        cols = "".join(fit(p, w, ">") for p in players)
        dw = max([7] + [len_shown(h.dealer or "-") + 1 for h in self.hands])
        pw = max([9] + [len_shown(h.declarer or "-") + 1 for h in self.hands])
        kw = max([9] + [len_shown(h.contract or "-") + 1 for h in self.hands])
        lead = 6 + dw + pw + kw + 11
        lines = [head, f"{'hand':>4}  {'dealer':<{dw}}{'declarer':<{pw}}{'contract':<{kw}}"
                       f"{'status':<11}{cols}"]
        for h in self.hands:
            vals = "".join(f"{signed(h.deltas[p]):>{w}}" for p in players)
            lines.append(f"{h.number:>4}  {fit(h.dealer or '-', dw)}{fit(h.declarer or '-', pw)}"
                         f"{fit(h.contract or '-', kw)}{h.status:<11}{vals}")
        tot = "".join(f"{number(s.totals[p]):>{w}}" for p in players)
        lines.append(f"{'totals':<{lead}}{tot}")
        for k, v in s.extra.items():
            if isinstance(v, dict):
                lines.append(f"{k:<{lead}}" + "".join(f"{number(v.get(p, 0)):>{w}}"
                                                      for p in players))
        lines.extend(s.notes)
        if s.finished:
            lines.append(f"finished: {winners_text(s.info.teams, s.winners)}")
        else:
            lines.append("not finished")
        lines.append("")
        return "".join(visible(x) + "\n" for x in lines)


    def add_to_tally(self, game: str, totals: dict[str, Number], finished: bool,
                     winners: list[str]) -> None:
        """Count one match's players into the standings: per game and player, matches,
        finished, won and points.  Memory grows with the players (at most :attr:`MAX_PLAYERS`
        of them), never with the matches."""
        self._add(game, ((p, [1, int(finished), int(p in winners), v])
                         for p, v in totals.items()))

    def _add(self, game: str, rows: Iterable[tuple[str, list[Any]]]) -> None:
        per = self.tally.get(game)
        if per is None:
            per = self.tally[game] = {}
        for p, add in rows:
            r = per.get(p)
            if r is None:
                if self.tallied >= self.MAX_PLAYERS:
                    self.left_out += 1
                    continue
                self.tallied += 1
                per[p] = list(add)
                continue
            for k in range(4):
                r[k] += add[k]

    def merge(self, other_tally: "Tally", count: int, left_out: int = 0) -> None:
        """Add another collector's tally (``--jobs`` workers) to this one."""
        self.match_count += count
        self.left_out += left_out
        for game, per in other_tally.items():
            self._add(game, per.items())

    def standings(self) -> None:
        """Sum up every match read, per game and player (by name): matches played, finished,
        won (shared wins count for each winner) and the sum of final totals.  Points of
        different games are never added together.  JSON: one object
        ``{"kind": "standings", "standings": [{game, player, matches, finished, won, points}],
        "matches": n}`` (man referee-score)."""
        # sorted as (game, most won, most points, name); rows are made one at a time
        ordered = sorted((g, -r[2], -r[3], p, r) for g, per in self.tally.items()
                         for p, r in per.items())
        n = self.match_count
        if self.writer is not None:
            obj: dict[str, Any] = {"kind": "standings", "standings": [
                StandingsRow(g, p, r[0], r[1], r[2], tidy(r[3])) for g, _, _, p, r in ordered],
                "matches": n}
            if self.left_out:
                obj["left_out"] = self.left_out
            self.writer.write(obj)
            return
        w = max([6] + [len_shown(row[3]) for row in ordered])
        gw = max([4] + [len(row[0]) for row in ordered])
        write = self.out.write
        write(f"standings across {n} match{'es' if n != 1 else ''}\n"
              f"{'game':<{gw}}  {'player':<{w}}  {'matches':>7} {'finished':>8} {'won':>4} "
              f"{'points':>8}\n")
        for g, _, _, p, r in ordered:
            write(visible(f"{g:<{gw}}  {fit(p, w)}  {r[0]:>7} {r[1]:>8} {r[2]:>4} "
                          f"{number(tidy(r[3])):>8}") + "\n")
        if self.left_out:
            write(f"and {self.left_out} player results not tallied: the standings hold at "
                  f"most {self.MAX_PLAYERS} players\n")
