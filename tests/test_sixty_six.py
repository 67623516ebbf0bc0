"""Sixty-Six (seed 002, RULINGS G and S, project rulings SS-R1 … in docs/sixty-six.md).

Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.  Every expected value below is worked out by hand
in the comment or docstring next to it.  Lines: 1 is the `match`, 2 the `deal`, play from 3.
"""
from __future__ import annotations

import json

import pytest

from referee.games.sixty_six.rules import (CARD_POINTS, DECK, card_points, deal_value,
                                     marriage_value)
from tests.conftest import run_log

MATCH = {"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]}


def match(**rules):
    return dict(MATCH, rules=rules) if rules else dict(MATCH)


def deal(ann, bob, stock, trump, dealer="Bob"):
    return {"event": "deal", "dealer": dealer, "hands": {"Ann": ann.split(), "Bob": bob.split()},
            "stock": stock.split(), "trump_card": trump}


def P(who, card):
    return {"event": "play", "player": who, "card": card}


def marriage(who, suit):
    return {"event": "marriage", "player": who, "suit": suit}


def close(who, before=None):
    e = {"event": "close", "player": who}
    if before is not None:
        e["before_draw"] = before
    return e


def exchange(who):
    return {"event": "exchange", "player": who}


def out(who):
    return {"event": "declare_out", "player": who}


def draw():
    return {"event": "draw"}


def retract(who, card):
    return {"event": "retract", "player": who, "card": card}


# Deal A: clubs are trumps (9C turned).  Bob deals, Ann leads.
A = ("AS 10S AH 10H KH QH", "9S JS 9H JH 9D JD", "KS QS AD 10D KD QD AC 10C KC QC JC", "9C")
# Deal B: hearts are trumps (AH turned); Ann holds the nine of trumps.
B = ("9H AS 10S KC QC JD", "JS 9S 9C JC 9D QD", "KS QS AC 10C AD 10D KD 10H KH QH JH", "AH")
# Deal C: spades are trumps (9S turned).
C = ("KS AH 10H 9C JC QD", "AS JS 9H KC QC JD", "10S QS KH QH JH AC 10C AD 10D KD 9D", "9S")


def hand_of(rec, i=0):
    return rec.hands[i]


def codes(rec):
    """Findings as (line, code), without the incomplete-hand of a log that stops mid-deal."""
    return [c for c in rec.codes if c[1] != "incomplete-hand"]


# --- tables ----------------------------------------------------------------------------------

def test_card_points_make_120():
    # 4 suits × (11 + 10 + 4 + 3 + 2 + 0) = 4 × 30 = 120
    assert sum(card_points(c) for c in DECK.cards) == 120
    assert len(DECK) == 24
    assert CARD_POINTS["10"] > CARD_POINTS["K"]


def test_deal_value_thresholds():
    # S5: loser 33 → 1; 32 → 2; no trick → 3 (even with points from nothing)
    assert deal_value(33, True) == 1
    assert deal_value(32, True) == 2
    assert deal_value(0, False) == 3
    assert marriage_value("H", "H") == 40 and marriage_value("S", "H") == 20


def test_ten_beats_king():
    # Ann leads KS, Bob 10S (free play): the ten is above the king → Bob wins 4 + 10 = 14 and
    # may declare; 14 < 66 is a false declaration → Ann +2 (S5).
    d = deal("KS AH 10H KH QH 9D", "10S 9S JS 9H JH JD", "QS AS AD 10D KD QD AC 10C KC QC JC",
             "9C")
    rec = run_log([match(), d, P("Ann", "KS"), P("Bob", "10S"), out("Bob")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}
    assert "14" in hand_of(rec).summary


# --- deal checks and dealers (S8, S10, G6) -----------------------------------------------------

@pytest.mark.parametrize("change, code", [
    (lambda d: d["hands"]["Ann"].pop(), "misdeal"),              # 5 cards
    (lambda d: d["stock"].pop(), "misdeal"),                     # a stock of 10
    (lambda d: d.pop("trump_card"), "misdeal"),                  # no trump card
    (lambda d: d.update(trump_card="8C"), "bad-card"),           # not in the 24-card deck
    (lambda d: d.update(trump_card="AS"), "misdeal"),            # AS twice, 9C missing
    (lambda d: d["stock"].__setitem__(0, "ZZ"), "bad-card"),
])
def test_deal_checks(change, code):
    d = deal(*A)
    change(d)
    rec = run_log([match(), d, P("Ann", "AS")])
    assert rec.codes == [(2, code)]
    assert hand_of(rec).status == "unscored"


def test_after_unscored_any_dealer_is_accepted():
    # S10: hand 1 is a misdeal (unscored), so hand 2 may be dealt by either player.
    bad = deal(*A)
    bad["stock"].pop()
    rec = run_log([match(), bad, deal(*A, dealer="Ann"), P("Bob", "9S"), P("Ann", "AS"),
                   out("Ann")])
    assert rec.codes == [(2, "misdeal")]
    # Ann 9S+AS = 11 < 66 → false → Bob +2
    assert [h.deltas for h in rec.hands][1] == {"Ann": 0, "Bob": 2}


def test_winner_deals_next_and_non_dealer_leads():
    # Hand 1: Ann AS, Bob 9S → Ann 11, false declaration → Bob wins the deal (+2), so Bob deals
    # hand 2; Ann dealing is wrong-dealer (line 6), applied; then the non-dealer (Bob) leads.
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), out("Ann"),
                   deal(*A, dealer="Ann"), P("Bob", "9S"), P("Ann", "AS"), out("Ann")])
    assert rec.codes == [(6, "wrong-dealer")]
    assert rec.hands[1].status == "irregular"


