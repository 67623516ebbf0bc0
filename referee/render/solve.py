"""Reports of perfect-play analysis (issue 26): ``referee solve`` and ``referee analyse``, as
text and as JSON records (see ``man referee-solve``, ``man referee-analyse``).  They read the
values of :mod:`referee.search` and :mod:`referee.analysis`, never an engine."""
from __future__ import annotations

from typing import Any, Iterable, Iterator

import msgspec

from ..model import HandAnalysis
from ..text import visible
from . import Style
from .words import describe


def _num(x: Any) -> str:
    return f"{x:+g}" if isinstance(x, (int, float)) else str(x)


def said(e: Any, deck: Any, style: Style) -> str:
    """An event as one readable phrase (escaped)."""
    return visible(describe(e, deck, style) or msgspec.to_builtins(e).get("event", "?"))


def line_words(best: Iterable[Any], deck: Any, style: Style) -> list[str]:
    """Each event of a line of play said."""
    return [said(e, deck, style) for e in best]


def solve_json(r: Any) -> dict[str, Any]:
    """The JSON object of ``referee solve --format json`` (FORMAT.md, since format 1.2) from a
    :class:`referee.search.SolveReport`."""
    s = r.solution
    return {"file": r.file, "line": r.line, "game": r.game, "match": r.match, "hand": r.hand,
            "to_act": list(s.to_act), "side": list(s.side), "value": s.value,
            "actions": [{"event": msgspec.to_builtins(e), "value": v} for e, v in s.actions],
            "best": [msgspec.to_builtins(e) for e in s.best]}


def solve_text(r: Any, style: Style) -> str:
    """The text report of ``referee solve``: where, who acts, the value, each action's value
    (the best marked), the best line."""
    s = r.solution
    where = f"hand {r.hand}" + (f", trick {r.trick}" if r.trick is not None else "")
    side = " and ".join(s.side)
    out = [f"{visible(r.file)}:{r.line}: {r.title}, {where}\n",
           f"to act: {visible(', '.join(s.to_act)) or 'nobody (the hand may end here)'}\n",
           f"value: {_num(s.value)} for {visible(side)} (the declaring side) with best play "
           "by everyone\n"]
    for e, v in s.actions:
        mark = "  best" if v == s.value else ""
        out.append(f"  {said(e, r.deck, style)}: {_num(v)}{mark}\n")
    out.append("best line: " + ("; ".join(line_words(s.best, r.deck, style)) or
                                "the hand ends here") + "\n")
    return "".join(out)


def analysis_json(name: str, r: Any) -> dict[str, Any]:
    """One record of ``referee analyse --format json``: a move (FORMAT.md, since format 1.2)
    or a claim checked (``{"file", "line", "hand", "player", "event": {"event": "claim"…},
    "sound", "defence", "trick"}``)."""
    if hasattr(r, "sound"):
        return {"file": name, "line": r.line, "hand": r.hand, "player": r.player,
                "event": {"event": "claim", "player": r.player}, "sound": r.sound,
                "defence": [msgspec.to_builtins(e) for e in r.defence], "trick": r.trick}
    return {"file": name, "line": r.line, "hand": r.hand, "trick": r.trick, "player": r.player,
            "event": msgspec.to_builtins(r.event), "before": r.before, "after": r.after,
            "cost": r.cost, "best": msgspec.to_builtins(r.best) if r.best is not None else None}


def analysis_text(name: str, r: Any, style: Style) -> str:
    """One line of ``referee analyse``: a move with its value before and after and its cost,
    marked ``?`` (it cost something) or ``??`` (it threw away the win: the side's value
    went from above zero to zero or below), and the best move where it cost; or a claim
    checked."""
    where = f"{visible(name)}:{r.line}: hand {r.hand}"
    if hasattr(r, "sound"):
        from ..claims import claim_words
        return f"{where}: {claim_words(r, style.symbols)}\n"
    from ..analysis import cost_mark
    words = said(r.event, r.deck, style)
    m = cost_mark(r)
    text = f"{where}, trick {r.trick}: {words}{m}  {_num(r.before)} → {_num(r.after)}"
    if r.cost > 0:
        text += f", cost {r.cost:g}"
        if r.best is not None:
            text += f" (best: {said(r.best, r.deck, style)})"
    return text + "\n"


class HandAnalyses:
    """The analyses of a log's hands (``history --analyse``: :func:`referee.analysis.appraise`,
    (the line of each hand's deal, its :class:`~referee.model.HandAnalysis`) in line order),
    read as a renderer reaches each hand: :meth:`of` passes over those of hands it skipped
    (``--hand``, a selection), so memory holds one."""

    def __init__(self, analyses: Iterable[tuple[int, HandAnalysis]]) -> None:
        self._it: Iterator[tuple[int, HandAnalysis]] = iter(analyses)
        self._pending: tuple[int, HandAnalysis] | None = None

    def of(self, deal_line: int) -> HandAnalysis | None:
        """The analysis of the hand dealt at ``deal_line`` (None: there is none; a later hand's
        stays for its turn).  OSError from the log read for it propagates."""
        while True:
            if self._pending is None:
                self._pending = next(self._it, None)
                if self._pending is None:
                    return None
            line, a = self._pending
            if line > deal_line:
                return None
            self._pending = None
            if line == deal_line:
                return a


def analysis_words(a: HandAnalysis) -> str:
    """A hand's analysis in a sentence (``history --analyse``): which moves were valued (how
    many, their lines, from which trick), how many cost points, and where and why the analysis
    stopped, or why the hand was not analysed."""
    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'s' * (n != 1)}"
    if a.moves:
        first, last = a.moves[0], a.moves[-1]
        costly = sum(1 for v in a.moves if v.cost)
        said = (f"Analysed with perfect play by everyone: {plural(len(a.moves), 'move')} "
                f"valued, lines {first.line}-{last.line}, from trick {first.trick} (moves are "
                f"valued once {a.depth} tricks or fewer are left); "
                f"{plural(costly, 'move')} cost points (marked after the card: ? it cost "
                "points, ?? it threw away the result)")
        if a.why:
            said += f"; not analysed further: {a.why}"
    elif a.claims:
        said = "Analysed with perfect play: " + (a.why or "the claim is checked")
    else:
        said = f"Not analysed: {a.why or 'nothing to value'}"
    return said + "."
