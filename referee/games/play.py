"""Card play and revokes (RULINGS G4): turn, holding, the duty to follow, tricks, revokes
open, repaired by a retract or established, and their penalty.

:class:`Play` is the part of a game engine (:class:`~referee.games.base.MatchEngine`) that plays
the cards.  A game registers its card play by naming it (``on_play = handles(ev.Play)
(MatchEngine.on_play)``): :meth:`Play.on_play` is the hot path of every replay and is called
straight from :meth:`~referee.games.base.MatchEngine.apply`, one plain call per card.
"""
from __future__ import annotations

from types import EllipsisType
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import SUIT_NAMES, Card, is_blank
from ..facts import HandStatus, Number, RevokeEnded, tidy
from ..findings import WARNING
from .core import EngineCore
from .hand import OPEN, SKIP, Revoke, Sighting, Suspect
from .tricks import Duty, TrickPlay, TrickState

if TYPE_CHECKING:
    from .. import events as ev
    from .base import Consequence


class Play(EngineCore):
    """Card play with revokes and retracts (G4): a mixin of the engine."""

    def on_play(self, e: ev.Play, line: int) -> None:
        """A card played: turn, holding, the duty to follow (revoke), trick completion (G4).

        This is the hot path of every replay (four events in five are cards), so the common
        case reads straight through: the hooks :meth:`ready_to_play` (only before the first
        card) and :meth:`before_card` (only where a game defines it) are called when needed."""
        h = self.hand
        assert h is not None  # a handler runs inside a hand (cheaper than self.current here)
        if h.revoke is not None:
            self.establish_revoke(line)
            return
        player = e.player
        c = self._PARSED.get(e.card)
        if c is None:
            c = self.card(e.card, line, player)
            if c is None:
                return
        tp = h.play
        if tp is None:
            if not self.ready_to_play(player, c, line):
                return
            tp = h.play
            assert tp is not None  # ready_to_play set it
        held = tp.hands[player]
        if c not in held:  # one test on the common path (the card is held)
            if h.partial:  # a card from an unknown holding takes a blank's place (G14)
                self.reveal(player, (c,), line, "played")
                if h.mode is not OPEN:
                    return  # the card proved a revoke that decided the hand (G14)
            if c not in held:  # still: the card cannot have been held
                fact = self.where_is(c)
                self.void("card-not-held", line, None, player, rule="G3",
                          evidence={"player": player, "card": str(c),
                                    "holding": [str(x) for x in tp.order.sort(
                                        x for x in held if not is_blank(x))],
                                    "whereabouts": [fact] if fact else []})
                return
        cur = tp.current
        plays = cur.cards
        due: str | None
        if plays:
            who = cur.who
            if player in who:
                self.void("out-of-turn", line, None, player, rule="R3",
                          evidence={"player": player, "card": str(c), "trick": cur.number,
                                    "again": True,
                                    "played": str(cur.cards[who.index(player)])})
                return
            due = tp.after[who[-1]]
            if due in who:
                due = tp.to_play()
        else:
            due = tp.leader
        if due is not None and due != player:
            self.irregular("out-of-turn", line, None, player, rule="G4b",
                           evidence={"player": player, "card": str(c), "trick": cur.number,
                                     "due": due, "lead": not plays})
        if self._HOOKS_BEFORE_CARD:
            self.before_card(player, c, line)
        # The duty to follow only binds after the lead; a card of the suit led always satisfies
        # duties that ask no more than following (not Sixty-Six's duty to head the trick).
        if plays:
            suit_of = tp.order.suit_of
            if not (tp.follow_fast and self._DUTY_IS_THE_CONTRACTS and
                    suit_of[c] is suit_of[plays[0]]):
                allowed = self.allowed_cards(player)
                if allowed is not None and c not in allowed:
                    self.start_revoke(player, c, line, allowed)
                elif h.partial and any(map(is_blank, tp.hands[player])):
                    self._suspect(player, c, line)
        trick = tp.play(player, c, line)
        if h.suspects and self.settle_suspects(False):
            return
        if trick is None:
            return  # the hand can only end when a trick is complete
        self.established.append(trick)
        self.after_trick(trick, line)
        if h.mode is OPEN and (len(tp.tricks) == self.TRICKS if self.TRICKS else
                               not tp.current.who and not any(tp.hands.values())):
            if h.suspects and self.settle_suspects(True):
                return
            if h.revoke is not None:
                self.establish_revoke(None, "last-card")
            else:
                self.score_hand(line)

    def ready_to_play(self, player: str, c: Card, line: int) -> bool:
        """Game hook before the first card of a hand (while ``hand.play`` is None): start the
        play phase, check what must come before it.  Return False if the hand cannot go on
        (after a finding); on True, ``hand.play`` must be set."""
        return self.current.play is not None

    def before_card(self, player: str, c: Card, line: int) -> None:
        """Game hook: a card the player holds is about to be played to the trick (it passed the
        holding and turn checks); the duty to follow is checked next (Sixty-Six: the lead a
        marriage demands)."""

    def allowed_cards(self, player: str) -> frozenset[Card] | None:
        """The cards ``player`` may play now (None: any): the duty in force
        (:meth:`duty_in_force`) applied to the player's cards and the trick."""
        h = self.hand
        assert h is not None and h.play is not None  # asked only during the play
        tp = h.play
        duty = self.duty_in_force()
        return None if duty is None else duty(tp.hands[player], tp.current.cards, tp.order)

    def after_trick(self, trick: TrickState, line: int) -> None:
        """Game hook after a trick is complete (Sixty-Six draws)."""

    def all_tricks_played(self) -> bool:
        """True when the hand's last trick is complete: ``TRICKS`` tricks played, or (0) no
        card left in any hand and none on the table."""
        h = self.hand
        if h is None or h.play is None:
            return False
        tp = h.play
        if self.TRICKS:
            return len(tp.tricks) == self.TRICKS
        return not tp.current.who and not any(tp.hands.values())

    def start_revoke(self, player: str, c: Card, line: int, allowed: frozenset[Card]) -> None:
        """``player`` played ``c`` against the duty to follow (``allowed``: the cards the duty
        left them): the revoke stays open until repaired or established (G4).  Its evidence is
        gathered now, while the trick is on the table (``referee-log.5``, ``revoke``)."""
        h = self.current
        tp = h.play
        assert tp is not None  # a card is being played
        lead = tp.current.cards[0]
        order = tp.order
        led = order.suit_of[lead]
        held = order.sort(x for x in allowed if order.suit_of[x] == led)
        trumps = order.sort(x for x in allowed if order.suit_of[x] != led)
        evidence = {"player": player, "card": str(c), "led": str(lead),
                    "suit": SUIT_NAMES.get(led, "trumps"),
                    "trick": tp.trick_number,
                    "held": [str(x) for x in held], "trumps": [str(x) for x in trumps],
                    **self.revoke_facts(player, c, tp)}
        h.revoke = Revoke(player, c, line, tp.trick_number, led, allowed, evidence)

    def revoke_facts(self, player: str, c: Card, tp: TrickPlay) -> dict[str, Any]:
        """Game hook: facts of a revoke beyond the shared ones (``referee-log.5``), taken while
        the trick is on the table, for the commentary's
        :meth:`~referee.games.commentary.Commentary.revoke_detail` and
        :meth:`~referee.games.commentary.Commentary.counting_words` (the contract, the trump
        suit, the talon's state ...).  Default: none."""
        return {}

    def establish_revoke(self, line: int | None, how: str = "hand-ended", *,
                         declarer: str | None | EllipsisType = ..., **facts: Any) -> None:
        """The revoke stands: another card was played at ``line``, or (``line`` None) the hand
        ended as ``how`` says, a value the commentary words
        (:meth:`~referee.games.commentary.Commentary.revoke_established`): ``"last-card"`` (the
        hand's last card), ``"record-stops"`` (``facts``: ``stopped_after``, the hand's last
        line, and ``stop``, what came instead, G11), ``"hand-ended"`` or a game's own.  Report
        it as an error with the game's penalty (:meth:`revoke_penalty`) and end the hand (G4,
        G11).  ``declarer``: the declarer to score the hand with, if not the current one (a
        revoke proven by a later card: the declarer at the failing card, G14).

        In a record of the play alone, while an earlier failure from an unknown holding may
        still be proven, a revoke established by the next card waits among the suspects as one
        proven (R26: the earlier line is the revoke): the hand goes on being followed, its
        findings held, until that is settled."""
        h = self.current
        r = h.revoke
        assert r is not None  # called only with a revoke open
        h.revoke = None
        if h.suspects:
            tp = h.play
            if line is not None and tp is not None and any(
                    s.line < r.line and s.proof is None and s.retracted is None
                    for s in h.suspects):
                h.suspects.append(Suspect(
                    r.player, r.card, r.line, r.trick, (), (), (), tp.order, tp.duty,
                    frozenset(), set(), Sighting(r.card, line, "played"), r.required,
                    declarer=self.declarer_name() if declarer is ... else declarer,
                    revoke=(r, line, how, facts)))
                h.suspects.sort(key=lambda s: s.line)
                self.settle_suspects(False)
                return
            if self.settle_suspects(True):
                return  # an earlier failure, proven by a later card, is the revoke (G14, R26)
        h.revoke_established_at = line
        deltas, consequence, rule = self.revoke_penalty(r)
        evidence = {**r.evidence, "established_at": line, "repaired_at": None,
                    "penalty": {p: tidy(d) for p, d in deltas.items()},
                    "penalty_rule": list(rule), "consequence": consequence}
        if line is None:
            evidence["established_by"] = how
            evidence.update(facts)
        self.report("revoke", r.line, None,
                    player=r.player, trick=r.trick, rule=self.REVOKE_RULE, evidence=evidence)
        h.status = HandStatus.PENALTY
        self.finish(self.declarer_name() if declarer is ... else declarer,
                    self.contract_name(), deltas, RevokeEnded(evidence), status=HandStatus.PENALTY)
        h.mode = SKIP

    def revoke_penalty(self, r: Revoke) -> tuple[dict[str, Number], Consequence,
                                                 Sequence[str]]:
        """Game hook (required): (deltas, consequence, rule ids) for the established revoke
        ``r``: each player's score change (game points; evidence ``penalty``), the consequence as
        facts (evidence ``consequence``, a :class:`Consequence`: ``ends``, what the penalty ends,
        and ``pays``, who is paid what by whom; the game's own facts beside them), worded
        by the commentary's :meth:`~referee.games.commentary.Commentary.revoke_consequence`,
        and the ids of the clauses applied (evidence ``penalty_rule``: ``["§6", "§13",
        "T8"]``, docs/rulings.md)."""
        raise NotImplementedError

    def on_retract(self, e: ev.Retract, line: int) -> None:
        """Take back the most recent card (G4, G4a).  In a record of the play alone, taking back
        a card a later sight may still prove a revoke stands with no finding; proven later, it
        is a revoke repaired here (G14a)."""
        h = self.current
        c = self.card(e.card, line, e.player)
        if c is None:
            return
        tp = h.play
        last = tp.last_play() if tp is not None else None
        if last is None or last[0] != e.player or last[1] != c:
            self.void("illegal-retract", line, None, e.player, rule="G4a",
                      evidence={"player": e.player, "card": str(c),
                                "last": None if last is None else
                                {"player": last[0], "card": str(last[1])}})
            return
        assert tp is not None  # the last play was found in it
        tp.retract()
        ss = h.suspects
        if ss and ss[-1].line == last[2] and ss[-1].retracted is None and ss[-1].revoke is None:
            # a possible revoke from a holding not recorded (G14a): the retract stands; the card
            # played in its place, or a later one, may still prove the revoke, then repaired
            ss[-1].retracted = line
            return
        r = h.revoke
        if r is not None and r.player == e.player and r.card == c:
            h.revoke = None
            self.report_repaired(r, line)
        else:
            self.irregular("illegal-retract", line, None, e.player, rule="G4a",
                           evidence={"player": e.player, "card": str(c), "no_revoke": True})

    def duty_in_force(self) -> Duty | None:
        """Game hook: the duty to follow that binds the card about to be played (None: any
        card may be played); default the contract's.  Sixty-Six has none while the talon is
        open (S1)."""
        h = self.hand
        tp = h.play if h is not None else None
        return tp.duty if tp is not None else None

    def report_repaired(self, r: Revoke, line: int | None, rule: str = "G4") -> None:
        """Revoke ``r`` repaired by the ``retract`` at ``line``: the ``revoke`` warning at the
        revoking card's line (G4; ``rule`` G14a for one a later card proved)."""
        evidence = {**r.evidence, "established_at": None, "repaired_at": line}
        self.report("revoke", r.line, None, player=r.player, trick=r.trick, severity=WARNING,
                    rule=rule, evidence=evidence)
