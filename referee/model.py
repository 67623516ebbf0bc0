"""The one model of a refereed log: the value objects every consumer sees.

A :class:`Match` holds its :class:`Hand` objects, each with its :class:`Trick` objects (each a
sequence of :class:`Play`), its findings (:class:`referee.findings.Finding`), its auction
(:class:`Call`), contract (:class:`Contract`) and, read with steps, its :class:`Step` objects;
:class:`HandStatus` is how a hand was settled.  The public API (:mod:`referee.api`, ``import
referee``) gives them, and the renderers, ``diff``, ``--follow``, Dask and the command line
read them, never an engine: :mod:`referee.values` makes them from an engine's state (for the
replay driver, whose listeners get them, and for the API), and the engines keep their mutable
state to themselves (:class:`HandStatus` is the engine's own too).  This module imports nothing of the engine, the driver, the
log reader or a renderer (only :mod:`referee.findings`), so everything can import it.

Conventions: cards are their canonical text (``"10H"``, ``"QS"``, ``"JK"`` for the joker).
Lines are 1-based physical lines of the log.  Scores are game points (:data:`Number`).
Objects are frozen (their mappings are plain dicts: treat them as read-only).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .findings import Finding

if TYPE_CHECKING:  # (the log reader's names only: the model stands below the reader)
    from .events import GameName

Number = int | float
"""A score in game points: an ``int``, or a ``float`` where halves occur (``32.5``)."""


class HandStatus(StrEnum):
    """How a hand was settled (referee-log(5), ``score --format json``).  A :class:`~enum.StrEnum`: it
    equals, prints and encodes as its text (``HandStatus.PENALTY == "penalty"``)."""

    SCORED = "scored"
    """Played and scored by the rules."""
    PASSED_OUT = "passed-out"
    """Everybody passed (Thirty-Three: the same dealer deals again)."""
    DRAWN = "drawn"
    """A drawn deal (Sixty-Six S7: nobody scores)."""
    PENALTY = "penalty"
    """A rule's penalty decided it (an established revoke, G4)."""
    IRREGULAR = "irregular"
    """Scored as played, but a violation was found in it (G2)."""
    UNSCORED = "unscored"
    """The record of the hand could not be followed (G3, G5, G7): nobody scores."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card played: ``player``, ``card`` (canonical text, ``"10H"``) and the ``line`` of its
    ``play`` event."""

    player: str
    card: str
    line: int


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick of a hand.

    ``number``: 1-based within the hand; ``plays``: the cards in playing order, the lead first;
    ``winner``: who took it, or None when the hand ended before the trick was complete (a revoke
    established, a claim, a record that stops).  A retracted card (G4) is not in ``plays``.
    ``points``: the card points of its cards as the hand's contract counts them (no bonus for
    the last trick, nothing for discards), None where the contract is decided by tricks (a
    misère, Asszorti) or no contract counts cards.
    """

    number: int
    plays: tuple[Play, ...]
    winner: str | None
    points: int | None = None

    @property
    def leader(self) -> str | None:
        """Who led the trick (None for a trick with no card yet)."""
        return self.plays[0].player if self.plays else None

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards in playing order (canonical text)."""
        return tuple(p.card for p in self.plays)

    @property
    def line(self) -> int | None:
        """The line of the lead (None for a trick with no card yet)."""
        return self.plays[0].line if self.plays else None

    @property
    def complete(self) -> bool:
        """True once every player has played to it and its winner is known."""
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class Step:
    """One event of a hand as the table saw it, with the state it left (``read_log(...,
    steps=True)``; what ``history --format html`` replays).

    ``line``: the event's line; ``event``: its name in the log (``"deal"``, ``"bid"``,
    ``"play"`` …); ``player``: who acted (None for a deal, ``score`` or an ``end`` by the table);
    ``cards``: the cards the event names (a play's or retract's card, the cards discarded,
    given or drawn), canonical where they are cards of the game, else as written; ``text``:
    the event in ``history``'s words (``"Anna bids 20 hearts"``; empty for a card
    played and a deal, which the trick and the diagram show); ``notes``: the lines the engine
    adds for what the event did beyond itself (Sixty-Six's draws, a closed talon; under a deal,
    ``history``'s lines below the hands: the trump card, the teams); ``note``: the
    log's own ``note``; ``ignored``: True for an event after the hand was over (skipped);
    ``held``: each player's cards after the event, in the game's display order (the order
    ``history`` sorts a hand in); ``table``: the cards of the trick on the table after it (the trick
    this event completed, or the one being played; empty between tricks); ``trick``: that
    trick's number; ``winner``: its winner when this event completed it; ``contract`` and
    ``declarer``: as they stand after the event (``history``'s words for the contract);
    ``hidden``: in a record of the play alone (format 1.1, RULINGS G14), how many cards not
    seen yet each player whose hand is not recorded holds (``held`` has only the cards seen),
    else None.  ``hand``: the number of the hand the event belongs to (None before the first
    deal of a match, or outside a match); ``before``: how many of ``notes`` come before the
    event's own line in ``history`` (Sixty-Six's draw after a trick, which has no log line of
    its own), the rest after it; ``deal_notes``: under a deal, the lines ``history`` shows
    below the hands as (label, text) pairs (also at the end of ``notes`` as ``label: text``);
    ``establishes_revoke``: True for a card that established an open revoke (RULINGS G4): the
    hand ended at it, and it is in no trick.  Cards are canonical text.
    """

    line: int
    event: str
    player: str | None
    cards: tuple[str, ...]
    text: str
    notes: tuple[str, ...]
    note: str | None
    ignored: bool
    held: dict[str, tuple[str, ...]]
    table: tuple[Play, ...]
    trick: int | None
    winner: str | None
    contract: str | None
    declarer: str | None
    hidden: dict[str, int] | None = None
    hand: int | None = None
    before: int = 0
    deal_notes: tuple[tuple[str, str], ...] = ()
    establishes_revoke: bool = False
    claim_check: str | None = None
    """Under an Asszorti claim, for a listener that reads ``Reads.CLAIMS`` (``history``): the
    claim checked against every defence (A10, issue 26), one sentence; else None."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a line of play the solver gives (:attr:`MoveValue.best`,
    :attr:`ClaimVerdict.defence`): ``player``, ``event`` (its name in the log: ``"play"``,
    ``"close"``, ``"marriage"`` …), ``cards`` (canonical text: a play's card, a marriage's
    pair), ``text``: the action in ``history``'s words (``"Bob closes the talon"``; empty for
    a card played, which ``cards`` says)."""

    player: str
    event: str
    cards: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A move of the play valued under perfect play (``history --analyse``; ``referee
    analyse``'s record, issue 26, ruling R34): its ``line``, ``trick``, ``player``; ``side``:
    the declaring side; ``before``/``after``: the position's value (the change of the first
    player of ``side``'s score for the hand, game points) before and after the move; ``cost``:
    what the move lost for the side that made it (never negative); ``mark``: as annotators
    mark chess moves (R36): ``""`` it cost nothing, ``"?"`` it cost points, ``"??"`` it threw
    away the result (the mover's side was above zero before it and is at zero or below
    after it); ``best``: a best line of play from the moment before the move to the end of
    the hand (its first action: a best move there)."""

    line: int
    trick: int | None
    player: str
    side: tuple[str, ...]
    before: Number
    after: Number
    cost: Number
    mark: str
    best: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """An Asszorti claim checked (A10): ``line``, the claiming ``player``; ``sound`` when
    every remaining trick is theirs against any defence; else ``defence``: a line of play
    (the claimer's best tries, the defenders' answers) up to ``trick``, the first trick the
    defenders win."""

    line: int
    player: str
    sound: bool
    defence: tuple[Action, ...] = ()
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """How a hand was analysed under perfect play (``history --analyse``, :attr:`Hand.analysis`;
    issue 26): ``depth``: moves are valued once this many tricks or fewer are left; ``moves``:
    each move valued, in line order (:class:`MoveValue`); ``claims``: each claim checked
    (:class:`ClaimVerdict`); ``stopped``: the line where the analysis stopped (the hand's first
    irregularity, a claim), None where it went to the end; ``why``: why the hand was not
    analysed, or not to its end, in words (empty when it was, to its end)."""

    depth: int
    moves: tuple[MoveValue, ...] = ()
    claims: tuple[ClaimVerdict, ...] = ()
    stopped: int | None = None
    why: str = ""


@dataclass(frozen=True, slots=True)
class Seen:
    """A card seen from a holding the record leaves out (format 1.1, RULINGS G14): ``card``
    (canonical text), ``line`` of the event that showed it, ``how`` (``"played"``,
    ``"discarded"``, ``"given"``, ``"exchanged"``, ``"shown"``)."""

    card: str
    line: int
    how: str


@dataclass(frozen=True, slots=True)
class Contract:
    """A hand's contract as data (:attr:`Hand.terms`, :attr:`Table.contract`): what the auction
    settled, or, during an Asszorti or Eighty-Three auction, the standing bid (exactly when
    ``score`` names a contract: Thirty-Three's is formed when the auction ends).

    ``declarer``: who plays it (Eighty-Three: the bid winner; None before the auction names one);
    ``bid``: the winning or standing bid as the log writes it — Thirty-Three's ``level`` (18 …
    28, ``"slam"``, ``"slam-hand"``, ``"slam-ouvert"``), Asszorti's ``bid`` (``"3"``, ``"2"``,
    ``"1"``, ``"hand"``), Eighty-Three's ``points`` (30 … 83); ``game``: Thirty-Three's game
    (``"hearts"``, ``"nines"``, ``"no-trump"``, ``"misere"`` …), else None; ``trump``: the trump
    suit's name (``"hearts"``), None where no suit is trumps (no trumps; Thirty-Three's Nines,
    No Trump and Misère) or none is named yet; ``doubled``: Eighty-Three's 83 doubled;
    ``arrivazs``: Asszorti's arrivázs announced; ``value``: Thirty-Three's contract value (CV,
    game points), else None; ``text``: the contract as ``score`` prints it and
    :attr:`Hand.contract` holds it (``"20 hearts"``, ``"83 dbl diamonds"``)."""

    declarer: str | None
    bid: str | int
    text: str
    game: str | None = None
    trump: str | None = None
    doubled: bool = False
    arrivazs: bool = False
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """One call of a hand's auction, as the log made it (:attr:`Hand.auction`): ``line``,
    ``player``, ``event`` (``"bid"``, ``"pass"``, ``"hold"``, ``"contract"``, or a doubling:
    ``"kontra"``, ``"rekontra"``, ``"szubkontra"``, ``"hirskontra"``, ``"mordkontra"``), and
    what it names: ``bid`` (Thirty-Three's ``level``, Asszorti's ``bid``, Eighty-Three's
    ``points``; None for a pass, a hold, a doubling), ``game`` (Thirty-Three), ``doubled``
    (Eighty-Three), ``target`` and ``against`` (a doubling's).  A call the referee refused is
    still here: its finding is at its line."""

    line: int
    player: str
    event: str
    bid: str | int | None = None
    game: str | None = None
    doubled: bool = False
    target: str | None = None
    against: str | None = None


@dataclass(frozen=True, slots=True)
class Holding:
    """What one player holds now (:attr:`Table.holdings`): ``cards``, the cards known to be in
    the hand (canonical text, in the game's display order, as ``history`` sorts a hand), and
    ``unknown``, how many more the player holds that the record has not shown (a record of the
    play alone, format 1.1, RULINGS G14; 0 when the hand is recorded)."""

    cards: tuple[str, ...]
    unknown: int = 0

    @property
    def count(self) -> int:
        """How many cards the player holds, known or not."""
        return len(self.cards) + self.unknown

    @property
    def known(self) -> bool:
        """True when every card held is known (``unknown`` is 0)."""
        return self.unknown == 0


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand (a ``deal`` and what follows it up to the next).

    ``number``: 1-based in the match, redeals included; ``line``: the line of its ``deal``;
    ``dealer``: None if the deal named nobody of the match; ``declarer``/``contract``: as
    ``score`` prints them, None where the game or hand has none; ``status``: how it was settled,
    None while a :class:`Table`'s hand is still being played; ``deltas``: each player's change of
    total in game points (bonuses and resets included, G8) and ``totals``: the totals after it
    (both empty while the hand is not settled; Eighty-Three keys them by player, partners alike);
    ``tricks``: completed tricks and, last, one the hand ended in; ``findings``: those of this
    hand, by line; ``dealt``: each player's cards as dealt (empty when the deal was rejected);
    ``pile``: the game's extra pile as dealt (boat, talon, stock or kitty); ``summary``: the
    result in one sentence; ``extra``: game-specific keys of ``score --format json`` (Asszorti's
    zero-sum ``net``); ``steps``: every event of the hand in order, each with the state it left
    (:class:`Step`), when read with ``steps=True`` (else empty); a ``score`` or ``end`` between
    this hand and the next is among them.  A record of the play alone (format 1.1, RULINGS
    G14) leaves hands out: ``unknown`` names those players (``dealt`` has no entry for them;
    ``pile`` is empty when the pile is not recorded either), ``seen`` gives each of them the
    cards seen from their holding in line order (:class:`Seen`: the holding as reconstructed)
    and ``unseen`` how many of their cards were never seen; both None when every hand is
    recorded; ``inferred`` names a player whose hand the record leaves out but who holds the
    only holding left, the rest of the deck (RULINGS G14b): that hand is in ``dealt`` and the
    player not in ``unknown``.  ``terms``: the contract as data (:class:`Contract`; ``contract`` is its text, as
    ``score`` prints it); ``auction``: the hand's calls in line order (:class:`Call`);
    ``ended``: the line the hand ended at (a card after an undisputed claim may be read in the
    same event), or while it is open the line of its last event.  ``analysis``: the hand's
    moves valued under perfect play (:class:`HandAnalysis`), when ``history --analyse``
    attaches them; else None.
    """

    number: int
    line: int
    dealer: str | None
    declarer: str | None
    contract: str | None
    status: HandStatus | None
    deltas: dict[str, Number]
    totals: dict[str, Number]
    tricks: tuple[Trick, ...]
    findings: tuple[Finding, ...]
    dealt: dict[str, tuple[str, ...]]
    pile: tuple[str, ...]
    summary: str = ""
    extra: dict[str, Any] | None = None
    steps: tuple[Step, ...] = ()
    unknown: tuple[str, ...] = ()
    inferred: str | None = None
    seen: dict[str, tuple[Seen, ...]] | None = None
    unseen: dict[str, int] | None = None
    terms: Contract | None = None
    auction: tuple[Call, ...] = ()
    ended: int | None = None
    analysis: HandAnalysis | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """One refereed match of a log (a ``match`` event and what follows it up to the next).

    ``file``: the name findings use; ``number``: 1-based among the file's ``match`` events;
    ``id``: the log's ``id`` (None if it has none); ``key``: the id, else the number (what a
    finding's ``match`` says); ``game``: its log name; ``players``: in seating order; ``rules``:
    the variant options, defaults filled in; ``line``: the line of the ``match`` event;
    ``hands``: in order; ``totals``: each player's final total (game points; Asszorti: the score
    sheet's, RULINGS A8); ``finished``/``winners``: whether the match reached its end (RULINGS
    G9) and who won (ties share); ``findings``: the match's findings that are in none of its
    hands (``score-mismatch``, ``match-over``, an event before the first deal …), by line;
    ``extra``: game-specific keys of ``score --format json`` (Asszorti's ``net`` and ``debt``);
    ``teams``: the sides in seating order of their first member (Eighty-Three: two pairs,
    partners sitting opposite; elsewhere one player per side).
    """

    file: str
    number: int
    id: str | int | None
    game: GameName
    players: tuple[str, ...]
    rules: dict[str, Any]
    line: int
    hands: tuple[Hand, ...]
    totals: dict[str, Number]
    finished: bool
    winners: tuple[str, ...]
    findings: tuple[Finding, ...]
    extra: dict[str, Any] | None = None
    teams: tuple[tuple[str, ...], ...] = ()

    @property
    def key(self) -> str | int:
        """The match's ``id``, or its number in the file when it has none (as findings name it)."""
        return self.id if self.id is not None else self.number

    def all_findings(self) -> list[Finding]:
        """Every finding of the match, its hands' included, by line (as ``check`` prints them)."""
        out = list(self.findings)
        for h in self.hands:
            out.extend(h.findings)
        out.sort(key=lambda f: f.line)
        return out


@dataclass(frozen=True, slots=True)
class Log:
    """A whole log file read by :func:`read_file`: its refereed ``matches``; ``findings`` outside
    every refereed match (before the first ``match``, a match that cannot be refereed and its
    skipped events); ``errors``/``warnings``: counts over all findings of the file;
    ``undecodable``: True when the file had content but not one line of it is a JSON object
    (prose, a binary file, JSON numbers or strings; ruling R7; ``referee`` exits with status 2)."""

    file: str
    matches: tuple[Match, ...]
    findings: tuple[Finding, ...]
    errors: int
    warnings: int
    undecodable: bool

    def all_findings(self) -> list[Finding]:
        """Every finding of the file, by line."""
        out = list(self.findings)
        for m in self.matches:
            out.extend(m.all_findings())
        out.sort(key=lambda f: f.line)
        return out
