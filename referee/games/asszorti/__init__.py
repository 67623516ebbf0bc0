"""Asszorti: the game declared once (:data:`GAME`, registered through the ``referee.games``
entry point); the rules core (``rules``), its words (``commentary``) and its candidate actions
(``policy``) are the modules beside this one, imported only when wanted."""
from __future__ import annotations

from ...cards import build_deck
from .. import GameSpec

GAME = GameSpec(
    name="asszorti", title="Asszorti", seats=3,
    deck=build_deck("A K Q J 10 9 8 7 6"),  # 36 cards: A K Q J 10 9 8 7 6 of each suit
    pile="talon", players=("Anna", "Berta", "Csaba"),
    rules=f"{__name__}.rules:Asszorti", commentary=f"{__name__}.commentary:COMMENTARY",
    policy=f"{__name__}.policy:POLICY", order=2)
"""Asszorti, as the registry knows it (:class:`referee.games.GameSpec`)."""
