"""Records of the play alone (format 1.1, RULINGS G14, issue 17): deals without the hands (or the
pile), holdings reconstructed from the cards seen, revokes proven by a later card.

Every expected value is derived by hand from the rules (seeds, RULINGS); the arithmetic is in each
test.  The logs are short: a proof decides the hand at once (G14), so most logs stop soon after it;
a log that stops with nothing proven ends in ``incomplete-hand`` (G5) and no revoke.
"""
from __future__ import annotations

import json

import pytest

from .conftest import ROOT, run_log

PILES = ("boat", "talon", "stock", "kitty")


def hidden(log: list[dict], pile: bool = True) -> list[dict]:
    """``log`` with every deal's hands (and, with ``pile``, its extra pile) left out."""
    out = []
    for e in log:
        e = dict(e)
        if e.get("event") == "deal":
            e.pop("hands", None)
            if pile:
                for k in PILES:
                    e.pop(k, None)
        out.append(e)
    return out


def plays(*pairs: tuple[str, str]) -> list[dict]:
    return [{"event": "play", "player": p, "card": c} for p, c in pairs]


def found(rec) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in rec.findings]


def revoke_of(rec):
    [r] = [f for f in rec.findings if f.code == "revoke"]
    return r


def example(game: str) -> list[dict]:
    path = ROOT / "examples" / game / "disputed.jsonl"
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


# --- Thirty-Three: follow the effective suit (§6, T8) ------------------------------------------

def thirty_three(game: str, *cards: tuple[str, str]) -> list[dict]:
    """Lines 1-6: match (A, B, C), deal by C (hands and boat left out), A bids ``game`` 18
    (A speaks first, T1), B and C pass, A discards 7♣ 8♣ 7♠; A leads trick 1 (T9) at line 7."""
    return [{"event": "match", "game": "thirty-three", "players": ["A", "B", "C"]},
            {"event": "deal", "dealer": "C"},
            {"event": "bid", "player": "A", "game": game, "level": 18},
            {"event": "pass", "player": "B"}, {"event": "pass", "player": "C"},
            {"event": "discard", "player": "A", "cards": ["7C", "8C", "7S"]}] + plays(*cards)


def test_33_disputed_example_without_hands_gets_its_revoke_from_the_later_card():
    # examples/thirty-three/disputed.jsonl hand 2 (Nines, Bela declarer at 18): Cili plays 8♠ to
    # Bela's A♥ lead at line 23 of this log while holding 8♥.  The example stops at the claim;
    # here the table played on, and Cili's 8♥ comes at line 26 (trick 7).  Without the hands the
    # 8♥, held since the deal (nothing is drawn in the play), proves the revoke at line 23.
    # T8: the offender loses the contract value, Nines 13 × 2 = 26; nobody else scores.
    ex = example("thirty-three")
    deals = [i for i, e in enumerate(ex) if e["event"] == "deal"]
    rest = [("Bela", "QH"), ("Cili", "8H"), ("Anna", "8D"), ("Bela", "QS"), ("Cili", "AS"),
            ("Anna", "JS"), ("Cili", "KC"), ("Anna", "QC"), ("Bela", "10C"), ("Bela", "10D"),
            ("Cili", "KS"), ("Anna", "KD")]
    log = [ex[0]] + ex[deals[1]:deals[2]] + plays(*rest)
    assert log[22] == {"event": "play", "player": "Cili", "card": "8S", "note": "played quickly"}
    assert log[25]["card"] == "8H"
    full = run_log(log)
    rec = run_log(hidden(log))
    for r in (full, rec):
        assert found(r) == [(23, "revoke")]
        assert r.hands[0].status == "penalty"
        assert r.hands[0].deltas == {"Anna": 0, "Bela": 0, "Cili": -26}
    f = revoke_of(rec)
    assert f.evidence["proved_by"] == {"card": "8H", "line": 26, "how": "played"}
    assert f.evidence["established_at"] == 26 and f.evidence["held"] == ["8H"]
    assert "proved by 8♥, played by Cili at line 26" in f.message
    assert "proved_by" not in revoke_of(full).evidence


