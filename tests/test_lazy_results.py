"""A hand's result is worded only when asked for (issue 14, item 8): `check` words none, and a
result holds the hand's facts alone, so it keeps no engine alive."""
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
from referee.replay import Listener, replay
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


@pytest.mark.parametrize("game", sorted(WORDING))
def test_check_words_no_result_and_the_words_come_when_asked(game, monkeypatch):
    cls, name = WORDING[game]
    real = getattr(cls, name)
    calls: list[Any] = []

    def refuse(self: Any, *facts: Any) -> str:
        calls.append(facts)
        raise Asked

    monkeypatch.setattr(cls, name, refuse)
    rec = Recorder()
    replay(io.BytesIO(simulated(game)), "sim", rec)  # as `check` replays: no summary asked
    assert calls == []
    scored = [r for r in rec.hands if r.status == "scored"]
    assert scored, "the simulated hands include scored ones"
    with pytest.raises(Asked):
        scored[0].summary  # asking words it, with the game's commentary
    assert len(calls) == 1
    # with the commentary back, the same result is worded from the facts it was given, once
    monkeypatch.setattr(cls, name, real)
    words = real(cls(), *calls[0])
    assert isinstance(words, str) and words
    assert scored[0].summary == words
    assert scored[0].wording == words  # kept: asking again words nothing


@pytest.mark.parametrize("game", sorted(WORDING))
def test_a_hand_result_keeps_no_engine_alive(game):
    """Without the cycle collector, every engine of a replay is freed when its match ends, though
    the results (with their unworded summaries) are kept."""
    engines: list[weakref.ref[Any]] = []
    results: list[Any] = []

    class Keep(Listener):
        def begin_match(self, info: Any, engine: Any) -> None:
            engines.append(weakref.ref(engine))

        def hand(self, engine: Any, result: Any) -> None:
            results.append(result)

    gc.disable()
    try:
        replay(io.BytesIO(simulated(game)), "sim", Keep())
        assert engines and results
        assert [e() for e in engines] == [None] * len(engines)
    finally:
        gc.enable()
    assert all(r.summary for r in results if r.status == "scored")
