"""The hooks a game implements, in one place: what a game's rules core (a
:class:`~referee.games.base.MatchEngine` subclass) must and may define (issue 25 item 4).

:class:`RequiredHooks` a game must define (the class is refused when it is defined otherwise, a
``TypeError`` naming the game and the hook); :class:`OptionalHooks` it may override (the base has
a default for each).  Twelve in all.  What is the same for many games is data, set as class
attributes of the game (``TRICKS``, ``TURNED_UP``, ``AFTER_HAND``, ``RULE_MINIMUM``, ``TEAMS``
...), not a hook; the handlers of the game's events are registered by event type with
:func:`~referee.games.base.handles`, and a game must handle ``play`` and ``retract``
(:data:`REQUIRED_EVENTS`).

Units: lines are physical log lines (ints); scores are game points (``Number``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, NamedTuple, Protocol, Sequence

from .. import events as ev
from ..cards import Card
from ..facts import HandResult, Number
from .tricks import Duty, TrickState, TrickPlay

if TYPE_CHECKING:  # (types only: the base imports this module)
    from .base import Consequence, Revoke


class PlayCount(NamedTuple):
    """What a game tells the perfect-play search (issue 26) when the declaring side's result
    for a hand is, from some moment of its play on, a nondecreasing function of one count of
    what is won in the rest of the play (:attr:`PlayReading.measure`).

    The count: ``sign`` (1 or -1) times the sum of ``weight`` for each trick (``unit``
    ``"tricks"``) or each card point (``"points"``, the last trick adding ``bonus`` card
    points) that ``players`` win, plus 1 for the first trick won by each player of ``firsts``
    (none yet).  ``steps``: the counts from this state on at which the result changes,
    ascending (None: at every count).  The result is one function of the whole hand's count
    (the count so far and the count from the state on) at every state of the hand's play with
    this measure, its steps apart: the search keeps one value for each span of it."""

    players: frozenset[str]
    unit: str
    sign: int = 1
    weight: int = 1
    bonus: int = 0
    steps: tuple[int, ...] | None = None
    firsts: frozenset[str] = frozenset()

    def without_steps(self) -> "PlayCount":
        """This count with no steps (``steps`` None): the key of the result as one function
        of the whole hand's count, wherever its steps fall."""
        return self._replace(steps=None)


class PlayReading(NamedTuple):
    """What the declaring side's result for a hand reads of a state of its play, for the
    perfect-play search (issue 26): ``key``, such that two states of the play of one hand with
    the same cards still to play and the same key end with the same score for the declaring
    side whatever the rest of the play; ``settled``, the rest of the play can no longer change
    that score; ``measure``, the :class:`PlayCount` that score rises with from this state on
    (None: none); ``bounds``, for each ``k`` from 0 to all of the tricks still to play (``unit``
    ``"tricks"``) or of the card points not yet won (``"points"``, no last-trick bonus), the
    least and the most that score can come to when the declaring side takes exactly ``k`` of
    them, whatever else the rest of the play does (game points; None: not said): the search
    cuts on them, and narrows them by the quick tricks of the player on lead at the end that
    player can force alone (they need not rise with ``k``)."""

    settled: bool
    key: Hashable
    measure: PlayCount | None = None
    bounds: tuple[tuple[Number, Number], ...] | None = None
    unit: str = "tricks"


PlayReader = Callable[[Mapping[str, int], Mapping[str, int], Sequence[tuple[str, bool]], int, int],
                      PlayReading]
"""A game's reading of its contract's play (``ContractData.reading``), called with player →
tricks and player → card points (no last-trick bonus) won so far; the (winner, whether a trump
was played to it) of each trick played among the last three of the hand; the tricks played;
and the card points not yet won (in the hands and on the table)."""


class ContractData(NamedTuple):
    """The current hand's contract as data (:meth:`OptionalHooks.contract`).

    ``declarer``: who plays it (None: nobody); ``name``: the contract as ``score`` prints it
    (None: none named); ``facts``: the API's contract facts, exactly when ``name`` is given
    (``bid``, and ``game``, ``trump``, ``doubled``, ``arrivazs``, ``value`` where the game has
    them); ``card_points``: the card-point table the contract counts tricks by (card → points,
    no last-trick bonus), None where the hand is decided by tricks; ``reading``: what the
    declaring side's result reads of the play (:data:`PlayReader`, for the perfect-play search),
    None where the game does not say (the search then keys on the whole state)."""

    declarer: str | None = None
    name: str | None = None
    facts: dict[str, Any] | None = None
    card_points: Mapping[Card, int] | None = None
    reading: PlayReader | None = None


