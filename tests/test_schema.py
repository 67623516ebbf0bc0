"""`referee schema` (issue 13 item 17): the schema accepts every line of the examples and cases,
rejects what the format forbids (a card string that is no card, a bid or suit that does not
exist), and narrowing it changed nothing the referee finds: a bad card stays `bad-card`, a bad bid
`bad-event`."""
from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import CardError, parse_card_any, parse_suit
from referee.cli import main
from referee.schema import CARD_PATTERN, SUIT, log_schema

from .conftest import ROOT

VALIDATOR = jsonschema.Draft202012Validator(log_schema())
LOGS = sorted((ROOT / "examples").glob("*/*.jsonl")) + sorted((ROOT / "tests" / "cases").rglob(
    "*.jsonl"))


def test_the_schema_is_a_valid_schema():
    jsonschema.Draft202012Validator.check_schema(log_schema())
    r = CliRunner().invoke(main, ["schema"])
    assert r.exit_code == 0 and json.loads(r.output) == json.loads(json.dumps(log_schema()))


@pytest.mark.parametrize("log", LOGS, ids=[str(p.relative_to(ROOT)) for p in LOGS])
def test_every_line_of_the_examples_and_cases_passes(log):
    for n, line in enumerate(log.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            errors = [e.message for e in VALIDATOR.iter_errors(json.loads(line))]
            assert errors == [], f"{log.name}:{n}"


@pytest.mark.parametrize("game", ["thirty-three", "asszorti", "sixty-six", "eighty-three"])
def test_every_line_of_a_simulated_log_passes(game):
    r = CliRunner().invoke(main, ["simulate", game, "--seed", "5", "--hands", "30"])
    for line in r.output.splitlines():
        assert list(VALIDATOR.iter_errors(json.loads(line))) == []


# (example log, event, field, bad value, the finding the referee gives at that line).  The
# finding is the one the format names: a card string that does not parse is `bad-card`
# (FORMAT.md "Cards"); a bid, level, suit, target or points value outside the format's values is
# a mistyped field or a number out of range, `bad-event`.
BAD = [
    ("thirty-three/match", "play", "card", "ZZ", "bad-card"),
    ("thirty-three/match", "play", "card", "1H", "bad-card"),        # no rank 1
    ("thirty-three/match", "play", "card", "10X", "bad-card"),       # no suit X
    ("thirty-three/match", "play", "card", "JOKERS", "bad-card"),
    ("thirty-three/match", "play", "card", "", "bad-card"),
    ("thirty-three/match", "discard", "cards", ["8S", "QQ", "7C"], "bad-card"),
    ("thirty-three/match", "deal", "boat", ["8S", "7S", "Z"], "bad-card"),
    ("thirty-three/match", "bid", "level", "x", "bad-event"),
    ("thirty-three/match", "bid", "level", 19, "bad-event"),
    ("thirty-three/match", "bid", "level", "18", "bad-event"),       # a number, not a string
    ("thirty-three/match", "bid", "game", "trumps", "bad-event"),
    ("asszorti/session", "bid", "bid", "4", "bad-event"),
    ("asszorti/session", "contract", "bid", "hands", "bad-event"),
    ("asszorti/session", "declare", "trump", "stars", "bad-event"),
    ("sixty-six/match", "marriage", "suit", "crowns", "bad-event"),
    ("sixty-six/match", "deal", "trump_card", "ZZ", "bad-card"),
    ("eighty-three/match", "bid", "points", 84, "bad-event"),
    ("eighty-three/match", "bid", "points", 29, "bad-event"),
    ("eighty-three/match", "trump", "suit", "stars", "bad-event"),
    ("eighty-three/match", "give", "cards", ["ZZ"], "bad-card"),
]


def _mutate(log: str, event: str, field: str, value) -> tuple[list[str], int]:
    """The lines of an example log with ``field`` of its first ``event`` set to ``value``, and
    that line's number."""
    lines = (ROOT / "examples" / f"{log}.jsonl").read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, 1):
        obj = json.loads(line)
        if obj["event"] == event:
            obj[field] = value
            lines[n - 1] = json.dumps(obj)
            return lines, n
    raise AssertionError(f"no {event} in {log}")


@pytest.mark.parametrize("log, event, field, value, code", BAD,
                         ids=[f"{b[1]}.{b[2]}={b[3]!r}" for b in BAD])
def test_the_schema_rejects_what_the_format_forbids_and_the_finding_stays(
        tmp_path, log, event, field, value, code):
    lines, n = _mutate(log, event, field, value)
    assert list(VALIDATOR.iter_errors(json.loads(lines[n - 1]))) != []
    assert _first_finding(tmp_path, lines, n) == code


def _first_finding(tmp_path, lines: list[str], n: int) -> str | None:
    """The code of the first finding `referee check` gives at line ``n`` of ``lines``."""
    p = tmp_path / "log.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--format", "json", str(p)])
    codes = [f["code"] for f in map(json.loads, r.output.splitlines()) if f["line"] == n]
    return codes[0] if codes else None


def test_deck_membership_stays_with_the_referee(tmp_path):
    """5H is a card, of another game's deck: the schema takes it, the referee does not."""
    lines, n = _mutate("asszorti/session", "play", "card", "5H")
    assert list(VALIDATOR.iter_errors(json.loads(lines[n - 1]))) == []
    assert _first_finding(tmp_path, lines, n) == "bad-card"


@pytest.mark.parametrize("field, value", [
    ("kontra", {"target": "everything"}), ("rekontra", {"target": 1}),
    ("bid", {"doubled": "yes"}), ("match", {"rules": {"set_penalty": "half"}}),
    ("match", {"rules": {"trumps": True}}), ("match", {"rules": {"target": "seven"}}),
])
def test_the_schema_rejects_other_values_out_of_the_format(field, value):
    base = {"event": field, "player": "A"}
    if field == "match":
        base = {"event": "match", "game": "eighty-three", "players": ["A", "B", "C", "D"]}
    assert list(VALIDATOR.iter_errors(base)) == []
    assert list(VALIDATOR.iter_errors({**base, **value})) != []


@pytest.mark.parametrize("text", ["AS", "as", "10H", "10h", "Th", "tD", "2C", "9♠", "Q♤",
                                  "k♢", "JK", "jk", "Joker", "JOKER", "bug", "Bug", "6D"])
def test_card_notations_the_format_allows_pass(text):
    assert list(VALIDATOR.iter_errors({"event": "play", "player": "A", "card": text})) == []


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="AKQJT10987654321CDHSXcdhsjokerbugZ♣♦♥♠♧♢♡♤", max_size=6))
def test_the_card_pattern_reads_what_the_referee_reads(text):
    """Without white space, a text matches the card pattern exactly when the referee reads it
    as a card (of some deck)."""
    import re
    try:
        parse_card_any(text)
        card = True
    except CardError:
        card = False
    assert bool(re.search(CARD_PATTERN, text)) == card


@pytest.mark.parametrize("text", ["clubs", "Diamonds", "HEARTS", "spades", "C", "d", "H", "s",
                                  "club", "spade", "X", "", "♠", "no-trump", "none"])
def test_the_suit_pattern_reads_what_the_referee_reads(text):
    import re
    try:
        parse_suit(text)
        suit = True
    except ValueError:
        suit = False
    assert bool(re.search(SUIT["pattern"], text)) == suit
