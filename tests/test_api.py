"""The public Python API (``import referee``; docs/api.md): logs as matches → hands → tricks →
findings, a table stepped event by event, many files at once.

Every expected value is worked out by hand from the log in the test and the rules; the arithmetic
is in the comments.  docs/api.md's own examples run in tests/test_api_docs.py.
"""
from __future__ import annotations

import io
import json
import pickle
import tomllib
from pathlib import Path

import pytest

import referee
from referee import HandStatus, Play, Severity, Table

from .conftest import ROOT


def log_bytes(events) -> bytes:
    return "".join(json.dumps(e) + "\n" for e in events).encode()


def lines_of(data: bytes) -> list[bytes]:
    """The physical lines of a log (split at ``\\n`` only, as the reader does)."""
    parts = data.split(b"\n")
    return parts[:-1] if parts and parts[-1] == b"" else parts


# --- Thirty-Three: one hand of 24 Nines, then a score sheet that is off by one ---------------------
#
# Dealer C, so A (the dealer's left) speaks first: A bids 24 Nines, B and C pass.  Nines: the four
# nines and the Bug are the trumps (9♦ > 9♠ > 9♥ > 9♣ > Bug, §9).  A takes the boat (8♠ 7♠ 7♣)
# and lays away 8♠ 7♠ J♠ (2 + 0 + 1 = 3 card points, counted for A, §4).  A leads (§6):
#   T1 l.7  A 7♣ B A♣ C 8♣ → B (clubs led, A♣ highest; 0+2+2 = 4)
#   T2 l.10 B 7♥ C 7♦ A Q♠ → B (only heart; Q♠ 1)
#   T3 l.13 B 8♥ C 8♦ A 9♥ → A (9♥ is a trump; 2+2+0 = 4)
#   T4 l.16 A 9♦ B 10♣ C Q♣ → A (1)      T5 l.19 A 9♠ B K♣ C J♣ → A (1+1 = 2)
#   T6 l.22 A 9♣ B J♥ C J♦ → A (1+1 = 2)  T7 l.25 A Bug B Q♥ C Q♦ → A (2+1+1 = 4)
#   T8 l.28 A A♠ B K♥ C K♦ → A (2+1+1 = 4) T9 l.31 A 10♠ B 10♥ C 10♦ → A (0)
#   T10 l.34 A K♠ B A♥ C A♦ → A (1+2+2 = 5, + 3 for the last trick = 8)
# A: 4+1+2+2+4+4+0+8 = 25 in tricks + 3 discarded = 28 ≥ 24: made, + the contract value of 24
# Nines, 65 (§3 table).  Defenders score their card points (§11): B 4 + 1 = 5, C 0.
# Check: 28 + 5 + 0 = 33.  The score sheet at line 37 says C 1: C's total is 0, a score-mismatch,
# which belongs to the match, not to a hand.

TT_HANDS = {"A": "9D 9S 9H 9C JK AS 10S KS QS JS".split(),
            "B": "AH 10H KH QH JH 8H 7H AC 10C KC".split(),
            "C": "AD 10D KD QD JD 8D 7D QC JC 8C".split()}
TT_PLAYS = [("A", "7C"), ("B", "AC"), ("C", "8C"), ("B", "7H"), ("C", "7D"), ("A", "QS"),
            ("B", "8H"), ("C", "8D"), ("A", "9H"), ("A", "9D"), ("B", "10C"), ("C", "QC"),
            ("A", "9S"), ("B", "KC"), ("C", "JC"), ("A", "9C"), ("B", "JH"), ("C", "JD"),
            ("A", "JK"), ("B", "QH"), ("C", "QD"), ("A", "AS"), ("B", "KH"), ("C", "KD"),
            ("A", "10S"), ("B", "10H"), ("C", "10D"), ("A", "KS"), ("B", "AH"), ("C", "AD")]
