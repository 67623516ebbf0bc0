"""Asszorti claims checked (A10, issue 26): could the declarer take every remaining trick
against any defence?  A yes/no search over the cards left, with the rules core's duty to
follow and trick winner."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import events as ev
from .games.base import MatchEngine
from .games.hand import OPEN
from .legal import clone


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """An Asszorti claim checked (A10): ``sound`` when the declarer takes every remaining trick
    against any defence; else ``defence``, a line of play (declarer's best tries, the defence's
    answers) to the first trick the defenders win, and ``trick``, that trick's number; ``deck``:
    the game's deck."""

    line: int
    hand: int
    player: str
    sound: bool
    defence: tuple[ev.HandEvent, ...]
    trick: int | None
    deck: Any


def check_claim(engine: MatchEngine[Any], declarer: str) -> tuple[bool, list[ev.HandEvent],
                                                                    int | None]:
    """Whether ``declarer`` takes every remaining trick from this position whatever the
    defenders play (A10: a claim is of all the remaining tricks): (sound, a beating defence
    line, the trick it wins).  ``engine`` stands in the play of a hand with every holding known
    (not changed).

    A yes/no search over the cards alone: who plays next (the trick's order, ``after``), the
    cards each may play (the duty in force, the rules core's :meth:`duty_in_force`) and each
    trick's winner (the contract's :class:`~referee.games.tricks.TrickOrder`); the declarer
    tries every card, so do the defenders, each in the order ``legal`` lists them
    (:meth:`sort_for_display`); positions are remembered by the cards left.  A trick won by a
    defender beats the claim: the line returned ends with its last card."""
    h0 = engine.hand
    if h0 is None or h0.play is None or h0.mode != OPEN:
        return True, [], None
    tp = h0.play
    order, after, duty = tp.order, tp.after, engine.duty_in_force()
    shown = {c: i for i, c in enumerate(engine.sort_for_display(
        [c for cs in tp.hands.values() for c in cs]))}
    table: dict[Any, bool] = {}
    players = tuple(engine.players)

    def cards(hands: dict[str, frozenset[Any]], trick: tuple[tuple[str, Any], ...],
              leader: str) -> tuple[str, list[Any]]:
        p = leader if not trick else after[trick[-1][0]]
        held = hands[p]
        allowed = None if duty is None else duty(held, [c for _, c in trick], order)
        return p, sorted(held if allowed is None else allowed, key=shown.__getitem__)

    def play(hands: dict[str, frozenset[Any]], trick: tuple[tuple[str, Any], ...], p: str,
             c: Any) -> tuple[dict[str, frozenset[Any]], tuple[tuple[str, Any], ...], str | None]:
        """The state after ``p`` plays ``c``: (hands, trick, leader), the trick emptied and
        the leader its winner when it is complete; leader None when a defender won it."""
        hands = dict(hands)
        hands[p] = hands[p] - {c}
        trick = trick + ((p, c),)
        if len(trick) < len(players):
            return hands, trick, ""
        w = trick[order.winner([x for _, x in trick])][0]
        return hands, (), (w if w == declarer else None)

    def beaten(hands: dict[str, frozenset[Any]], trick: tuple[tuple[str, Any], ...],
               leader: str) -> bool:
        if not trick and not any(hands.values()):
            return False
        key = (tuple(hands[p] for p in players), trick, leader)
        hit = table.get(key)
        if hit is not None:
            return hit
        p, options = cards(hands, trick, leader)
        if not options:
            return False
        r = p != declarer  # the declarer needs one card that holds; a defender one that beats
        for c in options:
            nh, nt, nl = play(hands, trick, p, c)
            b = True if nl is None else beaten(nh, nt, nl or leader)
            if b == r:
                break
        else:
            r = not r
        table[key] = r
        return r

    hands = {p: frozenset(tp.hands[p]) for p in players}
    trick = tuple(zip(tp.current.who, tp.current.cards))
    leader = tp.leader
    if not beaten(hands, trick, leader):
        return True, [], None
    line: list[ev.HandEvent] = []
    number = tp.current.number
    while True:
        p, options = cards(hands, trick, leader)
        for c in options:
            nh, nt, nl = play(hands, trick, p, c)
            if nl is None or beaten(nh, nt, nl or leader):
                line.append(ev.Play(player=p, card=str(c)))
                if nl is None:
                    return False, line, number
                if not nt:
                    number += 1
                hands, trick, leader = nh, nt, nl or leader
                break
        else:  # pragma: no cover - a beaten position has a beaten successor
            return False, line, None


def claim_words(r: ClaimCheck, symbols: bool = True) -> str:
    """A claim checked, as one sentence: sound, or the play that beats it (cards named by the
    game's deck; suit symbols unless ``symbols`` is False)."""
    from .render import Style
    from .render.words import describe
    from .text import visible
    style = Style(symbols=symbols)
    if r.sound:
        return (f"{visible(r.player)}'s claim is sound: every remaining trick is theirs "
                "against any defence (A10)")
    line = "; ".join(visible(describe(e, r.deck, style) or "") for e in r.defence)
    return (f"{visible(r.player)}'s claim is NOT sound: the defenders win trick {r.trick} "
            f"against this play: {line} (A10)")


def claim_check_words(engine: MatchEngine[Any], e: Any) -> str | None:
    """The claim check ``history`` prints under an Asszorti claim (A10; the step's
    ``claim_check``): ``engine`` is the engine just after the claim ``e``.  The claim is played
    out on a copy, as a dispute would have it (A10: the play goes on), and searched.  None for
    a claim the engine did not take (an opponent's, one before trumps are named:
    ``illegal-claim``), or in a hand whose holdings are not all known."""
    h = engine.hand
    if engine.GAME != "asszorti" or h is None or h.mode != OPEN or h.partial:
        return None
    decl = engine.declarer_name()
    if decl is None or h.play is None or getattr(h, "claim", None) is None or \
            getattr(e, "player", None) != decl:
        return None
    twin = clone(engine)
    defender = next(p for p in engine.players if p != decl)
    twin.apply(ev.Dispute(player=defender), h.last_line)
    if twin.hand is None or twin.hand.mode != OPEN:
        return None
    sound, defence, trick = check_claim(twin, decl)
    r = ClaimCheck(h.last_line, h.number, decl, sound, tuple(defence), trick, engine.DECK)
    return "claim check: " + claim_words(r)
