"""One model for every consumer (issue 25 item 5): one ``HandStatus``, one ``Hand``, one
``Trick``; what the replay driver hands a listener is the model's values, and what it holds
back (the hold-back line, an open revoke) it says itself.

Worked from ``examples/thirty-three/disputed.jsonl`` (as in docs/api.md): hand 1, trick 6 is
Anna Q♥ (line 22), Bela J♣ (23), Cili Q♦ (24); Anna's Q♥ is a trump in Hearts and nobody else
played one, so Anna wins it.  Hand 2 starts at line 37 (Bela 18 Nines); Bela leads A♥ at line
57 and Cili, who still holds 8♥, plays 8♠ at line 58 (a revoke, Thirty-Three §6); Anna's card at
line 59 establishes it (G4), which ends the hand.
"""
from __future__ import annotations

from typing import Any

import referee
from referee import api, model
from referee.games import base
from referee.model import HandStatus, Play, Trick
from referee.replay import FileReplay, Listener, MatchInfo, MatchSummary, Reads, replay

from .conftest import ROOT

LOG = ROOT / "examples" / "thirty-three" / "disputed.jsonl"


def test_one_hand_status_one_hand_one_trick():
    # before issue 25: base.HandStatus was a Literal and api.HandStatus a StrEnum; the engine's
    # Trick and Hand were other classes of the same names as the API's
    assert api.HandStatus is base.HandStatus is model.HandStatus is referee.HandStatus
    assert api.Hand is model.Hand is referee.Hand and api.Trick is model.Trick is referee.Trick
    assert not hasattr(base, "Hand")
    from referee.games import tricks
    assert not hasattr(tricks, "Trick")


def test_the_engine_settles_hands_with_the_model_status():
    [m] = referee.read_log(str(LOG))
    # hand 1 made (scored), hand 2 ended by Cili's revoke (penalty), hand 3 made (scored)
    assert [h.status for h in m.hands] == [HandStatus.SCORED, HandStatus.PENALTY,
                                           HandStatus.SCORED]

    class Results(Listener):
        def __init__(self) -> None:
            self.statuses: list[Any] = []

        reads = Reads.HANDS

        def hand(self, hand: Any) -> None:
            self.statuses.append(hand.status)

    got = Results()
    with open(LOG, "rb") as f:
        replay(f, "disputed", got)
    assert got.statuses == ["scored", "penalty", "scored"]
    assert all(type(s) is HandStatus for s in got.statuses)


class _Seen(Listener):
    """Records what the driver hands on: the tricks, and after each event of hand 2 what the
    replay holds back."""

    def __init__(self) -> None:
        self.replay: FileReplay | None = None
        self.tricks: list[Trick] = []
        self.held: dict[int, tuple[int | None, Play | None]] = {}
        self.info: MatchInfo | None = None
        self.summary: MatchSummary | None = None

    def start(self, replay: FileReplay) -> None:
        self.replay = replay

    reads = Reads.TRICKS | Reads.STEPS

    def trick(self, trick: Trick) -> None:
        self.tricks.append(trick)

    def event(self, step: Any) -> None:
        assert self.replay is not None
        line = step.line
        if 55 <= line <= 59:
            self.held[line] = (self.replay.held_from, self.replay.open_revoke)

    def begin_match(self, info: MatchInfo) -> None:
        self.info = info

    def end_match(self, summary: MatchSummary) -> None:
        self.summary = summary


def _seen() -> _Seen:
    seen = _Seen()
    with open(LOG, "rb") as f:
        replay(f, "disputed", seen)
    return seen


def test_the_listener_gets_model_tricks():
    seen = _seen()
    assert seen.replay is not None
    t = seen.tricks[5]  # hand 1, trick 6
    assert type(t) is Trick
    assert t == Trick(6, (Play("Anna", "QH", 22), Play("Bela", "JC", 23), Play("Cili", "QD", 24)),
                      "Anna", t.points)
    # Hearts counts card points (§2: Q 1, J 1, Q 1): 3
    assert t.points == 3
    # the same value the API gives for that trick
    [m] = referee.read_log(str(LOG))
    assert m.hands[0].tricks[5] == t


def test_the_replay_says_what_it_holds_back():
    held = _seen().held
    # after line 57 (Bela's lead): no revoke open; a finding may still come at the hand's last
    # line (incomplete-hand, G5), the line just read
    assert held[57] == (57, None)
    # after line 58: Cili's 8♠ is an open revoke, and the findings wait from its line on
    assert held[58] == (58, Play("Cili", "8S", 58))
    # line 59 establishes it and the hand is over: nothing is held back
    assert held[59] == (None, None)


def test_match_info_carries_title_and_teams():
    seen = _seen()
    assert seen.info is not None and seen.info.title == "Thirty-Three"
    # three players, each plays alone: one side each, in seating order
    assert seen.info.teams == (("Anna",), ("Bela",), ("Cili",))
    assert seen.summary is not None and seen.summary.info.teams == seen.info.teams
