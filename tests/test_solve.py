"""The solver (issue 26) against an exhaustive minimax written here in a few lines, with no
pruning, through the public :class:`referee.Table` alone: its legal actions, its copies and the
hand's score as the engine settles it.  Endings come from simulated play of every game.

Also: each solution's best line replays on a table with no finding and scores the value; a
position's value is its best action's value (max for the declaring side, min for the others).
"""
from __future__ import annotations

import functools
import itertools

from typing import Any, Iterator

import pytest

import referee
from referee.simulate import simulate

MOVES = {"play", "close", "marriage", "exchange", "declare_out",  # RULINGS R34
         "dispute"}  # (only legal while a claim stands: the defenders' answer to it)
NOT_PLAY = {"claim", "dispute"}


def score_of(hand: Any, player: str) -> float:
    """The hand's change for ``player`` as ``score`` counts it (Asszorti: the net, A8)."""
    net = (hand.extra or {}).get("net")
    return float((net or hand.deltas)[player])


def side_of(table: referee.Table) -> tuple[str, ...]:
    """The declaring side, from the table's public data: the declarer (Eighty-Three: with the
    partner across the table, seats 1 & 3 against 2 & 4); Sixty-Six: the first trick's leader."""
    m = table.match
    assert m is not None and table.hand is not None
    if m.game == "sixty-six":
        return (table.hand.tricks[0].leader,)
    decl = table.hand.declarer
    assert decl is not None
    if m.game == "eighty-three":
        i = m.players.index(decl)
        return (decl, m.players[(i + 2) % 4])
    return (decl,)


def minimax(table: referee.Table, side: tuple[str, ...]) -> float:
    """The value by trying every move of the play, and the end of the hand where the hand may
    end with no further event (closing a copy gives no finding)."""
    h = table.hand
    assert h is not None
    if h.status is not None:
        return score_of(h, side[0])
    acts = [a for a in table.legal_actions() if a["event"] in MOVES]
    values = []
    for a in acts:
        t = table.copy()
        assert t.apply(a) == []
        values.append(minimax(t, side))
    stopped = ended(table)
    if stopped is not None:
        values.append(score_of(stopped, side[0]))
    assert values, "a position with no move and no end"
    up = bool(acts) and acts[0]["player"] in side
    return max(values) if up else min(values)


def ended(table: referee.Table) -> Any:
    """The hand as it ends if the log ends here (a copy closed), when that gives no finding
    and the hand is settled; else None."""
    t = table.copy()
    if t.close() != [] or t.match is None or not t.match.hands:
        return None
    h = t.match.hands[-1]
    return h if h.status is not None else None


def cards_left(table: referee.Table) -> int:
    return sum(len(h.cards) for h in table.holdings.values())


def endings(game: str, seeds: range, most: int, hands: int = 6) -> Iterator[referee.Table]:
    """Tables at each moment of the play with at most ``most`` cards left in the hands (and, in
    Sixty-Six, the stock closed or drawn), before any claim, in simulated play."""
    for seed in seeds:
        table = referee.Table()
        claimed = False
        for e in simulate(game, seed, hands):
            h = table.hand
            if e["event"] == "deal":
                claimed = False
            if e["event"] in NOT_PLAY:
                claimed = True
            if (e["event"] in MOVES and h is not None and h.status is None and not claimed
                    and h.tricks and cards_left(table) <= most):
                yield table.copy()
            table.apply(e)


def check_solution(table: referee.Table) -> None:
    side = side_of(table)
    s = table.solve()
    assert s.side == side
    assert s.value == minimax(table, side)
    for a, v in s.actions:
        t = table.copy()
        assert t.apply(a) == []
        assert v == minimax(t, side), a
    # the best line is legal, scores the value
    t = table.copy()
    for a in s.best:
        assert t.apply(a) == [], a
    h = t.hand
    if h is not None and h.status is None:
        h = ended(t)
    assert h is not None and score_of(h, side[0]) == s.value
    # a position's value is its best move's value (with the stop, if the hand may end here);
    # the other actions (a claim, a doubling call) are valued but are no moves of the play (R34)
    moves = [(a, v) for a, v in s.actions if a["event"] in MOVES]
    if moves and ended(table) is None:
        vals = [v for _, v in moves]
        assert s.value == (max(vals) if moves[0][0]["player"] in side else min(vals))


