"""Thirty-Three: every rule with a value derived by hand from the rules text (seed 000, §N) and
RULINGS G/T.  The arithmetic is in each test.

Most tests reuse one deal (NINES_DEAL, dealer C; its builders are in tools/thirty_three_logs.py): A holds the four nines and the Bug, so A bids
24 Nines (CV 13 × 5 = 65), discards 8♠ 7♠ J♠ (2 + 0 + 1 = 3 card points) and takes 28 card points:
  T1 A 7♣ B A♣ C 8♣ → B (4)   T2 B 7♥ C 7♦ A Q♠ → B (1)   T3 B 8♥ C 8♦ A 9♥ → A (9♥ trumps; 4)
  T4 A 9♦ B 10♣ C Q♣ → A (1)  T5 A 9♠ B K♣ C J♣ → A (2)   T6 A 9♣ B J♥ C J♦ → A (2)
  T7 A Bug B Q♥ C Q♦ → A (4)  T8 A A♠ B K♥ C K♦ → A (4)   T9 A 10♠ B 10♥ C 10♦ → A (0)
  T10 A K♠ B A♥ C A♦ → A (5 + 3 for the last trick)
A: 4+1+2+2+4+4+0+8 = 25, + discards 3 = 28 ≥ 24: made.  B: 4 + 1 = 5.  C: 0.  28 + 5 = 33.
"""
from __future__ import annotations

import pytest

from referee.cards import JOKER, card, cards
from referee.games.thirty_three.rules import (DECK, ORDERS, ThirtyThree, card_points, contract_value)
from referee.games.tricks import follow_suit
from tools.thirty_three_logs import (HANDS, MATCH, PLAYS, bid, deal, discard, nines_hand, pas,
                                     plays)

from .conftest import run_log


# --- tables -----------------------------------------------------------------------------------

def test_contract_values_follow_the_table():
    # §3: CV = base × level factor: Diamonds 9 × 2 = 18; Nines 13 × 5 = 65;
    # Hearts Slam Hand 11 × 13 = 143; No Trump Slam Ouvert 14 × 16 = 224; Clubs 28 = 12 × 7 = 84.
    assert contract_value("diamonds", 18) == 18
    assert contract_value("nines", 24) == 65
    assert contract_value("hearts", "slam-hand") == 143
    assert contract_value("no-trump", "slam-ouvert") == 224
    assert contract_value("clubs", 28) == 84
    # Misère has its own values: Low 17, Null+3 29, Null+2 43, Null+1 59, Null Hand 77, Ouvert 97.
    assert [contract_value("misere", lv) for lv in (18, 20, 22, 24, 26, 28)] == \
        [17, 29, 43, 59, 77, 97]
    with pytest.raises(ValueError):
        contract_value("misere", "slam")


def test_card_points_add_up_to_33():
    # §2: 4 aces, 4 eights, Bug × 2 = 18; 12 court cards × 1 = 12: 30 in the cards ...
    assert sum(card_points(c) for c in DECK.cards) == 30
    assert card_points(JOKER) == 2 and card_points(card("8H")) == 2
    assert card_points(card("10H")) == 0 and card_points(card("QS")) == 1
    # ... and 3 for the last trick: 33 in a hand.  The Nines hand at level 28 shows it: A's 25
    # in tricks (the last trick's 3 among them) + 3 discarded = 28 makes 28 exactly (with 2 for
    # the last trick A would fail), and B's 5 and C's 0 are what the defenders score:
    # 28 + 5 + 0 = 33.
    rec = run_log([MATCH, *nines_hand(auction=[bid("A", "nines", 28), pas("B"), pas("C")])])
    assert rec.codes == [] and rec.hands[0].deltas == {"A": 91, "B": 5, "C": 0}
    assert "28 card points" in rec.hands[0].summary


def test_six_of_diamonds_is_the_bug():
    assert DECK.parse("6D") is JOKER and DECK.parse("bug") is JOKER and DECK.parse("6♦") is JOKER
    assert DECK.parse("t♥") == card("10H")


