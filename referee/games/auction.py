"""Auctions: turns to speak, passes, and when an auction is won (the same in every auction here).

:class:`Auctions` is the part of a game engine (:class:`~referee.games.base.MatchEngine`) that a
game with an auction uses; its hands are :class:`~referee.games.hand.AuctionHand`.
"""
from __future__ import annotations

from typing import Any, Protocol

from ..findings import FindingCode
from .hand import AuctionHand, HandState
from .seating import Seating


class _Engine(Protocol):
    """What the auction rules need of the engine they are part of."""

    @property
    def hand(self) -> HandState | None: ...

    @property
    def others(self) -> dict[str, frozenset[str]]: ...

    def irregular(self, code: FindingCode, line: int, message: str | None,
                  player: str | None = None, *, rule: str | None = None,
                  evidence: dict[str, Any] | None = None, cause: int | None = None) -> None: ...


class Auctions(Seating):
    """Who may speak in an auction and when it is won (a mixin of the engine)."""

    def auction_turn(self: _Engine, player: str, line: int, verb: str, rule: str) -> None:
        """A bid, hold or pass (``verb``) by ``player``: out of turn is reported and applied
        (G2, G11); a player who had passed and speaks again is back in the auction.  ``rule``
        names the game's auction rules (``"T1, T11"``: the turn first, the most specific rule
        on a passed player's call last; the finding's ``rule`` is the one that applies)."""
        h = self.hand
        assert isinstance(h, AuctionHand)  # a game with an auction has auction hands
        ids = rule.split(", ")
        if player in h.passed:
            h.passed.discard(player)
            self.irregular("out-of-turn", line, None, player,
                           rule=ids[-1] if len(ids) > 1 else "G11",
                           evidence={"player": player, "call": verb, "passed": True,
                                     "auction_rule": ids})
        elif h.to_act is not None and player != h.to_act:
            self.irregular("out-of-turn", line, None, player, rule=ids[0],
                           evidence={"player": player, "call": verb, "due": h.to_act,
                                     "auction_rule": ids},
                           cause=h.skipped.pop(player, None))
            h.skipped.setdefault(h.to_act, line)

    def auction_won_by(self: _Engine, bidder: str | None) -> bool:
        """True when every player but ``bidder`` (whose bid stands) has passed: the auction is
        over and ``bidder`` wins it, whether or not ``bidder`` has passed since, for a pass does
        not withdraw one's own standing bid (T14; the same in every auction here).  False when
        no bid stands (``bidder`` None)."""
        if bidder is None:
            return False
        h = self.hand
        assert isinstance(h, AuctionHand)  # a game with an auction has auction hands
        return h.passed.issuperset(self.others[bidder])

