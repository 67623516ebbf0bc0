"""Asszorti claims checked (A10, issue 26): could the declarer take every remaining trick
against any defence?  A yes/no search over the rules core's moves (:mod:`referee.search`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import events as ev
from .games.base import MatchEngine
from .games.hand import OPEN
from .legal import clone
from .search import moves, state_key


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
    line, the trick it wins).  The defenders try every card; the declarer every card too."""
    table: dict[Any, bool] = {}

    def beaten(e: MatchEngine[Any]) -> bool:
        h = e.hand
        if h is None or h.play is None:
            return False
        if any(t.winner != declarer for t in h.play.tricks[done:]):
            return True
        if h.mode != OPEN or not any(h.hands.values()):
            return False
        key = state_key(e)
        hit = table.get(key)
        if hit is not None:
            return hit
        ms = moves(e)
        ms = [(m, t) for m, t in ms if type(m) is ev.Play]
        if not ms:
            return False
        mine = getattr(ms[0][0], "player", None) == declarer
        r = all(beaten(t) for _, t in ms) if mine else any(beaten(t) for _, t in ms)
        table[key] = r
        return r

    h0 = engine.hand
    done = len(h0.play.tricks) if h0 is not None and h0.play is not None else 0
    if not beaten(engine):
        return True, [], None
    line: list[ev.HandEvent] = []
    e = engine
    while True:
        h = e.hand
        assert h is not None and h.play is not None
        won = [t for t in h.play.tricks[done:] if t.winner != declarer]
        if won:
            return False, line, won[0].number
        for m, t in moves(e):
            if type(m) is ev.Play and beaten(t):
                line.append(m)
                e = t
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
