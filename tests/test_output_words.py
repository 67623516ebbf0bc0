"""What a new user reads (issue 13, items 11-15): actions said as a person would say them,
the joker's name, tricks as they happened, what a card not held was, and JSON on both streams."""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cards import JOKER
from referee.cli import main
from referee.games.eighty_three import DECK as DECK_83
from referee.games.thirty_three import DECK as DECK_33

from .conftest import ROOT

EX = ROOT / "examples"


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                                              catch_exceptions=False)


# --- item 12: the joker has its game's name in every mode -----------------------------------

def test_joker_is_named_bug_or_joker_with_and_without_symbols():
    # FORMAT.md, "Cards": readable output names the joker Bug (Thirty-Three) or Joker; `JK` is
    # only the log's notation, so --ascii (letters for suits) keeps the name.
    assert DECK_33.name(JOKER, True) == DECK_33.name(JOKER, False) == "Bug"
    assert DECK_83.name(JOKER, True) == DECK_83.name(JOKER, False) == "Joker"


def test_ascii_history_names_the_bug_and_the_joker():
    # examples/thirty-three/match.jsonl line 2 deals the Bug (JK) to a player; the Eighty-Three
    # example deals the joker to Bob in hand 1 and Bob plays it to trick 2.
    out33 = invoke("history", "--ascii", EX / "thirty-three" / "match.jsonl").stdout
    out83 = invoke("history", "--ascii", EX / "eighty-three" / "match.jsonl").stdout
    assert "JK" not in out33 and "JK" not in out83
    assert " Bug" in out33
    assert "Bob JK" not in out83 and "Bob Joker, Cat 6H" in out83
