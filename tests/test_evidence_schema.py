"""Evidence is data (format 1.2, FORMAT.md "Since format 1.2"; issue 25 item 2).

Every finding the referee prints validates against the findings schema of ``referee schema
--output findings`` (built from one table, :func:`referee.schema.finding_evidence`), and no
evidence value is a sentence: each string is matched by its schema as a card, a suit, a line, a
member of a closed set (an ``enum``, a pattern), a player of the match, or the log's own text of
the reported line.  Every record of ``score --format json`` validates against the score schema.
A revoke's consequence is structured in every game (what ends; who is paid what, by whom), its
penalty's clauses cited by their ids; each is worked out here by hand from the rules.
"""
from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.findings import CODES
from referee.schema import finding_evidence, output_schema

from referee.replay import replay

from .conftest import Recorder, run_log
from .test_findings import _logs

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = output_schema("findings")
VALIDATOR = jsonschema.Draft202012Validator(FINDINGS)


# --- the log set: everything the tests read, and lines made to reach each reader's reason ---

_MATCH = {"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}
_HOSTILE: list[tuple[str, bytes]] = [
    # one line per reason of the reader (bad-json, bad-event) and of a match it cannot referee
    ("reader", b"".join([
        b'{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}\n',
        b"\x1e{}\n",                                       # record-separator
        b"\xef\xbb\xbf{}\n",                               # byte-order-mark (not at the start)
        b"[" * 2000 + b"\n",                               # too-deep
        b'{"event": "play", "card": "\xff"}\n',            # not-utf-8
        b'{"event": "play", "player": "Ann"\n',            # truncated
        b'{"event": "end"} x\n',                           # trailing-text
        b'{"event": "play",, }\n',                         # malformed
        b'"a string"\n',                                   # not-an-object
        b'{"event": "bogus"}\n',                           # unknown-event
        b'{"player": "Ann"}\n',                            # no-event
        b'{"event": "play", "player": 3, "card": "AS"}\n',  # wrong-type
        b'{"event": "play", "player": "Ann"}\n',           # missing-field
        b'{"event": "match", "game": "chess", "players": ["a"]}\n',  # unknown-game
    ])),
    ("matches", "".join(json.dumps(x) + "\n" for x in [
        {"event": "match", "game": "sixty-six", "players": ["Ann"]},          # player-count
        {"event": "match", "game": "sixty-six", "players": ["Ann", "Ann"]},   # duplicate
        {"event": "match", "game": "sixty-six", "players": ["Ann", ""]},      # empty
        {**_MATCH, "rules": {"colour": True}},                                # unknown-option
        {**_MATCH, "rules": {"target": "seven"}},                             # option-type
        {**_MATCH, "rules": {"target": 0}},                                   # option-range
        {"event": "match", "game": "eighty-three", "players": ["A", "B", "C", "D"],
         "rules": {"set_penalty": "all"}},                                    # option-value
        {"event": "match", "game": "sixty-six", "players": ["Anna", "Annа"]},  # look-alike
    ]).encode()),
]


def _sources() -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every log the findings tests replay (test_findings' ``_logs``: the
    examples, corpus and cases, simulations and their mutations), every ``.jsonl`` under
    tests/ (repros included), and :data:`_HOSTILE`."""
    yield from _logs()
    for p in sorted((ROOT / "tests").rglob("*.jsonl")):
        if p.stat().st_size < 2_000_000:
            yield str(p.relative_to(ROOT)), p.read_bytes()
    yield from _HOSTILE


def _strings(x: Any) -> Iterator[Any]:
    """Every key and scalar of a decoded JSON value."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield k
            yield from _strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v)
    else:
        yield x


class _Line:
    """What a finding's evidence may quote: the players of the file's matches and the values
    of its reported line."""

    def __init__(self, data: bytes) -> None:
        self.lines = data.split(b"\n")
        self.players: set[str] = set()
        for raw in self.lines:
            obj = self._decode(raw)
            if isinstance(obj, dict) and obj.get("event") == "match" \
                    and isinstance(obj.get("players"), list):
                self.players.update(p for p in obj["players"] if isinstance(p, str))

    @staticmethod
    def _decode(raw: bytes) -> Any:
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):
            return None

    def values(self, line: int) -> list[Any]:
        return list(_strings(self._decode(self.lines[line - 1])))


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    return FINDINGS["$defs"][ref.rsplit("/", 1)[1]] if ref else node


