"""``referee legal --line N`` where line N is a ``deal`` (issue 29 item 18): it said "nobody is
to act here (the hand is over or cannot be followed)" and "(not a move within a hand)"; it now
says that no one acts before a deal, reads the deal as a replay reads it, and says who acts
first in the new hand by the game's rules, or why the deal is not accepted."""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main

from .conftest import ROOT

EX = ROOT / "examples"


def legal(*args: object) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["legal", *map(str, args)])
    return r.exit_code, r.stdout


def test_the_first_deal_says_who_bids_first():
    # `referee legal examples/thirty-three/disputed.jsonl --line 2`: the players sit Anna,
    # Bela, Cili and Cili deals; "Bidding starts at the dealer's left" (the rules text,
    # clockwise), and Anna is the next seat after Cili: Anna bids (or passes) first.
    status, out = legal(EX / "thirty-three" / "disputed.jsonl", "--line", 2)
    assert status == 0
    assert out.splitlines()[1:] == [
        "a deal: it is read below, with who acts first in the hand it starts",
        "line 2: Cili deals a new hand: read (hand 1); Anna acts first: passes or bids"]
    assert "cannot be followed" not in out and "not a move" not in out
    assert "nobody is to act" not in out  # then Anna acts first: the header said otherwise


def test_a_deal_later_in_the_match_is_said_to_be_a_deal():
    # disputed.jsonl line 37: hand 1 is over; the report's header said "nobody is to act here
    # (the hand is over or cannot be followed)" and its last line who acts first: it now says
    # the line is a deal.  The JSON keeps its keys: to_act [] (before the deal nobody acts)
    # and dealt.to_act ["Bela"] (on Anna's left).
    status, out = legal(EX / "thirty-three" / "disputed.jsonl", "--line", 37)
    assert status == 0
    assert out.splitlines()[1] == \
        "a deal: it is read below, with who acts first in the hand it starts"
    obj = json.loads(legal(EX / "thirty-three" / "disputed.jsonl", "--line", 37,
                           "--format", "json")[1])
    assert obj["to_act"] == [] and obj["dealt"] == {"hand": 2, "to_act": ["Bela"]}


def test_a_later_deal_after_a_finished_hand():
    # disputed.jsonl line 37: hand 1 is over (ten tricks), Anna deals hand 2; Bela, on her
    # left, bids first.
    status, out = legal(EX / "thirty-three" / "disputed.jsonl", "--line", 37)
    assert status == 0
    assert out.splitlines()[-1] == \
        "line 37: Anna deals a new hand: read (hand 2); Bela acts first: passes or bids"


def test_sixty_six_the_non_dealer_leads():
    # timeout.jsonl line 14: Ann deals hand 2 of Ann and Bob; "The non-dealer leads first"
    # (Sixty-Six rules text): Bob, who may also show a marriage or close the talon first.
    status, out = legal(EX / "sixty-six" / "timeout.jsonl", "--line", 14)
    assert status == 0
    assert out.splitlines()[-1].startswith(
        "line 14: Ann deals a new hand: read (hand 2); Bob acts first: leads")


def test_asszorti_and_eighty_three_bid_from_the_dealers_left():
    # Asszorti worked-hand.jsonl: Anna, Berta, Csaba; Anna deals, Berta on her left speaks
    # first.  Eighty-Three disputed.jsonl: Ann, Bob, Cat, Dan; Dan deals, Ann on his left.
    _, out = legal(EX / "asszorti" / "worked-hand.jsonl", "--line", 2)
    assert out.splitlines()[-1] == \
        "line 2: Anna deals a new hand: read (hand 1); Berta acts first: bids or passes"
    _, out = legal(EX / "eighty-three" / "disputed.jsonl", "--line", 2)
    assert out.splitlines()[-1] == \
        "line 2: Dan deals a new hand: read (hand 1); Ann acts first: bids or passes"


def test_json_names_who_acts_first():
    status, out = legal(EX / "thirty-three" / "disputed.jsonl", "--line", 2, "--format", "json")
    obj = json.loads(out)
    assert status == 0
    assert obj["to_act"] == [] and obj["hand"] is None
    assert obj["event_legal"] is True and obj["findings"] == []
    assert obj["dealt"] == {"hand": 1, "to_act": ["Anna"]}


def test_a_misdeal_is_not_legal(tmp_path):
    # Thirty-Three deals ten cards each and three to the boat: Anna's eleventh card (K♠, taken
    # from nowhere) makes the deal a misdeal (G3), as `check` reports it.
    lines = (EX / "thirty-three" / "disputed.jsonl").read_text().splitlines()
    deal = json.loads(lines[1])
    deal["hands"]["Anna"].append("KS")
    log = tmp_path / "misdeal.jsonl"
    log.write_text(lines[0] + "\n" + json.dumps(deal) + "\n")
    status, out = legal(log, "--line", 2)
    assert status == 1
    assert out.splitlines()[1] == "a deal: it is judged below"  # nobody acts first: no hand
    assert out.splitlines()[2] == "line 2: Cili deals a new hand: NOT legal"
    assert out.splitlines()[3].startswith("  error[misdeal]: Anna was dealt 11 cards (10 expected)")
    obj = json.loads(legal(log, "--line", 2, "--format", "json")[1])
    assert obj["event_legal"] is False and "dealt" not in obj
    assert [f["code"] for f in obj["findings"]] == ["misdeal"]


def test_a_deal_after_the_end_is_match_over(tmp_path):
    # disputed.jsonl's hand 1 (lines 2-36), an `end`, then the deal of line 37: the match is
    # over, so the deal is `match-over` (G9), as `check` reports it.
    lines = (EX / "thirty-three" / "disputed.jsonl").read_text().splitlines()
    log = tmp_path / "ended.jsonl"
    log.write_text("\n".join(lines[:36] + ['{"event": "end"}', lines[36]]) + "\n")
    status, out = legal(log, "--line", 38)
    assert status == 1
    assert out.splitlines()[-2:] == [
        "line 38: Anna deals a new hand: NOT legal",
        "  error[match-over]: a deal after the match has ended (G9); skipped"]
