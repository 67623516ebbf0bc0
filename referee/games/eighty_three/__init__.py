"""Eighty-Three: the game declared once (:data:`GAME`, registered through the ``referee.games``
entry point); the rules core (``rules``), its words (``commentary``) and its candidate actions
(``policy``) are the modules beside this one, imported only when wanted."""
from __future__ import annotations

from ...cards import build_deck
from .. import GameSpec

GAME = GameSpec(
    name="eighty-three", title="Eighty-Three", seats=4,
    # a 52-card deck and one joker
    deck=build_deck("A K Q J 10 9 8 7 6 5 4 3 2", joker=True, joker_name="Joker"),
    pile="kitty", players=("North", "East", "South", "West"),
    rules=f"{__name__}.rules:EightyThree", commentary=f"{__name__}.commentary:COMMENTARY",
    policy=f"{__name__}.policy:POLICY", order=4)
"""Eighty-Three, as the registry knows it (:class:`referee.games.GameSpec`)."""