def _no_sentence(node: dict[str, Any], value: Any, line: _Line, at: int) -> list[str]:
    """Where ``value`` holds a string its schema ``node`` does not close: a string needs an
    ``enum``/``const``/``pattern``, or is a player of the match (``x-kind`` player), or is the
    log's own value on the reported line (``x-kind`` log), or a file of the run (``x-kind``
    file: the first copy a duplicate names).  Derived from the schema: a key's
    kind is what the table says it is."""
    node = _resolve(node)
    if "anyOf" in node:
        for branch in node["anyOf"]:
            branch = _resolve(branch)
            ok = jsonschema.Draft202012Validator({**branch, "$defs": FINDINGS["$defs"]})
            if ok.is_valid(value) and not _no_sentence(branch, value, line, at):
                return []
        return [f"no branch closes {value!r}"]
    kind = node.get("x-kind")
    if kind == "log":
        return [] if value in line.values(at) else [f"{value!r} is not on line {at}"]
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            sub = node.get("properties", {}).get(k, node.get("additionalProperties"))
            if kind == "by-player" and k not in line.players:
                out.append(f"{k!r} is no player")
            out += [f"{k}: {p}" for p in _no_sentence(sub, v, line, at)]
        return out
    if isinstance(value, list):
        return [p for v in value for p in _no_sentence(node["items"], v, line, at)]
    if isinstance(value, str):
        if "enum" in node or "const" in node or "pattern" in node:
            return []
        if kind == "player":
            return [] if value in line.players else [f"{value!r} is no player"]
        if kind == "file":  # a file the run read (duplicates, R31/R32): as a finding names it
            return []
        return [f"{value!r} is free text"]
    return []


def _findings() -> Iterator[tuple[str, _Line, dict[str, Any]]]:
    """Every finding of :func:`_sources`, and of ``--strict`` (its warnings) on each log but
    the mutations."""
    for name, data in _sources():
        line = _Line(data)
        for strict in (False, True) if "mutation" not in name else (False,):
            rec = Recorder()
            replay(io.BytesIO(data), name, rec, strict=strict)
            for f in rec.findings:
                yield name, line, f.to_json()


def test_every_finding_validates_and_no_evidence_value_is_a_sentence():
    bad: list[str] = []
    codes: set[str] = set()
    reasons: set[tuple[str, str]] = set()
    for name, line, f in _findings():
        codes.add(f["code"])
        e = f["evidence"] or {}
        if "reason" in e:
            reasons.add((f["code"], e["reason"]))
        for error in VALIDATOR.iter_errors(json.loads(json.dumps(f))):
            bad.append(f"{name}:{f['line']} {f['code']}: {error.json_path}: {error.message}")
        schema = FINDINGS["$defs"][f"evidence:{f['code']}"]
        bad += [f"{name}:{f['line']} {f['code']}: {p}"
                for p in _no_sentence(schema, e, line, f["line"])]
    assert "\n".join(bad[:30]) == ""
    assert len(codes) > 24  # the set reaches nearly every code
    # every reason of the reader and of a match that cannot be refereed is reached
    assert {r for c, r in reasons} >= {
        "too-deep", "record-separator", "byte-order-mark", "not-utf-8", "truncated",
        "trailing-text", "malformed", "not-an-object", "unknown-event", "no-event",
        "wrong-type", "missing-field", "unknown-game", "duplicate-key", "unknown-fields",
        "player-count", "duplicate-player", "empty-player", "unknown-option", "option-type",
        "option-range", "option-value"}


