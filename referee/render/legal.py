"""Output of ``referee legal``: who is to act and the legal actions, grouped by kind."""
from __future__ import annotations

import textwrap
from typing import Any

import msgspec

from .. import events as ev
from ..games.base import MatchEngine
from ..legal import Verdict
from . import Style, card_text, visible


def _kind(e: Any) -> str:
    return type(e).__struct_config__.tag


def _brief(e: Any, engine: MatchEngine, style: Style) -> str:
    d = msgspec.to_builtins(e)
    d.pop("event", None)
    d.pop("player", None)
    if set(d) == {"game", "level"}:
        return f"{d['level']} {d['game']}"
    parts = []
    for k, v in d.items():
        if k == "card":
            parts.append(card_text(engine, v, style))
        elif k == "cards":
            parts.append("[" + " ".join(card_text(engine, x, style) for x in v) + "]")
        else:
            parts.append(f"{k}={v}")
    return " ".join(parts) or "plain"


def to_act(acts: list[Any]) -> list[str]:
    """The players with at least one legal action, in the order first met."""
    out: list[str] = []
    for a in acts:
        p = getattr(a, "player", None)
        if p is not None and p not in out:
            out.append(p)
    return out


def legal_text(name: str, line: int, engine: MatchEngine | None, acts: list[Any], at: Any,
               verdict: Verdict | None, style: Style) -> str:
    """The text report (see ``man referee-legal``).  Text from the log or the command line
    (the file name, players, the fields of the event at ``line``) is shown escaped
    (:func:`~referee.text.visible`) before lines are wrapped."""
    name = visible(name)
    if engine is None:
        return f"{name}:{line}: no match is in play here\n"
    h = engine.hand
    where = f"hand {h.number}" if h is not None else "before the first deal"
    if h is not None and h.play is not None:
        where += f", trick {h.play.trick_number}"
    out = [f"{name}:{line}: {engine.TITLE}, {where}\n"]
    if not acts:
        out.append("nobody is to act here (the hand is over or cannot be followed)\n")
    else:
        out.append(f"to act: {visible(', '.join(to_act(acts)))}\n")
        groups: dict[tuple[str, str], list[str]] = {}
        for a in acts:
            groups.setdefault((visible(getattr(a, "player", "") or ""), _kind(a)), []).append(
                visible(_brief(a, engine, style)))
        for (p, kind), items in groups.items():
            sep = "  " if kind == "play" else "; "
            if all(x == "plain" for x in items):
                out.append(f"  {p} {kind}\n")
                continue
            head = f"  {p} {kind}: "
            out.append(textwrap.fill(sep.join(items), width=100, initial_indent=head,
                                     subsequent_indent=" " * len(head),
                                     break_long_words=False, break_on_hyphens=False) + "\n")
    if at is not None:
        if isinstance(at, ev.ReadError):
            out.append(f"line {line}: unreadable ({at.code}: {visible(at.message)})\n")
        elif verdict is None:
            out.append(f"line {line}: `{_kind(at)}` (not a move within the hand)\n")
        else:
            out.append(f"line {line}: {_kind(at)} {visible(_brief(at, engine, style))} by "
                       f"{visible(str(getattr(at, 'player', '-')))}: "
                       f"{'legal' if verdict.legal else 'NOT legal'}\n")
            for code, sev, msg in verdict.findings:
                out.append(f"  {sev}[{code}]: {visible(msg)}\n")
    return "".join(out)


def legal_json(name: str, line: int, engine: MatchEngine | None, acts: list[Any], at: Any,
               verdict: Verdict | None) -> dict:
    """The JSON report: file, line, game, hand, trick, to_act, legal (events), event,
    event_legal, findings."""
    h = engine.hand if engine is not None else None
    return {
        "file": name, "line": line, "game": engine.GAME if engine else None,
        "hand": h.number if h is not None else None,
        "trick": h.play.trick_number if h is not None and h.play is not None else None,
        "to_act": to_act(acts),
        "legal": [msgspec.to_builtins(a) for a in acts],
        "event": msgspec.to_builtins(at) if at is not None and not isinstance(
            at, ev.ReadError) else None,
        "event_legal": verdict.legal if verdict is not None else None,
        "findings": [{"code": c, "severity": s, "message": m}
                     for c, s, m in (verdict.findings if verdict else [])],
    }
