"""Eighty-Three: tables, auction, trumps, gives and discards, play, scoring, revokes, the game to
200, and the project rulings E-R1 … of docs/eighty-three.md.

Most hands are the G1 layout (tools/eighty_three_logs.py): hearts trumps, 5♦ the
off-five; teams Ann & Cat (A) and Bob & Dan (B); Ann declares.
  Ann: AH KH QH JH AC AS   Bob: 2H JK 8H 5D KD QD   Cat: 3H 6H 9H 5H KC KS   Dan: 4H 7H 10H 2C AD 2S
Played as G1_TRICKS, A takes 2+40+30+6 = 78 card points and B takes 5 (the off-five).
Played as G1_RUN, A takes 2+40+30+11 = 83 and B none.
"""
from __future__ import annotations

import io
import json

import pytest

from referee import events as ev
from referee.cards import ALL_CARDS, JOKER
from referee.games.eighty_three import rules as e83
from referee.games.eighty_three.rules import (Bid, EightyThree, ORDERS, TRUMP_POINTS, bid_score,
                                        card_points, off_five, trump_cards)
from referee.games.policy import policy_for
from referee.games.thirty_three.rules import ThirtyThree
from referee.legal import legal_actions
from referee.replay import replay_until
from tools.eighty_three_logs import (DEFAULT_AUCTION, G1, G1_RUN, G1_TRICKS, g1, hand_events,
                                     line_of, match, play_line, rotated)

from .conftest import run_log

TOT = {"Ann": 78, "Cat": 78, "Bob": 5, "Dan": 5}


def totals(rec):
    return rec.last.totals


def codes_only(rec):
    return [c for _, c in rec.codes]


def line_where(log, **kw):
    return line_of(log, lambda e: all(e.get(k) == v for k, v in kw.items()))


# --- the rules as data ---------------------------------------------------------------------


def test_trump_points_add_up_to_83():
    # A 1 + K 25 + Q 20 + J 1 + 10 1 + 9 9 + five 5 + off-five 5 + 2 1 + joker 15 = 83
    assert sum(TRUMP_POINTS.values()) == 1 + 25 + 20 + 1 + 1 + 9 + 5 + 5 + 1 + 15 == 83
    for s in "CDHS":
        assert sum(card_points(c, s) for c in e83.DECK.cards) == 83


def test_trump_ranking_hearts():
    """A K Q J 10 9 8 7 6 5♥, 5♦ (off-five), 4 3 2, joker lowest; 15 trumps."""
    assert [str(c) for c in trump_cards("H")] == \
        "AH KH QH JH 10H 9H 8H 7H 6H 5H 5D 4H 3H 2H JK".split()
    o = ORDERS["H"]
    assert o.power[ALL_CARDS["5H"]] > o.power[ALL_CARDS["5D"]] > o.power[ALL_CARDS["4H"]]
    assert o.power[JOKER] < o.power[ALL_CARDS["2H"]]
    assert min(o.power[c] for c in trump_cards("H")) > max(
        o.power[c] for c in e83.DECK.cards if not o.is_trump(c))


def test_off_five_and_joker_belong_to_no_plain_suit():
    for t, off in (("H", "5D"), ("D", "5H"), ("S", "5C"), ("C", "5S")):
        o = ORDERS[t]
        assert off_five(t) == ALL_CARDS[off]
        assert o.suit_of[ALL_CARDS[off]] == t and o.suit_of[JOKER] == t
        assert ALL_CARDS[off] not in o.suits[off[-1]]
        assert len(o.suits[off[-1]]) == 12 and len(o.suits[t]) == 15


def test_card_points_only_for_trumps():
    # spades trumps: 5♣ is the off-five (5); K♥ is plain (0); K♠ 25.
    assert card_points(ALL_CARDS["5C"], "S") == 5
    assert card_points(ALL_CARDS["KH"], "S") == 0
    assert card_points(ALL_CARDS["KS"], "S") == 25
    assert card_points(ALL_CARDS["5D"], "S") == 0


@pytest.mark.parametrize("bid,taken,penalty,want", [
    (Bid(60), 78, "points", (True, 78)),         # made: score what was taken
    (Bid(40), 38, "points", (False, -38)),       # set: lose the 38 taken
    (Bid(40), 38, "bid", (False, -40)),          # set: lose the 40 bid
    (Bid(83), 83, "points", (True, 83)),         # 83 needs all 83
    (Bid(83), 82, "points", (False, -82)),
    (Bid(83), 82, "bid", (False, -83)),
    (Bid(83, True), 83, "points", (True, 166)),  # 83 doubled: 2 × 83
    (Bid(83, True), 82, "points", (False, -166)),
    (Bid(83, True), 0, "bid", (False, -166)),
])
def test_bid_score(bid, taken, penalty, want):
    assert bid_score(bid, taken, penalty) == want


def test_doubled_only_with_83():
    assert Bid(60, True).doubled is False and Bid(83, True).key == 84 > Bid(83).key == 83


# --- teams (base helpers) ------------------------------------------------------------------


def test_teams_and_partners():
    eng = EightyThree(["Ann", "Bob", "Cat", "Dan"], None)
    assert eng.teams() == [("Ann", "Cat"), ("Bob", "Dan")]
    assert eng.partner_of("Ann") == "Cat" and eng.partner_of("Dan") == "Bob"
    assert eng.team_of("Cat") == ("Ann", "Cat")
    solo = ThirtyThree(["A", "B", "C"], None)
    assert solo.teams() == [("A",), ("B",), ("C",)] and solo.partner_of("A") is None


# --- a clean hand, score output ------------------------------------------------------------


def test_clean_hand_scores_by_team():
    # Ann 60 made with 78: A +78; B +5 (the off-five won in trick 4).
    rec = run_log(match(g1()))
    assert rec.codes == []
    h = rec.hands[0]
    assert h.declarer == "Ann" and h.contract == "60 hearts" and h.status == "scored"
    assert h.deltas == TOT and totals(rec) == TOT
    assert not rec.last.finished and rec.last.winners == []


