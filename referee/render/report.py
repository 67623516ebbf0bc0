"""Listeners for ``check`` (findings) and ``score`` (hand results and standings)."""
from __future__ import annotations

from typing import IO, Any

from ..games.commentary import commentary_for
from ..findings import Finding
from ..games.base import HandResult, MatchEngine, Number, tidy
from ..replay import Listener, MatchInfo, MatchSummary
from ..text import visible
from . import (Style, finding_text, fit, json_writer, len_shown, number, signed, to_ascii,
               winners_text)


class FindingPrinter(Listener):
    """Prints each finding: text (``FILE:LINE: error[code]: message``) or JSON Lines."""

    def __init__(self, out: IO[str], fmt: str = "text", style: Style | None = None) -> None:
        self.out = out
        self.fmt = fmt
        self.style = style
        self.writer = json_writer(out) if fmt == "json" else None

    def finding(self, f: Finding) -> None:
        if self.writer is not None:
            obj = f.to_json()
            if self.style is not None and not self.style.symbols:
                obj["message"] = to_ascii(obj["message"])
            self.writer.write(obj)
        else:
            self.out.write(finding_text(f, self.style) + "\n")


class FindingCounter(Listener):
    """Counts findings and prints nothing (``check --quiet`` / ``--summary``)."""

    def __init__(self) -> None:
        self.errors = 0
        self.warnings = 0

    def finding(self, f: Finding) -> None:
        if f.is_error:
            self.errors += 1
        else:
            self.warnings += 1


class Tee(Listener):
    """Passes every call on to several listeners: each method of :class:`Listener` goes to the
    listeners that do something on it, in the order given (worked out once, here)."""

    _METHODS = ("finding", "begin_match", "event", "deal", "trick", "hand", "end_match")

    def __init__(self, *listeners: Listener) -> None:
        from ..replay import listener_wants
        self.listeners = listeners
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


class ScoreCollector(Listener):
    """Collects each match's hands and prints its score table (text) or one JSON object per
    match (FORMAT.md ``score --format json``)."""

    def __init__(self, out: IO[str], fmt: str = "text", style: Style | None = None) -> None:
        self.out = out
        self.fmt = fmt
        self.style = style or Style(symbols=False)
        self.writer = json_writer(out) if fmt == "json" else None
        self.hands: list[HandResult] = []
        self.engine: MatchEngine[Any] | None = None
        self.tally: dict[tuple[str, str], dict[str, Any]] = {}  # the standings so far, per game and player
        self.match_count = 0

    def begin_match(self, info: MatchInfo, engine: MatchEngine[Any]) -> None:
        self.hands = []
        self.engine = engine

    def hand(self, engine: MatchEngine[Any], result: HandResult) -> None:
        self.hands.append(result)

    def end_match(self, s: MatchSummary) -> None:
        obj = {"file": s.info.file, "match": s.info.match, "game": s.info.game,
               "players": s.info.players, "hands": [h.to_json() for h in self.hands],
               "totals": s.totals}
        obj.update(s.extra)
        obj["finished"] = s.finished
        obj["winners"] = s.winners
        self.add_to_tally(s.info.game, s.totals, s.finished, s.winners)
        if self.writer is not None:
            self.writer.write(obj)
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
            lines.append(f"{h.hand:>4}  {fit(h.dealer or '-', dw)}{fit(h.declarer or '-', pw)}"
                         f"{fit(h.contract or '-', kw)}{h.status:<11}{vals}")
        tot = "".join(f"{number(s.totals[p]):>{w}}" for p in players)
        lines.append(f"{'totals':<{lead}}{tot}")
        for k, v in s.extra.items():
            if isinstance(v, dict):
                lines.append(f"{k:<{lead}}" + "".join(f"{number(v.get(p, 0)):>{w}}"
                                                      for p in players))
        if self.engine is not None:
            lines.extend(commentary_for(self.engine).score_notes(self.engine))
        if s.finished:
            lines.append(f"finished: {winners_text(self.engine, s.winners)}")
        else:
            lines.append("not finished")
        lines.append("")
        return "".join(visible(x) + "\n" for x in lines)


    def add_to_tally(self, game: str, totals: dict[str, Number], finished: bool,
                     winners: list[str]) -> None:
        """Count one match into the standings: per game and player, matches, finished, won and
        points.  Memory stays bounded by the players, not the matches."""
        self.match_count += 1
        for p, v in totals.items():
            r = self.tally.setdefault((game, p), {"game": game, "player": p, "matches": 0,
                                                  "finished": 0, "won": 0, "points": 0})
            r["matches"] += 1
            r["finished"] += int(finished)
            r["won"] += int(p in winners)
            r["points"] += v

    def merge(self, other_tally: dict[tuple[str, str], dict[str, Any]], count: int) -> None:

        """Add another collector's tally (``--jobs`` workers) to this one."""
        self.match_count += count
        for key, r in other_tally.items():
            mine = self.tally.setdefault(key, {"game": r["game"], "player": r["player"],
                                               "matches": 0, "finished": 0, "won": 0,
                                               "points": 0})
            for k in ("matches", "finished", "won", "points"):
                mine[k] += r[k]

    def standings(self) -> None:
        """Sum up every match read, per game and player (by name): matches played, finished,
        won (shared wins count for each winner) and the sum of final totals.  Points of
        different games are never added together.  JSON: one object
        ``{"kind": "standings", "standings": [{game, player, matches, finished, won, points}],
        "matches": n}`` (man referee-score)."""
        ordered = sorted((dict(r) for r in self.tally.values()),
                         key=lambda r: (r["game"], -r["won"], -r["points"], r["player"]))
        for r in ordered:
            r["points"] = tidy(r["points"])
        n = self.match_count
        if self.writer is not None:
            self.writer.write({"kind": "standings", "standings": ordered, "matches": n})
            return
        w = max([6] + [len_shown(r["player"]) for r in ordered])
        g = max([4] + [len(r["game"]) for r in ordered])
        out = [f"standings across {n} match{'es' if n != 1 else ''}\n",
               f"{'game':<{g}}  {'player':<{w}}  {'matches':>7} {'finished':>8} {'won':>4} "
               f"{'points':>8}\n"]
        for r in ordered:
            out.append(visible(f"{r['game']:<{g}}  {fit(r['player'], w)}  {r['matches']:>7} "
                               f"{r['finished']:>8} {r['won']:>4} {number(r['points']):>8}")
                       + "\n")
        self.out.write("".join(out))
