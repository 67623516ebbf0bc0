"""Thirty-Three's commentary (see :mod:`referee.games.commentary`): the words ``check``,
``history`` and ``score`` say about the facts :mod:`referee.games.thirty_three` records.

- :meth:`ThirtyThreeCommentary.say` words the game's own findings (``illegal-bid``,
  ``illegal-draw``, ``illegal-discard``, ``illegal-kontra``, ``missing-reveal``, a bid or draw
  that is no ``bad-event`` of the game, the forms of ``out-of-turn`` and ``out-of-phase`` only
  this game reports) from their evidence (keys in ``referee-log.5``); every other form goes to
  the shared words (:func:`referee.commentary.say`).
- :meth:`ThirtyThreeCommentary.result` words a hand's result (``HandResult.summary``) from the
  :class:`~referee.games.thirty_three.Outcome` on the hand; :meth:`revoke_consequence` the
  consequence of a revoke (from its facts: the round ends, the offender pays the contract
  value); :meth:`counting_words`, :meth:`revoke_detail` and :meth:`led_suit_words` what a
  revoke's words add for cards the contract moves out of their printed suit;
  :meth:`contract_title` the contract as ``history`` heads a hand.

No rule is decided here: every word follows from the facts given.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ... import commentary as shared
from ...cards import SAME_COLOUR, Card, Deck
from ...findings import FindingCode
from ..commentary import Commentary
from .rules import (GAME_TITLE, GAMES, ORDERS, TRUMP_SUIT, Capped, Contract, ContractBonus,
                    Outcome, ThirtyThree, level_key)

Evidence = Mapping[str, Any]
Sayer = Callable[[str | None, Evidence, Deck], "str | None"]
"""Words one finding code of the game from (rule, evidence, deck); None for a form the game
does not word itself (the shared words say it)."""

def _contract(e: Evidence, key: str) -> Contract:
    """The contract of a ``{game, level}`` entry ``key`` of the evidence (``bid``, ``over``,
    ``contract``)."""
    return Contract(e[key]["game"], e[key]["level"])


def _bad_event(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """``bad-event``: a bid or draw with a field left out (``missing``), a bid naming no game
    or level of the game (``game``, ``level``)."""
    if "missing" in e:
        if e["event"] == "bid":
            return "a Thirty-Three bid names a `game` and a `level`"
        if e["event"] == "draw":
            return "a Thirty-Three draw names a `player` and `cards`"
        return None
    if e.get("event") == "bid" and "level" in e:
        return (f"no such bid: game {e['game']!r}, level {e['level']!r} (games: "
                f"{', '.join(GAMES)}; levels: 18 … 28, slam, slam-hand, slam-ouvert)")
    return None


def _illegal_bid(rule: str | None, e: Evidence, deck: Deck) -> str:
    """``illegal-bid``: a Misère level naming no contract (``game``, ``level``, T11), or a bid
    not above the standing one (``bid`` over ``over``, T1)."""
    p = e["player"]
    if "over" not in e:
        return (f"{p} bids Misère at {e['level']}: Misère goes from 18 (Low) to 28 (Null "
                "Ouvert); there is no such contract (T11)")
    bid, over = _contract(e, "bid"), _contract(e, "over")
    why = (f"its level must be above {over.level}" if level_key(bid.level) <= level_key(over.level)
           else f"its contract value {e['bid']['cv']} is below {e['over']['cv']}")
    return (f"{p} bids {bid.title()} (CV {e['bid']['cv']}) over {e['over']['player']}'s "
            f"{over.title()} (CV {e['over']['cv']}): {why} (§3, T1); applied as recorded (G2)")


def _illegal_draw(rule: str | None, e: Evidence, deck: Deck) -> str:
    """``illegal-draw``: a draw by someone else, a second one or in a contract that draws no
    single cards (``declarer``, ``drawn``); cards not in the boat (``boat``,
    ``whereabouts``); the wrong number (``count``, ``expected``); none before the first card
    (``draw``)."""
    p = e["player"]
    k = _contract(e, "contract").title() if "contract" in e else None
    if "draw" in e:
        return (f"the play begins but {p} has not drawn from the boat for {k} (T2, T11); the "
                "boat stays out of play")
    named = shared.cards(e["cards"], deck)
    if "boat" in e:
        return (f"{p} draws {named}, but the boat holds {shared.cards(e['boat'], deck)} (T11)"
                + shared.where_note(e["whereabouts"], deck, len(e["cards"]) == 1))
    if "expected" in e:
        n = e["expected"]
        return (f"{k} takes {n} boat card{'s' if n > 1 else ''}; {p} drew {e['count']} (T2); "
                "applied as recorded")
    why = ("only the declarer draws" if p != e["declarer"] else
           "the declarer has drawn already" if e["drawn"] is not None else
           f"{k} does not draw single boat cards (T2)")
    return f"{p} draws {named}: {why}"


def _illegal_discard(rule: str | None, e: Evidence, deck: Deck) -> str:
    """``illegal-discard``: a discard by someone else, a second one, in a contract played from
    the hand or before the draw (``declarer``, ``discarded``); the wrong number (``count``,
    ``expected``); none before the first card (no ``cards``)."""
    p, contract = e["player"], _contract(e, "contract")
    k = contract.title()
    if "cards" not in e:
        return (f"the play begins but {p} has not discarded for {k} (§4, T11); the boat stays "
                "out of play")
    if "expected" in e:
        return (f"{p} discards {e['count']} cards; {k} discards {e['expected']} (§4); applied "
                "as recorded")
    why = ("only the declarer discards" if p != e["declarer"] else
           "the declarer has discarded already" if e["discarded"] else
           f"{k} is played from the hand; the boat is out of play (§4)"
           if contract.from_hand else f"{k} draws from the boat before discarding")
    return f"{p} discards {shared.cards(e['cards'], deck)}: {why}"


def _illegal_kontra(rule: str | None, e: Evidence, deck: Deck) -> str:
    """``illegal-kontra``: Kontra by the declarer, a second time, by a defender who never bid,
    or after the first card; Rekontra by a defender, with no Kontra to answer (``against``,
    ``open_kontras``), or after the first card."""
    p = e["player"]
    if e["call"] == "kontra":
        if "declarer" in e:
            return f"{p} is the declarer; only a defender calls Kontra (§5, T12); not applied"
        if e.get("again"):
            return f"{p} has already called Kontra (T12); not applied"
        if e.get("bid") is False:
            return (f"{p} made no bid this round; only a defender who bid may call Kontra (§5, "
                    "T3); applied (T12)")
        return f"Kontra by {p} after the first card (§5, T3); applied (T12)"
    if "declarer" in e:
        return f"{p} is a defender; only the declarer calls Rekontra (§5, T12); not applied"
    if "open_kontras" in e:
        who = f"from {e['against']}" if e["against"] else "to answer"
        return f"Rekontra with no Kontra {who} (T3, T12); not applied"
    return "Rekontra after the first card (T3); applied (G12)"


def _missing_reveal(rule: str | None, e: Evidence, deck: Deck) -> str:
    """``missing-reveal``: the Ouvert declarer did not show the hand."""
    return (f"{_contract(e, 'contract').title()}: {e['player']} did not show the hand before the first card (§6, "
            "T10)")


def _out_of_turn(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """``out-of-turn``: a second pass by a player who has passed (the other forms are
    shared)."""
    if e.get("call") == "pass" and e.get("passed") and "auction_rule" not in e:
        return f"{e['player']} has already passed"
    return None


def _out_of_phase(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """``out-of-phase``: a card in the auction (``card``; the other forms are shared)."""
    if "card" in e:
        return f"a card played {ThirtyThree.PHASE_WORDS[e['phase']]} ({rule})"
    return None


SAYERS: dict[FindingCode, Sayer] = {
    "bad-event": _bad_event,
    "illegal-bid": _illegal_bid,
    "illegal-draw": _illegal_draw,
    "illegal-discard": _illegal_discard,
    "illegal-kontra": _illegal_kontra,
    "missing-reveal": _missing_reveal,
    "out-of-turn": _out_of_turn,
    "out-of-phase": _out_of_phase,
}
"""Finding code → the function that words Thirty-Three's own forms of it."""


