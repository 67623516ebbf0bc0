"""The policy part of a game: what a player might do next, and how likely a random player does it.

A game has three parts (``docs/engine.md``): the *rules core* (``referee/games/<game>.py``, a
:class:`~referee.games.base.MatchEngine`: the state of a match and every rule), the commentary
(text for ``history`` and ``score``) and the *policy* (``referee/games/<game>/policy.py``, a
:class:`Policy`).  The policy only proposes and weighs; it decides nothing:

- :meth:`Policy.candidates` proposes events that *might* be legal now, a superset of the legal
  actions.  :func:`referee.legal.legal_actions` keeps those a copy of the rules core applies
  without a finding, so no rule is written twice.
- :meth:`Policy.kind_weights` and :meth:`Policy.weight` make some legal actions likelier than
  others in ``referee simulate`` (never impossible); :meth:`Policy.match_rules`,
  :meth:`Policy.random_deal` and :meth:`Policy.between_hands` shape a simulated match.

Only ``referee legal``, ``referee simulate`` and :meth:`referee.Table.legal_actions` use a policy;
``check``, ``score`` and ``history`` never load one (:func:`policy_for` imports a game's policy
module the first time it is asked for).
"""
from __future__ import annotations

import random
from typing import Any, Generic, Literal, TypeVar

from .. import events as ev
from . import companion
from .base import MatchEngine

Kind = Literal["pass", "play", "retract", "bid", "draw", "discard", "kontra", "rekontra",
               "szubkontra", "hirskontra", "mordkontra", "reveal", "hold", "contract", "declare",
               "claim", "dispute", "marriage", "exchange", "close", "declare_out", "resign",
               "timeout", "trump", "give", "stop"]
"""A kind of action, as :meth:`Policy.kind_weights` weighs them: the log's name of each event of
a hand (:data:`referee.events.HAND_EVENT_TYPES`) and ``"stop"``, leaving the hand with no
further event (an undisputed Asszorti claim, a played-out Sixty-Six deal nobody declares)."""

BetweenHands = ev.Resign | ev.Timeout | ev.End
"""What ``referee simulate`` may write between two hands of a match (:meth:`Policy.between_hands`)."""

RULED_OUT = 1e-3
"""The weight of a candidate the rules rule out for certain (a card the duty to follow forbids, a
bid not above the standing one): tried last, after every candidate that may be legal."""

E = TypeVar("E", bound=MatchEngine[Any])


class Policy(Generic[E]):
    """Base of a game's policy (see the module docstring); stateless: every method is given the
    engine (``E``, the game's :class:`~referee.games.base.MatchEngine`) as it stands, and
    never changes it.  One instance per game, from :func:`policy_for`.

    A game's policy overrides :meth:`candidates` (else nothing is ever legal: ``legal`` lists
    nothing and ``simulate`` writes deals only) and, as it needs, the simulation hooks
    :meth:`kind_weights`, :meth:`weight`, :meth:`match_rules`, :meth:`random_deal` and
    :meth:`between_hands`."""

    # --- legal actions (issue 6) -----------------------------------------------------------

    def candidates(self, engine: E) -> list[ev.HandEvent]:
        """Events that might be legal at this point of ``engine``'s current hand, for the
        player(s) to act: a superset of the legal actions, in the order ``legal`` lists them.
        Empty when no hand is open.  Default: none."""
        return []

    def revoke_repair(self, engine: E) -> list[ev.HandEvent]:
        """The ``retract`` that would repair the current hand's open revoke (G4), as a one-event
        list for :meth:`candidates`; in a record of the play alone, also the one taking back the
        last card when a later card may still prove it a revoke (G14a: it stands); empty when
        neither is open."""
        h = engine.hand
        if h is None:
            return []
        r = h.revoke
        if r is not None:
            return [ev.Retract(player=r.player, card=str(r.card))]
        last = h.play.last_play() if h.play is not None else None
        s = h.suspects[-1] if h.suspects else None
        if s is not None and last is not None and s.retracted is None and s.revoke is None \
                and s.line == last[2]:
            return [ev.Retract(player=s.player, card=str(s.card))]
        return []

    # --- referee simulate ----------------------------------------------------------------------

    def match_rules(self) -> dict[str, Any]:
        """Variant options ``referee simulate`` writes into its ``match`` events.  Default:
        none (the rules' defaults)."""
        return {}

    def random_deal(self, engine: E, rng: random.Random, dealer: str) -> dict[str, Any]:
        """A shuffled ``deal`` event (as a JSON object) by ``dealer``: ``HAND_SIZE`` cards to
        each player in seating order, the rest to the engine's ``PILE``.  Games with more to a
        deal override it."""
        deck = [str(c) for c in engine.DECK.cards]
        rng.shuffle(deck)
        n = engine.HAND_SIZE
        hands = {p: deck[i * n:(i + 1) * n] for i, p in enumerate(engine.players)}
        out: dict[str, Any] = {"event": "deal", "dealer": dealer, "hands": hands}
        if engine.PILE:
            out[engine.PILE] = deck[len(engine.players) * n:]
        return out

    def between_hands(self, engine: E, rng: random.Random) -> list[BetweenHands]:
        """Events ``referee simulate`` writes after a hand, before the next deal (a ``resign``,
        an ``end``).  Default: none."""
        return []

    def kind_weights(self, engine: E) -> dict[Kind, float]:
        """How often ``referee simulate`` picks each kind of action, as relative weights.  A
        kind not named weighs 1.  ``"stop"`` is offered only when named, and taken only when a
        copy of the engine closes the hand there without a finding.  Weights must be above 0:
        a legal action may be made rarer, never impossible.  Default: every kind alike, no
        stop."""
        return {}

    def weight(self, engine: E, e: ev.HandEvent) -> float:
        """The relative weight (above 0) of candidate ``e`` among the candidates of its kind,
        e.g. to keep auctions from mostly jumping to the highest bid.  Default: a card the
        duty to follow rules out (a revoke, never legal) weighs :data:`RULED_OUT`; everything
        else 1.  Games that override it call this for cards."""
        h = engine.hand
        if type(e) is ev.Play and h is not None and h.play is not None and h.revoke is None \
                and h.play.current.cards and e.player in h.play.hands:
            c = engine.DECK.parsed.get(e.card)
            allowed = engine.allowed_cards(e.player)
            if allowed is not None and c not in allowed:
                return RULED_OUT
        return 1.0


_POLICIES: dict[str, Policy[Any]] = {}
_DEFAULT: Policy[Any] = Policy()


def policy_for(engine: MatchEngine[Any] | type[MatchEngine[Any]]) -> Policy[Any]:
    """The policy of ``engine``'s game (an engine or its class): the ``POLICY`` of the module
    ``policy`` of the engine's package (``referee.games.sixty_six.policy``), imported on first use;
    the default :class:`Policy` (which proposes nothing) for a game without one."""
    cls = engine if isinstance(engine, type) else type(engine)
    got = _POLICIES.get(cls.GAME)
    if got is None:
        got = companion(cls, "policy") or _DEFAULT
        _POLICIES[cls.GAME] = got
    return got