def test_dealer_leading_first_is_out_of_turn():
    rec = run_log([match(), deal(*A), P("Bob", "9S"), P("Ann", "AS")])
    assert (3, "out-of-turn") in rec.codes


# --- play while open and after closing (S1, S9, G4) ---------------------------------------------

def test_free_play_while_talon_open():
    # Ann leads AS; Bob discards 9D though he holds 9S and JS: no duty while the talon is open.
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9D"), P("Ann", "10S"),
                   P("Bob", "9S")])
    assert [c for c in rec.codes if c[1] == "revoke"] == []


def test_revoke_after_close_is_penalised():
    """Ann AS/Bob 9S → Ann; draw Ann KS, Bob QS; Ann closes.  Ann leads 10S; Bob holds QS JS
    (spades, neither beats the ten) and plays 9H: revoke.  Established by the next card (line 9):
    the deal ends, Ann +2 (S9)."""
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   P("Ann", "10S"), P("Bob", "9H"), P("Ann", "AH")])
    assert rec.codes == [(7, "revoke")]
    f = rec.findings[0]
    assert f.severity == "error" and f.player == "Bob" and f.trick == 2
    assert "Q♠" in f.message and "J♠" in f.message and "closed by Ann" in f.message
    assert "S9" in f.message and "Ann +2" in f.message
    h = hand_of(rec)
    assert h.status == "penalty" and h.deltas == {"Ann": 2, "Bob": 0}


def test_revoke_repaired_by_retract_is_a_warning():
    # As above, but Bob takes back 9H and plays JS; Ann wins 10+2 = 12 more (11 + 12 = 23).
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   P("Ann", "10S"), P("Bob", "9H"), retract("Bob", "9H"), P("Bob", "JS")])
    assert [(f.line, f.code, f.severity) for f in rec.findings[:1]] == [(7, "revoke", "warning")]


def test_trump_lead_must_be_overtrumped():
    # Deal C, spades trumps.  Ann closes before the first lead (S4), leads KS; Bob holds AS (beats
    # the king) and plays JS: revoke, Ann +2.
    rec = run_log([match(), deal(*C), close("Ann"), P("Ann", "KS"), P("Bob", "JS")])
    assert rec.codes == [(5, "revoke")]
    assert "A♠" in rec.findings[0].message
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}


def test_void_must_trump():
    # Deal C closed at once.  Ann AH, Bob 9H (must follow) → Ann 11.  Ann 10H: Bob has no heart
    # and holds AS JS: KC is a revoke; established when Ann leads again.
    rec = run_log([match(), deal(*C), close("Ann"), P("Ann", "AH"), P("Bob", "9H"),
                   P("Ann", "10H"), P("Bob", "KC"), P("Ann", "9C")])
    assert rec.codes == [(7, "revoke")]
    assert "holding trumps A♠ J♠" in rec.findings[0].message


