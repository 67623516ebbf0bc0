"""Reports of perfect-play analysis (issue 26): ``referee solve`` and ``referee analyse``, as
text and as JSON records (see ``man referee-solve``, ``man referee-analyse``)."""
from __future__ import annotations

from typing import Any, Iterable

import msgspec

from .. import events as ev
from ..games.base import OPEN, MatchEngine
from ..legal import trial
from ..search import Solution
from ..text import visible
from . import Style
from .legal import trick_at
from .words import describe


def _num(x: Any) -> str:
    return f"{x:+g}" if isinstance(x, (int, float)) else str(x)


def said(e: Any, engine: MatchEngine[Any], style: Style) -> str:
    """An event as one readable phrase (escaped)."""
    return visible(describe(e, engine, style) or msgspec.to_builtins(e).get("event", "?"))


def line_words(best: Iterable[Any], engine: MatchEngine[Any], style: Style) -> list[str]:
    """Each event of a line of play said on the engine as it stands before it."""
    out = []
    for e in best:
        out.append(said(e, engine, style))
        engine = trial(engine, e)[1]
    return out


def solve_json(name: str, line: int, match: Any, engine: MatchEngine[Any],
               s: Solution) -> dict[str, Any]:
    """The JSON object of ``referee solve --format json`` (FORMAT.md, since format 1.2)."""
    h = engine.hand
    return {"file": name, "line": line, "game": engine.GAME, "match": match,
            "hand": h.number if h is not None else None, "to_act": list(s.to_act),
            "side": list(s.side), "value": s.value,
            "actions": [{"event": msgspec.to_builtins(e), "value": v} for e, v in s.actions],
            "best": [msgspec.to_builtins(e) for e in s.best]}


def solve_text(name: str, line: int, engine: MatchEngine[Any], s: Solution,
               style: Style) -> str:
    """The text report of ``referee solve``: where, who acts, the value, each action's value
    (the best marked), the best line."""
    h = engine.hand
    assert h is not None
    trick, over = trick_at(engine)
    where = f"hand {h.number}" + (f", trick {trick}" if trick is not None and not over else "")
    side = " and ".join(s.side)
    out = [f"{visible(name)}:{line}: {engine.TITLE}, {where}\n",
           f"to act: {visible(', '.join(s.to_act)) or 'nobody (the hand may end here)'}\n",
           f"value: {_num(s.value)} for {visible(side)} (the declaring side) with best play "
           "by everyone\n"]
    for e, v in s.actions:
        mark = "  best" if v == s.value else ""
        out.append(f"  {said(e, engine, style)}: {_num(v)}{mark}\n")
    out.append("best line: " + ("; ".join(line_words(s.best, engine, style)) or
                                "the hand ends here") + "\n")
    return "".join(out)


def analysis_json(name: str, r: Any) -> dict[str, Any]:
    """One record of ``referee analyse --format json``: a move (FORMAT.md, since format 1.2)
    or a claim checked (``{"file", "line", "hand", "player", "event": {"event": "claim"…},
    "sound", "defence", "trick"}``)."""
    from ..analysis import ClaimCheck
    if isinstance(r, ClaimCheck):
        return {"file": name, "line": r.line, "hand": r.hand, "player": r.player,
                "event": {"event": "claim", "player": r.player}, "sound": r.sound,
                "defence": [msgspec.to_builtins(e) for e in r.defence], "trick": r.trick}
    return {"file": name, "line": r.line, "hand": r.hand, "trick": r.trick, "player": r.player,
            "event": msgspec.to_builtins(r.event), "before": r.before, "after": r.after,
            "cost": r.cost, "best": msgspec.to_builtins(r.best) if r.best is not None else None}


def claim_words(r: Any, style: Style) -> str:
    """A claim checked, as one sentence: sound, or the defence that beats it."""
    if r.sound:
        return (f"{visible(r.player)}'s claim is sound: every remaining trick is theirs "
                "against any defence (A10)")
    line = "; ".join(line_words(r.defence, r.engine, style))
    return (f"{visible(r.player)}'s claim is NOT sound: the defenders win trick {r.trick} "
            f"against this play: {line} (A10)")


def analysis_text(name: str, r: Any, style: Style) -> str:
    """One line of ``referee analyse``: a move with its value before and after and its cost,
    marked ``?`` (it cost something) or ``??`` (it threw away the win: the side's value
    went from above zero to zero or below), and the best move where it cost; or a claim
    checked."""
    from ..analysis import ClaimCheck
    where = f"{visible(name)}:{r.line}: hand {r.hand}"
    if isinstance(r, ClaimCheck):
        return f"{where}: {claim_words(r, style)}\n"
    words = said(r.event, r.engine, style)
    me = r.player in r.side
    b, a = (r.before, r.after) if me else (-r.before, -r.after)
    m = "" if r.cost <= 0 else "??" if b > 0 >= a else "?"
    text = f"{where}, trick {r.trick}: {words}{m}  {_num(r.before)} → {_num(r.after)}"
    if r.cost > 0:
        text += f", cost {r.cost:g}"
        if r.best is not None:
            text += f" (best: {said(r.best, r.engine, style)})"
    return text + "\n"


def claim_check_words(engine: MatchEngine[Any], e: Any, style: Style) -> str | None:
    """The claim check ``history`` prints under an Asszorti claim (A10): ``engine`` is the engine
    just after the claim ``e``.  The claim is played out on a copy, as a dispute would have it
    (A10: the play goes on), and searched: sound, or the play that beats it.  None for a claim
    the engine did not take (an opponent's, one before trumps are named: ``illegal-claim``)
    or in a hand whose holdings are not all known."""
    from ..analysis import ClaimCheck, check_claim
    from ..legal import clone
    h = engine.hand
    decl = engine.declarer_name()
    if h is None or h.mode != OPEN or h.partial or decl is None or h.play is None or \
            getattr(h, "claim", None) is None or getattr(e, "player", None) != decl:
        return None
    twin = clone(engine)
    defender = next(p for p in engine.players if p != decl)
    twin.apply(ev.Dispute(player=defender), h.last_line)
    if twin.hand is None or twin.hand.mode != OPEN:
        return None
    sound, defence, trick = check_claim(twin, decl)
    before = clone(engine)
    r = ClaimCheck(h.last_line, h.number, decl, sound, tuple(defence), trick, before)
    return "claim check: " + claim_words(r, style)
