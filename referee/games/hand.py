"""The records of one hand, shared by every game: :class:`HandState` (the cards, the play, the mode, the
findings' state), :class:`AuctionHand`, an open :class:`Revoke` (G4), and for records of the play
alone (format 1.1, RULINGS G14) a :class:`Sighting` of a card from an unknown holding and a
:class:`Suspect` card that may prove a revoke.

Data only: the rules that change them are the engine's (:mod:`referee.games.base`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from ..cards import Card
from ..facts import HandResult, HandStatus
from .tricks import Duty, TrickOrder, TrickPlay


class HandMode(StrEnum):
    """Where a hand stands: being played; decided (later events are out of phase); skipped
    (G3/G4: the rest of the hand is not refereed)."""

    OPEN = "open"
    DONE = "done"
    SKIP = "skip"


OPEN, DONE, SKIP = HandMode.OPEN, HandMode.DONE, HandMode.SKIP


@dataclass(slots=True)
class Revoke:
    """A card played against the duty to follow, not yet repaired or established (G4).

    ``required``: the cards the player held and should have chosen from; ``led``: the effective
    suit led (a TrickOrder label); ``evidence``: the facts of the finding (``referee-log.5``:
    card, led, suit, led_suit, held, trumps, trick, and the game's :meth:`MatchEngine.revoke_facts`),
    from which the commentary words it (:meth:`~referee.games.commentary.Commentary.revoke_words`)."""

    player: str
    card: Card
    line: int
    trick: int
    led: str
    required: frozenset[Card]
    evidence: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Sighting:
    """A card seen from a holding the record leaves unknown (RULINGS G14): ``card``, the
    ``line`` of the event that showed it and ``how`` (``"played"``, ``"discarded"``,
    ``"given"``, ``"exchanged"``, ``"shown"``, ``"taken"`` for a card named from an unknown
    pile, or ``"left"`` for a card of the only holding left unseen, G14b)."""

    card: Card
    line: int
    how: str


@dataclass(slots=True)
class Suspect:
    """A card played from a holding with unknown cards (blanks) while a duty to follow bound it:
    a possible revoke, proven when cards later seen from the player, which the player held at
    that card, would have made it illegal (RULINGS G14).

    The trick as it stood (``trick`` number, ``who`` played and ``before``: their cards, the lead
    first, with their ``lines``), the contract's ``order`` and ``duty`` are kept so the game's
    own duty decides; ``blanks``: the player's unknown cards right after the card (a later sight
    proves only while the player holds no blank acquired since); ``known``: the cards the player
    surely held at the card (the card itself included), grown by later sights; ``proof``: the
    sight that proved it and ``allowed`` the cards the duty then called for; ``declarer``: the
    hand's declarer at the card (what followed it is passed over, G4: a Sixty-Six declaration
    out after it names nobody).

    A revoke from a known holding, established while an earlier suspect may still be proven,
    waits among the suspects as one already proven (R26): ``revoke`` holds it and the line and
    words of what established it.

    ``retracted``: the line of the ``retract`` that took the card back (G14a).  Such a suspect
    never decides the hand: once proven (by the card played in its place or a later one) it is
    a revoke repaired at that line, a warning; unproven, the retract stands with no finding."""

    player: str
    card: Card
    line: int
    trick: int
    who: tuple[str, ...]
    before: tuple[Card, ...]
    lines: tuple[int, ...]
    order: TrickOrder
    duty: Duty
    blanks: frozenset[Card]
    known: set[Card]
    proof: Sighting | None = None
    allowed: frozenset[Card] | None = None
    declarer: str | None = None
    revoke: tuple[Revoke, int | None, str, dict[str, Any]] | None = None
    retracted: int | None = None


class HandState:
    """One hand (deal to last trick).  Games subclass it to add auction and contract state.

    ``hands``: player → set of cards held now; ``dealt``: the cards dealt (as dealt), for the
    players whose hand the deal gives; ``pile``: the game's extra pile (boat/talon/stock/kitty)
    in the order given.

    A record of the play alone (format 1.1, RULINGS G14) leaves out some hands or the pile: the
    players in ``unknown`` (and the pile unless ``pile_known``) hold *blanks*
    (:func:`referee.cards.blanks`) in place of the cards not given.  A card seen from such a
    holding (played, discarded, given, exchanged, shown) takes a blank's place there
    (:meth:`MatchEngine.reveal`) and is noted in ``seen`` (player → :class:`Sighting` list, in
    line order: the holding as reconstructed; ``pile_seen`` for the pile).  ``suspects``: the
    cards played from such holdings that a later sight may still prove a revoke (line order).
    """

    def __init__(self, number: int, line: int, dealer: str) -> None:
        self.number = number
        self.line = line
        self.last_line = line
        self.dealer = dealer
        self.hands: dict[str, set[Card]] = {}
        self.dealt: dict[str, list[Card]] = {}
        self.pile: list[Card] = []
        self.turned_up: Card | None = None
        """The card the deal turned up outside hands and pile (``TURNED_UP``), once read."""
        self.mode: HandMode = OPEN
        self.status: HandStatus = HandStatus.SCORED
        self.play: TrickPlay | None = None
        self.revoke: Revoke | None = None
        self.result: HandResult | None = None
        self.late_reported = False
        self.ended_line: int | None = None
        self.revoke_established_at: int | None = None
        """The line of the event that established a revoke (the next card, G4), if one did."""
        self.unknown: set[str] = set()
        """Players whose dealt hand the record leaves out (G14)."""
        self.pile_known = True
        """False when the record leaves out the extra pile (G14)."""
        self.inferred: str | None = None
        """The player whose hand the record leaves out but is known as the rest of the deck,
        the only holding left at the deal (G14b); None when there is none."""
        self.seen: dict[str, list[Sighting]] = {}
        self.pile_seen: list[Sighting] = []
        self.suspects: list[Suspect] = []
        self.proof: Sighting | None = None
        """The sight that proved the revoke that decided the hand (G14), if one did."""
        self.partial = False
        """True when the record leaves out any hand or the pile (a record of the play alone)."""

    @property
    def trick_number(self) -> int | None:
        return self.play.trick_number if self.play else None

    def trick_play(self) -> TrickPlay:
        """The play of tricks, once the first card has started it.  Raises RuntimeError before
        (a programming error)."""
        if self.play is None:
            raise RuntimeError("the play has not started")
        return self.play


class AuctionHand(HandState):
    """A hand that opens with an auction: ``phase`` (``"auction"`` first), ``to_act`` (who is to
    speak) and ``passed`` (who has passed, out for the round in every game here)."""

    def __init__(self, number: int, line: int, dealer: str) -> None:
        super().__init__(number, line, dealer)
        self.phase = "auction"
        self.to_act: str | None = None
        self.passed: set[str] = set()
        self.skipped: dict[str, int] = {}
        """Player → line of the out-of-turn call that took their turn: their own call out of
        turn that follows is caused by it (G13, issue 14 item 5)."""


H = TypeVar("H", bound=HandState)
"""A game's hand class (the ``H`` of ``MatchEngine[H]``)."""
