"""What comes after a hand, or instead of its deal: events after the end of a hand leave it as it
was (G4, issue 13 item 4), and an unreadable deal skips its events quietly (G3, G7, item 10).
Each game's hand and its score come from that game's tests, where they are derived by hand."""
from __future__ import annotations

import pytest

from tests import test_asszorti_helpers as ah
from tools import eighty_three_logs as eh
from tests import test_sixty_six as ss
from tools import thirty_three_logs as tt
from tests.conftest import run_log


def _thirty_three():
    # 24 Nines made (tools/thirty_three_logs.py docstring): A +65, B 5 card points, C 0.
    return [tt.MATCH, *tt.nines_hand()], {"A": 65, "B": 5, "C": 0}, "A", \
        [{"event": "kontra", "player": "B"}, {"event": "bid", "player": "C", "game": "nines",
                                                "level": 28}]


def _asszorti():
    # B7 in hand spades (tests/test_asszorti.py): Berta 7 tricks, 8 + 4 = 12 from each: the
    # sheet writes Berta 24, the others 0 (and owe 12).
    return ah.hand_log(ah.pattern("BBBBBBAAAAB")), {"Anna": 0, "Berta": 24, "Csaba": 0}, \
        "Anna", [{"event": "kontra", "player": "Anna"}, {"event": "claim", "player": "Berta"}]


def _sixty_six():
    # Deal A, Ann declares out short after her marriage (test_sixty_six.py): Bob +2.
    log = [ss.match(), ss.deal(*ss.A), ss.P("Ann", "AS"), ss.P("Bob", "9S"), ss.P("Ann", "10S"),
           ss.P("Bob", "JS"), ss.marriage("Ann", "hearts"), ss.out("Ann")]
    return log, {"Ann": 0, "Bob": 2}, "Bob", [ss.close("Bob"), ss.marriage("Bob", "clubs")]


def _eighty_three():
    # The G1 hand (tools/eighty_three_logs.py, test_eighty_three.py): Ann 60 made with 78; Bob & Dan 5.
    return eh.match(eh.g1()), {"Ann": 78, "Cat": 78, "Bob": 5, "Dan": 5}, "Bob", \
        [{"event": "give", "player": "Bob", "to": "Dan", "cards": ["2H"]},
         {"event": "trump", "player": "Ann", "suit": "spades"}]


HANDS = {"thirty-three": _thirty_three, "asszorti": _asszorti, "sixty-six": _sixty_six,
         "eighty-three": _eighty_three}


@pytest.mark.parametrize("game", sorted(HANDS))
def test_g4_events_after_the_end_of_a_hand_change_nothing(game):
    # G4: a card after the hand's last event, then two of the game's own events: one
    # out-of-phase at the card (the rest of the hand's events are ignored with it), the hand's
    # status and score as they were.
    log, deltas, who, more = HANDS[game]()
    base = run_log(log)
    assert base.findings == [] and base.hands[0].status == "scored"
    late = [{"event": "play", "player": who, "card": "AS"}, *more]
    rec = run_log(log + late)
    assert rec.codes == [(len(log) + 1, "out-of-phase")]
    h = rec.hands[0]
    assert (h.status, h.deltas) == ("scored", deltas)
    assert rec.last.totals == deltas


def test_item10_an_unreadable_first_deal_skips_its_hand_quietly():
    # G3, G7: the first deal's dealer is not a name (line 2: bad-event); its 34 events
    # (lines 3-36: auction, discard, 30 cards) are skipped without findings; the next deal
    # (line 37, dealer A, right after C: any first dealer is accepted) is the 24 Nines hand
    # again: A +65, B 5, C 0.
    bad = tt.deal("C")
    bad["dealer"] = 5
    first = tt.nines_hand()
    log = [tt.MATCH, bad, *first[1:], *tt.nines_hand("A")]
    rec = run_log(log)
    assert rec.codes == [(2, "bad-event")]
    assert [h.deltas for h in rec.hands] == [{"A": 65, "B": 5, "C": 0}]


def test_item10_an_unreadable_later_deal_skips_its_hand_quietly():
    # The same after a scored hand: hand 1 (lines 2-36) scores 65/5/0; the unreadable deal at
    # line 37 and its events are skipped quietly; hand 2 is dealt by A (C dealt hand 1;
    # clockwise the next is A).  Totals: A 130, B 10, C 0.
    bad = tt.deal("A")
    bad["dealer"] = ["A"]
    log = [tt.MATCH, *tt.nines_hand(), bad, *tt.nines_hand("A")[1:], *tt.nines_hand("A")]
    rec = run_log(log)
    assert rec.codes == [(37, "bad-event")]
    assert rec.last.totals == {"A": 130, "B": 10, "C": 0}