TT_LOG = [
    {"event": "match", "game": "thirty-three", "players": ["A", "B", "C"], "id": "t1"},
    {"event": "deal", "dealer": "C", "hands": TT_HANDS, "boat": ["8S", "7S", "7C"]},
    {"event": "bid", "player": "A", "game": "nines", "level": 24},
    {"event": "pass", "player": "B"},
    {"event": "pass", "player": "C"},
    {"event": "discard", "player": "A", "cards": ["8S", "7S", "JS"]},
    *({"event": "play", "player": p, "card": c} for p, c in TT_PLAYS),
    {"event": "score", "totals": {"A": 65, "B": 5, "C": 1}},
]


def test_thirty_three_match_hand_and_tricks_as_data():
    [m] = referee.read_log(log_bytes(TT_LOG), name="tt.jsonl")
    assert (m.file, m.number, m.id, m.key, m.game, m.players, m.line) == \
        ("tt.jsonl", 1, "t1", "t1", "thirty-three", ("A", "B", "C"), 1)
    [h] = m.hands
    assert (h.number, h.line, h.dealer, h.declarer) == (1, 2, "C", "A")
    assert h.contract == "24 nines" and h.status is HandStatus.SCORED
    assert h.deltas == {"A": 65, "B": 5, "C": 0} and h.totals == {"A": 65, "B": 5, "C": 0}
    assert h.dealt["A"] == tuple(TT_HANDS["A"]) and h.pile == ("8S", "7S", "7C")
    assert h.findings == ()
    assert [t.number for t in h.tricks] == list(range(1, 11))
    assert [t.leader for t in h.tricks] == ["A", "B", "B"] + ["A"] * 7
    assert [t.winner for t in h.tricks] == ["B", "B"] + ["A"] * 8
    assert [t.line for t in h.tricks] == [7 + 3 * k for k in range(10)]
    t3 = h.tricks[2]
    assert t3.cards == ("8H", "8D", "9H") and t3.complete
    assert t3.plays == (Play("B", "8H", 13), Play("C", "8D", 14), Play("A", "9H", 15))
    # the match: totals after the one hand; the score sheet's mismatch is the match's finding
    assert m.totals == {"A": 65, "B": 5, "C": 0} and not m.finished and m.winners == ()
    assert [(f.line, f.code, f.severity, f.hand) for f in m.findings] == \
        [(37, "score-mismatch", Severity.ERROR, None)]
    assert m.all_findings() == list(m.findings)


# --- Eighty-Three: a defender's revoke in trick 1 ---------------------------------------------------
#
# Seats N E S W: N & S against E & W (E: partners sit opposite).  W deals, so N speaks first
# (E1): N bids 30, E, S and W pass.  N names hearts: the trumps are the hearts, 5♦ (the off-five)
# and the joker.  N takes the kitty (10♥ 9♥ 4♦ 3♦ 2♦): 17 cards, 6 of them trumps; N lays away the
# eleven plain cards, the others their six spades or plain cards (no trump is discarded: E2).
# Kept: N A♥ K♥ Q♥ J♥ 10♥ 9♥; E 8♥ 7♥ 2♣ 3♣ 4♣ 6♣; S 6♥ 5♥ 5♦ 4♥ 5♣ 7♣; W 3♥ 2♥ JK 8♣ 9♣ 10♣.
# N leads A♥ (line 12), a trump: E holds 8♥ 7♥ and must play a trump (E3), so E's 2♣ (line 13)
# is a revoke, established by S's card at line 14 (G4).  E6: the hand ends; the defenders E & W
# revoked, so N & S make their 30 with all 83 points: +83 each partner; E & W score nothing.

E83_LOG = [
    {"event": "match", "game": "eighty-three", "players": ["N", "E", "S", "W"]},
    {"event": "deal", "dealer": "W", "kitty": "10H 9H 4D 3D 2D".split(), "hands": {
        "N": "AH KH QH JH JC QC KC AC 9D 8D 7D 6D".split(),
        "E": "8H 7H 2C 3C 4C 6C AS KS QS JS 10S 9S".split(),
        "S": "6H 5H 5D 4H 5C 7C 8S 7S 6S 5S 4S 3S".split(),
        "W": "3H 2H JK 8C 9C 10C 2S AD KD QD JD 10D".split()}},
    {"event": "bid", "player": "N", "points": 30},
    {"event": "pass", "player": "E"},
    {"event": "pass", "player": "S"},
    {"event": "pass", "player": "W"},
    {"event": "trump", "player": "N", "suit": "hearts"},
    {"event": "discard", "player": "N", "cards": "JC QC KC AC 9D 8D 7D 6D 4D 3D 2D".split()},
    {"event": "discard", "player": "E", "cards": "AS KS QS JS 10S 9S".split()},
    {"event": "discard", "player": "S", "cards": "8S 7S 6S 5S 4S 3S".split()},
    {"event": "discard", "player": "W", "cards": "2S AD KD QD JD 10D".split()},
    {"event": "play", "player": "N", "card": "AH"},
    {"event": "play", "player": "E", "card": "2C"},
    {"event": "play", "player": "S", "card": "4H"},
]


