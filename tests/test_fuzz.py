"""Bounded fuzzing in CI (issue 7): every example log of every game, mutated byte-wise and
event-wise, through every command.  No exception may escape; the exit status is 0, 1 or 2.
Hostile text (issue 20): players renamed to brace, control, bidi and look-alike names and notes
full of the same, through every text command; nothing of it reaches the output raw.  Bad
lines by the hundred thousand in one hand: memory does not grow with them (issue 20).
(For long runs there is the atheris harness in fuzz/.)"""
from __future__ import annotations

import io
import json
import sys
import unicodedata

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.render.history import HistoryPrinter
from referee.render.report import FindingPrinter, ScoreCollector, Tee
from referee.replay import Listener, Reads, replay

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

class _Null(io.TextIOBase):
    """Output that goes nowhere (so that only what the referee holds counts)."""

    def write(self, s: str) -> int:
        return len(s)


class _Blocks(Listener):
    """Samples the memory blocks Python holds (sys.getallocatedblocks) every 1,000 findings
    and events: ``most`` is the largest growth seen since the start."""

    def __init__(self) -> None:
        self.start = sys.getallocatedblocks()
        self.seen = 0
        self.most = 0

    def finding(self, f) -> None:
        self.seen += 1
        if self.seen % 1000 == 0:
            self.most = max(self.most, sys.getallocatedblocks() - self.start)

    reads = Reads.STEPS

    def event(self, step) -> None:
        self.finding(None)


def _bad_lines(events: list[dict], at: int) -> list[bytes]:
    """Kinds of bad line for the middle of a hand: not JSON, not an event, a stranger's
    event, the event before it again (out of turn, a card not held ...), a call by each player
    (illegal ones are not applied and keep the hand going)."""
    match = events[0]
    players = match.get("players") or ["A"]
    kinds = [b"x", b"{}", b'{"event": "bogus"}', b"\xff\xfe", b"[1, 2]",
             b'{"event": "pass", "player": "Nobody"}']
    if events[at - 1].get("event") not in ("match", "deal"):
        # the event before again; not a deal or match, which would start a new hand or match
        # each time (many hands, not bad lines in one hand: `score` keeps a match's hands)
        kinds.append(json.dumps(events[at - 1]).encode())
    for call in ("kontra", "pass", "claim"):
        kinds += [json.dumps({"event": call, "player": p}).encode() for p in players]
    return kinds


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(DATA)), st.data())
def test_bad_lines_by_the_hundred_thousand_in_one_hand_keep_memory_flat(name, data):
    # issue 20 item 4: 100,000 to 150,000 bad lines inside one hand, through every renderer at
    # once; nothing escapes, and what Python holds does not grow with them (before the fix,
    # 100,000 `x` lines grew it by 300,000 blocks; now by a few thousand)
    events = [json.loads(x) for x in DATA[name].splitlines() if x.strip()]
    deals = [i for i, e in enumerate(events) if e.get("event") == "deal"]
    d = data.draw(st.sampled_from(deals))
    at = min(len(events), d + 1 + data.draw(st.integers(0, 12)))
    kinds = data.draw(st.lists(st.sampled_from(_bad_lines(events, at)), min_size=1,
                               max_size=3))
    count = data.draw(st.integers(100_000, 150_000))
    lines = [json.dumps(e).encode() + b"\n" for e in events]
    bad = [k + b"\n" for k in kinds]
    body = b"".join(lines[:at]) + b"".join(bad[i % len(bad)] for i in range(count)) + \
        b"".join(lines[at:])
    del lines, bad
    probe = _Blocks()
    null = _Null()
    listener = Tee(probe, FindingPrinter(null, "json"), FindingPrinter(null, "text"),
                   ScoreCollector(null, "json"), HistoryPrinter(null))
    replay(io.BytesIO(body), name, listener)
    assert probe.seen >= count  # each bad line is a finding or an event (or both)
    assert probe.most < 50_000, f"{probe.most} blocks held after {probe.seen} findings"
