"""Property tests (hypothesis): no input makes a command raise; simulated legal play checks
clean and its totals are the sum of its deltas; a changed card is either legal or reported."""
from __future__ import annotations

import io
import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.games import ENGINES
from referee.games.base import MatchEngine
from referee.replay import Listener, replay
from referee.simulate import simulate

from .conftest import ROOT, run_log

GAMES = sorted(ENGINES)
PLAYABLE = [g for g in GAMES if ENGINES[g].candidates is not MatchEngine.candidates]
"""Games whose engine proposes candidate actions (needed for simulate)."""
EXAMPLE = (ROOT / "examples" / "thirty-three" / "match.jsonl").read_bytes().splitlines(True)

json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                        st.floats(allow_nan=False), st.text(max_size=8))
json_value = st.recursive(json_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)
EVENT_NAMES = ["match", "deal", "bid", "pass", "play", "retract", "score", "end", "kontra",
               "rekontra", "discard", "draw", "reveal", "hold", "contract", "declare", "claim",
               "marriage", "close", "declare_out", "trump", "give", "resign", "zap"]
event_like = st.fixed_dictionaries(
    {"event": st.sampled_from(EVENT_NAMES)},
    optional={"player": st.sampled_from(["Anna", "Bela", "Cili", "X", 3]),
              "card": st.sampled_from(["AS", "10H", "JK", "6D", "ZZ", "", 7]),
              "cards": st.lists(st.sampled_from(["AS", "7C", "JK", "QQ"]), max_size=4),
              "game": st.sampled_from(["thirty-three", "nines", "misere", "sixty-six", "x"]),
              "level": st.sampled_from([18, 20, 28, "slam", 19, -1, None]),
              "players": st.lists(st.sampled_from(["Anna", "Bela", "Cili", ""]), max_size=4),
              "dealer": st.sampled_from(["Anna", "Bela", "Cili", "Q"]),
              "totals": st.dictionaries(st.sampled_from(["Anna", "Bela"]), st.integers(-9, 9)),
              "hands": st.dictionaries(st.sampled_from(["Anna", "Bela", "Cili"]),
                                       st.lists(st.sampled_from(["AS", "7C", "JK"]), max_size=3)),
              "extra": json_value})


def _never_raises(data: bytes) -> None:
    replay(io.BytesIO(data), "fuzz.jsonl", Listener())
    for args in (["check"], ["check", "--format", "json"], ["score", "--format", "json"],
                 ["history"]):
        r = CliRunner().invoke(main, args, input=data)
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        assert r.exit_code in (0, 1, 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data):
    _never_raises(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(event_like, json_value), max_size=12))
def test_random_json_lines_never_raise(objs):
    head = [{"event": "match", "game": "thirty-three", "players": ["Anna", "Bela", "Cili"]}]
    data = "".join(json.dumps(o) + "\n" for o in head + objs).encode()
    _never_raises(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(EXAMPLE) - 1), st.binary(max_size=30), st.integers(0, 3))
def test_mutated_example_never_raises(i, junk, how):
    lines = list(EXAMPLE)
    if how == 0:
        lines[i] = junk + b"\n"
    elif how == 1:
        del lines[i]
    elif how == 2:
        lines.insert(i, junk)
    else:
        j = (i * 7) % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
    _never_raises(b"".join(lines))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(0, 10**6))
def test_simulated_play_checks_clean_and_adds_up(game, seed):
    """Random legal play checks clean; per match the totals are the sum of the deltas (G8)."""
    events = list(simulate(game, seed, 6))
    rec = run_log(events)
    assert rec.findings == []
    assert len(rec.hands) == 6
    for m, hands in zip(rec.matches, rec.per_match):
        for p in m.info.players:
            assert abs(sum(h.deltas[p] for h in hands) - m.totals[p]) < 1e-9


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(0, 10**6), st.data())
def test_replacing_a_played_card_is_legal_or_reported(game, seed, data):
    """Swap one played card for another card the player held at that moment: the referee either
    accepts it (the rules allow it) or reports a finding — never a traceback, and never a change
    of score without a finding."""
    events = list(simulate(game, seed, 1))
    plays = [i for i, e in enumerate(events) if e["event"] == "play"]
    if not plays:
        return
    i = data.draw(st.sampled_from(plays))
    who = events[i]["player"]
    later = {e["card"] for e in events[i + 1:] if e["event"] == "play" and e["player"] == who}
    if not later:
        return
    other = data.draw(st.sampled_from(sorted(later)))
    changed = [dict(e) for e in events]
    changed[i]["card"] = other
    rec = run_log(changed)
    # nothing before the changed line is blamed; after it, either all is legal or reported
    assert all(f.line >= i + 1 for f in rec.findings)
    if not rec.findings:
        assert all(h.status in ("scored", "passed-out", "drawn") for h in rec.hands)
    else:
        assert any(h.status != "scored" for h in rec.hands) or \
            all(f.severity == "warning" for f in rec.findings)
