"""The JSON Schema of one log line (``referee schema``; log format 1.1: version 1 and its 1.1
additions, referee-log(5)).

msgspec generates the shape of each event from the event types of :mod:`referee.events`;
:func:`log_schema` then narrows the fields whose values the format enumerates: card strings get
the pattern of referee-log(5) "Cards" (:data:`CARD_PATTERN`), suit fields the suit names, bids, levels,
contracts, doubling targets and Eighty-Three points their values, and ``rules`` its options.

The narrowing is done on the schema, not on the event types: the decoder uses those types, and a
constraint there would turn a finding such as ``bad-card`` or ``illegal-bid`` into a bare
``bad-event``.  The values come from the modules that referee them (cards, games), so the schema
cannot drift from the referee.  Deck membership (which cards a game uses) stays with the referee.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

import msgspec

from . import events as ev
from .cards import JOKER_WORDS, RANKS, SUIT_INPUT, SUIT_NAMES, SUITS

JSON_SCHEMA = "https://json-schema.org/draft/2020-12/schema"

FORMAT_VERSION = "1.1"
"""The log format the schema describes: version 1 with the additions of 1.1 (a ``deal`` may
leave out hands and the pile: a record of the play alone, RULINGS G14).  The additions of 1.2
are to the output, not to a log line."""

TITLE = f"referee log event, format {FORMAT_VERSION} (version 1 with the 1.1 additions)"
"""The schema's ``title``; ``referee schema --help`` and referee-schema(1) name the same."""


def _any_case(word: str) -> str:
    """A regular expression (ECMA 262 and Python alike) for ``word`` in any letter case."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.upper() != c.lower() else re.escape(c)
                   for c in word)


def _one_of_words(words: Iterable[str]) -> str:
    """An anchored pattern for any of ``words``, in any letter case."""
    return "^(?:" + "|".join(_any_case(w) for w in words) + ")$"


_SUIT_CHARS = "".join(sorted({c for k in SUIT_INPUT for c in (k.upper(), k.lower())}))
CARD_PATTERN = ("^(?:(?:" + "|".join(_any_case(r) for r in (*RANKS, "T")) + ")["
                + _SUIT_CHARS + "]|" + "|".join(_any_case(w) for w in sorted(JOKER_WORDS))
                + ")$")
"""A card string (referee-log(5) "Cards"): a rank ``A K Q J 10 9 8 7 6 5 4 3 2`` or ``T``, then a suit
letter ``C D H S`` or symbol (``♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤``); or the joker ``JK``, ``Joker``, ``BUG``; any
letter case.  Exactly what :func:`referee.cards.parse_card_any` reads, white space aside."""

SUIT_WORDS = (*(SUIT_NAMES[s] for s in SUITS), *SUITS)
"""What a suit field may say (referee-log(5) "Cards"): ``clubs`` … ``spades`` or ``C D H S``."""

CARD = {"type": "string", "pattern": CARD_PATTERN}
CARDS = {"type": "array", "items": CARD}
SUIT = {"type": "string", "pattern": _one_of_words(SUIT_WORDS)}


def _narrowed() -> dict[tuple[type, str], dict[str, Any]]:
    """(event type, field) → the schema of the field's value (null, where the field may be
    null, is kept beside it)."""
    from .games.asszorti import rules as asszorti
    from .games.eighty_three import rules as eighty_three
    from .games.thirty_three import rules as thirty_three
    bid_word = {"enum": list(asszorti.BIDS)}
    target = {"enum": list(asszorti.TARGETS)}
    fields: dict[tuple[type, str], dict[str, Any]] = {
        (ev.Deal, "hands"): {"type": "object", "additionalProperties": CARDS},
        (ev.Deal, "trump_card"): CARD,
        (ev.Bid, "game"): {"enum": list(thirty_three.GAMES)},
        (ev.Bid, "level"): {"enum": list(thirty_three.LEVELS)},
        (ev.Bid, "bid"): bid_word,
        (ev.Bid, "points"): {"type": "integer", "minimum": eighty_three.BID_MIN,
                             "maximum": eighty_three.BID_MAX},
        (ev.Contract, "bid"): bid_word,
        (ev.Declare, "trump"): {"type": "string",
                                "pattern": _one_of_words((*SUIT_WORDS, "none"))},
        (ev.Marriage, "suit"): SUIT,
        (ev.Trump, "suit"): SUIT,
        (ev.Match, "rules"): _rules(),
    }
    for pile in ("boat", "talon", "stock", "kitty"):
        fields[ev.Deal, pile] = CARDS
    t: type
    for t in (ev.Play, ev.Retract):

        fields[t, "card"] = CARD
    for t in (ev.Draw, ev.Discard, ev.Give):
        fields[t, "cards"] = CARDS
    for t in (ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra):
        fields[t, "target"] = target
    return fields


def _rules() -> dict[str, Any]:
    """The ``rules`` object of a ``match``: the options of every game, each of its type (an
    option of another game is an error the referee reports, not the schema)."""
    from .games import ENGINES
    from .games.eighty_three import rules as eighty_three
    kinds = {bool: "boolean", int: "integer", str: "string"}
    options: dict[str, Any] = {}
    for engine in ENGINES.values():
        for name, (kind, _default) in engine.RULES.items():
            options[name] = {"type": [kinds[kind], "null"]}  # null: the default
    options["set_penalty"] = {"enum": [*eighty_three.SET_PENALTIES, None]}
    return {"type": "object", "properties": options, "additionalProperties": False}


def _narrow(prop: dict[str, Any], value: dict[str, Any]) -> None:
    """Put ``value`` in place of the field schema ``prop``, keeping a null alternative and the
    default."""
    nullable = {"type": "null"} in prop.get("anyOf", ())
    for key in ("type", "anyOf", "items", "additionalProperties", "enum", "pattern"):
        prop.pop(key, None)
    if nullable:
        prop["anyOf"] = [value, {"type": "null"}]
    else:
        prop.update(value)


def log_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one log line, as a dict: any event of
    :data:`referee.events.Event`, with enumerated fields narrowed (see the module doc)."""
    body = msgspec.json.schema(ev.Event)
    defs = body["$defs"]
    for (event, field), value in _narrowed().items():
        _narrow(defs[event.__name__]["properties"][field], value)
    body["$schema"] = JSON_SCHEMA
    body["title"] = TITLE
    return body