def test_eighty_three_revoke_ends_the_hand_in_its_trick():
    [m] = referee.read_log(log_bytes(E83_LOG))
    [h] = m.hands
    assert (h.dealer, h.declarer, h.status) == ("W", "N", HandStatus.PENALTY)
    assert h.contract is not None and h.contract.startswith("30")  # the bid: 30 points
    assert h.deltas == {"N": 83, "E": 0, "S": 83, "W": 0}
    assert m.totals == {"N": 83, "E": 0, "S": 83, "W": 0}
    assert [(f.line, f.code, f.severity, f.player, f.trick) for f in h.findings] == \
        [(13, "revoke", Severity.ERROR, "E", 1)]
    # the hand ended in trick 1: N's lead and E's revoke; S's card (which established it) is not
    # played (G4)
    [t] = h.tricks
    assert (t.number, t.leader, t.winner, t.complete) == (1, "N", None, False)
    assert t.plays == (Play("N", "AH", 12), Play("E", "2C", 13))
    assert m.findings == ()


def test_legal_actions_and_who_is_to_act_at_a_point():
    # Before E's card (after N's lead of A♥, a trump): E must play one of the trumps held, 8♥ or
    # 7♥ (E3); nobody else may act.
    table = Table()
    for e in E83_LOG[:12]:
        assert table.apply(e) == []
    assert table.to_act == ("E",)
    assert sorted(a["card"] for a in table.legal_actions()) == ["7H", "8H"]
    assert {(a["event"], a["player"]) for a in table.legal_actions()} == {("play", "E")}
    # a legal action given back to the table is applied without a finding
    assert table.apply(table.legal_actions()[0]) == []
    assert table.to_act == ("S",)


def test_table_revoke_is_reported_by_the_event_that_settles_it():
    table = Table()
    for e in E83_LOG[:13]:
        assert table.apply(e) == []
    # E's 2♣ is open: not yet a finding (it could still be retracted, G4)
    assert table.open_revoke == Play("E", "2C", 13)
    assert table.hand.status is None and table.hand.deltas == {}
    found = table.apply(E83_LOG[13])
    assert [(f.line, f.code) for f in found] == [(13, "revoke")]
    assert table.open_revoke is None
    assert table.hand.status is HandStatus.PENALTY
    assert table.hand.findings == tuple(found)
    assert table.to_act == () and table.legal_actions() == []


def test_table_retract_repairs_a_revoke_with_a_warning():
    # E takes back 2♣ (line 14) before any other card and plays 8♥ (line 15): the revoke is
    # repaired, a warning at the revoke's line 13 (G4); nothing else is wrong
    table = Table()
    for e in E83_LOG[:13]:
        table.apply(e)
    found = table.apply({"event": "retract", "player": "E", "card": "2C"})
    assert [(f.line, f.code, f.severity) for f in found] == [(13, "revoke", Severity.WARNING)]
    assert table.apply({"event": "play", "player": "E", "card": "8H"}) == []
    assert table.open_revoke is None and table.hand.status is None


# --- Sixty-Six: a false declaration, then a deal the log leaves unfinished -------------------------
#
# Max deals, Moritz leads (S8).  While the talon is open nobody need follow (S1): Moritz A♥,
# Max 9♥ → Moritz (11 card points).  Moritz declares out right after that trick (allowed, S5)
# with 11 < 66: Max scores 2 game points.  Max won the deal, so Max deals next (S8); the log stops
# after that deal: incomplete-hand (a warning, at that hand's last line, 6), unscored (G5).