def test_trump_order_in_clubs():
    # §7 example: J♣ > J♠ > A♣ > 10♣ > K♣ > Q♣ > 9♣ > 8♣ > 7♣ > Bug.
    o = ORDERS["clubs"]
    assert o.suits["C"] == tuple(cards("JC JS AC 10C KC QC 9C 8C 7C")) + (JOKER,)
    assert "JS" not in [str(c) for c in o.suits["S"]]   # the left bower leaves spades
    assert o.suits["S"] == tuple(cards("AS 10S KS QS 9S 8S 7S"))


def test_nines_and_no_trump_and_misere_orders():
    assert ORDERS["nines"].suits["trump"] == tuple(cards("9D 9S 9H 9C")) + (JOKER,)  # §9
    assert ORDERS["nines"].suits["H"] == tuple(cards("AH 10H KH QH JH 8H 7H"))
    assert ORDERS["no-trump"].suits["D"][-1] is JOKER and ORDERS["no-trump"].trump is None  # §8
    # §10: A K Q J Bug 10 9 8 7 in diamonds
    assert ORDERS["misere"].suits["D"] == tuple(cards("AD KD QD JD")) + (JOKER,) + \
        tuple(cards("10D 9D 8D 7D"))


def test_left_bower_must_not_be_played_on_its_printed_suit():
    # §7 example: Diamonds, 8♥ led; holding 7♥ and J♥ the player must play the 7♥.
    o = ORDERS["diamonds"]
    assert follow_suit({card("7H"), card("JH"), card("AS")}, [card("8H")], o) == {card("7H")}


def test_bug_beats_a_plain_ace_in_a_suited_game():
    # §7: the Bug is the lowest trump, so it beats any card of a plain suit.
    assert ORDERS["clubs"].winner(cards("AS 7S") + [JOKER]) == 2
    # In No Trump it is a diamond and cannot win a spade trick.
    assert ORDERS["no-trump"].winner(cards("7S AS") + [JOKER]) == 1


# --- a whole hand -------------------------------------------------------------------------------

def test_made_contract_scores_cv_and_defenders_their_points():
    rec = run_log([MATCH, *nines_hand()])
    assert rec.codes == []
    h = rec.hands[0]
    # A +65 (CV 13 × 5); B 5 card points; C 0.
    assert (h.declarer, h.contract, h.status) == ("A", "24 nines", "scored")
    assert h.deltas == {"A": 65, "B": 5, "C": 0}


