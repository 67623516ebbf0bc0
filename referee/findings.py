"""Findings: what the referee reports about a log (referee-log(5), "What the referee prints").

A :class:`Finding` is one irregularity at one physical line.  Its JSON form is exactly the object
of ``check --format json``.  Codes and their default severities are in :data:`CODES`.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, get_args


class Severity(StrEnum):
    """How grave a finding is (referee-log(5)): an ``error`` (a rule violation or a line that cannot be
    read; exit status 1) or a ``warning`` (``incomplete-hand``, ``missing-reveal``, a repaired
    ``revoke``).  A :class:`~enum.StrEnum`: it equals, prints and encodes as its text."""

    ERROR = "error"
    WARNING = "warning"


ERROR = Severity.ERROR
WARNING = Severity.WARNING

FindingCode = Literal[
    "bad-json", "bad-event", "bad-card", "no-match", "unknown-player", "out-of-phase",
    "out-of-turn", "misdeal", "wrong-dealer", "illegal-bid", "illegal-pass", "illegal-contract",
    "illegal-draw", "illegal-discard", "illegal-give", "illegal-kontra", "illegal-trump",
    "card-not-held", "revoke", "illegal-lead", "illegal-marriage", "illegal-exchange",
    "illegal-close", "illegal-declaration", "illegal-claim", "illegal-retract",
    "incomplete-hand", "match-over", "score-mismatch", "missing-reveal", "duplicate-match",
    "duplicate-hand"]
"""The closed set of finding codes (referee-log(5)): a :data:`~typing.Literal` type, so that a code
mistyped anywhere (a report, the severity table, the commentary's ``MESSAGES``) is a type
error; at run time a code is its plain string, as the JSON output writes it."""

CODES: dict[FindingCode, str] = {
    "bad-json": "a line that is not valid UTF-8 JSON, or past the reader's limits",
    "bad-event": "valid JSON that is not a known event of the game with the right fields",
    "bad-card": "a card string that does not parse or is not in the game's deck",
    "no-match": "events before the first match of a file",
    "unknown-player": "a player who is not in the match",
    "out-of-phase": "an event that has no place at this point of the hand",
    "out-of-turn": "a player acting when it is not their turn",
    "misdeal": "a deal with the wrong cards, counts or duplicates",
    "wrong-dealer": "the deal was made by a player whose turn it was not",
    "illegal-bid": "a bid the auction does not allow",
    "illegal-pass": "a pass the auction does not allow",
    "illegal-contract": "a contract the auction does not allow",
    "illegal-draw": "a draw from the boat that the contract does not allow",
    "illegal-discard": "a discard of the wrong cards or number",
    "illegal-give": "a give of cards the rules do not allow",
    "illegal-kontra": "a doubling call by the wrong player or at the wrong time",
    "illegal-trump": "a trump declaration the rules do not allow",
    "card-not-held": "a card the player does not hold",
    "revoke": "failing to follow the rules of play when able",
    "illegal-lead": "a lead the rules forbid",
    "illegal-marriage": "a marriage the rules do not allow",
    "illegal-exchange": "an exchange of the trump card the rules do not allow",
    "illegal-close": "closing the talon when the rules do not allow it",
    "illegal-declaration": "a declaration (going out) the rules do not allow",
    "illegal-claim": "a claim or dispute the rules do not allow",
    "illegal-retract": "a retract the rules do not allow",
    "incomplete-hand": "the log ends in the middle of a hand",
    "match-over": "a deal after the match has ended",
    "score-mismatch": "a recorded score that differs from the referee's totals",
    "missing-reveal": "an Ouvert declarer who did not show the hand before the first card",
    "duplicate-match": "a match read twice: the same id, or the same deals and play (R31)",
    "duplicate-hand": "a hand recorded twice: the same deal and play (R32)",
}

assert set(CODES) == set(get_args(FindingCode)), "CODES describes every code, once"

WARNING_CODES: frozenset[FindingCode] = frozenset({"incomplete-hand", "missing-reveal",
                                                   "duplicate-match", "duplicate-hand"})
"""Codes that are warnings by default (a repaired ``revoke`` is a warning too)."""


@dataclass(slots=True)
class Finding:
    """One irregularity.

    ``line``: 1-based physical line; ``match``: the match id, or its 1-based number in the file;
    ``hand``/``trick``: 1-based numbers or None; ``player``: a name or None.

    Since format 1.1 (referee-log(5)): ``rule`` is the clause applied (``"G13"``, ``"T8"``), or None
    where none is named yet; ``evidence`` the facts the message states, as a JSON object whose
    keys depend on the code (``referee-log.5``), or None: since format 1.2 data only (numbers,
    bools, null, cards, players, suits, lines, rule ids, members of a closed set per key; the
    table is :func:`referee.schema.finding_evidence`), never a sentence; ``cause`` the line of an earlier
    finding this one follows from, or None.
    """

    file: str
    line: int
    severity: Severity
    code: FindingCode
    message: str
    match: str | int | None = None
    hand: int | None = None
    trick: int | None = None
    player: str | None = None
    rule: str | None = None
    evidence: dict[str, Any] | None = None
    cause: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The referee-log(5) object, keys in contract order."""
        return {"file": self.file, "line": self.line, "severity": self.severity,
                "code": self.code, "match": self.match, "hand": self.hand,
                "trick": self.trick, "player": self.player, "message": self.message,
                "rule": self.rule, "evidence": self.evidence, "cause": self.cause}

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def severity_of(code: FindingCode) -> Severity:
    """The default severity of a finding code (warnings: :data:`WARNING_CODES`)."""
    return WARNING if code in WARNING_CODES else ERROR


@dataclass(slots=True)
class Probe(Finding):
    """Not a finding yet: the place where a ``duplicate-match`` or ``duplicate-hand`` would be
    reported (R31, R32), with the fingerprint it is judged by (:mod:`referee.duplicates`).  The
    replay hands it on in line order among the findings, uncounted; the printer of ``check``
    asks its judge whether it is a duplicate.  ``kind``: ``"id"`` (a match's given id),
    ``"match"`` or ``"hand"``; ``key``: the id, or a 16-byte digest; ``match_line``: the line of
    the ``match`` event of the match it belongs to; ``start`` the line where the probed
    copy starts (its ``deal`` or ``match`` event: what a later copy names); ``stats``: the file's
    :class:`~referee.replay.FileStats` to count a duplicate in (serial runs)."""

    kind: str = "hand"
    key: str | bytes = b""
    match_line: int = 0
    start: int = 0
    stats: Any = None