SS_DEAL = {"event": "deal", "dealer": "Max",
           "hands": {"Max": ["9H", "9C", "9D", "JC", "JD", "QC"],
                     "Moritz": ["AH", "AC", "AD", "10H", "10C", "10D"]},
           "stock": ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "JH", "KC", "KD", "QD"],
           "trump_card": "9S"}
SS_LOG = [{"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"], "id": 7},
          SS_DEAL,
          {"event": "play", "player": "Moritz", "card": "AH"},
          {"event": "play", "player": "Max", "card": "9H"},
          {"event": "declare_out", "player": "Moritz"},
          SS_DEAL]


def test_sixty_six_declaration_and_an_unfinished_hand():
    [m] = referee.read_log(log_bytes(SS_LOG))
    assert (m.id, m.key, m.rules) == (7, 7, {"target": 7})
    h1, h2 = m.hands
    assert (h1.dealer, h1.declarer, h1.contract, h1.status) == \
        ("Max", "Moritz", None, HandStatus.SCORED)
    assert h1.deltas == {"Max": 2, "Moritz": 0}
    [t] = h1.tricks
    assert (t.leader, t.cards, t.winner) == ("Moritz", ("AH", "9H"), "Moritz")
    assert h1.pile == tuple(SS_DEAL["stock"])
    assert (h2.number, h2.line, h2.status, h2.tricks) == (2, 6, HandStatus.UNSCORED, ())
    assert h2.deltas == {"Max": 0, "Moritz": 0} and h2.totals == {"Max": 2, "Moritz": 0}
    assert [(f.line, f.code, f.severity, f.hand) for f in h2.findings] == \
        [(6, "incomplete-hand", Severity.WARNING, 2)]
    assert m.totals == {"Max": 2, "Moritz": 0} and not m.finished


# --- Asszorti: the rules text's own worked hand (tests/cases/asszorti/worked_example) ---------------
#
# As its .why.txt works out from the rules: Anna deals; Berta declares 1 with diamonds and takes 7
# tricks (T1 Anna leads K♣; Berta wins T1-T6, Anna T7-T10, Berta T11).  Basic value 6 + one
# overtrick 3 = 9 from each opponent (A4): net Berta +18, Anna −9, Csaba −9; on the score sheet
# (A8, G8) the debts are carried: deltas Berta +18, Anna 0, Csaba 0, debts 9 and 9.  `end` at line
# 46: finished, Berta has the highest total.

def test_asszorti_worked_hand():
    [m] = referee.read_log(ROOT / "tests" / "cases" / "asszorti" / "worked_example.jsonl")
    [h] = m.hands
    assert (h.dealer, h.declarer, h.status) == ("Anna", "Berta", HandStatus.SCORED)
    assert [t.leader for t in h.tricks] == ["Anna"] + ["Berta"] * 6 + ["Anna"] * 4
    assert [t.winner for t in h.tricks] == ["Berta"] * 6 + ["Anna"] * 4 + ["Berta"]
    assert h.tricks[0].cards == ("KC", "AC", "JC")
    assert h.deltas == {"Anna": 0, "Berta": 18, "Csaba": 0}
    assert h.extra == {"net": {"Anna": -9, "Berta": 18, "Csaba": -9}}
    assert m.finished and m.winners == ("Berta",)
    assert m.extra is not None and m.extra["debt"] == {"Anna": 9, "Berta": 0, "Csaba": 9}


# --- stepping a table is reading a log ----------------------------------------------------------