def test_discards_count_for_the_declarer():
    # Same play at level 28 (CV 13 × 7 = 91): A has 25 in tricks + 3 discarded = 28 ≥ 28: made.
    auction = [bid("A", "nines", 28), pas("B"), pas("C")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.hands[0].deltas == {"A": 91, "B": 5, "C": 0}


def test_failed_contract_loses_cv():
    # Level 28 but discarding 7♠ 8♠ 10♠ (2 card points, not 3) and keeping J♠... not possible
    # with this play; instead bid Slam: A takes 8 of 10 tricks → failed: −130 (13 × 10).
    auction = [bid("A", "nines", "slam"), pas("B"), pas("C")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.hands[0].deltas == {"A": -130, "B": 5, "C": 0}


def test_hand_contract_boat_counts_for_nobody():
    # Slam Hand in Nines (CV 13 × 13 = 169): no discard; the boat (8♠ 7♠ 7♣, 2 card points) is
    # out of play (§4, T2).  A keeps J♠ and 7♣ is not A's, so the play differs: A leads Q♠
    # instead of 7♣ in trick 1.
    hands = {"A": "9D 9S 9H 9C JK AS 10S KS QS JS".split(), "B": HANDS["B"], "C": HANDS["C"]}
    seq = [("A", "AS"), ("B", "AH"), ("C", "AD")]  # spades led, B and C void: A wins, 2+2+2=6
    rec = run_log([MATCH, deal("C", hands), bid("A", "nines", "slam-hand"), pas("B"), pas("C"),
                   *plays(seq)])
    # the log stops after one trick: incomplete, unscored (G5)
    assert rec.codes == [(8, "incomplete-hand")]
    assert rec.hands[0].status == "unscored"
    # Played out: B and C hold no nine, no Bug and no spade, so A's five trumps and five spades
    # take all ten tricks whatever they throw: Slam made, +169.  The defenders score their card
    # points (§11), none, though 2 of the boat's points lie unplayed: the boat counts for
    # neither of them, and no discard is asked for.
    lead = "9D 9S 9H 9C JK AS 10S KS QS JS".split()
    seq = [x for k, a in enumerate(lead) for x in (("A", a), ("B", HANDS["B"][k]),
                                                    ("C", HANDS["C"][k]))]
    rec = run_log([MATCH, deal("C", hands), bid("A", "nines", "slam-hand"), pas("B"), pas("C"),
                   *plays(seq)])
    assert rec.codes == []
    assert rec.hands[0].deltas == {"A": 169, "B": 0, "C": 0}


def test_kontra_payments_and_rekontra_are_per_caller():
    # B and C both bid; both Kontra; A rekontras C.  Made: B pays 65/2 = 32.5, C pays 65.
    # A: 65 + 32.5 + 65 = 162.5; B: 5 − 32.5 = −27.5; C: 0 − 65 = −65.
    auction = [bid("A", "diamonds", 18), bid("B", "spades", 20), bid("C", "clubs", 22),
               bid("A", "nines", 24), pas("B"), pas("C")]
    extra = [{"event": "kontra", "player": "B"}, {"event": "kontra", "player": "C"},
             {"event": "rekontra", "player": "A", "against": "C"}]
    rec = run_log([MATCH, *nines_hand(auction=auction, extra=extra)])
    assert rec.codes == []
    assert rec.hands[0].deltas == {"A": 162.5, "B": -27.5, "C": -65}


def test_kontra_by_a_defender_who_never_bid_is_applied_with_a_finding():
    # T12: C never bid; Kontra reported (illegal-kontra) but applied: C pays 32.5 when A makes.
    extra = [{"event": "kontra", "player": "C"}]
    rec = run_log([MATCH, *nines_hand(extra=extra)])
    assert rec.codes == [(7, "illegal-kontra")]
    assert rec.hands[0].deltas == {"A": 97.5, "B": 5, "C": -32.5}
    assert rec.hands[0].status == "irregular"


def test_kontra_by_declarer_and_rekontra_without_kontra_are_not_applied():
    extra = [{"event": "kontra", "player": "A"}, {"event": "rekontra", "player": "A"}]
    rec = run_log([MATCH, *nines_hand(extra=extra)])
    assert rec.codes == [(7, "illegal-kontra"), (8, "illegal-kontra")]
    assert rec.hands[0].deltas == {"A": 65, "B": 5, "C": 0}  # nothing doubled


def test_failed_contract_pays_kontra_only_to_a_caller_with_a_trick():
    # Slam (130) fails; B (2 tricks) is paid 65, C (no trick) is not.
    # A: −130 − 65 = −195; B: 5 + 65 = 70; C: 0.
    auction = [bid("A", "spades", 18), bid("B", "hearts", 20), bid("C", "clubs", 22),
               bid("A", "nines", "slam"), pas("B"), pas("C")]
    extra = [{"event": "kontra", "player": "B"}, {"event": "kontra", "player": "C"}]
    rec = run_log([MATCH, *nines_hand(auction=auction, extra=extra)])
    assert rec.hands[0].deltas == {"A": -195, "B": 70, "C": 0}


# --- the auction -----------------------------------------------------------------------------

def test_bid_with_lower_contract_value_is_illegal_but_applied():
    # §3: 20 Diamonds (27) over 18 No Trump (28) — level higher, CV lower: illegal-bid (G2).
    auction = [bid("A", "no-trump", 18), bid("B", "diamonds", 20), pas("C"),
               bid("A", "nines", 24), pas("B")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.codes == [(4, "illegal-bid")]
    assert rec.hands[0].status == "irregular" and rec.hands[0].deltas["A"] == 65


def test_equal_level_is_not_higher():
    auction = [bid("A", "diamonds", 20), bid("B", "clubs", 20), pas("C"), bid("A", "nines", 24),
               pas("B")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.codes == [(4, "illegal-bid")]


def test_out_of_turn_bid_is_applied():
    # Dealer C: A speaks first.  B bids first: out-of-turn, applied (G2, G11); the turn then
    # goes on from B: C passes, A bids 24 Nines, B passes.
    auction = [bid("B", "diamonds", 18), pas("C"), bid("A", "nines", 24), pas("B")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.codes == [(3, "out-of-turn")]
    assert rec.hands[0].deltas["A"] == 65


def test_passed_player_bidding_again_is_out_of_turn_and_back_in():
    # T11: B passes, then bids: out-of-turn, applied; B is back in, so A's 24 stands only after
    # B passes again.
    # A 18 ♦ (3), B pass (4), C 20 ♥ (5, CV 33 ≥ 18), B 22 ♣ (6: passed, and A's turn),
    # C pass (7), A 24 Nines (8), B pass (9): A declares.
    auction = [bid("A", "diamonds", 18), pas("B"), bid("C", "hearts", 20),
               bid("B", "clubs", 22), pas("C"), bid("A", "nines", 24), pas("B")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.codes == [(6, "out-of-turn")]
    assert rec.hands[0].contract == "24 nines"


def test_misere_slam_bid_is_no_contract():
    rec = run_log([MATCH, deal(), bid("A", "misere", "slam"), pas("B")])
    assert rec.codes == [(3, "illegal-bid")]
    assert rec.hands[0].status == "unscored"


def test_three_passes_redeal_by_the_same_dealer():
    # §3: all pass → redealt by the same dealer; a different dealer is wrong-dealer (G6).
    rec = run_log([MATCH, deal("C"), pas("A"), pas("B"), pas("C"),
                   *nines_hand("C"), deal("C"), pas("A"), pas("B"), pas("C")])
    assert rec.codes == [(41, "wrong-dealer")]   # after a played hand dealt by C, A deals
    assert [h.status for h in rec.hands] == ["passed-out", "scored", "irregular"]  # G11


def test_dealer_rotation_continues_from_the_actual_dealer():
    # G6a: hand 1 by C, hand 2 wrongly by B (expected A), hand 3 by C (left of B) is right.
    rec = run_log([MATCH, *nines_hand("C"), *nines_hand("B"), *nines_hand("C")])
    assert rec.codes == [(37, "wrong-dealer")]
    assert [h.status for h in rec.hands] == ["scored", "irregular", "scored"]


def test_play_during_the_auction_is_out_of_phase():
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), *plays(PLAYS[:1])])
    assert rec.codes == [(4, "out-of-phase")]
    assert rec.hands[0].status == "unscored"


# --- the boat ----------------------------------------------------------------------------------

def test_misdeal_duplicate_and_count():
    hands = dict(HANDS, B=HANDS["B"][:-1] + ["AC"])  # AC twice
    rec = run_log([MATCH, deal(hands=hands), bid("A", "nines", 24)])
    assert rec.codes == [(2, "misdeal")]
    assert "dealt twice" in rec.findings[0].message
    rec = run_log([MATCH, deal(hands=dict(HANDS, B=HANDS["B"][:-1]))])
    assert rec.codes == [(2, "misdeal")] and "9 cards" in rec.findings[0].message


def test_missing_discard_is_reported_at_the_first_card_and_boat_stays_out():
    # T11: no discard: illegal-discard at the first card; A plays 10 cards of the dealt hand.
    # A's dealt hand holds J♠ (not 7♣), so A leads J♠... we only check the finding and phase.
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   {"event": "play", "player": "A", "card": "JS"}])
    assert rec.codes == [(6, "illegal-discard"), (6, "incomplete-hand")]


def test_wrong_number_of_discards_is_applied():
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   discard("A", ["8S", "7S"])])
    assert rec.codes == [(6, "illegal-discard"), (6, "incomplete-hand")]


