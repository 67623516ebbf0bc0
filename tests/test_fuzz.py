"""Bounded fuzzing in CI (issue 7): every example log of every game, mutated byte-wise and
event-wise, through every command.  No exception may escape; the exit status is 0, 1 or 2.
Hostile text (issue 20): players renamed to brace, control, bidi and look-alike names and notes
full of the same, through every text command; nothing of it reaches the output raw.
(For long runs there is the atheris harness in fuzz/.)"""
from __future__ import annotations

import json
import unicodedata

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main

from .conftest import ROOT
from .test_hostile_text import raw_characters

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


# --- hostile text (issue 20): names and notes that try str.format, the terminal, or the eye ----

HOSTILE_BITS = ["{", "}", "{0}", "{x}", "{{", "}}", "%s", "%(x)s", "%", "\\", "\x1b[2J",
                "\x1b]0;title\x07", "\x1b[31m", "\r", "\n", "\t", "\x00", "\x07", "\x08", "\x7f",
                "\x85", "\x9b", "\u202e", "\u2066", "\u200f", "\u2028", "\u2029", "\u200b",
                "\u200d", "\ufeff", "\u00ad", "\u00a0", "\u3164", "\ufe0f", "\U000e0041",
                "\ud800", "Anna", "\u0410", "\uff21"]
LOOK_ALIKE_WAYS = [lambda n: n + " ", lambda n: " " + n, lambda n: n[:1] + "\u200b" + n[1:],
                   lambda n: n.upper(), lambda n: n.swapcase(),
                   lambda n: n.translate(str.maketrans("AaEeOoCcPp", "АаЕеОоСсРр")),
                   lambda n: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in n),
                   lambda n: unicodedata.normalize("NFD", n.replace("a", "á"))]
TEXT_COMMANDS = [["check"], ["check", "--strict", "--ascii"], ["score"], ["score", "--standings"],
                 ["history"], ["history", "--ascii"], ["check", "--summary"]]


def _hostile_text():
    return st.lists(st.sampled_from(HOSTILE_BITS) | st.text(max_size=3), min_size=1,
                    max_size=4).map("".join)


def _rename(obj, old: str, new: str):
    """``obj`` with every string equal to ``old`` (dict keys included) made ``new``."""
    if isinstance(obj, str):
        return new if obj == old else obj
    if isinstance(obj, list):
        return [_rename(x, old, new) for x in obj]
    if isinstance(obj, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in obj.items()}
    return obj


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(DATA)), st.data())
def test_hostile_names_and_notes(name, data):
    """Players renamed to brace, control, bidi and look-alike names, notes full of the same:
    every text command runs to the end, and no such character reaches its output raw."""
    events = [json.loads(x) for x in DATA[name].splitlines() if x.strip()]
    players = next(e["players"] for e in events if e.get("event") == "match")
    for old in data.draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players),
                                  unique=True)):
        if data.draw(st.booleans()):
            other = data.draw(st.sampled_from(players))
            new = data.draw(st.sampled_from(LOOK_ALIKE_WAYS))(other)
        else:
            new = data.draw(_hostile_text())
        events = _rename(events, old, new)
    for _ in range(data.draw(st.integers(0, 5))):
        events[data.draw(st.integers(0, len(events) - 1))]["note"] = data.draw(_hostile_text())
    log = "".join(json.dumps(e) + "\n" for e in events).encode()
    line = data.draw(st.integers(1, len(events)))
    for args in TEXT_COMMANDS + [["legal", "-", "--line", str(line)]]:
        r = CliRunner().invoke(main, args, input=log)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert r.exit_code in (0, 1, 2)
        assert raw_characters(r.output) == set(), (args, r.output)