CASES = {  # game: (seeds, most cards left): small endings, about a hundred positions each
    "thirty-three": (range(0, 5), 6),
    "asszorti": (range(0, 5), 6),
    "sixty-six": (range(0, 4), 6),
    "eighty-three": (range(0, 4), 8),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_solver_agrees_with_exhaustive_minimax(game: str) -> None:
    seeds, most = CASES[game]
    n = 0
    for table in endings(game, seeds, most):
        check_solution(table)
        n += 1
    assert n >= 50, n


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "eighty-three"])
def test_trick_layer_agrees_with_the_engine_layer(game: str) -> None:
    """Longer endings (up to 3 tricks of 3 players, 2 of 4): the trick-only layer (the trick
    machine, the engine scoring the end) and the search through the engine alone agree on the
    value and on every action's value."""
    from referee.legal import clone
    from referee.search import Search, fast_ready, side_of, solve_with
    n = 0
    most = 8 if game == "eighty-three" else 9
    for table in endings(game, range(10, 12), most):
        eng = table._engine
        assert eng is not None
        side = side_of(eng)
        a = solve_with(clone(eng), Search(side))
        b = solve_with(clone(eng), Search(side, engine_only=True))
        assert (a.value, a.actions) == (b.value, b.actions)
        n += fast_ready(eng)
    assert n >= 10, n


def test_asszorti_count_orders_the_basic_game() -> None:
    """The count the search uses in Asszorti (two a declarer's trick, one for each opponent's
    first trick: the reading's measure) orders the basic game as the rules pay it, 6:5:0 (A5)
    included.
    Contract 2 with trumps (basic 4, overtrick 2), no doubling, each opponent pays:
    5 tricks (the opponents' 6 won): -4; 6 with 5:0: 4 - 4 = 0; 6 with 3:2: 4; 7: 4 + 2 = 6."""
    from referee.games.asszorti.rules import basic_game_stake
    cases = [  # (declarer's tricks, the opponents' tricks, expected amount each pays)
        (5, (6, 0), -4), (5, (3, 3), -4), (6, (5, 0), 0), (6, (3, 2), 4), (7, (4, 0), 6),
        (7, (2, 2), 6)]
    by_count = []
    for t, opps, paid in cases:
        assert basic_game_stake("2", True, t, opps).amount == paid
        count = 2 * t + sum(1 for o in opps if o)  # 5:(6,0) 11, 5:(3,3) 12, 6:5:0 13, 6:3:2 14,
        by_count.append((count, paid))            # 7:(4,0) 15, 7:(2,2) 16
    assert [c for c, _ in by_count] == [11, 12, 13, 14, 15, 16]
    paid_in_order = [p for _, p in sorted(by_count)]
    assert paid_in_order == sorted(paid_in_order)  # nondecreasing in the count