def test_null_plus_two_draws_then_discards():
    # T2: Null+2 (22 Misère, CV 43): the declarer draws 2 boat cards and discards 2.
    rec = run_log([MATCH, deal(), bid("A", "misere", 22), pas("B"), pas("C"),
                   {"event": "draw", "player": "A", "cards": ["8S", "7S"]},
                   discard("A", ["AS", "KS"])])
    assert rec.codes == [(7, "incomplete-hand")]
    rec = run_log([MATCH, deal(), bid("A", "misere", 22), pas("B"), pas("C"),
                   {"event": "draw", "player": "A", "cards": ["8S", "AH"]}])
    assert rec.codes == [(6, "illegal-draw")]  # A♥ is not in the boat: unscored
    rec = run_log([MATCH, deal(), bid("A", "misere", 22), pas("B"), pas("C"),
                   {"event": "play", "player": "A", "card": "AS"}])
    assert rec.codes[0] == (6, "illegal-draw")


def test_ouvert_without_reveal_is_a_warning():
    rec = run_log([MATCH, deal(), bid("A", "nines", "slam-ouvert"), pas("B"), pas("C"),
                   {"event": "play", "player": "A", "card": "AS"}])
    assert (6, "missing-reveal") in rec.codes
    assert [f.severity for f in rec.findings if f.code == "missing-reveal"] == ["warning"]
    rec = run_log([MATCH, deal(), bid("A", "nines", "slam-ouvert"), pas("B"), pas("C"),
                   {"event": "reveal", "player": "A"},
                   {"event": "play", "player": "A", "card": "AS"}])
    assert (7, "missing-reveal") not in rec.codes


