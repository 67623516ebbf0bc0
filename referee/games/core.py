"""The typed layer the parts of a game engine share: :class:`EngineCore`.

The engine (:class:`~referee.games.base.MatchEngine`) is put together from parts by job, each a
mixin: :mod:`~referee.games.seating` and :mod:`~referee.games.auction` (the table, auctions),
:mod:`~referee.games.deals` (deal checks), :mod:`~referee.games.play` (card play and revokes,
G4), :mod:`~referee.games.alone` (records of the play alone, G14) and the base itself (the match
life cycle, dispatch, findings, results).  The parts call one another (a revoke established
settles the suspects of the play alone, which may establish a revoke ...); :class:`EngineCore`
states, for the type checker only, the engine's state and the methods one part uses of another,
so that each part type-checks on its own.  At run time it adds nothing to the class (no
attribute, no lookup): every method is found where it is defined, by the usual method
resolution, and the hot path (``apply`` → ``on_play``) is the same plain call as before.
"""
from __future__ import annotations

from types import EllipsisType
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Literal

from ..cards import Card, Deck
from ..facts import Fact, Facts, HandResult, HandStatus, Number
from ..findings import FindingCode, Severity
from .auction import Auctions
from .hand import HandState, Revoke
from .tricks import Duty

if TYPE_CHECKING:
    from .. import events as ev
    from .hooks import ContractData


class EngineCore(Auctions):
    """The state and cross-part methods of a game engine, as annotations (see the module
    docstring); the values are set by :class:`~referee.games.base.MatchEngine` and the games."""

    GAME: ClassVar[str]
    DECK: ClassVar[Deck]
    HAND_SIZE: ClassVar[int]
    PILE: ClassVar[str | None]
    PILE_SIZE: ClassVar[int]
    TRICKS: ClassVar[int]
    TURNED_UP: ClassVar[str | None]
    TURNED_FROM_HAND: ClassVar[bool]
    HandClass: ClassVar[type[HandState]]
    REVOKE_RULE: ClassVar[str]
    ROTATION: ClassVar[Literal["left", "clockwise", "winner"]]
    _DUTY_IS_THE_CONTRACTS: ClassVar[bool]
    _HOOKS_BEFORE_CARD: ClassVar[bool]
    _PARSED: ClassVar[dict[str, Card]]

    hand: HandState | None
    established: list[Fact]
    hand_count: int
    skipping: bool
    next_dealers: set[str] | None
    dealer_cause: int | None

    if TYPE_CHECKING:  # defined by the parts (each its own); stated here for the others
        @property
        def current(self) -> HandState: ...

        def report(self, code: FindingCode, line: int, message: str | None, *,
                   player: str | None = None, severity: Severity | None = None,
                   trick: int | None = -1, rule: str | None = None,
                   evidence: dict[str, Any] | None = None, cause: int | None = None,
                   voided: bool = False) -> None: ...

        def void(self, code: FindingCode, line: int, message: str | None,
                 player: str | None = None, *, rule: str | None = None,
                 evidence: dict[str, Any] | None = None, cause: int | None = None) -> None: ...

        def irregular(self, code: FindingCode, line: int, message: str | None,
                      player: str | None = None, *, rule: str | None = None,
                      evidence: dict[str, Any] | None = None,
                      cause: int | None = None) -> None: ...

        def card(self, text: str, line: int, player: str | None = None) -> Card | None: ...

        def cards(self, texts: Iterable[str], line: int,
                  player: str | None = None) -> list[Card] | None: ...

        def _take(self) -> Facts: ...

        def start_hand(self, e: ev.Deal, line: int) -> None: ...

        def score_hand(self, line: int) -> None: ...

        def finish(self, declarer: str | None, contract: str | None,
                   deltas: dict[str, Number], facts: Any, status: HandStatus | None = None,
                   extra: dict[str, Any] | None = None) -> HandResult: ...

        def declarer_name(self) -> str | None: ...

        def contract_name(self) -> str | None: ...

        def contract(self) -> ContractData: ...

        def establish_revoke(self, line: int | None, how: str = "hand-ended", *,
                             declarer: str | None | EllipsisType = ...,
                             **facts: Any) -> None: ...

        def start_revoke(self, player: str, c: Card, line: int,
                         allowed: frozenset[Card]) -> None: ...

        def report_repaired(self, r: Revoke, line: int | None, rule: str = "G4") -> None: ...

        def duty_in_force(self) -> Duty | None: ...

        def settle_suspects(self, final: bool) -> bool: ...

        def reveal(self, player: str | None, cs: Iterable[Card], line: int, how: str,
                   pile: int = 0) -> None: ...

        def where_is(self, c: Card) -> dict[str, Any] | None: ...

        def _suspect(self, player: str, c: Card, line: int) -> None: ...
