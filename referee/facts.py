"""What the rules core establishes, as data: the facts an engine's entry points return.

A game engine (:class:`referee.games.base.MatchEngine`) applies an event and *returns* what the
event established, in the order it was established, as a sequence of the records below
(:data:`Facts`): findings (:class:`FindingFact`), an accepted deal (:class:`Dealt`), a complete
trick (:class:`TrickState`), a hand's outcome (:class:`HandResult`, with the facts its result is
worded from) and findings passed over (:class:`Withdrawn`).  The core builds no sentence and calls
nobody back: the replay driver (:mod:`referee.replay`) decides when a finding is final (the
hold-back behind an open revoke) and has the game's commentary word it
(:meth:`referee.games.commentary.Commentary.finding_words`,
:meth:`~referee.games.commentary.Commentary.result_wording`).

An event that establishes nothing (most cards) returns :data:`NO_FACTS`, one shared empty tuple.

This module imports nothing of the games, the renderers or the driver.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping, NamedTuple, Sequence

from .cards import Card
from .findings import FindingCode, Severity
from .model import HandStatus as HandStatus, Number as Number  # the one model's (issue 25 item 5)


def tidy(x: Number) -> Number:
    """A score as an int when it is whole (65.0 → 65), else the float (32.5)."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x




class FindingFact(NamedTuple):
    """A finding as the rules core establishes it (words come later, from the commentary).

    ``code`` (``referee-log.5``), ``line`` (physical line it is reported at), ``severity``;
    ``hand`` (number, None outside a hand), ``trick`` (number, None when not in the play),
    ``player`` (name or None); ``rule``: the most specific clause applied (``"T8"``, ``"G3"``);
    ``evidence``: the facts its message states (keys per code in ``referee-log.5``);
    ``cause``: the line of an earlier finding this one only follows from (G13), else None.
    ``voided``: the finding left the hand unscored and the rest of it skipped (G3), which its
    words say.  ``text``: words given with the finding by whoever reported it (the log
    reader's message for a line it could not read), used instead of the commentary's.
    ``floor``: the engine's finding floor as the finding was established (the lowest line a
    finding of the hand could still come at then, None: none before the next event's;
    :meth:`referee.games.base.MatchEngine.finding_floor`): the driver hands on, up to that
    line, what it holds."""

    code: FindingCode
    line: int
    severity: Severity
    hand: int | None
    trick: int | None
    player: str | None
    rule: str | None
    evidence: dict[str, Any] | None
    cause: int | None = None
    voided: bool = False
    text: str | None = None
    floor: int | None = None


class Dealt(NamedTuple):
    """A deal passed every check and the hand ``hand`` (its number) is open: the engine's
    ``hand`` holds its cards."""

    hand: int


class TrickState:
    """A trick as the engine keeps it (mutable state: what consumers see of a trick is a
    :class:`referee.model.Trick`, made by the driver): its 1-based ``number``; ``who``,
    ``cards`` and ``lines`` give each play's player, card and log line in play order;
    ``winner`` is set once the trick is complete.  ``plays`` gives the same as (player, card,
    line) tuples.  Among an entry point's facts, a trick is
    complete (its ``winner`` set): the engine keeps playing into it no more."""

    __slots__ = ("number", "who", "cards", "lines", "winner")

    def __init__(self, number: int) -> None:
        self.number = number
        self.who: list[str] = []
        self.cards: list[Card] = []
        self.lines: list[int] = []
        self.winner: str | None = None

    def __copy__(self) -> "TrickState":
        twin = TrickState(self.number)
        twin.who, twin.cards, twin.lines, twin.winner = self.who, self.cards, self.lines, self.winner
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "TrickState":
        """A copy with lists of its own (cards and names are shared: immutable).  Written out
        so that a compiled build (mypyc) copies the same as the pure one."""
        twin = TrickState(self.number)
        twin.who, twin.cards, twin.lines = list(self.who), list(self.cards), list(self.lines)
        twin.winner = self.winner
        return twin

    @property
    def plays(self) -> list[tuple[str, Card, int]]:
        """The plays as (player, card, line), in play order."""
        return list(zip(self.who, self.cards, self.lines))

    @property
    def leader(self) -> str | None:
        return self.who[0] if self.who else None

    def __repr__(self) -> str:
        return f"TrickState({self.number}, plays={self.plays!r}, winner={self.winner!r})"


