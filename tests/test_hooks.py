"""The hooks of a game in one typed Protocol, handlers registered by event type, and a game class
that leaves out a required hook or handler refused when it is defined (issue 25 item 4)."""
from __future__ import annotations

import inspect

import pytest

from referee import events as ev
from referee.games import base
from referee.games.asszorti.rules import Asszorti
from referee.games.base import MatchEngine, handles
from referee.games.eighty_three.rules import EightyThree
from referee.games.hooks import (OPTIONAL_HOOKS, REQUIRED_EVENTS, REQUIRED_HOOKS, GameHooks,
                                 OptionalHooks, RequiredHooks)
from referee.games.sixty_six.rules import SixtySix
from referee.games.thirty_three.rules import DECK, ThirtyThree

GAMES = (ThirtyThree, Asszorti, SixtySix, EightyThree)


def test_twelve_hooks_or_fewer_required_and_optional_apart():
    assert REQUIRED_HOOKS == ("start_hand", "score_hand", "revoke_penalty")
    assert not set(REQUIRED_HOOKS) & set(OPTIONAL_HOOKS)
    assert len(REQUIRED_HOOKS) + len(OPTIONAL_HOOKS) <= 12
    assert GameHooks.__mro__[1:3] == (RequiredHooks, OptionalHooks)
    # each hook is the base's, with the Protocol's signature (mypy checks the games' overrides)
    for name in REQUIRED_HOOKS + OPTIONAL_HOOKS:
        assert inspect.signature(getattr(MatchEngine, name)) == \
            inspect.signature(getattr(GameHooks, name)), name


def test_a_game_overrides_only_hooks_and_its_handlers():
    # Before issue 25 a game overrode ~23 methods of the base; what is not a hook of the one
    # Protocol (or a handler it registers by event type) is not the game's to change, but for
    # the driver's entry point Sixty-Six wraps (`resign`/`timeout` at any time, S8).
    allowed = set(REQUIRED_HOOKS) | set(OPTIONAL_HOOKS) | {"__init__"}
    for cls in GAMES:
        handlers = {f.__name__ for f in cls._HANDLERS.values()}
        own = {n for n, v in vars(cls).items()
               if callable(v) and not isinstance(v, type) and hasattr(MatchEngine, n)}
        extra = own - allowed - handlers - ({"apply"} if cls is SixtySix else set())
        assert extra == set(), (cls.GAME, extra)
        assert set(REQUIRED_EVENTS) <= set(cls._HANDLERS), cls.GAME
        assert not hasattr(cls, "EVENTS")  # no table of method names


def test_handlers_are_registered_by_event_type():
    assert ThirtyThree._HANDLERS[ev.Bid] is ThirtyThree.on_bid
    assert set(Asszorti._HANDLERS) >= {ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra,
                                      ev.Mordkontra}
    assert Asszorti._HANDLERS[ev.Kontra] is Asszorti._HANDLERS[ev.Mordkontra]
    # the shared card play, registered by a game, is not marked for every other game
    assert not hasattr(MatchEngine.on_play, "__handles__")
    assert ThirtyThree._HANDLERS[ev.Play].__code__ is MatchEngine.on_play.__code__


class _Hand(base.HandState):
    pass


def _tiny(**body):
    """A game class of one deck with the hooks given (a type() call: defined here)."""
    ns = {"GAME": "tiny", "TITLE": "Tiny", "PLAYERS": 3, "DECK": DECK, "HAND_SIZE": 11,
          "HandClass": _Hand, "start_hand": lambda self, e, line: None,
          "score_hand": lambda self, line: None,
          "revoke_penalty": lambda self, r: ({}, None, "X1"),
          "on_play": handles(ev.Play)(MatchEngine.on_play),
          "on_retract": handles(ev.Retract)(MatchEngine.on_retract)}
    ns.update(body)
    return type("Tiny", (MatchEngine,), {k: v for k, v in ns.items() if v is not None})


def test_a_game_without_a_play_handler_is_refused_when_defined():
    # Before issue 25, a game whose EVENTS left out `play` was accepted, and every card of its
    # log vanished with no more than an `incomplete-hand` warning.
    assert _tiny()._HANDLERS[ev.Play] is not None  # complete, it is accepted
    with pytest.raises(TypeError, match=r"'tiny' \(Tiny\) does not define a handler of `play`"):
        _tiny(on_play=None)
    with pytest.raises(TypeError, match="a handler of `retract`"):
        _tiny(on_retract=None)


def test_a_game_without_a_required_hook_is_refused_when_defined():
    with pytest.raises(TypeError, match=r"'tiny' \(Tiny\) does not define the hook "
                                        r"score_hand\(\)"):
        _tiny(score_hand=None)
    with pytest.raises(TypeError, match=r"the hook start_hand\(\) nor the hook "
                                        r"revoke_penalty\(\)"):
        _tiny(start_hand=None, revoke_penalty=None)


def test_a_base_without_a_game_name_is_not_checked():
    # an intermediate class (no GAME) may leave hooks to its subclasses
    class Partial(MatchEngine[_Hand]):
        pass
    assert Partial._HANDLERS == {}