# --- play --------------------------------------------------------------------------------------

def test_declarer_leads_first_in_suited_games():
    seq = [("B", "AC")]
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   discard("A", ["8S", "7S", "JS"]), *plays(seq)])
    assert rec.codes[0] == (7, "out-of-turn")


def test_card_not_held_makes_the_hand_unscored():
    rec = run_log([MATCH, *nines_hand()[:5], {"event": "play", "player": "A", "card": "AH"},
                   *plays(PLAYS[1:])])
    assert rec.codes == [(7, "card-not-held")]   # one finding, no cascade (G3)
    assert rec.hands[0].status == "unscored"


def test_revoke_established_by_the_next_card_costs_the_offender_cv():
    # Trick 2: B leads 7♥; C (void in hearts) plays 7♦; A holds 9♥?  No: 9♥ is a trump in
    # Nines, so A is void in hearts and may play Q♠.  Make B revoke instead in trick 1:
    # A leads 7♣, B holds A♣ 10♣ K♣ but plays 7♥ → revoke; C's next card establishes it.
    # T8: B −65, nobody else scores.
    seq = [("A", "7C"), ("B", "7H"), ("C", "8C")]
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   discard("A", ["8S", "7S", "JS"]), *plays(seq)])
    assert rec.codes == [(8, "revoke")]
    f = rec.findings[0]
    assert f.player == "B" and f.trick == 1 and "A♣" in f.message and "line 9" in f.message
    assert rec.hands[0].deltas == {"A": 0, "B": -65, "C": 0}
    assert rec.hands[0].status == "penalty"


def test_revoke_repaired_by_retract_is_a_warning_and_hand_scores():
    seq1 = [("A", "7C"), ("B", "7H")]
    fix = [{"event": "retract", "player": "B", "card": "7H"}]
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   discard("A", ["8S", "7S", "JS"]), *plays(seq1), *fix, *plays(PLAYS[1:])])
    assert [(f.line, f.code, f.severity) for f in rec.findings] == [(8, "revoke", "warning")]
    assert rec.hands[0].deltas == {"A": 65, "B": 5, "C": 0}
    assert rec.hands[0].status == "scored"


def test_retract_of_a_legal_card_is_illegal_but_applied():
    fix = [{"event": "retract", "player": "B", "card": "AC"}]
    rec = run_log([MATCH, *nines_hand()[:5], *plays(PLAYS[:2]), *fix, *plays(PLAYS[1:])])
    assert rec.codes == [(9, "illegal-retract")]
    assert rec.hands[0].status == "irregular" and rec.hands[0].deltas["A"] == 65


def test_retract_of_an_older_card_makes_the_hand_unscored():
    fix = [{"event": "retract", "player": "A", "card": "7C"}]
    rec = run_log([MATCH, *nines_hand()[:5], *plays(PLAYS[:2]), *fix])
    assert rec.codes == [(9, "illegal-retract")]
    assert rec.hands[0].status == "unscored"


