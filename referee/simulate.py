"""Random legal games (``referee simulate``): logs in the format of FORMAT.md, the same for the same
seed, made only of actions the referee itself judges legal (:mod:`referee.legal`).

Matches are played to their end; when one ends before the number of hands asked for, a new match
starts, so a run holds exactly that many hands (the last match may be left unfinished).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator, Sequence

import msgspec

from . import events as ev
from .games import ENGINES
from .games.base import OPEN, MatchEngine
from .legal import _Quiet, judge, legal_actions

DEFAULT_PLAYERS = {"thirty-three": ["Anna", "Bela", "Cili"],
                   "asszorti": ["Anna", "Berta", "Csaba"],
                   "sixty-six": ["Max", "Moritz"],
                   "eighty-three": ["North", "East", "South", "West"]}

Policy = Callable[[random.Random, Sequence[Any]], Any]


def uniform_by_kind(rng: random.Random, actions: Sequence[Any]) -> Any:
    """Pick an event kind uniformly (bid, pass, play …), then one event of that kind."""
    kinds: dict[type, list[Any]] = {}
    for a in actions:
        kinds.setdefault(type(a), []).append(a)
    kind = rng.choice(sorted(kinds, key=lambda t: t.__name__))
    return rng.choice(kinds[kind])


def to_dict(e: Any) -> dict:
    """An event struct as the JSON object of the log (``event`` first, defaults left out)."""
    return msgspec.to_builtins(e)


def simulate(game: str, seed: int, hands: int, players: Sequence[str] | None = None,
             policy: Policy = uniform_by_kind) -> Iterator[dict]:
    """Yield the events (as JSON objects) of ``hands`` hands of random legal play of ``game``.

    Raises KeyError for an unknown game and ValueError for a wrong number of players.
    """
    cls = ENGINES[game]
    players = list(players or DEFAULT_PLAYERS[game])
    problem = cls.check_players(players)
    if problem:
        raise ValueError(problem)
    rng = random.Random(seed)
    played = 0
    match_no = 0
    while played < hands:
        match_no += 1
        rules = cls.simulation_rules()
        head: dict[str, Any] = {"event": "match", "game": game, "players": players,
                                "id": f"sim-{seed}-{match_no}"}
        if rules:
            head["rules"] = rules
        yield head
        engine = cls(players, rules, _Quiet())
        dealer = rng.choice(players)
        while played < hands and not engine.finished:
            deal = engine.random_deal(rng, dealer)
            yield deal
            engine.deal(msgspec.convert(deal, ev.Deal), 0)
            played += 1
            yield from _play_hand(engine, rng, policy)
            engine.close_hand()  # as the replay does when the next event comes
            for e in engine.after_simulated_hand(rng):
                yield to_dict(e)
                engine.close_hand()
                engine.end(e, 0) if isinstance(e, ev.End) else engine.apply(e, 0)
            if engine.next_dealers:
                dealer = min(engine.next_dealers, key=engine.seat.__getitem__) \
                    if dealer not in engine.next_dealers else dealer
                if len(engine.next_dealers) == 1:
                    dealer = next(iter(engine.next_dealers))


def _play_hand(engine: MatchEngine, rng: random.Random, policy: Policy) -> Iterator[dict]:
    steps = 0
    while engine.hand.mode == OPEN and steps < 2000:
        steps += 1
        e = _choose(engine, rng) if policy is uniform_by_kind else \
            _pick(policy, rng, legal_actions(engine))
        if e is None:
            return
        yield to_dict(e)
        engine.apply(e, 0)


def _pick(policy: Policy, rng: random.Random, acts: Sequence[Any]) -> Any:
    return policy(rng, acts) if acts else None


def _choose(engine: MatchEngine, rng: random.Random) -> Any:
    """:func:`uniform_by_kind` without judging every candidate: draw a kind, then candidates of
    it in random order until one is legal (a kind with none is dropped).  Same distribution."""
    kinds: dict[type, list[Any]] = {}
    for a in engine.candidates():
        kinds.setdefault(type(a), []).append(a)
    order = sorted(kinds, key=lambda t: t.__name__)
    while order:
        kind = rng.choice(order)
        pool = kinds[kind]
        rng.shuffle(pool)
        for e in pool:
            if judge(engine, e).legal:
                return e
        order.remove(kind)
    return None
