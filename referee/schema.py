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
from typing import Any, Callable, Iterable

import msgspec

from . import events as ev
from .cards import JOKER_WORDS, RANKS, SUIT_INPUT, SUIT_NAMES, SUITS
from .games import DEAL_PILES

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
        (ev.Match, "game"): {"enum": sorted(ev.GAMES)},  # the registered games
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
    for pile in DEAL_PILES:
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


# --- the output records (format 1.2: evidence is data) -----------------------------------------

OUTPUT_FORMAT = "1.2"
"""The output format the output schemas describe (referee-log(5) "Since format 1.2")."""

CANONICAL_CARD = {"type": "string",
                  "pattern": "^(?:(?:" + "|".join(RANKS) + ")[" + "".join(SUITS) + "]|JK)$"}
"""A card as the referee writes it: its canonical text (``10H``, ``JK``)."""

RULE_ID = {"type": "string",
           "pattern": "^(?:§[0-9]+|[A-Z]{1,2}-R[0-9]+|R[0-9]+|[GTASE][0-9]+[a-z]?)$"}
"""A rule cited by its id (docs/rulings.md): a RULINGS clause (``G4b``, ``T8``), a project
ruling (``R5``, ``A-R4``, ``SS-R1``), or a numbered section of the Thirty-Three rules (``§6``)."""

_LINE = {"type": "integer", "minimum": 1, "x-kind": "line"}
_NTH = {"type": "integer", "minimum": 1}
"""A hand's or a trick's number (1-based)."""
_COUNT = {"type": "integer", "minimum": 0}
_NUMBER = {"type": "number"}
_BOOL = {"type": "boolean"}
_TRUE = {"const": True}
_FALSE = {"const": False}
_NULL = {"type": "null"}
_PLAYER = {"type": "string", "x-kind": "player"}
"""A player's name, as the match names it (any text: the schema cannot know the names)."""
_LOG = {"x-kind": "log"}
"""The log's own value, as it stands in the reported line (a field the referee could not read
as anything else: an unknown name, a card text that is no card, an option's value)."""
_LOG_TEXT = {"type": "string", "x-kind": "log"}
_FILE_NAME = {"type": "string", "x-kind": "file"}
"""A file as a finding's ``file`` names it (as given on the command line)."""
_CARDS = {"type": "array", "items": CANONICAL_CARD}
_FIELD = {"type": "string",
          "pattern": r"^[A-Za-z_][A-Za-z0-9_]*(?:\[(?:<key>|[0-9]+)\]|\.[A-Za-z_][A-Za-z0-9_]*)*$"}
"""A field of an event as a finding names it: ``card``, ``hands[<key>]`` (a value of the
``hands`` object), ``cards[2]``."""
_SUIT_NAME = {"enum": [SUIT_NAMES[s] for s in SUITS]}


def _nullable(value: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [value, _NULL]}


def _obj(required: Iterable[str] = (), **props: dict[str, Any]) -> dict[str, Any]:
    """An object of exactly the keys ``props`` (``required`` among them always there)."""
    body: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        body["required"] = list(required)
    return body