def test_33_disputed_example_as_recorded_without_hands_proves_nothing():
    # The example itself stops right after Cili's 8♠ (line 58): no card of Cili's is seen later,
    # so nothing proves the failure (G14: no finding); the hand is incomplete (G5).
    ex = example("thirty-three")
    rec = run_log(hidden(ex))
    assert (58, "revoke") not in found(rec)
    assert found(rec) == [(59, "incomplete-hand")]
    assert [h.status for h in rec.hands] == ["scored", "unscored", "scored"]


@pytest.mark.parametrize("later, proven", [
    ("8H", True),    # a heart: a trump in Hearts
    ("JD", True),    # the left bower: the jack of the same colour is a trump (§7)
    ("JK", True),    # the Bug, the lowest trump (§7)
    ("7D", False),   # a plain diamond
    ("JS", False),   # the jack of spades is no bower in Hearts: a plain spade
])
def test_33_failure_to_follow_trumps_proven_by_the_effective_suit(later, proven):
    # Hearts 18 by A: A leads A♥ (line 7), B plays A♠ (line 8), C 7♥; A wins; A leads K♠ (10),
    # B plays ``later`` (11).  A trump seen later from B was held at trick 1 (no draw in the
    # play): B had to follow trumps.  CV Hearts 18 = 11 × 2 = 22; T8: B -22, nobody else scores.
    log = thirty_three("hearts", ("A", "AH"), ("B", "AS"), ("C", "7H"), ("A", "KS"),
                       ("B", later), ("C", "QS"))
    rec = run_log(log)
    if proven:
        assert found(rec) == [(8, "revoke")]
        f = revoke_of(rec)
        assert f.evidence["proved_by"] == {"card": later, "line": 11, "how": "played"}
        assert f.evidence["suit"] == "hearts" and f.evidence["held"] == [later]
        assert rec.hands[0].status == "penalty"
        assert rec.hands[0].deltas == {"A": 0, "B": -22, "C": 0}
    else:
        assert found(rec) == [(12, "incomplete-hand")]
        assert rec.hands[0].status == "unscored"


@pytest.mark.parametrize("later, proven", [("8S", True), ("9S", False)])
def test_33_nines_the_nine_of_a_suit_is_a_trump_not_that_suit(later, proven):
    # Nines 18 by A: A leads K♠ (7), B plays 7♥ (8), C Q♠; A wins; A leads A♦ (10), B plays
    # ``later`` (11).  8♠ proves B held a spade; 9♠ is a trump in Nines (§9) and proves nothing.
    # CV Nines 18 = 13 × 2 = 26: B -26.
    log = thirty_three("nines", ("A", "KS"), ("B", "7H"), ("C", "QS"), ("A", "AD"),
                       ("B", later), ("C", "7D"))
    rec = run_log(log)
    if proven:
        assert found(rec) == [(8, "revoke")]
        assert revoke_of(rec).evidence["proved_by"]["card"] == "8S"
        assert rec.hands[0].deltas == {"A": 0, "B": -26, "C": 0}
    else:
        assert found(rec) == [(12, "incomplete-hand")]