NO_CONTRACT = ContractData()
"""A hand without a contract (yet)."""

REQUIRED_EVENTS: tuple[type, ...] = (ev.Play, ev.Retract)
"""Events every game handles (a game class without a handler for them is refused)."""


class RequiredHooks(Protocol):
    """What every game defines."""

    def start_hand(self, e: ev.Deal, line: int) -> None:
        """The deal at ``line`` passed the shared checks and ``self.current`` holds its cards
        (``hands``, ``dealt``, ``pile``): set up the hand's own state (who speaks first, the
        trump card ...).  May report findings (and end the hand)."""

    def score_hand(self, line: int) -> None:
        """The hand's last trick is complete (at ``line``) with no revoke open: score it and
        :meth:`~referee.games.base.MatchEngine.finish` it with the game's facts of the result
        (or end it another way)."""

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], Consequence,
                                                 Sequence[str]]:
        """(deltas, consequence, rule ids) for the established revoke ``r``: each player's
        score change (game points), the consequence as facts the commentary words (evidence
        ``consequence``: ``ends``, ``pays``) and the ids of the clauses applied (evidence
        ``penalty_rule``)."""


class OptionalHooks(Protocol):
    """What a game may define; the base's default is said with each."""

    def contract(self) -> ContractData:
        """The current hand's contract as data (:class:`ContractData`), from which its declarer,
        its name, its facts and the card points of its tricks follow.  Default: none."""

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        """Before the first card of a hand (while ``hand.play`` is None): start the play phase,
        check what must come before it.  False if the hand cannot go on (after a finding); on
        True, ``hand.play`` is set.  Default: True when the play has started."""

    def before_card(self, player: str, c: Card, line: int) -> None:
        """A card the player holds is about to be played to the trick (it passed the holding
        and turn checks); the duty to follow is checked next (Sixty-Six: the lead a marriage
        demands).  Called only in a game that defines it."""

    def duty_in_force(self) -> Duty | None:
        """The duty to follow that binds the card about to be played (None: any card may be
        played); it decides the allowed cards and the revokes.  Default: the contract's
        (``hand.play.duty``).  Sixty-Six has none while the talon is open (S1)."""

    def after_trick(self, trick: TrickState, line: int) -> None:
        """A trick is complete (Sixty-Six's draws, a claim's tricks, Eighty-Three's players
        short of cards).  Default: nothing."""

    def revoke_facts(self, player: str, c: Card, tp: TrickPlay) -> dict[str, Any]:
        """Facts of a revoke beyond the shared ones (``referee-log.5``), taken while the trick
        is on the table, for the commentary.  Default: none."""

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """Where card ``c`` is when no player holds it nor has played it: ``{"laid_away_by":
        player}`` (a discard) or ``{"pile": name}`` (Sixty-Six's ``"trump_card"``), for a
        ``card-not-held`` finding's whereabouts; None when the record does not say.  Default:
        the deal's ``PILE`` for a card still in it."""

    def intercept(self, e: Any | None, line: int) -> bool:
        """An event ``e`` of an open hand, before any other check and before the hand's
        ``last_line`` moves to it, or (``e`` None) the record of the open hand stops: True when
        the game has dealt with it (an event is then not applied; a stopped hand is then
        settled, e.g. an undisputed Asszorti claim).  Reached only off the fast path: a game
        that must see every event empties ``fast_handlers`` meanwhile.  Default: False."""

    def after_hand(self, result: HandResult) -> None:
        """After a hand's result (scored, passed out, drawn, penalty or unscored, its
        ``status``): the match end, who deals next (``next_dealers``), the game's keys of the
        result (``extra``).  Default: after an unscored hand the same dealer or the next (G6b,
        R1), else nothing."""


class GameHooks(RequiredHooks, OptionalHooks, Protocol):
    """Every hook of a game (:class:`RequiredHooks` and :class:`OptionalHooks`)."""


def hook_names(protocol: type) -> tuple[str, ...]:
    """The hooks ``protocol`` declares (its public methods), in order."""
    return tuple(n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_"))


REQUIRED_HOOKS = hook_names(RequiredHooks)
OPTIONAL_HOOKS = hook_names(OptionalHooks)
