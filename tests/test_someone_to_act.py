"""T14 ("the referee never waits on nobody"), as a property over all four games: at every line
of a hand that is not over, someone is to act, i.e. ``referee legal`` offers at least one action
(:func:`referee.legal.legal_actions` is never empty).  Checked on simulated logs and on mutated
copies of them (an event dropped, duplicated, swapped with the next, moved, or given to another
player), which reach the odd corners a referee meets: out-of-turn calls, passes by a bidder,
repeated events.  Bounded to run in a few seconds."""
from __future__ import annotations

import io
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import ENGINES
from referee.games.base import OPEN
from referee.games.policy import policy_for
from referee.legal import judge
from referee.replay import Listener, Reads, replay
from referee.simulate import simulate

GAMES = sorted(ENGINES)
SCALE = int(os.environ.get("REFEREE_PROPERTY_SCALE", "1"))
"""Multiplies the number of examples (a longer local search: REFEREE_PROPERTY_SCALE=20)."""


class _Watch(Listener):
    """After every event: if the hand is open, some candidate must be legal."""

    reads = Reads.STEPS

    def __init__(self) -> None:
        self.stuck: list[int] = []

    def start(self, replay):
        self.replay = replay  # (the engine itself is what this test examines)

    def event(self, step):
        line = step.line
        engine = self.replay.engine
        if engine is None or engine.finished:
            return
        h = engine.hand
        if h is None or h.mode != OPEN:
            return
        if not any(judge(engine, c).legal for c in policy_for(engine).candidates(engine)):
            self.stuck.append(line)


def stuck_lines(events: list[dict]) -> list[int]:
    """Lines after which an open hand has nobody to act."""
    data = "".join(json.dumps(e) + "\n" for e in events).encode()
    w = _Watch()
    replay(io.BytesIO(data), "x.jsonl", w)
    return w.stuck


def mutate(events: list[dict], how: int, i: int, j: int, who: int) -> list[dict]:
    """One change to a log: 0 drop line i, 1 duplicate it, 2 swap it with the next, 3 move it
    to position j, 4 give it to another player (``who`` picks one).  The ``match`` line (0) is
    never touched."""
    out = [dict(e) for e in events]
    i = 1 + i % (len(out) - 1)
    if how == 0:
        del out[i]
    elif how == 1:
        out.insert(i, dict(out[i]))
    elif how == 2 and i + 1 < len(out):
        out[i], out[i + 1] = out[i + 1], out[i]
    elif how == 3:
        e = out.pop(i)
        out.insert(1 + j % (len(out) - 1), e)
    elif how == 4 and "player" in out[i]:
        players = out[0]["players"]
        out[i]["player"] = players[who % len(players)]
    return out


@settings(max_examples=8 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_simulated_logs_always_have_someone_to_act(game, seed):
    assert stuck_lines(list(simulate(game, seed, 2))) == []


mutation = st.tuples(st.integers(0, 4), st.integers(0, 10**4), st.integers(0, 10**4),
                     st.integers(0, 3))


@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.lists(mutation, min_size=1, max_size=2))
def test_mutated_logs_always_have_someone_to_act(game, seed, changes):
    events = list(simulate(game, seed, 1))
    for how, i, j, who in changes:
        events = mutate(events, how, i, j, who)
    assert stuck_lines(events) == [], (events)
