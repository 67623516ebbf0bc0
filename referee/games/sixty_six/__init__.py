"""Sixty-Six: the game declared once (:data:`GAME`, registered through the ``referee.games``
entry point); the rules core (``rules``), its words (``commentary``) and its candidate actions
(``policy``) are the modules beside this one, imported only when wanted."""
from __future__ import annotations

from ...cards import build_deck
from .. import GameSpec

GAME = GameSpec(
    name="sixty-six", title="Sixty-Six", seats=2,
    deck=build_deck("A 10 K Q J 9"),  # 24 cards: A 10 K Q J 9 of each suit
    pile="stock", players=("Max", "Moritz"),
    rules=f"{__name__}.rules:SixtySix", commentary=f"{__name__}.commentary:COMMENTARY",
    policy=f"{__name__}.policy:POLICY", order=3)
"""Sixty-Six, as the registry knows it (:class:`referee.games.GameSpec`)."""
