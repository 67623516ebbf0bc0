"""Records of the play alone (format 1.1, RULINGS G14): cards seen from holdings the record
does not give, revokes a later sight proves, and where a card of the hand is.

:class:`Alone` is the part of a game engine (:class:`~referee.games.base.MatchEngine`) that
follows a hand whose holdings (or pile) are left out of the deal: blanks stand for the cards not
given (:func:`referee.cards.blanks`), a card seen takes a blank's place (:meth:`Alone.reveal`),
and a card played that the cards surely held allow is kept as a :class:`~referee.games.hand.
Suspect` until a later sight proves it a revoke or nothing can (:meth:`Alone.settle_suspects`).
"""
from __future__ import annotations

import copy
from itertools import chain
from typing import Any, Iterable

from ..cards import Card, is_blank
from ..facts import Withdrawn
from .core import EngineCore
from .hand import Revoke, Sighting, Suspect
from .tricks import TrickState


class Alone(EngineCore):
    """Records of the play alone (G14, G14a, G14b): a mixin of the engine."""

    def reveal(self, player: str | None, cs: Iterable[Card], line: int, how: str,
               pile: int = 0) -> None:
        """Cards ``cs`` seen from ``player``'s holding at ``line`` (``how``: a
        :class:`Sighting`'s word), or from the top ``pile`` cards of the pile: each card the
        holding (or that part of the pile) does not hold yet, and that the record places nowhere
        else (:meth:`where_is`), takes the place of one of its blanks (G14).  A card that cannot
        be placed is left alone: the caller's own check then reports it (``card-not-held``, with
        where the card was seen).  A card seen from a player may prove a revoke
        (:meth:`_sighted`).  ``player`` None: the pile alone."""
        h = self.current
        hand = h.hands[player] if player is not None else set()
        for c in cs:
            if c in hand or c in h.pile[:pile] or self.where_is(c) is not None:
                continue
            spot = min((b for b in hand if is_blank(b)), default=None)
            if spot is not None and player is not None:
                self._sighted(player, c, line, how, hand)
                hand.discard(spot)
                hand.add(c)
                h.seen.setdefault(player, []).append(Sighting(c, line, how))
                continue
            spot = min((b for b in h.pile[:pile] if is_blank(b)), default=None)
            if spot is not None:
                h.pile[h.pile.index(spot)] = c
                h.pile_seen.append(Sighting(c, line, "taken"))
        if how != "left" and not any(map(is_blank, hand)):
            self.only_holding_left(line)
        if h.suspects:
            self.settle_suspects(False)

    def only_holding_left(self, line: int) -> None:
        """A holding seen to its last card at ``line``: when the pile holds no card unseen and
        one player alone still has cards not recorded, those are the rest of the deck (the
        cards the record places nowhere), seen there (``"left"``, G14b): they may prove that
        player's earlier failures, judged as a given hand from the deal on."""
        h = self.current
        if any(map(is_blank, h.pile)):
            return
        left = [p for p in self.players if any(map(is_blank, h.hands[p]))]
        if len(left) != 1:
            return
        p = left[0]
        rest = [c for c in self.DECK.cards if c not in h.hands[p] and self.where_is(c) is None]
        if len(rest) == sum(map(is_blank, h.hands[p])):
            self.reveal(p, rest, line, "left")

    def _sighted(self, player: str, c: Card, line: int, how: str, hand: set[Card]) -> None:
        """Card ``c`` is seen at ``line`` in place of one of ``player``'s blanks: it proves each
        open :class:`Suspect` of the player that it was held at (no blank has come into the
        holding since) and whose card the duty, evaluated on the cards surely held then and
        ``c``, would not have allowed (G14)."""
        h = self.current
        if not h.suspects:
            return
        now = frozenset(b for b in hand if is_blank(b))
        for s in h.suspects:
            if s.player != player or s.proof is not None or not now <= s.blanks:
                continue
            s.known.add(c)
            allowed = s.duty(s.known, s.before, s.order)
            if allowed is not None and s.card not in allowed:
                s.proof = Sighting(c, line, how)
                s.allowed = allowed

    def _suspect(self, player: str, c: Card, line: int) -> None:
        """``player``, whose holding has blanks, plays ``c`` (not to a lead) and the cards surely
        held allow it: keep it as a :class:`Suspect` while a later sight may prove a revoke
        (G14).  A card of the suit led where following is all the duty asks is never one."""
        h = self.current
        tp = h.play
        assert tp is not None  # cards are being played
        duty = self.duty_in_force()
        cur = tp.current
        if duty is None or not cur.cards:
            return
        if tp.follow_fast and tp.order.suit_of[c] is tp.order.suit_of[cur.cards[0]]:
            return
        if c in (duty(self.DECK.members, cur.cards, tp.order) or (c,)):
            return  # allowed whatever the player held: nothing seen later can prove it
        held = tp.hands[player]
        h.suspects.append(Suspect(
            player, c, line, cur.number, tuple(cur.who), tuple(cur.cards), tuple(cur.lines),
            tp.order, duty, frozenset(b for b in held if is_blank(b)),
            {x for x in held if not is_blank(x)}, declarer=self.declarer_name()))

    def settle_suspects(self, final: bool) -> bool:
        """Decide the possible revokes of the hand (G14): the earliest proven one is the revoke,
        once no earlier one can still be proven (``final``: nothing more can be seen in this
        hand).  Suspects nothing can prove any more (the player has no blank left) are dropped.
        A proven suspect whose card was taken back is a repaired revoke, reported at once
        (G14a); one taken back never decides the hand, so none waits for it.  Returns True when
        a proven revoke was established (the hand is then decided, G4)."""
        h = self.current
        ss = h.suspects
        if not ss:
            return False
        hands = h.hands
        ss[:] = [s for s in ss if s.proof is not None or
                 (not final and any(map(is_blank, hands[s.player])))]
        repaired = [s for s in ss if s.proof is not None and s.retracted is not None]
        for s in repaired:
            ss.remove(s)
            self._repair_proven(s)
        first = next((s for s in ss if s.proof is not None), None)
        if first is None or any(s.line < first.line and s.proof is None and s.retracted is None
                                for s in ss):
            return False
        ss.clear()
        self._establish_proven(first)
        return True

    def _establish_proven(self, s: Suspect) -> None:
        """A revoke proven by a later sight (G14): at the failing card's line, with the proof in
        its evidence, established at once; what the hand recorded after that line is passed
        over without findings (G4).  The game's revoke rule decides the hand."""
        h = self.current
        self.established.append(Withdrawn(h.number, s.line))
        if s.revoke is not None:  # a revoke from a known holding that waited (R26)
            h.revoke, line, how, facts = s.revoke
            self.establish_revoke(line, how, declarer=s.declarer, **facts)
            return
        h.revoke = self._proven_revoke(s)
        assert s.proof is not None
        h.proof = s.proof
        self.establish_revoke(s.proof.line, declarer=s.declarer)

    def _repair_proven(self, s: Suspect) -> None:
        """A card taken back (``s.retracted``) that a card seen since proves a revoke (G14a):
        a ``revoke`` warning at the card's line, repaired at the retract's, as with the hands
        (G4).  The hand goes on."""
        r = self._proven_revoke(s)
        self.report_repaired(r, s.retracted, rule="G14a")

    def _proven_revoke(self, s: Suspect) -> Revoke:
        """The :class:`Revoke` that the proven suspect ``s`` was, its evidence gathered as if
        at the failing card (the trick as it stood, the cards surely held then) with the proof
        (``proved_by``).  ``hand.revoke`` is left as it was."""
        h = self.current
        tp = h.play
        assert tp is not None  # cards are being played
        snap = copy.copy(tp)  # the trick as it stood at the failing card, for its words
        t = TrickState(s.trick)
        t.who, t.cards, t.lines = list(s.who), list(s.before), list(s.lines)
        snap.current = t
        snap.hands = {**tp.hands, s.player: set(s.known)}
        assert s.allowed is not None and s.proof is not None
        was = h.revoke
        h.play = snap
        try:
            self.start_revoke(s.player, s.card, s.line, s.allowed)
            r = h.revoke
        finally:
            h.play, h.revoke = tp, was
        assert r is not None
        proof = s.proof
        r.evidence["proved_by"] = {"card": str(proof.card), "line": proof.line,
                                   "how": proof.how}
        return r

    def where_is(self, c: Card) -> dict[str, Any] | None:
        """Where card ``c`` of the current hand is, as facts for a ``card-not-held`` finding:
        ``{"card", "played_by", "trick", "line"}`` (already played), ``{"card", "held_by"}``,
        ``{"card", "laid_away_by"}`` or ``{"card", "pile"}`` (the pile it is still in, or
        Sixty-Six's ``trump_card``); None when the record does not say.  Only the finding's
        path asks this, so it may search the hand."""
        h = self.current
        tp = h.play
        if tp is not None:
            for t in chain(tp.tricks, (tp.current,)):
                if c in t.cards:
                    i = t.cards.index(c)
                    return {"card": str(c), "played_by": t.who[i], "trick": t.number,
                            "line": t.lines[i]}
        for p, held in h.hands.items():
            if c in held:
                return {"card": str(c), "held_by": p, **self._sight_of(p, c)}
        place = self.card_place(c)
        if place is None:
            return None
        by = place.get("laid_away_by")
        if by is not None:
            return {"card": str(c), "laid_away_by": by, **self._sight_of(by, c)}
        return {"card": str(c), **place}

    def _sight_of(self, player: str, c: Card) -> dict[str, Any]:
        """``{"line", "how"}`` of the last time ``c`` was seen from ``player``'s unknown
        holding (G14), or ``{}``: the earlier line of a card seen twice."""
        for s in reversed(self.current.seen.get(player, ())):
            if s.card == c:
                return {"line": s.line, "how": s.how}
        return {}

    def whereabouts_facts(self, cs: Iterable[Card]) -> list[dict[str, Any]]:
        """:meth:`where_is` of each card of ``cs`` that the record places."""
        return [f for f in map(self.where_is, cs) if f is not None]

    def not_held(self, player: str, cs: Iterable[Card]) -> dict[str, Any]:
        """The evidence of a ``card-not-held`` finding for cards ``cs`` of ``player``: the
        cards (canonical strings) and their whereabouts (:meth:`where_is`)."""
        cs = list(cs)
        return {"player": player, "cards": [str(c) for c in cs],
                "whereabouts": self.whereabouts_facts(cs)}

    def card_place(self, c: Card) -> dict[str, Any] | None:
        """Game hook: where ``c`` is when no player holds it nor has played it
        (``{"laid_away_by": player}`` or ``{"pile": name}``), else None; default the deal's
        ``PILE`` (``"boat"``) for a card of it."""
        if self.PILE and c in self.current.pile:
            return {"pile": self.PILE}
        return None
