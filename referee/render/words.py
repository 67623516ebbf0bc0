"""How output says an event: one sentence, as a player at the table would say it (``Ann closes
the talon``, ``Csaba disputes the claim``, ``Cili plays 8♠``, ``both players draw``).

``history`` says the events of a log this way, and ``legal`` the actions open to a player.  No
field name, ``None`` or ``True`` of the log's own spelling is shown; ``note`` and ``ts`` never.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..cards import SUIT_NAMES, parse_suit
from . import Style, card_text, number

if TYPE_CHECKING:
    from ..cards import Deck

_TARGET = {"game": "the game", "arrivazs": "the arrivázs"}
"""An Asszorti doubling ``target`` in words."""
_GAME = {"no-trump": "no trump", "misere": "misère"}
"""A Thirty-Three ``game`` whose log name is not its spoken name."""
_SAID = {ev.Pass: "passes", ev.Hold: "holds", ev.Reveal: "shows the hand",
         ev.Claim: "claims the rest", ev.Dispute: "disputes the claim",
         ev.Exchange: "exchanges the nine of trumps for the trump card",
         ev.DeclareOut: "declares out", ev.Resign: "resigns", ev.Timeout: "runs out of time"}
"""Events that name only their player, and what that player does."""
_DOUBLINGS = (ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra)


def _suit(text: Any) -> str:
    """A suit field in words (``clubs``); the text itself when it names no suit."""
    try:
        return SUIT_NAMES[parse_suit(text)]
    except ValueError:
        return str(text)


def phrase(e: Any, deck: "Deck | None", style: Style) -> tuple[str, str | None] | None:
    """An event as (``head``, ``choice``): its sentence is ``head``, or ``head choice`` when
    ``choice`` is not None.  Actions of one player that share a head differ only in the choice
    (the card, the bid, the cards laid away), so ``legal`` lists them as one sentence
    (``Ann plays 10♠, K♠ or A♥``).  Cards are named by ``deck``, the game's (None: as
    written).  None for an event with nothing to say."""
    t = type(e)
    p = getattr(e, "player", None)

    def cards(texts: Any) -> str:
        if not isinstance(texts, list):
            return "no cards"
        return " ".join(card_text(deck, x, style) for x in texts) or "no cards"

    verb = _SAID.get(t)
    if verb is not None:
        return f"{p} {verb}", None
    if t is ev.Play:
        return f"{p} plays", card_text(deck, e.card, style)
    if t is ev.Bid:
        if e.game is not None:  # Thirty-Three: the level and the game
            level = str(e.level).replace("-", " ")
            return f"{p} bids", f"{level} {_GAME.get(e.game, e.game)}"
        if e.points is not None:  # Eighty-Three
            return f"{p} bids", f"{e.points}{' doubled' if e.doubled else ''}"
        if e.bid is not None:  # Asszorti
            return f"{p} bids", str(e.bid)
        return f"{p} bids (no bid given)", None
    if t is ev.Contract:
        return f"{p} sets the contract:", str(e.bid)
    if t is ev.Draw:
        if p is None and e.cards is None:
            return "both players draw", None  # Sixty-Six
        return f"{p} draws", cards(e.cards)
    if t is ev.Discard:
        return f"{p} discards", cards(e.cards)
    if t is ev.Give:
        return f"{p} gives", f"{cards(e.cards)} to {e.to}"
    if t in _DOUBLINGS:
        against = getattr(e, "against", None)
        return (f"{p}: {ev.name_of(e).capitalize()}"
                + (f" against {against}" if against else "")
                + (f" on {_TARGET.get(e.target, e.target)}" if e.target else "")), None
    if t is ev.Declare:
        trumps = "no trumps" if e.trump == "none" else f"{_suit(e.trump)} as trumps"
        return f"{p} declares", trumps + (" and arrivázs" if e.arrivazs else "")
    if t is ev.Trump:
        return f"{p} names trumps:", _suit(e.suit)
    if t is ev.Marriage:
        return f"{p} shows a marriage in", _suit(e.suit)
    if t is ev.Close:
        return f"{p} closes the talon" + (" before the draw" if e.before_draw else ""), None
    if t is ev.Retract:
        return f"{p} takes back", card_text(deck, e.card, style)
    if t is ev.Score:
        return "score sheet: " + ", ".join(f"{k} {number(v)}" for k, v in e.totals.items()), None
    if t is ev.End:
        return (f"{p} ends the match for the table" if p else "the table ends the match"), None
    if t is ev.Deal:
        return f"{e.dealer} deals a new hand", None
    if t is ev.Match:
        return f"a new match starts: {', '.join(map(str, e.players))}", None
    return None


def describe(e: Any, deck: "Deck | None", style: Style) -> str | None:
    """One readable sentence for an event (None: nothing worth saying); its cards named by
    ``deck``, the game's (None: as written)."""
    ph = phrase(e, deck, style)
    if ph is None:
        return None
    head, choice = ph
    return head if choice is None else f"{head} {choice}"


def alternatives(head: str, choices: list[str]) -> str:
    """One sentence for several actions that differ only in their choice:
    ``Ann plays 10♠, K♠ or A♥``, ``Bob bids 82, 83 or 83 doubled``; when several choices are
    of several words they are set apart by semicolons (``Bob discards 6♣ 5♣; 6♣ 4♣; or 5♣ 4♣``).
    """
    if len(choices) == 1:
        return f"{head} {choices[0]}"
    sep = "; " if sum(" " in c for c in choices) > 1 else ", "
    return f"{head} {sep.join(choices[:-1])}{sep.rstrip() if sep == '; ' else ''} or " \
           f"{choices[-1]}"