@functools.cache
def bench_positions() -> Any:
    """``bench/solve.py``'s ``positions`` (the hands the bench solves), loaded from its file
    once."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "bench_solve", Path(__file__).resolve().parents[1] / "bench" / "solve.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.positions


def arrivazs_hand(seed: int, hand: int) -> Any:
    """The engine of simulated Asszorti match ``seed`` at hand ``hand``'s first card (an
    arrivázs hand)."""
    eng = bench_positions()("asszorti", seed, 0)[hand]._engine
    assert eng.contract().facts["arrivazs"]
    return eng


def arrivazs_reading(seed: int, hand: int, name: str, game_x: int, arrivazs_x: int
                     ) -> tuple[Any, str, str, str]:
    """(the reading, the declarer, the opponents) of :func:`arrivazs_hand`, its contract
    ``name`` doubled ``game_x`` times for the game and ``arrivazs_x`` for the arrivázs."""
    from referee.games.asszorti.rules import ARRIVAZS_TARGET, GAME
    eng = arrivazs_hand(seed, hand)
    h = eng.current
    assert (eng.contract().name, h.multiplier(GAME), h.multiplier(ARRIVAZS_TARGET)) == (
        name, game_x, arrivazs_x)
    o0, o1 = eng.opponents()
    return eng.contract().reading, h.decl, o0, o1


def test_asszorti_bounds_by_hand() -> None:
    """The bounds the Asszorti reading gives the search with an arrivázs announced (the
    declarer's net, twice what each opponent pays; per count k of the tricks left the
    declarer takes), worked out from A4-A6.

    2 no-trumps (basic 8, overtrick 4; arrivázs 16) under one kontra of the game (x2: basic 16,
    overtrick 8), 8 tricks played, the declarer 5, the opponents 2 and 1, none of the last
    three played: k=0, 5 tricks, the basic lost (-16) and the arrivázs (-16): 2 x -32 = -64;
    k=1, 6 tricks, no 6:5:0 (an opponent has at most 4): 2 x (16 - 16) = 0; k=2, 7:
    2 x (24 - 16) = 16; k=3, 8 and the last three: 2 x (32 + 16) = 96.  6 tricks played, all
    the declarer's: k=0 leaves the five to the opponents, 6:5:0 when one takes them all
    (16 - 8, the deduction undoubled) else 16, the arrivázs lost: 2 x (8 - 16) = -16 to
    2 x (16 - 16) = 0.  After a trick of the last three is lost, the arrivázs is lost whatever
    follows.  2 diamonds (basic 4, overtrick 2; arrivázs 8, idegen 16) under a kontra of each
    (x2), 8 played, the declarer 5: k=3, 8 tricks ((4 + 2 x 2) x 2 = 16) and the arrivázs 16
    or idegen 32: 2 x 32 = 64 to 2 x 48 = 96; with a trump fallen to the ninth trick (the
    declarer's, 6 tricks), k=2, 8 tricks, 16 and the arrivázs 16, idegen out: 64."""
    read, d, o0, o1 = arrivazs_reading(5, 0, "2 no-trumps arrivazs", 2, 1)
    pts = {p: 0 for p in (d, o0, o1)}
    r = read({d: 5, o0: 2, o1: 1}, pts, [], 8, 0)
    assert r.measure is None and not r.settled
    assert r.bounds == ((-64, -64), (0, 0), (16, 16), (96, 96))
    r = read({d: 6, o0: 0, o1: 0}, pts, [], 6, 0)
    assert r.bounds is not None and r.bounds[0] == (-16, 0)
    r = read({d: 5, o0: 3, o1: 1}, pts, [(o0, False)], 9, 0)
    # two tricks left, the arrivázs lost: k=0, 5 tricks, -16 - 16: 2 x -32 = -64; k=1, 6,
    # 16 - 16: 0; k=2, 7, 24 - 16: 2 x 8 = 16
    assert r.bounds == ((-64, -64), (0, 0), (16, 16))
    read, d, o0, o1 = arrivazs_reading(2, 1, "2 diamonds arrivazs", 2, 2)
    r = read({d: 5, o0: 2, o1: 1}, pts, [], 8, 0)
    assert r.bounds is not None and r.bounds[3] == (64, 96)
    r = read({d: 6, o0: 2, o1: 1}, pts, [(d, True)], 9, 0)
    assert r.bounds is not None and r.bounds[2] == (64, 64)


def test_eighty_three_bounds_by_hand() -> None:
    """Eighty-Three under the rules as written (``set_penalty`` "points", E4): while the bid is
    neither made nor out of reach the reading gives no count but the bidders' result for each
    count k of the card points left they may take.  Bid 58 (not doubled), the bidders 30 card
    points, 40 left: k up to 27 leaves them set with 30 + k < 58, losing what they took,
    -(30 + k): -30 at k=0, -57 at k=27; from k=28 they make it with 58 + (k - 28): 58, up to
    70 at k=40.  With 58 taken the bid is made: a count (their points), no bounds."""
    eng = bench_positions()("eighty-three", 0, 0)[0]._engine
    assert eng.contract().name == "58 clubs" and eng.set_penalty == "points"
    read = eng.contract().reading
    decl = eng.contract().declarer
    team = eng.team_of(decl)
    others = [p for p in eng.players if p not in team]
    tricks = {p: 1 for p in eng.players}
    pts = {team[0]: 20, team[1]: 10, others[0]: 13, others[1]: 0}
    r = read(tricks, pts, [], 4, 40)
    assert r.measure is None and not r.settled and r.unit == "points"
    assert r.bounds is not None and len(r.bounds) == 41
    assert r.bounds[0] == (-30, -30) and r.bounds[27] == (-57, -57)
    assert r.bounds[28] == (58, 58) and r.bounds[40] == (70, 70)
    r = read(tricks, {**pts, team[1]: 38}, [], 4, 12)
    assert r.measure is not None and r.bounds is None


def bounded_positions(game: str, seeds: range, played: int) -> Iterator[Any]:
    """Engines of simulated play between tricks, ``played`` tricks played, where the game's
    reading bounds the result at the root (no count: the game points searched, cut on the
    bounds)."""
    from referee.search import Tricks, fast_ready, side_of
    for seed in seeds:
        table = referee.Table()
        for e in simulate(game, seed, 6):
            table.apply(e)
            eng = table._engine
            h = eng.hand if eng is not None else None
            if (h is None or h.play is None or h.result is not None or h.play.current.cards
                    or len(h.play.tricks) != played or not fast_ready(eng)):
                continue
            tr = Tricks(eng, side_of(eng))
            if tr.reading(*tr.start[3:7])[5] >= 0:
                yield eng


@pytest.mark.parametrize("game, seeds, played, least", [
    ("asszorti", range(0, 6), 7, 5), ("eighty-three", range(0, 4), 2, 10)])
def test_bounds_agree_with_the_engine_layer(game: str, seeds: range, played: int,
                                            least: int) -> None:
    """Positions of four tricks left whose result the game bounds (Asszorti: an arrivázs
    announced; Eighty-Three: the bid neither made nor out of reach, "points"), searched with
    the bounds and the leader's quick tricks narrowing them: the trick-only layer and the search
    through the engine alone (no bounds) agree on the value and every action's value."""
    from referee.legal import clone
    from referee.search import Search, side_of, solve_with
    n = 0
    for eng in bounded_positions(game, seeds, played):
        side = side_of(eng)
        a = solve_with(clone(eng), Search(side))
        b = solve_with(clone(eng), Search(side, engine_only=True))
        assert (a.value, a.actions) == (b.value, b.actions)
        n += 1
    assert n >= least, n


def test_quick_tricks_narrow_the_bounds_at_the_end_the_leader_forces() -> None:
    """:meth:`referee.search.Tricks.span` on bounds written out, by the side's count k from
    here: k=0 → 0, 1 → 10, 2 → -5, 3 → 3 (not rising with k).  The side on lead with 2 quick
    tricks takes at least 2: its least is min(-5, 3) = -5, its most stays the most of all, 10
    (it may not cash them).  The others on lead with 2 leave the side at most 1: its most is
    max(0, 10) = 10, its least stays -5; with 3, at most 0: the most 0.  By card points (k=0
    → 1 to 2, 1 → 4 to 6, 2 → -9 to 7), 2 quick points: on lead the side's least is -9 (k=2),
    its most 7; the others on lead leave it k=0 at most: its most 2."""
    from referee.search import Tricks, fast_ready, side_of
    eng = next(t._engine for t in endings("asszorti", range(0, 1), 6)
               if t._engine is not None and fast_ready(t._engine))
    tr = Tricks(eng, side_of(eng))
    tr.spans[-7] = (False, ((0, 0), (10, 10), (-5, -5), (3, 3)))
    assert tr.span(-7, 2, 0, True) == (-5, 10)
    assert tr.span(-7, 2, 0, False) == (-5, 10)
    assert tr.span(-7, 3, 0, False) == (-5, 0)
    assert tr.span(-7, 1, 0, True) == (-5, 10)
    tr.spans[-8] = (True, ((1, 2), (4, 6), (-9, 7)))  # by card points: 2 quick points
    assert tr.span(-8, 1, 2, True) == (-9, 7) and tr.span(-8, 1, 2, False) == (-9, 2)


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "eighty-three"])
def test_counted_search_agrees_with_the_engine_layer(game: str) -> None:
    """Endings of up to 4 tricks (3 in Eighty-Three) of other seeds: the trick-only layer, which
    searches the game's count (the reading's measure) where it has one and keys on what the
    scoring reads (play_reading) elsewhere, agrees with the search through the engine alone (keyed
    on the whole state); some of them are searched on the count."""
    from referee.legal import clone
    from referee.search import Search, Tricks, fast_ready, side_of, solve_with
    counted = n = 0
    most = 12
    for table in endings(game, range(20, 23), most):
        eng = table._engine
        assert eng is not None
        if not fast_ready(eng) or cards_left(table) < most - 3:
            continue
        side = side_of(eng)
        a = solve_with(clone(eng), Search(side))
        b = solve_with(clone(eng), Search(side, engine_only=True))
        assert (a.value, a.actions) == (b.value, b.actions)
        counted += Tricks(eng, side).measure is not None
        n += 1
    assert n >= 10 and counted >= 1, (n, counted)


