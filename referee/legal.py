"""Legal actions: what the player(s) to act could legally do at a point of a hand (issue 6).

There is no second copy of the rules here.  Each engine proposes candidate events
(:meth:`~referee.games.base.MatchEngine.candidates`, a superset); an event is legal when a copy of
the engine applies it without any finding.  So "legal" means exactly "the referee would accept it".
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from . import events as ev
from .games.base import MatchEngine, OPEN


class _Quiet:
    """A context that only remembers findings (for trial application)."""

    def __init__(self) -> None:
        self.findings: list[tuple[str, str, str]] = []

    def report(self, code, line, message, *, severity, hand=None, trick=None, player=None):
        self.findings.append((code, severity, message))

    def on_deal(self, engine):
        pass

    def on_trick(self, engine, trick):
        pass

    def on_hand(self, engine, result):
        pass


def clone(engine: MatchEngine) -> MatchEngine:
    """A deep copy of ``engine`` reporting into a fresh quiet context (the original is untouched)."""
    ctx = engine.ctx
    engine.ctx = None
    try:
        twin = copy.deepcopy(engine)
    finally:
        engine.ctx = ctx
    twin.ctx = _Quiet()
    return twin


@dataclass(slots=True)
class Verdict:
    """Whether one event would be accepted: ``legal``; else the ``findings`` (code, severity,
    message) the referee would report."""

    event: Any
    legal: bool
    findings: list[tuple[str, str, str]]


def judge(engine: MatchEngine, e: Any, line: int = 0) -> Verdict:
    """Apply ``e`` to a copy of ``engine`` and say whether it is legal: no finding at all, but
    for the warning that a ``retract`` repairs a revoke (G4: that is the lawful repair)."""
    twin = clone(engine)
    try:
        twin.apply(e, line)
    except Exception as exc:  # a crash is a bug, but it must never pass for legal
        return Verdict(e, False, [("internal-error", "error", repr(exc))])
    found = [f for f in twin.ctx.findings
             if not (isinstance(e, ev.Retract) and f[0] == "revoke" and f[1] == "warning")]
    h = twin.hand
    if h is not None and h.revoke is not None:  # a revoke is reported only once it is settled
        found.append(("revoke", "error", h.revoke.text))
    return Verdict(e, not found, found)


def legal_actions(engine: MatchEngine) -> list[Any]:
    """Every candidate event the engine accepts without a finding, in the engine's order."""
    h = engine.hand
    if h is None or h.mode != OPEN:
        return []
    return [e for e in engine.candidates() if judge(engine, e).legal]
