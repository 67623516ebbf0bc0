"""Shared helpers for the tests: replay a log given as Python objects or text."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

from . import under_test  # first: which referee is tested (the installed build)

import pytest
from hypothesis import settings

# CI runs the property tests on the same examples every time (a red CI stops a landing, so it
# must not hang on the luck of a draw); elsewhere they search anew on each run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from . import plugin

PLUGIN_DIR = plugin.install()
"""Where the fifth game (tests/plugin_game, Whist) is installed for this run: every test sees
five registered games, the plugin among them, as a user who installed it would (tests/plugin.py)."""

from referee.findings import Finding
from referee.games.base import HandResult
from referee.replay import Listener, MatchSummary, replay

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


class Recorder(Listener):
    """Collects findings, hand results and match summaries of a replay."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.hands: list[HandResult] = []
        self.matches: list[MatchSummary] = []
        self.per_match: list[list[HandResult]] = []

    def begin_match(self, info, engine):
        self.per_match.append([])

    def finding(self, f):
        self.findings.append(f)

    def hand(self, engine, result):
        self.hands.append(result)
        if self.per_match:
            self.per_match[-1].append(result)

    def end_match(self, summary):
        self.matches.append(summary)

    @property
    def codes(self) -> list[tuple[int, str]]:
        return [(f.line, f.code) for f in self.findings]

    @property
    def last(self) -> MatchSummary:
        return self.matches[-1]


def run_log(lines, name: str = "test.jsonl") -> Recorder:
    """Replay a log given as a list of dicts (one event each) or a str/bytes of the whole file."""
    if isinstance(lines, (str, bytes)):
        data = lines.encode() if isinstance(lines, str) else lines
    else:
        data = "".join(json.dumps(x) + "\n" for x in lines).encode()
    rec = Recorder()
    replay(io.BytesIO(data), name, rec)
    return rec


@pytest.fixture
def run():
    return run_log


_GUTTER = __import__("re").compile(r"( *)(\d+(?:-\d+)?)?  (?=\S)")


def history_lines(text: str) -> list[str]:
    """``referee history``'s output lines with the log-line gutter taken off: each event or
    trick line as ``"   " + its text`` (headings and ``!!`` findings as printed).  For tests
    that read the words; the gutter has its own tests (test_cli.py)."""
    out = []
    for x in text.splitlines():
        m = _GUTTER.match(x)
        if m and not x.startswith(("==", "--", "  !!")):
            x = "   " + x[m.end():]
        out.append(x)
    return out
