"""Structured findings (FORMAT.md since format 1.1, issue 14 items 4 and 5): every finding carries
``rule`` (the most specific clause applied), ``evidence`` (the facts its message states, keys per
code in referee-log.5) and ``cause`` (the line of an earlier finding it follows from).

Each expected value is worked out by hand from the small log of its test (the Thirty-Three Nines
hand of tools/thirty_three_logs.py: ``match`` at line 1, ``deal`` by C at line 2, A bids 24 Nines
at line 3, B and C pass at lines 4-5, A discards 8♠ 7♠ J♠ at line 6, the cards from line 7).
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from tools.outputs import mutated
from tools.thirty_three_logs import MATCH, bid, deal, discard, nines_hand, pas, plays

from .conftest import run_log

ROOT = Path(__file__).resolve().parent.parent
OPENING = [MATCH, deal("C"), bid("A", "nines", 24), pas("B"), pas("C"),
           discard("A", ["8S", "7S", "JS"])]
"""Lines 1-6: A is declarer in 24 Nines and has taken the boat (8♠ 7♠ 7♣) and laid away
8♠ 7♠ J♠, so A holds 9♦ 9♠ 9♥ 9♣ Bug A♠ 10♠ K♠ Q♠ 7♣ and leads."""


def check_json(tmp_path, events=None, path=None, lines=None):
    """The findings of ``check --format json`` on a log written from ``events`` (or raw
    ``lines``), or on ``path``."""
    if path is None:
        path = tmp_path / "t.jsonl"
        path.write_text("".join(lines) if lines is not None else
                        "".join(json.dumps(x) + "\n" for x in events))
    r = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
    return [json.loads(x) for x in r.output.splitlines()]


def one(found, code):
    hits = [f for f in found if f["code"] == code]
    assert len(hits) == 1, found
    return hits[0]


def test_revoke_of_the_thirty_three_example_states_the_cards_and_lines(tmp_path):
    # examples/thirty-three/disputed.jsonl, hand 2 (deal at line 37, Anna deals, Bela 18 Nines).
    # Cili was dealt Q♦ 7♣ 8♠ J♣ K♠ 8♥ K♣ A♠ 7♦ 10♥ and played 7♣ (43), 7♦ (46), 10♥ (49),
    # J♣ (52), Q♦ (55): she holds 8♠ K♠ 8♥ K♣ A♠ at trick 6.  Bela leads A♥ (57), a heart
    # (in Nines only 9♥ leaves the hearts); Cili's only heart is 8♥, she plays 8♠ (58): a
    # revoke.  Anna's card at line 59 establishes it.  T8: Cili loses the contract value of
    # 18 Nines, 26 (the table of §CV: 18-level, 9s column); nobody else scores.  The message's
    # facts: the led suit as Nines names a plain suit (hearts), the penalty's clauses by id
    # (§6, §13, T8) and its consequence as data (format 1.2): the round ends, Cili is paid -26
    # by nobody (loses 26), nobody else is named (scores nothing).
    f = next(f for f in check_json(tmp_path, path=ROOT / "examples/thirty-three/disputed.jsonl")
             if f["line"] == 58)
    assert (f["code"], f["severity"], f["rule"], f["cause"]) == ("revoke", "error", "T8", None)
    assert f["evidence"] == {"player": "Cili", "card": "8S", "led": "AH", "suit": "hearts",
                             "trick": 6, "held": ["8H"], "trumps": [], "established_at": 59,
                             "repaired_at": None, "penalty": {"Anna": 0, "Bela": 0, "Cili": -26},
                             "penalty_rule": ["§6", "§13", "T8"],
                             "consequence": {"ends": "round", "pays": [
                                 {"player": "Cili", "points": -26, "by": None}]}}
    assert "Rule: Thirty-Three §6 follow suit, §13 and T8; established at line 59; round ends, " \
        "Cili -26, nobody else scores" in f["message"]


def test_a_repaired_revoke_names_the_retract_line(tmp_path):
    # Line 7: A leads 7♣.  B holds A♣ 10♣ K♣ (no nine, so no trump) and plays 7♥ at line 8: a
    # revoke; B takes it back at line 9 and plays A♣ at line 10: repaired (G4), a warning.
    log = OPENING + plays([("A", "7C"), ("B", "7H")]) + [
        {"event": "retract", "player": "B", "card": "7H"}] + plays([("B", "AC")])
    f = one(check_json(tmp_path, log), "revoke")
    assert (f["line"], f["severity"], f["rule"], f["trick"]) == (8, "warning", "G4", 1)
    assert f["evidence"] == {"player": "B", "card": "7H", "led": "7C", "suit": "clubs",
                             "trick": 1, "held": ["AC", "10C", "KC"], "trumps": [],
                             "established_at": None, "repaired_at": 9}


def test_a_card_played_twice_says_where_it_went(tmp_path):
    # A leads 7♣ at line 7 and the same play is written again at line 8: A no longer holds it;
    # A already played it to trick 1 at line 7.  A still holds 9♦ 9♠ 9♥ 9♣ Bug A♠ 10♠ K♠ Q♠
    # (Nines: the trump suit 9♦ 9♠ 9♥ 9♣ Bug first, then spades A 10 K Q).  G3.
    log = OPENING + plays([("A", "7C"), ("A", "7C")])
    f = one(check_json(tmp_path, log), "card-not-held")
    assert (f["line"], f["rule"], f["player"]) == (8, "G3", "A")
    assert f["evidence"] == {
        "player": "A", "card": "7C",
        "holding": ["9D", "9S", "9H", "9C", "JK", "AS", "10S", "KS", "QS"],
        "whereabouts": [{"card": "7C", "played_by": "A", "trick": 1, "line": 7}]}
    assert "A already played it to trick 1 at line 7" in f["message"]


def test_a_card_held_by_another_player(tmp_path):
    # B leads nothing yet: A is to lead but plays B's A♣ (line 7): B holds it (G3).
    log = OPENING + plays([("A", "AC")])
    f = one(check_json(tmp_path, log), "card-not-held")
    assert f["evidence"]["whereabouts"] == [{"card": "AC", "held_by": "B"}]


def test_out_of_turn_in_play_and_auction(tmp_path):
    # Line 3: B bids first, but after dealer C it is A's turn (T1: clockwise from the dealer's
    # left); applied, so C is to speak next.  A, whose turn B took, bids 24 Nines at line 4:
    # out of turn too, but it follows from line 3 (cause).  B and C pass.
    log = [MATCH, deal("C"), bid("B", "diamonds", 18), bid("A", "nines", 24), pas("B"),
           pas("C"), discard("A", ["8S", "7S", "JS"]), *plays([("B", "AC")])]
    found = check_json(tmp_path, log)
    turns = [f for f in found if f["code"] == "out-of-turn"]
    assert [(f["line"], f["rule"], f["cause"]) for f in turns] == [
        (3, "T1", None), (4, "T1", 3), (8, "G4b", None)]
    assert turns[0]["evidence"] == {"player": "B", "call": "bid", "due": "A",
                                    "auction_rule": ["T1", "T11"]}
    # Line 8: B leads A♣ to trick 1, but A (the declarer) leads (§6).
    assert turns[2]["evidence"] == {"player": "B", "card": "AC", "trick": 1, "due": "A",
                                    "lead": True}


def test_a_misdeal_lists_the_cards_dealt_twice_and_missing(tmp_path):
    # The boat holds 8♠ twice instead of 8♠ 7♠: 8♠ dealt twice (to the boat), 7♠ not dealt.
    log = [MATCH, deal("C", boat=["8S", "8S", "7C"])]
    f = one(check_json(tmp_path, log), "misdeal")
    assert f["rule"] == "G3"
    assert f["evidence"] == {"twice": [{"card": "8S", "places": [{"pile": "boat"},
                                                                 {"pile": "boat"}]}],
                             "not_dealt": ["7S"]}
    assert "8♠ dealt twice (to the boat); not dealt: 7♠" in f["message"]


def test_a_wrong_dealer_after_an_unreadable_deal_follows_from_it(tmp_path):
    # Hand 1 is dealt by C (lines 2-36), so A deals next (clockwise).  Line 37 cannot be read
    # (it may have been A's deal: G7); B deals at line 38.  The rotation says A, so it is a
    # wrong-dealer, but one that follows from the unreadable line 37 (cause 37).
    lines = [json.dumps(x) + "\n" for x in [MATCH, *nines_hand("C")]]
    lines.append('{"event": "deal", "dealer": \n')
    lines += [json.dumps(x) + "\n" for x in nines_hand("B")]
    found = check_json(tmp_path, lines=lines)
    assert [(f["line"], f["code"], f["cause"]) for f in found] == [
        (37, "bad-json", None), (38, "wrong-dealer", 37)]
    assert found[1]["rule"] == "G6"
    assert found[1]["evidence"] == {"dealer": "B", "due": ["A"], "game": "thirty-three",
                                    "rotation": "clockwise"}
    assert found[0]["rule"] == "G7" and found[0]["evidence"]["json_object"] is False


def test_a_plain_wrong_dealer_has_no_cause(tmp_path):
    # C deals hand 1; B deals hand 2 at line 37 where A was due: no earlier finding.
    found = check_json(tmp_path, [MATCH, *nines_hand("C"), *nines_hand("B")])
    assert [(f["line"], f["code"], f["cause"]) for f in found] == [(37, "wrong-dealer", None)]


def test_deals_after_the_end_follow_from_the_first(tmp_path):
    # `end` at line 37; deals at 38 and 39 are match-over (G9); the second follows from the
    # first (cause 38), which states the end's line.
    found = check_json(tmp_path, [MATCH, *nines_hand("C"), {"event": "end"}, deal("A"),
                                  deal("B")])
    assert [(f["line"], f["code"], f["rule"], f["cause"], f["evidence"]) for f in found] == [
        (38, "match-over", "G9", None, {"ended_at": 37}),
        (39, "match-over", "G9", 38, {"ended_at": 37})]


def test_unknown_player_and_no_match(tmp_path):
    # Line 1 is a deal before any match: no-match (G7).  Line 2 starts the match; line 3 is a
    # deal by Z, who is not in it (G3).
    found = check_json(tmp_path, [deal("C"), MATCH, deal("Z")])
    assert [(f["line"], f["code"], f["rule"], f["evidence"]) for f in found] == [
        (1, "no-match", "G7", {"event": "deal"}),
        (3, "unknown-player", "G3", {"players": ["Z"], "field": "dealer"})]


def test_incomplete_hand_and_out_of_phase(tmp_path):
    # A card at line 3 during the auction (A to bid): out-of-phase (G10), the hand unscored.
    found = check_json(tmp_path, [MATCH, deal("C"), *plays([("A", "7C")])])
    f = one(found, "out-of-phase")
    assert (f["rule"], f["evidence"]) == ("G10", {"event": "play", "phase": "auction",
                                                  "card": "7C"})
    assert f["message"].startswith("a card played during the auction (G10)")
    # The log stops after A's first card (line 7): incomplete-hand at line 7 (G5).
    found = check_json(tmp_path, OPENING + plays([("A", "7C")]))
    f = one(found, "incomplete-hand")
    assert (f["line"], f["rule"], f["evidence"]) == (7, "G5", {"hand": 1, "stop": "end-of-file"})
    assert "when the log ends;" in f["message"]


# --- completeness: every finding of every log we have carries a rule and evidence ----------------

GAMES = ("thirty-three", "asszorti", "sixty-six", "eighty-three")
MUTATIONS_PER_LOG = 40


def _logs():
    """(name, bytes) of every example, corpus and conformance log, a short simulation of each
    game, and mutations of the examples and simulations (fixed seeds: the same every run)."""
    import random

    from referee.simulate import simulate
    rng = random.Random(14)
    paths = sorted((ROOT / "examples").glob("*/*.jsonl")) + sorted(
        (ROOT / "tests/corpus").glob("*.jsonl")) + sorted((ROOT / "tests/cases").glob("*/*.jsonl"))
    bases = []
    for p in paths:
        data = p.read_bytes()
        yield p.name, data
        if p.parent.parent.name == "examples":
            bases.append((p.name, [json.loads(x) for x in data.splitlines() if x.strip()]))
    for game in GAMES:
        events = list(simulate(game, 5, 12))
        yield f"simulated {game}", "".join(json.dumps(e) + "\n" for e in events).encode()
        bases.append((f"simulated {game}", events))
    for name, events in bases:
        for k in range(MUTATIONS_PER_LOG):
            log = mutated(events, rng)
            yield f"{name} mutation {k}", "".join(json.dumps(e) + "\n" for e in log).encode()


def _incomplete_codes() -> dict[str, str]:
    """Finding code → one log whose finding of that code lacks a rule or evidence (or whose
    evidence is no JSON object)."""
    missing: dict[str, str] = {}
    seen = set()
    for name, data in _logs():
        for f in run_log(data, name).findings:
            seen.add(f.code)
            ok = isinstance(f.rule, str) and f.rule and isinstance(f.evidence, dict)
            if ok:
                json.dumps(f.to_json())  # JSON through and through
            elif f.code not in missing:
                missing[f.code] = f"{name}:{f.line}: {f.message}"
    assert len(seen) > 20  # the logs reach most codes
    return missing


def test_every_finding_carries_rule_and_evidence():
    assert _incomplete_codes() == {}


def test_summary_counts_problems_apart_from_their_cascades(tmp_path):
    # The match ends at line 37; deals at 38 and 39 are two match-over errors, the second
    # caused by the first: 2 errors, 1 problem.
    log = tmp_path / "over.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in
                           [MATCH, *nines_hand("C"), {"event": "end"}, deal("A"), deal("B")]))
    r = CliRunner().invoke(main, ["check", "--summary", str(log)])
    assert r.output == f"{log}: errors: 2 errors, 0 warnings, 1 problem, 1 match\n"
    r = CliRunner().invoke(main, ["check", "--summary", "--format", "json", str(log)])
    assert json.loads(r.output)["problems"] == 1


def test_every_report_call_names_rule_and_evidence():
    """The same, for the paths no log above reaches: every call in the engines and the replay
    that reports a finding (``report``, ``void``, ``irregular``) passes ``rule`` and
    ``evidence``."""
    import ast
    sources = sorted((ROOT / "referee/games").rglob("*.py")) + [ROOT / "referee/replay.py"]
    bare = []
    for path in sources:
        for n in ast.walk(ast.parse(path.read_text())):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                    and n.func.attr in ("report", "void", "irregular") \
                    and isinstance(n.func.value, ast.Name) and n.func.value.id == "self":
                if not {"rule", "evidence"} <= {k.arg for k in n.keywords}:
                    bare.append(f"{path.name}:{n.lineno}")
    assert bare == []
