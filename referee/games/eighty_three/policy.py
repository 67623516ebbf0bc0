"""Eighty-Three's policy (see :mod:`referee.games.policy`): the events that may come next, and
how ``referee simulate`` weighs them.  The rules are in :mod:`referee.games.eighty_three`."""
from __future__ import annotations

from itertools import combinations
from math import comb

from ... import events as ev
from ...cards import SUIT_NAMES, SUITS, Card, is_blank
from ..base import OPEN
from .rules import (AUCTION, BID_MAX, BID_MIN, DOUBLED_KEY, PLAY_SIZE, PREPARE, TRUMP_CALL,
                           EightyThree, card_points)
from ..policy import RULED_OUT, Kind, Policy

ALL_DISCARDS_UP_TO = 500
"""Beyond this many ways to discard, :meth:`EightyThreePolicy.candidates` proposes a sample
(E2 discards)."""


class EightyThreePolicy(Policy[EightyThree]):
    """Eighty-Three: the auction, trumps, gives and discards, six tricks."""

    def candidates(self, engine: EightyThree) -> list[ev.HandEvent]:
        """In this order:

        - auction: for the player to speak, each bid above the standing one (30 … 83, then 83
          doubled) and a pass;
        - trumps: the bid winner naming each of the four suits;
        - gives and discards, for every player who has not discarded yet: gives to the partner of
          1 … excess trumps (every combination while there are at most 40 of them, else the lowest
          trumps), and a few discards down to 6 cards — not every combination, which would be too
          many (up to C(17, 11) = 12376 for the bid winner), but a sensible set: the lowest plain
          cards; the lowest cards that are worth nothing, non-point trumps included up to the
          excess; and discards that void the shortest plain suits first.  Once every player holds
          6 cards, also the bid winner's first lead;
        - play: every card the player to play holds, and a retract of a revoke not yet settled.
        """
        h = engine.hand
        if h is None or h.mode != OPEN:
            return []
        if h.phase == AUCTION:
            return self._auction(engine)
        decl = h.declarer
        assert decl is not None  # set when the auction ends
        if h.phase == TRUMP_CALL:
            return [ev.Trump(player=decl, suit=SUIT_NAMES[s]) for s in SUITS]
        if h.phase == PREPARE:
            out: list[ev.HandEvent] = []
            for p in engine.seat_order(engine.next_seat(h.dealer)):
                if p not in h.discarded:
                    out += self._gives(engine, p) + self._discards(engine, p)
            if all(len(h.hands[p]) == PLAY_SIZE for p in engine.players):
                out += [ev.Play(player=decl, card=str(c))
                        for c in engine.order().sort(h.hands[decl])]
            return out
        tp = h.play
        assert tp is not None  # the play phase
        out = self.revoke_repair(engine)
        due = tp.to_play()
        if due is not None:
            out += [ev.Play(player=due, card=str(c)) for c in tp.order.sort(tp.hands[due])]
        return out

    def _auction(self, engine: EightyThree) -> list[ev.HandEvent]:
        h = engine.hand
        assert h is not None
        p = h.to_act
        if p is None:
            return []
        low = h.standing[1].key + 1 if h.standing else BID_MIN
        out: list[ev.HandEvent] = [ev.Bid(player=p, points=n) for n in range(low, BID_MAX + 1)]
        if low <= DOUBLED_KEY:
            out.append(ev.Bid(player=p, points=BID_MAX, doubled=True))
        out.append(ev.Pass(player=p))
        return out

    def _gives(self, engine: EightyThree, p: str) -> list[ev.HandEvent]:
        """Gives to propose for ``p``: 1 … excess trumps to the partner (E2).  From a holding
        with cards not recorded (G14), whose trumps are not counted (R25): any of its known
        trumps, and one give of a card not recorded (``legal`` names it without listing it)."""
        h = engine.hand
        assert h is not None
        to = engine.partner_of(p)
        held = engine.trumps_held(p)
        excess = len(held) - PLAY_SIZE
        unseen = sorted(c for c in h.hands[p] if is_blank(c))
        if unseen:  # how many trumps a holding not recorded has is not judged (G14, R25)
            excess = len(held)
        if to is None or to in h.discarded or excess <= 0 and not unseen:
            return []
        out: list[ev.HandEvent] = []
        if unseen:  # a give of cards not recorded: legal names it, cannot list it (G14)
            out.append(ev.Give(player=p, to=to, cards=[str(unseen[0])]))
        for k in range(1, excess + 1):
            combos = list(combinations(held, k))
            if len(combos) > 40:
                combos = [tuple(held[-k:])]
            out += [ev.Give(player=p, to=to, cards=[str(c) for c in cs]) for cs in combos]
        return out

    def _discards(self, engine: EightyThree, p: str) -> list[ev.HandEvent]:
        """Discards to propose for ``p``: every way to lay away the excess from the cards that
        may go (plain cards and trumps worth nothing) when there are at most
        :data:`ALL_DISCARDS_UP_TO` of them; otherwise a few sensible ones (lowest plain cards,
        lowest worthless cards, voiding short suits).  A holding with cards not recorded
        (G14) gets the few sensible ones of its known cards and one discard naming cards not
        recorded (``legal`` names it without listing it)."""
        h = engine.hand
        assert h is not None and h.trump is not None  # after trumps are named
        trump = h.trump
        o = engine.order()
        n = len(h.hands[p]) - PLAY_SIZE
        if n <= 0:
            return []
        held = engine.trumps_held(p)
        excess = max(len(held) - PLAY_SIZE, 0)
        unseen = sorted(c for c in h.hands[p] if is_blank(c))  # cards not recorded (G14)
        plain = sorted((c for c in h.hands[p] if not o.is_trump(c) and not is_blank(c)),
                       key=lambda c: (o.power[c], c))  # cards break ties: no set order
        spare = [c for c in reversed(held) if not card_points(c, trump)][:excess]
        by_suit: dict[str, list[Card]] = {}
        for c in plain:
            by_suit.setdefault(o.suit_of[c], []).append(c)
        short_first = [c for s in sorted(by_suit, key=lambda s: (len(by_suit[s]), s))
                       for c in by_suit[s]]
        worthless = sorted(plain + spare, key=lambda c: (o.power[c] % 1000, o.is_trump(c), c))
        pool = plain + [c for c in held if not card_points(c, trump)]
        if not unseen and len(pool) >= n and comb(len(pool), n) <= ALL_DISCARDS_UP_TO:
            return [ev.Discard(player=p, cards=[str(c) for c in cs])
                    for cs in combinations(pool, n)]
        picks = [plain[:n], worthless[:n], short_first[:n], spare + plain[:n - len(spare)]]
        if unseen:  # a discard of cards not recorded: legal names it, cannot list it (G14)
            picks.append(plain[:max(n - len(unseen), 0)] + unseen[:n])
        out: list[ev.HandEvent] = []
        seen: set[frozenset[Card]] = set()
        for cs in picks:
            key = frozenset(cs)
            if len(cs) == n and key not in seen:
                seen.add(key)
                out.append(ev.Discard(player=p, cards=[str(c) for c in cs]))
        return out

    def kind_weights(self, engine: EightyThree) -> dict[Kind, float]:
        """A give is three times as likely as other kinds (E2: gives come before the discards; a
        partner who discards first can leave a player with more point trumps than cards, a dead
        end the simulator has to back out of)."""
        return {"give": 3.0}

    def weight(self, engine: EightyThree, e: ev.HandEvent) -> float:
        """Bids climb rather than jump.  The lowest bid allowed weighs 1, each point above it
        0.85 times less; 83 and 83 doubled weigh 0.1 each whatever the standing bid, so both are
        bid now and then, and the forced dealer often bids just 30.  A bid not above the
        standing one (never legal) is tried last.  A card the duty to follow rules out (a
        revoke, never legal) is tried last too."""
        h = engine.hand
        if type(e) is ev.Bid and e.points is not None and h is not None and h.phase == AUCTION:
            key = DOUBLED_KEY if e.doubled else e.points
            low = h.standing[1].key + 1 if h.standing else BID_MIN
            if key < low:
                return RULED_OUT
            if e.points == BID_MAX:
                return 0.1
            return 0.85 ** (key - low)
        return super().weight(engine, e)


POLICY = EightyThreePolicy()
