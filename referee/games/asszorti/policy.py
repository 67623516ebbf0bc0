"""Asszorti's policy (see :mod:`referee.games.policy`): the events that may come next, and how
``referee simulate`` weighs them.  The rules are in :mod:`referee.games.asszorti`."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from ... import events as ev
from ...cards import SUIT_NAMES, SUITS
from .rules import AUCTION, BIDS, TALON, TALON_CARDS, TARGETS, Asszorti, bid_rank
from ..base import OPEN
from ..policy import Kind, Policy

SIMULATED_DEALS = 20
"""The length of a match ``referee simulate`` writes (the ``deals`` rule, A8)."""

DOUBLING_EVENTS = (ev.Kontra, ev.Rekontra, ev.Szubkontra, ev.Hirskontra, ev.Mordkontra)
"""The steps of the doubling chain (A2), in order."""


class AsszortiPolicy(Policy[Asszorti]):
    """Asszorti: auction, contract, talon exchange, trumps, doubling, play and claims."""

    def candidates(self, engine: Asszorti) -> list[ev.HandEvent]:
        """Auction: the player to speak may bid each level, hold or pass; a forced player may
        also set each contract.  After the auction: each contract level, every discard of N
        cards from the hand and the top N talon cards (N ≤ 3, so at most C(14, 3) = 364), each
        trump choice with and without arrivázs, each doubling step on each stake by each player,
        a claim and a dispute.  Play: each card held by the player to play (each player's cards
        when the turn is open), the retract that repairs an open revoke, each doubling step
        until trick 1 is complete, a claim and disputes."""
        h = engine.hand
        if h is None or h.mode != OPEN or engine.finished:
            return []
        out: list[ev.HandEvent] = []
        if h.phase == AUCTION:
            p = h.to_act
            if p is None:
                return []
            out.extend(ev.Bid(player=p, bid=b) for b in BIDS)
            out.append(ev.Hold(player=p))
            out.append(ev.Pass(player=p))
            if engine.forced(p):
                out.extend(ev.Contract(player=p, bid=b) for b in BIDS)
            return out
        decl = h.declarer
        assert decl is not None  # set when the auction ends
        doubles = [cls(player=p, target=t) for cls in DOUBLING_EVENTS
                   for t in TARGETS for p in engine.players]
        if h.phase == TALON:
            if h.contract is None:
                out.extend(ev.Contract(player=decl, bid=b) for b in BIDS)
            levels = [h.contract] if h.contract is not None else sorted(
                {b for b in BIDS if h.last_bid is None or bid_rank(b) >= bid_rank(h.last_bid)},
                key=bid_rank)
            if h.discards is None:
                seen: set[tuple[str, ...]] = set()
                for k in levels:
                    n = TALON_CARDS[k]
                    if not n:
                        continue
                    pool = engine.sort_for_display(h.hands[decl] | set(h.pile[:n]))
                    for combo in combinations(pool, n):
                        key = tuple(str(c) for c in combo)
                        if key not in seen:
                            seen.add(key)
                            out.append(ev.Discard(player=decl, cards=list(key)))
            if not h.declared:
                for t in ("none", *(SUIT_NAMES[s] for s in SUITS)):
                    out.append(ev.Declare(player=decl, trump=t))
                    out.append(ev.Declare(player=decl, trump=t, arrivazs=True))
            out.extend(doubles)
            if h.declared:
                out.append(ev.Claim(player=decl))
                if h.play is None:
                    leader = engine.next_seat(decl, -1)
                    out.extend(ev.Play(player=leader, card=str(c))
                               for c in engine.sort_for_display(h.hands[leader]))
            return out
        tp = h.play
        assert tp is not None  # the play phase
        due = tp.to_play()
        out.extend(self.revoke_repair(engine))
        for p in ([due] if due is not None else list(engine.players)):
            out.extend(ev.Play(player=p, card=str(c))
                       for c in engine.sort_for_display(tp.hands[p]))
        if not tp.tricks:
            out.extend(doubles)
        if h.claim is None:
            out.append(ev.Claim(player=decl))
        elif h.claim.dispute is None:
            out.extend(ev.Dispute(player=p) for p in engine.opponents())
        return out

    def match_rules(self) -> dict[str, Any]:
        """Matches of 20 deals (the ``deals`` rule, A8): Asszorti has no winning score, so this
        is how a simulated match ends."""
        return {"deals": SIMULATED_DEALS}

    def kind_weights(self, engine: Asszorti) -> dict[Kind, float]:
        """A claim is rare (weight 0.015 at each turn, so about a third of the hands are
        claimed, at any point of the play); after a claim nobody has disputed yet, the
        opponents dispute it or let it stand (``stop``: the hand ends there, A7) alike."""
        h = engine.hand
        w: dict[Kind, float] = {"claim": 0.015}
        if h is not None and h.claim is not None and h.claim.dispute is None:
            w["stop"] = 1.0
        return w


POLICY = AsszortiPolicy()
