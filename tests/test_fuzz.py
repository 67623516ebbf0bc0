"""Bounded fuzzing in CI (issue 7): every example log of every game, mutated byte-wise and
event-wise, through every command.  No exception may escape; the exit status is 0, 1 or 2.
(For long runs there is the atheris harness in fuzz/.)"""
from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main

from .conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*/*.jsonl"))
DATA = {p.name + p.parent.name: p.read_bytes() for p in EXAMPLES}
COMMANDS = [["check"], ["check", "--format", "json", "--strict"], ["score", "--format", "json"],
            ["score"], ["history", "--ascii"]]


def _all_commands_survive(data: bytes) -> None:
    for args in COMMANDS:
        r = CliRunner().invoke(main, args, input=data)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert r.exit_code in (0, 1, 2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(DATA)), st.data())
def test_byte_mutations(name, data):
    raw = bytearray(DATA[name])
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.integers(0, 2))
        if how == 0:
            raw[i] = data.draw(st.integers(0, 255))
        elif how == 1:
            del raw[i:i + data.draw(st.integers(1, 40))]
        else:
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    _all_commands_survive(bytes(raw))


def _field_values():
    return st.one_of(st.none(), st.integers(-5, 100), st.sampled_from(
        ["A", "Anna", "Bob", "AS", "10H", "JK", "hearts", "none", "3", "hand", "slam", ""]),
        st.lists(st.sampled_from(["AS", "KH", "9D", "JK", "2C"]), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(DATA)), st.data())
def test_event_mutations(name, data):
    events = [json.loads(x) for x in DATA[name].splitlines() if x.strip()]
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(events) - 1))
        how = data.draw(st.integers(0, 3))
        if how == 0:                                   # drop an event
            del events[i]
        elif how == 1:                                 # swap two events
            j = data.draw(st.integers(0, len(events) - 1))
            events[i], events[j] = events[j], events[i]
        elif how == 2:                                 # change or add a field
            key = data.draw(st.sampled_from(sorted(events[i]) + ["player", "card", "to"]))
            events[i][key] = data.draw(_field_values())
        else:                                          # repeat an event
            events.insert(i, dict(events[i]))
        if not events:
            break
    _all_commands_survive("".join(json.dumps(e) + "\n" for e in events).encode())
