"""Whist's commentary (see :mod:`referee.games.commentary`): the words of the game's facts.

Every sentence is built from what the rules core (:mod:`referee_whist.rules`) recorded: a
finding's evidence, a hand's :class:`~referee_whist.rules.Outcome`.  Nothing here decides a
rule.
"""
from __future__ import annotations

from typing import Any, Mapping

from referee.cards import SUIT_NAMES
from referee.findings import FindingCode
from referee.games.commentary import Commentary

from .rules import BOOK, Outcome, Whist

Evidence = Mapping[str, Any]


class WhistCommentary(Commentary[Whist]):
    """Whist's words: its deal's turned-up card, a revoke's consequence, a hand's result."""

    def say(self, engine: Whist, code: FindingCode, rule: str | None,
            evidence: Evidence) -> str:
        """A ``misdeal`` about the turned-up card (W2: none, or one the dealer was not dealt)
        and an unreadable ``trump_card`` (``bad-card`` with ``field``); the rest as every game
        words them."""
        if code == "misdeal" and "trump_card" in evidence:
            return "no `trump_card` was turned up by the dealer (W2)"
        if code == "misdeal" and rule == "W2":  # the turned-up card is not the dealer's
            twice, dealer = evidence["twice"], engine.current.dealer
            c = twice[0]["card"] if twice else evidence["not_dealt"][0]
            where = f"{twice[0]['places'][0]} was dealt it" if twice else "nobody was dealt it"
            return (f"the turned-up trump card {engine.name(engine.DECK.parse(c))} is not one "
                    f"of the dealer {dealer}'s cards: {where} (W2)")
        if code == "bad-card" and evidence.get("field") == "trump_card":
            return "trump_card: " + super().say(engine, code, rule, evidence)
        return super().say(engine, code, rule, evidence)

    def revoke_consequence(self, engine: Whist, evidence: Evidence) -> str:
        """W6: the hand ends and the other side scores ``points``."""
        paid = evidence["consequence"]["pays"]
        others = [p["player"] for p in paid]
        offenders = [p for p in engine.players if p not in others]
        return (f"the hand ends; {engine.team_name(others)} score {paid[0]['points']}, "
                f"{engine.team_name(offenders)} nothing")

    def result(self, o: Outcome) -> str:
        """A scored hand's result (W5), from its facts alone: who took the majority, how many
        tricks over the book of six, and what the other side took."""
        over = o.won - BOOK
        return (f"{Whist.team_name(o.winners)} took {o.won} tricks, {over} over the book: "
                f"+{o.points}; {Whist.team_name(o.losers)} took {o.lost}")

    def deal_notes(self, engine: Whist) -> list[tuple[str, str]]:
        """The trump suit and the card that made it (W3), and the sides (W1)."""
        h = engine.current
        teams = ("teams", " v ".join(engine.team_name(t) for t in engine.teams()))
        if not h.trump or h.trump_card is None:
            return [teams]
        return [("trumps", f"{SUIT_NAMES[h.trump]} ({engine.name(h.trump_card)} turned up by "
                           f"{h.dealer})"), teams]

    def score_notes(self, engine: Whist) -> list[str]:
        """``teams: North & South 3, East & West 5`` under the score table."""
        return ["teams: " + ", ".join(f"{engine.team_name(t)} {engine.totals[t[0]]}"
                                      for t in engine.teams())]


COMMENTARY = WhistCommentary()