def test_must_head_the_trick_in_suit():
    # Deal C closed.  Ann leads 9C; Bob holds KC and QC (both beat the nine): the legal play is
    # KC or QC, and KC is accepted without a finding.
    rec = run_log([match(), deal(*C), close("Ann"), P("Ann", "9C"), P("Bob", "KC")])
    assert [c for c in rec.codes if c[1] == "revoke"] == []
    # Deal B (hearts trumps), Ann closes before the first lead and leads J♦; Bob holds Q♦ (beats
    # the jack) and 9♦: following with the 9♦ is a revoke (S1), established by Ann's next lead
    # (she won the trick): Ann +2 (S9).  Q♦ instead is clean.
    rec = run_log([match(), deal(*B), close("Ann"), P("Ann", "JD"), P("Bob", "9D"),
                   P("Ann", "9H")])
    assert rec.codes == [(5, "revoke")]
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}
    rec = run_log([match(), deal(*B), close("Ann"), P("Ann", "JD"), P("Bob", "QD")])
    assert [c for c in rec.codes if c[1] == "revoke"] == []


# --- draws ------------------------------------------------------------------------------------

def test_draw_order_winner_first():
    """Ann AS/Bob 9S → Ann; the winner draws the top card KS, Bob the next (QS).  Ann then leads
    KS (held only if she drew first); Bob plays QS."""
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), P("Ann", "KS"),
                   P("Bob", "QS")])
    assert [c for c in rec.codes if c[1] == "card-not-held"] == []
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), P("Ann", "QS")])
    assert rec.codes == [(5, "card-not-held")]


def test_explicit_draw_and_draw_not_due():
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), draw(), P("Ann", "KS"),
                   P("Bob", "QS"), draw(), draw()])
    # lines 5 and 8 make the due draws; line 9: no draw is due (SS-R2)
    assert codes(rec) == [(9, "illegal-draw")]
    assert "made already" in rec.findings[0].message


def test_trump_card_goes_to_loser_of_last_drawing_trick():
    """Case 10 (shared): Ann loses trick 6 and takes the turned-up AC, plays it at trick 8; the
    deal is played out and drawn 65:65 (55 + 10 for the last trick vs 65)."""
    path = "tests/cases/sixty-six/10_drawn_deal_same_dealer.jsonl"
    rec = run_log(open(path, "rb").read())
    first = rec.hands[0]
    assert first.status == "drawn" and first.deltas == {"Ann": 0, "Bob": 0}
    assert "Ann 65, Bob 65" in first.summary


# --- marriages (S2) ---------------------------------------------------------------------------

def test_marriage_lead_must_be_king_or_queen():
    rec = run_log([match(), deal(*A), marriage("Ann", "hearts"), P("Ann", "AS")])
    assert rec.codes[0] == (4, "illegal-lead")


