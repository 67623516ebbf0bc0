"""The Listener on the one model (issue 25 item 5): a listener gets the model's values only, the
driver builds only what its ``reads`` names, and the values carry what the renderers used to
read off the engine (the notes around a take and under a deal, the card that established a
revoke, the line a hand ended at, the deck and display order of a match).

The log is examples/thirty-three/disputed.jsonl (a Thirty-Three match of three hands):
hand 1 (deal line 2) plays lines 7-36, 30 cards = 10 tricks; hand 2 (deal line 37, dealer
Anna, boat 8♣ Q♠ A♣) plays lines 42-59: tricks 1-5 at lines 42-56 (15 cards), trick 6 has Bela's
A♥ (57) and Cili's 8♠ (58), a revoke (she holds 8♥), which Anna's K♥ (59) establishes, so the
hand ends at line 59 and K♥ is in no trick; hand 3 (deal line 60) plays lines 65-94, 30 cards =
10 tricks.  Complete tricks: 10 + 5 + 10 = 25.
"""
from __future__ import annotations

import io
import json
from typing import Any

import pytest

import referee.replay as driver
from referee.model import Hand, Play, Step, Trick
from referee.render.report import FindingCounter
from referee.replay import FileReplay, Listener, MatchInfo, MatchSummary, Reads, replay
from tests.conftest import ROOT

LOG = ROOT / "examples" / "thirty-three" / "disputed.jsonl"


