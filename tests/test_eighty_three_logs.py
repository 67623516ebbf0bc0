"""The Eighty-Three log builder (tools/eighty_three_logs.py) deals whole decks."""
from __future__ import annotations

from tools.eighty_three_logs import DECK_ORDER, g1


def test_builder_layouts_are_whole_decks():
    """The builder deals 53 distinct cards, 12 each and 5 in the kitty."""
    d = g1()[0]
    cards = [c for cs in d["hands"].values() for c in cs] + d["kitty"]
    assert sorted(cards) == sorted(DECK_ORDER)
    # 4 suits × 13 ranks + the joker = 53, all different: 12 × 4 dealt + 5 in the kitty
    assert len(DECK_ORDER) == len(set(DECK_ORDER)) == 53
    assert [len(cs) for cs in d["hands"].values()] == [12, 12, 12, 12] and len(d["kitty"]) == 5