def test_misere_any_player_may_lead():
    # T9: in Misère C may lead trick 1 (see also the Low case in tests/cases).
    rec = run_log([MATCH, deal(), bid("A", "misere", 26), pas("B"), pas("C"),
                   {"event": "play", "player": "C", "card": "AD"}])
    assert rec.codes == [(6, "incomplete-hand")]


# --- match level ------------------------------------------------------------------------------

def test_first_to_three_contracts_gets_25_and_match_ends_at_200():
    # Three 24 Nines hands, dealers C, A, B: A +65 each = 195, + 25 for the third contract won
    # = 220 ≥ 200: the match ends, A wins.  B: 5 × 3 = 15.
    log = [MATCH, *nines_hand("C"), *nines_hand("A"), *nines_hand("B"), *nines_hand("C")]
    rec = run_log(log)
    assert rec.hands[2].deltas == {"A": 90, "B": 5, "C": 0}
    assert rec.last.totals == {"A": 220, "B": 15, "C": 0}
    assert rec.last.finished and rec.last.winners == ["A"]
    assert rec.codes == [(107, "match-over")]   # 1 + 3 × 35 lines   # the fourth deal comes after the end


def test_199_rule():
    # §12/T7: B stands at 190 and gains 15 as a defender (no contract, no Kontra): 205 → 199.
    eng = ThirtyThree(["A", "B", "C"], None)
    eng.totals = {"A": 0, "B": 190, "C": 0}
    deltas = {"A": -20, "B": 15, "C": 5}
    eng._bonus_and_199(deltas, won=set(), paid_kontra=set())
    assert deltas == {"A": -20, "B": 9, "C": 5}   # 199 − 190 = 9
    deltas = {"A": -20, "B": 15, "C": 5}
    eng._bonus_and_199(deltas, won=set(), paid_kontra={"B"})   # B was paid for a Kontra
    assert deltas["B"] == 15


def test_end_event_and_tied_winners():
    # Two hands: A +65 (hand 1) then the same from dealer A... then end: standings decide.
    rec = run_log([MATCH, *nines_hand("C"), {"event": "end"}])
    assert rec.last.finished and rec.last.winners == ["A"]
    rec = run_log([MATCH, {"event": "end"}])
    assert rec.last.finished and rec.last.winners == ["A", "B", "C"]  # 0/0/0: all share


def test_score_event_is_compared():
    rec = run_log([MATCH, *nines_hand(), {"event": "score", "totals": {"A": 65, "B": 5}},
                   {"event": "score", "totals": {"A": 60, "C": 0}}])
    assert rec.codes == [(38, "score-mismatch")]
    assert "A: recorded 60, referee 65" in rec.findings[0].message


def test_events_before_match_and_after_hand():
    rec = run_log([deal(), pas("A"), MATCH, *nines_hand(), pas("B"), pas("C")])
    assert rec.codes == [(1, "no-match"), (39, "out-of-phase")]


def test_incomplete_hand_at_end_of_log():
    rec = run_log([MATCH, *nines_hand()[:10]])
    assert rec.codes == [(11, "incomplete-hand")]
    assert rec.findings[0].severity == "warning"


def test_event_of_another_game_is_bad_event():
    rec = run_log([MATCH, deal(), {"event": "marriage", "player": "A", "suit": "hearts"}])
    assert rec.codes == [(3, "bad-event")]


# --- the project's own rulings (docs/rulings.md) ---------------------------------------------

def test_R1_after_an_unscored_hand_same_or_next_dealer():
    # Hand 1 (dealer C) is a misdeal → unscored.  Hand 2 by C again (a redeal) or by A (the
    # next) are both accepted; B would be wrong.
    bad = deal("C", hands=dict(HANDS, B=HANDS["B"][:-1]))
    for again, ok in (("C", True), ("A", True), ("B", False)):
        rec = run_log([MATCH, bad, *nines_hand(again)])
        assert ((3, "wrong-dealer") in rec.codes) is (not ok)
    # the finding cites the shared ruling and the project's (issue 13 item 5)
    assert "G6b, R1" in rec.findings[-1].message


