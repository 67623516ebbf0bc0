"""The engine base split by job (issue 25 item 4): each part of :class:`MatchEngine` lives in a
module of its own, the typed layer under them adds nothing at run time, and the names the base
gave before the split are all still importable from it."""
from __future__ import annotations

import inspect

import pytest

from referee import events as ev
from referee.games import ENGINES, base
from referee.games.alone import Alone
from referee.games.core import EngineCore
from referee.games.deals import Deals
from referee.games.play import Play

MatchEngine = base.MatchEngine

# job -> (the mixin, methods of that job): before the split every one was defined in base.py
PARTS = {
    "play": (Play, ["on_play", "on_retract", "start_revoke", "establish_revoke",
                    "report_repaired", "duty_in_force", "allowed_cards", "revoke_facts",
                    "revoke_penalty", "ready_to_play", "before_card", "after_trick"]),
    "alone": (Alone, ["reveal", "only_holding_left", "_sighted", "_suspect", "settle_suspects",
                      "_establish_proven", "_repair_proven", "_proven_revoke", "where_is",
                      "whereabouts_facts", "not_held", "card_place"]),
    "deals": (Deals, ["deal", "_deal", "deal_problem", "turned_up_card", "_outside"]),
}


@pytest.mark.parametrize("job", sorted(PARTS))
def test_each_job_is_defined_in_its_own_module(job):
    cls, names = PARTS[job]
    assert issubclass(MatchEngine, cls)
    for name in names:
        f = getattr(MatchEngine, name)
        assert f.__module__ == f"referee.games.{job}", name
        assert name in vars(cls) and name not in vars(MatchEngine), name


def test_the_base_keeps_the_life_cycle_and_dispatch():
    for name in ("apply", "_apply", "close_hand", "finish", "end", "report", "irregular",
                 "void", "__init_subclass__", "standings"):
        assert name in vars(MatchEngine), name


def test_the_typed_layer_adds_nothing_at_run_time():
    # EngineCore's methods are stated for mypy only (under TYPE_CHECKING): none exists to
    # shadow a part's method in the method resolution order, nor any state on the class
    own = {k for k, v in vars(EngineCore).items() if not k.startswith("__")}
    assert own == set()
    # the parts come before it: a method is found where it is defined
    mro = MatchEngine.__mro__
    assert mro.index(EngineCore) > max(mro.index(Play), mro.index(Alone), mro.index(Deals))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_card_play_is_one_plain_call_from_apply(game):
    # apply calls the handler from the game's table straight away: the shared on_play's own
    # code (a game's copy of it, or the game's own method), not a wrapper around it
    cls = ENGINES[game]
    handler = cls._PLAIN_HANDLERS[ev.Play]
    assert inspect.isfunction(handler)
    if handler.__code__ is not Play.on_play.__code__:
        assert handler.__module__ == cls.__module__  # a game's own card play (Sixty-Six)


def test_the_names_of_the_base_stay_importable():
    # the names games and tests import from referee.games.base, before and after the split
    for name in ("AuctionHand", "Consequence", "DONE", "HandMode", "HandResult", "HandState",
                 "HandStatus", "MatchEngine", "Number", "OPEN", "Revoke", "RulesError", "SKIP",
                 "Sighting", "Stop", "Suspect", "event_name", "handles", "missing", "payment",
                 "stop_at", "strs", "tidy"):
        assert hasattr(base, name), name