def test_score_event_may_name_one_partner():
    log = match(g1(), between={0: [{"event": "score", "totals": {"Cat": 78, "Dan": 5}}]})
    assert run_log(log).codes == []
    log = match(g1(), between={0: [{"event": "score", "totals": {"Cat": 78, "Bob": 6}}]})
    assert codes_only(run_log(log)) == ["score-mismatch"]


def test_score_text_and_json_show_team_totals(tmp_path):
    from click.testing import CliRunner
    from referee.cli import main as cli
    p = tmp_path / "g.jsonl"
    p.write_text("".join(json.dumps(e) + "\n" for e in match(g1())))
    out = CliRunner().invoke(cli, ["score", str(p)]).output
    assert "teams: Ann & Cat 78, Bob & Dan 5" in out
    js = json.loads(CliRunner().invoke(cli, ["score", "--format", "json", str(p)]).output)
    assert js["totals"] == TOT and js["hands"][0]["deltas"] == TOT


def test_history_shows_teams_gives_and_discards(tmp_path):
    from click.testing import CliRunner
    from referee.cli import main as cli
    p = tmp_path / "g.jsonl"
    p.write_text("".join(json.dumps(e) + "\n" for e in match(_give_hand())))
    out = CliRunner().invoke(cli, ["history", str(p)]).output
    assert "teams      Ann & Cat v Bob & Dan" in out
    assert "Ann gives 9♠ to Cat" in out and "Cat discards" in out
    assert "contract: 30 in spades by Ann & Cat, declarer Ann" in out


# --- deal checks and the dealer ------------------------------------------------------------


def test_misdeal_eleven_cards():
    log = match(g1())
    d = log[1]
    d["hands"]["Bob"] = d["hands"]["Bob"][:-1]
    d["kitty"] = d["kitty"] + [log[1]["hands"]["Ann"][-1]]  # 53 cards still, counts wrong
    d["hands"]["Ann"] = d["hands"]["Ann"][:-1]
    rec = run_log(log)
    assert rec.codes == [(2, "misdeal")] and rec.hands[0].status == "unscored"


def test_misdeal_duplicate_card():
    log = match(g1())
    log[1]["kitty"][0] = log[1]["hands"]["Bob"][0]
    assert run_log(log).codes == [(2, "misdeal")]


def test_deal_passes_to_the_left_and_wrong_dealer():
    # Dan deals hand 1; hand 2 must be Ann's (the next seat).  Bob dealing is wrong-dealer,
    # still replayed: A +78 twice, status irregular.
    h2 = rotated(rotated(g1()))  # the same hand moved two seats: dealt by Bob, Cat declares
    log = match(g1(), h2)
    rec = run_log(log)
    assert rec.codes == [(len(g1()) + 2, "wrong-dealer")]
    assert rec.hands[1].status == "irregular"
    assert totals(rec) == {"Ann": 156, "Cat": 156, "Bob": 10, "Dan": 10}
    ok = match(g1(), rotated(g1()))  # dealt by Ann: fine
    assert run_log(ok).codes == []


# --- the auction (E1, E7) --------------------------------------------------------------------


def test_dealer_forced_to_bid_30():
    """E1: dealer Dan; Ann, Bob, Cat pass, so Dan must bid: 30.  Dan leads trick 1 with 4♥ (won
    by Ann's A♥), the rest as G1.  Bob & Dan take 5 < 30: set, lose the 5 taken; Ann & Cat +78."""
    auction = [("pass", "Ann"), ("pass", "Bob"), ("pass", "Cat"), ("bid", "Dan", 30)]
    log = match(g1(auction=auction, trump_by="Dan",
                   tricks=["Dan 4H, Ann AH, Bob 2H, Cat 3H"] + G1_TRICKS[1:]))
    rec = run_log(log)
    assert rec.codes == []
    assert rec.hands[0].declarer == "Dan"
    assert totals(rec) == {"Ann": 78, "Cat": 78, "Bob": -5, "Dan": -5}


def test_dealer_pass_after_three_passes_is_illegal_and_not_applied():
    auction = [("pass", "Ann"), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan"),
               ("bid", "Dan", 30)]
    log = match(g1(auction=auction, tricks=["Dan 4H, Ann AH, Bob 2H, Cat 3H"] + G1_TRICKS[1:]))
    rec = run_log(log)
    assert rec.codes == [(line_where(log, event="pass", player="Dan"), "illegal-pass")]
    # the pass was not applied: Dan's bid stands and the hand is scored (irregular, G2)
    assert rec.hands[0].status == "irregular" and rec.hands[0].declarer == "Dan"
    assert totals(rec) == {"Ann": 78, "Cat": 78, "Bob": -5, "Dan": -5}


def test_bids_must_rise_too_low_is_applied():
    auction = [("bid", "Ann", 50), ("bid", "Bob", 50), ("pass", "Cat"), ("pass", "Dan"),
               ("bid", "Ann", 60), ("pass", "Bob")]
    log = match(g1(auction=auction))
    rec = run_log(log)
    assert rec.codes == [(line_where(log, event="bid", player="Bob"), "illegal-bid")]
    assert rec.hands[0].declarer == "Ann" and rec.hands[0].status == "irregular"
    assert totals(rec) == TOT


def test_rising_auction_with_83_doubled_above_83():
    auction = [("bid", "Ann", 40), ("bid", "Bob", 83), ("bid", "Cat", 83, True), ("pass", "Dan"),
               ("pass", "Ann"), ("pass", "Bob")]
    """83 doubled outranks 83.  Cat wins the auction (and takes the kitty); Ann, her partner,
    leads trick 1 anyway: out-of-turn, applied.  Ann & Cat take 78 < 83: set, −166; B +5."""
    log = match(g1(auction=auction, declarer="Cat", tricks=G1_TRICKS))
    rec = run_log(log)
    assert rec.codes == [(line_of(log, lambda e: e["event"] == "play"), "out-of-turn")]
    assert rec.hands[0].contract == "83 dbl hearts"
    assert totals(rec) == {"Ann": -166, "Cat": -166, "Bob": 5, "Dan": 5}