def test_R3_playing_twice_to_one_trick_cannot_be_applied():
    seq = [("A", "7C"), ("B", "AC"), ("B", "10C")]
    rec = run_log([MATCH, *nines_hand()[:5], *plays(seq)])
    assert rec.codes == [(9, "out-of-turn")] and rec.hands[0].status == "unscored"


def test_R5_score_in_mid_hand_settles_the_hand():
    # an open revoke is established by a score event (G11) ...
    seq = [("A", "7C"), ("B", "7H")]
    rec = run_log([MATCH, *nines_hand()[:5], *plays(seq), {"event": "score", "totals": {}}])
    assert rec.codes == [(8, "revoke")] and rec.hands[0].deltas["B"] == -65
    assert "established when the record of the hand stopped after line 8" in \
        rec.findings[0].message
    # ... and a hand still being played is incomplete
    rec = run_log([MATCH, *nines_hand()[:5], *plays(PLAYS[:1]), {"event": "score",
                                                                  "totals": {"A": 0}}])
    assert rec.codes == [(7, "incomplete-hand")]


def test_R6_a_match_that_cannot_be_refereed_is_skipped_quietly():
    rec = run_log([{"event": "match", "game": "thirty-three", "players": ["A", "B"]},
                   *nines_hand(), MATCH, *nines_hand()])
    assert rec.codes == [(1, "bad-event")]
    assert len(rec.matches) == 1 and rec.last.totals == {"A": 65, "B": 5, "C": 0}
    rec = run_log([{"event": "match", "game": "thirty-three", "players": ["A", "B", "C"],
                    "rules": {"speed": 1}}])
    assert rec.codes == [(1, "bad-event")] and "unknown rules option" in rec.findings[0].message


def test_TR1_discard_by_a_defender_or_in_a_hand_contract_cannot_be_applied():
    rec = run_log([MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
                   discard("B", ["AH", "10H", "KH"])])
    assert rec.codes == [(6, "illegal-discard")] and rec.hands[0].status == "unscored"
    rec = run_log([MATCH, deal(), bid("A", "nines", "slam-hand"), pas("B"), pas("C"),
                   discard("A", ["8S", "7S", "JS"])])
    assert rec.codes == [(6, "illegal-discard")] and rec.hands[0].status == "unscored"


def test_TR4_auction_events_out_of_their_phase():
    rec = run_log([MATCH, deal(), {"event": "kontra", "player": "B"}])
    assert rec.codes == [(3, "out-of-phase")]
    rec = run_log([MATCH, *nines_hand()[:5], bid("B", "clubs", 28)])
    assert rec.codes == [(7, "out-of-phase")]


def test_TR5_rekontra_against_a_player_without_kontra_is_not_applied():
    auction = [bid("A", "diamonds", 18), bid("B", "spades", 20), bid("C", "clubs", 22),
               bid("A", "nines", 24), pas("B"), pas("C")]
    extra = [{"event": "kontra", "player": "B"},
             {"event": "rekontra", "player": "A", "against": "C"}]
    rec = run_log([MATCH, *nines_hand(auction=auction, extra=extra)])
    assert rec.codes == [(11, "illegal-kontra")]
    # only B's Kontra stands, undoubled: A 65 + 32.5 = 97.5; B 5 − 32.5 = −27.5
    assert rec.hands[0].deltas == {"A": 97.5, "B": -27.5, "C": 0}


def test_TR6_match_can_end_on_a_penalty_hand():
    # Four nines hands put A at 65 × 4 + 25 (3rd) ... instead: B revokes in three 24-Nines hands
    # at −65 each: −195, and a fourth: −260 ≤ −200 → the match ends; A, C share the win at 0.
    seq = [("A", "7C"), ("B", "7H"), ("C", "8C")]
    def revoke_hand(dealer):
        order = {"C": ["A", "B", "C"], "A": ["B", "C", "A"], "B": ["C", "A", "B"]}[dealer]
        auction = [bid("A", "nines", 24) if p == "A" else pas(p) for p in order]
        return [deal(dealer), *auction, discard("A", ["8S", "7S", "JS"]), *plays(seq)]
    rec = run_log([MATCH, *revoke_hand("C"), *revoke_hand("A"), *revoke_hand("B"),
                   *revoke_hand("C")])
    assert rec.last.totals == {"A": 0, "B": -260, "C": 0}
    assert rec.last.finished and rec.last.winners == ["A", "C"]


