"""Thirty-Three: the game declared once (:data:`GAME`, registered through the ``referee.games``
entry point); the rules core (``rules``), its words (``commentary``) and its candidate actions
(``policy``) are the modules beside this one, imported only when wanted."""
from __future__ import annotations

from ...cards import JOKER, build_deck
from .. import GameSpec

GAME = GameSpec(
    name="thirty-three", title="Thirty-Three", seats=3,
    # §1: 32 cards and the Bug; a 6♦ may stand in for the Bug
    deck=build_deck("A K Q J 10 9 8 7", joker=True,
                    aliases={"6D": JOKER, "6♦": JOKER, "6♢": JOKER}, joker_name="Bug"),
    pile="boat", players=("Anna", "Bela", "Cili"),
    rules=f"{__name__}.rules:ThirtyThree", commentary=f"{__name__}.commentary:COMMENTARY",
    policy=f"{__name__}.policy:POLICY", order=1)
"""Thirty-Three, as the registry knows it (:class:`referee.games.GameSpec`)."""
