"""Property tests (hypothesis), for every game: no input makes a command raise; simulated legal
play checks clean and its totals are the sum of its deltas (Asszorti's net zero-sum); a changed
card, a dropped or a swapped event is either legal or reported — never a silent change of score."""
from __future__ import annotations

import io
import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.games import ENGINES
from referee.games.policy import Policy, policy_for
from referee.legal import judge
from referee.replay import Listener, replay, replay_until
from referee.simulate import simulate

from .conftest import ROOT, run_log

GAMES = sorted(ENGINES)
PLAYABLE = [g for g in GAMES
            if type(policy_for(ENGINES[g])).candidates is not Policy.candidates]
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


def _sums_check(game: str, rec) -> None:
    """Per match the totals are the sum of the hand deltas (G8); Asszorti's ``net`` is zero-sum
    in every hand and in the match, and the match's net is the sum of the hands' (A8).  The
    other games are not zero-sum (Thirty-Three pays defenders their card points, Sixty-Six pays
    only the deal's winner, Eighty-Three pays both teams their points); for those, what their
    rules do fix: Sixty-Six gives game points to at most one player and never takes any away
    (S5–S7), Eighty-Three gives partners the same delta (E4)."""
    for m, hands in zip(rec.matches, rec.per_match):
        for p in m.info.players:
            assert abs(sum(h.deltas[p] for h in hands) - m.totals[p]) < 1e-9
        if game == "asszorti":
            for h in hands:
                assert abs(sum(h.extra["net"].values())) < 1e-9
            assert abs(sum(m.extra["net"].values())) < 1e-9
            for p in m.info.players:
                assert abs(sum(h.extra["net"][p] for h in hands) - m.extra["net"][p]) < 1e-9
        elif game == "sixty-six":
            for h in hands:
                assert all(d >= 0 for d in h.deltas.values())
                assert sum(1 for d in h.deltas.values() if d) <= 1
        elif game == "eighty-three":
            a, b, c, d = m.info.players
            for h in hands:
                assert h.deltas[a] == h.deltas[c] and h.deltas[b] == h.deltas[d]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(0, 10**6))
def test_simulated_play_checks_clean_and_adds_up(game, seed):
    """Random legal play checks clean; the totals add up (and Asszorti's net is zero-sum)."""
    events = list(simulate(game, seed, 6))
    rec = run_log(events)
    assert rec.findings == []
    assert len(rec.hands) == 6
    assert all(h.status in ("scored", "passed-out", "drawn") for h in rec.hands)
    _sums_check(game, rec)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(0, 10**6), st.data())
def test_replacing_a_played_card_is_legal_or_reported(game, seed, data):
    """Swap one played card for another card the player held at that moment: the referee either
    accepts it (the rules allow it) or reports a finding — never a traceback, and never a change
    of score without a finding.  Whether the rules allow the card is asked of the referee at
    that very point (:func:`referee.legal.judge`); an unlawful card must be reported at its
    line."""
    events = list(simulate(game, seed, 2))
    plays = [i for i, e in enumerate(events) if e["event"] == "play"]
    if not plays:
        return
    i = data.draw(st.sampled_from(plays))
    who = events[i]["player"]
    later = {e["card"] for e in events[i + 1:] if e["event"] == "play" and e["player"] == who}
    deal = max(j for j in range(i) if events[j]["event"] == "deal")
    later &= {e["card"] for e in events[deal:] if e["event"] == "play" and e["player"] == who}
    later = {c for c in later
             if next(j for j in range(deal, len(events)) if events[j].get("card") == c
                     and events[j]["event"] == "play") > i}  # still held at line i + 1
    if not later:
        return
    other = data.draw(st.sampled_from(sorted(later)))
    changed = [dict(e) for e in events]
    changed[i]["card"] = other
    rec = run_log(changed)
    engine, at, before = replay_until(io.BytesIO(_jsonl(changed)), "x.jsonl", i + 1)
    lawful = judge(engine, at, i + 1).legal
    # nothing before the changed line is blamed; after it, either all is legal or reported
    assert before == [] and all(f.line >= i + 1 for f in rec.findings)
    if not lawful:
        assert any(f.line == i + 1 for f in rec.findings)
    if not rec.findings:
        assert all(h.status in ("scored", "passed-out", "drawn") for h in rec.hands)
        _sums_check(game, rec)
    else:
        assert any(h.status != "scored" for h in rec.hands) or \
            all(f.severity == "warning" for f in rec.findings)


OPTIONAL = {"thirty-three": {"kontra", "rekontra"},
            "asszorti": {"kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra",
                         "claim", "dispute"},
            "sixty-six": {"marriage", "draw", "close", "exchange", "resign", "timeout", "end"},
            "eighty-three": {"give"}}
"""Events the rules make optional: a log may lawfully leave them out, and when the rest of it
stays lawful the score may change without a finding (a double not called, a claim not
made, a marriage not shown, a talon not closed, a trump nine kept, trumps not given, an ending
not made); Sixty-Six's ``draw`` happens by itself.  Dropping any other event, if it goes
unreported, must leave the score as it was."""


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(0, 10**6), st.data())
def test_dropping_or_swapping_events_is_reported_or_harmless(game, seed, data):
    """Drop one event of a simulated log, or swap two adjacent ones: no traceback; nothing
    before the change is blamed; and either a finding is reported, or the record is clean
    (every hand scored, totals adding up) and the score is unchanged — unless the event dropped
    is one the log could lawfully leave out (:data:`OPTIONAL`), or the swap is of one player's
    two cards in a row, which the rules may allow in either order (another lawful game)."""
    events = list(simulate(game, seed, 3))
    i = data.draw(st.integers(1, len(events) - 1))
    swap = data.draw(st.booleans()) and i + 1 < len(events)
    changed = [dict(e) for e in events]
    if swap:
        changed[i], changed[i + 1] = changed[i + 1], changed[i]
        if changed[i] == changed[i + 1]:
            return
    else:
        del changed[i]
    original = run_log(events)
    rec = run_log(changed)
    # nothing before the change is blamed (a hand left incomplete is named at its last line)
    assert all(f.line >= i + 1 or f.code == "incomplete-hand" for f in rec.findings)
    if rec.findings:
        return
    if game == "sixty-six" and i < len(changed) and changed[i]["event"] in ("resign", "timeout"):
        # a resign or timeout that now comes in mid-deal leaves that deal unscored without a
        # finding (S10, SS-R10: accepted anywhere): the changed log is another lawful record
        return
    assert all(h.status in ("scored", "passed-out", "drawn") for h in rec.hands)
    _sums_check(game, rec)
    same = [h.deltas for h in rec.hands] == [h.deltas for h in original.hands]
    lawful_omission = not swap and events[i]["event"] in OPTIONAL[game]
    a, b = events[i], events[i + 1] if swap else None
    other_order = swap and a["event"] == b["event"] == "play" and a["player"] == b["player"]
    assert same or lawful_omission or other_order, (
        f"{'swapping lines' if swap else 'dropping line'} {i + 1} "
        f"({events[i]['event']}) changed the score without a finding")


def _jsonl(events: list[dict]) -> bytes:
    return "".join(json.dumps(e) + "\n" for e in events).encode()
