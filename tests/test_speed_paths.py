"""The shortcuts taken for speed (issue 9) give the same answers as the plain definitions.

* ``TrickOrder.winner`` reads a per-order table (led suit → card → strength); here it is checked
  against the rule as written: the highest trump if any was played, else the highest card of
  the suit led.
* The duties to follow intersect the hand with per-suit card sets; here they are checked against
  the duties spelt out card by card.
* Game modules are imported only when a log needs them.
"""
from __future__ import annotations

import ast
import importlib
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from referee.games import ENGINES
from referee.games.tricks import (TrickOrder, follow_else_trump, follow_head_trump,
                                  follow_or_trump, follow_suit, must_follow)

ORDERS = [o for name in sorted(ENGINES)
          for o in importlib.import_module(ENGINES[name].__module__).ORDERS.values()]
"""Every trick order the four games build (each game keeps its orders in ``ORDERS``)."""


def reference_winner(order: TrickOrder, cards: list) -> int:
    """Seed rule (every game's trick rule): the highest trump wins; without a trump, the highest
    card of the suit led.  "Highest" is the order's rank within the effective suit."""
    led = order.suit_of[cards[0]]
    trumps = [i for i, c in enumerate(cards) if order.trump is not None
              and order.suit_of[c] == order.trump]
    pool = trumps or [i for i, c in enumerate(cards) if order.suit_of[c] == led]
    return max(pool, key=lambda i: order.suits[order.suit_of[cards[i]]].index(cards[i]) * -1)


def same_suit(order, hand, led):
    return {c for c in hand if order.suit_of[c] == led}


def trumps_in(order, hand):
    return {c for c in hand if order.trump is not None and order.suit_of[c] == order.trump}


def ref_follow_suit(hand, trick, order):
    return frozenset(same_suit(order, hand, order.suit_of[trick[0]])) or None


def ref_follow_else_trump(hand, trick, order):
    led = order.suit_of[trick[0]]
    return frozenset(same_suit(order, hand, led) or trumps_in(order, hand)) or None


def ref_follow_or_trump(hand, trick, order):
    led = order.suit_of[trick[0]]
    same = same_suit(order, hand, led)
    if not same:
        return None
    return frozenset(same if led == order.trump else same | trumps_in(order, hand))


def ref_follow_head_trump(hand, trick, order):
    best = trick[reference_winner(order, list(trick))]
    led = order.suit_of[trick[0]]
    above = {c for c in hand if order.suit_of[c] == order.suit_of[best]
             and order.power[c] > order.power[best]}
    same = same_suit(order, hand, led)
    if same:
        return frozenset(same & above if order.suit_of[best] == led and same & above else same)
    trumps = trumps_in(order, hand)
    if trumps:
        return frozenset(trumps & above or trumps)
    return None


DUTIES = [(follow_suit, ref_follow_suit), (follow_else_trump, ref_follow_else_trump),
          (follow_or_trump, ref_follow_or_trump), (follow_head_trump, ref_follow_head_trump)]


@st.composite
def deal(draw):
    order = draw(st.sampled_from(ORDERS))
    deck = sorted(order.suit_of, key=str)
    cards = draw(st.permutations(deck))
    n = draw(st.integers(1, 4))
    size = draw(st.integers(0, min(10, len(deck) - n)))
    return order, list(cards[:n]), list(cards[n:n + size])


def test_there_are_orders_to_check():
    assert len(ORDERS) >= 10  # 33's six games, Asszorti's five trumps, 66's and 83's suits


@settings(max_examples=400, deadline=None)
@given(deal())
def test_winner_is_the_rule_as_written(d):
    order, trick, _ = d
    assert order.winner(trick) == reference_winner(order, trick)


@settings(max_examples=400, deadline=None)
@given(deal())
def test_duties_match_their_plain_definitions(d):
    order, trick, hand = d
    for fast, plain in DUTIES:
        assert fast(set(hand), trick, order) == plain(hand, trick, order), fast.__name__
        assert fast(set(hand), [], order) is None


@settings(max_examples=400, deadline=None)
@given(deal())
def test_must_follow_says_which_duties_make_a_holder_of_the_suit_led_follow(d):
    """``must_follow`` (the solver's quick tricks rest on it): under each duty it names, a
    hand holding the suit led may play only that suit; under the others some hand may play
    another card (Eighty-Three's: a trump, beside the suit led)."""
    order, trick, hand = d
    led = order.suit_of[trick[0]]
    if same_suit(order, hand, led):
        for duty, plain in DUTIES:
            if must_follow(duty):
                assert plain(hand, trick, order) <= same_suit(order, hand, led), duty.__name__


def test_must_follow_names_every_duty_but_follow_or_trump():
    # Eighty-Three's rule: a plain lead may be answered by a trump by a player who holds the
    # suit led (its seed text; ref_follow_or_trump above)
    assert [d.__name__ for d, _ in DUTIES if not must_follow(d)] == ["follow_or_trump"]


def test_a_game_module_is_loaded_only_when_a_log_needs_it(tmp_path):
    log = tmp_path / "one.jsonl"
    log.write_text('{"event": "match", "game": "sixty-six", "players": ["A", "B"]}\n')
    code = ("import sys\nfrom referee.cli import main\n"
            "try:\n    main(['check', '-q', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('referee.games.')))")
    out = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True,
                         text=True, check=True).stdout.split("\n")[-2]
    # the shared parts (rules core base, trick machine, commentary base), every game's
    # declaration (its package's __init__: the registry reads them all, cheaply) and
    # Sixty-Six's own modules only: no other game's rules, no policy (for legal and simulate)
    loaded = set(ast.literal_eval(out))
    games = {"thirty_three", "asszorti", "sixty_six", "eighty_three"}
    shared = {m for m in loaded if m.count(".") == 2 and m.split(".")[2] not in games}
    assert {"referee.games.base", "referee.games.tricks", "referee.games.commentary"} <= shared
    assert not any(m.endswith("policy") for m in shared)
    declarations = {f"referee.games.{p}" for p in ("thirty_three", "asszorti", "eighty_three")}
    assert "referee.games.sixty_six.rules" in loaded
    assert loaded - shared - declarations <= {"referee.games.sixty_six",
                                              "referee.games.sixty_six.rules",
                                              "referee.games.sixty_six.commentary"}

