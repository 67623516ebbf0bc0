"""A hand's result is worded only when asked for (issue 14, item 8): `check` and `score` word
none (their listeners do not read the summaries, issue 25 item 5), and a result holds the hand's
facts alone, so it keeps no engine alive."""
from __future__ import annotations

import gc
import io
import subprocess
import sys
import weakref
from typing import Any

import pytest

from referee.games.asszorti.commentary import AsszortiCommentary
from referee.games.eighty_three.commentary import EightyThreeCommentary
from referee.games.sixty_six.commentary import SixtySixCommentary
from referee.games.thirty_three.commentary import ThirtyThreeCommentary
from referee.replay import Listener, Reads, replay
from tests.conftest import Recorder

# the commentary method that words each game's scored hands
WORDING = {"thirty-three": (ThirtyThreeCommentary, "result"),
           "asszorti": (AsszortiCommentary, "hand_summary"),
           "sixty-six": (SixtySixCommentary, "result_words"),
           "eighty-three": (EightyThreeCommentary, "result")}


def simulated(game: str, hands: int = 12) -> bytes:
    return subprocess.run([sys.executable, "-m", "referee", "simulate", game, "--seed", "3",
                           "--hands", str(hands)], capture_output=True, check=True).stdout


class Asked(Exception):
    pass


class _Hands(Listener):
    """Keeps the settled hands, reading their summaries or not (``reads``)."""

    def __init__(self, reads: Reads) -> None:
        self.reads = reads
        self.hands: list[Any] = []

    def hand(self, hand: Any) -> None:
        self.hands.append(hand)


@pytest.mark.parametrize("game", sorted(WORDING))
def test_check_words_no_result_and_the_words_come_when_asked(game, monkeypatch):
    cls, name = WORDING[game]
    real = getattr(cls, name)
    calls: list[Any] = []

    def refuse(self: Any, *facts: Any) -> str:
        calls.append(facts)
        raise Asked

    monkeypatch.setattr(cls, name, refuse)
    # as `score` replays: the hands are read, their summaries are not, so none is worded
    plain = _Hands(Reads.HANDS)
    replay(io.BytesIO(simulated(game)), "sim", plain)
    assert calls == []
    scored = [h for h in plain.hands if h.status == "scored"]
    assert scored, "the simulated hands include scored ones"
    assert all(h.summary == "" for h in scored)
    # a listener that reads the summaries has them worded, with the game's commentary
    with pytest.raises(Asked):
        replay(io.BytesIO(simulated(game)), "sim", _Hands(Reads.HANDS | Reads.SUMMARIES))
    assert len(calls) == 1
    # with the commentary back, each scored hand is worded from the facts it was given
    monkeypatch.setattr(cls, name, real)
    words = real(cls(), *calls[0])
    assert isinstance(words, str) and words
    worded = _Hands(Reads.HANDS | Reads.SUMMARIES)
    replay(io.BytesIO(simulated(game)), "sim", worded)
    first = [h for h in worded.hands if h.status == "scored"][0]
    assert first.summary == words


@pytest.mark.parametrize("game", sorted(WORDING))
def test_a_hand_result_keeps_no_engine_alive(game):
    """Without the cycle collector, every engine of a replay is freed when its match ends, though
    the results (with their unworded summaries) are kept."""
    engines: list[weakref.ref[Any]] = []
    results: list[Any] = []

    class Keep(Listener):
        reads = Reads.HANDS | Reads.SUMMARIES

        def start(self, replay: Any) -> None:
            self.replay = replay  # (asked for each match's engine: the test's subject)

        def begin_match(self, info: Any) -> None:
            engines.append(weakref.ref(self.replay.engine))

        def hand(self, hand: Any) -> None:
            results.append(hand)

    gc.disable()
    try:
        replay(io.BytesIO(simulated(game)), "sim", Keep())
        assert engines and results
        assert [e() for e in engines] == [None] * len(engines)
    finally:
        gc.enable()
    assert all(r.summary for r in results if r.status == "scored")
