"""Eighty-Three's commentary (see :mod:`referee.games.commentary`): the words of its findings and
of the lines ``history`` and ``score`` add for it.  The rules are in
:mod:`referee.games.eighty_three`; every sentence here is built from the facts it records (a
finding's evidence, the hand and the totals), and decides no rule.

The game's own findings, one function per code and form (evidence keys in ``referee-log.5``,
FINDINGS): a bid out of range (``bad-event``), a doubled bid other than 83 or a bid not above
the standing one (``illegal-bid``), the dealer's forbidden pass (``illegal-pass``), a repeated
pass or trumps named by another player (``out-of-turn``), a trump suit that is not one
(``bad-event``) or a second suit (``illegal-trump``), a give or a discard against E2
(``illegal-give``, ``illegal-discard``), the play begun with a player not down to six cards
(``illegal-discard``), players out of cards before trick 6 (``incomplete-hand``).  Other forms
of shared codes are worded by :func:`referee.commentary.say`.  A revoke is worded by the shared
:meth:`~referee.games.commentary.Commentary.revoke_words` with the game's notes (the off-five and
the joker are trumps, E3) and its penalty (E6).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ... import commentary as shared
from ...cards import JOKER, SUIT_NAMES, Deck, parse_suit
from ...findings import FindingCode
from ..commentary import Commentary
from .rules import BID_MIN, OUT_OF_CARDS, PLAY_SIZE, TOTAL_POINTS, Bid, EightyThree, \
    Outcome, off_five

Evidence = Mapping[str, Any]
Sayer = Callable[[str | None, Evidence, Deck], "str | None"]
"""Words one of the game's codes from (rule, evidence, deck), or None for a form the game does
not word (a shared one)."""


def _bid(facts: Evidence) -> Bid:
    """A bid of the evidence (``{points, doubled}``) as the bid it was (its words: ``83
    doubled``)."""
    return Bid(facts["points"], facts["doubled"])


def _bad_event(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A bid whose ``points`` are missing or out of ``min`` … ``max``; a trump ``suit`` that is
    no suit."""
    if e.get("event") == "bid":
        pts = e["points"]
        what = "no `points`" if pts is None else f"points {pts!r}"
        return (f"an Eighty-Three bid names `points` from {e['min']} to {e['max']} ({rule}); "
                f"this one has {what}")
    if e.get("event") == "trump" and "suit" in e:
        return f"{e['suit']!r} is not a suit (clubs, diamonds, hearts, spades)"
    return None