class Withdrawn(NamedTuple):
    """Findings of hand ``hand`` reported at lines after ``after`` are passed over: a revoke
    proven there by a later card (RULINGS G14, G4) decides the hand at that line, and what the
    hand recorded after it is not refereed.  The driver holds them still (the engine's finding
    floor kept them back), and drops them."""

    hand: int
    after: int


class RevokeEnded(NamedTuple):
    """The result facts of a hand an established revoke ended (status ``penalty``): the
    ``revoke`` finding's ``evidence`` (player, penalty, consequence ...)."""

    evidence: Mapping[str, Any]


class Unscored(NamedTuple):
    """The result facts of a hand ended unscored (G3, G5): ``reason``, a value the commentary
    words (``"unfollowable"``: a finding made the record impossible to follow; ``"record-stops"``
    with ``facts["stop"]``, what came instead of the hand's end; or a game's own reason, e.g.
    Sixty-Six's ``"resigned"`` with ``facts["player"]``)."""

    reason: str
    facts: Mapping[str, Any]


Wording = str | Callable[[], str]
"""A hand result's sentence, or the function that words it when first asked for."""


@dataclass(slots=True)
class HandResult:
    """The outcome of one hand, as ``score --format json`` lists it.

    ``deltas``: change of each player's total (game points), bonuses and resets included (G8);
    ``totals``: the totals after the hand; ``status``: scored, passed-out, drawn, penalty,
    irregular or unscored; ``extra``: game-specific keys (Asszorti's ``net``).

    ``facts``: what the result is worded from, given by the rules core: a game's own record of a
    scored or passed-out hand (Thirty-Three's ``Outcome``, Sixty-Six's ``DealEnd`` ...),
    :class:`RevokeEnded` or :class:`Unscored`.  :attr:`summary`, one readable sentence, is the
    commentary's: the replay driver sets ``wording`` to it, or to the function that words it
    from ``facts`` alone when first asked for (``history`` and the API ask; ``check`` and
    ``score`` do not, so a scored hand's result is never worded for them).  Results compare
    equal whatever their facts and wording."""

    hand: int
    line: int
    dealer: str | None
    declarer: str | None
    contract: str | None
    status: HandStatus
    deltas: dict[str, Number]
    totals: dict[str, Number]
    facts: Any = field(default=None, repr=False, compare=False)
    extra: dict[str, Any] = field(default_factory=dict)
    wording: Wording = field(default="", repr=False, compare=False)

    @property
    def summary(self) -> str:
        """The result in one readable sentence (``history``'s result line, the API's
        ``Hand.summary``); worded on first asking when ``wording`` is a function."""
        w = self.wording
        if not isinstance(w, str):
            w = self.wording = w()
        return w

    def to_json(self) -> dict[str, Any]:
        """The result as ``score --format json`` writes it (scores tidied)."""
        out = {"hand": self.hand, "line": self.line, "dealer": self.dealer,
               "declarer": self.declarer, "contract": self.contract, "status": self.status,
               "deltas": {k: tidy(v) for k, v in self.deltas.items()},
               "totals": {k: tidy(v) for k, v in self.totals.items()}}
        for k, v in self.extra.items():
            out[k] = v
        return out


Fact = FindingFact | Dealt | TrickState | HandResult | Withdrawn
"""One thing an engine's entry point established."""

Facts = Sequence[Fact]
"""What an engine's entry point returns: the facts in the order they were established."""

NO_FACTS: Facts = ()
"""The facts of an event that established nothing (shared: no allocation per card)."""
