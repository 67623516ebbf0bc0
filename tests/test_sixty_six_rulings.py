"""Sixty-Six: the project rulings SS-R… of docs/sixty-six.md, legal-action candidates, and bad
input that must never raise."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from referee import events as ev
from referee.games.policy import policy_for
from referee.games.sixty_six.rules import SixtySix
from referee.legal import legal_actions
from tests.conftest import Recorder, run_log
from tests.test_sixty_six import A, B, P, close, codes, deal, draw, exchange, marriage, match, out

CASE10 = "tests/cases/sixty-six/10_drawn_deal_same_dealer.jsonl"


def case10_hand1():
    return open(CASE10).read().splitlines()[:26]


def engine_after(events):
    """A Sixty-Six engine after applying ``events`` (dicts; the first is a deal)."""
    eng = SixtySix(["Ann", "Bob"], None)
    for i, e in enumerate(events, start=2):
        obj = ev.DECODER.decode(json.dumps(e))
        if isinstance(obj, ev.Deal):
            eng.close_hand()
            eng.deal(obj, i)
        else:
            eng.apply(obj, i)
    return eng


def text(events):
    return {json.dumps(__import__("msgspec").to_builtins(e), sort_keys=True) for e in events}


# --- rulings ----------------------------------------------------------------------------------

def test_ss_r5_before_draw_without_a_due_draw_is_an_ordinary_close():
    # Ann closes before the first lead with before_draw: true: no draw is due, no finding; Ann
    # then leads AS and Bob must follow with a spade (9S or JS): 9S is fine.
    rec = run_log([match(), deal(*A), close("Ann", True), P("Ann", "AS"), P("Bob", "9S")])
    assert codes(rec) == []


def test_ss_r6_retract_after_the_draw_cannot_be_followed():
    # AS/9S, the draw is made (line 5), then Bob takes back 9S: the talon has changed since
    # that trick, so reopening it cannot be replayed → illegal-retract, deal unscored.
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), draw(),
                   {"event": "retract", "player": "Bob", "card": "9S"}])
    assert rec.codes == [(6, "illegal-retract")]
    assert rec.hands[0].status == "unscored"


def test_ss_r6_retract_before_the_draw_reopens_the_trick():
    # AS/9S, Bob takes back 9S (no revoke: illegal-retract, applied, G4a) and plays JS: Ann wins
    # 11 + 2 = 13 and declares: short → Bob +2; the retract's finding makes the deal irregular.
    rec = run_log([match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"),
                   {"event": "retract", "player": "Bob", "card": "9S"}, P("Bob", "JS"),
                   out("Ann")])
    assert rec.codes == [(5, "illegal-retract")]
    h = rec.hands[0]
    assert h.status == "irregular" and h.deltas == {"Ann": 0, "Bob": 2} and "13" in h.summary


class _Stock(Recorder):
    def start(self, replay):
        self.replay = replay  # (the engine's stock is what this test examines)

    def hand(self, result):
        super().hand(result)
        self.stock_left = len(self.replay.engine.hand.stock)


def test_ss_r7_declaration_ends_the_deal_before_the_due_draw():
    import io
    from referee.replay import replay
    rec = _Stock()
    log = [match(), deal(*A), P("Ann", "AS"), P("Bob", "9S"), out("Ann")]
    replay(io.BytesIO("".join(json.dumps(x) + "\n" for x in log).encode()), "t", rec)
    assert rec.stock_left == 11  # nothing drawn


def test_ss_r9_drawn_deal_with_a_violation_stays_irregular():
    lines = case10_hand1()
    # after trick 1 (line 4, Ann won) Bob declares: illegal, ignored; the deal is still drawn
    log = lines[:4] + [json.dumps(out("Bob"))] + lines[4:]
    rec = run_log("\n".join(log) + "\n")
    assert rec.codes == [(5, "illegal-declaration")]
    assert rec.hands[0].status == "irregular" and rec.hands[0].deltas == {"Ann": 0, "Bob": 0}


def test_ss_r10_resign_before_the_first_deal():
    rec = run_log([match(), {"event": "resign", "player": "Bob"}, deal(*A)])
    assert rec.last.finished and rec.last.winners == ["Ann"]
    assert rec.codes == [(3, "match-over")]


def test_ss_r11_exchange_after_the_trump_card_is_drawn_is_void():
    # case 10: the trump card AC went to Ann at the draw after trick 6 (line 14); an exchange
    # after that cannot happen.
    lines = case10_hand1()
    log = lines[:14] + [json.dumps(exchange("Ann"))]
    rec = run_log("\n".join(log) + "\n")
    assert rec.codes == [(15, "illegal-exchange")]
    assert rec.hands[0].status == "unscored"


def test_ss_r12_closing_twice_is_ignored():
    rec = run_log([match(), deal(*A), close("Ann"), close("Ann")])
    assert codes(rec) == [(4, "illegal-close")]
    assert "already" in rec.findings[0].message


def test_talon_used_up_cannot_be_closed_or_married():
    lines = case10_hand1()
    log = lines[:14] + [json.dumps(close("Bob")), json.dumps(marriage("Bob", "hearts"))]
    rec = run_log("\n".join(log) + "\n")
    # Bob won trick 6 and is on lead; the talon is used up (S4, S2); Bob holds QH but not KH
    # (Ann has it): the marriage is card-not-held and voids the deal.
    assert rec.codes == [(15, "illegal-close"), (16, "card-not-held")]


# --- candidates (legal actions) ---------------------------------------------------------------

def test_candidates_at_the_first_lead():
    eng = engine_after([deal(*A)])
    legal = text(legal_actions(eng))
    want = {json.dumps(x, sort_keys=True) for x in
            [P("Ann", c) for c in "AS 10S AH 10H KH QH".split()]
            + [marriage("Ann", "hearts"), close("Ann")]}
    assert legal == want
    assert len(policy_for(eng).candidates(eng)) > len(legal)  # a superset


def test_candidates_with_a_draw_due():
    eng = engine_after([deal(*A), P("Ann", "AS"), P("Bob", "9S")])
    legal = text(legal_actions(eng))
    assert json.dumps({"event": "draw"}) in legal
    assert json.dumps(close("Ann", True), sort_keys=True) in legal
    assert json.dumps(out("Ann"), sort_keys=True) in legal
    assert json.dumps(P("Ann", "KS"), sort_keys=True) in legal  # the card she will draw


def test_candidates_after_close_follow_and_head():
    # Ann closes after the draw and leads 10S; Bob (9S gone) holds JS and QS: only those.
    eng = engine_after([deal(*A), P("Ann", "AS"), P("Bob", "9S"), close("Ann"),
                        P("Ann", "10S")])
    legal = text(legal_actions(eng))
    assert legal == {json.dumps(P("Bob", c), sort_keys=True) for c in ("JS", "QS")}


def test_candidates_exchange_window():
    eng = engine_after([deal(*B), P("Ann", "JD"), P("Bob", "QD"), close("Bob", True)])
    legal = text(legal_actions(eng))
    assert json.dumps(exchange("Ann"), sort_keys=True) in legal


def test_candidates_after_last_trick():
    lines = case10_hand1()
    eng = SixtySix(["Ann", "Bob"], None)
    for i, ln in enumerate(lines[1:], start=2):
        obj = ev.DECODER.decode(ln)
        eng.deal(obj, i) if isinstance(obj, ev.Deal) else eng.apply(obj, i)
    assert text(legal_actions(eng)) == {json.dumps(out("Ann"), sort_keys=True)}


# --- bad input never raises -----------------------------------------------------------------

EVENTS = st.one_of(
    st.builds(lambda p, c: P(p, c), st.sampled_from(["Ann", "Bob", "Cy"]),
              st.sampled_from(["AS", "9S", "KH", "QH", "9C", "AC", "JD", "10S", "XX"])),
    st.builds(lambda p, s: marriage(p, s), st.sampled_from(["Ann", "Bob"]),
              st.sampled_from(["hearts", "spades", "clubs", "D", "x"])),
    st.builds(lambda p, b: close(p, b), st.sampled_from(["Ann", "Bob"]),
              st.sampled_from([None, True, False])),
    st.builds(exchange, st.sampled_from(["Ann", "Bob"])),
    st.builds(out, st.sampled_from(["Ann", "Bob"])),
    st.just(draw()),
    st.builds(lambda p, c: {"event": "retract", "player": p, "card": c},
              st.sampled_from(["Ann", "Bob"]), st.sampled_from(["AS", "9S", "JS"])),
    st.builds(lambda p, k: {"event": k, "player": p}, st.sampled_from(["Ann", "Bob"]),
              st.sampled_from(["resign", "timeout", "pass"])),
    st.just(deal(*A)), st.just(deal(*B, dealer="Ann")),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(EVENTS, max_size=30))
def test_any_event_sequence_is_refereed_without_error(events):
    rec = run_log([match(target=3), deal(*A)] + events)
    for m in rec.matches:
        assert m.finished or not m.winners
    for h in rec.hands:
        assert sum(h.deltas.values()) in (0, 1, 2, 3)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_play_is_clean(rnd):
    """Play only legal actions (by the engine's own judgement) from a random deal: replaying the
    log must give no error."""
    eng = SixtySix(["Ann", "Bob"], None)
    d = policy_for(eng).random_deal(eng, rnd, "Bob")
    log = [match(), d]
    eng.deal(ev.DECODER.decode(json.dumps(d)), 2)
    for _ in range(60):
        acts = legal_actions(eng)
        if not acts:
            break
        a = rnd.choice(acts)
        log.append(__import__("msgspec").to_builtins(a))
        eng.apply(a, len(log))
    rec = run_log(log)
    assert [f for f in rec.findings if f.severity == "error"] == []


def _revoke_then(extra):
    """Max leads Q♥; Moritz closes out of turn (illegal-close, applied: from now on follow and
    head, S1) and plays A♣ (clubs are trumps, K♣ turned up) while holding J♥: with hearts led
    and a heart in hand, trumping is a revoke."""
    hands = {"Max": ["AD", "KS", "9C", "JS", "QH", "10S"],
             "Moritz": ["AC", "JH", "AS", "JC", "9S", "QC"]}
    stock = ["KD", "AH", "9H", "QD", "10C", "QS", "10H", "9D", "JD", "10D", "KH"]
    return [{"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"]},
            {"event": "deal", "dealer": "Moritz", "hands": hands, "stock": stock,
             "trump_card": "KC"},
            {"event": "play", "player": "Max", "card": "QH"},
            {"event": "close", "player": "Moritz"},
            {"event": "play", "player": "Moritz", "card": "AC"}, *extra]


def test_ss_r14_a_revoke_that_can_no_longer_be_repaired_stands():
    # Line 5 is the revoke (Moritz held J♥, a heart, after the close at line 4).  Max's
    # exchange at line 6 changes the talon: A♣ can no longer be taken back (SS-R6), so the
    # revoke is established there and the deal ends: S9, Max (the offender's opponent) +2,
    # Moritz 0.  The exchange and Max's lead at line 7 are passed over without findings (G4).
    rec = run_log(_revoke_then([{"event": "exchange", "player": "Max"},
                                {"event": "play", "player": "Max", "card": "AD"}]))
    assert rec.codes == [(4, "illegal-close"), (5, "revoke")]
    assert rec.findings[1].evidence["established_at"] == 6
    assert rec.hands[0].status == "penalty"
    assert rec.hands[0].deltas == {"Max": 2, "Moritz": 0}


def test_ss_r14_someone_is_to_act_until_the_revoke_stands():
    # After line 5 the retract of A♣ is the lawful repair (G4), so someone is to act; the
    # exchange then ends the deal, and nobody need act in a deal that is over (T14).
    import referee
    table = referee.Table()
    for e in _revoke_then([]):
        table.apply(e)
    assert table.legal_actions() == [{"event": "retract", "player": "Moritz", "card": "AC"}]
    table.apply({"event": "exchange", "player": "Max"})
    assert table.legal_actions() == [] and table.hand.status == "penalty"
