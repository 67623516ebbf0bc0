"""Commentary: the words of a finding, built from its facts (issue 14 item 4).

The rules core reports a finding as (code, rule, evidence): the clause applied and the facts, with
cards as canonical strings (``"10H"``, ``"JK"``), players by name, lines and tricks as ints (keys
per code in ``referee-log.5``).  The functions here turn those facts into the sentence a director
reads, one function per code (or per form of a code, told apart by the evidence's keys); readable
card names come from the game's deck (``10♥``, ``Bug``).  :func:`say` is the entry point.

No rule is decided here: every word follows from the evidence.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .cards import CardError, Deck, card_problem_words
from .findings import FindingCode

Evidence = Mapping[str, Any]


def title(game: str) -> str:
    """A game's title (``"Thirty-Three"``) from its log name (``"thirty-three"``, evidence
    ``game``), as the registry gives it; the name itself for a game not registered."""
    from .games import ENGINES
    try:
        return ENGINES[game].TITLE
    except KeyError:
        return game


def stop_words(stop: Any) -> str:
    """What came instead of a hand's end (evidence ``stop``, :data:`referee.games.base.Stop`)
    in words: ``"the next `deal` comes at line 12"``, ``"the log ends"``."""
    if stop == "end-of-file":
        return "the log ends"
    line = stop["line"]
    return {"deal": f"the next `deal` comes at line {line}",
            "score": f"a `score` comes at line {line}",
            "match": f"a new `match` starts at line {line}",
            "end": f"the match is ended at line {line}"}[stop["event"]]


def rules_words(ids: Iterable[str], template: str | None = None) -> str:
    """Rule ids (evidence ``penalty_rule``: ``["§6", "§13", "T8"]``) as a finding cites them:
    ``template`` filled with the ids in order (a game's gloss of its clauses: ``"Thirty-Three {}
    follow suit, {} and {}"``), or the ids joined by commas."""
    ids = list(ids)
    return template.format(*ids) if template is not None else ", ".join(ids)


def match_problem_words(facts: Evidence) -> str:
    """Why a ``match`` cannot be refereed (a ``bad-event``'s evidence at the match, R6), in
    words: an unsupported ``game`` (or one registered whose rules cannot be loaded), the wrong number of players, names not unique or empty, a
    ``rules`` option unknown, of the wrong type, out of range or not allowed (``option``,
    the log's ``value``)."""
    reason = facts["reason"]
    if reason == "unsupported-game":
        return f"the game {facts['game']!r} is not supported"
    if reason == "unloadable-game":  # registered, but its rules core fails to import
        return f"the game {facts['game']!r} is installed but its rules cannot be loaded"
    if reason == "player-count":
        return (f"{title(facts['game'])} needs {facts['needed']} players, the match names "
                f"{facts['named']}")
    if reason == "duplicate-player":
        return "player names must be unique"
    if reason == "empty-player":
        return "player names must not be empty"
    option = repr(facts["option"])
    if reason == "unknown-option":
        return f"unknown rules option {option} for {title(facts['game'])}"
    if reason == "option-type":
        return f"rules option {option} must be {facts['expected_type']}, got {facts['value']!r}"
    if reason == "option-range":
        return f"rules option {option} must be at least {facts['minimum']}, got {facts['value']}"
    allowed = " or ".join(f'"{a}"' for a in facts["allowed"])
    return f"rules option {option} must be {allowed}, got {facts['value']!r}"


JSON_KINDS: dict[str, str] = {"str": "a string", "int": "a whole number", "float": "a number",
                              "array": "a list", "object": "an object", "bool": "true or false",
                              "null": "null"}
"""The decoder's (msgspec's) names of JSON kinds (evidence ``expected``, ``got`` of a
``bad-event``), as a finding says them."""


def read_words(facts: Evidence, detail: str | None = None) -> str:
    """Why a line is no event (a ``bad-json`` or ``bad-event`` of the reader, evidence
    ``reason`` and its data, referee-log(5)), in words; ``detail``: the decoder's own words
    where the reason keeps them (``malformed``, ``invalid``; how an unknown ``game`` or
    ``event`` value reads)."""
    reason = facts["reason"]
    if reason == "too-long":
        return f"line longer than {facts['limit']} bytes"
    if reason == "record-separator":
        return ("the line starts with an RS character (0x1E), which a log may not hold "
                "(referee-log(5): one JSON object per line)")
    if reason == "byte-order-mark":
        return ("the line starts with a byte-order mark (BOM), which is allowed only at the "
                "start of the file (referee-log(5))")
    if reason == "too-deep":
        return "not valid JSON: JSON nested too deeply"
    if reason == "corrupt-compression":
        how = "cut short (it ends before its end marker)" if facts["truncated"] else "corrupt"
        return (f"the {facts['compression']} data of the file is {how} in this line: nothing "
                "from here on can be read (R29)")
    if reason == "not-utf-8":
        return "line is not valid UTF-8"
    if reason == "truncated":
        return "not valid JSON: the line ends before its JSON is complete (cut short?)"
    if reason == "trailing-text":
        return f"not valid JSON: more text after the JSON value (at character {facts['character']})"
    if reason == "malformed":
        at = facts["character"]
        return f"not valid JSON: {detail}" + (f" (at character {at})" if at is not None else "")
    if reason == "not-an-object":
        return f"each line must be one JSON object (expected `object`, got `{facts['got']}`)"
    if reason == "unknown-game":
        from .games import names
        return f"unknown game {detail} (the games are " + ", ".join(names()) + ")"
    if reason == "unknown-event":
        return f"unknown event {detail}"
    if reason == "no-event":
        return "object has no `event` field"
    if reason == "wrong-type":
        kinds = " or ".join(JSON_KINDS.get(k, f"`{k}`") for k in facts["expected"])
        said = f"`{facts['field'] or 'the event'}` must be {kinds}"
        got = facts["got"]
        return said + (f", not {JSON_KINDS.get(got, f'`{got}`')}" if got else "")
    if reason == "missing-field":
        inside = f" in `{facts['inside']}`" if facts["inside"] else ""
        return f"the event has no `{facts['field']}` field{inside}, which it needs"
    if reason == "duplicate-key":
        return f"the key {facts['key']!r} is given twice; the last one counts"
    if reason == "unknown-fields":
        extra = facts["fields"]
        return f"unknown field{'s' * (len(extra) > 1)} {', '.join(map(repr, extra))} ignored"
    return str(detail)  # "invalid": the decoder's words


ROTATION_WORDS: dict[str, str] = {"left": "to the left", "clockwise": "clockwise",
                                  "winner": "to the winner of the previous deal (S8)"}
"""How the deal passes (evidence ``rotation`` of ``wrong-dealer``) in words."""


def place_words(place: Any) -> str:
    """Where a card of a ``misdeal`` was dealt (evidence ``places``): a player's name, or a
    pile (``{"pile": "boat"}`` → ``"the boat"``; Sixty-Six's ``trump_card`` → ``"the
    turned-up card"``)."""
    if isinstance(place, str):
        return place
    return "the turned-up card" if place["pile"] == "trump_card" else f"the {place['pile']}"


def card(text: str, deck: Deck | None) -> str:
    """A canonical card string (``"10H"``) as readable text (``10♥``; the joker by name)."""
    if deck is None:
        return text
    try:
        return deck.name(deck.parse(text))
    except CardError:
        return text


def cards(texts: Iterable[str], deck: Deck | None) -> str:
    """Canonical card strings as readable text, space-separated."""
    return " ".join(card(t, deck) for t in texts)


def where(fact: Evidence, it: str, deck: Deck | None) -> str:
    """One whereabouts fact of ``card-not-held`` in words, the card called ``it``: who already
    played it (trick, line), who holds it, who laid it away, or the pile it is in."""
    if "played_by" in fact:
        return (f"{fact['played_by']} already played {it} to trick {fact['trick']} at line "
                f"{fact['line']}")
    if "held_by" in fact:
        if "line" in fact:
            return f"{fact['held_by']} holds {it} ({fact['how']} at line {fact['line']})"
        return f"{fact['held_by']} holds {it}"
    if "laid_away_by" in fact:
        if "line" in fact:
            return f"{fact['laid_away_by']} laid {it} away at line {fact['line']}"
        return f"{fact['laid_away_by']} laid {it} away"
    if fact.get("pile") == "trump_card":
        return f"{it} is the turned-up trump card"
    return f"{it} is still in the {fact['pile']}"


SEEN_WORDS: dict[str, str] = {"played": "played", "discarded": "laid away", "given": "given",
               "exchanged": "exchanged", "shown": "shown", "taken": "taken",
               "left": "left (the only holding not seen, G14b)"}


def proof(fact: Evidence, player: str, deck: Deck | None, established: bool = True) -> str:
    """The proof of a revoke in a record of the play alone (``proved_by``: ``card``, ``line``,
    ``how``, RULINGS G14): the later card that shows the player could have done as the duty
    asked; ``established`` False for a revoke taken back by a retract (G14a)."""
    how = SEEN_WORDS.get(fact["how"], fact["how"])
    text = f"proved by {card(fact['card'], deck)}, {how} by {player} at line {fact['line']}, "
    if fact["how"] == "left":  # the only holding not seen (G14b)
        text = (f"proved by {card(fact['card'], deck)}, held by {player}, whose holding was "
                f"the only one left unseen at line {fact['line']} (G14b), ")
    if established:
        return text + "a card held at the time (G14); established at once"
    return text + "a card held at the time (G14a)"


def where_note(facts: Iterable[Evidence], deck: Deck | None, it: bool) -> str:
    """Whereabouts facts to follow a finding's words: ``"; Ann holds it"`` when ``it`` (the
    finding names this one card alone), else each card named (``"; Ann holds 9♠; Bob laid 8♠
    away"``); ``""`` for none."""
    return "".join("; " + where(f, "it" if it else card(f["card"], deck), deck)
                   for f in facts)


# --- one function per code (or form) --------------------------------------------------------

def _card_not_held(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``card-not-held``: a card played (``card`` and ``holding``) or cards used (``cards``)
    that the player does not hold, with where they are (``whereabouts``); how they were used
    (``action``: a ``discard`` from the hand and the ``boat``, or with the ``talon_top``; an
    ``exchange``; a ``marriage`` in ``suit``), or a card named ``twice``."""
    p = e["player"]
    facts = e.get("whereabouts", [])
    if "card" in e:
        spot = where(facts[0], "it", deck) if facts else ""
        return (f"{p} plays {card(e['card'], deck)}, a card not held"
                + (f": {spot}" if spot else "")
                + f" (holding {cards(e['holding'], deck) or 'no card'})")
    named = cards(e["cards"], deck)
    note = where_note(facts, deck, len(e["cards"]) == 1)
    action = e.get("action")
    if "twice" in e:
        return f"{p} names {named}, a card twice"
    if action == "discard" and "talon_top" in e:
        top = e["talon_top"]
        return (f"{p} discards {named}, not held (the top {len(top)} of the talon are "
                f"{cards(top, deck)})" + note)
    if action == "discard":
        return f"{p} discards {named}, not held" + (" (nor in the boat)" if e["boat"] else "") \
            + note
    if action == "exchange":
        return f"{p} exchanges the nine of trumps ({named}) without holding it" + note
    if action == "marriage":
        return f"{p} shows a marriage in {e['suit']} without holding {named}" + note
    return f"{p} does not hold {named}" + note


def _out_of_turn(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``out-of-turn``: a second card to a trick (``again``), a card out of turn (``card``,
    ``due``), or an auction call out of turn (``call``: after passing, or ``due``)."""
    p = e["player"]
    if e.get("again"):
        return (f"{p} has already played to trick {e['trick']} and cannot play a second card "
                f"to it ({rule})")
    if "card" in e:
        return (f"trick {e['trick']}: {p} played {card(e['card'], deck)}, but it was "
                f"{e['due']}'s turn to {'lead' if e['lead'] else 'play'}; applied as recorded, "
                f"the hand is irregular (G2, {rule})")
    says = "passes" if e["call"] == "pass" else f"{e['call']}s"
    if e.get("passed"):
        return (f"{p} {says} after passing; a player who has passed is out of this auction "
                f"({', '.join(e['auction_rule'])}, G11); applied as recorded")
    return (f"{p} {says}, but it was {e['due']}'s turn to speak (the auction goes round from "
            f"the dealer's left, {', '.join(e['auction_rule'])}); applied as recorded")


def _out_of_phase(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``out-of-phase``: an event (``event``) with no place in the hand's ``phase`` (words for
    it: a game's commentary, :meth:`~referee.games.commentary.Commentary.out_of_phase_when`;
    here ``in the <phase>``); before the first deal (``before_deal``), or after the hand was
    over (``hand``, ``settled_at``)."""
    name = f"`{e['event']}`"
    if e.get("before_deal"):
        return f"{name} before the first deal of the match"
    if "settled_at" in e:
        at = f" (settled at line {e['settled_at']})" if e["settled_at"] else ""
        return (f"{name} after hand {e['hand']} was over{at}; it and the rest of the hand's "
                f"events are ignored ({rule})")
    return f"{name} in the {e['phase']} ({rule})"


def _wrong_dealer(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``wrong-dealer``: who dealt (``dealer``), whose deal it was (``due``), how the deal
    passes in the game (``game``, ``rotation``: :data:`ROTATION_WORDS`)."""
    after = (", after an unscored hand the same dealer or the next, G6b, R1"
             if len(e["due"]) > 1 else "")
    return (f"{e['dealer']} dealt; it was {' or '.join(e['due'])}'s deal ({title(e['game'])} "
            f"deals pass {ROTATION_WORDS[e['rotation']]}, G6{after})")


def _incomplete_hand(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``incomplete-hand``: the hand (``hand``) and what came instead of its end (``stop``,
    :func:`stop_words`)."""
    rules = "G5, R5" if rule == "R5" else rule
    return (f"hand {e['hand']} is not complete when {stop_words(e['stop'])}; the hand is not "
            "scored and any "
            f"rest of it is skipped ({rules})")


def _unknown_player(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``unknown-player``: the names (``players``) and where they stand (``field``)."""
    names = ", ".join(map(repr, e["players"]))
    field = e.get("field")
    if field == "dealer":
        return f"dealer {names} is not in the match"
    if field == "hands":
        return f"the deal names {names}, not in the match"
    if field == "totals":
        return f"the score names {names}, not in the match"
    return f"{names} is not a player of this match"


def _bad_card(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``bad-card``: why the card text (``text``) is no card of the deck (``problem``, a
    :data:`~referee.cards.CardProblem`), the game's deck size."""
    shown = e["text"] if e["problem"] == "not-a-string" else repr(e["text"])
    return (f"{card_problem_words(shown, e['problem'])}: {title(e['game'])} uses "
            f"{e['deck_size']} cards")


def _illegal_retract(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``illegal-retract``: a card not the most recent (``last`` the most recent one, or none),
    or a card that was no revoke."""
    c = card(e["card"], deck)
    if e.get("no_revoke"):
        return f"{e['player']} retracts {c}, which was no revoke; the card is taken back ({rule})"
    return f"{e['player']} retracts {c}, which is not the most recent card played ({rule})"


def _bad_event(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``bad-event`` of an event (``event``) that the match's game (``game``) does not have;
    the replay words the other forms of ``bad-event`` (lines it cannot read) itself."""
    return f"`{e['event']}` is not an event of {title(e['game'])} ({rule})"


def _no_match(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    return f"events before the first `match` of the file are skipped up to the next `match` ({rule})"


def _match_over(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    return f"a deal after the match has ended ({rule}); skipped"


def _signed(x: float) -> str:
    return f"+{x}" if x > 0 else str(x)


def _score_mismatch(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``score-mismatch``: per player recorded, computed, difference (and ``was``: the earlier
    difference and its line), the hand it follows (``after_hand``), the line of the violation it
    follows from (``follows_line``)."""
    after = f" after hand {e['after_hand']}" if e.get("after_hand") is not None else ""
    parts = []
    was = e.get("was", {})
    for p, d in e["difference"].items():
        text = (f"{p}: recorded {e['recorded'][p]}, referee {e['computed'][p]}, "
                f"difference {_signed(d)}")
        if p in was:
            text += f" (was {_signed(was[p]['difference'])} at line {was[p]['line']})"
        parts.append(text)
    follows = e.get("follows_line")
    because = f"; follows from line {follows}" if follows is not None else ""
    return f"recorded totals differ from the referee's{after}: {'; '.join(parts)}{because} ({rule})"


def _where_first(e: Evidence) -> str:
    first = e["first"]
    return f"{first['file']}:{first['line']}"


def _duplicate_match(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``duplicate-match``: ``first`` (file, line of its ``match`` event), ``same`` (``id``: the same id; ``play``: the same deals and play)."""
    if e["same"] == "id":
        return f"this match has the id of the match at {_where_first(e)}: read twice ({rule})"
    return (f"this match has the same deals and play as the match at "
            f"{_where_first(e)}: read twice ({rule})")


def _duplicate_hand(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``duplicate-hand``: ``first`` (file, line of the first copy's ``deal``)."""
    return (f"this hand has the same deal and play as the hand dealt at {_where_first(e)}: "
            f"recorded twice ({rule})")


def _misdeal(rule: str | None, e: Evidence, deck: Deck | None) -> str:
    """``misdeal``: hands missing, a hand or pile of the wrong size, cards dealt twice or not
    at all, Sixty-Six's missing trump card (``trump_card`` None)."""
    if "trump_card" in e:
        return "no `trump_card` was turned up under the stock"
    if "player" in e:
        return f"{e['player']} was dealt {e['count']} cards ({e['expected']} expected)"
    if "pile" in e:
        return f"the {e['pile']} has {e['count']} cards ({e['expected']} expected)"
    parts = []
    for t in e["twice"]:
        a, b = t["places"]
        both = f"to {place_words(a)}" if a == b else f"{place_words(a)} and {place_words(b)}"
        parts.append(f"{card(t['card'], deck)} dealt twice ({both})")
    if e["not_dealt"]:
        parts.append(f"not dealt: {cards(e['not_dealt'], deck)}")
    return "; ".join(parts)


MESSAGES: dict[FindingCode, Callable[[str | None, Evidence, Deck | None], str]] = {
    "card-not-held": _card_not_held,
    "out-of-turn": _out_of_turn,
    "out-of-phase": _out_of_phase,
    "wrong-dealer": _wrong_dealer,
    "misdeal": _misdeal,
    "incomplete-hand": _incomplete_hand,
    "unknown-player": _unknown_player,
    "bad-card": _bad_card,
    "bad-event": _bad_event,
    "illegal-retract": _illegal_retract,
    "no-match": _no_match,
    "match-over": _match_over,
    "score-mismatch": _score_mismatch,
    "duplicate-match": _duplicate_match,
    "duplicate-hand": _duplicate_hand,
}
"""Finding code → the function that words it.  Codes not here are still worded by their game
(the message passed alongside complete evidence)."""


def say(code: FindingCode, rule: str | None, evidence: Evidence, deck: Deck | None = None) -> str:
    """The message of a finding from its code, rule and evidence (cards named by ``deck``).
    Raises KeyError for a code with no commentary function (a programming error)."""
    return MESSAGES[code](rule, evidence, deck)
