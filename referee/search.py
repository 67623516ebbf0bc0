"""Perfect-play search over the rules core (issue 26): the value of a position of the play of a
hand whose holdings are all known, each legal action's value, and a best line.

The search drives the engine itself: the actions of a position are the events the rules core
accepts there without a finding (:func:`referee.legal.legal_actions`'s candidates and judgement),
the position after an action is the engine after it, and a hand's value is what the engine scores
(its :class:`~referee.facts.HandResult`).  No rule is written here a second time.

Search: alpha-beta on a null window around the value (MTD(f)) with a bounded transposition table
(:data:`TABLE_CAP` entries, cleared when full) keyed on the position's state that still matters
(:func:`state_key`), move ordering (the table's best move first) and equivalent-card grouping:
two cards of one hand that are adjacent in the contract's rank order (no card between them is
still in play elsewhere) and worth the same card points are one move (the second is never
searched: either gives the same value).  Once the first card is played, Thirty-Three, Asszorti
and Eighty-Three are searched by the trick-only layer (:class:`Tricks`), keyed on what each
game's scoring reads and, where the result rises with one count of what is won, on that count
alone (as double-dummy solvers count tricks).

Which events are moves of the play (RULINGS R34): cards, and Sixty-Six's close, marriage, trump
exchange and declaring out.  A claim, a dispute and the doubling calls (Asszorti's kontra …) are
not: the play is valued at the contract as it stands; a claim is checked by
:func:`check_claim`.
"""
from __future__ import annotations


import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, Sequence

from . import events as ev
from .facts import Number, tidy
from .games.base import MatchEngine
from .games.hand import OPEN
from .games.hooks import PlayCount
from .games.tricks import must_follow
from .legal import passed_over, trial, trial_stop

TABLE_CAP = 500_000
"""Most entries the transposition table holds (about 200 bytes each: some 100 MB at most); when
full it is cleared and the search goes on (correct, only slower)."""

PLAY_MOVES = frozenset({"play", "close", "marriage", "exchange", "declare_out"})
"""The events that are moves of the play (R34)."""