LOGS = sorted((ROOT / "examples").glob("*/*.jsonl")) + \
    sorted((ROOT / "tests" / "cases").glob("*/*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_stepping_a_table_gives_the_findings_of_reading_the_log(path: Path):
    log = referee.read_file(path, name="x.jsonl")
    table = Table(file="x.jsonl")
    stepped = []
    for line in lines_of(path.read_bytes()):
        stepped.extend(table.apply(line))
    stepped.extend(table.close())
    key = lambda f: (f.line, f.code, f.message)  # noqa: E731
    assert sorted(stepped, key=key) == sorted(log.all_findings(), key=key)
    if log.matches:
        assert table.match == log.matches[-1]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_api_and_score_json_say_the_same(path: Path):
    # `referee score --format json` (FORMAT.md) and the API read the same log alike: per match
    # its players, totals, finished and winners; per hand dealer, declarer, contract, status,
    # deltas and totals
    from click.testing import CliRunner

    from referee.cli import main

    out = CliRunner().invoke(main, ["score", "--format", "json", str(path)]).stdout
    cli = [json.loads(x) for x in out.splitlines() if '"hands"' in x]
    api = list(referee.read_log(path))
    assert [(m["match"], m["game"], m["players"], m["totals"], m["finished"], m["winners"])
            for m in cli] == \
        [(m.key, m.game, list(m.players), m.totals, m.finished, list(m.winners)) for m in api]
    fields = ("hand", "line", "dealer", "declarer", "contract", "status", "deltas", "totals")
    assert [[tuple(h[k] for k in fields) for h in m["hands"]] for m in cli] == \
        [[(h.number, h.line, h.dealer, h.declarer, h.contract, h.status, h.deltas, h.totals)
          for h in m.hands] for m in api]


# --- sources, bad input, many files -------------------------------------------------------------

def test_every_kind_of_source_reads_the_same(tmp_path):
    data = log_bytes(TT_LOG)
    path = tmp_path / "tt.jsonl"
    path.write_bytes(data)
    want = list(referee.read_log(data, name="tt.jsonl"))
    assert list(referee.read_log(str(path), name="tt.jsonl")) == want
    assert list(referee.read_log(path, name="tt.jsonl")) == want
    assert list(referee.read_log(io.BytesIO(data), name="tt.jsonl")) == want
    with open(path, "rb") as f:
        [m] = referee.read_log(f)
    assert m.file == str(path)  # a stream is named by its name
    assert referee.read_file(data).matches[0].file == "<bytes>"
    with pytest.raises(TypeError):
        referee.read_log(io.StringIO(data.decode()))
    with pytest.raises(TypeError):
        referee.read_log(42)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        referee.read_log(tmp_path / "missing.jsonl")


def test_matches_are_yielded_as_they_end():
    # Two matches; the first is handed out once line 37+1 (the second `match`) has been read,
    # before the rest of the stream (memory: one match at a time).
    first = log_bytes(TT_LOG)
    stream = io.BytesIO(first + log_bytes(SS_LOG))
    reader = referee.read_log(stream)
    m1 = next(reader)
    assert m1.game == "thirty-three" and m1.number == 1
    second_match_line = lines_of(log_bytes(SS_LOG))[0]
    assert stream.tell() == len(first) + len(second_match_line) + 1
    m2 = next(reader)
    assert (m2.game, m2.number, m2.line) == ("sixty-six", 2, 38)
    with pytest.raises(StopIteration):
        next(reader)
    assert reader.stats is not None and reader.stats.matches == 2


def test_bad_input_is_findings_not_exceptions():
    data = b"".join([
        b'\xff\xfe not utf-8\n',                                           # 1 bad-json
        b'{"event": "pass", "player": "A\n',                        # 2 bad-json (cut short)
        b'{"event": "match", "game": "thirty-three", "players": ["A", "B"]}\n',  # 3 cannot be
        b'{"event": "pass", "player": "A"}\n',           # 4 skipped with its match, no finding
        b'{"event": "match", "game": "sixty-six", "players": ["X", "Y"]}\n',     # 5
        b'{"event": "deal", "dealer": "X", "hands": {"X": ["ZZ"]}, '
        b'"stock": [], "trump_card": "9S"}\n',                              # 6 bad-card
        b'{"event": "nonsense"}\n'])                                        # 7 bad-event
    log = referee.read_file(data)
    assert [(f.line, f.code) for f in log.findings] == \
        [(1, "bad-json"), (2, "bad-json"), (3, "bad-event")]
    [m] = log.matches
    assert [(f.line, f.code) for f in m.all_findings()] == [(6, "bad-card"), (7, "bad-event")]
    assert m.hands[0].status is HandStatus.UNSCORED and m.hands[0].dealt == {}
    assert log.errors == 5 and not log.undecodable
    assert referee.read_file(b"\x00\x01\n").undecodable
    assert referee.read_file(b"1\n\"text\"\n[{}]\n").undecodable      # JSON, but no object (R7)
    assert not referee.read_file(b"1\n{}\n").undecodable

    table = Table("thirty-three", ["A", "B", "C"])
    assert [f.code for f in table.apply({"event": "play", "player": "Z", "card": 7})] == \
        ["bad-event"]
    assert [f.code for f in table.apply(b"{not json")] == ["bad-json"]
    assert table.apply("") == [] and table.line == 4  # a blank line is counted
    with pytest.raises(TypeError):
        table.apply(3.5)
    with pytest.raises(ValueError):
        table.apply('{"event": "end"}\n{"event": "end"}')
    with pytest.raises(ValueError):
        Table("thirty-three", ["A", "B"])


def test_a_table_names_lines_as_a_log_would():
    # Table(game, players) is the match event of line 1; events count on from line 2, or are
    # given their line
    table = Table("thirty-three", ["A", "B", "C"], file="live")
    assert table.line == 1 and table.match is not None and table.match.line == 1
    [f] = table.apply({"event": "pass", "player": "A"})  # before any deal
    assert (f.file, f.line, f.code, f.match, f.hand) == ("live", 2, "out-of-phase", 1, None)
    [f] = table.apply({"event": "pass", "player": "B"}, line=40)
    assert f.line == 40 and table.line == 40
    assert table.hand is None and table.to_act == ()
    assert [(g.line, g.code) for g in table.match.findings] == [(2, "out-of-phase"),
                                                               (40, "out-of-phase")]


def test_replay_files_in_order_serial_and_parallel(tmp_path):
    a = tmp_path / "a.jsonl"
    a.write_bytes(log_bytes(TT_LOG))
    b = tmp_path / "b.jsonl"
    b.write_bytes(log_bytes(SS_LOG))
    paths = [b, tmp_path / "missing.jsonl", a, tmp_path, b]
    serial = list(referee.replay_files(paths))
    parallel = list(referee.replay_files(paths, jobs=2))
    assert [p for p, _ in serial] == [str(p) for p in paths]
    kinds = [type(r).__name__ for _, r in serial]
    assert kinds == ["Log", "FileNotFoundError", "Log", "IsADirectoryError", "Log"]
    assert [p for p, _ in parallel] == [p for p, _ in serial]
    for (_, x), (_, y) in zip(serial, parallel):
        if isinstance(x, OSError):
            assert type(x) is type(y)
        else:
            assert x == y
    assert serial[2][1].matches[0].totals == {"A": 65, "B": 5, "C": 0}


def test_objects_are_frozen_and_pickle():
    [m] = referee.read_log(log_bytes(TT_LOG))
    with pytest.raises(AttributeError):
        m.hands[0].status = HandStatus.PENALTY  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(m)) == m
    assert m.hands[0].status == "scored" and f"{m.findings[0].severity}" == "error"
    assert json.dumps(m.findings[0].to_json())  # the enum encodes as its text


def test_hand_status_is_formats_closed_set():
    # FORMAT.md, score --format json: "status is one of scored, passed-out, drawn, penalty,
    # irregular, unscored"; findings are errors or warnings
    assert {s.value for s in HandStatus} == {"scored", "passed-out", "drawn", "penalty",
                                             "irregular", "unscored"}
    assert {s.value for s in Severity} == {"error", "warning"}


def test_py_typed_is_shipped():
    assert (ROOT / "referee" / "py.typed").is_file()
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in conf["tool"]["setuptools"]["package-data"]["referee"]


def test_reading_match_by_match_keeps_memory_flat():
    # What the reader holds after 50 matches and after 400 (each with an incomplete-hand finding)
    # is the same: only the match being read and the one handed out are kept.  (gc.collect():
    # the engines hold reference cycles, freed by the collector.)
    import gc
    import tracemalloc

    data = log_bytes(SS_LOG) * 400
    held = {}
    tracemalloc.start()
    try:
        for m in referee.read_log(data):
            if m.number in (50, 400):
                gc.collect()
                held[m.number] = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held[400] - held[50] < 16 * 1024
