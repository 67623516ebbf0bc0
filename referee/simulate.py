"""Random legal games (``referee simulate``): logs in the format of FORMAT.md, the same for the same
seed, made only of actions the referee itself judges legal (:mod:`referee.legal`).

Matches are played to their end; when one ends before the number of hands asked for, a new match
starts, so a run holds exactly that many hands (the last match may be left unfinished).

The default policy draws a kind of event (``bid``, ``pass``, ``play``, ``claim`` …), then one event
of that kind, each by the weights the game gives (:meth:`~referee.games.base.MatchEngine.
simulation_weights`, :meth:`~referee.games.base.MatchEngine.simulation_weight`; all alike by
default), and keeps the first one the engine accepts (:func:`referee.legal.trial`).  Weights are
never zero, so every legal action keeps a chance.  A hand that reaches a point where nothing is
legal (a dead end: e.g. an Eighty-Three player left with more point trumps than cards because the
partner discarded before the give) is backed up and the event backed up to avoided, one event at
the first dead end of a hand, two at the second, then four and so on (the choice that doomed the
hand may lie many events back), so a simulated log is always legal to its end.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator, Sequence

import msgspec

from . import events as ev
from .games import ENGINES
from .games.base import OPEN, MatchEngine
from .legal import _Quiet, legal_actions, trial, trial_stop

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


MAX_CHOICES = 5000
"""Choices (dead-end back-ups included) after which a hand is given up (left incomplete)."""
EPSILON = 1e-6
"""The least weight: a game hook's zero or negative weight is raised to it (never impossible)."""


class _Stop:
    """The pseudo-action "the hand ends here with no further event" (see ``trial_stop``)."""

    def __repr__(self) -> str:
        return "STOP"


STOP = _Stop()


def tag(e: Any) -> str:
    """The log's name of an event struct (``"bid"``, ``"declare_out"``), or ``"stop"``."""
    return "stop" if e is STOP else type(e).__struct_config__.tag


def simulate(game: str, seed: int, hands: int, players: Sequence[str] | None = None,
             policy: Policy | None = None) -> Iterator[dict]:
    """Yield the events (as JSON objects) of ``hands`` hands of random legal play of ``game``.

    ``policy`` None (the default) is the engine-weighted policy of the module docstring; a
    :data:`Policy` instead picks from the full list of legal actions (:func:`legal_actions`),
    e.g. :func:`uniform_by_kind`, with no dead-end back-up.  Events are yielded a hand at a
    time.  Raises KeyError for an unknown game and ValueError for a wrong number of players.
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
            engine, events = _play_hand(engine, rng, policy)
            yield from events
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


def _play_hand(engine: MatchEngine, rng: random.Random,
               policy: Policy | None) -> tuple[MatchEngine, list[dict]]:
    """Play the open hand of ``engine`` to its end: the engine after it and the events written.

    Each accepted event's trial copy becomes the current engine, the one before it is kept, so
    a dead end (an open hand with no legal action) backs up to the previous state and avoids
    the event that led there."""
    if policy is not None:
        return _play_hand_with(engine, rng, policy)
    states: list[MatchEngine] = [engine]
    avoid: list[set[bytes]] = [set()]
    chosen: list[tuple[bytes, Any]] = []
    dead_ends = 0
    for _ in range(MAX_CHOICES):
        cur = states[-1]
        if cur.hand.mode != OPEN:
            break
        got = _choose(cur, rng, avoid[-1])
        if got is None:
            if not chosen:
                break  # nothing legal from the deal on: the hand stays incomplete
            # Back up 1, 2, 4 … events at the 1st, 2nd, 3rd … dead end of the hand: the choice
            # that doomed it may lie well before the dead end (an Eighty-Three discard before
            # the partner's give), and trying every sibling of the last choice first would
            # take longer than MAX_CHOICES allows.
            for _ in range(min(1 << min(dead_ends, 16), len(chosen))):
                states.pop()
                avoid.pop()
                key = chosen.pop()[0]
            avoid[-1].add(key)
            dead_ends += 1
            continue
        key, e, twin = got
        twin.ctx = _Quiet()
        chosen.append((key, e))
        states.append(twin)
        avoid.append(set())
    return states[-1], [to_dict(e) for _, e in chosen if e is not STOP]


def _play_hand_with(engine: MatchEngine, rng: random.Random,
                    policy: Policy) -> tuple[MatchEngine, list[dict]]:
    out = []
    while engine.hand.mode == OPEN and len(out) < MAX_CHOICES:
        acts = legal_actions(engine)
        if not acts:
            break
        e = policy(rng, acts)
        out.append(to_dict(e))
        engine.apply(e, 0)
    return engine, out


def _weighted_pick(rng: random.Random, names: list[str], weights: dict[str, float]) -> str:
    ws = [max(weights.get(n, 1.0), EPSILON) for n in names]
    x = rng.random() * sum(ws)
    for n, w in zip(names, ws):
        x -= w
        if x < 0:
            return n
    return names[-1]


def _choose(engine: MatchEngine, rng: random.Random,
            avoid: set[bytes]) -> tuple[bytes, Any, MatchEngine] | None:
    """Draw a kind by the game's kind weights, then candidates of it in a random order weighted
    by the game's event weights (Efraimidis–Spirakis keys ``u ** (1/w)``) until one is legal; a
    kind with none legal is dropped and another drawn.  Candidates in ``avoid`` (by their JSON)
    are left out.  Gives (the event's JSON, the event, the engine after it), or None when
    nothing is legal.  Candidates are put in JSON order first, so the result depends only on
    the candidate set and the random stream (the same seed gives the same log)."""
    kinds: dict[str, list[tuple[bytes, Any]]] = {}
    for a in engine.candidates():
        key = msgspec.json.encode(a)
        if key not in avoid:
            kinds.setdefault(tag(a), []).append((key, a))
    weights = engine.simulation_weights()
    if "stop" in weights and b"stop" not in avoid:
        kinds["stop"] = [(b"stop", STOP)]
    names = sorted(kinds)
    while names:
        kind = _weighted_pick(rng, names, weights)
        pool = sorted(kinds[kind], key=lambda ka: ka[0])
        keyed = []
        for key, a in pool:
            w = 1.0 if a is STOP else max(engine.simulation_weight(a), EPSILON)
            keyed.append((rng.random() ** (1.0 / w), key, a))
        keyed.sort(key=lambda t: t[0], reverse=True)
        for _, key, a in keyed:
            if a is STOP:
                ok, twin = trial_stop(engine)
            else:
                verdict, twin = trial(engine, a)
                ok = verdict.legal
            if ok:
                return key, a, twin
        names.remove(kind)
    return None