STOP = "stop"
"""The pseudo-action of a hand that may end with no further event (a played-out Sixty-Six deal
whose last-trick winner does not declare, S10): the hand as the engine closes it."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector paused for the block, and set back as it was (on or off) after it,
    whatever happens.  The search layers make no reference cycle (the tests check that a
    search leaves none to collect): paused, it does not scan their states again and again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def consult(hit: tuple[float, float, int] | None, alpha: float, beta: float
            ) -> tuple[float | None, float, float, int]:
    """What the transposition table's entry ``hit`` (lower bound, upper bound, best move's
    index) says of a search of window (``alpha``, ``beta``): (the value to return at once, or
    None; the window narrowed by the bounds; the best move's index to try first, -1 none)."""
    if hit is None:
        return None, alpha, beta, -1
    lo, hi, first = hit
    if lo >= beta:
        return lo, alpha, beta, first
    if hi <= alpha:
        return hi, alpha, beta, first
    if lo == hi:
        return lo, alpha, beta, first
    return None, max(alpha, lo), min(beta, hi), first


def remember(table: dict[Any, tuple[float, float, int]], key: Any,
             hit: tuple[float, float, int] | None, best: float, best_i: int, a0: float,
             b0: float) -> float:
    """Store in the transposition ``table`` what a search of window (``a0``, ``b0``) learnt of
    the position ``key``: ``best`` is an upper bound when it fell at or below the window, a
    lower bound at or above it, else the exact value; ``hit`` is the entry found before (its
    other bound is kept), ``best_i`` the index of the best move.  The table is emptied when it
    holds :data:`TABLE_CAP` entries (memory bounded).  Returns ``best``."""
    lo, hi = (hit[0], hit[1]) if hit is not None else (-float("inf"), float("inf"))
    if best <= a0:
        hi = best
    elif best >= b0:
        lo = best
    else:
        lo = hi = best
    if len(table) >= TABLE_CAP:
        table.clear()
    table[key] = (lo, hi, best_i)
    return best


def mtd(test: Any, guess: float) -> float:
    """MTD(f): the exact value by null-window searches ``test(alpha, beta)`` (fail-soft: the
    value when inside the window, else a bound on the side it fell) from ``guess`` until the
    bounds meet.  Values are multiples of 0.5 (game points, counts), so the windows are a
    quarter wide."""
    lo, hi, g = -float("inf"), float("inf"), guess
    while lo < hi:
        beta = g + 0.25 if g == lo else g
        g = test(beta - 0.25, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return float(g)


class NotSolvable(ValueError):
    """The position is not one the solver can value: no hand in play, the play not reached
    (auction, exchange, discards still to come), or a holding unknown (a record of the play
    alone).  ``reason`` says which, as a sentence.  ``not_a_log``: the file holds not one JSON
    object (R7)."""

    def __init__(self, reason: str, not_a_log: bool = False) -> None:
        super().__init__(reason)
        self.not_a_log = not_a_log


@dataclass(frozen=True, slots=True)
class Solution:
    """A solved position.

    ``to_act``: the players to act; ``side``: the declaring side (maximisers); ``value``: the
    change of ``side[0]``'s score for the hand under perfect play (game points; Asszorti's net);
    ``actions``: (event, value) for each move of the play, in the order ``legal`` lists them;
    ``best``: a line of events to the end of the hand that reaches ``value``; ``nodes``: the
    positions searched."""

    to_act: tuple[str, ...]
    side: tuple[str, ...]
    value: Number
    actions: tuple[tuple[ev.HandEvent, Number], ...]
    best: tuple[ev.HandEvent, ...]
    nodes: int = 0


def side_of(engine: MatchEngine[Any]) -> tuple[str, ...]:
    """The declaring side of the current hand: the declarer; with the partner in Eighty-Three
    (the bidding partners, E1); in Sixty-Six the player who led (or leads) the first trick.
    Raises :class:`NotSolvable` without a declarer."""
    h = engine.hand
    if h is None:
        raise NotSolvable("no hand is in play")
    if engine.GAME == "sixty-six":
        if h.play is not None:
            return (h.play.first_leader,)
        i = engine.players.index(h.dealer)
        return (engine.players[(i + 1) % len(engine.players)],)
    decl = engine.declarer_name()
    if decl is None:
        raise NotSolvable("the hand has no declarer yet (the auction is not over)")
    partner = getattr(engine, "partner_of", None)
    mate = partner(decl) if partner is not None and engine.GAME == "eighty-three" else None
    return (decl, mate) if mate else (decl,)


def hand_value(engine: MatchEngine[Any], player: str) -> Number | None:
    """``player``'s change of score for the hand just ended as ``score`` counts it (Asszorti:
    the net change, ``extra["net"]``, A8); None while the hand is not over."""
    h = engine.hand
    if h is None or h.result is None:
        return None
    net = h.result.extra.get("net")
    if isinstance(net, dict):
        v: Number = net[player]
        return v
    d: Number = h.result.deltas[player]
    return d


def moves(engine: MatchEngine[Any]) -> list[tuple[ev.HandEvent, MatchEngine[Any]]]:
    """The moves of the play (R34) the engine accepts at this moment with no finding, each with
    the engine after it, in the policy's order (as :func:`referee.legal.legal_actions` lists
    them)."""
    h = engine.hand
    if h is None or h.mode != OPEN:
        return []
    from .games.policy import policy_for
    out = []
    for e in policy_for(engine).candidates(engine):
        if ev.name_of(e) not in PLAY_MOVES or passed_over(engine, e) is not None:
            continue
        verdict, twin = trial(engine, e)
        if verdict.legal:
            out.append((e, twin))
    return out


def check_position(engine: MatchEngine[Any] | None) -> None:
    """Raise :class:`NotSolvable` unless ``engine`` is at a moment of the play of a hand whose
    holdings are all known."""
    h = engine.hand if engine is not None else None
    if engine is None or h is None:
        raise NotSolvable("no hand is in play at that moment")
    if h.mode != OPEN:
        raise NotSolvable(f"hand {h.number} is over at that moment")
    if h.partial:
        raise NotSolvable(f"hand {h.number} is a record of the play alone: a holding is unknown")
    if h.play is None and not any(ev.name_of(e) == "play" for e, _ in moves(engine)):
        raise NotSolvable(f"hand {h.number} is not in its play yet (no card may be played)")


def _cards_left(engine: MatchEngine[Any]) -> int:
    h = engine.hand
    return sum(len(cs) for cs in h.hands.values()) if h is not None else 0


def state_key(engine: MatchEngine[Any]) -> tuple[Any, ...]:
    """The transposition table's key of a position: the cards each player holds, the trick on
    the table and its leader, and the score state that still matters: each player's tricks and
    card points taken, who won the first trick (Asszorti's A7 credits it), the last
    :data:`LATE` tricks' winners (and whether a trump fell to each), and the game's own
    hand state (contract, doublings, Sixty-Six's closing, marriages and stock …, every
    attribute of the hand but the deal and the record of lines).  How the tricks taken were
    played does not matter to any game's scoring once their count and card points are known
    (the last trick's bonus is scored with the last trick).  Two positions with one key have
    one value (the tests compare against an exhaustive search)."""
    h = engine.hand
    assert h is not None and h.play is not None or h is not None
    hands = tuple(frozenset(h.hands.get(p, ())) for p in engine.players)
    tp = h.play
    if tp is None:
        return (hands, None)
    cur = (tuple(tp.current.who), tuple(tp.current.cards))
    taken = []
    for p in engine.players:
        won = tp.won.get(p, ())
        taken.append((len(won), engine.card_points_of(c for t in won for c in t.cards)))
    first = tp.tricks[0].winner if tp.tricks else None
    n = getattr(engine, "TRICKS", 0)
    late = tuple((t.winner, any(map(tp.order.is_trump, t.cards))) for t in tp.tricks
                 if n and t.number > n - LATE)
    extra = tuple(_game_state(h))
    return (hands, cur, tp.leader, tuple(taken), first, late, extra)


LATE = 3
"""The last tricks a key keeps apart (who won each, and whether a trump was played to it):
Asszorti's arrivázs is the last three tricks, the idegen arrivázs won with no trump played
(A6); a last-trick bonus is the last one's."""


_SKIP = frozenset({"number", "line", "last_line", "dealer", "hands", "dealt", "play", "result",
                   "seen", "pile_seen", "suspects", "proof", "auction", "skipped"})


def _freeze(v: Any) -> Any:
    if isinstance(v, dict):
        return tuple(sorted(((str(k), _freeze(x)) for k, x in v.items())))
    if isinstance(v, (set, frozenset)):
        return tuple(sorted(map(str, v)))
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)


def _game_state(h: Any) -> Iterable[Any]:
    for name, v in sorted(vars(h).items()):
        if name not in _SKIP:
            yield name, _freeze(v)


@dataclass
class Search:
    """One search: the side that maximises, the table, the count of positions searched."""

    side: tuple[str, ...]
    table: dict[tuple[Any, ...], tuple[float, float, int]] = field(default_factory=dict)
    nodes: int = 0
    fast: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]] = field(
        default_factory=lambda: ({}, {}, {}))
    """The trick-only layer's table and leaf values, shared by its searches."""
    engine_only: bool = False
    """Never use the trick-only layer (the tests compare the two)."""

    def tricks(self, engine: MatchEngine[Any]) -> "Tricks | SixtySixDeal | None":
        """The trick-only layer at ``engine`` when it may search there (:func:`fast_ready`),
        or Sixty-Six's once the talon is shut (:func:`sixty_six_ready`)."""
        if self.engine_only:
            return None
        if sixty_six_ready(engine):
            return SixtySixDeal(engine, self.side, self.fast)
        if not fast_ready(engine):
            return None
        return Tricks(engine, self.side, self.fast)

    def fast_value(self, engine: MatchEngine[Any], guess: float) -> float | None:
        """The value of ``engine``'s position by the trick-only layer or Sixty-Six's
        (:meth:`tricks`), None where neither searches (or one met what it does not model:
        :class:`Unsafe`, from then on the engine alone), with the cycle collector paused
        (:func:`collector_paused`)."""
        t = self.tricks(engine)
        if t is None:
            return None
        try:
            with collector_paused():
                v = t.value(guess)
        except Unsafe:
            self.engine_only = True
            return None
        self.nodes += t.nodes
        return v

    def options(self, engine: MatchEngine[Any]) -> list[tuple[ev.HandEvent | str,
                                                             MatchEngine[Any]]]:
        """The moves here, with equivalent cards grouped, and the stop when the hand may end
        with no further event."""
        ms: list[tuple[ev.HandEvent | str, MatchEngine[Any]]] = list(
            _grouped(engine, moves(engine)))
        may_stop, twin = trial_stop(engine)
        if may_stop:
            ms.append((STOP, twin))
        return ms

    def leaf(self, engine: MatchEngine[Any]) -> Number | None:
        return hand_value(engine, self.side[0])

    def maximises(self, engine: MatchEngine[Any],
                  opts: Sequence[tuple[ev.HandEvent | str, MatchEngine[Any]]]) -> bool:
        for e, _ in opts:
            p = getattr(e, "player", None)
            if p is not None:
                return p in self.side
        h = engine.hand
        return h is not None and h.play is not None and h.play.leader in self.side

    def ab(self, engine: MatchEngine[Any], alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta: the exact value when it lies in (alpha, beta), else a bound on
        the side it fell."""
        self.nodes += 1
        v = self.leaf(engine)
        if v is not None:
            return float(v)
        fv = self.fast_value(engine, (alpha + beta) / 2 if alpha > -1e9 and beta < 1e9 else 0.0)
        if fv is not None:
            return fv
        key = state_key(engine)
        hit = self.table.get(key)
        known, alpha, beta, first = consult(hit, alpha, beta)
        if known is not None:
            return known
        opts = self.options(engine)
        if not opts:  # nothing may happen and the hand does not end: the engine is stuck
            raise NotSolvable("the hand can neither go on nor end at a position of the search")
        order = list(range(len(opts)))
        if 0 <= first < len(opts):
            order.remove(first)
            order.insert(0, first)
        a0, b0 = alpha, beta
        up = self.maximises(engine, opts)
        best = -float("inf") if up else float("inf")
        best_i = order[0]
        for i in order:
            v2 = self.ab(opts[i][1], alpha, beta)
            if up:
                if v2 > best:
                    best, best_i = v2, i
                alpha = max(alpha, v2)
            else:
                if v2 < best:
                    best, best_i = v2, i
                beta = min(beta, v2)
            if alpha >= beta:
                break
        return remember(self.table, key, hit, best, best_i, a0, b0)

    def value(self, engine: MatchEngine[Any], guess: float = 0.0) -> float:
        """The exact value of the position: MTD(f), null-window searches from ``guess`` until
        the bounds meet."""
        v = self.leaf(engine)
        if v is not None:
            return float(v)
        fv = self.fast_value(engine, guess)
        if fv is not None:
            return fv
        lo, hi, g = -float("inf"), float("inf"), guess
        while lo < hi:
            beta = g + 0.25 if g == lo else g  # values are multiples of 0.5
            g = self.ab(engine, beta - 0.25, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def line(self, engine: MatchEngine[Any], target: float) -> list[ev.HandEvent]:
        """A line of events from ``engine`` to the hand's end reaching ``target``."""
        out: list[ev.HandEvent] = []
        while self.leaf(engine) is None:
            t = self.tricks(engine)
            if t is not None:
                try:
                    with collector_paused():
                        return out + t.line(target)
                except Unsafe:
                    self.engine_only = True
            for e, twin in self.options(engine):
                if self.value(twin, target) == target:
                    if not isinstance(e, str):
                        out.append(e)
                    engine = twin
                    break
            else:  # pragma: no cover - a value is always reached by one of its options
                raise RuntimeError("no option reaches the position's value")
        return out


def _grouped(engine: MatchEngine[Any], ms: list[tuple[ev.HandEvent, MatchEngine[Any]]]
             ) -> Iterable[tuple[ev.HandEvent, MatchEngine[Any]]]:
    """``ms`` without the cards equivalent to one kept before them: the same player's card of
    the same effective suit, worth the same card points, with no card between them in the
    contract's rank order still in play in another hand or on the table."""
    h = engine.hand
    tp = h.play if h is not None else None
    if tp is None:
        yield from ms
        return
    order = tp.order
    kept: list[Any] = []
    for e, twin in ms:
        c = _card_of(engine, e)
        if c is not None:
            if any(_equivalent(engine, order, c, k) for k in kept):
                continue
            kept.append(c)
        yield e, twin


def _card_of(engine: MatchEngine[Any], e: ev.HandEvent) -> Any:
    if type(e) is not ev.Play:
        return None
    from .cards import card
    try:
        return card(e.card)
    except ValueError:
        return None


def equivalent(order: Any, points: Any, a: Any, b: Any, out_elsewhere: Any) -> bool:
    """Whether cards ``a`` and ``b`` of one hand are one move for the search (equivalent
    cards): the same effective suit under ``order`` (the contract's TrickOrder), the same card
    points (``points(card)``), and no card between them in the suit's rank order that
    ``out_elsewhere(card)`` says is still in play in another hand or on the table."""
    s = order.suit_of.get(a)
    if s is None or s != order.suit_of.get(b) or points(a) != points(b):
        return False
    suit = order.suits[s]
    i, j = sorted((suit.index(a), suit.index(b)))
    return not any(map(out_elsewhere, suit[i + 1:j]))


def _equivalent(engine: MatchEngine[Any], order: Any, a: Any, b: Any) -> bool:
    """:func:`equivalent` on the engine's state: both cards held by one player."""
    h = engine.hand
    assert h is not None
    holder = next((p for p, cs in h.hands.items() if a in cs), None)
    if holder is None or b not in h.hands[holder]:
        return False
    on_table = h.play.current.cards if h.play is not None else ()
    return equivalent(order, lambda c: engine.card_points_of([c]), a, b,
                      lambda c: c in on_table or any(p != holder and c in cs
                                                     for p, cs in h.hands.items()))


def solve(engine: MatchEngine[Any]) -> Solution:
    """Solve the position ``engine`` stands at (not changed): see :class:`Solution`.  Raises
    :class:`NotSolvable` for a position outside the play of a hand with every holding known."""
    return solve_with(engine, Search(side_of(engine) if engine.hand is not None else ()))


def solve_with(engine: MatchEngine[Any], s: "Search") -> Solution:
    """:func:`solve` with the search ``s`` (its side, its tables; ``engine_only`` to search
    through the engine alone).

    The position's value and best line are those of the moves of the play (R34, see
    :func:`position_value`).  ``actions`` lists every legal action (``legal``'s, FORMAT 1.2),
    each valued as the position after it: a claim as the defenders would answer it, a doubling
    call as the play at the contract so doubled (the value alone of that position: no line,
    no actions of its own).  Raises :class:`NotSolvable` where no move of the play is open (a
    revoke waiting to be repaired or established, G4)."""
    side = s.side
    value, ms, answers, vals, stands = _position(engine, s)
    best: list[ev.HandEvent] = []
    chosen = next(((e, t) for e, t in answers if vals[id(e)] == value), None)
    if chosen is not None and stands != value:
        best = [chosen[0], *s.line(chosen[1], float(value))]
    else:
        best = s.line(engine, float(value))
    actions: list[tuple[ev.HandEvent, Number]] = []
    known = {_event_key(e): e for e, _ in ms + answers}
    for e in _legal_events(engine):
        m = known.get(_event_key(e))
        if m is not None:
            actions.append((m, vals[id(m)]))
            continue
        verdict, twin = trial(engine, e)
        ended = hand_value(twin, side[0])
        if ended is not None:  # the action ends the hand (a resignation ...)
            actions.append((e, tidy(ended)))
            continue
        try:
            actions.append((e, position_value(twin, s)))
        except NotSolvable:  # pragma: no cover - a legal action leaves a position to value
            continue
    to_act = tuple(dict.fromkeys(p for e, _ in actions if (p := getattr(e, "player", None))))
    return Solution(to_act, side, value, tuple(actions), tuple(best), s.nodes)


def position_value(engine: MatchEngine[Any], s: "Search") -> Number:
    """The value of the position ``engine`` stands at under perfect play, searched with ``s``
    (its side maximising): the best of its moves of the play (R34).  While a claim stands
    undisputed (A7, A10) the defenders' answer is the move: a dispute (the play goes on,
    searched) or none (the claim stands: the hand as the engine closes it), and they take the
    lower; where the hand may end with no further event (S10) the end is one of the choices.
    Raises :class:`NotSolvable` as :func:`solve_with` does."""
    return _position(engine, s)[0]


def _position(engine: MatchEngine[Any], s: "Search"
              ) -> tuple[Number, list[tuple[ev.HandEvent, MatchEngine[Any]]],
                         list[tuple[ev.HandEvent, MatchEngine[Any]]], dict[int, Number],
                         Number | None]:
    """:func:`position_value`, with what :func:`solve_with` lists besides: (the value, the
    moves of the play with the engine after each, the disputes open with the engine after
    each, each of those events' value by ``id``, the value of the hand ending here or None)."""
    check_position(engine)
    h = engine.hand
    assert h is not None
    if h.revoke is not None:
        raise NotSolvable(f"hand {h.number} has a revoke open at that moment (line "
                          f"{h.revoke.line}): the play goes on once it is repaired or "
                          "established (G4)")
    ms = moves(engine)
    answers = _disputes(engine, _legal_events(engine)) if not ms else []
    may_stop, stopped = trial_stop(engine)
    vals: dict[int, Number] = {}
    g = 0.0
    for e, twin in ms + answers:
        g = s.value(twin, g)
        vals[id(e)] = tidy(g)
    values = list(vals.values())
    stands: Number | None = None  # the value of the hand ending here
    if may_stop:
        stands = tidy(s.value(stopped, g))
        values.append(stands)
    if not values:
        raise NotSolvable(f"hand {h.number} has no move of the play open at that moment")
    movers = tuple(dict.fromkeys(p for e, _ in ms + answers
                                 if (p := getattr(e, "player", None))))
    up = bool(movers) and movers[0] in s.side
    return (max(values) if up else min(values)), ms, answers, vals, stands


def _disputes(engine: MatchEngine[Any], legal: list[ev.HandEvent]
              ) -> list[tuple[ev.HandEvent, MatchEngine[Any]]]:
    """The disputes among ``legal`` (the engine's legal actions: a claim standing undisputed,
    A7), each with the engine after it."""
    out = []
    for e in legal:
        if ev.name_of(e) == "dispute":
            verdict, twin = trial(engine, e)
            if verdict.legal:
                out.append((e, twin))
    return out


def _legal_events(engine: MatchEngine[Any]) -> list[ev.HandEvent]:
    from .legal import legal_actions
    return legal_actions(engine)


def _event_key(e: Any) -> bytes:
    import msgspec
    return msgspec.json.encode(e)


# --- the Sixty-Six layer ----------------------------------------------------------------------


def sixty_six_ready(engine: MatchEngine[Any]) -> bool:
    """Whether the Sixty-Six layer (:class:`SixtySixDeal`) may search from ``engine``: a
    Sixty-Six deal in its play, every holding known, no revoke open, the stock the deal's
    stock less the cards drawn (top first), and both hands as many cards as the tricks ask."""
    h: Any = engine.hand
    if engine.GAME != "sixty-six" or h is None or h.mode != OPEN or h.partial:
        return False
    tp = h.play
    if tp is None or h.revoke is not None or not h.trump:
        return False
    pile = tuple(h.pile)
    if tuple(h.stock) != pile[len(pile) - len(h.stock):]:
        return False
    if h.may_declare is not None and h.may_declare != tp.leader:
        return False
    a, b = engine.players
    return len(tp.hands[a]) + (a in tp.current.who) == len(tp.hands[b]) + (b in tp.current.who)


class SixtySixDeal:
    """A search of a Sixty-Six deal on a compact state (:func:`sixty_six_ready`), every move of
    the play (R34) in it: the cards (free while the talon is open, the duty in force once it is
    closed or used up, ``engine.duty_in_force``'s :func:`~referee.games.tricks.follow_head_trump`,
    S1; after a marriage its king or queen, S2), marriages, the trump-nine exchange, closing
    before or after the draw and declaring out, whose legality is the rules core's
    (:func:`~referee.games.sixty_six.rules.may_marry`, ``may_exchange``, ``may_close``), and the
    draws the rules make (the winner first, the face-up card last).  A deal's end is valued by
    the rules core's settlement (``declaration_result``, ``played_out_result``): the side's value
    is the game points it scores, 0 when the other scores (as :func:`hand_value` reads the
    engine's result).

    The state (a tuple, players by seat index 0, 1): both hands, the trick on the table, the
    leader, each one's (tricks, card points) taken, whether the leader may declare, the cards
    left in the stock (the deal's stock is known, top first), the face-up card, the closer and
    whether the closer's opponent had a trick then, the marriages shown, the marriage waiting for
    its lead, the exchange window after a close, and the winner whose draw is due.  Alpha-beta on
    a null window (MTD(f)) with the shared transposition table, equivalent cards grouped (cards
    in the stock counted as in play).  As the engine layer does, a position's mover is the player
    of its first move (the closer's opponent's exchange right after a close is weighed by the
    closer, as ``legal`` lists it after the closer's cards)."""

    rules: Any
    """The rules core of Sixty-Six (its module: legality and settlement)."""

    def __init__(self, engine: MatchEngine[Any], side: tuple[str, ...],
                 shared: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]] | None = None
                 ) -> None:
        from .cards import ALL_CARDS, SUITS
        from .games.sixty_six import rules
        self.rules = rules
        h: Any = engine.hand
        assert h is not None and h.play is not None
        tp = h.play
        self.players = tuple(engine.players)
        self.me = self.players.index(side[0])
        self.order = tp.order
        self.duty = tp.duty
        """The duty the game gave its trick machine, in force once the talon is shut (S1)."""
        self.points = {c: engine.card_points_of([c]) or 0 for c in self.order.suit_of}
        self.suits = tuple(SUITS)
        self.pairs = {s: (ALL_CARDS["K" + s], ALL_CARDS["Q" + s]) for s in SUITS}
        self.trump = h.trump
        self.nine = ALL_CARDS["9" + h.trump]
        self.worth_of = {s: rules.marriage_value(s, h.trump) for s in SUITS}
        self.top = float(max(*rules.GAME_POINTS.values(), rules.FALSE_DECLARATION,
                             rules.CLOSER_FAILS, rules.CLOSER_FAILS_NO_TRICK,
                             rules.CLOSER_BEATEN))
        """The most a deal's end can give the side (game points): the search's upper bound, 0
        its lower (the side scores or not)."""
        self.pile = tuple(h.pile)
        self.table: dict[Any, tuple[float, float, int]]
        self.table = shared[0] if shared is not None else {}
        states = shared[2] if shared is not None else {}
        ident = ("sixty-six", h.trump, self.pile)
        if ident not in states:
            states[ident] = (len(states), {})
        self.sid = states[ident][0]
        self.nodes = 0
        ix = self.players.index
        pl = self.players
        taken = tuple((len(tp.won[p]), sum(self.points[c] for t in tp.won[p] for c in t.cards))
                      for p in pl)
        leader = ix(tp.tricks[-1].winner) if h.played_out else ix(tp.leader)
        shown = tuple(tuple(sorted(m.suit for m in h.marriages[p])) for p in pl)
        pend = None if h.pending_marriage is None else (ix(h.pending_marriage[0]),
                                                        h.pending_marriage[1])
        self.start = self.tidy((
            frozenset(tp.hands[pl[0]]), frozenset(tp.hands[pl[1]]),
            tuple((ix(p), c) for p, c in zip(tp.current.who, tp.current.cards)), leader, taken,
            h.may_declare is not None, len(h.stock), h.turned,
            None if h.closer is None else ix(h.closer), bool(h.opp_trick_at_close), shown, pend,
            None if h.exchange_window is None else ix(h.exchange_window),
            None if h.draw_due is None else ix(h.draw_due[0])))

    # the state: (h0, h1, trick, leader, taken, may, left, turned, closer, at_close, shown,
    # pending, window, due)

    @staticmethod
    def tidy(st: tuple[Any, ...]) -> tuple[Any, ...]:
        """``st`` with what no rule reads any more forgotten: the stock and the face-up card
        once the talon is closed and the exchange after the close has passed."""
        if st[8] is not None and st[12] is None and (st[6] or st[7] is not None):
            return st[:6] + (0, None) + st[8:]
        return st

    def shut(self, st: tuple[Any, ...]) -> bool:
        """The talon closed or used up (S1)."""
        return st[8] is not None or (not st[6] and st[7] is None)

    def settle(self, st: tuple[Any, ...]) -> tuple[Any, ...]:
        """The due draw carried out: the trick's winner takes the top card, the loser the
        next, the face-up card last (S1)."""
        w = st[13]
        if w is None:
            return st
        hs = [st[0], st[1]]
        left, turned = st[6], st[7]
        for p in (w, 1 - w):
            if left:
                c = self.pile[len(self.pile) - left]
                left -= 1
            elif turned is not None:
                c, turned = turned, None
            else:  # pragma: no cover - a draw is due only while the talon holds cards
                break
            hs[p] = hs[p] | {c}
        return (hs[0], hs[1]) + st[2:6] + (left, turned) + st[8:13] + (None,)

    def totals(self, taken: tuple[tuple[int, int], ...], shown: tuple[tuple[str, ...], ...]
               ) -> tuple[int, int]:
        """Card points of tricks plus the marriages shown, counted once their owner has a
        trick (S2)."""
        return tuple(pts + (sum(self.worth_of[s] for s in shown[i]) if t else 0)  # type: ignore
                     for i, (t, pts) in enumerate(taken))

    def worth(self, scorer: int | None, points: int) -> float:
        return float(points) if scorer == self.me else 0.0

    def declared(self, p: int, st: tuple[Any, ...]) -> float:
        """The side's value when player ``p`` declares out (S5, S6)."""
        taken, closer = st[4], st[8]
        tot = self.totals(taken, st[10])
        q = 1 - p
        r = self.rules.declaration_result((tot[p], tot[q]), (taken[p][0], taken[q][0]),
                                          None if closer is None else (0 if closer == p else 1),
                                          st[9])
        assert r.scorer is not None
        return self.worth(p if r.scorer == 0 else q, r.points)

    def stopped(self, st: tuple[Any, ...]) -> float:
        """The side's value of the deal scored as played out (S6, S7)."""
        taken = st[4]
        r = self.rules.played_out_result(self.totals(taken, st[10]), (taken[0][0], taken[1][0]),
                                         st[3], st[8], st[9])
        return self.worth(r.scorer, r.points)

    def options(self, st: tuple[Any, ...]) -> tuple[int, list[tuple[Any, ...]]]:
        """(the mover, the legal moves): ``("declare", p)``, ``("stop",)``, ``("play", p, c)``,
        ``("marriage", p, suit)``, ``("exchange", p)``, ``("close", p, before_draw)``; the
        mover is the player of the first move in ``legal``'s order (cards first)."""
        h0, h1, trick, leader, taken, may = st[:6]
        if not h0 and not h1 and not trick and st[13] is None:  # every card played (S10)
            out: list[tuple[Any, ...]] = [("declare", leader)] if may else []
            return leader, out + [("stop",)]
        p = leader if not trick else 1 - trick[-1][0]
        rules = self.rules
        s2 = self.settle(st)
        held = s2[p]
        left, turned, closer, window = s2[6], s2[7], s2[8], s2[12]
        talon = left + (turned is not None)
        closed = closer is not None
        shut = self.shut(s2)
        on = [c for _, c in trick]
        first: list[tuple[Any, ...]] = []
        later: list[tuple[Any, ...]] = []
        if not trick:
            if may:
                first.append(("declare", p))
            pend = s2[11]
            cards: Any = held
            if pend is not None and pend[0] == p:
                cards = [c for c in self.pairs[pend[1]] if c in held]
            for s in self.suits:
                k, q = self.pairs[s]
                if k in held and q in held and rules.may_marry(
                        closed, talon, True, pend is not None, s in s2[10][p]):
                    first.append(("marriage", p, s))
            if turned is not None and turned != self.nine and self.nine in held and \
                    rules.may_exchange(window == p, closed, True, taken[p][0]):
                first.append(("exchange", p))
            if rules.may_close(closed, talon, True):
                later.append(("close", p, False))
            if st[13] is not None and rules.may_close(False, st[6] + (st[7] is not None), True):
                later.append(("close", p, True))
        else:
            allowed = self.duty(held, on, self.order) if shut and self.duty else None
            cards = held if allowed is None else allowed
        if window is not None and window != p and turned is not None and turned != self.nine \
                and self.nine in s2[window] and rules.may_exchange(True, closed, False, 0):
            later.append(("exchange", window))
        ranked = sorted(cards, key=lambda c: (self.order.suit_of[c], -self.order.power[c]))
        other = s2[1 - p]
        live = set(other) | set(on)
        if not shut:
            live.update(self.pile[len(self.pile) - left:])
            if turned is not None:
                live.add(turned)
        kept: list[Any] = []
        for c in ranked:
            if kept and equivalent(self.order, self.points.__getitem__, kept[-1], c,
                                   live.__contains__):
                continue
            kept.append(c)
        power = self.order.power
        if not trick:
            kept.sort(key=power.__getitem__, reverse=True)
        else:
            win = [c for c in kept if self.order.winner(on + [c]) == 1]
            kept = win + sorted((c for c in kept if c not in win), key=self.points.__getitem__)
        plays = [("play", p, c) for c in kept]
        return p, first + plays + later

    def apply(self, st: tuple[Any, ...], m: tuple[Any, ...]) -> tuple[float | None, Any]:
        """(the value if move ``m`` ends the deal, else None; the position after it)."""
        kind = m[0]
        if kind == "declare":
            return self.declared(m[1], st), None
        if kind == "stop":
            return self.stopped(st), None
        p = m[1]
        if kind == "close":
            s2 = st[:13] + (None,) if m[2] and st[13] is not None else self.settle(st)
            at = s2[4][1 - p][0] > 0
            return None, self.tidy(s2[:8] + (p, at) + s2[10:12] + (1 - p, None))
        s2 = self.settle(st)
        h0, h1, trick, leader, taken, may, left, turned, closer, at, shown, pend, window, due = s2
        if kind == "marriage":
            sh = list(shown)
            sh[p] = tuple(sorted(sh[p] + (m[2],)))
            return None, (h0, h1, trick, leader, taken, True, left, turned, closer, at,
                          tuple(sh), (p, m[2]), window, due)
        if kind == "exchange":
            hs = [h0, h1]
            hs[p] = (hs[p] - {self.nine}) | {turned}
            return None, self.tidy((hs[0], hs[1], trick, leader, taken, may, left, self.nine,
                                    closer, at, shown, pend, None, due))
        c = m[2]  # a card: the windows to declare and exchange end, the marriage's lead made
        if p == 0:
            h0 = h0 - {c}
        else:
            h1 = h1 - {c}
        trick = trick + ((p, c),)
        if len(trick) < 2:
            return None, self.tidy((h0, h1, trick, leader, taken, False, left, turned, closer,
                                    at, shown, None, None, due))
        w = trick[self.order.winner([x for _, x in trick])][0]
        t = list(taken)
        t[w] = (t[w][0] + 1, t[w][1] + sum(self.points[x] for _, x in trick))
        still = closer is None and (left > 0 or turned is not None)
        return None, self.tidy((h0, h1, (), w, tuple(t), True, left, turned, closer, at, shown,
                                None, None, w if still else None))

    def ab(self, st: tuple[Any, ...], alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta: the exact value inside (alpha, beta), else a bound."""
        self.nodes += 1
        if beta <= 0.0:  # no deal's end gives the side less than nothing
            return 0.0
        if alpha >= self.top:  # nor more than the most a deal is worth
            return self.top
        key = (self.sid, st)
        hit = self.table.get(key)
        known, alpha, beta, first = consult(hit, alpha, beta)
        if known is not None:
            return known
        p, ms = self.options(st)
        order = list(range(len(ms)))
        if 0 <= first < len(ms):
            order.remove(first)
            order.insert(0, first)
        up = p == self.me
        a0, b0 = alpha, beta
        best = -float("inf") if up else float("inf")
        best_i = order[0]
        for i in order:
            v, nxt = self.apply(st, ms[i])
            if v is None:
                v = self.ab(nxt, alpha, beta)
            if up:
                if v > best:
                    best, best_i = v, i
                alpha = max(alpha, v)
            elif v < best:
                best, best_i = v, i
                beta = min(beta, v)
            if alpha >= beta:
                break
        return remember(self.table, key, hit, best, best_i, a0, b0)

    def value(self, guess: float = 0.0, st: tuple[Any, ...] | None = None) -> float:
        """The exact value of ``st`` (the root by default): MTD(f)."""
        s = self.start if st is None else st
        return mtd(lambda a, b: self.ab(s, a, b), guess)

    def reaches(self, st: tuple[Any, ...], target: float) -> bool:
        """Whether the value of ``st`` is ``target``: two null-window searches (at least it,
        and less than the next value), and none more when the first fails."""
        if self.ab(st, target - 0.25, target) < target:
            return False
        return self.ab(st, target, target + 0.25) < target + 0.25

    def event(self, m: tuple[Any, ...]) -> ev.HandEvent | None:
        """The log event of move ``m`` (None for the stop: the deal scored as played out)."""
        from .cards import SUIT_NAMES
        kind = m[0]
        if kind == "stop":
            return None
        who = self.players[m[1]]
        if kind == "declare":
            return ev.DeclareOut(player=who)
        if kind == "play":
            return ev.Play(player=who, card=str(m[2]))
        if kind == "marriage":
            return ev.Marriage(player=who, suit=SUIT_NAMES[m[2]])
        if kind == "exchange":
            return ev.Exchange(player=who)
        return ev.Close(player=who, before_draw=True) if m[2] else ev.Close(player=who)

    def line(self, target: float) -> list[ev.HandEvent]:
        """A line of events from the root to the deal's end reaching ``target``."""
        out: list[ev.HandEvent] = []
        st: Any = self.start
        while st is not None:
            _, ms = self.options(st)
            for m in ms:
                v, nxt = self.apply(st, m)
                if (v == target if v is not None else self.reaches(nxt, target)):
                    e = self.event(m)
                    if e is not None:
                        out.append(e)
                    st = nxt
                    break
            else:  # pragma: no cover - a value is always reached by one of the moves
                raise RuntimeError("no move reaches the position's value")
        return out


# --- the trick-only layer -------------------------------------------------------------------

FAST_GAMES = frozenset({"thirty-three", "asszorti", "eighty-three"})
"""Games whose play, once started, is tricks alone (no decision but the card): the layer below
searches them over the rules core's trick machine (duty to follow, winner) and asks the engine
only for the score at the end."""


class Unsafe(Exception):
    """The trick-only layer met what it does not model (the engine ended the hand early, or
    found something): the search falls back on the engine layer."""


def fast_ready(engine: MatchEngine[Any]) -> bool:
    """Whether the trick-only layer may search from ``engine``: a game of :data:`FAST_GAMES`
    in its play (the first card played), no revoke open, no claim standing undisputed (after
    a dispute the game's reading says what the claim changes, A7), every player holding
    as many cards as the tricks still to come ask."""
    h = engine.hand
    if engine.GAME not in FAST_GAMES or h is None or h.mode != OPEN or h.partial:
        return False
    tp = h.play
    claim = getattr(h, "claim", None)
    if tp is None or h.revoke is not None or (claim is not None
                                               and getattr(claim, "dispute", None) is None):
        return False
    n = engine.TRICKS - len(tp.tricks)
    return all(len(tp.hands[p]) == n - (p in tp.current.who) for p in engine.players)


def quick_tricks(ck: tuple[tuple[int, int, int], ...], li: int, trump_no: int | None,
                 follows: bool) -> tuple[int, int]:
    """(tricks, their card points): the quick tricks of the player at seat ``li`` on lead
    between tricks, the cards as :meth:`Tricks.cards_key` keys them, decoded (``ck``: each
    card in play, suit by suit, highest first, as (its suit, holder, card points)).  The cards
    that head a suit in that hand, one after another, win when led whatever the others play
    (the trick machine's winner: the highest trump, else the highest of the suit led): the
    trumps first, each the highest left; then another suit's, which only a trump can beat:
    all of them when no one else holds a trump, and where a player who holds the suit led
    must follow it (:func:`~referee.games.tricks.must_follow`) as many as every other
    holder of a trump holds of that suit (they follow the trumps while they hold one, so
    keep their other cards; one that runs out of trumps can beat nothing).  The leader
    keeps the lead, so the tricks add up: a bound on what the rest of the play gives (the
    counted search's, :meth:`Tricks.cab`).  ``trump_no``: the trump suit's number (None: no
    trumps); ``follows``: whether a player holding the suit led must follow it."""
    heads: dict[int, list[int]] = {}  # suit → the card points of the leader's heads
    length: dict[tuple[int, int], int] = {}  # (suit, seat) → cards held, the others
    ruffers: set[int] = set()  # the others' seats holding a trump
    suit, heading = -1, False
    for s, i, p in ck:
        if s != suit:
            suit, heading = s, True
            heads[s] = []
        if i == li:
            if heading:
                heads[s].append(p)
        else:
            heading = False
            length[s, i] = length.get((s, i), 0) + 1
            if s == trump_no:
                ruffers.add(i)
    q = pts = 0
    for s, run in heads.items():
        k = len(run)
        if s != trump_no and ruffers:
            k = min([k] + [length.get((s, r), 0) for r in ruffers]) if follows else 0
        q, pts = q + k, pts + sum(run[:k])
    return q, pts


Taken = tuple[tuple[int, int], ...]
"""(tricks, card points) taken, per seat."""
Late = tuple[tuple[int, bool], ...]
"""(the winner's seat, whether a trump fell) of each of the last :data:`LATE` tricks played."""
TrickState = tuple[tuple[int, ...], tuple[int, ...], int, Taken, int, Late, int]
"""A state of :class:`Tricks`: (hands, trick, leader, taken, first, late, done), see there."""
Reading = tuple[bool, int, PlayCount | None, float, float, int]
"""What :meth:`Tricks.reading` says of a score state: (settled, its key as a number, the
count, the least and the most the result can still come to, the number of the game's bounds
by what the side takes from there, or -1 where the game gives none)."""


class Tricks:
    """A trick-only search from a root engine (:func:`fast_ready`) on a compact state of ints:
    each player's cards left as a bitmask (bit ``b`` is the card :attr:`card_at` ``[b]``, the
    contract's cards suit by suit, each suit highest first), the cards on the table (their
    bits, in play order), the leader's seat and each seat's (tricks, card points) taken; the
    legal cards are the duty in force (``engine.duty_in_force()``, the rules core's, its
    answers cached per hand and trick) and the winner the contract's
    :class:`~referee.games.tricks.TrickOrder`'s (its strength tables, by bit).  A finished
    hand's value is the engine's: the cards of the path are played on a copy of the root
    engine and the hand's result read (cached on the score state's key).

    Two searches, both reading the game's scoring through its own hooks:

    - on the game points (:meth:`ab`), the table keyed on the cards left, the trick, the leader
      and what the scoring reads of the tricks taken (the contract's ``reading``); a position
      whose result is settled is played out at once (:meth:`settled`), one whose result the
      game bounds (the reading's ``bounds``: Asszorti's arrivázs, Eighty-Three's set penalty
      "points") is cut at once where they lie outside the window, narrowed between tricks
      by the quick tricks of the player on lead (:meth:`span`);
    - on a count (:meth:`cab`), where the game says its result rises with one
      (the reading's ``measure``, a :class:`~referee.games.hooks.PlayCount`): values relative to
      the position, the table keyed on the cards left alone (and the count's first-trick
      flags), the bounds of what is still to win cutting at once; the root's value is the
      engine's score of a line that keeps the count between the steps perfect play leaves it
      between (:meth:`count_line`).  The game-point search switches to the count wherever the
      game gives one.

    A state is ``(hands, trick, leader, taken, first, late, done)``: a bitmask per seat; the
    bits of the cards on the table (the ``k``-th played by seat ``(leader + k) % players``);
    the leader's seat; (tricks, card points) per seat; the seat that won the first trick (-1:
    none yet); (winner's seat, whether a trump fell) of each of the last :data:`LATE` tricks
    played; the tricks played.  A path is (seat, bit) per card."""

    def __init__(self, engine: MatchEngine[Any], side: tuple[str, ...],
                 shared: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]] | None = None
                 ) -> None:
        from .legal import clone
        self.root = engine
        self.clone = clone
        self.side = side
        h = engine.hand
        assert h is not None and h.play is not None
        tp = h.play
        self.players = tuple(engine.players)
        np = self.np = len(self.players)
        self.seat = {p: i for i, p in enumerate(self.players)}
        """Player → seat (the index in :attr:`players`)."""
        self.ups = tuple(p in side for p in self.players)
        """Per seat, whether it is of the side (maximises)."""
        order = self.order = tp.order
        self.duty = engine.duty_in_force()
        self.points = {c: engine.card_points_of([c]) or 0 for c in order.suit_of}
        self.n = engine.TRICKS
        self.ranked = tuple(tuple(c for c in cs) for cs in order.suits.values())
        """Each effective suit's cards, highest first (the contract's order, :attr:`order_id`)."""
        self.flat = sorted(order.suit_of, key=lambda c: (order.suit_of[c], -order.power[c]))
        """Every card of the contract's order, suit by suit, each suit highest first: the
        bits' order."""
        self.card_at = tuple(self.flat)
        """Bit → its card."""
        self.bit_of = {c: b for b, c in enumerate(self.flat)}
        """Card → its bit."""
        suit_no = {s: k for k, s in enumerate(order.suits)}
        self.suit_at = tuple(suit_no[order.suit_of[c]] for c in self.flat)
        """Bit → its card's effective suit (a number)."""
        self.points_at = tuple(self.points[c] for c in self.flat)
        """Bit → its card's card points."""
        self.power_at = tuple(order.power[c] for c in self.flat)
        """Bit → its card's power (:class:`~referee.games.tricks.TrickOrder`)."""
        self.strength_at = tuple(tuple(order.strength(s)[c] for c in self.flat)
                                 for s in order.suits)
        """Suit led (a number) → bit → what its card counts for in a trick so led
        (:meth:`~referee.games.tricks.TrickOrder.strength`), for the move ordering
        (:meth:`legal`)."""
        self.trump_mask = sum(1 << b for b, c in enumerate(self.flat) if order.is_trump(c))
        """The bits of the trumps."""
        self.place = tuple(tuple(b * np + i for b in range(len(self.flat))) for i in range(np))
        """For each seat, bit → a number of (the bit, the seat) that sorts in the rank order
        (:meth:`cards_key`)."""
        self.point_values = tuple(sorted(set(self.points_at)))
        """The card points a card of this contract may be worth, lowest first (the key holds a
        card's points as their place here)."""
        code = {v: i for i, v in enumerate(self.point_values)}
        self.where = {b * np + i: bytes((self.suit_at[b], i, code[self.points_at[b]]))
                      for b in range(len(self.flat)) for i in range(np)}
        """:attr:`place`'s numbers → 3 bytes: the card's effective suit, its holder, its card
        points (their place in :attr:`point_values`): what the key keeps of a card (not the
        card)."""
        self.trump_no = suit_no.get(order.trump) if order.trump is not None else None
        """The trump suit's number in :attr:`where` (None without trumps)."""
        self.follows = must_follow(self.duty)
        """Whether a player holding the suit led must follow it (:meth:`quick`)."""
        self.table: dict[Any, tuple[float, float, int]]
        self.leaves: dict[Any, float]
        self.table, self.leaves, states = shared if shared is not None else ({}, {}, {})
        self.state = tuple(_game_state(h))
        if self.state not in states:
            states[self.state] = (len(states), {})
        self.sid: int
        self.keys: dict[Any, Any]
        self.sid, self.keys = states[self.state]
        self.ids: dict[Any, int] = states.setdefault("ids", {})
        """What the tables' keys hold of the score state and the count, each as a number
        (:meth:`reading`, :meth:`count_terms`): a small int hashes at once."""
        self.quicks: dict[Any, tuple[int, int]] = states.setdefault("quick", {})
        """:meth:`quick`'s bounds, shared as the tables are."""
        self.spans: dict[int, tuple[bool, tuple[tuple[Any, Any], ...]]] = states.setdefault(
            "spans", {})
        """The game's bounds of the result at a score state (:class:`~referee.games.hooks.
        PlayReading`), by their number (:meth:`reading`): (whether by card points, not tricks,
        the least and the most for each count the side takes from there)."""
        self.span_of: dict[tuple[int, int, int, bool], tuple[float, float]] = states.setdefault(
            "span", {})
        """:meth:`span`'s answers."""
        self.order_id: int = states.setdefault(
            ("order", self.ranked, tuple(self.points[c] for c in self.flat)), len(states))
        """The contract's rank order and card points, as a number of the shared tables (the
        counted search's entries hold for every state of the hand with these,
        :meth:`count_terms`)."""
        self.allowed: dict[tuple[int, tuple[int, ...]], int] = states.setdefault(
            ("duty", self.order_id, self.trump_no, self.duty), {})
        """(hand, cards on the table) → the bits the duty allows of the hand (:meth:`legal`)."""
        self.reader = engine.contract().reading
        self.measure: PlayCount | None
        self.nodes = 0
        self.path: list[tuple[int, int]] = []
        hands = self.masks(tp.hands)
        taken = tuple((len(tp.won[p]), sum(self.points[c] for t in tp.won[p] for c in t.cards))
                      for p in self.players)
        first = self.seat[tp.tricks[0].winner] if tp.tricks and tp.tricks[0].winner else -1
        late = tuple((self.seat[t.winner], any(map(order.is_trump, t.cards)))
                     for t in tp.tricks if t.number > self.n - LATE and t.winner)
        cur = tp.current
        leader = self.seat[cur.who[0]] if cur.who else self.seat[tp.leader]
        self.start = (hands, tuple(self.bit_of[c] for c in cur.cards), leader, taken, first,
                      late, len(tp.tricks))
        self.total = sum(self.points[c] for cs in tp.hands.values() for c in cs) + sum(
            self.points[c] for c in cur.cards) + sum(pts for _, pts in taken)
        """The card points of the hand's cards in play (the hands, the table, the tricks)."""
        self.terms: dict[PlayCount, tuple[tuple[int, ...], Any, tuple[bool, ...],
                                          tuple[bool, ...]]] = {}
        self.last_measure: PlayCount | None = None
        self.last_terms: tuple[tuple[int, ...], Any, tuple[bool, ...], tuple[bool, ...]] = (
            (), None, (), ())
        self.measure = self.measure_at(self.start)
        """The game's (players, unit, sign, bonus, steps) when the result rises with what the
        side wins (the contract's ``reading``): the search then counts that alone (:meth:`cab`)."""

    def masks(self, hands: Mapping[str, Iterable[Any]]) -> tuple[int, ...]:
        """Player → cards as a bitmask per seat (the state's hands)."""
        bit = self.bit_of
        return tuple(sum(1 << bit[c] for c in hands.get(p, ())) for p in self.players)

    def cards_of(self, mask: int) -> list[Any]:
        """The cards of a bitmask, in the bits' order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.card_at[low.bit_length() - 1])
            mask ^= low
        return out

    def cards_key(self, hands: tuple[int, ...], trick: tuple[int, ...]) -> Any:
        """What the tables key the cards in play on.  Between tricks, their relative ranks, as
        double-dummy solvers key them: for each effective suit, who holds each card still in
        play, highest first, with its card points, so that two positions whose cards differ
        only by cards already played are one (the duty to follow and the trick's winner read
        the rank order alone, :mod:`~referee.games.tricks`; the scoring, the tricks and card
        points won).  During a trick, the hands and the trick's cards themselves."""
        if trick:
            return hands, trick
        # each (card, holder) is one number that sorts in the rank order and reads back as the
        # card's suit, holder and points (:attr:`place`, :attr:`where`); the key is their
        # bytes, which hash once
        nums = []
        for at, mask in zip(self.place, hands):
            while mask:
                low = mask & -mask
                nums.append(at[low.bit_length() - 1])
                mask ^= low
        nums.sort()
        where = self.where
        return b"".join([where[x] for x in nums])

    def legal(self, hands: tuple[int, ...], trick: tuple[int, ...],
              leader: int) -> tuple[int, list[int]]:
        """(the seat to play, the bits it may play, equivalent cards as one, in the order they
        are searched)."""
        p = (leader + len(trick)) % self.np
        held = hands[p]
        if self.duty is None:
            allowed = held
        else:
            k = (held, trick)
            got = self.allowed.get(k)
            if got is None:
                cs = self.card_at
                said = self.duty(self.cards_of(held), [cs[b] for b in trick], self.order)
                got = held if said is None else sum(1 << self.bit_of[c] for c in said)
                if len(self.allowed) >= TABLE_CAP:
                    self.allowed.clear()
                self.allowed[k] = got
            allowed = got
        # equivalent cards (:func:`equivalent`, here on the bits: the same suit and points,
        # no bit of another hand or the table between them; the tests hold the two to one
        # answer); the highest kept
        if not allowed:  # no card (a duty never allows none of a hand that holds one)
            return p, []
        low = allowed & -allowed
        last = low.bit_length() - 1
        out = [last]
        rest = allowed ^ low
        if rest:
            others = 0
            for i, m in enumerate(hands):
                if i != p:
                    others |= m
            for b in trick:
                others |= 1 << b
            suit_at, pts = self.suit_at, self.points_at
            while rest:
                low = rest & -rest
                b = low.bit_length() - 1
                rest ^= low
                if (suit_at[b] != suit_at[last] or pts[b] != pts[last]
                        or others & (low - (2 << last))):
                    out.append(b)
                    last = b
        if not trick:  # move ordering, a lead: the highest cards first, trumps before
            out.sort(key=self.power_at.__getitem__, reverse=True)
        elif len(out) > 1:  # move ordering: a card that heads the trick first (the
            # highest; the last to play, the lowest), then the others lowest first; under a
            # partner's winning card, the lowest first
            # (card points: the most onto a partner's trick, the fewest onto another's)
            strength = self.strength_at[self.suit_at[trick[0]]]
            on = [strength[x] for x in trick]
            top = max(on)
            win = on.index(top)
            heads = [c for c in out if strength[c] > top]
            rest_ = [c for c in out if strength[c] <= top]
            rest_.reverse()
            if len(trick) == self.np - 1:
                heads.reverse()
            if self.ups[(leader + win) % self.np] == self.ups[p]:
                heads.reverse()
                rest_.sort(key=self.points_at.__getitem__, reverse=True)
                out = rest_ + heads
            else:
                rest_.sort(key=self.points_at.__getitem__)
                out = heads + rest_
        return p, out

    def ab(self, st: TrickState, alpha: float, beta: float,
           rd: Reading | None = None) -> float:
        """Fail-soft alpha-beta on the game points from ``st`` (``rd``: its :meth:`reading`
        when known, as within a trick, where no trick is taken)."""
        self.nodes += 1
        hands, trick, leader, taken, first, late, done = st
        if done == self.n:
            return self.leaf(st)
        if done == self.n - 1:  # the last trick: each card is forced (:meth:`forced`)
            k = len(self.path)
            for p, c in self.forced(st):
                self.path.append((p, c))
                st = self.child(st, p, c)
            v = self.leaf(st)
            del self.path[k:]
            return v
        if rd is None:
            rd = self.reading(taken, first, late, done)
        done_, sk, m, lo_b, hi_b, bid = rd
        if done_:
            return self.settled(st, sk)
        if lo_b >= beta:
            return lo_b
        if hi_b <= alpha:
            return hi_b
        ck = self.cards_key(hands, trick)
        if not trick and bid >= 0:  # the leader's quick tricks narrow the bounds
            q, pts = self.quick(ck, leader)
            if q:
                lo_b, hi_b = self.span(bid, q, pts, self.ups[leader])
                if lo_b >= beta:
                    return lo_b
                if hi_b <= alpha:
                    return hi_b
        key = (ck, leader, sk)
        if key not in self.table:
            if m is not None:
                inf = float("inf")
                return remember(self.table, key, None, self.counted(st, m), -1, -inf, inf)
        hit = self.table.get(key)
        known, alpha, beta, first_i = consult(hit, alpha, beta)
        if known is not None:
            return known
        p, cards = self.legal(hands, trick, leader)
        order = list(range(len(cards)))
        if 0 <= first_i < len(cards):
            order.remove(first_i)
            order.insert(0, first_i)
        up = self.ups[p]
        a0, b0 = alpha, beta
        best = -float("inf") if up else float("inf")
        best_i = order[0]
        for i in order:
            c = cards[i]
            self.path.append((p, c))
            nxt = self.child(st, p, c)
            v = self.ab(nxt, alpha, beta, rd if nxt[6] == done else None)
            self.path.pop()
            if up:
                if v > best:
                    best, best_i = v, i
                alpha = max(alpha, v)
            elif v < best:
                best, best_i = v, i
                beta = min(beta, v)
            if alpha >= beta:
                break
        return remember(self.table, key, hit, best, best_i, a0, b0)

    def child(self, st: TrickState, p: int, c: int) -> TrickState:
        """The state after seat ``p`` plays bit ``c``."""
        hands, trick, leader, taken, first, late, done = st
        hs = list(hands)
        hs[p] ^= 1 << c
        hands = tuple(hs)
        trick = trick + (c,)
        if len(trick) < self.np:
            return (hands, trick, leader, taken, first, late, done)
        cs = self.card_at
        w = (leader + self.order.winner([cs[x] for x in trick])) % self.np
        t = list(taken)
        pts = self.points_at
        t[w] = (t[w][0] + 1, t[w][1] + sum([pts[x] for x in trick]))
        done += 1
        if first < 0:
            first = w
        if done > self.n - LATE:
            tm = self.trump_mask
            late = late + ((w, any([tm >> x & 1 for x in trick])),)
        return (hands, (), w, tuple(t), first, late, done)

    def forced(self, st: TrickState) -> list[tuple[int, int]]:
        """(seat, bit) of the cards still to come to the last trick from ``st``, in turn:
        each player has one card left, which the duty to follow cannot forbid (a duty narrows
        the cards held to those it allows, or allows any when none is, G4)."""
        hands, trick, leader = st[0], st[1], st[2]
        np = self.np
        out = []
        for k in range(len(trick), np):
            p = (leader + k) % np
            m = hands[p]
            if not m or m & (m - 1):
                raise Unsafe("a player to play to the last trick holds other than one card")
            out.append((p, m.bit_length() - 1))
        return out

    def reading(self, taken: tuple[tuple[int, int], ...], first: int,
                late: tuple[tuple[int, bool], ...], done: int
                ) -> Reading:
        """What the game's scoring reads of a score state (:data:`Reading`), cached: the
        contract's :data:`~referee.games.hooks.PlayReader`, or where the game does not say the
        whole state, never settled, no count, no bounds; the key, with the hand's own state
        (its index among those the shared tables have seen), as a number (:meth:`ident`)."""
        raw = (taken, first, late, done)
        k = self.keys.get(raw)
        if k is None:
            inf = float("inf")
            if self.reader is None:
                k = (False, self.ident((self.sid, raw[:3])), None, -inf, inf, -1)
            else:
                ps = self.players
                still = self.total - sum(pts for _, pts in taken)
                said = self.reader({p: t for p, (t, _) in zip(ps, taken)},
                                   {p: pts for p, (_, pts) in zip(ps, taken)},
                                   [(ps[w], t) for w, t in late], done, still)
                lo, hi, bid = -inf, inf, -1
                if said.bounds is not None:
                    lo = float(min(a for a, _ in said.bounds))
                    hi = float(max(b for _, b in said.bounds))
                    bid = self.ident(("bounds", said.unit == "points", said.bounds))
                    self.spans[bid] = (said.unit == "points", said.bounds)
                k = (said.settled, self.ident((self.sid, said.key)), said.measure, lo, hi, bid)
            self.keys[raw] = k
        return k

    def span(self, bid: int, q: int, pts: int, up: bool) -> tuple[float, float]:
        """The least and the most the result comes to under the bounds numbered ``bid`` (the
        reading's, :class:`~referee.games.hooks.PlayReading`) when the player on lead can take
        ``q`` quick tricks of ``pts`` card points (:meth:`quick`): only the end that player can
        force narrows, for a player may also not cash them (a head kept, or thrown away) and
        the bounds need not rise with the count: the side on lead (``up``) takes at least
        those from here on, so its least result is the least of those counts'; the others on
        lead leave the side at most all but those, so its most is the most of theirs."""
        got = self.span_of.get((bid, q, pts, up))
        if got is None:
            points, b = self.spans[bid]
            x = pts if points else q
            if up:
                got = (float(min(lo for lo, _ in b[x:])), float(max(hi for _, hi in b)))
            else:
                got = (float(min(lo for lo, _ in b)),
                       float(max(hi for _, hi in b[:len(b) - x])))
            self.span_of[bid, q, pts, up] = got
        return got

    def ident(self, what: Any) -> int:
        """``what`` (a part of the tables' keys) as a number, one per value of it among the
        searches that share the tables (:attr:`ids`)."""
        got = self.ids.get(what)
        if got is None:
            got = self.ids[what] = len(self.ids)
        return got

    def score_key(self, taken: tuple[tuple[int, int], ...], first: int,
                  late: tuple[tuple[int, bool], ...], done: int) -> tuple[bool, Any]:
        """(settled, key) of a score state (:meth:`reading`)."""
        r = self.reading(taken, first, late, done)
        return r[0], r[1]

    def measure_at(self, st: TrickState) -> PlayCount | None:
        """The game's count at the score state of ``st`` (:meth:`reading`)."""
        c: PlayCount | None = self.reading(st[3], st[4], st[5], st[6])[2]
        return c

    def counted(self, st: TrickState, m: Any) -> float:
        """The exact value at ``st`` (reached by :attr:`path`), searched on the game's count
        ``m`` from there on."""
        return self.value_at(st, m, list(self.path))

    def value_at(self, st: TrickState, m: PlayCount | None, path: list[tuple[int, int]],
                 guess: float = 0.0) -> float:
        """:meth:`value` from ``st`` (reached by ``path``) with the count ``m``: the search
        set there for the call (its start, count and path), then set back; the positions it
        searches are counted in :attr:`nodes`."""
        saved = self.start, self.measure, self.path
        self.start, self.measure, self.path = st, m, path
        try:
            return self.value(guess)
        finally:
            self.start, self.measure, self.path = saved

    def settled(self, st: TrickState, key: Any) -> float:
        """The value of a position whose result the rest of the play cannot change: the hand
        played out from ``st`` on the first legal card each time, as the engine scores it
        (cached on the key)."""
        v = self.leaves.get(key)
        if v is None:
            path = list(self.path)
            while st[6] < self.n:
                p, cards = self.legal(st[0], st[1], st[2])
                path.append((p, cards[0]))
                st = self.child(st, p, cards[0])
            v = self.leaves[key] = self.replay(path)
        return v

    def leaf(self, st: TrickState) -> float:
        key = self.score_key(st[3], st[4], st[5], st[6])[1]
        v = self.leaves.get(key)
        if v is None:
            v = self.replay(self.path)
            self.leaves[key] = v
        return v

    def event(self, p: int, c: int) -> ev.Play:
        """The event of seat ``p`` playing bit ``c``."""
        return ev.Play(player=self.players[p], card=str(self.card_at[c]))

    def replay(self, path: Sequence[tuple[int, int]]) -> float:
        """The value of the hand after the cards of ``path`` (seat, bit) from the root, as the
        engine scores it (raises :class:`Unsafe` if the engine does not end the hand exactly
        there without a finding)."""
        from .facts import FindingFact
        eng = self.clone(self.root)
        for p, c in path:
            h = eng.hand
            if h is None or h.mode != OPEN:
                raise Unsafe("the hand ended before its last trick")
            facts = eng.apply(self.event(p, c), 0)
            if any(type(f) is FindingFact for f in facts):
                raise Unsafe("a finding in the trick-only layer")
        v = hand_value(eng, self.side[0])
        if v is None:
            raise Unsafe("the hand did not end with its last trick")
        return float(v)

    def value(self, guess: float = 0.0) -> float:
        """The root's exact value (MTD(f)); with a measure (:attr:`measure`), the value the
        engine scores at the end of a line that keeps the side's count between the steps
        that perfect play leaves it between."""
        m = self.measure
        if m is not None:
            a, b = self.between(self.start)
            base = self.counted_so_far(self.start)
            # the result is one for the whole hand's counts in [a, b) + base, wherever the count
            # is read from (the measure but its steps, which count from the state: PlayCount)
            key = (self.sid, m.without_steps(), a + base, b + base)
            v = self.leaves.get(key)
            if v is None:
                v = self.leaves[key] = self.leaf_of(self.count_line(self.start, (a, b)))
            return v
        return mtd(lambda a, b: self.ab(self.start, a, b), guess)

    def counted_so_far(self, st: TrickState) -> int:
        """The side's count (:class:`~referee.games.hooks.PlayCount`) over the tricks played
        before ``st``: what the count of a whole hand adds to the count from ``st``."""
        m = self.measure
        assert m is not None
        taken: tuple[tuple[int, int], ...] = st[3]
        n = 0
        for p, (t, pts) in zip(self.players, taken):
            if p in m.players:
                n += m.weight * (t if m.unit == "tricks" else pts)
            if p in m.firsts and t:
                n += 1
        late: tuple[tuple[int, bool], ...] = st[5]
        if (m.unit == "points" and st[6] == self.n and late
                and self.players[late[-1][0]] in m.players):
            n += m.weight * m.bonus
        return m.sign * n

    # the count: what the side wins in the rest of the play, times the measure's sign (all
    # values relative to the position: the table is keyed on the cards alone)

    def count_terms(self, m: PlayCount) -> tuple[tuple[int, ...], Any, tuple[bool, ...],
                                                 tuple[bool, ...]]:
        """What the count ``m`` reads of a state, cached per count: the seats of its
        ``firsts``, what the table's keys carry of it, and per seat whether it counts for the
        side (``players``) and whether its first trick counts (``firsts``)."""
        if m is self.last_measure:  # the same count as the last call: most calls
            return self.last_terms
        t = self.terms.get(m)
        if t is None:
            ix = tuple(i for i, p in enumerate(self.players) if p in m.firsts)
            # the count from a state reads the cards, the leader and these alone, not the
            # hand's other state (a doubling call changes what the count is worth, not it)
            t = self.terms[m] = (ix, self.ident(("count", self.order_id, m[:5], m.firsts)),
                                 tuple(p in m.players for p in self.players),
                                 tuple(p in m.firsts for p in self.players))
        self.last_measure, self.last_terms = m, t
        return t

    def remaining(self, st: TrickState) -> int:
        """The most the side's count can still rise by (before its sign)."""
        m = self.measure
        assert m is not None
        done: int = st[6]
        taken: tuple[tuple[int, int], ...] = st[3]
        left = (self.n - done if m.unit == "tricks"
                else self.total - sum(pts for _, pts in taken) + (m.bonus if done < self.n else 0))
        n = m.weight * left
        for i in self.count_terms(m)[0]:
            if not taken[i][0]:
                n += 1
        return n

    def cab(self, st: TrickState, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta on the count from ``st`` (its bounds, 0 and what is left to
        win, cut at once)."""
        self.nodes += 1
        if st[6] == self.n:
            return 0.0
        m = self.measure
        assert m is not None
        left = self.remaining(st)
        lo_b, hi_b = (0, left) if m.sign > 0 else (-left, 0)
        if lo_b >= beta:
            return lo_b
        if hi_b <= alpha:
            return hi_b
        if st[6] == self.n - 1:  # the last trick: each card is forced (:meth:`forced`)
            g = 0
            for p, c in self.forced(st):
                st, d = self.step(st, p, c)
                g += d
            return float(g)
        hands, trick, leader, taken = st[0], st[1], st[2], st[3]
        ix, mk, counts, firsts = self.count_terms(m)
        ck = self.cards_key(hands, trick)
        fl = 0  # which of the count's firsts have a trick
        for i in ix:
            fl = fl * 2 + (1 if taken[i][0] else 0)
        key = (ck, leader, mk, fl)
        hit = self.table.get(key)
        known, alpha, beta, first_i = consult(hit, alpha, beta)
        if known is not None:
            return known
        if not trick:  # the tricks the leader takes at once bound the count (:meth:`quick`)
            q, pts = self.quick(ck, leader)
            if q:
                won = m.weight * (q if m.unit == "tricks" else pts)
                lo = (won if counts[leader] else 0) + (
                    1 if firsts[leader] and not taken[leader][0] else 0)
                hi = left if counts[leader] else left - won
                lo, hi = (lo, hi) if m.sign > 0 else (-hi, -lo)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
        p, cards = self.legal(hands, trick, leader)
        order = list(range(len(cards)))
        if 0 <= first_i < len(cards):
            order.remove(first_i)
            order.insert(0, first_i)
        up = self.ups[p]
        a0, b0 = alpha, beta
        best = -float("inf") if up else float("inf")
        best_i = order[0]
        for i in order:
            nxt, g = self.step(st, p, cards[i])
            v = g + self.cab(nxt, alpha - g, beta - g)
            if up:
                if v > best:
                    best, best_i = v, i
                alpha = max(alpha, v)
            elif v < best:
                best, best_i = v, i
                beta = min(beta, v)
            if alpha >= beta:
                break
        return remember(self.table, key, hit, best, best_i, a0, b0)

    def quick(self, ck: bytes, li: int) -> tuple[int, int]:
        """:func:`quick_tricks` of the player at seat ``li`` on lead between tricks, the cards
        keyed by :meth:`cards_key` (``ck``), under this contract's trumps and duty (cached)."""
        qk = (self.order_id, self.trump_no, self.follows, ck, li)
        got = self.quicks.get(qk)
        if got is None:
            pv = self.point_values
            cards = tuple((ck[k], ck[k + 1], pv[ck[k + 2]]) for k in range(0, len(ck), 3))
            got = self.quicks[qk] = quick_tricks(cards, li, self.trump_no, self.follows)
        return got

    def step(self, st: TrickState, p: int, c: int) -> tuple[TrickState, int]:
        """The child of ``st`` after seat ``p`` plays bit ``c``, and what the side's count
        rises by (:class:`~referee.games.hooks.PlayCount`)."""
        nxt = self.child(st, p, c)
        if nxt[6] == st[6]:
            return nxt, 0
        m = self.measure
        assert m is not None
        _, _, counts, firsts = self.count_terms(m)
        w = nxt[2]  # the trick's winner leads next
        g = 0
        if counts[w]:
            if m.unit == "tricks":
                g = m.weight
            else:
                pts = self.points_at
                g = m.weight * (sum([pts[x] for x in st[1]]) + pts[c]
                                + (m.bonus if nxt[6] == self.n else 0))
        if firsts[w] and not st[3][w][0]:
            g += 1
        return nxt, m.sign * g
    def at_least(self, st: TrickState, x: float) -> bool:
        """Whether perfect play from ``st`` makes a count of ``x`` or more (one null-window
        search)."""
        return self.cab(st, x - 0.25, x) >= x

    def between(self, st: TrickState) -> tuple[float, float]:
        """(a, b): perfect play from ``st`` makes a count from ``a`` up to, not including,
        ``b``, with no step of the measure between (every count, without steps: the exact
        count, MTD(f))."""
        assert self.measure is not None
        steps = self.measure.steps
        if steps is None:
            base = self.counted_so_far(st)
            key = ("guess", self.sid, self.measure)
            guess = self.leaves.get(key)
            v = self.exact(st, self.playout(st) if guess is None else guess - base)
            self.leaves[key] = v + base
            return v, v + 0.5
        lo, hi = 0, len(steps)  # how many steps are made: binary search
        while lo < hi:
            mid = (lo + hi) // 2
            if self.at_least(st, steps[mid]):
                lo = mid + 1
            else:
                hi = mid
        return (steps[lo - 1] if lo else -float("inf"),
                steps[lo] if lo < len(steps) else float("inf"))

    def playout(self, st: TrickState) -> float:
        """The count from ``st`` along the line of each player's first card in the move
        ordering (:meth:`legal`): a first guess for :meth:`exact`."""
        g = 0
        while st[6] < self.n:
            p, cards = self.legal(st[0], st[1], st[2])
            st, d = self.step(st, p, cards[0])
            g += d
        return float(g)

    def exact(self, st: TrickState, guess: float) -> float:
        """The exact count from ``st`` (a whole number between the bounds of what is left to
        win): null-window searches at ``guess``, then at the bound each returns (MTD(f)), after
        six of them halving what is left open."""
        left = self.remaining(st)
        lo, hi = (0, left) if self.measure is not None and self.measure.sign > 0 else (-left, 0)
        tries = 0
        x = hi if guess == float("inf") else min(max(int(guess), lo + 1), hi)
        while lo < hi:
            g = self.cab(st, x - 0.25, x)
            tries += 1
            if g >= x:
                lo = int(max(lo, g))
                x = lo + 1
            else:
                hi = int(min(hi, g))
                x = hi
            if tries >= 6:
                x = (lo + hi + 1) // 2
            x = min(max(x, lo + 1), hi)
        return float(lo)

    def count_line(self, st: TrickState, ab: tuple[float, float] | None = None
                   ) -> list[tuple[int, int]]:
        """(seat, bit) of a line from ``st`` to the end of the hand under perfect play
        (the count kept between the steps ``ab`` of :meth:`between`, found when None)."""
        assert self.measure is not None
        a, b = self.between(st) if ab is None else ab
        out: list[tuple[int, int]] = []
        while st[6] < self.n:
            p, cards = self.legal(st[0], st[1], st[2])
            for c in cards:
                nxt, g = self.step(st, p, c)
                if len(cards) == 1 or ((a == -float("inf") or self.at_least(nxt, a - g))
                                       and (b == float("inf") or not self.at_least(nxt, b - g))):
                    out.append((p, c))
                    st, a, b = nxt, a - g, b - g
                    break
            else:  # pragma: no cover - a count is always kept by one of the cards
                raise RuntimeError("no card keeps the position's count")
        return out

    def leaf_of(self, line: Sequence[tuple[int, int]]) -> float:
        """The engine's value of the hand played from the root along ``line`` (seat, bit) to
        its end (cached on the final score state's key)."""
        st = self.start
        for p, c in line:
            st = self.child(st, p, c)
        key = self.score_key(st[3], st[4], st[5], st[6])[1]
        v = self.leaves.get(key)
        if v is None:
            v = self.leaves[key] = self.replay(list(self.path) + list(line))
        return v

    def line(self, target: float) -> list[ev.HandEvent]:
        """A line of cards from the root reaching ``target``."""
        if self.measure is not None:
            return [self.event(p, c) for p, c in self.count_line(self.start)]
        out: list[ev.HandEvent] = []
        st = self.start
        while st[6] < self.n:
            p, cards = self.legal(st[0], st[1], st[2])
            for c in cards:
                nxt = self.child(st, p, c)
                if self.value_at(nxt, self.measure, self.path + [(p, c)], target) == target:
                    self.path.append((p, c))
                    out.append(self.event(p, c))
                    st = nxt
                    break
            else:  # pragma: no cover
                raise RuntimeError("no card reaches the position's value")
        return out
