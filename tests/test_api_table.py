"""The table API as python-chess's users expect it (issue 29 item 22): ``Table.copy()``,
``Table.is_legal(event)``, the holdings, the contract and the auction as typed records, and
typed ``Table.apply`` and ``referee.dask.replay_files``."""
from __future__ import annotations

import json
import typing

import pytest
from click.testing import CliRunner

import referee
from referee.api import Call, Contract, Holding, Table
from referee.cli import main

from .conftest import ROOT

DISPUTED = ROOT / "examples" / "thirty-three" / "disputed.jsonl"


def lines_of(path):
    return path.read_bytes().splitlines()


def table_at(path, n):
    """A table that has applied the first ``n`` lines of ``path``."""
    table = Table()
    for line in lines_of(path)[:n]:
        table.apply(line)
    return table


def test_copy_is_independent():
    # disputed.jsonl up to line 57: Bela has led A♥ in trick 6 and Cili, who still holds 8♥,
    # is to act.  The copy plays her 8♠ (line 58) and Anna's K♥ (line 59) establishes the
    # revoke (T8: round ends, Cili -26); the original has seen none of it.
    lines = lines_of(DISPUTED)
    table = table_at(DISPUTED, 57)
    twin = table.copy()
    assert twin.line == 57 and twin.to_act == ("Cili",)
    assert twin.apply(lines[57]) == [] and twin.open_revoke is not None
    assert [(f.line, f.code) for f in twin.apply(lines[58])] == [(58, "revoke")]
    assert twin.hand.status == "penalty" and twin.match.totals["Cili"] == 0 + -26 + 0
    # the original: still before Cili's card, nothing settled, the 8♠ still in her hand
    assert table.line == 57 and table.to_act == ("Cili",) and table.open_revoke is None
    assert table.hand.status is None and table.hand.findings == ()
    assert "8S" in table.holdings["Cili"].cards
    assert table.match.totals == {"Anna": 33, "Bela": 0, "Cili": 0}  # hand 1: 20 hearts made
    # and the other way round: the original follows suit, the copy keeps its penalty
    assert table.apply({"event": "play", "player": "Cili", "card": "8H"}) == []
    assert table.open_revoke is None and twin.hand.status == "penalty"
    assert table.copy().copy().line == 58


def test_copy_before_any_match_and_of_a_new_table():
    blank = Table()
    assert blank.copy().match is None
    table = Table("sixty-six", ["Max", "Moritz"])
    twin = table.copy()
    twin.apply({"event": "deal", "dealer": "Max",
                "hands": {"Max": ["9H", "9C", "9D", "JC", "JD", "QC"],
                          "Moritz": ["AH", "AC", "AD", "10H", "10C", "10D"]},
                "stock": ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "JH", "KC", "KD", "QD"],
                "trump_card": "9S"})
    assert twin.to_act == ("Moritz",) and table.hand is None and table.holdings == {}


def test_is_legal_at_the_revoke():
    # Line 58: Cili's 8♠ to Bela's A♥ while she holds 8♥ is a revoke (§6), so not legal; her
    # 8♥ is; a card she does not hold (A♥, Bela's, on the table), or Anna playing before her
    # (out of turn), is not.  The table itself is not changed.
    table = table_at(DISPUTED, 57)
    lines = lines_of(DISPUTED)
    assert table.is_legal(lines[57]) is False
    assert table.is_legal({"event": "play", "player": "Cili", "card": "8H"}) is True
    assert table.is_legal('{"event": "play", "player": "Cili", "card": "AH"}') is False
    assert table.is_legal({"event": "play", "player": "Anna", "card": "KH"}) is False
    assert table.is_legal(b"not json") is False
    assert table.line == 57 and table.open_revoke is None
    with pytest.raises(TypeError):
        table.is_legal(58)  # type: ignore[arg-type]


def legal_cli(path, n):
    r = CliRunner().invoke(main, ["legal", str(path), "--line", str(n), "--format", "json"])
    return json.loads(r.stdout)


@pytest.mark.parametrize("n", [2, 3, 37, 41, 57, 58])
def test_is_legal_agrees_with_referee_legal(n):
    """``referee legal FILE --line N`` judges the event at line N; ``is_legal`` of that event
    on a table that has applied the lines before it says the same (line 2 and 37 are deals,
    3 a bid, 41 a discard, 57 a card, 58 the revoke)."""
    table = table_at(DISPUTED, n - 1)
    want = legal_cli(DISPUTED, n)
    assert table.is_legal(lines_of(DISPUTED)[n - 1]) is want["event_legal"]
    assert table.legal_actions() == want["legal"]