def test_marriage_queen_lead_65_is_short():
    """Case 05 with the queen: AD/10D → 21, AS/10S → 42, marriage 20, QH/9H → 42 + 3 = 45;
    45 + 20 = 65 < 66: a false declaration, Bob +2 (the king makes 66, case 05)."""
    d = deal("AD AS KH QH JD 9C", "10D 10S 9H JS QD KD", "KS 9D AH QS 10H 9S JH AC KC 10C QC",
             "JC")
    rec = run_log([match(), d, P("Ann", "AD"), P("Bob", "10D"), P("Ann", "AS"),
                   P("Bob", "10S"), marriage("Ann", "hearts"), P("Ann", "QH"), P("Bob", "9H"),
                   out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 2}
    assert "65" in hand_of(rec).summary


def test_marriage_without_a_trick_does_not_count():
    # Deal A: Ann shows hearts (20) on the first lead and declares at once: no trick, so the 20
    # does not count: 0 < 66 → Bob +2 (S2, S5).
    rec = run_log([match(), deal(*A), marriage("Ann", "hearts"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 2}


def test_marriage_counts_once_trick_won_later():
    """Deal A: marriage in hearts first (20, no trick yet), KH/9H → Ann 4, draw; AS/9S → 15;
    10S/JS → 27; AH/JH → 40; 10H/9D → 50: 50 + 20 = 70 ≥ 66; Bob has no trick → 3."""
    rec = run_log([match(), deal(*A), marriage("Ann", "hearts"), P("Ann", "KH"), P("Bob", "9H"),
                   P("Ann", "AS"), P("Bob", "9S"), P("Ann", "10S"), P("Bob", "JS"),
                   P("Ann", "AH"), P("Bob", "JH"), P("Ann", "10H"), P("Bob", "9D"),
                   out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 3, "Bob": 0}
    assert "70" in hand_of(rec).summary


@pytest.mark.parametrize("events, why", [
    ([P("Ann", "AS"), P("Bob", "9S"), close("Ann"), marriage("Ann", "hearts")], "closed"),
    ([P("Ann", "AS"), marriage("Bob", "spades")], "on lead"),
    ([marriage("Ann", "hearts"), marriage("Ann", "hearts")], "one marriage per lead"),
])
def test_illegal_marriages(events, why):
    d = deal("AS 10S AH 10H KH QH", "9S JS KS QS 9D JD", "9H JH AD 10D KD QD AC 10C KC QC JC",
             "9C")
    rec = run_log([match(), d] + events)
    codes = [c for _, c in rec.codes]
    assert "illegal-marriage" in codes
    f = next(f for f in rec.findings if f.code == "illegal-marriage")
    assert why in f.message and "does not count" in f.message


def test_illegal_marriage_does_not_count():
    """SS-R1: Deal A, AS/9S → Ann 11; draw; Ann closes; shows hearts (illegal, not counted);
    leads 10S (no lead duty) and Bob plays QS (follow; cannot beat) → 11 + 13 = 24; Ann
    declares right after the trick: 24 < 66 → closer fails; Bob had a trick? no → 3."""
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   marriage("Ann", "hearts"), P("Ann", "10S"), P("Bob", "QS"), out("Ann")])
    assert rec.codes == [(6, "illegal-marriage")]
    assert "(S11, SS-R1)" in rec.findings[0].message
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 3}


def test_marriage_of_cards_not_held_is_void():
    rec = run_log([match(), deal(*A), marriage("Ann", "spades")])
    assert rec.codes == [(3, "card-not-held")]
    assert hand_of(rec).status == "unscored"


def test_declare_out_at_once_after_marriage_with_trick():
    """Deal A: AS/9S 11, 10S/JS 23 (draws KS/QS, AD/10D); marriage in hearts 20: 43 — declaring
    right after the marriage is allowed (S2) but short: Bob +2."""
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), P("Ann", "10S"),
                   P("Bob", "JS"), marriage("Ann", "hearts"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 2}
    assert "43" in hand_of(rec).summary


# --- exchange (S3) ----------------------------------------------------------------------------

def test_exchange_after_a_trick_on_lead():
    # Deal B: AS/9S → Ann; Ann exchanges 9H for AH, then leads AH (now held).
    rec = run_log([match(), deal(*B), P("Ann", "AS"), P("Bob", "9S"), exchange("Ann"),
                   P("Ann", "AH"), P("Bob", "QS")])
    assert codes(rec) == []


def test_exchange_before_any_trick_is_illegal_but_applied():
    rec = run_log([match(), deal(*B), exchange("Ann"), P("Ann", "AH"), P("Bob", "9S")])
    assert codes(rec) == [(3, "illegal-exchange")]
    assert "not won a trick" in rec.findings[0].message


def test_exchange_after_opponents_close_without_trick():
    # Deal B: Ann JD, Bob QD → Bob 5; Bob closes before the draw; Ann (no trick) may take AH.
    rec = run_log([match(), deal(*B), P("Ann", "JD"), P("Bob", "QD"), close("Bob", True),
                   exchange("Ann"), P("Bob", "JS"), P("Ann", "AS")])
    assert codes(rec) == []


def test_exchange_without_the_nine_is_void():
    rec = run_log([match(), deal(*B), P("Ann", "AS"), P("Bob", "9S"), exchange("Bob")])
    assert rec.codes == [(5, "card-not-held")]