def test_doubled_on_a_lower_bid_is_illegal_read_as_plain():
    # 60 "doubled" is read as 60: made with 78 → +78 (not 166)
    log = match(g1(auction=[("bid", "Ann", 60, True)] + DEFAULT_AUCTION[1:]))
    rec = run_log(log)
    assert rec.codes == [(3, "illegal-bid")]
    assert rec.hands[0].contract == "60 hearts" and totals(rec) == TOT


@pytest.mark.parametrize("pts", [29, 84, 0, -30])
def test_bid_out_of_range_is_bad_event(pts):
    log = match(g1(auction=[("bid", "Ann", pts)] + DEFAULT_AUCTION[1:]))
    rec = run_log(log)
    assert rec.codes == [(3, "bad-event")]
    assert rec.hands[0].status == "unscored" and totals(rec)["Ann"] == 0


def test_bid_without_points_is_bad_event():
    log = match(g1())
    log[2] = {"event": "bid", "player": "Ann", "game": "hearts", "level": 18}
    rec = run_log(log)
    assert rec.codes == [(3, "bad-event")]


def test_bid_out_of_turn_is_applied():
    """E-R4: Bob speaks before Ann: out-of-turn (applied); the turn goes on from Bob (Cat, Dan,
    then Ann, who outbids him and wins)."""
    auction = [("bid", "Bob", 35), ("pass", "Cat"), ("pass", "Dan"), ("bid", "Ann", 60),
               ("pass", "Bob")]
    log = match(g1(auction=auction))
    rec = run_log(log)
    assert rec.codes == [(3, "out-of-turn")]
    assert totals(rec) == TOT


def test_passed_player_bidding_again_is_out_of_turn_and_back_in():
    """E-R3: the bid is applied and the player is back in the auction."""
    auction = [("pass", "Ann"), ("bid", "Bob", 40), ("bid", "Ann", 60), ("pass", "Bob"),
               ("pass", "Cat"), ("pass", "Dan")]
    log = match(g1(auction=auction))
    rec = run_log(log)
    assert rec.codes == [(5, "out-of-turn")]
    assert rec.hands[0].declarer == "Ann" and totals(rec) == TOT


def test_repeated_pass_is_out_of_turn_and_ignored():
    auction = [("bid", "Ann", 60), ("pass", "Bob"), ("pass", "Bob"), ("pass", "Cat"),
               ("pass", "Dan")]
    rec = run_log(match(g1(auction=auction)))
    assert rec.codes == [(5, "out-of-turn")] and totals(rec) == TOT


def test_dealer_who_passed_early_still_owes_the_forced_bid():
    """E-R5: Dan (dealer) passes out of turn before anyone bids; when the others have all passed,
    he is back in and must bid."""
    auction = [("pass", "Dan"), ("pass", "Ann"), ("pass", "Bob"), ("pass", "Cat"),
               ("bid", "Dan", 30)]
    log = match(g1(auction=auction, tricks=["Dan 4H, Ann AH, Bob 2H, Cat 3H"] + G1_TRICKS[1:]))
    rec = run_log(log)
    assert rec.codes == [(3, "out-of-turn")]
    assert rec.hands[0].declarer == "Dan"


def test_R16_standing_bidders_own_pass_does_not_withdraw_the_bid():
    """T14 in Eighty-Three (R11): Ann bids 60 (3), then passes out of turn (4: it was Bob's
    turn; applied, the turn goes on from Ann to Bob); her bid still stands, so once Bob, Cat and
    Dan have passed (5-7) she has won the auction and names trumps.  Score as the clean G1
    hand: A 78, B 5 (module docstring)."""
    auction = [("bid", "Ann", 60), ("pass", "Ann"), ("pass", "Bob"), ("pass", "Cat"),
               ("pass", "Dan")]
    rec = run_log(match(g1(auction=auction, declarer="Ann")))
    assert rec.codes == [(4, "out-of-turn")]
    assert rec.hands[0].declarer == "Ann" and totals(rec) == TOT


def test_play_during_the_auction_is_out_of_phase():
    log = match(g1())
    log.insert(3, {"event": "play", "player": "Bob", "card": "2H"})
    rec = run_log(log)
    assert rec.codes == [(4, "out-of-phase")] and rec.hands[0].status == "unscored"


def test_other_games_events_are_bad_event():
    log = match(g1())
    log.insert(7, {"event": "kontra", "player": "Bob"})
    assert run_log(log).codes == [(8, "bad-event")]


# --- trumps (E7, E-R6) -----------------------------------------------------------------------


def test_trump_by_the_wrong_player_is_applied_kitty_to_winner():
    # Cat names hearts for Ann: out-of-turn, applied; Ann still takes the kitty and discards it
    # with her fillers (no card-not-held), and the hand scores as G1.
    log = match(g1(trump_by="Cat"))
    rec = run_log(log)
    assert rec.codes == [(line_where(log, event="trump"), "out-of-turn")]
    assert totals(rec) == TOT and rec.hands[0].status == "irregular"


def test_trump_before_the_auction_ends_is_out_of_phase():
    log = match(g1(auction=[("bid", "Ann", 60), ("pass", "Bob")]))
    rec = run_log(log)
    assert rec.codes == [(5, "out-of-phase")] and rec.hands[0].status == "unscored"


def test_second_trump_same_suit_ignored_other_suit_unscored():
    log = match(g1())
    t = line_where(log, event="trump")
    same = log[:t] + [dict(log[t - 1])] + log[t:]
    assert run_log(same).codes == []
    other = log[:t] + [dict(log[t - 1], suit="spades")] + log[t:]
    rec = run_log(other)
    assert rec.codes == [(t + 1, "illegal-trump")] and rec.hands[0].status == "unscored"


def test_trump_with_no_suit_is_bad_event():
    log = match(g1())
    t = line_where(log, event="trump")
    log[t - 1]["suit"] = "nines"
    assert run_log(log).codes == [(t, "bad-event")]


# --- gives and discards (E2, E7, E-R1, E-R2, E-R7, E-R8) -------------------------------------

GIVE_FINAL = {"Ann": "AS 10S 8S 4S 3S 2S", "Cat": "9S 7S 6S AH KH QH",
              "Bob": "QS JS 5C JK AD KD", "Dan": "KS 5S AC KC QC JC"}