@pytest.mark.parametrize("path", [ROOT / "examples" / p for p in (
    "thirty-three/disputed.jsonl", "thirty-three/play-alone.jsonl", "asszorti/worked-hand.jsonl",
    "sixty-six/disputed.jsonl", "eighty-three/disputed.jsonl")],
    ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_legal_action_is_legal(path):
    """At every line of every example, each of ``legal_actions()`` is ``is_legal`` (the same
    rules code; the table is left as it was)."""
    table = Table()
    for line in lines_of(path):
        acts = table.legal_actions()
        for a in acts[:12]:
            assert table.is_legal(a), (table.line, a)
        before = table.line
        table.apply(line)
        assert table.line == before + 1


def test_holdings_as_dealt_and_played():
    # Cili was dealt Q♦ 7♦ A♠ K♠ 8♠ 10♥ 8♥ K♣ J♣ 7♣ and played 7♣ 7♦ 10♥ J♣ Q♦ in tricks 1-5:
    # A♠ K♠ 8♠ 8♥ K♣ are left, in Thirty-Three's display order (♦ ♠ ♥ ♣; A 10 K Q J 9 8 7).
    table = table_at(DISPUTED, 57)
    cili = table.holdings["Cili"]
    assert cili == Holding(("AS", "KS", "8S", "8H", "KC"), 0)
    assert cili.count == 5 and cili.known
    assert list(table.holdings) == ["Anna", "Bela", "Cili"]
    # Anna has played five cards too (tricks 1-5): 10 - 5 = 5 left; Bela also led A♥ to
    # trick 6 at line 57: 10 - 6 = 4; every card known (the deal gives every hand)
    assert [(h.count, h.known) for h in table.holdings.values()] == [(5, True), (4, True),
                                                                     (5, True)]


def test_holdings_in_a_record_of_the_play_alone():
    # play-alone.jsonl gives no hands (G14): each player holds 10 cards nobody has seen.  Bela
    # takes the boat (3) and lays away 3 (line 6): still 10.  By line 10 Bela has led twice
    # (9♦, 9♠) and Cili and Anna have played once: 8, 9 and 9 not seen, none known.
    path = ROOT / "examples" / "thirty-three" / "play-alone.jsonl"
    table = table_at(path, 2)
    assert table.holdings == {p: Holding((), 10) for p in ("Anna", "Bela", "Cili")}
    table = table_at(path, 10)
    assert {p: (h.cards, h.unknown, h.known) for p, h in table.holdings.items()} == {
        "Anna": ((), 9, False), "Bela": ((), 8, False), "Cili": ((), 9, False)}


def test_contract_and_auction_as_data():
    # Hand 1: Anna bids 20 hearts (line 3), Bela and Cili pass (4, 5).  Hearts is a suit game:
    # trumps are hearts; CV of 20 hearts is 33 (11 × 3, docs/api.md).
    [m] = referee.read_log(DISPUTED)
    h = m.hands[0]
    assert h.terms == Contract("Anna", 20, "20 hearts", game="hearts", trump="hearts",
                               value=33)
    assert h.contract == h.terms.text == "20 hearts"  # the string form stays
    assert h.auction == (Call(3, "Anna", "bid", 20, "hearts"), Call(4, "Bela", "pass"),
                         Call(5, "Cili", "pass"))
    # Hand 2: 18 nines (CV 26): Nines have no trump suit
    t = m.hands[1].terms
    assert (t.bid, t.game, t.trump, t.value) == (18, "nines", None, 26)
    # a table mid-auction: after Anna's bid (line 3) the auction has one call and no contract
    # yet (Thirty-Three forms it once the others have passed, T1); after line 5 it is formed
    table = table_at(DISPUTED, 3)
    assert table.contract is None and table.auction == (Call(3, "Anna", "bid", 20, "hearts"),)
    table = table_at(DISPUTED, 5)
    assert table.contract == h.terms and len(table.auction) == 3


def test_contract_of_the_other_games():
    # Eighty-Three match.jsonl hand 3: Cat passes, Dan bids 83 doubled, Ann and Bob pass
    # (lines 76-79); Dan names diamonds (line 80).
    m = next(iter(referee.read_log(ROOT / "examples" / "eighty-three" / "match.jsonl")))
    h = m.hands[2]
    assert h.terms == Contract("Dan", 83, "83 dbl diamonds", trump="diamonds", doubled=True)
    assert [(c.line, c.player, c.event, c.bid, c.doubled) for c in h.auction] == [
        (76, "Cat", "pass", None, False), (77, "Dan", "bid", 83, True),
        (78, "Ann", "pass", None, False), (79, "Bob", "pass", None, False)]
    # Asszorti disputed.jsonl hand 1: Berta bids 3, both pass, she sets the contract 3 and
    # names clubs (lines 3-8)
    m = next(iter(referee.read_log(ROOT / "examples" / "asszorti" / "disputed.jsonl")))
    h = m.hands[0]
    assert h.terms == Contract("Berta", "3", "3 clubs", trump="clubs")
    assert [c.event for c in h.auction] == ["bid", "pass", "pass", "contract"]
    # Sixty-Six has no auction and no contract
    m = next(iter(referee.read_log(ROOT / "examples" / "sixty-six" / "match.jsonl")))
    assert m.hands[0].terms is None and m.hands[0].auction == ()


def test_apply_and_dask_replay_files_are_typed():
    hints = typing.get_type_hints(Table.apply)
    assert hints["event"] is not typing.Any and hints["return"] == list[referee.Finding]
    from referee import dask
    # the module names distributed's Client only for the type checker: read the annotations
    returns = [f.__annotations__["return"] for f in typing.get_overloads(dask.replay_files)]
    assert [r.replace("'", "").replace('"', "") for r in returns] == [
        "Iterator[tuple[str, Log | OSError]]", "Iterator[tuple[str, T | OSError]]"]


def test_the_new_names_are_exported():
    for name in ("Contract", "Call", "Holding"):
        assert getattr(referee, name) is getattr(referee.api, name) and name in referee.__all__
