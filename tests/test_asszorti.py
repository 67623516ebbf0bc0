"""Asszorti: the rules text's own figures, RULINGS A1–A10 and G as Asszorti applies them, and the
project rulings A-R1 … of docs/asszorti.md.  Each expected value is derived in its comment."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from referee.games.asszorti.rules import (ARRIVAZS, BASIC_GAME, arrivazs_stake, basic_game_stake,
                                    basic_game_value, sheet_entries)
from tests.conftest import run_log
from tests.test_asszorti_helpers import (PLAYERS, deal_of, hand_log, line_of, pattern, plays_of,
                                         rounds_for)

CASES = Path(__file__).resolve().parent / "cases" / "asszorti"


def case(name):
    return [json.loads(x) for x in (CASES / f"{name}.jsonl").read_text().splitlines() if x]


def errs(rec):
    """(line, code) of the findings, without the incomplete-hand of a log that stops early."""
    return [x for x in rec.codes if x[1] != "incomplete-hand"]


B7 = pattern("BBBBBBAAAAB")   # Berta 7, Anna 4; last three tricks Anna, Anna, Berta


# --- the rules text's own figures --------------------------------------------------------------

def test_worked_hand_sheet_18_0_0_with_debts_9_and_9():
    # Contract 1 with diamonds = 6; 7 tricks: one overtrick = 6 / 2 = 3; 6 + 3 = 9 from each.
    # Net +18 / -9 / -9; the sheet writes 18 for Berta, 0 for Anna and Csaba, who owe 9 each.
    rec = run_log(case("worked_example"))
    assert rec.findings == []
    h = rec.hands[0]
    assert (h.declarer, h.contract, h.status) == ("Berta", "1 diamonds", "scored")
    assert h.deltas == {"Anna": 0, "Berta": 18, "Csaba": 0}
    assert h.extra["net"] == {"Anna": -9, "Berta": 18, "Csaba": -9}
    m = rec.last
    assert m.totals == {"Anna": 0, "Berta": 18, "Csaba": 0}
    assert m.extra == {"net": {"Anna": -9, "Berta": 18, "Csaba": -9},
                       "debt": {"Anna": 9, "Berta": 0, "Csaba": 9}}
    assert m.finished and m.winners == ["Berta"]


def test_no_trump_1_seven_tricks_under_three_doublings_is_144():
    # 1 no trumps = 12; one overtrick 6; kontra, rekontra, szubkontra = ×8: (12 + 6) × 8 = 144.
    rec = run_log(case("nt1_kontra_rekontra_szubkontra_144"))
    assert rec.findings == []
    assert rec.hands[0].extra["net"] == {"Anna": -144, "Berta": 288, "Csaba": -144}
    assert basic_game_stake("1", False, 7, (4, 0), 8) == (144, 12, 1, 6, 8, 0)


def test_six_five_zero_under_kontra_rekontra_wins_12_and_nothing_undoubled():
    # 2 with trumps = 4; 6:5:0 → 4 × 4 − 4 = 12 doubled twice; undoubled 4 − 4 = 0.
    rec = run_log(case("six_five_zero"))
    assert rec.findings == []
    assert [h.extra["net"]["Berta"] for h in rec.hands] == [24, 0]
    assert basic_game_stake("2", True, 6, (5, 0), 4)[0] == 12
    assert basic_game_stake("2", True, 6, (5, 0), 1)[0] == 0
    # a 6:4:1 split is no 6:5:0: the plain 4 stands
    assert basic_game_stake("2", True, 6, (4, 1), 1)[0] == 4


def test_declarer_with_five_tricks_in_2_trumps_pays_4_to_each():
    # The opponents take six: the basic game 4, no overtrick; Berta pays 4 to each.
    rec = run_log(case("trump2_five_tricks_pays_4"))
    assert rec.hands[0].extra["net"] == {"Anna": 4, "Berta": -8, "Csaba": 4}
    assert rec.last.extra["debt"] == {"Anna": 0, "Berta": 8, "Csaba": 0}
    assert basic_game_stake("2", True, 5, (6, 0)) == (-4, 4, 0, 2, 1, 0)


def test_basic_game_table():
    # Scoring table: trumps 2 / 4 / 6 / 8, no trumps twice that.
    assert [basic_game_value(b, True) for b in ("3", "2", "1", "hand")] == [2, 4, 6, 8]
    assert [basic_game_value(b, False) for b in ("3", "2", "1", "hand")] == [4, 8, 12, 16]
    assert all(BASIC_GAME[(b, False)] == 2 * BASIC_GAME[(b, True)] for b in ("3", "2", "1", "hand"))


def test_overtricks_half_value_each_for_2_with_trumps():
    # 2 with trumps: 6 tricks 4, 7 tricks 6, 8 tricks 8 (the rules text's table); the
    # opponents split their tricks (3:2, 2:2, 2:1), so the 6:5:0 rule does not apply.
    assert [basic_game_stake("2", True, d, (11 - d - 2, 2))[0] for d in (6, 7, 8)] == [4, 6, 8]


def test_losing_side_pays_the_same_scale():
    # Declarer 3 tricks in 1 with trumps: opponents 8 = basic 6 + 2 × 3 = 12, declarer pays 12.
    assert basic_game_stake("1", True, 3, (4, 4))[0] == -12
    # ... and under kontra (×2): 24.
    assert basic_game_stake("1", True, 3, (4, 4), 2)[0] == -24


def test_arrivazs_values():
    # 8 with trumps, 16 no trumps, idegen 16; lost: the ordinary value to each opponent.
    assert arrivazs_stake(True, True, False)[0] == 8
    assert arrivazs_stake(False, True, False)[0] == 16
    assert arrivazs_stake(True, True, True)[0] == 16
    assert arrivazs_stake(True, False, False)[0] == -8
    assert arrivazs_stake(True, True, True, 4)[0] == 64
    assert ARRIVAZS == {True: 8, False: 16}


def test_sheet_entries_pay_debt_first():
    # Debt 12, gain 18 → writes 6, debt 0; loss 9 → writes 0, debt + 9.
    debt = {"A": 12, "B": 0, "C": 0}
    assert sheet_entries({"A": 18, "B": -9, "C": -9}, debt) == {"A": 6, "B": 0, "C": 0}
    assert debt == {"A": 0, "B": 9, "C": 9}
    # a gain smaller than the debt writes nothing and reduces it
    assert sheet_entries({"A": -4, "B": 2, "C": 2}, debt) == {"A": 0, "B": 0, "C": 0}
    assert debt == {"A": 4, "B": 7, "C": 7}


def test_debt_carried_then_paid_off():
    # Berta −8, −4 (debt 12), then +18: 12 pays the debt, 6 is written (A8).
    rec = run_log(case("debt_carried_then_paid"))
    assert rec.findings == []
    assert [h.deltas["Berta"] for h in rec.hands] == [0, 0, 6]
    assert [h.extra["net"]["Berta"] for h in rec.hands] == [-8, -4, 18]
    assert rec.last.extra["debt"] == {"Anna": 9, "Berta": 0, "Csaba": 9}
    assert rec.last.winners == ["Anna", "Berta", "Csaba"]


def test_score_event_recording_the_net_instead_of_the_sheet_is_a_mismatch():
    # Sheet after the worked hand: 0 / 18 / 0; a table writing −9 for Anna is wrong (A8).
    log = case("worked_example")[:-1] + [
        {"event": "score", "totals": {"Anna": -9, "Berta": 18, "Csaba": -9}}]
    rec = run_log(log)
    assert rec.codes == [(len(log), "score-mismatch")]
    assert "Anna: recorded -9, referee 0" in rec.findings[0].message


def test_hand_count_result_with_a_hand_contract_and_overtricks():
    # hand with spades = 8; Berta 7 tricks: 8 + 4 = 12 from each; net +24 / −12 / −12.
    rec = run_log(hand_log(B7))
    assert rec.findings == []
    assert rec.hands[0].extra["net"] == {"Anna": -12, "Berta": 24, "Csaba": -12}
    assert rec.hands[0].contract == "hand spades"
    assert rec.last.finished is False and rec.last.winners == []


# --- the auction (A1, A10) -----------------------------------------------------------------------

def auction_log(auction, contract=None, rules=None, dealer="Anna"):
    rounds = rounds_for(B7)
    log = [{"event": "match", "game": "asszorti", "players": PLAYERS}]
    if rules:
        log[0]["rules"] = rules
    log.append(deal_of(rounds, dealer))
    log.extend({"event": k, "player": p, **({"bid": b} if b else {})} for k, p, b in auction)
    if contract:
        log.append({"event": "contract", "player": contract[0], "bid": contract[1]})
    return log


WORKED_AUCTION = [("bid", "Berta", "3"), ("bid", "Csaba", "2"), ("pass", "Anna", None),
                  ("hold", "Berta", None), ("bid", "Csaba", "1"), ("hold", "Berta", None),
                  ("pass", "Csaba", None)]


def test_worked_auction_is_clean_and_berta_declares_with_last_bid_1():
    # The hold rule: Berta spoke before Csaba, so she holds 2 and 1; Csaba must raise or pass.
    rec = run_log(auction_log(WORKED_AUCTION, ("Berta", "1")) + [{"event": "end"}])
    assert errs(rec) == []


@pytest.mark.parametrize("auction,line,why", [
    # first bid must be 3 (no jump bids)
    ([("bid", "Berta", "2")], 3, "the first bid is 3"),
    # after 3 the next bid is 2, not 1
    ([("bid", "Berta", "3"), ("bid", "Csaba", "1")], 4, "the next bid is 2"),
    # Berta spoke before Csaba, so she may only hold
    ([("bid", "Berta", "3"), ("bid", "Csaba", "2"), ("pass", "Anna", None), ("bid", "Berta", "1")],
     6, "may only hold or pass"),
    # Anna spoke after Csaba (the holder), so she cannot hold
    ([("bid", "Berta", "3"), ("bid", "Csaba", "2"), ("hold", "Anna", None)], 5, "spoke later"),
])
def test_illegal_bids_are_reported_with_their_reason(auction, line, why):
    rec = run_log(auction_log(auction))
    assert rec.codes[0] == (line, "illegal-bid")
    assert why in rec.findings[0].message


def test_an_illegal_bid_is_applied_as_recorded():
    # Csaba's 1 over 3 (should be 2) stands: Berta holds 1, Csaba passes; contract 1 is fine,
    # contract 2 would then be below the last bid 1.
    a = [("bid", "Berta", "3"), ("bid", "Csaba", "1"), ("pass", "Anna", None),
         ("hold", "Berta", None), ("pass", "Csaba", None)]
    assert errs(run_log(auction_log(a, ("Berta", "1")))) == [(4, "illegal-bid")]
    rec = run_log(auction_log(a, ("Berta", "2")))
    assert errs(rec) == [(4, "illegal-bid"), (8, "illegal-contract")]


def test_jump_bids_allow_any_higher_bid_but_priority_still_only_holds():
    a = [("bid", "Berta", "1"), ("bid", "Csaba", "hand"), ("pass", "Anna", None),
         ("hold", "Berta", None), ("pass", "Csaba", None)]
    assert errs(run_log(auction_log(a, ("Berta", "hand"), {"jump_bids": True}))) == []
    # without jump bids the opening 1 is illegal (the first bid is 3); hand after 1 is the
    # next level up, so Csaba's bid is fine
    assert errs(run_log(auction_log(a, ("Berta", "hand")))) == [(3, "illegal-bid")]
    # with priority, Berta may not jump over Csaba (A10)
    b = [("bid", "Berta", "3"), ("bid", "Csaba", "2"), ("pass", "Anna", None),
         ("bid", "Berta", "hand")]
    assert errs(run_log(auction_log(b, rules={"jump_bids": True}))) == [(6, "illegal-bid")]


def test_jump_bids_fix_the_contract_at_the_bid():
    a = [("bid", "Berta", "2"), ("pass", "Csaba", None), ("pass", "Anna", None)]
    rec = run_log(auction_log(a, ("Berta", "1"), {"jump_bids": True}))
    assert errs(rec) == [(6, "illegal-contract")]
    assert errs(run_log(auction_log(a, ("Berta", "2"), {"jump_bids": True}))) == []


def test_hold_priority_is_judged_against_the_current_holder():
    # A10: Berta 3, Csaba 2, Anna 1; Berta holds 1 (she spoke before Anna); now Csaba spoke
    # after Berta, the holder, so Csaba cannot hold.
    a = [("bid", "Berta", "3"), ("bid", "Csaba", "2"), ("bid", "Anna", "1"),
         ("hold", "Berta", None), ("hold", "Csaba", None)]
    rec = run_log(auction_log(a))
    assert errs(rec) == [(7, "illegal-bid")]


def test_contract_at_least_the_last_bid():
    a = WORKED_AUCTION
    assert errs(run_log(auction_log(a, ("Berta", "hand")))) == []
    rec = run_log(auction_log(a, ("Berta", "2")))
    assert errs(rec) == [(10, "illegal-contract")]
    assert "below the last bid 1" in rec.findings[0].message


def test_a_passed_player_is_out_for_good():
    a = [("bid", "Berta", "3"), ("pass", "Csaba", None), ("bid", "Csaba", "2")]
    rec = run_log(auction_log(a))
    assert errs(rec) == [(5, "out-of-turn")]
    assert "a player who has passed is out of this auction" in rec.findings[0].message


def test_speaking_out_of_turn():
    # Anna deals: Berta speaks first.
    rec = run_log(auction_log([("bid", "Csaba", "3")]))
    assert errs(rec) == [(3, "out-of-turn")]
    assert "Berta's turn" in rec.findings[0].message


def test_R16_holders_own_pass_does_not_withdraw_the_bid():
    # T14 in Asszorti (R11): Anna deals, Berta speaks first.  Berta bids 3 (3), then passes out
    # of turn (4: Csaba's turn; applied, the turn goes on from Berta to Csaba); her 3 still
    # stands, so once Csaba (5) and Anna (6) have passed, Berta declares (not Anna, the one
    # left who never spoke).  Hand spades, 7 tricks (B7): 8 + 1 overtrick × 4 = 12 from each
    # opponent; Berta +24 on the sheet; Anna 4 and Csaba 0 tricks, so no 6:5:0.
    auction = [{"event": "bid", "player": "Berta", "bid": "3"},
               {"event": "pass", "player": "Berta"},
               {"event": "pass", "player": "Csaba"},
               {"event": "pass", "player": "Anna"}]
    rec = run_log(hand_log(B7, auction=auction))
    assert rec.codes == [(4, "out-of-turn")]
    h = rec.hands[0]
    assert (h.declarer, h.status) == ("Berta", "irregular")
    assert h.extra["net"] == {"Anna": -12, "Berta": 24, "Csaba": -12}


def test_forced_dealer_cannot_pass_and_sets_any_contract():
    # A1: Berta and Csaba pass; Anna, the dealer, passes: illegal-pass, not applied (A-R3);
    # she then sets contract 2 and is the declarer.
    a = [("pass", "Berta", None), ("pass", "Csaba", None), ("pass", "Anna", None)]
    log = auction_log(a, ("Anna", "2"))
    rec = run_log(log)
    assert errs(rec) == [(5, "illegal-pass")]
    assert "not applied" in rec.findings[0].message
    clean = auction_log(a[:2], ("Anna", "2"))
    assert errs(run_log(clean)) == []


def test_forced_dealer_may_bid_any_level_then_play():
    # A10: the forced dealer sets the contract by `bid` at any level: Anna bids 1 (no 3 first,
    # no finding); the contract is that bid (A-R4): she takes 8C and lays away one card.  She
    # declares; Csaba, on her right, leads trick 1 (A3).
    rounds = rounds_for(pattern("AAAAAABBBBB"))
    log = [{"event": "match", "game": "asszorti", "players": PLAYERS}, deal_of(rounds),
           {"event": "pass", "player": "Berta"}, {"event": "pass", "player": "Csaba"},
           {"event": "bid", "player": "Anna", "bid": "1"},
           {"event": "discard", "player": "Anna", "cards": ["8C"]},
           {"event": "declare", "player": "Anna", "trump": "none"},
           {"event": "play", "player": "Csaba", "card": rounds[0]["Csaba"]}]
    rec = run_log(log)
    assert errs(rec) == []
    log[-1] = {"event": "play", "player": "Berta", "card": rounds[0]["Berta"]}
    assert errs(run_log(log)) == [(8, "out-of-turn")]


def test_missing_contract_is_the_last_bid():
    # A-R4: no `contract` event: the discard fixes the contract at the last bid (3: three cards).
    log = auction_log([("bid", "Berta", "3"), ("pass", "Csaba", None), ("pass", "Anna", None)])
    rounds = rounds_for(B7)
    log.append({"event": "discard", "player": "Berta", "cards": [rounds[i]["Berta"]
                                                                 for i in (0, 1, 2)]})
    log.append({"event": "contract", "player": "Berta", "bid": "1"})
    rec = run_log(log)
    assert rec.codes == [(len(log), "illegal-contract"), (len(log), "incomplete-hand")]
    assert "the contract is 3 already" in rec.findings[0].message


def test_contract_by_the_wrong_player_is_out_of_turn_and_applied():
    a = [("bid", "Berta", "3"), ("pass", "Csaba", None), ("pass", "Anna", None)]
    rec = run_log(auction_log(a, ("Csaba", "2")))
    assert errs(rec) == [(6, "out-of-turn")]


REPROS = Path(__file__).resolve().parent / "repros"


def test_forced_contract_by_the_wrong_player_is_out_of_turn_as_after_any_auction():
    """Issue 29 item 5: ``referee check tests/repros/as-forced-contract-wrong-player.jsonl``
    (its .why.txt derives the expected findings): Csaba deals, Anna and Berta pass, so Csaba
    must set the contract (A1); Anna's `contract` 3 at line 5 is out-of-turn and stands for
    Csaba (A-R5), not out-of-phase; the log ends there: incomplete-hand at line 5 (G5)."""
    from tests.test_conformance import TOOL
    log = REPROS / "as-forced-contract-wrong-player.jsonl"
    expect = json.loads(log.with_suffix(".expect.json").read_text())
    assert TOOL.check_case([sys.executable, "-m", "referee"], log, expect) == []
    rec = run_log(log.read_bytes())
    assert rec.codes == [(5, "out-of-turn"), (5, "incomplete-hand")]
    f = rec.findings[0]
    assert (f.rule, f.player) == ("A-R5", "Anna")
    assert f.evidence == {"player": "Anna", "declarer": "Csaba", "contract": "3", "forced": True}
    assert f.message == ("Anna sets the contract, but after two passes without a bid Csaba "
                         "must set it (Play, A1); applied as recorded: 3 stands for Csaba (A-R5)")


def test_forced_contract_by_the_wrong_player_stands_for_the_dealer_and_is_scored():
    """A-R5 on the forced path, played out: Anna deals; Berta and Csaba pass, so Anna must
    set the contract (A1).  Csaba sends `contract` "hand": out-of-turn (A-R5), and "hand"
    stands for Anna, the declarer: she takes nothing from the talon, names no trumps, and
    Csaba, on her right, leads trick 1 (A3).  The tricks: Anna 7, Berta 2, Csaba 2.
    Hand, no trumps: basic game 16; 7 tricks is one overtrick, 16 / 2 = 8; 16 + 8 = 24 from
    each opponent (A4): net Anna +48, Berta -24, Csaba -24; the sheet writes 48, 0, 0, and
    Berta and Csaba owe 24 each (A8)."""
    rounds = rounds_for(pattern("AAAAAAABBCC"))
    log = [{"event": "match", "game": "asszorti", "players": PLAYERS}, deal_of(rounds),
           {"event": "pass", "player": "Berta"}, {"event": "pass", "player": "Csaba"},
           {"event": "contract", "player": "Csaba", "bid": "hand"},
           {"event": "declare", "player": "Anna", "trump": "none"},
           *plays_of(rounds, first_leader="Csaba"), {"event": "end"}]
    rec = run_log(log)
    assert rec.codes == [(5, "out-of-turn")]
    h = rec.hands[0]
    # scored, with the irregularity applied as recorded: status irregular (G2)
    assert (h.declarer, h.contract, h.status) == ("Anna", "hand no-trumps", "irregular")
    assert h.extra["net"] == {"Anna": 48, "Berta": -24, "Csaba": -24}
    assert rec.last.totals == {"Anna": 48, "Berta": 0, "Csaba": 0}
    # the forced dealer's own contract, the same hand: no finding, the same score
    log[4] = {"event": "contract", "player": "Anna", "bid": "hand"}
    rec = run_log(log)
    assert rec.codes == [] and rec.hands[0].status == "scored"
    assert rec.hands[0].extra["net"] == {"Anna": 48, "Berta": -24, "Csaba": -24}


def test_contract_during_the_auction_is_out_of_phase_and_unscored():
    rec = run_log(auction_log([("bid", "Berta", "3")], ("Berta", "3")))
    assert rec.codes == [(4, "out-of-phase")]
    assert rec.hands[0].status == "unscored"
    assert rec.hands[0].extra["net"] == {p: 0 for p in PLAYERS}


def test_bad_bid_word_is_bad_event():
    rec = run_log(auction_log([("bid", "Berta", "4")]))
    assert rec.codes == [(3, "bad-event")]
    assert rec.hands[0].status == "unscored"


# --- the deal ------------------------------------------------------------------------------------

def test_misdeal_wrong_talon_and_wrong_dealer():
    log = hand_log(B7)
    log[1]["talon"] = ["8C", "7C"]
    rec = run_log(log)
    assert rec.codes == [(2, "misdeal")]
    # dealer moves one place left: after Anna, Berta deals; Csaba dealing is wrong-dealer
    two = hand_log(B7) + hand_log(B7, dealer="Csaba", match=False,
                                   auction=[{"event": "bid", "player": "Anna", "bid": "3"},
                                            {"event": "bid", "player": "Berta", "bid": "2"},
                                            {"event": "hold", "player": "Anna"},
                                            {"event": "pass", "player": "Berta"},
                                            {"event": "pass", "player": "Csaba"}])
    rec = run_log(two)
    second = line_of(two, lambda e: e["event"] == "deal", 1)
    assert (second, "wrong-dealer") in rec.codes
    assert rec.hands[1].status == "irregular"


def test_six_is_in_the_deck_and_a_five_is_a_bad_card():
    log = hand_log(B7)
    log[1]["hands"]["Anna"][0] = "5C"
    assert run_log(log).codes == [(2, "bad-card")]


# --- the talon (Play) ----------------------------------------------------------------------

def talon_log(contract, discard, auction=None):
    rounds = rounds_for(B7)
    log = auction_log(auction or [("bid", "Berta", "3"), ("pass", "Csaba", None),
                                  ("pass", "Anna", None)], ("Berta", contract))
    if discard is not None:
        log.append({"event": "discard", "player": "Berta", "cards": discard})
    log.append({"event": "declare", "player": "Berta", "trump": "spades"})
    return log, rounds


def test_discard_wrong_number_is_applied():
    # Contract 2 takes 8C 7C; Berta lays away only one card.
    log, rounds = talon_log("2", ["8C"])
    rec = run_log(log)
    assert rec.codes[0] == (7, "illegal-discard")
    assert "laid away 1" in rec.findings[0].message


def test_discard_may_include_the_cards_taken_but_not_the_rest_of_the_talon():
    # Contract 1 takes 8C only; 7C stays in the talon.
    log, _ = talon_log("1", ["7C"])
    rec = run_log(log)
    assert rec.codes == [(7, "card-not-held")]
    log, _ = talon_log("1", ["8C"])
    assert run_log(log).codes == [(len(log), "incomplete-hand")]


def test_discard_in_a_hand_contract_is_void():
    log, rounds = talon_log("hand", [rounds_for(B7)[0]["Berta"]])
    rec = run_log(log)
    assert rec.codes == [(7, "illegal-discard")]
    assert rec.hands[0].status == "unscored"


def test_missing_discard_is_reported_at_the_first_card_and_the_talon_stays_out():
    # A-R8: contract 3 and no discard; Berta plays the 11 cards dealt; B7 → she still takes 7.
    # 3 with spades = 2; 7 tricks: 2 + 1 = 3 from each; irregular.
    log, rounds = talon_log("3", None)
    log += plays_of(rounds)
    rec = run_log(log)
    assert rec.codes == [(8, "illegal-discard")]
    assert "(A11, A-R8)" in rec.findings[0].message
    assert rec.hands[0].status == "irregular"
    assert rec.hands[0].extra["net"]["Berta"] == 6


# --- trumps and arrivázs ------------------------------------------------------------------------

def test_bad_trump_word_is_bad_event():
    log = hand_log(B7, trump="jokers")
    assert run_log(log).codes[0] == (7, "bad-event")


def test_second_declare_is_illegal_trump_and_not_applied():
    # A-R6: spades stand; B7 gives hand with spades 12 per opponent as before.
    log = hand_log(B7, before_play=[{"event": "declare", "player": "Berta", "trump": "none"}])
    rec = run_log(log)
    assert rec.codes == [(8, "illegal-trump")]
    assert rec.hands[0].extra["net"]["Berta"] == 24


def test_declare_by_an_opponent_is_out_of_turn_and_stands():
    log = hand_log(B7)
    log[6]["player"] = "Anna"
    log[6]["trump"] = "none"
    rec = run_log(log)
    assert rec.codes == [(7, "out-of-turn")]
    # hand no trumps = 16; 7 tricks: 16 + 8 = 24 from each
    assert rec.hands[0].extra["net"]["Berta"] == 48


def test_play_before_trumps_are_named_is_out_of_phase():
    # A-R7
    log = hand_log(B7)
    del log[6]
    rec = run_log(log)
    assert rec.codes == [(7, "out-of-phase")]
    assert rec.hands[0].status == "unscored"


ARR_WON_IDEGEN = pattern("AAAABBBBBBB", suits="SSSCDDDHHHC")   # last three: H H C, no spade
ARR_WON_TRUMP = pattern("AAAABBBBBBB", suits="CDDDHHHCSSS")    # last three: spades (trumps)


def test_arrivazs_won_with_trumps_8():
    # hand spades, Berta 7 tricks (basic 8 + 4 = 12) and the last three, with trumps played
    # in them: arrivázs 8. 12 + 8 = 20 from each.
    rec = run_log(hand_log(ARR_WON_TRUMP, arrivazs=True))
    assert rec.findings == []
    assert rec.hands[0].extra["net"] == {"Anna": -20, "Berta": 40, "Csaba": -20}


def test_idegen_arrivazs_16():
    # A6: trump contract, last three won with no trump played: 16. 12 + 16 = 28 from each.
    rec = run_log(hand_log(ARR_WON_IDEGEN, arrivazs=True))
    assert rec.hands[0].extra["net"]["Berta"] == 56
    assert "idegen arrivázs 16" in rec.hands[0].summary


def test_idegen_is_not_paid_unless_announced():
    # Without the announcement: only the basic game 12 from each.
    assert run_log(hand_log(ARR_WON_IDEGEN)).hands[0].extra["net"]["Berta"] == 24


def test_arrivazs_no_trumps_16_and_lost_arrivazs():
    # hand no trumps = 16, 7 tricks = 16 + 8 = 24; arrivázs won 16 → 40 from each.
    rec = run_log(hand_log(ARR_WON_IDEGEN, trump="none", arrivazs=True))
    assert rec.hands[0].extra["net"]["Berta"] == 80
    # B7: the last three are Anna, Anna, Berta: arrivázs lost, basic won: 12 − 8 = 4 each.
    rec = run_log(hand_log(B7, arrivazs=True))
    assert rec.hands[0].extra["net"] == {"Anna": -4, "Berta": 8, "Csaba": -4}


def test_arrivazs_scores_apart_from_a_lost_basic_game():
    # Berta 5 tricks, but the last three: basic lost 8 (opponents 6), arrivázs won 8 → 0.
    rec = run_log(hand_log(pattern("AAAAAABBBBB"), arrivazs=True,
                           trump="spades"))
    # last three are clubs-less? suits CDDDHHHSSSC: tricks 9–11 = S S C, a spade played → 8
    assert rec.hands[0].extra["net"] == {"Anna": 0, "Berta": 0, "Csaba": 0}


# --- doubling (A2, G12) ---------------------------------------------------------------------------

def dbl(step, player, target=None):
    e = {"event": step, "player": player}
    if target:
        e["target"] = target
    return e


def test_full_chain_is_times_32():
    # hand spades 7 tricks: 12 × 32 = 384 from each.
    chain = [dbl("kontra", "Anna"), dbl("rekontra", "Berta"), dbl("szubkontra", "Csaba"),
             dbl("hirskontra", "Berta"), dbl("mordkontra", "Anna")]
    rec = run_log(hand_log(B7, before_play=chain))
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 2 * 384


def test_arrivazs_doubled_on_its_own_target():
    # idegen 16 × 2 (kontra on the arrivázs) = 32; basic game undoubled 12 → 44 from each.
    rec = run_log(hand_log(ARR_WON_IDEGEN, arrivazs=True,
                           before_play=[dbl("kontra", "Csaba", "arrivazs")]))
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 88


@pytest.mark.parametrize("calls,why", [
    ([dbl("kontra", "Berta")], "only an opponent"),                          # wrong side
    ([dbl("rekontra", "Berta")], "nothing to answer"),                       # no kontra
    ([dbl("kontra", "Anna"), dbl("kontra", "Csaba")], "is called already"),  # repeat
    ([dbl("kontra", "Anna"), dbl("rekontra", "Csaba")], "only the declarer"),
    ([dbl("kontra", "Anna", "arrivazs")], "not announced arrivázs"),
])
def test_doubling_calls_not_applied(calls, why):
    # G12: reported and not applied; the basic game stays 12 (×2 for a first valid kontra).
    log = hand_log(B7, before_play=calls)
    rec = run_log(log)
    assert [c for _, c in rec.codes] == ["illegal-kontra"]
    assert why in rec.findings[0].message and "not applied" in rec.findings[0].message
    valid_kontra = calls[0]["event"] == "kontra" and calls[0]["player"] != "Berta" \
        and "target" not in calls[0]
    assert rec.hands[0].extra["net"]["Berta"] == 2 * 12 * (2 if valid_kontra else 1)
    assert rec.hands[0].status == "irregular"


def test_kontra_false_makes_every_doubling_illegal():
    log = hand_log(B7, before_play=[dbl("kontra", "Anna")], rules={"kontra": False})
    rec = run_log(log)
    assert rec.codes == [(8, "illegal-kontra")]
    assert rec.hands[0].extra["net"]["Berta"] == 24


def test_szubkontra_by_the_kontra_caller_is_applied_with_a_finding():
    # A2: only Csaba (Anna's partner) may; applied (G12): ×8 → 12 × 8 = 96 each.
    calls = [dbl("kontra", "Anna"), dbl("rekontra", "Berta"), dbl("szubkontra", "Anna")]
    rec = run_log(hand_log(B7, before_play=calls))
    assert rec.codes == [(10, "illegal-kontra")]
    assert "applied" in rec.findings[0].message
    assert rec.hands[0].extra["net"]["Berta"] == 192


def test_doubling_window_from_declare_to_the_end_of_trick_1():
    # Kontra after trick 1: applied with a finding (×2 → 24 each).
    log = hand_log(B7)
    log.insert(10, dbl("kontra", "Csaba"))         # after the third card of trick 1
    rec = run_log(log)
    assert rec.codes == [(11, "illegal-kontra")]
    assert "first trick is complete" in rec.findings[0].message
    assert rec.hands[0].extra["net"]["Berta"] == 48
    # during trick 1 (after the lead) it is fine
    log = hand_log(B7)
    log.insert(8, dbl("kontra", "Csaba"))
    assert run_log(log).findings == []
    # before the declare: too early, applied
    log = hand_log(B7)
    log.insert(6, dbl("kontra", "Csaba"))
    rec = run_log(log)
    assert rec.codes == [(7, "illegal-kontra")]
    assert rec.hands[0].extra["net"]["Berta"] == 48


def test_kontra_during_the_auction_is_out_of_phase():
    log = auction_log([("bid", "Berta", "3"), ("kontra", "Anna", None)])
    assert run_log(log).codes == [(4, "out-of-phase")]


def test_bad_target_is_bad_event():
    rec = run_log(hand_log(B7, before_play=[dbl("kontra", "Anna", "everything")]))
    assert rec.codes == [(8, "bad-event")]


# --- play (A3, G4, A9) ----------------------------------------------------------------------------

def test_the_opponent_on_the_declarers_right_leads():
    # Berta declares: Anna leads; Csaba leading trick 1 is out-of-turn (applied).
    log = hand_log(B7)
    plays = log[7:10]
    log[7:10] = [plays[2], plays[0], plays[1]]
    rec = run_log(log)
    assert rec.codes[0] == (8, "out-of-turn")
    assert "Anna's turn to lead" in rec.findings[0].message


def revoke_log():
    """Csaba is void in clubs and holds trumps (spades): swap his two clubs for Anna's
    two hearts of the first hearts rounds."""
    log = hand_log(B7)
    d = log[1]["hands"]
    rounds = rounds_for(B7)
    c_clubs = [rounds[0]["Csaba"], rounds[10]["Csaba"]]
    a_hearts = [rounds[4]["Anna"], rounds[5]["Anna"]]
    d["Csaba"] = [c for c in d["Csaba"] if c not in c_clubs] + a_hearts
    d["Anna"] = [c for c in d["Anna"] if c not in a_hearts] + c_clubs
    return log[:7], rounds


def test_failure_to_trump_is_a_revoke_with_the_evidence():
    # Trick 1: Anna leads her club, Berta follows, Csaba (void in clubs, holding spades)
    # discards a heart: revoke (A3), established by the next card.
    log, rounds = revoke_log()
    a, b = rounds[0]["Anna"], rounds[0]["Berta"]
    heart = rounds[4]["Anna"]
    log += [{"event": "play", "player": "Anna", "card": a},
            {"event": "play", "player": "Berta", "card": b},
            {"event": "play", "player": "Csaba", "card": heart},
            {"event": "play", "player": "Berta", "card": rounds[1]["Berta"]}]
    rec = run_log(log)
    assert rec.codes == [(10, "revoke")]
    msg = rec.findings[0].message
    assert "holding trumps" in msg and "void in clubs" in msg and "failure to trump" in msg
    assert "established at line 11" in msg
    # A9: the opponents' side is at fault: each pays the plain hand with spades, 8.
    assert rec.hands[0].status == "penalty"
    assert rec.hands[0].extra["net"] == {"Anna": -8, "Berta": 16, "Csaba": -8}


def test_legal_offers_the_retract_of_an_open_revoke():
    # G4, T14: Csaba's revoke of trick 1 (as above) leaves the hand open; its only lawful next
    # event is Csaba's retract of the heart.
    import io
    from referee import events as ev
    from referee.legal import legal_actions
    from referee.replay import replay_until
    log, rounds = revoke_log()
    heart = rounds[4]["Anna"]
    log += [{"event": "play", "player": "Anna", "card": rounds[0]["Anna"]},
            {"event": "play", "player": "Berta", "card": rounds[0]["Berta"]},
            {"event": "play", "player": "Csaba", "card": heart}]
    data = "".join(json.dumps(e) + "\n" for e in log).encode()
    eng, _, _ = replay_until(io.BytesIO(data), "x.jsonl", len(log) + 1)
    assert legal_actions(eng) == [ev.Retract(player="Csaba", card=heart)]


def test_revoke_repaired_by_retract_is_a_warning():
    log, rounds = revoke_log()
    a, b = rounds[0]["Anna"], rounds[0]["Berta"]
    heart = rounds[4]["Anna"]
    spade = rounds[7]["Csaba"]
    log += [{"event": "play", "player": "Anna", "card": a},
            {"event": "play", "player": "Berta", "card": b},
            {"event": "play", "player": "Csaba", "card": heart},
            {"event": "retract", "player": "Csaba", "card": heart},
            {"event": "play", "player": "Csaba", "card": spade}]
    rec = run_log(log)
    assert rec.codes == [(10, "revoke"), (len(log), "incomplete-hand")]
    assert rec.findings[0].severity == "warning"


def test_declarer_revoke_pays_plain_value_times_doubling_and_arrivazs():
    # A9: Berta fails to follow in trick 1 under kontra on the game and on the arrivázs:
    # hand with spades 8 × 2 + arrivázs 8 × 2 = 32 to each opponent. No overtricks.
    log = hand_log(B7, arrivazs=True, before_play=[dbl("kontra", "Anna"),
                                                   dbl("kontra", "Csaba", "arrivazs")])
    rounds = rounds_for(B7)
    first = line_of(log, lambda e: e["event"] == "play") - 1
    log[first + 1]["card"] = rounds[1]["Berta"]        # a diamond on a club lead
    rec = run_log(log)
    assert rec.codes[0] == (first + 2, "revoke")
    assert rec.hands[0].extra["net"] == {"Anna": 32, "Berta": -64, "Csaba": 32}
    assert rec.hands[0].deltas == {"Anna": 32, "Berta": 0, "Csaba": 32}


# --- claims (A7, A10) -----------------------------------------------------------------------------

def test_undisputed_claim_settles_at_the_end_of_the_log():
    # A7: Berta claims after trick 3 (3 tricks won): she gets all 11: hand spades 8 + 5 × 4 = 28.
    log = hand_log(B7)
    cut = 7 + 9
    log = log[:cut] + [{"event": "claim", "player": "Berta"}]
    rec = run_log(log)
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 56
    assert "claim stands" in rec.hands[0].summary


def test_undisputed_claim_settles_at_the_next_deal_score_or_end():
    log = hand_log(B7)[:16] + [{"event": "claim", "player": "Berta"},
                               {"event": "score", "totals": {"Anna": 0, "Berta": 56, "Csaba": 0}},
                               {"event": "end"}]
    rec = run_log(log)
    assert rec.findings == []
    assert rec.last.finished


def test_play_after_an_undisputed_claim_is_one_out_of_phase():
    # A10: the claim stands; the cards after it are one finding.
    full = hand_log(B7)
    log = full[:16] + [{"event": "claim", "player": "Berta"}] + full[16:]
    rec = run_log(log)
    assert rec.codes == [(18, "out-of-phase")]
    assert rec.hands[0].extra["net"]["Berta"] == 56


def test_claim_mid_trick_includes_the_trick_in_progress():
    # Claim after Anna's lead to trick 1: all eleven to Berta.
    full = hand_log(B7)
    log = full[:8] + [{"event": "claim", "player": "Berta"}]
    rec = run_log(log)
    assert rec.findings == []
    # hand spades, 11 tricks: 8 + 5 × 4 = 28
    assert rec.hands[0].extra["net"]["Berta"] == 56


def test_disputed_claim_that_fails_gives_every_trick_since_to_the_opponent():
    # Berta claims before trick 1 with B7 and is disputed; she loses trick 7 → the claim fails:
    # every trick since the claim (all 11) goes to Anna, who won trick 7: Berta 0 tricks.
    # Opponents 11: 8 + 5 × 4 = 28 paid to each.
    full = hand_log(B7)
    log = full[:7] + [{"event": "claim", "player": "Berta"},
                      {"event": "dispute", "player": "Csaba"}] + full[7:]
    # A10: the hand is played out after trick 7; those cards are checked as any play (here all
    # lawful: no finding) and change nothing of the result.
    rec = run_log(log)
    assert rec.codes == []
    assert rec.hands[0].extra["net"] == {"Anna": 28, "Berta": -56, "Csaba": 28}
    assert "disputed claim failed at trick 7" in rec.hands[0].summary
    # the log may as well stop after trick 7 (lines 10 … 30): the same result, no finding
    lost = 10 + 7 * 3 - 1   # plays start at line 10; the last card of trick 7
    rec = run_log(log[:lost])
    assert rec.codes == []
    assert rec.hands[0].extra["net"] == {"Anna": 28, "Berta": -56, "Csaba": 28}


def test_a10_revoke_while_a_failed_claim_is_played_out_is_a_revoke():
    # A10, A9, A-R17: as above (claim at 8, dispute at 9, plays from line 10; Anna wins trick
    # 7, the claim fails).  Trick 8 is a spade (trump) lead by Anna (A♠), Berta K♠, and Csaba,
    # holding Q♠, plays 9♣ (his club of trick 11) at line 10 + 21 + 2 = 33: a revoke (A3:
    # follow suit).  Anna's
    # lead to trick 9 (line 34) establishes it.  A9 with A-R12: the opponents' side is at fault
    # and each pays Berta the basic game at its plain value, hand with trumps = 8, times its
    # doubling 1: net Berta +16, Anna −8, Csaba −8 (the failed claim's result gives way).
    full = hand_log(B7)
    log = full[:7] + [{"event": "claim", "player": "Berta"},
                      {"event": "dispute", "player": "Csaba"}] + full[7:7 + 21]
    rounds = rounds_for(B7)
    assert (rounds[7]["Anna"], rounds[7]["Berta"], rounds[7]["Csaba"]) == ("AS", "KS", "QS")
    assert rounds[10]["Csaba"] == "9C" and rounds[8]["Anna"] == "JS"
    log += [{"event": "play", "player": "Anna", "card": "AS"},
            {"event": "play", "player": "Berta", "card": "KS"},
            {"event": "play", "player": "Csaba", "card": "9C"},
            {"event": "play", "player": "Anna", "card": "JS"}]
    rec = run_log(log)
    assert rec.codes == [(33, "revoke")]
    h = rec.hands[0]
    assert h.status == "penalty"
    assert h.extra["net"] == {"Anna": -8, "Berta": 16, "Csaba": -8}


def test_a10_kontra_after_an_undisputed_claim_is_out_of_phase_and_not_applied():
    # A10: Berta claims at once (line 8, before trick 1: all 11 tricks to her); Anna's kontra
    # (line 9) would be in time for a hand still to be played (A2), but the claim stands: one
    # out-of-phase, ignored, and so is the bid at line 10.  Hand spades, 11 tricks: 8 + 5 × 4
    # = 28 from each opponent, undoubled: Berta +56 (doubled it would be 112).
    full = hand_log(B7)
    log = full[:7] + [{"event": "claim", "player": "Berta"},
                      {"event": "kontra", "player": "Anna"},
                      {"event": "bid", "player": "Csaba", "bid": "2"}]
    rec = run_log(log)
    assert rec.codes == [(9, "out-of-phase")]
    h = rec.hands[0]
    assert h.status == "scored"
    assert h.extra["net"] == {"Anna": -28, "Berta": 56, "Csaba": -28}


def test_a10_any_event_after_an_undisputed_claim_settles_it_even_one_naming_a_stranger():
    # A10: after Berta's claim (line 8, all 11 tricks to her), a card by a player not in the
    # match is still an event after the claim: one out-of-phase (the claim stands), not an
    # unknown-player that would leave the hand unscored (G3).  Hand spades, 11 tricks:
    # 8 + 5 × 4 = 28 from each opponent: Berta +56.
    full = hand_log(B7)
    log = full[:7] + [{"event": "claim", "player": "Berta"},
                      {"event": "play", "player": "Zoltan", "card": "7H"},
                      full[7]]
    rec = run_log(log)
    assert rec.codes == [(9, "out-of-phase")]
    assert rec.findings[0].evidence["claim"] == {"player": "Berta", "line": 8}
    assert rec.hands[0].status == "scored"
    assert rec.hands[0].extra["net"] == {"Anna": -28, "Berta": 56, "Csaba": -28}


def test_a10_the_hand_settled_by_a_claim_ends_at_the_claim_so_what_follows_is_ignored():
    # A10: Berta's claim (line 8) stands; the hand ends there, so Anna's kontra (line 9) and
    # Csaba's bid (line 10) come after the hand was over: `history` marks them ignored
    # (Step.ignored), and the claim itself is not.
    from referee.api import read_log
    full = hand_log(B7)
    log = full[:7] + [{"event": "claim", "player": "Berta"},
                      {"event": "kontra", "player": "Anna"},
                      {"event": "bid", "player": "Csaba", "bid": "2"}]
    data = "".join(json.dumps(e) + "\n" for e in log).encode()
    (match,) = list(read_log(data, steps=True))
    (hand,) = match.hands
    ignored = {s.line: s.ignored for s in hand.steps}
    assert ignored[8] is False
    assert ignored[9] is True and ignored[10] is True


def test_disputed_claim_after_trick_6_credits_the_tricks_since_the_claim():
    # Claim after trick 6 (Berta 6 tricks); trick 7 lost to Anna → tricks 7–11 to Anna:
    # Berta 6, Anna 5, Csaba 0 — a 6:5:0! hand spades 8 − 8 = 0.
    full = hand_log(B7)
    cut = 7 + 18
    log = full[:cut] + [{"event": "claim", "player": "Berta"},
                        {"event": "dispute", "player": "Anna"}] + full[cut:cut + 3]
    rec = run_log(log)
    assert rec.findings == []
    assert rec.hands[0].extra["net"] == {p: 0 for p in PLAYERS}


def test_disputed_claim_with_all_tricks_won_after_it():
    # Pattern where Berta wins tricks 5–11 after a claim after trick 4: scored as played:
    # 7 tricks, 12 per opponent... plus nothing else.
    full = hand_log(ARR_WON_IDEGEN)
    cut = 7 + 12
    log = full[:cut] + [{"event": "claim", "player": "Berta"},
                        {"event": "dispute", "player": "Anna"}] + full[cut:]
    rec = run_log(log)
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 24


def test_a_disputed_claim_left_open_is_an_incomplete_hand():
    full = hand_log(B7)
    log = full[:16] + [{"event": "claim", "player": "Berta"},
                       {"event": "dispute", "player": "Anna"}] + full[16:18]
    rec = run_log(log)
    assert rec.codes == [(len(log), "incomplete-hand")]


def test_idegen_arrivazs_needs_the_last_three_tricks_played():
    # A7: an undisputed claim before the last three wins an announced arrivázs as ordinary 8,
    # not idegen 16: basic 8 + 1 × 4 = 12 (7 tricks)… here the claim after trick 8 gives Berta
    # 7 tricks (4 + 3 claimed): 12 + 8 = 20 from each.
    full = hand_log(ARR_WON_IDEGEN, arrivazs=True)
    cut = 7 + 24
    log = full[:cut] + [{"event": "claim", "player": "Berta"}]
    rec = run_log(log)
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 40


@pytest.mark.parametrize("extra,why", [
    ([{"event": "claim", "player": "Anna"}], "only the declarer"),
    ([{"event": "dispute", "player": "Anna"}], "no claim to dispute"),
    ([{"event": "claim", "player": "Berta"}, {"event": "dispute", "player": "Berta"}],
     "only an opponent"),
])
def test_bad_claims_and_disputes_are_ignored(extra, why):
    # A10: illegal-claim, ignored: an opponent's claim or a bare dispute change nothing.
    full = hand_log(B7)
    log = full[:16] + extra + full[16:]
    rec = run_log(log)
    assert [c for _, c in rec.codes][0] == "illegal-claim"
    assert why in rec.findings[0].message


# --- the match (A8) -------------------------------------------------------------------------------

def second_hand(dealer="Berta"):
    """A hand dealt by Berta where Csaba declares (speaking order Csaba, Anna, Berta)."""
    rounds = rounds_for(pattern("CCCCCCCAAAA"))
    log = [deal_of(rounds, dealer),
           {"event": "bid", "player": "Csaba", "bid": "3"},
           {"event": "pass", "player": "Anna"}, {"event": "pass", "player": "Berta"},
           {"event": "contract", "player": "Csaba", "bid": "hand"},
           {"event": "declare", "player": "Csaba", "trump": "hearts"}]
    log += plays_of(rounds, first_leader="Berta")
    return log


def test_deals_rule_ends_the_match():
    # deals: 2 → the match is over after hand 2; a third deal is match-over.
    log = hand_log(B7, rules={"deals": 2}) + second_hand()
    rec = run_log(log)
    assert rec.findings == []
    assert rec.last.finished
    # hand 1: Berta +24 (Anna, Csaba owe 12); hand 2: Csaba 7 tricks hand hearts = 12 from each:
    # Csaba +24 pays his 12 debt, writes 12; Berta −12 writes 0 (owes 12); Anna owes 24.
    assert rec.last.totals == {"Anna": 0, "Berta": 24, "Csaba": 12}
    assert rec.last.extra["debt"] == {"Anna": 24, "Berta": 12, "Csaba": 0}
    assert rec.last.extra["net"] == {"Anna": -24, "Berta": 12, "Csaba": 12}
    more = log + hand_log(B7, dealer="Csaba", match=False)
    assert run_log(more).codes == [(len(log) + 1, "match-over")]


def test_deals_rule_must_be_positive():
    rec = run_log(hand_log(B7, rules={"deals": 0}))
    assert rec.codes[0] == (1, "bad-event")


def test_unknown_rules_option_is_bad_event():
    assert run_log(hand_log(B7, rules={"target": 100})).codes[0] == (1, "bad-event")


def test_log_that_stops_is_unfinished_and_incomplete():
    log = hand_log(B7)[:-1]
    rec = run_log(log)
    assert rec.codes == [(len(log), "incomplete-hand")]
    assert not rec.last.finished and rec.last.winners == []
    assert rec.hands[0].extra["net"] == {p: 0 for p in PLAYERS}


def test_score_json_and_text(tmp_path):
    from click.testing import CliRunner
    from referee.cli import main
    p = tmp_path / "w.jsonl"
    p.write_text((CASES / "debt_carried_then_paid.jsonl").read_text())
    r = CliRunner().invoke(main, ["score", "--format", "json", str(p)])
    obj = json.loads(r.output)
    assert obj["totals"] == {"Anna": 6, "Berta": 6, "Csaba": 6}
    assert obj["debt"] == {"Anna": 9, "Berta": 0, "Csaba": 9}
    assert [h["net"]["Berta"] for h in obj["hands"]] == [-8, -4, 18]
    assert all(sum(h["net"].values()) == 0 for h in obj["hands"])
    text = CliRunner().invoke(main, ["score", str(p)]).output
    assert "still owed: Anna 9, Csaba 9" in text
    assert any(line.startswith("debt") and line.split()[1:] == ["9", "0", "9"]
               for line in text.splitlines())


def test_history_shows_holds_talon_doubling_claims_and_the_sheet(tmp_path):
    from click.testing import CliRunner
    from referee.cli import main
    full = hand_log(B7, before_play=[dbl("kontra", "Anna")])
    log = full[:17] + [{"event": "claim", "player": "Berta"}]
    p = tmp_path / "h.jsonl"
    p.write_text("".join(json.dumps(e) + "\n" for e in case("worked_example")[:-1] + log[1:]))
    text = CliRunner().invoke(main, ["history", "--ascii", str(p)]).output
    for want in ("Berta holds 2", "Berta holds 1",
                 "Berta takes KD from the talon and lays away 8C",
                 "Anna: Kontra on the basic game (x2)",   # --ascii: × printed as x
                 "Berta shows the hand and claims the rest (after trick 3)",
                 "sheet: Anna 0 (owes 9), Berta 18, Csaba 0 (owes 9)"):
        assert want in text, want


# --- project rulings without a test above --------------------------------------------------

def test_hold_with_nothing_to_hold_is_not_applied():
    # A-R2: Berta "holds" before any bid: illegal-bid, not applied — she is still to speak and
    # may then bid 3 without a further finding.
    a = [("hold", "Berta", None), ("bid", "Berta", "3"), ("pass", "Csaba", None),
         ("pass", "Anna", None)]
    rec = run_log(auction_log(a, ("Berta", "3")))
    assert errs(rec) == [(3, "illegal-bid")]
    assert "nothing to hold" in rec.findings[0].message


def test_a_second_claim_is_ignored():
    # A-R9: Berta claims, Csaba disputes, Berta claims again (line 19): illegal-claim, ignored;
    # play goes on.  After an undisputed claim a second claim is, like any event but a dispute,
    # one out-of-phase (A10): the first claim stands, 11 tricks: 8 + 5 × 4 = 28 from each.
    full = hand_log(B7)
    log = full[:16] + [{"event": "claim", "player": "Berta"},
                       {"event": "dispute", "player": "Csaba"},
                       {"event": "claim", "player": "Berta"}]
    rec = run_log(log)
    assert rec.codes[0] == (19, "illegal-claim")
    log = full[:16] + [{"event": "claim", "player": "Berta"},
                       {"event": "claim", "player": "Berta"}]
    rec = run_log(log)
    assert rec.codes == [(18, "out-of-phase")]
    assert rec.hands[0].extra["net"]["Berta"] == 56


def test_declare_may_come_before_the_discard():
    # A-R11: contract 1, declare, then the discard: clean; B7 with 1 spades (the 8C taken and
    # laid away again): 6 + 3 = 9 from each.
    log, rounds = talon_log("1", None)
    log.append({"event": "discard", "player": "Berta", "cards": ["8C"]})
    log += plays_of(rounds)
    rec = run_log(log)
    assert rec.findings == []
    assert rec.hands[0].extra["net"]["Berta"] == 18


def test_an_unscored_deal_counts_toward_deals():
    # A-R13: deals 1; the only hand is unscored (a card not held) and the match is over.
    log = hand_log(B7, rules={"deals": 1})
    log[7]["card"] = log[8]["card"]            # Anna leads Berta's card
    rec = run_log(log)
    assert rec.codes == [(8, "card-not-held")]
    assert rec.last.finished and rec.last.winners == PLAYERS