def test_the_table_has_every_code_and_only_closed_strings():
    # one evidence schema per finding code; every string-valued leaf of the table is closed
    # (an enum, a const, a pattern) or names its kind (a player, the log's own text, a file of the run)
    table = finding_evidence()
    assert set(table) == set(CODES)

    def leaves(node: Any, path: str) -> Iterator[str]:
        if isinstance(node, dict):
            if node.get("type") == "string" and not ({"enum", "const", "pattern"} & set(node)) \
                    and node.get("x-kind") not in ("player", "log", "file"):
                yield path
            for k, v in node.items():
                yield from leaves(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from leaves(v, f"{path}[{i}]")

    assert [p for code, s in table.items() for p in leaves(s, code)] == []


def test_a_sentence_in_evidence_fails_the_schema_check():
    # The check can fail: the baseline's sentences (before format 1.2) are refused.
    schema = FINDINGS["$defs"]["evidence:incomplete-hand"]
    line = _Line(b'{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}\n')
    assert _no_sentence(schema, {"hand": 1, "stop": "the log ends"}, line, 1)
    assert not jsonschema.Draft202012Validator(FINDINGS).is_valid({
        "file": "f", "line": 3, "severity": "error", "code": "revoke", "match": 1, "hand": 1,
        "trick": 2, "player": "Ann", "message": "m", "rule": "S9", "cause": None,
        "evidence": {"player": "Ann", "card": "9S", "led": "AH", "suit": "hearts", "trick": 2,
                     "held": [], "trumps": [], "penalty_rule": "Sixty-Six S1 and S9"}})


# --- score records ---------------------------------------------------------------------------

def test_every_score_record_validates(tmp_path):
    # `score --format json` (with --standings: the last record) over the examples, the cases
    # and the corpus; the findings it writes to standard error validate as findings.
    score = jsonschema.Draft202012Validator(output_schema("score"))
    paths = sorted((ROOT / "examples").glob("*/*.jsonl")) + sorted(
        (ROOT / "tests/corpus").glob("*.jsonl")) + sorted((ROOT / "tests/cases").glob("*/*.jsonl"))
    r = CliRunner().invoke(
        main, ["score", "--format", "json", "--standings", *map(str, paths)])
    records = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(records) > len(paths) // 2 and records[-1]["kind"] == "standings"
    statuses = set()
    for rec in records:
        assert list(score.iter_errors(rec)) == [], rec
        statuses.update(h["status"] for h in rec.get("hands", []))
    assert statuses >= {"scored", "penalty", "unscored", "irregular"}
    for x in r.stderr.splitlines():
        assert VALIDATOR.is_valid(json.loads(x)), x
    # the schema can fail: a hand of a status no game gives is refused
    bad = json.loads(json.dumps(records[0]))
    bad["hands"][0]["status"] = "won"
    assert not score.is_valid(bad)


def test_schema_output_option_prints_each_schema():
    for which in ("findings", "score", "all"):
        r = CliRunner().invoke(main, ["schema", "--output", which])
        assert r.exit_code == 0
        body = json.loads(r.output)
        jsonschema.Draft202012Validator.check_schema(body)
        assert body["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert body["title"].startswith("referee output record, format 1.2")
    assert json.loads(CliRunner().invoke(main, ["schema"]).output)["title"].startswith(
        "referee log event")  # without --output: the log line, as before
    r = CliRunner().invoke(main, ["schema", "--output", "nonesuch"])
    assert r.exit_code == 2 and "nonesuch" in r.output


def test_standings_records_validate_against_their_schema():
    """Every record of ``referee standings --format json`` over the examples validates."""
    body = json.loads(CliRunner().invoke(main, ["schema", "--output", "standings"]).output)
    v = jsonschema.Draft202012Validator(body)
    out = CliRunner().invoke(main, ["standings", "--format", "json", str(ROOT / "examples")])
    records = [json.loads(x) for x in out.output.splitlines()]
    assert {r["kind"] for r in records} == {"player", "game", "pair"}
    for r in records:
        v.validate(r)


# --- a revoke's consequence, by hand from each game's rules ----------------------------------

def test_thirty_three_revoke_consequence():
    # examples/thirty-three/disputed.jsonl line 58: Cili revokes in Bela's 18 Nines (CV 26, §3);
    # T8: the round ends, the offender loses the contract value, nobody else scores.
    rec = run_log((ROOT / "examples/thirty-three/disputed.jsonl").read_bytes())
    (f,) = [f for f in rec.findings if f.code == "revoke" and f.line == 58]
    assert f.evidence["consequence"] == {
        "ends": "round", "pays": [{"player": "Cili", "points": -26, "by": None}]}
    assert f.evidence["penalty_rule"] == ["§6", "§13", "T8"]


def test_asszorti_revoke_by_an_opponent_costs_both_opponents():
    # Berta plays "hand" with spades trumps: basic game 8 (A4's table, hand with trumps), no
    # doubling, no arrivázs.  Trick 1 (clubs, Anna leads K♣): Csaba holds Q♣ but plays Q♦, a
    # revoke, established by Berta's lead of trick 2.  A9 and A-R12: the opponents' side is at
    # fault, each opponent pays the declarer 8 × 1 = 8.
    from tests.test_asszorti_helpers import hand_log, pattern, rounds_for
    p = pattern("BBBBBBAAAAB")
    log = hand_log(p)
    csaba = next(i for i, e in enumerate(log) if e.get("event") == "play"
                 and e.get("player") == "Csaba")
    log[csaba]["card"] = rounds_for(p)[1]["Csaba"]  # Q♦ on the club lead
    rec = run_log(log)
    (f,) = [f for f in rec.findings if f.code == "revoke"]
    assert f.line == csaba + 1 and f.player == "Csaba"
    c = f.evidence["consequence"]
    assert (c["ends"], c["at_fault"], c["each"]) == ("hand", "opponents", 8)
    assert c["pays"] == [{"player": "Berta", "points": 8, "by": "Anna"},
                         {"player": "Berta", "points": 8, "by": "Csaba"}]
    assert f.evidence["penalty_rule"] == ["A3", "A9"]
    assert f.message.endswith("Rule: Asszorti rules, Play (follow suit, else trump), A3 and "
                              "A9; established at line " + str(csaba + 2) + "; the hand ends; "
                              "the opponents' side is at fault: each opponent pays Berta "
                              "basic game 8 = 8")


def test_sixty_six_revoke_consequence():
    # Ann closes; Ann leads 10♠; Bob holds Q♠ J♠ and plays 9♥ (line 7): a revoke, established
    # by Ann's A♥ (line 8).  S9: the deal ends, the offender's opponent scores 2.
    from tests.test_sixty_six import A, P, close, deal, match
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   P("Ann", "10S"), P("Bob", "9H"), P("Ann", "AH")])
    (f,) = [f for f in rec.findings if f.code == "revoke"]
    assert f.evidence["consequence"] == {
        "ends": "deal", "pays": [{"player": "Ann", "points": 2, "by": None}]}
    assert f.evidence["penalty_rule"] == ["S1", "S9"]
    assert "Rule: Sixty-Six S1 (follow, head the trick, trump when void) and S9;" in f.message
    assert f.message.endswith("the deal ends, Ann +2")


