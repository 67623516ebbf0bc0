"""Thirty-Three's policy (see :mod:`referee.games.policy`): the events that may come next, and
how ``referee simulate`` weighs them.  The rules are in :mod:`referee.games.thirty_three`."""
from __future__ import annotations

from itertools import combinations

from ... import events as ev
from ..base import OPEN
from ..policy import RULED_OUT, Kind, Policy
from .rules import (AUCTION, BOAT, GAMES, LEVELS, MISERE_VALUE, ThirtyThree, is_level,
                           level_key)


class ThirtyThreePolicy(Policy[ThirtyThree]):
    """Thirty-Three: auction, boat, Kontra, play."""

    def candidates(self, engine: ThirtyThree) -> list[ev.HandEvent]:
        """In the auction every bid and a pass by the player to speak; after it the draws and
        discards the contract asks for, Kontra/Rekontra, the reveal, and the first card; then
        each card held by the player to play (any player for a free Misère lead) and the retract
        that repairs an open revoke."""
        h = engine.hand
        if h is None or h.mode != OPEN:
            return []
        out: list[ev.HandEvent] = []
        if h.phase == AUCTION:
            p = h.to_act
            if p is None:
                return []
            out.append(ev.Pass(player=p))
            for g in GAMES:
                for lv in LEVELS:
                    if g != "misere" or lv in MISERE_VALUE:
                        out.append(ev.Bid(player=p, game=g, level=lv))
            return out
        decl, k = h.declarer, h.contract
        assert decl is not None and k is not None  # set when the auction ends
        if h.phase == BOAT:
            if k.draw is not None and h.drawn is None:
                out += [ev.Draw(player=decl, cards=[str(c) for c in cs])
                        for cs in combinations(h.pile, k.draw)]
            elif k.draw is not None and not h.discarded:
                out += [ev.Discard(player=decl, cards=[str(c) for c in cs])
                        for cs in combinations(engine.sort_for_display(h.hands[decl]),
                                               len(h.drawn or ()))]
            elif not k.from_hand and not h.discarded:
                pool = engine.sort_for_display(h.hands[decl] | set(h.pile))
                out += [ev.Discard(player=decl, cards=[str(c) for c in cs])
                        for cs in combinations(pool, 3)]
            for p in engine.players:
                if p != decl:
                    out.append(ev.Kontra(player=p))
            out.append(ev.Rekontra(player=decl))
            out += [ev.Rekontra(player=decl, against=p) for p in h.kontra]
            if k.ouvert and not h.revealed:
                out.append(ev.Reveal(player=decl))
            leaders = list(engine.players) if k.misere else [decl]
        else:
            assert h.play is not None
            out += self.revoke_repair(engine)
            nxt = h.play.to_play()
            leaders = [nxt] if nxt is not None else list(engine.players)
        for p in leaders:
            out += [ev.Play(player=p, card=str(c))
                    for c in engine.sort_for_display(h.hands[p])]
        return out

    def kind_weights(self, engine: ThirtyThree) -> dict[Kind, float]:
        """A pass is 1.5 times as likely as a bid, so auctions stop before the top levels more
        often (and all three pass in about one deal in six)."""
        return {"pass": 1.5}

    def weight(self, engine: ThirtyThree, e: ev.HandEvent) -> float:
        """Bids climb rather than jump.  The lowest level the auction allows weighs 1 and each
        level above it 0.7 times the one below (so slams, Slam Hand, Slam Ouvert and Null Ouvert
        are still bid, a few hands in a hundred); a Misère bid weighs twice as much (one game
        against six, with six contracts of its own); a bid not above the standing level is never
        legal and is tried last.  Cards the duty to follow rules out (revokes, never legal) are
        tried last too.  Everything else weighs 1."""
        h = engine.hand
        if type(e) is ev.Bid and is_level(e.level) and h is not None and h.phase == AUCTION:
            low = level_key(h.standing[1].level) + 1 if h.standing else 0
            k = level_key(e.level) - low
            if k < 0:
                return RULED_OUT
            return 0.7 ** k * (2.0 if e.game == "misere" else 1.0)
        return super().weight(engine, e)


POLICY = ThirtyThreePolicy()