class ThirtyThreeCommentary(Commentary[ThirtyThree]):
    """Thirty-Three's words (see the module docstring)."""

    def say(self, engine: ThirtyThree, code: FindingCode, rule: str | None,
            evidence: Mapping[str, Any]) -> str:
        """The message of a finding: the game's own forms (:data:`SAYERS`), else the shared
        words.  Raises KeyError for a code nobody words (a programming error)."""
        sayer = SAYERS.get(code)
        words = sayer(rule, evidence, engine.DECK) if sayer is not None else None
        return words if words is not None else super().say(engine, code, rule, evidence)

    def contract_title(self, engine: ThirtyThree) -> str | None:
        """``Nines 24 (CV 65)``; a Misère contract with the level it was bid at, ``Null+2 (22
        misere, CV 43)``; None before the auction forms one."""
        h = engine.hand
        k = h.contract if h is not None else None
        if k is None:
            return None
        if k.misere:
            return f"{k.title()} ({k.log_name()}, CV {k.cv})"
        return f"{k.title()} (CV {k.cv})"

    def result(self, o: Outcome | None) -> str:
        """A scored or passed-out hand's result in one sentence (``HandResult.summary``): who
        made or failed which contract with how many card points or tricks, the Kontra callers,
        then the bonuses and 199 resets, from the hand's facts ``o``
        (:class:`~referee.games.thirty_three.Outcome`; None: passed out) alone: a result keeps
        no engine alive."""
        if o is None:
            return "all three passed; the same dealer deals again (§3)"
        k = o.contract
        if k.misere:
            how = f"{o.tricks} trick{'s' if o.tricks != 1 else ''}"
        elif k.slam:
            how = f"{o.tricks} tricks"
        else:
            how = f"{o.card_points} card points"
        notes = [self.note(n) for n in o.notes]
        return (f"{o.declarer} {'made' if o.made else 'failed'} {k.title()} (CV {k.cv}) with "
                f"{how}" + (f"; Kontra by {', '.join(o.kontra)}" if o.kontra else "")
                + ("; " + "; ".join(notes) if notes else ""))

    @staticmethod
    def note(n: ContractBonus | Capped) -> str:
        """One bonus (§11) or 199 reset (§12) of a hand's result."""
        if isinstance(n, ContractBonus):
            return f"{n.player} is first to {n.contracts} contracts won: +{n.points}"
        return (f"{n.player} reached {n.reached:g} without winning a contract or a Kontra: set "
                "to 199 (§12)")

    PENALTY_RULE_WORDS = "Thirty-Three {} follow suit, {} and {}"
    """The revoke penalty's clauses (§6, §13, T8) as its message cites them."""

    def revoke_consequence(self, engine: ThirtyThree, evidence: Evidence) -> str:
        """What an established revoke costs (T8), from its ``consequence``: the round ends, the
        offender (the one entry of ``pays``) loses the contract value; nobody else scores."""
        paid = evidence["consequence"]["pays"][0]
        return f"{evidence['consequence']['ends']} ends, {paid['player']} {paid['points']}, " \
            "nobody else scores"

    def led_suit_words(self, engine: ThirtyThree, evidence: Evidence) -> str:
        """The suit led; the trump suit of Nines (``suit`` ``"trumps"``: the nines and the
        Bug) is ``"nines (the trump suit)"``."""
        if evidence["suit"] == "trumps":
            return "nines (the trump suit)"
        return str(evidence["suit"])

    def counting_words(self, engine: ThirtyThree, evidence: Evidence) -> str:
        """``, as Diamonds counts them`` in a revoke's words when the contract moves the card
        led or played (``led``, ``card``) out of its printed suit (Nines, a bower, the Bug);
        nothing for plain cards."""
        k = engine.current.declared()[1]
        order = ORDERS[k.game]
        moved = [c for c in map(engine.DECK.parse, (evidence["led"], evidence["card"]))
                 if order.suit_of[c] != c.suit]
        if k.game == "nines" or moved:
            return f", as {GAME_TITLE[k.game]} counts them"
        return ""

    def revoke_detail(self, engine: ThirtyThree, evidence: Evidence) -> str:
        """Why the revoking card (``card``) is not of its printed suit: ``J♥ is the left bower,
        a diamond here``, ``9♥ is a trump in Nines, not a H``; nothing otherwise."""
        k = engine.current.declared()[1]
        c: Card = engine.DECK.parse(evidence["card"])
        t = TRUMP_SUIT.get(k.game)
        if t is not None and c.rank == "J" and c.suit == SAME_COLOUR[t]:
            return f"{engine.name(c)} is the left bower, a {k.game[:-1]} here"
        if k.game == "nines" and c.rank == "9":
            return f"{engine.name(c)} is a trump in Nines, not a {c.suit}"
        return ""


COMMENTARY = ThirtyThreeCommentary()