def _replay(listener: Listener, path: Any = LOG) -> None:
    with open(path, "rb") as f:
        replay(f, str(path), listener)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many steps, hands and tricks the driver builds (its calls of referee.values)."""
    count = {"step_of": 0, "hand_value": 0, "trick_value": 0}
    for name in count:
        real = getattr(driver, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            count[_name] += 1
            return _real(*args, **kw)
        monkeypatch.setattr(driver, name, counted)
    return count


def test_check_builds_no_value(made: dict[str, int]) -> None:
    """``check -q`` reads findings only: no step, hand or trick is made for it."""
    counter = FindingCounter()
    _replay(counter)
    assert counter.errors == 1  # Cili's revoke at line 58
    assert made == {"step_of": 0, "hand_value": 0, "trick_value": 0}


def test_a_listener_gets_what_it_reads_and_no_more(made: dict[str, int]) -> None:
    class Hands(Listener):
        reads = Reads.HANDS

        def __init__(self) -> None:
            self.hands: list[Hand] = []

        def hand(self, hand: Hand) -> None:
            self.hands.append(hand)

    hands = Hands()
    _replay(hands)
    # three hands settled: hand 1 made, hand 2 ended by the revoke, hand 3 made
    assert [(h.number, h.status) for h in hands.hands] == [(1, "scored"), (2, "penalty"),
                                                           (3, "scored")]
    # not asked for: the summaries stay unworded, and no step or trick is made
    assert all(h.summary == "" for h in hands.hands)
    assert made == {"step_of": 0, "hand_value": 3, "trick_value": 0}

    class Tricks(Listener):
        reads = Reads.TRICKS

        def __init__(self) -> None:
            self.tricks: list[Trick] = []

        def trick(self, trick: Trick) -> None:
            self.tricks.append(trick)

    tricks = Tricks()
    _replay(tricks)
    assert len(tricks.tricks) == 25 and made["trick_value"] == 25  # 10 + 5 + 10
    assert all(t.complete for t in tricks.tricks)


def test_a_listener_that_overrides_what_it_does_not_read_is_refused() -> None:
    class Forgetful(Listener):  # overrides hand() but reads nothing: it would never be called
        def hand(self, hand: Hand) -> None:
            pass

    with pytest.raises(TypeError, match=r"Forgetful overrides hand\(\).*Reads.HANDS"):
        _replay(Forgetful())
    told = Forgetful()
    told.reads = Reads.NONE  # set per instance: taken at its word (and not called)
    _replay(told)


class _Everything(Listener):
    """Keeps every value the driver tells, and what the replay says at each step."""

    reads = Reads.DEALS | Reads.TRICKS | Reads.HANDS | Reads.SUMMARIES | Reads.STEPS

    def __init__(self) -> None:
        self.replay: FileReplay | None = None
        self.info: MatchInfo | None = None
        self.deals: list[tuple[Hand, Step]] = []
        self.steps: dict[int, Step] = {}
        self.in_play: dict[int, int | None] = {}
        self.hands: list[Hand] = []
        self.summary: MatchSummary | None = None

    def start(self, replay: FileReplay) -> None:
        self.replay = replay

    def begin_match(self, info: MatchInfo) -> None:
        self.info = info

    def deal(self, hand: Hand, step: Step) -> None:
        self.deals.append((hand, step))

    def event(self, step: Step) -> None:
        assert self.replay is not None
        self.steps[step.line] = step
        self.in_play[step.line] = self.replay.hand_in_play

    def hand(self, hand: Hand) -> None:
        self.hands.append(hand)

    def end_match(self, summary: MatchSummary) -> None:
        self.summary = summary


def test_the_values_carry_what_history_needs() -> None:
    seen = _Everything()
    _replay(seen)
    info = seen.info
    assert info is not None and info.title == "Thirty-Three" and info.pile == "boat"
    # the deck: 32 cards and the Bug (10 × 3 in the hands + 3 in the boat = 33); shown by
    # suit, diamonds first, ace and ten highest (the order history prints a hand in)
    assert info.deck is not None and len(info.order) == 33
    assert info.order[:3] == ("AD", "10D", "KD") and info.order[-1] == "JK"
    assert info.deck.name(info.deck.parse("10H"), True) == "10♥"
    # each deal as dealt, with its step (Thirty-Three has no lines under a deal)
    assert [(h.number, h.line, h.dealer) for h, _ in seen.deals] == [(1, 2, "Cili"),
                                                                     (2, 37, "Anna"),
                                                                     (3, 60, "Bela")]
    h2, s2 = seen.deals[1]
    assert h2.pile == ("8C", "QS", "AC") and h2.status is None
    assert h2.dealt["Bela"] == ("9D", "9H", "9S", "JK", "9C", "AH", "AD", "10D", "10C", "QH")
    assert s2.event == "deal" and s2.line == 37 and s2.hand == 2 and s2.deal_notes == ()
    assert seen.steps[37] is s2  # the deal's step is made once, for deal() and event()
    # line 58: Cili's 8♠ joins trick 6 (an open revoke); line 59: Anna's K♥ establishes it
    s58, s59 = seen.steps[58], seen.steps[59]
    assert s58.table == (Play("Bela", "AH", 57), Play("Cili", "8S", 58)) and s58.trick == 6
    assert not s58.establishes_revoke
    assert s59.establishes_revoke and s59.player == "Anna" and s59.cards == ("KH",)
    # hand 2 ended at line 59, in trick 6 (the last of its tricks, with no winner)
    settled = seen.hands[1]
    assert settled.ended == 59 and settled.tricks[-1].winner is None
    assert settled.tricks[-1].plays == s58.table and settled.summary  # worded: read
    # the hand in play: none at the match line, then the hand of each deal
    assert seen.in_play[1] is None and seen.in_play[2] == 1 and seen.in_play[37] == 2
    assert seen.in_play[94] == 3
    assert seen.summary is not None and seen.summary.notes == ()  # no lines under the table


def test_a_draw_after_a_trick_comes_before_the_next_line() -> None:
    # Sixty-Six (S3): Ann's A♠ (line 3) takes Bob's 9♠ (line 4): 11 + 0 card points, spades
    # led, clubs trumps (the 9♣ turned up).  The winner draws first: Ann the stock's top card
    # K♠, Bob the next, Q♠.  History says so before line 5, Ann's next lead.
    log = [{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
           {"event": "deal", "dealer": "Bob",
            "hands": {"Ann": "AS 10S AH 10H KH QH".split(), "Bob": "9S JS 9H JH 9D JD".split()},
            "stock": "KS QS AD 10D KD QD AC 10C KC QC JC".split(), "trump_card": "9C"},
           {"event": "play", "player": "Ann", "card": "AS"},
           {"event": "play", "player": "Bob", "card": "9S"},
           {"event": "play", "player": "Ann", "card": "10S"}]
    seen = _Everything()
    replay(io.BytesIO("".join(json.dumps(e) + "\n" for e in log).encode()), "t", seen)
    (hand, step), = seen.deals
    assert step.deal_notes == (("trump card", "9♣ under the stock: clubs are trumps"),)
    assert step.notes == ("trump card: 9♣ under the stock: clubs are trumps",)
    s4, s5 = seen.steps[4], seen.steps[5]
    assert (s4.winner, s4.trick, s4.before, s4.notes) == ("Ann", 1, 0, ())
    assert (s5.before, s5.notes, s5.trick) == (1, ("draw: Ann K♠, Bob Q♠",), 2)


def test_the_replay_says_when_the_match_is_over() -> None:
    # the table ends the match (G9): finished; before that, not
    log = [{"event": "match", "game": "sixty-six", "players": ["Ann", "Bob"]},
           {"event": "end"}]

    class Over(Listener):
        reads = Reads.STEPS

        def start(self, replay: FileReplay) -> None:
            self.replay = replay
            self.said: list[bool] = []

        def event(self, step: Step) -> None:
            self.said.append(self.replay.match_finished)

    over = Over()
    replay(io.BytesIO("".join(json.dumps(e) + "\n" for e in log).encode()), "t", over)
    assert over.said == [False, True]
    assert over.replay.match_finished  # the match closed at the end of the file had ended


def test_results_alone_and_holdings_on_request(made: dict[str, int]) -> None:
    """``Reads.RESULTS`` gives each hand's result without its tricks (``score``: no trick value
    is made); the steps carry the cards held only with ``Reads.HOLDINGS``."""
    class Results(Listener):
        reads = Reads.RESULTS

        def __init__(self) -> None:
            self.hands: list[Hand] = []

        def hand(self, hand: Hand) -> None:
            self.hands.append(hand)

    results = Results()
    _replay(results)
    # hand 2: Cili's established revoke costs her the contract value of Nines 18, 26 (§13)
    assert [(h.number, h.status) for h in results.hands] == [(1, "scored"), (2, "penalty"),
                                                             (3, "scored")]
    assert results.hands[1].deltas == {"Anna": 0, "Bela": 0, "Cili": -26}
    assert all(h.tricks == () and h.dealt == {} and h.terms is None for h in results.hands)
    assert made["trick_value"] == 0

    class Held(_Everything):
        reads = _Everything.reads | Reads.HOLDINGS

    plain, held = _Everything(), Held()
    _replay(plain)
    _replay(held)
    assert plain.steps[37].held == {} and plain.steps[37].hidden is None
    # after the deal of hand 2, Bela holds what was dealt to him, by suit (diamonds, spades,
    # hearts, clubs), ace and ten first, the Bug last
    assert held.steps[37].held["Bela"] == ("AD", "10D", "9D", "9S", "AH", "QH", "9H", "10C",
                                           "9C", "JK")
    assert held.steps[37].hidden is None  # every hand is recorded