def disputed_claims(seeds: range) -> Iterator[tuple[referee.Table, referee.Table]]:
    """Asszorti endings of up to three tricks where the declarer may claim (A10): each table,
    and a copy after the claim and an opponent's dispute (A7)."""
    for table in endings("asszorti", seeds, 9):
        h = table.hand
        assert h is not None and h.declarer is not None
        t = table.copy()
        if t.apply({"event": "claim", "player": h.declarer}) != []:
            continue
        opp = next(p for p in t.holdings if p != h.declarer)
        assert t.apply({"event": "dispute", "player": opp}) == []
        yield table, t


def test_disputed_claim_agrees_with_exhaustive_minimax() -> None:
    """Asszorti endings of up to three tricks where the declarer claims and an opponent disputes
    (A7, A10): the play goes on, and the first trick the declarer loses gives every trick from
    the claim on to the opponent who won it.  The solver, which searches these positions in the
    trick-only layer (the game's reading settles the hand at that trick), agrees with the
    exhaustive minimax on the value, every action's value and the best line; some claims fail
    under best defence, some stand."""
    from referee.search import fast_ready
    n = failed = 0
    for _, t in disputed_claims(range(0, 5)):
        assert t._engine is not None and fast_ready(t._engine)
        check_solution(t)
        s = t.solve()
        t2 = t.copy()
        for a in s.best[:-1]:  # the line up to its last card: has the declarer lost a trick?
            assert t2.apply(a) == []
        assert t2._engine is not None
        failed += getattr(t2._engine.hand, "failed_by", None) is not None
        n += 1
    assert n >= 50 and 0 < failed < n, (n, failed)