def test_exchange_window_ends_with_the_next_card():
    # SS-R4: after Bob's close Ann may exchange only before the next card; after Bob's lead it
    # is illegal (applied).
    rec = run_log([match(), deal(*B), P("Ann", "JD"), P("Bob", "QD"), close("Bob"),
                   P("Bob", "JS"), exchange("Ann")])
    assert codes(rec) == [(7, "illegal-exchange")]


# --- closing (S4, S6) -------------------------------------------------------------------------

def test_close_by_player_not_on_lead():
    rec = run_log([match(), deal(*A), close("Bob")])
    assert codes(rec) == [(3, "illegal-close")]


def test_close_before_draw_leaves_hands_short():
    # Case 07 (shared): 5 + 5 cards after closing before the draw; the log ends after trick 6
    # with no incomplete-hand; Ann had no trick at the close → 3.
    rec = run_log(open("tests/cases/sixty-six/07_close_before_draw_five_cards.jsonl",
                       "rb").read())
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 3, "Bob": 0}


def test_closer_declares_correctly_scores_by_opponents_total():
    """Deal A: AS/9S → Ann 11 (draw KS, QS); Ann closes.  10S/QS → 24; KS/JS → 30; AH/9H → 41;
    10H/JH → 53; KH/9D → 57 … 57 + (marriage cannot be shown after closing) → play QH/JD → 62.
    Ann has 62 < 66 after all six: the closer fails; Bob had a trick? no → 3.  (S6)"""
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   P("Ann", "10S"), P("Bob", "QS"), P("Ann", "KS"), P("Bob", "JS"),
                   P("Ann", "AH"), P("Bob", "9H"), P("Ann", "10H"), P("Bob", "JH"),
                   P("Ann", "KH"), P("Bob", "9D"), P("Ann", "QH"), P("Bob", "JD")])
    assert rec.codes == []
    # the deal is played out (hands empty: 5 tricks after the close + 1 = 6 each side's cards)
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 3}


