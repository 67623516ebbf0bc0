"""Whist's policy (see :mod:`referee.games.policy`): the events that may come next, and the
deals ``referee simulate`` writes.  The rules are in :mod:`referee_whist.rules`."""
from __future__ import annotations

import random
from typing import Any

from referee import events as ev
from referee.games.base import OPEN
from referee.games.policy import Policy

from .rules import HAND_SIZE, Whist


class WhistPolicy(Policy[Whist]):
    """Whist: every card of the player to play, and the retract of an open revoke."""

    def candidates(self, engine: Whist) -> list[ev.HandEvent]:
        """The ``retract`` repairing an open revoke (G4), then each card the player to play
        holds, as ``play`` (the duty is the rules core's to judge: ``legal`` keeps what it
        accepts)."""
        h = engine.hand
        if h is None or h.mode != OPEN or h.play is None:
            return []
        out = self.revoke_repair(engine)
        p = h.play.to_play()
        if p is not None:
            out += [ev.Play(player=p, card=str(c))
                    for c in engine.sort_for_display(h.play.hands[p])]
        return out

    def random_deal(self, engine: Whist, rng: random.Random, dealer: str) -> dict[str, Any]:
        """A shuffled deal, 13 cards each; the dealer's last card is turned up (W2)."""
        deck = [str(c) for c in engine.DECK.cards]
        rng.shuffle(deck)
        hands = {p: deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]
                 for i, p in enumerate(engine.players)}
        return {"event": "deal", "dealer": dealer, "hands": hands,
                "trump_card": hands[dealer][-1]}


POLICY = WhistPolicy()