def test_kontra_caller_without_a_trick_agrees_with_exhaustive_minimax() -> None:
    """Thirty-Three endings of up to three tricks with a Kontra caller (§11: a failed declarer
    pays a caller only if the caller took a trick): the solver agrees with the exhaustive
    minimax.  Some are searched on the caller's tricks against, the count the reading gives
    once the contract can no longer be made and that caller has no trick."""
    from referee.search import Tricks, fast_ready, side_of as side_at
    n = on_caller = 0
    for table in endings("thirty-three", range(11, 18), 9):
        eng = table._engine
        assert eng is not None
        if not getattr(eng.hand, "kontra", None):
            continue
        check_solution(table)
        n += 1
        if fast_ready(eng):
            side = side_at(eng)
            m = Tricks(eng, side).measure
            on_caller += m is not None and not m.players & set(side)
    assert n >= 20 and on_caller >= 3, (n, on_caller)


def test_the_oracle_endings_search_the_counts_of_each_reading() -> None:
    """The endings the exhaustive minimax checks (:data:`CASES`) include positions searched on
    each count the readings give: Eighty-Three under the rules as written (``set_penalty``
    "points", E4) on the bidders' card points once the bid is made and on their card points
    against (sign -1) once it is out of reach; Thirty-Three on the declarer's points."""
    from referee.search import Tricks, fast_ready, side_of as side_at
    seen: dict[str, set[tuple[bool, int]]] = {}
    for game in ("thirty-three", "eighty-three"):
        seeds, most = CASES[game]
        kinds = seen.setdefault(game, set())
        for table in endings(game, seeds, most):
            eng = table._engine
            assert eng is not None
            if fast_ready(eng):
                side = side_at(eng)
                m = Tricks(eng, side).measure
                if m is not None:
                    kinds.add((bool(m.players & set(side)), m.sign))
    assert {(True, 1), (True, -1)} <= seen["eighty-three"], seen
    assert (True, 1) in seen["thirty-three"], seen


