"""What every game engine shares: the match and hand life cycle and the dispatch of events,
findings with their consequences (RULINGS G), results.

:class:`MatchEngine` is put together from parts by job, each a mixin in a module of its own:
:class:`~referee.games.deals.Deals` (deal checks: misdeal, wrong-dealer, rotation, G3, G6),
:class:`~referee.games.play.Play` (card play with revokes and retracts, G4),
:class:`~referee.games.alone.Alone` (records of the play alone, G14),
:class:`~referee.games.auction.Auctions` and :class:`~referee.games.seating.Seating` (auctions,
the table); :class:`~referee.games.core.EngineCore` types what they use of one another.

A game module subclasses :class:`MatchEngine`, states its tables as class attributes (deck, hand
size, the extra pile), registers a handler per event type of its vocabulary (:func:`handles`), and
fills in the hooks: ``start_hand``, ``score_hand``, ``revoke_penalty`` and, when it has one, a
match-end test.  The replay driver (:mod:`referee.replay`) calls only :meth:`MatchEngine.deal`,
:meth:`MatchEngine.apply`, :meth:`MatchEngine.close_hand`, :meth:`MatchEngine.end` and reads
:meth:`MatchEngine.standings`.

Scores are numbers of game points (``int``, or ``float`` where halves occur, kept exact).
"""
from __future__ import annotations

import functools
import types

from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Generic, Iterable, Literal, Mapping,
                    TypedDict)
from typing import TypeVar, Union, cast

from ..cards import Card, CardError, Deck
from ..facts import NO_FACTS, Fact, Facts, FindingFact, Unscored
from ..facts import HandResult as HandResult, HandStatus as HandStatus, Number as Number
from ..facts import tidy as tidy  # (these four are the games' and tests' names for them too)
from ..findings import FindingCode, Severity, severity_of
from .. import events as ev
from . import RULES_CORES
from .alone import Alone
from .deals import Deals
from .play import Play
from .hand import DONE as DONE, OPEN as OPEN, SKIP as SKIP, AuctionHand as AuctionHand, H
from .hand import HandState as HandState, HandMode as HandMode, Revoke as Revoke, Sighting as Sighting
from .hand import Suspect as Suspect
from .hooks import NO_CONTRACT, REQUIRED_EVENTS, REQUIRED_HOOKS, ContractData
from .seating import Seating

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    from . import GameSpec


def handles(*kinds: type) -> Callable[[F], F]:
    """Register the decorated method as the game's handler of events of the types ``kinds``
    (``@handles(ev.Bid)``): it is called as ``handler(self, event, line)`` for each such event
    of an open hand.  A game registers the shared card play by naming it, e.g. ``on_play =
    handles(ev.Play)(MatchEngine.on_play)``: the function is copied (the base's is left
    unmarked, for other games), no wrapper is added (no cost per card)."""
    def mark(f: F) -> F:
        g = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__,
                               f.__closure__)
        functools.update_wrapper(g, f)
        del g.__dict__["__wrapped__"]
        g.__kwdefaults__ = f.__kwdefaults__
        g.__handles__ = getattr(f, "__handles__", ()) + kinds  # type: ignore[attr-defined]
        return cast(F, g)
    return mark