def test_score_after_the_match_ended_is_still_compared():
    # G11: score events are compared whatever came before them — the final sheet after the
    # last hand of a finished match included (three Nines hands end the match at A 220).
    log = [MATCH, *nines_hand("C"), *nines_hand("A"), *nines_hand("B"),
           {"event": "score", "totals": {"A": 220, "B": 15, "C": 0}},
           {"event": "score", "totals": {"A": 0}}]
    rec = run_log(log)
    assert rec.last.finished
    assert rec.codes == [(108, "score-mismatch")]


def test_rekontra_against_an_unknown_player():
    extra = [{"event": "kontra", "player": "B"},
             {"event": "rekontra", "player": "A", "against": "Zed"}]
    rec = run_log([MATCH, *nines_hand(extra=extra)])
    # B never bid in this auction (illegal-kontra, applied); "Zed" is nobody at the table: the
    # Rekontra cannot be applied, the hand is unscored (G3).
    assert rec.codes == [(7, "illegal-kontra"), (8, "unknown-player")]
    assert rec.hands[0].status == "unscored"


def test_t14_a_pass_does_not_withdraw_the_standing_bid():
    # Issue 13 item 1 (T14).  Dealer B, so C speaks first (C = "Bob", A = "Ann", B = "Cyd").
    # C bids 18 Diamonds (3), A bids 24 Nines (4), C passes out of turn: it was B's turn
    # (5: out-of-turn, applied, G2; the turn goes on from C, R2: to A), A passes her own
    # standing bid (6: in turn, and it does not withdraw the bid), B passes (7).  Both others
    # (C, B) have passed A's bid: A declares 24 Nines, her discard (8) is in place.
    # Score as the module docstring: A +65 (CV 13 × 5), B 5 card points, C 0; irregular (G2).
    auction = [bid("C", "diamonds", 18), bid("A", "nines", 24), pas("C"), pas("A"), pas("B")]
    rec = run_log([MATCH, *nines_hand(dealer="B", auction=auction)])
    assert rec.codes == [(5, "out-of-turn")]
    h = rec.hands[0]
    assert (h.declarer, h.contract, h.status) == ("A", "24 nines", "irregular")
    assert h.deltas == {"A": 65, "B": 5, "C": 0}


def test_t14_standing_bidder_passing_first_still_waits_for_the_others():
    # Dealer C: A speaks first.  A bids 24 Nines (3); A passes at once (4: out of turn, it was
    # B's turn; applied, and the bid stands, T14); the turn goes on from A to B: B passes (5),
    # C passes (6): both others have passed, A declares.  A +65, B 5, C 0 as above.
    auction = [bid("A", "nines", 24), pas("A"), pas("B"), pas("C")]
    rec = run_log([MATCH, *nines_hand(auction=auction)])
    assert rec.codes == [(4, "out-of-turn")]
    assert rec.hands[0].declarer == "A" and rec.hands[0].deltas == {"A": 65, "B": 5, "C": 0}


def test_legal_offers_the_retract_of_an_open_revoke():
    # G4, T14: after B's revoke (A leads 7♣, B holding A♣ 10♣ K♣ plays 7♥) the hand is open and
    # its only lawful next event is B's retract of 7♥ (any other card would establish it).
    import io
    import json as _json
    from referee import events as ev
    from referee.legal import legal_actions
    from referee.replay import replay_until
    log = [MATCH, deal(), bid("A", "nines", 24), pas("B"), pas("C"),
           discard("A", ["8S", "7S", "JS"]), *plays([("A", "7C"), ("B", "7H")])]
    data = "".join(_json.dumps(e) + "\n" for e in log).encode()
    eng, _, _ = replay_until(io.BytesIO(data), "x.jsonl", len(log) + 1)
    assert legal_actions(eng) == [ev.Retract(player="B", card="7H")]