def test_sixty_six_layer_agrees_with_the_engine_layer() -> None:
    """Sixty-Six with the talon still to matter: positions with two cards left in the talon
    (the last draw; seven tricks to play, too many for the exhaustive minimax) or just closed
    with two in it, from simulated play.  The compact layer (SixtySixDeal: its own state, the
    rules core's legality and settlement) and the search through the engine alone (every move
    the engine accepts, its own scoring; the engine layer is checked against the minimax above)
    agree on the value and on every action's value.  Among the actions valued: cards, closing
    (before and after the draw), a marriage, the exchange right after a close, declaring out."""
    from referee.legal import clone
    from referee import events as ev
    from referee.games.hand import OPEN
    from referee.search import Search, side_of, sixty_six_ready, solve_with
    kinds: set[str] = set()
    n = 0
    # seed: the situation taken (the first with two cards in the talon): just closed, the
    # exchange open to the opponent; the last draw due (a close may skip it); the talon open
    # after an explicit draw (a marriage may be shown)
    for seed, what in ((14, "window"), (30, "due"), (42, "open"), (66, "window")):
        table = referee.Table()
        taken = 0
        for e in simulate("sixty-six", seed, 4):
            eng = table._engine
            h: Any = eng.hand if eng is not None else None
            if (not taken and h is not None and h.mode == OPEN and e["event"] in MOVES
                    and h.play is not None and h.talon_size == 2 and not h.partial
                    and what == ("window" if h.exchange_window is not None else
                                 "due" if h.draw_due is not None else
                                 "open" if h.talon_open else "")):
                assert eng is not None and sixty_six_ready(eng)
                side = side_of(eng)
                a = solve_with(clone(eng), Search(side))
                b = solve_with(clone(eng), Search(side, engine_only=True))
                assert (a.value, a.actions) == (b.value, b.actions)
                kinds.update(ev.name_of(x) + ("-before" if getattr(x, "before_draw", None) else "")
                             for x, _ in a.actions)
                taken += 1
                n += 1
            table.apply(e)
    assert n == 4, n
    assert {"play", "close", "close-before", "marriage", "exchange", "declare_out"} <= kinds, kinds


@pytest.mark.parametrize("game", ["thirty-three", "asszorti"])
def test_tables_key_the_cards_on_their_relative_ranks(game: str) -> None:
    """Between tricks the search keys the cards left on their relative ranks (as double-dummy
    solvers do): of one suit's three highest cards, holding the first and the third, or the
    first and the second, with the other played, is one position when the two have the same
    card points, and two positions when they do not (a trick of more points is worth more).
    During a trick the cards themselves are the key."""
    from referee.search import Tricks, fast_ready, side_of
    table = next(t for t in endings(game, range(0, 3), 30)
                 if t._engine is not None and fast_ready(t._engine))
    eng = table._engine
    assert eng is not None
    tr = Tricks(eng, side_of(eng))
    a, b = tr.players[0], tr.players[1]
    suit = max(tr.ranked, key=len)
    hi, second, third = suit[0], suit[1], suit[2]
    played_second = tr.masks({a: {hi}, b: {third}})
    played_third = tr.masks({a: {hi}, b: {second}})
    same_points = tr.points[second] == tr.points[third]
    assert (tr.cards_key(played_second, ()) == tr.cards_key(played_third, ())) == same_points
    # a card held by the other player is another position whatever the points
    swapped = tr.masks({a: {second}, b: {hi}})
    assert tr.cards_key(swapped, ()) != tr.cards_key(played_third, ())
    # during a trick: the exact cards
    led = (tr.bit_of[hi],)
    assert tr.cards_key(played_second, led) != tr.cards_key(played_third, led)
    # in Thirty-Three some pairs of neighbours differ in points and some do not (ace 11, ten
    # 10, king 4 ...); Asszorti counts tricks alone, every card 0
    if game == "asszorti":
        assert same_points


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "eighty-three"])
def test_the_trick_layer_groups_cards_as_equivalent_says(game: str) -> None:
    """The trick-only layer's legal cards (:meth:`referee.search.Tricks.legal`, on bitmasks)
    are the cards the duty allows with equivalent cards as one, the highest kept, exactly as
    :func:`referee.search.equivalent` groups them on the cards: taken in the rank order, a card
    is dropped when it is equivalent to the last one kept (the same suit and card points, no
    card between them still in another hand or on the table).  Endings of up to four tricks,
    at every card."""
    from referee.search import Tricks, equivalent, fast_ready, side_of
    n = grouped = 0
    for table in endings(game, range(0, 3), 12):
        eng = table._engine
        assert eng is not None
        if not fast_ready(eng):
            continue
        tr = Tricks(eng, side_of(eng))
        hands, trick, leader = tr.start[0], tr.start[1], tr.start[2]
        p, bits = tr.legal(hands, trick, leader)
        tp = eng.hand.play
        player = tr.players[p]
        held = tp.hands[player]
        allowed = tp.allowed(player)
        cards = sorted(held if allowed is None else allowed, key=tr.bit_of.__getitem__)
        on_table = set(tp.current.cards)
        def elsewhere(c: Any) -> bool:
            return c in on_table or any(c in cs for q, cs in tp.hands.items() if q != player)
        kept: list[Any] = []
        for c in cards:
            if not (kept and equivalent(tp.order, tr.points.__getitem__, kept[-1], c,
                                        elsewhere)):
                kept.append(c)
        assert sorted(tr.card_at[b] for b in bits) == sorted(kept), (bits, kept)
        n += 1
        grouped += len(kept) < len(cards)
    assert n >= 30 and grouped >= 5, (n, grouped)


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "eighty-three"])
def test_the_last_trick_is_played_out_at_once(game: str) -> None:
    """With one trick left every player holds one card, which no duty to follow can forbid
    (G4: a duty narrows the cards held to those it allows, or allows any): the search plays the
    trick out at once, one position searched, and its value is still the exhaustive
    minimax's (here a single line: the trick's cards in turn)."""
    from referee.search import Tricks, fast_ready, side_of
    seen = 0
    for table in endings(game, range(0, 3), 4):
        eng = table._engine
        h = eng.hand if eng is not None else None
        if eng is None or h is None or h.play is None or not fast_ready(eng):
            continue
        tp = h.play
        if eng.TRICKS - len(tp.tricks) != 1:
            continue
        side = side_of(eng)
        tr = Tricks(eng, side)
        # the players still to play, in turn after the last card on the table (the leader
        # when none is), each with the one card left in the hand
        p = tp.current.who[-1] if tp.current.who else None
        turn = []
        nxt = tp.leader if p is None else tp.after[p]
        for _ in range(len(eng.players) - len(tp.current.who)):
            turn.append((nxt, next(iter(tp.hands[nxt]))))
            nxt = tp.after[nxt]
        assert [(tr.players[p], tr.card_at[c]) for p, c in tr.forced(tr.start)] == turn
        assert tr.value() == minimax(table, side)
        assert tr.nodes <= 1 + len(eng.players)  # the trick at once (a count: no more)
        seen += 1
    assert seen >= 5, seen


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "sixty-six", "eighty-three"])
def test_a_search_leaves_no_reference_cycle(game: str) -> None:
    """The search pauses the cycle collector while it runs (``Search.fast_value``): memory
    stays bounded only if it makes no reference cycle, which would wait for the collector.
    Solving endings of every game (up to four tricks, the talon shut in Sixty-Six) with the
    collector off, and a claim disputed in Asszorti, leaves nothing for it to collect."""
    import gc
    tables = list(itertools.islice(endings(game, range(0, 2), 12), 40))
    if game == "asszorti":
        tables += [t for _, t in itertools.islice(disputed_claims(range(0, 2)), 5)]
    assert len(tables) >= 20, len(tables)
    gc.collect()
    gc.disable()
    try:
        for table in tables:
            table.solve()
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0, found