@pytest.mark.parametrize("who, card, pays", [
    # Ann bids 60, Ann & Cat against Bob & Dan (tools/eighty_three_logs.G1).  Trick 4 (Ann leads
    # A♣): Dan holds 2♣ and plays A♦: the defenders revoke; E6 and E4: the bidders make their
    # 60 with all 83 points, +83 each partner; the defenders score nothing (not named).
    ("Dan", "Ann AC, Bob 5D, Cat KC, Dan AD",
     [{"player": "Ann", "points": 83, "by": None}, {"player": "Cat", "points": 83, "by": None}]),
    # Cat (a bidder) holds K♣ and plays K♠: the bidders are set and lose the bid, −60 each; the
    # defenders are credited with all 83, +83 each (E6).
    ("Cat", "Ann AC, Bob 5D, Cat KS, Dan 2C",
     [{"player": "Ann", "points": -60, "by": None}, {"player": "Bob", "points": 83, "by": None},
      {"player": "Cat", "points": -60, "by": None}, {"player": "Dan", "points": 83, "by": None}]),
])
def test_eighty_three_revoke_consequence(who, card, pays):
    from tools.eighty_three_logs import G1_TRICKS, g1, match
    log = match(g1(tricks=G1_TRICKS[:3] + [card, "Bob KD"]))  # Bob's K♦ establishes it
    rec = run_log(log)
    (f,) = [f for f in rec.findings if f.code == "revoke"]
    assert f.player == who
    c = f.evidence["consequence"]
    assert (c["ends"], c["set"], c["pays"]) == ("hand", who == "Cat", pays)
    assert f.evidence["penalty_rule"] == ["E3", "E6"]
    assert "Rule: Eighty-Three E3 follow with the suit or trumps, E6;" in f.message


# --- the docs list the table's keys ----------------------------------------------------------

def _man_findings() -> dict[str, str]:
    """man/referee-log.5 FINDINGS: code → the text of its entry."""
    text = (ROOT / "man/referee-log.5").read_text()
    body = text.split(".SH FINDINGS", 1)[1].split("\n.SH ", 1)[0]
    out: dict[str, str] = {}
    for entry in body.split("\n.TP\n")[1:]:
        head, _, rest = entry.partition("\n")
        outside = " ".join(re.split(r'"[^"]*"', head)).split(maxsplit=1)[1]  # the codes named
        for code in outside.split():
            out[code.replace("\\-", "-")] = rest
    return out


def test_the_manual_lists_every_evidence_key_of_every_code():
    man = _man_findings()
    missing = []
    for code, schema in finding_evidence().items():
        text = man.get(code, "")
        for key in schema["properties"]:
            if not re.search(rf"(?<![a-z_]){re.escape(key.replace('-', '_'))}(?![a-z_])",
                             text.replace("\\-", "-").replace("\\&", "")):
                missing.append(f"{code}.{key}")
    assert " ".join(missing) == ""
