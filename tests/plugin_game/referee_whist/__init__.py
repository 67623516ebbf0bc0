"""Four-handed Whist, a game added to referee from outside: this package is registered through
the ``referee.games`` entry point of its own ``pyproject.toml`` (``whist =
"referee_whist:GAME"``), exactly as any outside game is, and declares the game once here.

The rules (W1 … W7) are in :mod:`referee_whist.rules`; their words in
:mod:`referee_whist.commentary`; the actions ``legal`` offers and ``simulate`` plays in
:mod:`referee_whist.policy`.  Only the declaration is imported when the registry reads the entry
points: it names the other modules as text.
"""
from __future__ import annotations

from referee.cards import build_deck
from referee.games import GameSpec

GAME = GameSpec(
    name="whist", title="Whist", seats=4,
    deck=build_deck("A K Q J 10 9 8 7 6 5 4 3 2"),  # W1: 52 cards, ace high
    players=("North", "East", "South", "West"),  # W1: North & South v East & West
    rules=f"{__name__}.rules:Whist", commentary=f"{__name__}.commentary:COMMENTARY",
    policy=f"{__name__}.policy:POLICY")
"""Whist, as the registry knows it: no pile (all 52 cards are dealt), the trump card turned up
is named by the deal's ``trump_card`` (W2)."""