def test_33_two_failures_the_earlier_is_the_revoke_even_when_proven_later():
    # Hearts 18 by A.  T1: A A♥ (7), B A♠ (8, fails?), C A♣ (9, fails?); A wins.
    # T2: A K♠ (10), B Q♠ (11), C 8♥ (12): C's trump proves C's failure at line 9, but B's at
    # line 8 may still be proven, so nothing is decided yet.  C wins T2 with the trump.
    # T3: C 10♣ (13), A 9♣ (14), B 7♥ (15): proves B's failure at line 8, the earlier: the revoke
    # is B's (line 8, proved at 15), C's failure is passed over (G4).  B -22.
    cards = [("A", "AH"), ("B", "AS"), ("C", "AC"), ("A", "KS"), ("B", "QS"), ("C", "8H"),
             ("C", "10C"), ("A", "9C"), ("B", "7H")]
    rec = run_log(thirty_three("hearts", *cards))
    assert found(rec) == [(8, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "7H", "line": 15, "how": "played"}
    assert rec.hands[0].deltas == {"A": 0, "B": -22, "C": 0}
    # Without B's 7♥ the log stops with B's failure unproven: C's, proven at line 12, is the
    # revoke (G14), decided when the record stops.  C -22.
    rec = run_log(thirty_three("hearts", *cards[:-1]))
    assert found(rec) == [(9, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "8H", "line": 12, "how": "played"}
    assert rec.hands[0].deltas == {"A": 0, "B": 0, "C": -22}


def test_33_a_card_seen_from_two_players_names_the_earlier_line():
    # A plays A♥ at line 7; B plays A♥ at line 8: a card seen twice is card-not-held (G3,
    # G14) naming where it was seen first.
    rec = run_log(thirty_three("hearts", ("A", "AH"), ("B", "AH")))
    assert found(rec) == [(8, "card-not-held")]
    f = rec.findings[0]
    assert f.evidence["whereabouts"] == [{"card": "AH", "played_by": "A", "trick": 1,
                                          "line": 7}]
    assert rec.hands[0].status == "unscored"


def test_33_a_discarded_card_played_later_is_not_held():
    # A lays away 7♣ at line 6 (hand and boat unknown) and leads it at line 7: card-not-held,
    # the discard's line in the evidence.
    rec = run_log(thirty_three("hearts", ("A", "7C")))
    assert found(rec) == [(7, "card-not-held")]
    assert rec.findings[0].evidence["whereabouts"] == [
        {"card": "7C", "laid_away_by": "A", "line": 6, "how": "discarded"}]


def test_33_a_known_hand_beside_unknown_ones_is_checked_as_before():
    # Only B's hand is given (with 8♥): B's 8♠ to the A♥ lead is a revoke at once, open until
    # the next card establishes it (G4): line 9.  The deal gives 10 cards for B, as it must.
    log = thirty_three("hearts", ("A", "AH"), ("B", "8S"), ("C", "7H"))
    log[1] = {"event": "deal", "dealer": "C",
              "hands": {"B": ["8H", "8S", "9S", "10S", "KS", "QS", "JS", "8D", "9D", "10D"]}}
    rec = run_log(log)
    assert found(rec) == [(8, "revoke")]
    f = revoke_of(rec)
    assert f.evidence["established_at"] == 9 and "proved_by" not in f.evidence
    assert rec.hands[0].deltas == {"A": 0, "B": -22, "C": 0}


def test_33_a_given_hand_of_the_wrong_size_is_still_a_misdeal():
    log = thirty_three("hearts")
    log[1] = {"event": "deal", "dealer": "C", "hands": {"B": ["8H", "8S"]}}
    rec = run_log(log)
    assert found(rec)[0] == (2, "misdeal")
    assert rec.findings[0].evidence == {"player": "B", "count": 2, "expected": 10}


# --- Asszorti: follow, else trump --------------------------------------------------------------

def asszorti(*cards: tuple[str, str]) -> list[dict]:
    """Lines 1-8: match, deal by Anna (hands and talon left out), Berta bids 3, Csaba and Anna
    pass, Berta's contract 3, she lays away 6♣ 7♣ 8♣ and names hearts; Anna, on the declarer's
    right, leads trick 1 (A3) at line 9."""
    return [{"event": "match", "game": "asszorti", "players": ["Anna", "Berta", "Csaba"]},
            {"event": "deal", "dealer": "Anna"},
            {"event": "bid", "player": "Berta", "bid": "3"},
            {"event": "pass", "player": "Csaba"}, {"event": "pass", "player": "Anna"},
            {"event": "contract", "player": "Berta", "bid": "3"},
            {"event": "discard", "player": "Berta", "cards": ["6C", "7C", "8C"]},
            {"event": "declare", "player": "Berta", "trump": "hearts"}] + plays(*cards)


@pytest.mark.parametrize("later, proven", [
    ("6S", True),    # Csaba held a spade: had to follow
    ("9H", True),    # held a trump: void in spades (or not) he had to trump (or follow)
    ("8D", False),   # a plain diamond proves nothing
])
def test_asszorti_follow_else_trump(later, proven):
    # Anna leads A♠ (9), Berta K♠ (10), Csaba 7♦ (11); Anna wins; Anna leads A♣ (12), Berta 9♣
    # (13), Csaba ``later`` (14).  A9: the side at fault (Csaba, a defender) loses the basic
    # game at its plain value: contract 3 with trumps is worth 2, so each defender pays Berta 2
    # (A4): net Berta +4, Anna -2, Csaba -2; the sheet writes Berta 4, losses write 0 (A8).
    rec = run_log(asszorti(("Anna", "AS"), ("Berta", "KS"), ("Csaba", "7D"), ("Anna", "AC"),
                           ("Berta", "9C"), ("Csaba", later)))
    if proven:
        assert found(rec) == [(11, "revoke")]
        assert revoke_of(rec).evidence["proved_by"] == {"card": later, "line": 14,
                                                        "how": "played"}
        h = rec.hands[0]
        assert h.status == "penalty"
        assert h.extra["net"] == {"Anna": -2, "Berta": 4, "Csaba": -2}
        assert h.deltas == {"Anna": 0, "Berta": 4, "Csaba": 0}
    else:
        assert found(rec) == [(14, "incomplete-hand")]


def test_asszorti_a_discard_can_prove_nothing_before_play_but_a_card_twice_is_found():
    # Berta lays away 6♣ (line 7); Anna leads 6♣ at line 9: seen from two players.
    rec = run_log(asszorti(("Anna", "6C")))
    assert found(rec) == [(9, "card-not-held")]


# --- Eighty-Three: follow or trump; the off-five and the joker are trumps ----------------------

@pytest.mark.parametrize("swap", [
    {13: "KD", 28: "2H"},                     # Bob's next card is the joker (line 17)
    {13: "KD", 17: "5D", 25: "JK", 28: "2H"},  # Bob's next card is the off-five 5♦
])
def test_83_a_trump_lead_failure_proven_by_the_joker_or_the_off_five(swap):
    # examples/eighty-three/disputed.jsonl, hearts trumps, Ann & Cat bid 60.  Bob plays K♦ to
    # Ann's A♥ lead (line 13) instead of his 2♥; with the hands left out, his next card (line
    # 17) is the joker or 5♦, both trumps (E3), held since the discards: a trump lead must be
    # followed with a trump, so K♦ was a revoke.  E6: Bob defended, so Ann & Cat make their bid
    # with all 83 points (E4: +83 each), Bob & Dan score nothing.
    log = example("eighty-three")
    for line, c in swap.items():
        assert log[line - 1]["player"] == "Bob"
        log[line - 1] = {**log[line - 1], "card": c}
    rec = run_log(hidden(log))
    assert found(rec) == [(13, "revoke")]
    f = revoke_of(rec)
    assert f.evidence["proved_by"] == {"card": log[16]["card"], "line": 17, "how": "played"}
    assert rec.hands[0].deltas == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}


def test_83_disputed_example_without_hands_same_revoke_same_penalty():
    # Dan plays A♦ to Ann's A♣ lead (line 27) holding 2♣, which he plays at line 30: proven
    # there.  E6 as above: Ann & Cat +83, Bob & Dan 0.
    rec = run_log(hidden(example("eighty-three")))
    assert found(rec) == [(27, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "2C", "line": 30, "how": "played"}
    assert rec.hands[0].deltas == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}
    # Stopped before line 30, nothing proves it (a later trump would not: Dan, void in clubs,
    # could play anything); the hand is incomplete.
    rec = run_log(hidden(example("eighty-three")[:29]))
    assert found(rec) == [(29, "incomplete-hand")]


# --- Sixty-Six: follow, head the trick, trump when void, once the talon is closed (S1) --------

def sixty_six(*events: dict) -> list[dict]:
    """Lines 1-2: match (Ann, Bob), deal by Bob with clubs trumps (the 9♣ turned up; hands and
    stock left out); Ann, the non-dealer, leads (S8) at line 3."""
    return [{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
            {"event": "deal", "dealer": "Bob", "trump_card": "9C"}, *events]


def close(p: str) -> dict:
    return {"event": "close", "player": p}


@pytest.mark.parametrize("second, later, proven", [
    ("QS", "10S", True),   # 10♠ beats K♠: Bob could have headed the trick
    ("QS", "JS", False),   # J♠ does not beat K♠: following low was right
    ("JH", "QC", True),    # Q♣, a trump: void in spades Bob had to trump (or follow)
    ("JH", "AS", True),    # A♠: Bob had to follow (and head)
    ("JH", "10H", False),  # a heart proves nothing
])
def test_66_follow_head_trump_after_the_close(second, later, proven):
    # Ann A♥ (3), Bob 9♥ (4): Ann wins; both draw; Ann closes (5).  Ann K♠ (6), Bob ``second``
    # (7); Ann A♦ (8), Bob ``later`` (9).  Bob's cards after the close were all held at line 7:
    # nothing is drawn once the talon is closed (S4).  S9: Ann scores 2.
    rec = run_log(sixty_six(*plays(("Ann", "AH"), ("Bob", "9H")), close("Ann"),
                            *plays(("Ann", "KS"), ("Bob", second), ("Ann", "AD"),
                                   ("Bob", later))))
    if proven:
        assert found(rec) == [(7, "revoke")]
        assert revoke_of(rec).evidence["proved_by"] == {"card": later, "line": 9,
                                                        "how": "played"}
        assert rec.hands[0].deltas == {"Ann": 2, "Bob": 0}
    else:
        assert found(rec) == [(9, "incomplete-hand")]


def test_66_no_duty_while_the_talon_is_open():
    # Before the close any card may be played (S1): Bob's 9♥ to Ann's K♠ and his later 10♠
    # (to Ann's A♦) prove nothing.
    rec = run_log(sixty_six(*plays(("Ann", "KS"), ("Bob", "9H"), ("Ann", "AD"), ("Bob", "10S"))))
    assert [c for _, c in found(rec)] == ["incomplete-hand"]


def test_66_the_nine_shown_in_an_exchange_proves_a_failure_to_trump():
    # Diamonds trumps (Q♦ turned up).  Ann A♥ (3), Bob 9♥ (4): Ann wins, both draw; Ann closes
    # (5).  Ann K♠ (6), Bob J♥ (7); Bob exchanges (8, out of time: S3) and so shows the 9♦, a
    # trump held at line 7: void in spades or not, J♥ broke the duty (S1).  Proven at line 8,
    # established at once; the exchange's own finding is passed over (G4).  S9: Ann +2.
    log = [{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
           {"event": "deal", "dealer": "Bob", "trump_card": "QD"},
           *plays(("Ann", "AH"), ("Bob", "9H")), close("Ann"),
           *plays(("Ann", "KS"), ("Bob", "JH")), {"event": "exchange", "player": "Bob"},
           *plays(("Ann", "AD"), ("Bob", "QD"))]
    rec = run_log(log)
    assert found(rec) == [(7, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "9D", "line": 8,
                                                    "how": "exchanged"}
    assert rec.hands[0].deltas == {"Ann": 2, "Bob": 0}


def test_66_known_hands_unknown_stock_the_drawn_card_proves_later():
    # The hands are given, the stock is not: after trick 1 each player draws an unknown card.
    # Bob's known cards after trick 1 (J♥ 10♥ K♥ Q♥ J♦) hold no spade and no club (trumps), so
    # his J♥ to Ann's K♠ (line 7) is no revoke by what is known; the A♠ he plays at line 9 can
    # only be the card he drew before the close (line 5), held at line 7: it proves the
    # failure to follow (S1).  S9: Ann +2.
    log = sixty_six(*plays(("Ann", "AH"), ("Bob", "9H")), close("Ann"),
                    *plays(("Ann", "KS"), ("Bob", "JH"), ("Ann", "AD"), ("Bob", "AS")))
    log[1] = {"event": "deal", "dealer": "Bob", "trump_card": "9C",
              "hands": {"Ann": ["AH", "KS", "AD", "10D", "KD", "QD"],
                        "Bob": ["9H", "JH", "10H", "KH", "QH", "JD"]}}
    rec = run_log(log)
    assert found(rec) == [(7, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "AS", "line": 9, "how": "played"}
    assert rec.hands[0].deltas == {"Ann": 2, "Bob": 0}


class _Table:
    """Takes the facts an engine driven by hand returns: its findings, less those withdrawn."""

    def __init__(self) -> None:
        self.findings: list[tuple[int, str]] = []

    def take(self, facts):
        from referee.facts import FindingFact, Withdrawn
        for f in facts:
            if isinstance(f, FindingFact):
                self.findings.append((f.line, f.code))
            elif isinstance(f, Withdrawn):
                self.findings = [x for x in self.findings if x[0] <= f.after]


def test_a_card_that_may_have_come_in_after_the_failure_proves_nothing():
    # G14: a later card proves a failure only if the player must have held it then.  No event
    # of the four games brings a card into a hand once a duty binds it (no draw after the
    # close), so the case is made by hand: after Bob's J♥ (line 7) a blank (an unknown card)
    # comes into his hand; his A♠ at line 9 may be that card, and proves nothing.
    from referee import events as ev
    from referee.cards import blanks
    from referee.games.sixty_six.rules import SixtySix
    t = _Table()
    g = SixtySix(["Ann", "Bob"], None)
    t.take(g.deal(ev.Deal(dealer="Bob", trump_card="9C"), 2))
    for line, (p, c) in enumerate([("Ann", "AH"), ("Bob", "9H")], 3):
        t.take(g.apply(ev.Play(player=p, card=c), line))
    t.take(g.apply(ev.Close(player="Ann"), 5))
    t.take(g.apply(ev.Play(player="Ann", card="KS"), 6))
    t.take(g.apply(ev.Play(player="Bob", card="JH"), 7))
    g.hand.hands["Bob"].add(blanks(1, 99)[0])  # a card come in after line 7
    t.take(g.apply(ev.Play(player="Ann", card="AD"), 8))
    t.take(g.apply(ev.Play(player="Bob", card="AS"), 9))
    t.take(g.close_hand())
    assert t.findings == [(9, "incomplete-hand")]


# --- scores from the cards seen (R27) and what a deal of the play alone checks (R25) -----------

def test_33_a_hand_played_out_is_scored_from_the_cards_seen():
    # tests/test_thirty_three.py's Nines hand (A 24 Nines, CV 13 × 5 = 65, made with 28 card
    # points: 25 in tricks + the discards 8♠ 7♠ J♠ = 2 + 0 + 1 = 3; B 5 card points, C 0): the
    # discards are named, the tricks are all played, so without hands or boat the score is the
    # same: A +65, B 5, C 0 (R27).
    from tools.thirty_three_logs import MATCH, nines_hand
    for pile in (False, True):
        rec = run_log(hidden([MATCH, *nines_hand()], pile=pile))
        assert rec.codes == []
        h = rec.hands[0]
        assert (h.declarer, h.contract, h.status) == ("A", "24 nines", "scored")
        assert h.deltas == {"A": 65, "B": 5, "C": 0}


def test_83_trump_counts_of_an_unknown_hand_are_not_judged_but_point_trumps_are():
    # E2 lets a player lay trumps away only while holding more than six; an unknown hand's
    # trumps are not known, so Bob laying away the 3♥ (hearts trumps, no point trump) is no
    # finding (R25); the 2♥ (low, a point trump, E2) may never be laid away: illegal-discard.
    log = example("eighty-three")
    assert log[8]["player"] == "Bob" and log[8]["event"] == "discard"  # line 9
    log[8] = {**log[8], "cards": ["3H", "5C", "4C", "3C", "JD", "10D"]}
    log = hidden(log)[:9]
    assert found(run_log(log)) == [(9, "incomplete-hand")]
    log[8] = {**log[8], "cards": ["2H", "5C", "4C", "3C", "JD", "10D"]}
    assert found(run_log(log)) == [(9, "illegal-discard"), (9, "incomplete-hand")]


def test_66_a_deal_without_the_trump_card_is_a_misdeal():
    rec = run_log([{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
                   {"event": "deal", "dealer": "Bob"}])
    assert found(rec) == [(2, "misdeal")]
    assert rec.findings[0].evidence == {"trump_card": None}


def test_findings_after_a_failure_later_proven_are_passed_over_even_past_the_hold():
    # After B's A♠ to the A♥ lead (line 8) C keeps calling Kontra: each call after the first
    # card is a finding (T12) that waits, for B's failure may yet be proven; past HOLD of them
    # they wait in a temporary file.  B's 8♥ proves the revoke: every one of them is passed over
    # (G4, R26), and only the revoke is reported.
    from referee.replay import HOLD
    n = HOLD + 50
    log = thirty_three("hearts", ("A", "AH"), ("B", "AS"), ("C", "7H"))
    log += [{"event": "kontra", "player": "C"}] * n + plays(("A", "KS"), ("B", "8H"))
    rec = run_log(log)
    assert found(rec) == [(8, "revoke")]
    assert revoke_of(rec).evidence["proved_by"] == {"card": "8H", "line": 11 + n,
                                                    "how": "played"}