def test_an_action_is_valued_by_the_value_alone() -> None:
    """A claim or a doubling call is valued as the position after it (FORMAT 1.2) by
    :func:`referee.search.position_value`: the value alone, which is the value that position's
    whole solution gives (its best line and its own actions besides), found in fewer positions
    searched.  Asszorti endings of up to three tricks where the declarer may claim (A10), and
    the same after the claim, disputed; the exhaustive minimax checks these values through
    :func:`check_solution` in the tests above."""
    from referee.search import Search, position_value, solve_with
    n = alone = whole = 0
    for table, t in disputed_claims(range(0, 3)):
        side = side_of(table)
        for pos in (table, t):
            assert pos._engine is not None
            s1, s2 = Search(side), Search(side)
            assert position_value(pos._engine, s1) == solve_with(pos._engine, s2).value
            alone += s1.nodes
            whole += s2.nodes
        n += 1
    assert n >= 20 and alone < whole, (n, alone, whole)


def most_tricks(table: referee.Table, player: str) -> int:
    """The tricks ``player`` takes of those left against any defence, by trying every card
    (``player`` maximises, every other player minimises)."""
    h = table.hand
    assert h is not None
    acts = [a for a in table.legal_actions() if a["event"] == "play"]
    if h.status is not None or not acts:
        return sum(t.winner == player for t in h.tricks)
    values = []
    for a in acts:
        t = table.copy()
        assert t.apply(a) == []
        values.append(most_tricks(t, player))
    return max(values) if acts[0]["player"] == player else min(values)


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "eighty-three"])
def test_quick_tricks_are_taken_against_any_defence(game: str) -> None:
    """The counted search's bound (:meth:`referee.search.Tricks.quick`): the leader between
    tricks takes at least that many of the tricks left whatever the others play, by the
    exhaustive search above (endings of up to three tricks, two in Eighty-Three); some have them,
    some more than one."""
    from referee.search import Tricks, fast_ready, side_of as side_at
    n = some = several = 0
    for table in endings(game, range(0, 4), 8 if game == "eighty-three" else 9):
        eng = table._engine
        assert eng is not None and table.hand is not None
        if not fast_ready(eng) or eng.hand.play.current.cards:
            continue
        tr = Tricks(eng, side_at(eng))
        hands, seat = tr.start[0], tr.start[2]
        leader = tr.players[seat]
        q, pts = tr.quick(tr.cards_key(hands, ()), seat)
        before = sum(t.winner == leader for t in table.hand.tricks)
        assert most_tricks(table, leader) - before >= q, (q, hands)
        n += 1
        some += q > 0
        several += q > 1
    assert n >= 20 and some >= 5 and several >= 2, (n, some, several)