def _list(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


def _enum(*values: Any) -> dict[str, Any]:
    return {"enum": list(values)}


def _by_player(value: dict[str, Any]) -> dict[str, Any]:
    """An object of player → ``value``."""
    return {"type": "object", "additionalProperties": value, "x-kind": "by-player"}


def _any_of(*values: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": list(values)}


def finding_evidence() -> dict[str, dict[str, Any]]:
    """Finding code → the JSON Schema of its ``evidence`` object (referee-log(5) FINDINGS):
    every key a form of the finding states, each value a number, bool, null, card, player, suit,
    line or a member of the closed set documented for it (objects and lists of those); the
    log's own text only where the line could not be read as more.  The one table of the
    evidence: the docs list its keys (``tests/test_evidence_schema.py`` holds them to it) and
    every finding the referee prints validates against it."""
    from .commentary import JSON_KINDS, SEEN_WORDS
    from .games import ENGINES
    from .games.asszorti import rules as asszorti
    from .games.eighty_three import rules as eighty_three
    from .games.thirty_three import rules as thirty_three
    games = list(ENGINES)
    events = sorted(str(t.__struct_config__.tag) for t in ev.EVENT_TYPES)
    event = _enum(*events)
    phases = sorted({p for m in (thirty_three, asszorti, eighty_three)
                     for p in _literal_values(m.Phase)})
    bid_word = _enum(*asszorti.BIDS)
    steps = _enum(*asszorti.STEPS)
    first = _obj(("file", "line"), file=_FILE_NAME, line=_LINE)
    t33_contract = _obj(("game", "level"), game=_enum(*thirty_three.GAMES),
                        level=_enum(*thirty_three.LEVELS))
    t33_bid = _obj(("game", "level", "cv"), game=_enum(*thirty_three.GAMES),
                   level=_enum(*thirty_three.LEVELS), cv=_COUNT)
    e83_bid = _obj(("points", "doubled"), points=_COUNT, doubled=_BOOL)
    trump_choice = _enum(*(SUIT_NAMES[s] for s in SUITS), "none")
    seen = _enum(*SEEN_WORDS)
    piles = _enum("boat", "talon", "stock", "kitty", "trump_card")
    whereabouts = _list(_any_of(
        _obj(("card", "played_by", "trick", "line"), card=CANONICAL_CARD, played_by=_PLAYER,
             trick=_NTH, line=_LINE),
        _obj(("card", "held_by"), card=CANONICAL_CARD, held_by=_PLAYER, line=_LINE, how=seen),
        _obj(("card", "laid_away_by"), card=CANONICAL_CARD, laid_away_by=_PLAYER, line=_LINE,
             how=seen),
        _obj(("card", "pile"), card=CANONICAL_CARD, pile=piles)))
    stop = _any_of(_obj(("event", "line"), event=_enum("deal", "score", "match", "end"),
                        line=_LINE), _enum("end-of-file"))
    payment = _obj(("player", "points", "by"), player=_PLAYER, points=_NUMBER,
                   by=_nullable(_PLAYER))
    consequence = _obj(
        ("ends", "pays"), ends=_enum("round", "hand", "deal"), pays=_list(payment),
        # Asszorti (A9, A4)
        at_fault=_enum("declarer", "opponents"), declarer=_PLAYER, basic_game=_COUNT,
        basic_multiplier=_COUNT, arrivazs=_nullable(_COUNT), arrivazs_multiplier=_COUNT,
        each=_NUMBER,
        # Eighty-Three (E6)
        set=_BOOL, offenders=_list(_PLAYER), others=_list(_PLAYER), bid=e83_bid)
    read_reasons = {
        "bad-json": ["too-long", "record-separator", "byte-order-mark", "too-deep",
                     "not-utf-8", "truncated", "trailing-text", "malformed",
                     "corrupt-compression"],
        "bad-event": ["not-an-object", "unknown-game", "unknown-event", "no-event",
                      "wrong-type", "missing-field", "invalid", "duplicate-key",
                      "unknown-fields"]}
    match_reasons = ["unsupported-game", "unloadable-game", "player-count", "duplicate-player", "empty-player",
                     "unknown-option", "option-type", "option-range", "option-value"]
    kind = _enum(*JSON_KINDS)
    return {
        "bad-json": _obj(
            ("reason", "json_object"), reason=_enum(*read_reasons["bad-json"]),
            json_object=_BOOL, limit=_COUNT, character=_nullable(_COUNT),
            compression=_enum("gzip", "bzip2", "xz"), truncated=_BOOL),
        "bad-event": _obj(
            reason=_enum(*read_reasons["bad-event"], *match_reasons), json_object=_BOOL,
            field=_nullable(_FIELD), inside=_nullable(_FIELD), expected=_list(kind),
            got=_nullable(kind), key=_LOG_TEXT, fields=_list(_LOG_TEXT),
            # an event the game does not have, or a field it cannot read
            event=event, game=_any_of(_enum(*games), _LOG), missing=_list(_FIELD),
            level=_LOG, bid=_LOG, trump=_LOG, target=_LOG, suit=_LOG, points=_LOG,
            min=_COUNT, max=_COUNT,
            # a match that cannot be refereed (R6), look-alike names (R20)
            players=_list(_LOG), needed=_COUNT, named=_COUNT, option=_LOG_TEXT,
            expected_type=_enum("int", "bool", "str"), value=_LOG, minimum=_NUMBER,
            allowed=_list(_enum(*eighty_three.SET_PENALTIES))),
        "bad-card": _obj(("text", "problem", "game", "deck_size"), text=_LOG_TEXT,
                         problem=_enum("not-a-string", "not-a-card", "not-in-deck"),
                         game=_enum(*games), deck_size=_COUNT, field=_enum("trump_card")),
        "no-match": _obj(("event",), event=event),
        "unknown-player": _obj(("players", "field"), players=_list(_LOG_TEXT),
                               field=_enum("dealer", "hands", "player", "to", "against",
                                           "totals")),
        "out-of-phase": _obj(
            ("event",), event=event, phase=_enum(*phases), card=CANONICAL_CARD,
            before_deal=_TRUE, hand=_NTH, settled_at=_nullable(_LINE),
            claim=_obj(("player", "line"), player=_PLAYER, line=_LINE),
            declarer=_nullable(_PLAYER), declared=_FALSE),
        "out-of-turn": _obj(
            ("player",), player=_PLAYER, card=CANONICAL_CARD, trick=_NTH, due=_PLAYER,
            lead=_BOOL, again=_TRUE, played=CANONICAL_CARD,
            call=_enum("bid", "hold", "pass"), passed=_TRUE, auction_rule=_list(RULE_ID),
            applied=_BOOL, declarer=_nullable(_PLAYER), contract=bid_word,
            trump=trump_choice, bid=e83_bid, suit=_SUIT_NAME, forced=_TRUE),
        "misdeal": _obj(
            player=_PLAYER, pile=piles, count=_COUNT, expected=_COUNT,
            twice=_list(_obj(("card", "places"), card=CANONICAL_CARD, places=_list(_any_of(
                _PLAYER, _obj(("pile",), pile=piles))))),
            not_dealt=_CARDS, trump_card=_NULL),
        "wrong-dealer": _obj(("dealer", "due", "game", "rotation"), dealer=_PLAYER,
                             due=_list(_PLAYER), game=_enum(*games),
                             rotation=_enum("left", "clockwise", "winner")),
        "illegal-bid": _obj(
            ("player",), player=_PLAYER, applied=_BOOL,
            # Thirty-Three
            game=_LOG, level=_LOG,
            bid=_any_of(t33_bid, bid_word, e83_bid),
            over=_any_of(_obj(("player", "game", "level", "cv"), player=_PLAYER,
                              game=_enum(*thirty_three.GAMES),
                              level=_enum(*thirty_three.LEVELS), cv=_COUNT),
                         _obj(("player", "points", "doubled"), player=_PLAYER, points=_COUNT,
                              doubled=_BOOL)),
            # Asszorti
            call=_enum("bid", "hold"), holder=_nullable(_PLAYER),
            standing=_nullable(bid_word), next=bid_word, jump_bids=_BOOL,
            # Eighty-Three
            points=_COUNT, doubled=_BOOL),
        "illegal-pass": _obj(("player", "applied"), player=_PLAYER, call=_enum("pass"),
                             forced=_TRUE, dealer=_PLAYER, passed=_list(_PLAYER),
                             applied=_BOOL),
        "illegal-contract": _obj(("player", "contract", "applied"), player=_PLAYER,
                                 contract=bid_word, standing=_nullable(bid_word),
                                 last_bid=_nullable(bid_word), jump_bids=_BOOL,
                                 applied=_BOOL),
        "illegal-draw": _obj(
            player=_PLAYER, cards=_CARDS, declarer=_nullable(_PLAYER), drawn=_nullable(_CARDS),
            contract=t33_contract, boat=_CARDS, whereabouts=whereabouts, count=_COUNT,
            expected=_COUNT, draw=_COUNT,
            # Sixty-Six
            closed_by=_nullable(_PLAYER), talon=_COUNT, tricks=_COUNT),
        "illegal-discard": _obj(
            ("player",), player=_PLAYER, cards=_CARDS, declarer=_nullable(_PLAYER),
            discarded=_any_of(_BOOL, _nullable(_CARDS)),
            contract=_any_of(t33_contract, bid_word), count=_COUNT, expected=_COUNT,
            # Eighty-Three
            left=_COUNT, point_trumps=_CARDS, trumps=_CARDS, trumps_held=_nullable(_COUNT),
            excess=_nullable(_COUNT), again=_BOOL, applied=_BOOL),
        "illegal-give": _obj(
            ("player", "to", "cards", "applied"), player=_PLAYER, to=_PLAYER, cards=_CARDS,
            partner=_PLAYER, not_trumps=_CARDS, trump=_SUIT_NAME,
            trumps_held=_nullable(_COUNT), excess=_nullable(_COUNT), to_discarded=_BOOL,
            applied=_BOOL),
        "illegal-kontra": _obj(
            ("player", "call", "applied"), player=_PLAYER,
            call=_any_of(_enum("kontra", "rekontra"), steps), applied=_BOOL,
            # Thirty-Three
            declarer=_nullable(_PLAYER), again=_TRUE, bid=_FALSE, after_first_card=_TRUE,
            against=_nullable(_PLAYER), open_kontras=_list(_PLAYER),
            # Asszorti
            target=_enum(*asszorti.TARGETS), kontra=_FALSE,
            caller=_enum("declarer", "opponent", "partner"), arrivazs=_FALSE,
            chain=_list(_obj(("call", "player", "line"), call=steps, player=_PLAYER,
                             line=_LINE)),
            first_kontra=_nullable(_PLAYER), declared=_BOOL, tricks=_COUNT),
        "illegal-trump": _obj(("player",), player=_PLAYER, trump=trump_choice,
                              declared=trump_choice, applied=_BOOL, suit=_SUIT_NAME),
        "card-not-held": _obj(
            ("player",), player=_PLAYER, card=CANONICAL_CARD, holding=_CARDS, cards=_CARDS,
            whereabouts=whereabouts, action=_enum("discard", "exchange", "marriage"),
            boat=_BOOL, talon_top=_CARDS, suit=_SUIT_NAME, twice=_CARDS),
        "revoke": _obj(
            ("player", "card", "led", "suit", "trick", "held", "trumps"),
            player=_PLAYER, card=CANONICAL_CARD, led=CANONICAL_CARD,
            suit=_any_of(_SUIT_NAME, _enum("trumps")), trick=_NTH, held=_CARDS,
            trumps=_CARDS, established_at=_nullable(_LINE), repaired_at=_nullable(_LINE),
            proved_by=_obj(("card", "line", "how"), card=CANONICAL_CARD, line=_LINE, how=seen),
            penalty=_by_player(_NUMBER), penalty_rule=_list(RULE_ID), consequence=consequence,
            established_by=_enum("last-card", "record-stops", "hand-ended",
                                 eighty_three.OUT_OF_CARDS),
            stopped_after=_LINE, stop=stop,
            # Sixty-Six, Eighty-Three
            closed_by=_nullable(_PLAYER), closed_at=_LINE, trump=_SUIT_NAME),
        "illegal-lead": _obj(("player", "card", "suit", "trick"), player=_PLAYER,
                             card=CANONICAL_CARD, suit=_SUIT_NAME, trick=_NTH,
                             marriage_line=_nullable(_LINE)),
        "illegal-marriage": _obj(
            ("player", "suit"), player=_PLAYER, suit=_SUIT_NAME, closed_by=_nullable(_PLAYER),
            talon=_COUNT, on_lead=_BOOL,
            shown=_list(_obj(("suit", "line"), suit=_SUIT_NAME, line=_LINE)),
            closed_at=_LINE, pending=_SUIT_NAME, trick=_NTH, leader=_nullable(_PLAYER)),
        "illegal-exchange": _obj(
            ("player", "card"), player=_PLAYER, card=CANONICAL_CARD,
            turned_up=_nullable(CANONICAL_CARD), closed_by=_nullable(_PLAYER), on_lead=_BOOL,
            tricks_won=_COUNT, trick=_NTH, leader=_nullable(_PLAYER)),
        "illegal-close": _obj(
            ("player", "applied"), player=_PLAYER, closed_by=_nullable(_PLAYER),
            closed_at=_nullable(_LINE), talon=_COUNT, on_lead=_BOOL, applied=_BOOL,
            trick=_NTH, leader=_nullable(_PLAYER)),
        "illegal-declaration": _obj(("player",), player=_PLAYER,
                                    may_declare=_nullable(_PLAYER), played_out=_BOOL),
        "illegal-claim": _obj(
            ("player", "event", "declarer"), player=_PLAYER, event=_enum("claim", "dispute"),
            declarer=_nullable(_PLAYER), declared=_BOOL, claimed_at=_nullable(_LINE),
            claim_line=_nullable(_LINE), disputed_at=_nullable(_LINE)),
        "illegal-retract": _obj(
            ("player", "card"), player=_PLAYER, card=_any_of(CANONICAL_CARD, _LOG_TEXT),
            last=_nullable(_obj(("player", "card"), player=_PLAYER, card=CANONICAL_CARD)),
            no_revoke=_TRUE, trick=_NTH),
        "incomplete-hand": _obj(("hand",), hand=_NTH, stop=stop, players=_list(_PLAYER),
                                trick=_NTH),
        "match-over": _obj(("ended_at",), ended_at=_nullable(_LINE)),
        "score-mismatch": _obj(
            ("recorded", "computed", "difference", "after_hand"),
            recorded=_by_player(_NUMBER), computed=_by_player(_NUMBER),
            difference=_by_player(_NUMBER), after_hand=_nullable(_NTH),
            was=_by_player(_obj(("difference", "line"), difference=_NUMBER, line=_LINE)),
            follows_line=_LINE),
        "missing-reveal": _obj(("player", "contract"), player=_PLAYER, contract=t33_contract),
        "duplicate-match": _obj(("first", "same"), first=first, same=_enum("id", "play")),
        "duplicate-hand": _obj(("first",), first=first),
    }


def _literal_values(t: Any) -> tuple[Any, ...]:
    """The values of a ``Literal`` type."""
    from typing import get_args
    return get_args(t)


def findings_schema() -> dict[str, Any]:
    """The JSON Schema of one finding (a line of ``check --format json``; the findings ``score
    --format json`` writes to standard error): the keys of referee-log(5), its ``evidence`` by
    its ``code`` (:func:`finding_evidence`)."""
    from .findings import CODES
    evidence = finding_evidence()
    assert set(evidence) == set(CODES), "every code has its evidence, once"
    defs = {f"evidence:{code}": body for code, body in evidence.items()}
    nullable_int = {"type": ["integer", "null"]}
    return {
        "type": "object",
        "required": ["file", "line", "severity", "code", "match", "hand", "trick", "player",
                     "message", "rule", "evidence", "cause"],
        "additionalProperties": False,
        "properties": {
            "file": {"type": "string"}, "line": {"type": "integer", "minimum": 1},
            "severity": {"enum": ["error", "warning"]}, "code": {"enum": list(CODES)},
            "match": {"type": ["string", "integer", "null"]}, "hand": nullable_int,
            "trick": nullable_int, "player": {"type": ["string", "null"]},
            "message": {"type": "string"}, "rule": _nullable(RULE_ID),
            "evidence": {"type": ["object", "null"]}, "cause": nullable_int},
        "allOf": [{"if": {"properties": {"code": {"const": code}}},
                   "then": {"properties": {"evidence": _nullable(
                       {"$ref": f"#/$defs/evidence:{code}"})}}} for code in evidence],
        "$defs": defs}


def score_schema() -> dict[str, Any]:
    """The JSON Schema of one record of ``score --format json``: a match (its hands, with each
    hand's status, deltas and running totals; Asszorti's ``net`` and ``debt``), or the last
    record of ``--standings``."""
    from .model import HandStatus
    points = _by_player(_NUMBER)
    hand = {"type": "object",
            "required": ["hand", "line", "dealer", "declarer", "contract", "status", "deltas",
                         "totals"],
            "properties": {"hand": _NTH, "line": _LINE, "dealer": _nullable(_PLAYER),
                           "declarer": _nullable(_PLAYER),
                           "contract": {"type": ["string", "null"]},
                           "status": {"enum": [s.value for s in HandStatus]}, "deltas": points,
                           "totals": points, "net": points},
            "additionalProperties": False}
    match = {"type": "object",
             "required": ["file", "match", "game", "players", "hands", "totals", "finished",
                          "winners"],
             "properties": {"file": {"type": "string"},
                            "match": {"type": ["string", "integer"]},
                            "game": {"type": "string"}, "players": _list(_PLAYER),
                            "hands": _list(hand), "totals": points, "net": points,
                            "debt": points, "finished": _BOOL, "winners": _list(_PLAYER)},
             "additionalProperties": False}
    row = _obj(("game", "player", "matches", "finished", "won", "points"),
               game={"type": "string"}, player=_PLAYER, matches=_COUNT, finished=_COUNT,
               won=_COUNT, points=_NUMBER)
    standings = _obj(("kind", "standings", "matches"), kind={"const": "standings"},
                     standings=_list(row), matches=_COUNT, left_out=_COUNT)
    return {"oneOf": [{"$ref": "#/$defs/match"}, {"$ref": "#/$defs/score-standings"}],
            "$defs": {"match": match, "score-standings": standings}}


def standings_schema() -> dict[str, Any]:
    """The JSON Schema of one record of ``referee standings --format json``
    (:meth:`referee.archive.Standings.records`): a player's line in a game (or, ``game`` null,
    across games, ``points`` null), a game's statistics, a pair of the crosstable, or the count
    of players left out."""
    declared = _obj(("declared", "made"), declared=_COUNT, made=_COUNT)
    by_kind = {"type": "object", "additionalProperties": declared}
    counts = _by_player(_COUNT)
    player = _obj(("kind", "game", "player", "matches", "won", "hands", "points"),
                  kind={"const": "player"}, game={"type": ["string", "null"]},
                  player=_PLAYER, matches=_COUNT, won={"type": "number", "minimum": 0},
                  hands=_COUNT, points={"type": ["number", "null"]})
    stats = _obj(("contracts", "revokes", "kontras"), contracts=by_kind, revokes=counts,
                 kontras=_obj(("called", "won"), called=_COUNT, won=_COUNT),
                 game_points=_by_player(_NUMBER), closings=counts, marriages=counts,
                 bids=by_kind)
    game = _obj(("kind", "game", "matches", "hands", "statistics"), kind={"const": "game"},
                game={"type": "string"}, matches=_COUNT, hands=_COUNT, statistics=stats)
    share = {"type": "number", "minimum": 0}
    pair = _obj(("kind", "game", "players", "matches", "won"), kind={"const": "pair"},
                game={"type": "string"},
                players={"type": "array", "items": _PLAYER, "minItems": 2, "maxItems": 2},
                matches=_COUNT,
                won={"type": "array", "items": share, "minItems": 2, "maxItems": 2})
    left_out = _obj(("kind", "players"), kind={"const": "left_out"}, players=_COUNT)
    return {"oneOf": [{"$ref": f"#/$defs/standings-{k}"} for k in
                      ("player", "game", "pair", "left_out")],
            "$defs": {"standings-player": player, "standings-game": game,
                      "standings-pair": pair, "standings-left_out": left_out}}


def solve_schema() -> dict[str, Any]:
    """The JSON Schema of the object of ``solve --format json`` (issue 26): the position's
    value for the declaring side, each legal move's value, a best line (events as log objects)."""
    event = {"type": "object", "required": ["event"], "properties": {"event": {"type": "string"}}}
    action = _obj(("event", "value"), event=event, value=_NUMBER)
    return _obj(("file", "line", "game", "match", "hand", "to_act", "side", "value", "actions",
                 "best"),
                file={"type": "string"}, line=_LINE, game={"type": "string"},
                match={"type": ["string", "integer", "null"]}, hand=_NTH,
                to_act=_list(_PLAYER), side=_list(_PLAYER), value=_NUMBER,
                actions=_list(action), best=_list(event))


def analysis_schema() -> dict[str, Any]:
    """The JSON Schema of one record of ``analyse --format json`` (issue 26): a move valued
    before and after, with its cost and a best move; or an Asszorti claim checked (A10)."""
    event = {"type": "object", "required": ["event"], "properties": {"event": {"type": "string"}}}
    move = _obj(("file", "line", "hand", "trick", "player", "event", "before", "after", "cost",
                 "best"),
                file={"type": "string"}, line=_LINE, hand=_NTH, trick=_nullable(_NTH),
                player=_PLAYER, event=event, before=_NUMBER, after=_NUMBER,
                cost={"type": "number", "minimum": 0}, best=_nullable(event))
    claim = _obj(("file", "line", "hand", "player", "event", "sound", "defence", "trick"),
                 file={"type": "string"}, line=_LINE, hand=_NTH, player=_PLAYER, event=event,
                 sound=_BOOL, defence=_list(event), trick=_nullable(_NTH))
    return {"oneOf": [{"$ref": "#/$defs/move"}, {"$ref": "#/$defs/claim_check"}],
            "$defs": {"move": move, "claim_check": claim}}


OUTPUT_RECORDS: dict[str, Callable[[], dict[str, Any]]] = {
    "findings": findings_schema,
    "score": score_schema,
    "standings": standings_schema,
    "solve": solve_schema,
    "analysis": analysis_schema,
}
"""The records the referee prints, by name (``referee schema --output NAME``), each with the
function that gives its schema.  The extension point of the output schema: the records of
``referee analyse``/``solve`` add their entry here when those commands exist; ``all`` is every
entry."""

OUTPUT_ALIASES: dict[str, str] = {"analyse": "analysis"}
"""Other names ``referee schema --output`` takes for a record: a command's name where its
record is named otherwise (``analyse`` prints ``analysis`` records); none is the name of
another record."""


def output_schema(which: str = "all") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the output records named ``which`` (a key of
    :data:`OUTPUT_RECORDS`, or ``"all"``: a record of any of them).  Raises KeyError for
    another name."""
    names = list(OUTPUT_RECORDS) if which == "all" else [which]
    parts = {name: OUTPUT_RECORDS[name]() for name in names}
    defs: dict[str, Any] = {}
    for name, part in parts.items():
        for key, value in part.pop("$defs", {}).items():
            defs[key] = value
        defs[name] = part
    body: dict[str, Any] = {"$schema": JSON_SCHEMA,
                            "title": f"referee output record, format {OUTPUT_FORMAT}: "
                                     + ", ".join(names)}
    if len(names) == 1:
        body.update(defs.pop(names[0]))
    else:
        body["anyOf"] = [{"$ref": f"#/$defs/{name}"} for name in names]
    body["$defs"] = defs
    return body