def _illegal_bid(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """``doubled`` on a bid other than 83 (read as plain), or a ``bid`` not ``over`` the
    standing one (applied)."""
    p = e["player"]
    if "over" in e:
        over = e["over"]
        return (f"{p} bids {_bid(e['bid'])}, not above {over['player']}'s {_bid(over)}: each bid "
                f"must be higher than the last ({rule}); applied as recorded (G2)")
    pts = e["points"]
    return f"{p} bids {pts} doubled: only 83 can be doubled ({rule}); read as a plain {pts} (E7)"


def _illegal_pass(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """The ``dealer`` passes after the other three (``passed``) with no bid: not applied."""
    return (f"{e['player']} is the dealer and the other three have passed: the dealer must bid at "
            f"least {BID_MIN} ({rule}); the pass is not applied (E7)")


def _out_of_turn(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A second pass (``passed``, not ``applied``), or trumps (``suit``) named by another than
    the ``declarer`` who won with ``bid``; other forms are the shared ones."""
    p = e["player"]
    if e.get("call") == "pass" and e.get("passed") and e.get("applied") is False:
        return f"{p} has already passed; the pass is ignored ({rule})"
    if "declarer" in e and "suit" in e:
        d = e["declarer"]
        return (f"{p} names trumps, but {d} won the auction with {_bid(e['bid'])} ({rule}); "
                f"{e['suit']} stand, the kitty goes to {d}")
    return None


def _illegal_trump(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A second ``trump`` event naming another ``suit`` than the ``trump`` named."""
    return (f"{e['player']} names {e['suit']}, but {e['trump']} are already trumps; which suit "
            f"was played cannot be known ({rule})")


def _illegal_give(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A give to oneself (not ``applied``), or one against E2: ``to`` not the ``partner``,
    ``not_trumps`` under ``trump``, ``trumps_held`` not above six or more cards than the
    ``excess``, ``to_discarded``."""
    giver, to = e["player"], e["to"]
    named = shared.cards(e["cards"], deck)
    if not e["applied"]:
        return f"{giver} gives {named} to themselves; nothing moves ({rule})"
    why = []
    if to != e["partner"]:
        why.append(f"{to} is not {giver}'s partner ({e['partner']} is)")
    plain = e["not_trumps"]
    if plain:
        verb = "is not a trump" if len(plain) == 1 else "are not trumps"
        why.append(f"{shared.cards(plain, deck)} {verb} with {e['trump']} trumps")
    held, excess = e["trumps_held"], e["excess"]
    if excess is None:
        pass  # an unknown hand: its trumps are not counted (G14, R25)
    elif excess <= 0:
        why.append(f"{giver} holds {held} trumps, not more than {PLAY_SIZE}")
    elif len(e["cards"]) > excess:
        why.append(f"{giver} holds {held} trumps and may give at most the {excess} over "
                   f"{PLAY_SIZE}")
    if e["to_discarded"]:
        why.append(f"{to} has already discarded (E7)")
    return f"{giver} gives {named} to {to}: " + "; ".join(why) + f" ({rule}); applied as " \
        "recorded (E-R7)"


def _illegal_discard(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """The play begun with a player who never discarded holding ``count`` cards, not
    ``expected``; or a discard against E2: ``again``, leaving ``left`` cards, ``point_trumps``,
    ``trumps`` beyond the ``excess`` of ``trumps_held``."""
    p = e["player"]
    if "count" in e:
        return (f"the play begins but {p} holds {e['count']} cards: every player discards down "
                f"to {e['expected']} before the first card (E2, {rule}); played as held")
    why = []
    if e["again"]:
        why.append(f"{p} has discarded already (E-R1)")
    if e["left"] != PLAY_SIZE:
        why.append(f"it leaves {p} with {e['left']} cards, not {PLAY_SIZE} (E2)")
    pointed = e["point_trumps"]
    if pointed:
        one = len(pointed) == 1
        why.append(f"{shared.cards(pointed, deck)} "
                   f"{'is a point trump' if one else 'are point trumps'}, which may never be "
                   f"discarded (E2); {'it counts' if one else 'they count'} for nobody (E7)")
    trumps, held, excess = e["trumps"], e["trumps_held"], e["excess"]
    if excess is None:
        pass  # an unknown hand: its trumps are not counted (G14, R25)
    elif trumps and excess <= 0:
        why.append(f"{p} holds {held} trumps, not more than {PLAY_SIZE}, and may not discard a "
                   "trump (E2)")
    elif len(trumps) > excess:
        why.append(f"{p} discards {len(trumps)} trumps holding {held}: at most the {excess} over "
                   f"{PLAY_SIZE} (E2, E-R8)")
    return f"{p} discards {shared.cards(e['cards'], deck)}: " + "; ".join(why) + \
        "; applied as recorded"


def _incomplete_hand(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """``players`` with no card left for ``trick`` (before the sixth); other forms are the
    shared ones."""
    if "players" not in e:
        return None
    empty = e["players"]
    return (f"{', '.join(empty)} {'has' if len(empty) == 1 else 'have'} no card left for trick "
            f"{e['trick']}: a player short of {PLAY_SIZE} cards cannot finish the hand ({rule}); "
            "the hand is not scored")


SAYERS: dict[str, Sayer] = {
    "bad-event": _bad_event,
    "illegal-bid": _illegal_bid,
    "illegal-pass": _illegal_pass,
    "out-of-turn": _out_of_turn,
    "illegal-trump": _illegal_trump,
    "illegal-give": _illegal_give,
    "illegal-discard": _illegal_discard,
    "incomplete-hand": _incomplete_hand,
}
"""Finding code → the function that words the game's forms of it."""


class EightyThreeCommentary(Commentary[EightyThree]):
    """Eighty-Three's words: its findings (:data:`SAYERS`), the teams under a deal and a score
    table, a contract with its bidders."""

    def say(self, engine: EightyThree, code: FindingCode, rule: str | None,
            evidence: Mapping[str, Any]) -> str:
        """The game's own forms of a finding (:data:`SAYERS`), else the shared words."""
        sayer = SAYERS.get(code)
        text = sayer(rule, evidence, engine.DECK) if sayer is not None else None
        return text if text is not None else super().say(engine, code, rule, evidence)

    # --- revokes (E3, E6) ------------------------------------------------------------------

    def counting_words(self, engine: EightyThree, evidence: Mapping[str, Any]) -> str:
        """``, with hearts trumps`` after a plain suit led; nothing after a trump lead (the
        suit's name already says trumps)."""
        e = evidence
        return "" if e["suit"] == e["trump"] else f", with {e['trump']} trumps"

    def revoke_detail(self, engine: EightyThree, evidence: Mapping[str, Any]) -> str:
        """Notes on the off-five and the joker, when led, played or held among the cards the
        duty required: both are trumps, not cards of their suits (E3)."""
        e = evidence
        deck = engine.DECK
        off = off_five(parse_suit(e["trump"]))
        lead, played = deck.parse(e["led"]), deck.parse(e["card"])
        seen = {lead, played, *(deck.parse(t) for t in (*e["held"], *e["trumps"]))}

        def role(x: object) -> str:
            return "led" if x == lead else "played" if x == played else "held"

        notes = []
        if off in seen:
            notes.append(f"the {deck.name(off)} {role(off)} is a trump here (the off-five), not "
                         f"a {SUIT_NAMES[off.suit][:-1]}")
        if JOKER in seen:
            notes.append(f"the {deck.name(JOKER)} {role(JOKER)} is a trump (the lowest)")
        return "; ".join(notes)

    def revoke_established(self, engine: EightyThree, evidence: Mapping[str, Any]) -> str:
        """A player out of cards before the last trick establishes the revoke (E7); other ways
        as every game says them."""
        if evidence["established_by"] == OUT_OF_CARDS:
            return "when a player ran out of cards before the last trick (E7)"
        return super().revoke_established(engine, evidence)

    PENALTY_RULE_WORDS = "Eighty-Three {} follow with the suit or trumps, {}"
    """The revoke penalty's clauses (E3, E6) as its message cites them."""

    def led_suit_words(self, engine: EightyThree, evidence: Mapping[str, Any]) -> str:
        """The suit led; the trump suit (``suit`` equal to ``trump``) as ``"hearts, trumps"``
        (the off-five and the joker belong to it, E3)."""
        suit = str(evidence["suit"])
        return f"{suit}, trumps" if suit == evidence["trump"] else suit

    def revoke_consequence(self, engine: EightyThree, evidence: Mapping[str, Any]) -> str:
        """E6 in words from the ``consequence`` facts and the ``penalty`` (game points):
        offending bidders are set and lose the bid, the others credited with all 83; offending
        defenders let the bidders make their bid with all 83 and score nothing."""
        facts, penalty = evidence["consequence"], evidence["penalty"]
        offenders, others = facts["offenders"], facts["others"]
        bid = _bid(facts["bid"])
        if facts["set"]:
            return (f"hand ends; {engine.team_name(offenders)} are set and lose the {bid} bid "
                    f"({penalty[offenders[0]]}); {engine.team_name(others)} are credited with "
                    f"all {TOTAL_POINTS} (+{penalty[others[0]]})")
        return (f"hand ends; {engine.team_name(others)} make their {bid} with all {TOTAL_POINTS} "
                f"points (+{penalty[others[0]]}); {engine.team_name(offenders)} score nothing")

    def result(self, o: Outcome) -> str:
        """A scored hand's result in one sentence (``HandResult.summary``, E4): the bid and
        trumps, the bidders' card points, made or set, and the defenders' points; from the
        facts ``o`` alone (a result keeps no engine alive)."""
        return (f"{EightyThree.team_name(o.bidders)} bid {o.bid} in {SUIT_NAMES[o.trump]} and "
                f"took {o.taken} points: {'made' if o.made else 'set'}; "
                f"{EightyThree.team_name(o.defenders)} took {o.defended}")

    def unscored_summary(self, engine: EightyThree, reason: str, facts: Mapping[str, Any]) -> str:
        """A hand ended by a player out of cards before the last trick (E7); other reasons as
        every game says them."""
        if reason == OUT_OF_CARDS:
            return "a player ran out of cards before the last trick"
        return super().unscored_summary(engine, reason, facts)

    # --- history and score ------------------------------------------------------------------

    def deal_notes(self, engine: EightyThree) -> list[tuple[str, str]]:
        """``teams: Ann & Cat v Bob & Dan`` under each deal."""
        return [("teams", " v ".join(engine.team_name(t) for t in engine.teams()))]

    def score_notes(self, engine: EightyThree) -> list[str]:
        """``teams: Ann & Cat 120, Bob & Dan 85`` under the score table (partners alike)."""
        return ["teams: " + ", ".join(f"{engine.team_name(t)} {engine.totals[t[0]]}"
                                      for t in engine.teams())]

    def contract_title(self, engine: EightyThree) -> str | None:
        """``40 in hearts by Ann & Cat`` once trumps are named (None before)."""
        h = engine.current
        if h.declarer is None or h.bid is None or h.trump is None:
            return None
        return f"{h.bid} in {SUIT_NAMES[h.trump]} by {engine.side(h.declarer)}"


COMMENTARY = EightyThreeCommentary()
