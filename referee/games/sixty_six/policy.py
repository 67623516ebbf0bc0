"""Sixty-Six's policy (see :mod:`referee.games.policy`): the events that may come next, and how
``referee simulate`` weighs them.  The rules are in :mod:`referee.games.sixty_six`."""
from __future__ import annotations

import random
from typing import Any

from ... import events as ev
from ...cards import SUIT_NAMES, SUITS, Card
from ..base import OPEN
from ..policy import BetweenHands, Kind, Policy
from .rules import GO_OUT, SixtySix


class SixtySixPolicy(Policy[SixtySix]):
    """Sixty-Six: leads and follows, draws, marriages, the exchange, closing, declaring out."""

    def candidates(self, engine: SixtySix) -> list[ev.HandEvent]:
        """``draw`` when one is due; for the player on lead every card held (after the due draw)
        as ``play``, a ``marriage`` in each suit, ``exchange``, ``close`` (with ``before_draw``
        when a draw is due) and ``declare_out``; for the player to follow every card held;
        ``exchange`` for the closer's opponent and ``declare_out`` for whoever may declare; a
        ``retract`` of an open revoke.  ``resign`` and ``timeout`` are always accepted and left
        out (they are not moves of the deal)."""
        h = engine.hand
        if h is None or h.mode != OPEN:
            return []
        tp = h.play
        assert tp is not None  # a Sixty-Six deal is played from its first event
        out: list[ev.HandEvent] = self.revoke_repair(engine)
        if h.played_out:
            assert h.may_declare is not None  # the last trick's winner
            out.append(ev.DeclareOut(player=h.may_declare))
            return out
        after: dict[str, set[Card]] = {p: set(cs) for p, cs in tp.hands.items()}
        if h.draw_due is not None:
            out.append(ev.Draw())
            talon = h.stock + ([h.turned] if h.turned is not None else [])
            for p, c in zip(h.draw_due, talon):
                after[p].add(c)
        actor = tp.to_play()
        if actor is None:
            return out
        for c in engine.sort_for_display(after[actor]):
            out.append(ev.Play(player=actor, card=str(c)))
        if not tp.current.who:
            out.extend(ev.Marriage(player=actor, suit=SUIT_NAMES[s]) for s in SUITS)
            out.append(ev.Exchange(player=actor))
            out.append(ev.Close(player=actor))
            if h.draw_due is not None:
                out.append(ev.Close(player=actor, before_draw=True))
        if h.exchange_window is not None and h.exchange_window != actor:
            out.append(ev.Exchange(player=h.exchange_window))
        declarers = {p for p in (actor, h.may_declare) if p is not None}
        if h.draw_due is not None:
            declarers.add(h.draw_due[0])
        out.extend(ev.DeclareOut(player=p) for p in engine.players if p in declarers)
        return out

    def random_deal(self, engine: SixtySix, rng: random.Random, dealer: str) -> dict[str, Any]:
        """A shuffled deal: six cards each, eleven in the stock and the trump card."""
        deck = [str(c) for c in engine.DECK.cards]
        rng.shuffle(deck)
        return {"event": "deal", "dealer": dealer,
                "hands": {p: deck[6 * i:6 * i + 6] for i, p in enumerate(engine.players)},
                "stock": deck[12:23], "trump_card": deck[23]}

    def between_hands(self, engine: SixtySix, rng: random.Random) -> list[BetweenHands]:
        """Now and then a match ends between deals another way than at the target (S8): a
        resign (1 %), a timeout (1 %) or the table's ``end`` (1 %)."""
        if engine.finished:
            return []
        x = rng.random()
        if x < 0.01:
            return [ev.Resign(player=rng.choice(engine.players))]
        if x < 0.02:
            return [ev.Timeout(player=rng.choice(engine.players))]
        if x < 0.03:
            return [ev.End()]
        return []

    def kind_weights(self, engine: SixtySix) -> dict[Kind, float]:
        """Closing is rare (0.15), a marriage and the exchange likely (3) when legal, an explicit
        ``draw`` less so (0.3: the draw happens by itself anyway).  A declaration weighs 1 when
        whoever may declare has 66, else 0.03 (a false declaration is legal, and scored, but
        rare).  After the last trick its winner declares or lets the deal be scored as played
        out (``stop``, S7) alike."""
        h = engine.hand
        w: dict[Kind, float] = {"close": 0.15, "marriage": 3.0, "exchange": 3.0, "draw": 0.3}
        if h is None or h.mode != OPEN:
            return w
        who = [p for p in (h.may_declare, h.draw_due[0] if h.draw_due else None)
               if p is not None]
        w["declare_out"] = 1.0 if any(engine.total(p) >= GO_OUT for p in who) else 0.03
        if h.played_out:
            w["stop"] = 1.0
        return w

    def weight(self, engine: SixtySix, e: ev.HandEvent) -> float:
        """As the base (a card the duty rules out is tried last), but not while a draw is still
        due (the hands change before the card)."""
        h = engine.hand
        if h is not None and h.draw_due is not None:
            return 1.0
        return super().weight(engine, e)


POLICY = SixtySixPolicy()