"""Spades trumps (5♣ the off-five).  Ann is dealt 7 trumps (AS 10S 9S 8S 4S 3S 2S) and gives 9♠
to Cat: 7 − 6 = 1 over, so one may go."""
GIVE_TRICKS = ["Ann AS, Bob JS, Cat 6S, Dan 5S",   # AS wins: 1+1+5 = 7 -> A
               "Ann 2S, Bob QS, Cat 7S, Dan KS",   # KS wins: 1+20+25 = 46 -> B
               "Dan AC, Ann 3S, Bob AD, Cat 9S",   # 9S over 3S (Bob: 5C is no club): 9 -> A
               "Cat AH, Dan QC, Ann 4S, Bob 5C",   # 5C (off-five) over 4S: 5 -> B
               "Bob JK, Cat KH, Dan JC, Ann 8S",   # trump lead, Ann must trump: 8S wins, 15 -> A
               "Ann 10S, Bob KD, Cat QH, Dan KC"]  # 1 -> A
"""A 7+9+15+1 = 32, B 46+5 = 51 (32+51 = 83)."""


def _give_hand(**kw):
    kw.setdefault("gives", [("Ann", "Cat", "9S")])
    auction = kw.pop("auction", [("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan"),
                                 ("bid", "Ann", 30)])
    return hand_events(GIVE_FINAL, "S", dealer="Ann", auction=auction,
                       tricks=kw.pop("tricks", GIVE_TRICKS), **kw)


def test_give_of_extra_trump_to_partner():
    # Ann (dealer) forced to 30; made with 32: A +32, B +51.
    rec = run_log(match(_give_hand()))
    assert rec.codes == []
    assert totals(rec) == {"Ann": 32, "Cat": 32, "Bob": 51, "Dan": 51}


def _give_line(log):
    return line_where(log, event="give")


def _altered_give(**changes):
    """The give hand up to the first card, its give event changed; returns (log, give line)."""
    log = match(_give_hand(tricks=[]))
    g = _give_line(log)
    log[g - 1].update(changes)
    return log, g


def test_give_to_an_opponent_is_illegal_and_applied():
    """E-R7: the card moves as recorded (Bob holds 9♠ after the give)."""
    log, g = _altered_give(to="Bob")
    rec = run_log(log)
    assert (g, "illegal-give") in rec.codes
    f = [x for x in rec.findings if x.code == "illegal-give"][0]
    assert "Bob is not Ann's partner (Cat is)" in f.message
    eng = _engine_at(log, g + 1, clean=False)
    assert ALL_CARDS["9S"] in eng.hand.hands["Bob"]
    assert ALL_CARDS["9S"] not in eng.hand.hands["Ann"]


def test_give_of_a_plain_card_and_without_excess_is_illegal():
    # Bob holds 4 trumps (QS JS 5C JK): he may give nothing; AD is no trump either.
    log, g = _altered_give()
    log.insert(g, {"event": "give", "player": "Bob", "to": "Dan", "cards": ["AD"]})
    rec = run_log(log)
    f = [x for x in rec.findings if x.code == "illegal-give"]
    assert len(f) == 1 and f[0].line == g + 1
    assert "A♦ is not a trump" in f[0].message and "holds 4 trumps" in f[0].message


def test_give_more_than_the_excess_is_illegal():
    # Ann holds 7 trumps: excess 7 − 6 = 1; she gives 2 (9S 8S).
    log, g = _altered_give(cards=["9S", "8S"])
    rec = run_log(log)
    f = [x for x in rec.findings if x.code == "illegal-give"]
    assert [x.line for x in f] == [g]
    assert "at most the 1 over 6" in f[0].message


def test_give_after_the_receiver_discarded_is_illegal():
    log = match(_give_hand(tricks=[]))
    g = _give_line(log)
    cat = line_where(log, event="discard", player="Cat")
    give = log.pop(g - 1)
    log.insert(cat - 1, give)  # now after Cat's discard (Cat's line moved up by one)
    rec = run_log(log)
    assert (cat, "illegal-give") in rec.codes


def test_give_to_oneself_moves_nothing():
    log = match(_give_hand(gives=[("Ann", "Cat", "9S")], tricks=[]))
    g = _give_line(log)
    log.insert(g, {"event": "give", "player": "Bob", "to": "Bob", "cards": ["JK"]})
    rec = run_log(log)
    assert (g + 1, "illegal-give") in rec.codes


def test_give_of_a_card_not_held_is_unscored():
    log = match(_give_hand(gives=[("Ann", "Cat", "9S")]))
    g = _give_line(log)
    log[g - 1]["cards"] = ["KS"]  # Dan's
    rec = run_log(log)
    assert rec.codes == [(g, "card-not-held")] and rec.hands[0].status == "unscored"


def test_declarer_holding_the_kitty_must_discard():
    """E-R2: the bid winner who writes no discard holds 6 + 5 kitty cards at the first card:
    illegal-discard there, and the hand is played as held (the 5 extra cards stay unplayed)."""
    log = match(g1(skip_discard=("Ann",)))
    rec = run_log(log)
    first = line_of(log, lambda e: e["event"] == "play")
    assert rec.codes == [(first, "illegal-discard")]
    assert totals(rec) == TOT and rec.hands[0].status == "irregular"