class MatchEngine(Deals, Play, Alone, Generic[H]):
    """Base of a game's match engine (see the module docstring), generic in its hand class ``H``.

    Class attributes a game sets: ``SPEC`` (its declaration, a :class:`referee.games.GameSpec`,
    from which the class takes ``GAME`` (its log name), ``TITLE``, ``PLAYERS`` (seats), ``DECK``
    and ``PILE`` (the deal field of the extra pile): they are said once, there), ``HAND_SIZE``,
    ``PILE_SIZE``, ``RULES`` (option → (type, default)), and where they apply
    ``RULE_MINIMUM``, ``TRICKS``, ``TURNED_UP``, ``AFTER_HAND``, ``SUMMARY_KEYS``, ``TEAMS``,
    ``DISPLAY_ORDER``, ``REVOKE_RULE``, ``ROTATION``.  Its handlers are registered by event
    type (:func:`handles`); its hooks are those of :mod:`referee.games.hooks`.  A game class
    (one with a ``GAME``) without a required hook or a handler of ``play`` or ``retract`` is
    refused when it is defined (``TypeError``)."""

    SPEC: ClassVar[GameSpec]
    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    PLAYERS: ClassVar[int] = 0
    DECK: ClassVar[Deck]
    HAND_SIZE: ClassVar[int] = 0
    PILE: ClassVar[str | None] = None
    PILE_SIZE: ClassVar[int] = 0
    RULES: ClassVar[dict[str, tuple[type, Any]]] = {}
    RULE_MINIMUM: ClassVar[dict[str, int]] = {}
    """The least value of a whole-number rules option (Sixty-Six's ``target``: 1); an option
    left null is not checked."""
    TRICKS: ClassVar[int] = 0
    """Tricks in a hand, when the hand ends after that many (0: when no card is left)."""
    TURNED_UP: ClassVar[str | None] = None
    """The deal field of one card turned up outside hands and pile (Sixty-Six's
    ``trump_card``): read with the deal, a misdeal when missing (``hand.turned_up``)."""
    TURNED_FROM_HAND: ClassVar[bool] = False
    """True when the card turned up (``TURNED_UP``) is one of the dealt cards (say, the
    dealer's last card), not one dealt outside hands and pile (Sixty-Six's)."""
    AFTER_HAND: ClassVar[frozenset[type]] = frozenset()
    """Event types the game applies between hands too (Sixty-Six's ``resign``, ``timeout``)."""
    SUMMARY_KEYS: ClassVar[tuple[str, ...]] = ()
    """Engine attributes (player → game points) a match's summary gives beside its totals
    (Asszorti's ``net`` and ``debt``)."""
    HandClass: ClassVar[type[HandState]] = HandState
    HANDLED: ClassVar[frozenset[type]] = frozenset()
    """The event types the game has a handler of (:func:`handles`): its vocabulary beside
    ``match``, ``deal``, ``score`` and ``end``, which the driver applies."""
    _HANDLERS: ClassVar[dict[type, Any]] = {}
    _PLAIN_HANDLERS: ClassVar[dict[type, Any]] = {}
    _DUTY_IS_THE_CONTRACTS: ClassVar[bool] = True
    _HOOKS_BEFORE_CARD: ClassVar[bool] = False
    _PARSED: ClassVar[dict[str, Card]] = {}
    DISPLAY_ORDER: ClassVar[tuple[Card, ...] | None] = None
    REVOKE_RULE: ClassVar[str] = ""
    """The clause of the game's revoke rule, the ``rule`` of an established ``revoke``."""
    ROTATION: ClassVar[Literal["left", "clockwise", "winner"]] = "left"
    """How the deal passes (G6; evidence ``rotation`` of ``wrong-dealer``): ``"left"`` (to the
    dealer's left), ``"clockwise"`` (Thirty-Three's words for the same), ``"winner"`` (to the
    winner of the previous deal, Sixty-Six S8)."""

    def __init__(self, players: list[str], rules: Mapping[str, Any] | None = None) -> None:
        Seating.__init__(self, players)
        self.rules = self.check_rules(rules)
        self.established: list[Fact] = []
        """The facts established since the driver's last call (:mod:`referee.facts`), in order;
        each entry point returns them (:meth:`_take`) and starts afresh."""
        self.totals: dict[str, Number] = {p: 0 for p in self.players}
        self.hand_count = 0
        self.hand: H | None = None
        self.finished = False
        self.winners: list[str] = []
        self.next_dealers: set[str] | None = None  # None: any dealer is accepted
        self.skipping = False  # after an unreadable line outside a hand: skip to the next deal
        self.dealer_cause: int | None = None
        """The line of a finding after which the next dealer could not be known (an unreadable
        deal line, a dealer not in the match): a ``wrong-dealer`` that follows names it as its
        ``cause`` (G13, issue 14 item 5)."""
        self.others: dict[str, frozenset[str]] = {
            p: frozenset(q for q in self.players if q != p) for p in self.players}
        """Player → every other player of the match (an auction is won when all of them have
        passed, :meth:`auction_won_by`)."""
        self.fast_handlers: dict[type, Any] = self._PLAIN_HANDLERS
        """The handlers :meth:`apply` may call straight away, for an event of an open hand that
        names one player of the match: the game's own table, or empty while the game wants every
        event to pass its :meth:`intercept` first (Asszorti's standing claim)."""

    # --- match set-up ---------------------------------------------------------------------

    @classmethod
    def players_problem(cls, players: list[str]) -> dict[str, Any] | None:
        """Why the list of players cannot start a match of this game, as facts (evidence of a
        ``bad-event`` at the ``match``, referee-log(5)), or None if it can: ``{"reason":
        "player-count", "needed": n, "named": m}``, ``{"reason": "duplicate-player"}``,
        ``{"reason": "empty-player"}``."""
        if len(players) != cls.PLAYERS:
            return {"reason": "player-count", "needed": cls.PLAYERS, "named": len(players)}
        if len(set(players)) != len(players):
            return {"reason": "duplicate-player"}
        if any(not p for p in players):
            return {"reason": "empty-player"}
        return None

    @classmethod
    def check_rules(cls, rules: Mapping[str, Any] | None) -> dict[str, Any]:
        """The variant options with defaults filled in.  Raises :class:`RulesError` for an
        unknown option or a value of the wrong type."""
        out = {k: d for k, (_, d) in cls.RULES.items()}
        for k, v in (rules or {}).items():
            if k not in cls.RULES:
                raise RulesError(cls.GAME, "unknown-option", k)
            typ, _ = cls.RULES[k]
            if v is None:
                continue
            if typ is int and (isinstance(v, bool) or not isinstance(v, int)) or \
                    typ is bool and not isinstance(v, bool) or \
                    typ is str and not isinstance(v, str):
                raise RulesError(cls.GAME, "option-type", k, expected_type=typ.__name__, value=v)
            out[k] = v
        for k, least in cls.RULE_MINIMUM.items():
            if out[k] is not None and out[k] < least:
                raise RulesError(cls.GAME, "option-range", k, minimum=least, value=out[k])
        return out

    @property
    def current(self) -> H:
        """The hand in play (``self.hand`` known to be there): for handlers, which run only
        inside a hand.  Raises RuntimeError when no hand is open (a programming error)."""
        h = self.hand
        if h is None:
            raise RuntimeError("no hand is open")
        return h

    # --- findings -------------------------------------------------------------------------

    def report(self, code: FindingCode, line: int, message: str | None, *, player: str | None = None,
               severity: Severity | None = None, trick: int | None = -1, rule: str | None = None,
               evidence: dict[str, Any] | None = None, cause: int | None = None,
               voided: bool = False) -> None:
        """Establish a finding in the current hand (trick defaults to the trick being played):
        a :class:`~referee.facts.FindingFact` among the facts the entry point returns.

        ``rule`` is the most specific clause applied (``"T8"``, ``"G3"``), ``evidence`` the facts
        the message states (keys per code in ``referee-log.5``), ``cause`` the line of an
        earlier finding this one follows from (G13), ``voided`` that it leaves the hand
        unscored (G3).  ``message`` is None from the rules core, which builds no words: the
        game's commentary words the finding from (code, rule, evidence) when the driver hands
        it on; only a message given from outside (the log reader's) is passed.  Evidence is
        built only here, off the hot path."""
        h = self.hand
        if trick == -1:
            trick = h.trick_number if h is not None and h.mode == OPEN else None
        self.established.append(FindingFact(
            code, line, severity or severity_of(code), h.number if h is not None else None,
            trick, player, rule, evidence, cause, voided, message, self.finding_floor()))

    def _take(self) -> Facts:
        """The facts established since the last call, handed over (the list starts afresh);
        the shared :data:`~referee.facts.NO_FACTS` when there are none (no allocation)."""
        out = self.established
        if not out:
            return NO_FACTS
        self.established = []
        return out

    PHASE_WORDS: ClassVar[dict[str, str]] = {}
    """Transitional (issue 14): how findings name each phase of a hand (``"auction"`` →
    ``"during the auction"``); read by the commentary alone
    (:meth:`~referee.games.commentary.Commentary.phase_words`), which falls back to these."""

    def out_of_phase(self, e: Any, line: int, rule: str = "G10") -> None:
        """``e`` (an event, or its name) has no place in the hand's phase: ``out-of-phase``, the
        hand unscored (G10).  Evidence: ``event`` (its name) and ``phase`` (the hand's phase,
        where it has one); the commentary words where the event came from the two
        (:meth:`~referee.games.commentary.Commentary.out_of_phase_when`)."""
        name = e if isinstance(e, str) else event_name(e)
        h = self.hand
        evidence: dict[str, Any] = {"event": name}
        phase = getattr(h, "phase", None)
        if phase is not None:
            evidence["phase"] = phase
        self.void("out-of-phase", line, None, getattr(e, "player", None), rule=rule,
                  evidence=evidence)

    def require_phase(self, e: Any, line: int, *want: str) -> bool:
        """True if the hand is in one of the phases ``want``; else :meth:`out_of_phase` and
        False."""
        phase: str = getattr(self.hand, "phase")  # read on every call: not self.current
        if phase in want:
            return True
        self.out_of_phase(e, line)
        return False

    def irregular(self, code: FindingCode, line: int, message: str | None, player: str | None = None,
                  *, rule: str | None = None, evidence: dict[str, Any] | None = None,
                  cause: int | None = None) -> None:
        """A violation applied as recorded (G2): report it; the hand becomes ``irregular``."""
        self.report(code, line, message, player=player, rule=rule, evidence=evidence,
                    cause=cause)
        if self.hand is not None and self.hand.status == HandStatus.SCORED:
            self.hand.status = HandStatus.IRREGULAR

    def void(self, code: FindingCode, line: int, message: str | None, player: str | None = None,
             *, rule: str | None = None, evidence: dict[str, Any] | None = None,
             cause: int | None = None) -> None:
        """An event that cannot have happened (G3): report it, make the hand ``unscored`` and skip
        the rest of it up to the next deal."""
        h = self.hand
        if h is not None and h.mode == OPEN and h.suspects and self.settle_suspects(True):
            return  # a revoke proven before this line decided the hand (G14, G4)
        voided = h is not None and h.mode == OPEN
        self.report(code, line, message, player=player, rule=rule, evidence=evidence,
                    cause=cause, voided=voided)
        if voided:
            assert h is not None  # voided only inside a hand
            self._unscored(h, "unfollowable")

    def _unscored(self, h: HandState, reason: str, facts: Mapping[str, Any] | None = None) -> None:
        """End hand ``h`` unscored (G3, G5): nobody scores, the rest of it is skipped.
        ``reason`` says why, as a value the commentary words into the result's summary
        (:meth:`~referee.games.commentary.Commentary.unscored_summary`): ``"unfollowable"``
        (a finding made the record impossible to follow, G3), ``"record-stops"`` (``facts``:
        ``stop``, what came instead of the hand's end, G5), or a game's own reason."""
        h.ended_line = h.last_line
        h.mode = SKIP
        h.status = HandStatus.UNSCORED
        h.revoke = None
        h.suspects.clear()
        r = self._emit(h, self.declarer_name(), self.contract_name(), HandStatus.UNSCORED,
                       {p: 0 for p in self.players}, Unscored(reason, facts or {}))
        self.after_hand(r)

    # --- card helpers -----------------------------------------------------------------------

    def card(self, text: str, line: int, player: str | None = None) -> Card | None:
        """Parse one card of the deck, or report ``bad-card`` (G7: hand unscored) and give None."""
        try:
            return self.DECK.parse(text)
        except CardError as exc:
            self.void("bad-card", line, None, player, rule="G7",
                      evidence={"text": text if isinstance(text, str) else repr(text),
                                "problem": exc.problem, "game": self.GAME,
                                "deck_size": len(self.DECK)})
            return None

    def cards(self, texts: Iterable[str], line: int, player: str | None = None) -> list[Card] | None:
        """Parse a list of cards (see :meth:`card`); None after a ``bad-card`` finding."""
        seen = list(map(self._PARSED.get, texts))  # notations seen before: one C-level pass
        if None not in seen:
            return seen  # type: ignore[return-value]  # no None in it, checked just above
        out: list[Card] = []
        cache = self._PARSED
        for t in texts:
            c = cache.get(t) if type(t) is str else None
            if c is None:
                c = self.card(t, line, player)
                if c is None:
                    return None
            out.append(c)
        return out

    def name(self, c: Card) -> str:
        """A card's readable name (``10♥``, ``Bug``)."""
        return self.DECK.name(c)

    def names(self, cs: Iterable[Card]) -> str:
        return " ".join(self.DECK.name(c) for c in cs)

    def holds(self, player: str, cs: Iterable[Card], line: int, how: str = "shown") -> bool:
        """True if ``player`` holds every card of ``cs``; else ``card-not-held`` (G3) and False.
        Cards of an unknown holding are seen there first (:meth:`reveal`, ``how`` they were
        seen: ``"discarded"``, ``"given"``, ``"exchanged"``, ``"shown"``)."""
        h = self.hand
        assert h is not None  # asked inside a hand
        hand = h.hands[player]
        if hand.issuperset(cs):
            return True
        if h.partial:
            cs = list(cs)
            self.reveal(player, cs, line, how)
            if h.mode is not OPEN:
                return False  # a card seen proved a revoke that decided the hand (G14)
            if hand.issuperset(cs):
                return True
        missing = [c for c in cs if c not in hand]
        if missing:
            self.void("card-not-held", line, None, player, rule="G3",
                      evidence=self.not_held(player, missing))
            return False
        return True

    # --- the driver's API -------------------------------------------------------------------

    def start_hand(self, e: ev.Deal, line: int) -> None:
        """Game hook (required): the deal at ``line`` passed the shared checks and ``self.current``
        holds its cards (``hands``, ``dealt``, ``pile``): set up the hand's own state (who
        speaks first, the trump card ...).  May report findings (and end the hand)."""
        raise NotImplementedError

    def score_hand(self, line: int) -> None:
        """Game hook (required): the hand's last trick is complete (at ``line``) with no revoke
        open: score it and :meth:`finish` it (or end it another way)."""
        raise NotImplementedError

    def apply(self, e: Any, line: int) -> Facts:
        """Apply one event of the current hand (anything but match/deal/score/end): the game's
        handler for its type, after checking the hand is open and the player is in the match.
        Returns the facts it established (:mod:`referee.facts`; most cards establish none:
        the shared empty :data:`~referee.facts.NO_FACTS`)."""
        h = self.hand
        if h is not None and h.mode is OPEN:
            # the usual case, in few steps: an open hand, an event naming one player of the match
            handler = self.fast_handlers.get(type(e))
            if handler is not None and e.player in self.seat:
                h.last_line = line
                handler(self, e, line)
                if self.established:
                    return self._take()
                return NO_FACTS
        self._apply(e, line)
        return self._take()

    def unreadable(self, code: FindingCode, line: int, text: str,
                   evidence: dict[str, Any]) -> Facts:
        """A line of the open hand that could not be read (G7): the reader's finding (``code``,
        its words ``text``) leaves the hand unscored, the rest of it skipped.  Returns the
        facts established."""
        self.void(code, line, text, rule="G7", evidence=evidence)
        return self._take()

    def _apply(self, e: Any, line: int) -> None:
        """:meth:`apply` with every check spelt out: no hand yet, a hand over or skipped, an event
        this game does not know, a player (or other player named) not in the match."""
        h = self.hand
        if self.skipping:
            return
        if h is None:
            self.report("out-of-phase", line, None, player=getattr(e, "player", None),
                        rule="G10", evidence={"event": event_name(e), "before_deal": True})
            return
        if h.mode is OPEN and self.intercept(e, line):
            return
        h.last_line = line
        mode = h.mode
        if mode is SKIP:
            return
        handler = self._HANDLERS.get(type(e))
        if mode is DONE:
            if handler is not None and self.applies_after_hand(e):
                handler(self, e, line)
            elif not h.late_reported:
                h.late_reported = True
                self.report("out-of-phase", line, None, trick=None,
                            player=getattr(e, "player", None), rule="G4",
                            evidence={"event": event_name(e), "hand": h.number,
                                      "settled_at": h.ended_line})
            return
        if handler is None:
            self.void("bad-event", line, None, getattr(e, "player", None), rule="G11",
                      evidence={"event": event_name(e), "game": self.GAME})
            return
        p = getattr(e, "player", None)
        if p is not None and p not in self.seat:
            self.void("unknown-player", line, None, rule="G3",
                      evidence={"players": [p], "field": "player"})
            return
        other = _OTHER_PLAYER_FIELD.get(type(e))
        if other is not None:
            q = getattr(e, other)
            if q is not None and q not in self.seat:
                self.void("unknown-player", line, None, rule="G3",
                          evidence={"players": [q], "field": other})
                return
        handler(self, e, line)

    def intercept(self, e: Any | None, line: int) -> bool:
        """Game hook: an event of an open hand, before any other check of :meth:`_apply` (the
        event's type, its players) and before the hand's ``last_line`` moves to it, or (``e``
        None) the record of the open hand stops (:meth:`close_hand`).  True when the game has
        dealt with it (an event is then not applied; a stopped hand is settled); the default,
        False.  An event reaches it by :meth:`_apply` only: a game that needs to see every
        event empties :attr:`fast_handlers` meanwhile (Asszorti: after an undisputed claim,
        A10)."""
        return False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class with a ``SPEC`` of its own takes ``GAME``, ``TITLE``, ``PLAYERS``,
        ``DECK`` and ``PILE`` from it.  Each game class gets ``_HANDLERS``: the methods
        registered by :func:`handles`, by event type, looked up once (the hot path calls
        ``handler(self, event, line)``).  A game class (``GAME`` set) without a required hook
        (:data:`~referee.games.hooks.REQUIRED_HOOKS`) or a handler of ``play`` or ``retract``
        is refused: ``TypeError``."""
        super().__init_subclass__(**kwargs)
        RULES_CORES.add(cls)
        spec = cls.__dict__.get("SPEC")
        if spec is not None:
            cls.GAME, cls.TITLE, cls.PLAYERS = spec.name, spec.title, spec.seats
            cls.DECK, cls.PILE = spec.deck, spec.pile
        names: dict[type, str] = {}
        for k in reversed(cls.__mro__):  # the base first: a subclass's registration wins
            for name, f in vars(k).items():
                for t in getattr(f, "__handles__", ()):
                    names[t] = name
        cls._HANDLERS = {t: getattr(cls, name) for t, name in names.items()}
        cls.HANDLED = frozenset(cls._HANDLERS)
        cls._PLAIN_HANDLERS = {t: f for t, f in cls._HANDLERS.items()
                               if t not in _OTHER_PLAYER_FIELD}
        if cls.GAME:
            missing = [f"the hook {n}()" for n in REQUIRED_HOOKS
                       if getattr(cls, n) is getattr(MatchEngine, n)]
            missing += [f"a handler of `{getattr(t, '__struct_config__').tag}` events "
                        "(@handles)"
                        for t in REQUIRED_EVENTS if t not in cls._HANDLERS]
            if missing:
                raise TypeError(f"the game {cls.GAME!r} ({cls.__qualname__}) does not define "
                                + " nor ".join(missing))
        cls._DUTY_IS_THE_CONTRACTS = cls.duty_in_force is MatchEngine.duty_in_force
        """True when the game does not decide the allowed cards itself, so the contract's duty
        alone rules (the follow-suit shortcut in :meth:`on_play` relies on it)."""
        cls._HOOKS_BEFORE_CARD = cls.before_card is not MatchEngine.before_card
        """True when the game defines :meth:`before_card` (else :meth:`on_play` skips it)."""
        if getattr(cls, "DECK", None) is not None:
            cls._PARSED = cls.DECK.parsed  # notation -> card, the deck's parse cache

    def skip_to_next_deal(self, line: int | None = None) -> None:
        """An unreadable line came while no hand is being played (before the first deal, or
        after a hand's end): it may have been the next ``deal`` itself, so the events up to the
        next deal are skipped without findings, as those of any deal that cannot be replayed
        (G3, G7).  The line itself (``line``) is reported by the replay; a ``wrong-dealer`` of
        the next deal names it as its cause, for the deal it skipped may have been the one due."""
        self.skipping = True
        if line is not None:
            self.dealer_cause = line

    def applies_after_hand(self, e: Any) -> bool:
        """True for events a game accepts between hands (``AFTER_HAND``: Sixty-Six's
        ``resign``)."""
        return type(e) in self.AFTER_HAND

    def close_hand(self, cause: "Stop" = "end-of-file") -> Facts:
        """The hand is over as far as the log goes: ``cause`` says what came (:data:`Stop`: a
        deal, score, end or match at some line, or the end of the file).  Establishes an open revoke (G11);
        a hand still being played is ``incomplete-hand`` (G5, R5), and whatever of it follows is
        skipped.  Returns the facts established."""
        self._close_hand(cause)
        return self._take()

    def _close_hand(self, cause: "Stop") -> None:
        h = self.hand
        if h is None or h.mode != OPEN:
            return
        if h.suspects and self.settle_suspects(True):
            return
        if h.revoke is not None:
            self.establish_revoke(None, "record-stops", stopped_after=h.last_line, stop=cause)
            return
        if self.intercept(None, h.last_line):
            return
        rule = "R5" if isinstance(cause, dict) and cause["event"] == "score" else "G5"
        self.report("incomplete-hand", h.last_line, None, trick=None, rule=rule,
                    evidence={"hand": h.number, "stop": cause})
        self._unscored(h, "record-stops", {"stop": cause})

    def finding_floor(self) -> int | None:
        """The lowest line at which a finding of the current hand may still be reported, or
        None when no finding can come at a line earlier than the next event's.

        While a hand is open, a finding can still come at its last line (``incomplete-hand``
        when the record stops, G5), with a revoke open at the revoke's line (established or
        repaired later, G4), or at the first card a later sight may still prove a revoke (G14).
        A hand over or skipped, or no hand, reports only at the lines it is given.  The replay
        hands findings on up to this line at once (bounded memory)."""
        h = self.hand
        if h is None or h.mode != OPEN:
            return None
        floor = h.last_line
        r = h.revoke
        if r is not None and r.line < floor:
            floor = r.line
        if h.suspects and h.suspects[0].line < floor:
            floor = h.suspects[0].line  # a revoke may still be proven there (G14)
        return floor

    def end(self, e: ev.End, line: int) -> Facts:
        """The table ends the match (G9): finished, winners by the highest standing.  Returns
        the facts established (none here; a game's own end may establish some)."""
        self.finish_match()
        return self._take()

    def finish_match(self) -> None:
        """Mark the match finished; winners are those with the highest standing (ties share)."""
        self.finished = True
        st = self.standings()
        top = max(st.values())
        self.winners = [p for p in self.players if abs(st[p] - top) < 1e-9]

    def standings(self) -> dict[str, Number]:
        """Each player's total in game points, as a score event records it."""
        return self.totals

    def sort_for_display(self, cs: Iterable[Card]) -> list[Card]:
        """A dealt hand in the game's own display order (default: deck order)."""
        pos = {c: i for i, c in enumerate(self.DISPLAY_ORDER or self.DECK.cards)}
        return sorted(cs, key=lambda c: pos.get(c, 999))

    def card_points_of(self, cards: Iterable[Card]) -> int | None:
        """The card points of a trick's ``cards`` as the current hand's contract counts them
        (its :attr:`~referee.games.hooks.ContractData.card_points`, no last-trick bonus), or None
        where the hand is decided by tricks."""
        table = self.contract().card_points
        if table is None:
            return None
        return sum(table.get(c, 0) for c in cards)

    def summary_extra(self) -> dict[str, Any]:
        """Game-specific keys of a match's ``score --format json`` object: each of
        ``SUMMARY_KEYS`` (Asszorti's net/debt), player → game points."""
        return {k: {p: tidy(v) for p, v in getattr(self, k).items()} for k in self.SUMMARY_KEYS}

    # --- results ----------------------------------------------------------------------------

    def _emit(self, h: HandState, declarer: str | None, contract: str | None, status: HandStatus,
              deltas: dict[str, Number], facts: Any,
              extra: dict[str, Any] | None = None) -> HandResult:
        """Apply ``deltas`` to the totals and establish hand ``h``'s :class:`HandResult` (with
        the result ``facts`` its words come from)."""
        for p, d in deltas.items():
            self.totals[p] = tidy(self.totals[p] + d)
        r = HandResult(h.number, h.line, h.dealer if h.dealer in self.seat else None, declarer,
                       contract, status, {p: tidy(deltas.get(p, 0)) for p in self.players},
                       dict(self.totals), facts, extra or {})
        h.result = r
        self.established.append(r)
        return r

    def finish(self, declarer: str | None, contract: str | None, deltas: dict[str, Number],
               facts: Any, status: HandStatus | None = None,
               extra: dict[str, Any] | None = None) -> HandResult:
        """Record the hand's outcome: apply ``deltas`` to the totals, establish the result, close
        the hand (later events of it are out of phase) and run :meth:`after_hand`.  ``facts``
        is what the commentary words the result from (:attr:`HandResult.facts`: the game's own
        record of the hand, which no longer changes, never the engine or the hand); the words
        are made only if asked for."""
        h = self.current
        if h.suspects and self.settle_suspects(True):
            assert h.result is not None
            return h.result  # a revoke proven by a sight decided the hand instead (G14)
        h.mode = DONE
        h.ended_line = h.last_line
        r = self._emit(h, declarer, contract, status or h.status, deltas, facts, extra)
        self.after_hand(r)
        return r

    def after_hand(self, result: HandResult) -> None:
        """Game hook after a hand's result (:meth:`referee.games.hooks.OptionalHooks.after_hand`):
        match-end tests, the next dealer.  Default: after an unscored hand, the same dealer (a
        redeal) or the next in rotation (G6b, project ruling R1); nothing after another."""
        if result.status == HandStatus.UNSCORED:
            h = self.current
            if h.dealer in self.seat:
                self.next_dealers = {h.dealer, self.next_seat(h.dealer)}

    # --- the contract (game hooks) ---------------------------------------------------------

    def contract(self) -> ContractData:
        """Game hook: the current hand's contract as data (:class:`~referee.games.hooks.
        ContractData`: declarer, name, facts, card points); default none."""
        return NO_CONTRACT

    def declarer_name(self) -> str | None:
        """The current hand's declarer (None if none), from :meth:`contract`."""
        return self.contract().declarer

    def contract_name(self) -> str | None:
        """The current hand's contract as ``score`` prints it (None if none)."""
        return self.contract().name

    def contract_facts(self) -> dict[str, Any] | None:
        """The current hand's contract as data, exactly when :meth:`contract_name` names one
        (None otherwise): ``bid`` (the winning or standing bid as the log writes it:
        Thirty-Three's ``level``, Asszorti's ``bid``, Eighty-Three's ``points``), and where the
        game has them ``game`` (Thirty-Three's), ``trump`` (the trump suit's name, None for none
        or none named yet), ``doubled`` (Eighty-Three's 83 doubled), ``arrivazs`` (Asszorti),
        ``value`` (Thirty-Three's contract value, CV, in game points)."""
        return self.contract().facts


_OTHER_PLAYER_FIELD: dict[type, str] = {ev.Give: "to", ev.Rekontra: "against"}
"""Fields besides ``player`` that name a player (checked once, in :meth:`MatchEngine.apply`)."""


class RulesError(ValueError):
    """A ``rules`` option of a ``match`` the game cannot play by (the match cannot be refereed,
    R6).  ``facts``: the evidence of its ``bad-event`` (referee-log(5)): ``reason``
    (``"unknown-option"``, ``"option-type"`` with ``expected_type`` ``"int"``/``"bool"``/``"str"``,
    ``"option-range"`` with ``minimum``, ``"option-value"`` with ``allowed``), ``option`` and,
    but for an unknown option, the log's ``value``; the words are the consumer's
    (:func:`referee.commentary.match_problem_words` of ``{"game": game, **facts}``: the rules
    core words nothing)."""

    def __init__(self, game: str, reason: str, option: str, **facts: Any) -> None:
        self.game = game
        self.facts: dict[str, Any] = {"reason": reason, "option": option, **facts}
        super().__init__(game, self.facts)


Stop = Union[Literal["end-of-file"], dict[str, Any]]
"""What came instead of a hand's end (evidence ``stop`` of ``incomplete-hand`` and of a revoke
established when the record stops, referee-log(5)): ``{"event": "deal" | "score" | "match" |
"end", "line": n}`` (the next deal, a score, a new match, the table's ``end`` at line n) or
``"end-of-file"`` (the log ends)."""


def stop_at(event: Literal["deal", "score", "match", "end"], line: int) -> dict[str, Any]:
    """The :data:`Stop` of an ``event`` at ``line`` that ends the record of a hand."""
    return {"event": event, "line": line}


class Payment(TypedDict):
    """One entry of a penalty's ``pays`` (evidence ``consequence``, referee-log(5)): ``player``
    is paid ``points`` (game points; negative: a loss) by the player ``by``, or by nobody
    (None: the points are scored, or lost, against no one)."""

    player: str
    points: Number
    by: str | None


class Consequence(TypedDict):
    """What an established revoke's penalty does (evidence ``consequence``, referee-log(5)):
    ``ends``, what it ends (the game's word for a deal: Thirty-Three's ``"round"``, Asszorti's
    and Eighty-Three's ``"hand"``, Sixty-Six's ``"deal"``), and ``pays``, every score the
    penalty changes (:class:`Payment`; a player not named scores nothing).  A game's own facts
    of it (a subclass) stand beside these."""

    ends: Literal["round", "hand", "deal"]
    pays: list[Payment]


def payment(player: str, points: Number, by: str | None = None) -> Payment:
    """A :class:`Payment`: ``player`` is paid ``points`` by ``by`` (None: by nobody)."""
    return {"player": player, "points": tidy(points), "by": by}


def strs(cs: Iterable[Card] | None) -> list[str] | None:
    """Cards as the canonical strings of a finding's evidence (``["10H", "JK"]``); None stays
    None."""
    return None if cs is None else [str(c) for c in cs]


def missing(e: Any, *fields: str) -> list[str]:
    """The names of ``fields`` that event ``e`` leaves out (None): a ``bad-event``'s evidence."""
    return [f for f in fields if getattr(e, f, None) is None]


def event_name(e: Any) -> str:
    """The log's name of event ``e`` (``"play"``), or ``"event"`` for anything else."""
    return ev.name_of(e) if hasattr(type(e), "__struct_config__") else "event"
