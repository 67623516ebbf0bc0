"""The plain reading path (issue 30 item 3): a plain line is decoded by msgspec straight from
its bytes, anything else goes the full way (jsonlines), and the two give the same events and
the same errors, word for word."""
from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings, strategies as st

from referee import events as ev

ROOT = Path(__file__).resolve().parent.parent


def _read_all(data: bytes, full: bool) -> list[tuple[int, object]]:
    """Each physical line's result: its event, or read_failure's error (None: a blank line)."""
    read = ev.line_reader(io.BytesIO(data), ev.decode_event if full else None)
    out: list[tuple[int, object]] = []
    line = 0
    while True:
        line += 1
        try:
            out.append((line, read()))
        except EOFError:
            return out
        except ev.UNREADABLE as exc:
            out.append((line, ev.read_failure(exc)))


LINES = [
    b'{"event": "match", "game": "thirty-three", "players": ["A", "B", "C", "D"]}\n',
    b'{"event": "play", "player": "A", "card": "AS"}\n',
    b'{"event": "play", "player": "A", "card": "AS"}\r\n',
    b'{"event": "play", "player": "A", "card": "AS"} x\n',      # text after the value
    b'{"event": "play", "player": "A", "card": "AS", "card": "KS"}\n',  # a key twice
    b'{"event": "play", "player": "A"}\n',                        # a field missing
    b'{"event": "no-such-event"}\n',
    b'{"event": "match", "game": "chess", "players": ["A"]}\n',   # no registered game
    b'{"event": "play", "player": "\xff", "card": "AS"}\n',       # not UTF-8
    b'{"event": "play", "player": "A", "card": "AS"',             # cut short, no newline
    b'{"event": "play", "player": "A", "card": "A\n',             # cut inside a string
    b'{' * 2000 + b'\n',                                          # nested too deep
    b'\xef\xbb\xbf{"event": "end"}\n',                            # a BOM: only at the start
    b'\x1e{"event": "end"}\n',                                    # an RS
    b'   \n', b'\n', b'[1, 2]\n', b'"text"\n', b'null\n', b'{}\n',
    b'{"event": "end"}\n',
]


def test_every_kind_of_line_reads_the_same_both_ways() -> None:
    for first in LINES:
        for second in LINES:
            data = first + (b"" if first.endswith(b"\n") else b"\n") + second
            assert _read_all(data, full=False) == _read_all(data, full=True), data


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=8), st.booleans())
def test_any_mix_reads_the_same_both_ways(lines: list[bytes], bom: bool) -> None:
    data = b"".join(x if x.endswith(b"\n") else x + b"\n" for x in lines)
    if bom:
        data = b"\xef\xbb\xbf" + data  # a BOM at the very start is allowed (referee-log(5))
    assert _read_all(data, full=False) == _read_all(data, full=True)


def test_every_example_log_reads_the_same_both_ways() -> None:
    logs = sorted((ROOT / "examples").rglob("*.jsonl")) + sorted((ROOT / "tests").rglob("*.jsonl"))
    assert len(logs) > 50
    for log in logs:
        data = log.read_bytes()
        assert _read_all(data, full=False) == _read_all(data, full=True), log