def test_closer_reaches_66_and_declares():
    """Deal A, Ann marries hearts first (20) and leads KH/9H → 4; draw KS/QS; AS/9S → 15; draw
    AD/10D; 10S/JS → 27; draw KD/QD; Ann closes (after the draw); AH/JH → 40; KS/QS → 47;
    47 + 20 = 67 ≥ 66 and Ann declares: Bob has no trick → 3 (S6)."""
    rec = run_log([match(), deal(*A), marriage("Ann", "hearts"), P("Ann", "KH"), P("Bob", "9H"),
                   P("Ann", "AS"), P("Bob", "9S"), P("Ann", "10S"), P("Bob", "JS"), close("Ann"),
                   P("Ann", "AH"), P("Bob", "JH"), P("Ann", "KS"), P("Bob", "QS"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 3, "Bob": 0}


def test_closers_false_declaration_scored_by_s6():
    # S10: Bob wins JD/QD (5) and closes; Ann has no trick at the close.  Bob leads JS, Ann AS
    # (wins, 13); Bob declares? Not allowed (Ann won).  Instead: Bob closes and declares at once
    # after his trick: 5 < 66 → closer's false declaration → Ann +3 (no trick at the close).
    rec = run_log([match(), deal(*B), P("Ann", "JD"), P("Bob", "QD"), close("Bob"), out("Bob")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 3, "Bob": 0}


def test_non_closer_false_declaration_gives_closer_2():
    # SS-R3: Bob closes after JD/QD; Bob JS, Ann AS → Ann 13 and declares: 13 < 66 → Bob +2.
    rec = run_log([match(), deal(*B), P("Ann", "JD"), P("Bob", "QD"), close("Bob"),
                   P("Bob", "JS"), P("Ann", "AS"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 2}


def test_closers_opponent_going_out_first_scores_2():
    """Bob (non-dealer) closes before the first lead (S4).  KS/AS → Ann 15; 10S/QS → 28;
    AH/KH → 43; 10H/QH → 56; AC/KC → 71 ≥ 66 and Ann declares.  Bob has no trick, so S5 would
    give 3, but the closer's opponent going out first scores 2 (S6)."""
    d = deal("AS 10S AH 10H AC 10C", "KS QS KH QH KC QC", "JS 9S JH 9H JC 9C AD 10D KD QD JD",
             "9D", dealer="Ann")
    rec = run_log([match(), d, close("Bob"), P("Bob", "KS"), P("Ann", "AS"), P("Ann", "10S"),
                   P("Bob", "QS"), P("Ann", "AH"), P("Bob", "KH"), P("Ann", "10H"),
                   P("Bob", "QH"), P("Ann", "AC"), P("Bob", "KC"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}
    assert "71" in hand_of(rec).summary


# --- declarations (S5, S10) -------------------------------------------------------------------

def test_declare_when_opponent_has_33_scores_1():
    # Case 01 (shared): Ann 27 + 40 = 67, Bob exactly 33 → 1.
    rec = run_log(open("tests/cases/sixty-six/01_declare_opp_33_one_point.jsonl", "rb").read())
    assert hand_of(rec).deltas == {"Ann": 1, "Bob": 0}


def test_declare_when_opponent_has_32_scores_2():
    """Case 01 with Bob's 10D/JD trick made 10D/9D (Ann's JD swapped for 9D by the deal): Bob
    21 + 10 = 31 … computed: T1 Ann KH/10C → 14; T2 10S/AS → Bob 21; T3 Bob 10D, Ann 9D → Bob
    31; T4 Bob JC, Ann AC → Ann 27; Ann 27 + 40 = 67; Bob 31 < 33 → 2."""
    d = deal("KH QH 10S 9D AC 9C", "10C AS 10D JC JD KS", "9S QC KD JS QS AD KC AH 10H 9H QD",
             "JH")
    rec = run_log([match(), d, marriage("Ann", "hearts"), P("Ann", "KH"), P("Bob", "10C"),
                   P("Ann", "10S"), P("Bob", "AS"), P("Bob", "10D"), P("Ann", "9D"),
                   P("Bob", "JC"), P("Ann", "AC"), out("Ann")])
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}
    assert "31" in hand_of(rec).summary


@pytest.mark.parametrize("events, line", [
    ([P("Ann", "AS"), P("Bob", "9S"), out("Bob")], 5),            # Bob lost the trick
    ([P("Ann", "AS"), P("Bob", "9S"), P("Ann", "KS"), out("Ann")], 6),  # a card since
    ([out("Ann")], 3),                                            # nothing won or shown
])
def test_illegal_declaration_is_ignored(events, line):
    rec = run_log([match(), deal(*A)] + events)
    assert (line, "illegal-declaration") in rec.codes
    # ignored: the deal goes on (the log ends mid-deal → incomplete-hand, unscored)
    assert hand_of(rec).status == "unscored"
    assert [c for _, c in rec.codes] == ["illegal-declaration", "incomplete-hand"]


def test_declare_after_the_last_trick_has_no_ten():
    """Case 10's first deal, but Ann declares after winning the last trick: her 55 without the
    10 is < 66 → false → Bob +2 (S10: the 10 counts only when nobody goes out)."""
    lines = open("tests/cases/sixty-six/10_drawn_deal_same_dealer.jsonl").read().splitlines()
    log = lines[:26] + [json.dumps(out("Ann"))]
    rec = run_log("\n".join(log) + "\n")
    assert rec.codes == []
    assert hand_of(rec).deltas == {"Ann": 0, "Bob": 2}
    assert "55" in hand_of(rec).summary


def test_played_out_deal_then_a_stray_event():
    lines = open("tests/cases/sixty-six/10_drawn_deal_same_dealer.jsonl").read().splitlines()
    log = lines[:26] + [json.dumps(out("Bob")), json.dumps(P("Ann", "AS"))]
    rec = run_log("\n".join(log) + "\n")
    # Bob did not win the last trick: illegal-declaration (27); the play at 28 comes after the
    # drawn deal was scored: out-of-phase.
    assert rec.codes == [(27, "illegal-declaration"), (28, "out-of-phase")]
    assert hand_of(rec).status == "irregular"


# --- the match (S8, S10) ----------------------------------------------------------------------

def _false_out_deal(dealer):
    # the non-dealer leads AS/9S (deal A, dealer Bob) and declares with 11 → the dealer +2
    return [deal(*A, dealer=dealer), P("Ann", "AS"), P("Bob", "9S"), out("Ann")]


def test_match_to_target_and_match_over():
    # target 3: hand 1 Bob +2, hand 2 (Bob deals again, the winner) Bob +2 → 4 ≥ 3: Bob wins.
    log = [match(target=3)] + _false_out_deal("Bob") + _false_out_deal("Bob") + [deal(*A)]
    rec = run_log(log)
    assert rec.last.totals == {"Ann": 0, "Bob": 4}
    assert rec.last.finished and rec.last.winners == ["Bob"]
    assert rec.codes == [(10, "match-over")]


def test_bad_target_option():
    rec = run_log([match(target=0), deal(*A)])
    assert rec.codes[0] == (1, "bad-event")


def test_resign_mid_deal_opponent_wins():
    rec = run_log([match(), deal(*A), P("Ann", "AS"), {"event": "resign", "player": "Ann"}])
    assert rec.codes == []
    assert hand_of(rec).status == "unscored"
    assert rec.last.finished and rec.last.winners == ["Bob"]


def test_timeout_between_deals_even_when_ahead():
    # Bob leads 7-0? No: Bob +2 from hand 1, then Bob times out: Ann wins the match (S8).
    rec = run_log([match()] + _false_out_deal("Bob") + [{"event": "timeout", "player": "Bob"},
                                                         deal(*A)])
    assert rec.last.totals == {"Ann": 0, "Bob": 2}
    assert rec.last.finished and rec.last.winners == ["Ann"]
    assert rec.codes == [(7, "match-over")]


def test_resign_by_unknown_player():
    rec = run_log([match(), deal(*A), {"event": "resign", "player": "Cat"}])
    assert rec.codes == [(3, "unknown-player")]
    assert not rec.last.finished


def test_resign_with_revoke_open_establishes_it():
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                   P("Ann", "10S"), P("Bob", "9H"), {"event": "resign", "player": "Ann"}])
    assert rec.codes == [(7, "revoke")]
    assert hand_of(rec).deltas == {"Ann": 2, "Bob": 0}
    assert rec.last.winners == ["Bob"]


def test_score_json_declarer_and_contract():
    rec = run_log([match()] + _false_out_deal("Bob"))
    from referee.render.report import hand_json
    j = hand_json(rec.hands[0])  # as score --format json writes the hand
    assert j["declarer"] == "Ann" and j["contract"] is None and j["deltas"] == {"Ann": 0,
                                                                                "Bob": 2}


# --- bad input never raises ----------------------------------------------------------------------

@pytest.mark.parametrize("e, want", [
    # a suit field that names no suit: a mistyped field, bad-event (G7), the deal unscored
    ({"event": "marriage", "player": "Ann", "suit": "stars"}, [(3, "bad-event")]),
    # Ann, the non-dealer, may close before the first lead (S4; SS-R5: no draw is due, so an
    # ordinary close): no finding for it; the log then ends in mid-deal (G5)
    ({"event": "close", "player": "Ann", "before_draw": True}, [(3, "incomplete-hand")]),
    # an Asszorti event: bad-event (G11)
    ({"event": "bid", "player": "Ann", "bid": "3"}, [(3, "bad-event")]),
    # 7♠ is not in the 24-card deck: bad-card (G7)
    ({"event": "play", "player": "Ann", "card": "7S"}, [(3, "bad-card")]),
    # nothing has been played, so A♠ is not the most recent card: illegal-retract (G4a)
    ({"event": "retract", "player": "Ann", "card": "AS"}, [(3, "illegal-retract")]),
    # the nine of trumps (9♣) is the face-up card itself: cannot have happened (SS-R11)
    ({"event": "exchange", "player": "Ann"}, [(3, "illegal-exchange")]),
    # no trick yet, so no draw is due (SS-R2: nothing drawn, applied); then the log ends (G5)
    ({"event": "draw", "player": "Ann", "cards": ["KS"]},
     [(3, "illegal-draw"), (3, "incomplete-hand")]),
    # not a player of the match (G3)
    ({"event": "declare_out", "player": "Zed"}, [(3, "unknown-player")]),
])
def test_odd_events_get_their_findings(e, want):
    rec = run_log([match(), deal(*A), e])
    assert rec.codes == want
    assert hand_of(rec).status == "unscored"