def test_no_discard_needed_with_six_cards():
    """E7, E-R2: Bob is dealt 12 trumps, gives the 12 − 6 = 6 over six to Dan and writes no
    discard: he holds 6 cards, so no finding.  Dan (18 cards, 6 trumps) discards 12 plain."""
    final = {"Bob": "AH KH QH JH 10H 9H", "Dan": "8H 7H 6H 5H 5D JK",
             "Ann": "4H AC KC QC JC 10C", "Cat": "3H 2H AS KS QS JS"}
    tricks = ["Ann 4H, Bob AH, Cat 3H, Dan 8H",   # AH: 1 -> B
              "Bob KH, Cat 2H, Dan 7H, Ann AC",   # 25+1 = 26 -> B
              "Bob QH, Cat AS, Dan 6H, Ann KC",   # 20 -> B
              "Bob JH, Cat KS, Dan 5H, Ann QC",   # 1+5 = 6 -> B
              "Bob 10H, Cat QS, Dan 5D, Ann JC",  # 1+5 = 6 -> B
              "Bob 9H, Cat JS, Dan JK, Ann 10C"]  # 9+15 = 24 -> B: 1+26+20+6+6+24 = 83
    log = match(hand_events(final, "H", dealer="Dan", auction=DEFAULT_AUCTION[:1] + [
        ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")], declarer="Ann",
        gives=[("Bob", "Dan", "8H 7H 6H 5H 5D JK")], tricks=tricks, skip_discard=("Bob",)))
    rec = run_log(log)
    assert rec.codes == []
    # Ann bid 60 and took 0: set, loses the 0 taken; B +83.
    assert totals(rec) == {"Ann": 0, "Cat": 0, "Bob": 83, "Dan": 83}


def test_discard_of_a_point_trump_is_illegal_and_counts_for_nobody():
    """E2/E7: Cat is dealt 9♥ (9 points) and discards it, keeping 2♦ instead; she holds 4
    trumps, not more than 6.  The 9 points leave play: A 2 + 40 + (QH 20 + 5H 5 + 10H 1 = 26) + JH 1 = 69,
    B 5; 69 + 5 = 74 = 83 − 9."""
    final = dict(G1, Cat="3H 6H 5H 2D KC KS")
    tricks = ["Ann AH, Bob 2H, Cat 3H, Dan 4H", "Ann KH, Bob JK, Cat 6H, Dan 7H",
              "Ann QH, Bob 8H, Cat 5H, Dan 10H", "Ann AC, Bob 5D, Cat KC, Dan 2C",
              "Bob KD, Cat 2D, Dan AD, Ann AS", "Dan 2S, Ann JH, Bob QD, Cat KS"]
    log = match(hand_events(final, "H", dealer="Dan", auction=DEFAULT_AUCTION, tricks=tricks,
                            dealt_extra={"Cat": ["9H"]}))
    rec = run_log(log)
    assert rec.codes == [(line_where(log, event="discard", player="Cat"), "illegal-discard")]
    assert "9♥ is a point trump" in rec.findings[0].message
    assert totals(rec) == {"Ann": 69, "Cat": 69, "Bob": 5, "Dan": 5}


def test_discard_of_a_non_point_trump_needs_more_than_six_trumps():
    """Dan holds 7H 10H and is dealt 4H to discard: 3 trumps, not more than 6: illegal-discard.
    4H is worth nothing: A 2 + (25+15+1 = 41) + (20+9 = 29) + 6 = 78, B 5."""
    final = dict(G1, Dan="7H 10H 2D 2C AD 2S")
    tricks = ["Ann AH, Bob 2H, Cat 3H, Dan 7H", "Ann KH, Bob JK, Cat 6H, Dan 10H",
              "Ann QH, Bob 8H, Cat 9H, Dan 2D"] + G1_TRICKS[3:]
    log = match(hand_events(final, "H", dealer="Dan", auction=DEFAULT_AUCTION, tricks=tricks,
                            dealt_extra={"Dan": ["4H"]}))
    rec = run_log(log)
    assert rec.codes == [(line_where(log, event="discard", player="Dan"), "illegal-discard")]
    assert "may not discard a trump" in rec.findings[0].message
    assert totals(rec) == TOT


G3 = {"Ann": "AH KH QH JH 10H 7H", "Bob": "2H JK 2C AS KS QS", "Cat": "9H 5H AD KD QD JD",
      "Dan": "8H 6H 5D AC KC QC"}
"""Hearts; Ann is also dealt 4♥ and 3♥: 8 trumps, excess 8 − 6 = 2."""


def test_discard_of_trumps_up_to_the_excess():
    """E2, E-R8: Ann may discard 4♥ 3♥ (2 ≤ 2) but not 4♥ 3♥ 7♥ (3 > 2)."""
    log = match(hand_events(G3, "H", dealer="Dan", auction=DEFAULT_AUCTION, tricks=[],
                            dealt_extra={"Ann": ["4H", "3H"]}))
    d = line_where(log, event="discard", player="Ann")
    assert {"4H", "3H"} <= set(log[d - 1]["cards"])
    assert run_log(log).codes == [(len(log), "incomplete-hand")]
    log[d - 1]["cards"] = log[d - 1]["cards"][:-1] + ["7H"]   # keeps a filler instead of 7♥
    rec = run_log(log)
    assert rec.codes == [(d, "illegal-discard"), (len(log), "incomplete-hand")]
    assert "discards 3 trumps holding 8: at most the 2 over 6" in rec.findings[0].message


def test_discard_leaving_seven_cards_keeps_one():
    """E7: Bob discards only 5 of his 6 fillers: illegal-discard, applied; he plays six tricks
    and keeps one card; the hand is scored (irregular)."""
    log = match(g1())
    d = line_where(log, event="discard", player="Bob")
    log[d - 1]["cards"] = log[d - 1]["cards"][:-1]
    rec = run_log(log)
    assert rec.codes == [(d, "illegal-discard")]
    assert rec.hands[0].status == "irregular" and totals(rec) == TOT


def test_discard_leaving_five_cards_ends_the_hand_unscored():
    """E7: Dan discards 7 (a filler and 2S); he has no card for trick 6: incomplete-hand at the
    last card of trick 5; the hand is unscored and the rest is skipped."""
    log = match(g1(tricks=G1_TRICKS[:5] + ["Ann JH, Bob QD, Cat 5H"]))
    d = line_where(log, event="discard", player="Dan")
    log[d - 1]["cards"] = log[d - 1]["cards"] + ["2S"]
    rec = run_log(log)
    t5_last = play_line(log, "Ann", "AS")
    assert rec.codes == [(d, "illegal-discard"), (t5_last, "incomplete-hand")]
    assert rec.hands[0].status == "unscored" and totals(rec)["Ann"] == 0
    # the hand stops only because of Dan's discard of 7 (issue 14 item 5): its cause is line d
    short = rec.findings[1]
    assert (short.rule, short.cause) == ("E7", d)
    assert short.evidence == {"hand": 1, "players": ["Dan"], "trick": 6}


def test_second_discard_is_illegal():
    """E-R1: one discard each; Bob discards 3, then 3 more: the second is illegal-discard (and
    the first left 9 cards, also illegal-discard)."""
    log = match(g1())
    d = line_where(log, event="discard", player="Bob")
    cs = log[d - 1]["cards"]
    log[d - 1]["cards"] = cs[:3]
    log.insert(d, {"event": "discard", "player": "Bob", "cards": cs[3:]})
    rec = run_log(log)
    assert rec.codes == [(d, "illegal-discard"), (d + 1, "illegal-discard")]
    assert totals(rec) == TOT


def test_discards_in_any_order():
    """E-R1: gives and discards have no turn order."""
    log = match(g1())
    d = [i for i, e in enumerate(log) if e["event"] == "discard"]
    block = [log[i] for i in d][::-1]
    for i, e in zip(d, block):
        log[i] = e
    assert run_log(log).codes == []


def test_discard_during_play_is_out_of_phase():
    log = match(g1())
    p = play_line(log, "Bob", "2H")
    log.insert(p, {"event": "discard", "player": "Cat", "cards": ["KS"]})
    rec = run_log(log)
    assert rec.codes == [(p + 1, "out-of-phase")] and rec.hands[0].status == "unscored"


def test_discard_of_a_card_not_held():
    log = match(g1())
    d = line_where(log, event="discard", player="Bob")
    log[d - 1]["cards"][0] = "AH"
    rec = run_log(log)
    assert rec.codes == [(d, "card-not-held")] and rec.hands[0].status == "unscored"


# --- play (E3) ---------------------------------------------------------------------------------


def test_plain_lead_may_be_trumped_by_a_player_holding_the_suit():
    # trick 4: Cat holds KC and 5H; she may play 5H (a trump) on the club lead instead of KC.
    tricks = G1_TRICKS[:3] + ["Ann AC, Bob 5D, Cat 5H, Dan 2C",   # 5H over 5D: Cat wins 5+5
                              "Cat KC, Dan AD, Ann AS, Bob KD",   # KC wins (no trump), 0
                              "Cat KS, Dan 2S, Ann JH, Bob QD"]   # JH wins: 1 -> A
    rec = run_log(match(g1(tricks=tricks)))
    # A: 2+40+30 + 10 + 1 = 83; B 0
    assert rec.codes == [] and totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def _revoke_log(trick_no, trick, rest=None):
    tricks = list(G1_TRICKS)
    tricks[trick_no - 1] = trick
    if rest is not None:
        tricks[trick_no:] = rest
    return match(g1(tricks=tricks))


def test_plain_lead_revoke_holding_the_suit():
    # trick 4: Dan holds 2C AD 2S and plays AD on the club lead: revoke; established when Bob
    # leads trick 5.  Defenders revoked (E6): Ann & Cat make 60 with all 83 → +83; B 0.
    log = _revoke_log(4, "Ann AC, Bob 5D, Cat KC, Dan AD",
                      ["Bob KD, Cat KS, Dan 2C, Ann AS", "Ann JH, Bob QD, Cat 5H, Dan 2S"])
    rec = run_log(log)
    rv = play_line(log, "Dan", "AD")
    assert rec.codes == [(rv, "revoke")]
    f = rec.findings[0]
    assert f.player == "Dan" and f.trick == 4
    assert "holding 2♣ (clubs)" in f.message and "E6" in f.message
    assert f"established at line {play_line(log, 'Bob', 'KD')}" in f.message
    assert rec.hands[0].status == "penalty"
    assert totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def test_trump_lead_revoke_with_the_off_five():
    # G1_RUN trick 4: Ann leads JH; Bob's only trump is 5D and he plays KD: revoke.  The finding
    # says 5♦ is a trump here.  Defenders revoked: A +83, B 0.
    log = match(g1(tricks=G1_RUN[:3] + ["Ann JH, Bob KD, Cat 5H, Dan 2C",
                                        "Ann AC, Bob 5D, Cat KC, Dan AD"]))
    rec = run_log(log)
    assert rec.codes == [(play_line(log, "Bob", "KD"), "revoke")]
    msg = rec.findings[0].message
    assert "holding 5♦ (hearts, trumps)" in msg and "the 5♦ held is a trump here (the off-five)" in msg
    assert totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def test_revoke_repaired_by_retract_is_a_warning():
    log = match(g1(tricks=G1_RUN))
    kd = play_line(log, "Bob", "5D")
    log[kd - 1] = {"event": "play", "player": "Bob", "card": "KD"}
    log.insert(kd, {"event": "retract", "player": "Bob", "card": "KD"})
    log.insert(kd + 1, {"event": "play", "player": "Bob", "card": "5D"})
    rec = run_log(log)
    assert [(f.line, f.code, f.severity) for f in rec.findings] == [(kd, "revoke", "warning")]
    assert rec.hands[0].status == "scored"
    assert totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def test_retract_of_a_legal_card_is_illegal_retract():
    log = match(g1())
    p = play_line(log, "Bob", "2H")
    log.insert(p, {"event": "retract", "player": "Bob", "card": "2H"})
    log.insert(p + 1, {"event": "play", "player": "Bob", "card": "2H"})
    rec = run_log(log)
    assert rec.codes == [(p + 1, "illegal-retract")] and totals(rec) == TOT


def test_revoke_by_the_bidding_team_loses_the_bid_whatever_set_penalty():
    # trick 4: Cat holds KC (and 5H) and plays KS on the club lead: revoke by the bidders.
    # E6: Ann & Cat set, −60 (the bid, even under "points"); Bob & Dan +83.
    tricks = ["Ann AC, Bob 5D, Cat KS, Dan 2C", "Bob KD, Cat KC, Dan AD, Ann AS"]
    for rules in (None, {"set_penalty": "points"}, {"set_penalty": "bid"}):
        log = match(g1(tricks=G1_TRICKS[:3] + tricks), rules=rules)
        rec = run_log(log)
        assert rec.codes == [(play_line(log, "Cat", "KS"), "revoke")]
        assert totals(rec) == {"Ann": -60, "Cat": -60, "Bob": 83, "Dan": 83}


def test_revoke_against_83_doubled():
    # Ann bids 83 doubled; Dan revokes (defender): A +166.  Cat revokes (bidder): A −166, B +83.
    auction = [("bid", "Ann", 83, True), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")]
    log = match(g1(auction=auction, tricks=G1_TRICKS[:3] + ["Ann AC, Bob 5D, Cat KC, Dan AD",
                                                            "Bob KD"]))
    assert totals(run_log(log)) == {"Ann": 166, "Cat": 166, "Bob": 0, "Dan": 0}
    log = match(g1(auction=auction, tricks=G1_TRICKS[:3] + ["Ann AC, Bob 5D, Cat KS, Dan 2C",
                                                            "Bob KD"]))
    assert totals(run_log(log)) == {"Ann": -166, "Cat": -166, "Bob": 83, "Dan": 83}


def test_revoke_open_at_the_end_of_the_log_is_established():
    """Trick 5: Bob leads K♦; Dan holds A♦ 2♠ and plays 2♠: a revoke.  The log ends there, so
    it is established (G11): defenders at fault, A +83 (E6)."""
    log = _revoke_log(5, "Bob KD, Cat KS, Dan 2S, Ann AS", [])
    rec = run_log(log)
    assert rec.codes == [(play_line(log, "Dan", "2S"), "revoke")]
    assert totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def test_out_of_turn_lead_is_applied():
    log = match(g1(tricks=["Bob 2H, Cat 3H, Dan 4H, Ann AH"] + G1_TRICKS[1:]))
    rec = run_log(log)
    assert rec.codes == [(play_line(log, "Bob", "2H"), "out-of-turn")]
    assert totals(rec) == TOT and rec.hands[0].status == "irregular"


def test_play_before_trumps_is_out_of_phase():
    log = match(g1())
    t = line_where(log, event="trump")
    log.insert(t - 1, {"event": "play", "player": "Ann", "card": "AH"})
    rec = run_log(log)
    assert rec.codes == [(t, "out-of-phase")]


def test_card_after_the_last_trick_is_out_of_phase():
    log = match(g1()) + [{"event": "play", "player": "Ann", "card": "AH"}]
    rec = run_log(log)
    assert rec.codes == [(len(log), "out-of-phase")] and totals(rec) == TOT


def test_log_ending_mid_hand_is_incomplete():
    log = match(g1())[:-3]
    rec = run_log(log)
    assert rec.codes == [(len(log), "incomplete-hand")]
    assert rec.hands[0].status == "unscored"


# --- scoring variants (E4) ---------------------------------------------------------------------


def test_set_penalty_bid_loses_the_amount_bid():
    # Ann bids 80 and takes 78: set.  "points": −78; "bid": −80.  B +5 either way.
    auction = [("bid", "Ann", 80), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")]
    rec = run_log(match(g1(auction=auction)))
    assert totals(rec) == {"Ann": -78, "Cat": -78, "Bob": 5, "Dan": 5}
    rec = run_log(match(g1(auction=auction), rules={"set_penalty": "bid"}))
    assert totals(rec) == {"Ann": -80, "Cat": -80, "Bob": 5, "Dan": 5}


def test_plain_83_made_scores_83():
    auction = [("bid", "Ann", 83), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")]
    rec = run_log(match(g1(auction=auction, tricks=G1_RUN)))
    assert rec.codes == [] and totals(rec) == {"Ann": 83, "Cat": 83, "Bob": 0, "Dan": 0}


def test_83_doubled_set_loses_166():
    # A takes 78 of 83: set; −166; B +5.
    auction = [("bid", "Ann", 83, True), ("pass", "Bob"), ("pass", "Cat"), ("pass", "Dan")]
    rec = run_log(match(g1(auction=auction), rules={"set_penalty": "bid"}))
    assert totals(rec) == {"Ann": -166, "Cat": -166, "Bob": 5, "Dan": 5}


@pytest.mark.parametrize("rules", [{"set_penalty": "all"}, {"set_penalty": 3}, {"target": 100}])
def test_bad_rules_option(rules):
    rec = run_log(match(g1(), rules=rules))
    assert rec.codes == [(1, "bad-event")]


# --- the game to 200 (E5) ------------------------------------------------------------------------


def test_game_ends_when_a_team_reaches_200():
    # G1 three times (dealers Dan, Ann, Bob): A 78 → 156 → 234 ≥ 200; B 5 → 10 → 15.
    h1 = g1()
    h2 = rotated(g1())            # dealt by Ann, Bob declares: B +78, A +5
    h3 = rotated(rotated(g1()))   # dealt by Bob, Cat declares: A +78, B +5
    h4 = rotated(rotated(rotated(g1())))  # dealt by Cat, Dan declares: B +78
    h5 = g1()                     # dealt by Dan, Ann: A +78 → 78+5+78+5+78 = 244
    rec = run_log(match(h1, h2, h3, h4, h5, [dict(h1[0])]))
    assert [h.deltas["Ann"] for h in rec.hands] == [78, 5, 78, 5, 78]
    assert totals(rec) == {"Ann": 244, "Cat": 244, "Bob": 171, "Dan": 171}
    assert rec.last.finished and rec.last.winners == ["Ann", "Cat"]
    assert codes_only(rec) == ["match-over"]


def _engine_with(totals_before):
    """An engine fed the G1 hand after its totals were set by hand (E5 corner cases)."""
    from .conftest import Recorder
    from referee.replay import FileReplay
    run = FileReplay("t", Recorder())
    log = match(g1())
    run.item(1, ev.DECODER.decode(json.dumps(log[0])))
    run.engine.totals.update(totals_before)
    for i, e in enumerate(log[1:], start=2):
        run.item(i, ev.DECODER.decode(json.dumps(e)))
    return run.engine


def test_both_teams_reach_200_bidding_team_wins():
    # A (bidders) 122 + 78 = 200; B 199 + 5 = 204: both at 200 or more, B higher, yet the
    # bidding team A wins (E5).
    eng = _engine_with({"Ann": 122, "Cat": 122, "Bob": 199, "Dan": 199})
    assert eng.totals == {"Ann": 200, "Cat": 200, "Bob": 204, "Dan": 204}
    assert eng.finished and eng.winners == ["Ann", "Cat"]


def test_defenders_reaching_200_alone_win():
    # A (bidders) 0 + 78 = 78; B 196 + 5 = 201: B wins.
    eng = _engine_with({"Ann": 0, "Cat": 0, "Bob": 196, "Dan": 196})
    assert eng.finished and eng.winners == ["Bob", "Dan"]


def test_end_event_winners_are_both_partners():
    rec = run_log(match(g1()) + [{"event": "end"}])
    assert rec.last.finished and rec.last.winners == ["Ann", "Cat"]


# --- candidates (for referee.legal) --------------------------------------------------------------


def _engine_at(log, stop, clean=True):
    """The engine as it stands before line ``stop`` (no finding so far when ``clean``)."""
    data = "".join(json.dumps(e) + "\n" for e in log).encode()
    eng, _, found = replay_until(io.BytesIO(data), "t", stop)
    assert not clean or found == []
    return eng


def test_candidates_auction_and_forced_dealer():
    log = match(g1())
    eng = _engine_at(log, 3)  # Ann to speak first
    c = policy_for(eng).candidates(eng)
    assert len(c) == (83 - 30 + 1) + 1 + 1  # 30 … 83, 83 doubled, pass
    eng = _engine_at(match(g1(auction=[("bid", "Ann", 83)] + DEFAULT_AUCTION[1:])), 4)
    assert [(type(x).__name__, getattr(x, "points", None), getattr(x, "doubled", None))
            for x in legal_actions(eng)] == \
        [("Bid", 83, True), ("Pass", None, None)]
    forced = match(g1(auction=[("pass", "Ann"), ("pass", "Bob"), ("pass", "Cat"),
                               ("bid", "Dan", 30)]))
    eng = _engine_at(forced, 6)
    la = legal_actions(eng)
    assert all(isinstance(x, ev.Bid) and x.player == "Dan" for x in la) and len(la) == 55


def test_candidates_trump_and_discards_are_legal_supersets():
    log = match(g1())
    t = line_where(log, event="trump")
    eng = _engine_at(log, t)
    assert sorted(x.suit for x in legal_actions(eng)) == ["clubs", "diamonds", "hearts", "spades"]
    eng = _engine_at(log, t + 1)
    la = legal_actions(eng)
    assert la and all(isinstance(x, ev.Discard) for x in la)
    # every proposed discard leaves the player with 6 cards and holds no point trump
    for x in policy_for(eng).candidates(eng):
        assert len(eng.hand.hands[x.player]) - len(x.cards) == 6
    # the lowest plain cards are among them: Bob's six fillers
    bob = log[line_where(log, event="discard", player="Bob") - 1]["cards"]
    assert any(x.player == "Bob" and sorted(x.cards) == sorted(bob) for x in la)


def test_candidates_give_when_over_six_trumps():
    log = match(_give_hand())
    g = _give_line(log)
    eng = _engine_at(log, g)
    gives = [x for x in legal_actions(eng) if isinstance(x, ev.Give)]
    # Ann holds 7 trumps: excess 1, so each single trump may go to Cat: 7 gives
    assert len(gives) == 7 and {x.to for x in gives} == {"Cat"}


def test_candidates_play_follow_or_trump():
    log = match(g1())
    p = play_line(log, "Cat", "KC")  # trick 4: Ann AC, Bob 5D; Cat holds KC KS 5H
    eng = _engine_at(log, p)
    assert sorted(x.card for x in policy_for(eng).candidates(eng)) == ["5H", "KC", "KS"]
    assert sorted(x.card for x in legal_actions(eng)) == ["5H", "KC"]
    # first lead: the declarer's six cards
    first = line_of(log, lambda e: e["event"] == "play")
    eng = _engine_at(log, first)
    assert {x.player for x in legal_actions(eng)} == {"Ann"}
    assert sorted(x.card for x in legal_actions(eng)) == sorted(G1["Ann"].split())


def test_candidates_include_retract_of_an_open_revoke():
    log = _revoke_log(4, "Ann AC, Bob 5D, Cat KC, Dan AD", ["Bob KD"])
    eng = _engine_at(log, play_line(log, "Bob", "KD"))
    c = policy_for(eng).candidates(eng)
    assert c[0] == ev.Retract(player="Dan", card="AD")
    assert sorted(x.card for x in c[1:]) == ["KD", "QD"]  # Bob to lead trick 5


# --- robustness: bad input never raises (hypothesis) ------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

_BASE = match(g1(), _give_hand())
_FIELDS = {"player": st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Eve"]),
           "to": st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Eve"]),
           "card": st.sampled_from(["AH", "5D", "JK", "ZZ", "10S", "2C"]),
           "points": st.integers(-5, 90), "doubled": st.booleans(),
           "suit": st.sampled_from(["hearts", "S", "nines", "clubs"]),
           "cards": st.lists(st.sampled_from(["AH", "5D", "JK", "9S", "KD", "2C", "QQ"]),
                             max_size=4)}


@st.composite
def _mutated(draw):
    log = [dict(e) for e in _BASE]
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(1, len(log) - 1))
        kind = draw(st.sampled_from(["drop", "dup", "swap", "field"]))
        if kind == "drop":
            log.pop(i)
        elif kind == "dup":
            log.insert(i, dict(log[i]))
        elif kind == "swap" and i + 1 < len(log):
            log[i], log[i + 1] = log[i + 1], log[i]
        elif kind == "field":
            keys = [k for k in log[i] if k in _FIELDS]
            if keys:
                k = draw(st.sampled_from(keys))
                log[i] = dict(log[i], **{k: draw(_FIELDS[k])})
    return log


@settings(max_examples=150, deadline=None)
@given(_mutated())
def test_mutated_logs_never_raise_and_totals_add_up(log):
    """Any mix of dropped, repeated, swapped or altered events gives findings, never an
    exception; totals are the sum of the deltas (G8) and partners stay alike."""
    rec = run_log(log)
    sums = {p: sum(h.deltas[p] for h in rec.hands) for p in ("Ann", "Bob", "Cat", "Dan")}
    assert rec.last.totals == sums
    assert sums["Ann"] == sums["Cat"] and sums["Bob"] == sums["Dan"]