def test_quick_tricks_by_hand() -> None:
    """:func:`referee.search.quick_tricks` on a key written out: suit 0 the trump suit, each
    card as (suit, holder, card points), each suit highest first.  Seat 0 holds the top trump
    (11) but not the second, which seat 1 holds, and the top two of suit 1 (11 + 10), of which
    seat 1 holds none: with seat 1's trump only the trump counts, 1 trick of 11 points; with
    that trump gone, the trumps 11 and 4 and the two of suit 1 all head their suits: 4 tricks,
    11 + 4 + 11 + 10 = 36; suit 2, headed by seat 1, gives seat 0 nothing."""
    from referee.games.tricks import follow_else_trump, follow_or_trump, follow_suit, must_follow
    from referee.search import quick_tricks
    ck = ((0, 0, 11), (0, 1, 10), (0, 0, 4), (1, 0, 11), (1, 0, 10), (1, 2, 4), (2, 1, 11),
          (2, 0, 10))
    assert quick_tricks(ck, 0, 0, False) == (1, 11)
    assert quick_tricks(tuple(x for x in ck if x != (0, 1, 10)), 0, 0, False) == (4, 36)
    assert quick_tricks(ck, 2, 0, False) == (0, 0)  # seat 2 heads no suit
    # seat 1 holds a card of suit 1 (the last): where the suit led must be followed, it
    # follows the first round, and seat 0 takes the trump and one of suit 1, 11 + 11 = 22;
    # where a player may trump instead (Eighty-Three), the trump alone
    ck1 = ck[:6] + ((1, 1, 0),) + ck[6:]
    assert quick_tricks(ck1, 0, 0, False) == (1, 11)
    assert quick_tricks(ck1, 0, 0, True) == (2, 22) and quick_tricks(ck, 0, 0, True) == (1, 11)
    assert must_follow(follow_suit) and must_follow(follow_else_trump)
    assert not must_follow(follow_or_trump) and not must_follow(None)
    # no trumps: every suit's heads count: seat 0 the 11 of suit 0 and the 11 + 10 of suit 1,
    # 3 tricks of 32; seat 1 the 11 of suit 2 (its 10 of suit 0 is under seat 0's 11)
    assert quick_tricks(ck, 0, None, True) == (3, 32)
    assert quick_tricks(ck, 1, None, True) == (1, 11)


def test_the_exact_count_is_the_same_from_any_first_guess() -> None:
    """The counted search's exact count (MTD(f), :meth:`referee.search.Tricks.exact`) ends at
    one count whatever its first guess: from the top of what is left, from nothing, from the
    line of first cards (:meth:`~referee.search.Tricks.playout`, the guess it starts from) and
    from a count no line reaches (Asszorti endings of up to four tricks, on the count of the
    basic game, A4, A5)."""
    from referee.search import Tricks, fast_ready, side_of as side_at
    n = 0
    for table in endings("asszorti", range(0, 3), 12):
        eng = table._engine
        assert eng is not None
        if not fast_ready(eng):
            continue
        tr = Tricks(eng, side_at(eng))
        if tr.measure is None or tr.measure.steps is not None:
            continue
        st = tr.start
        left = tr.remaining(st)
        guesses = (float("inf"), 0.0, tr.playout(st), left + 5.0)
        # each from tables of its own (a fresh search)
        counts = {Tricks(eng, side_at(eng)).exact(st, g) for g in guesses}
        assert len(counts) == 1 and 0 <= counts.pop() <= left
        n += 1
    assert n >= 20, n
