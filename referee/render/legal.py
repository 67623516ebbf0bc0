"""Output of ``referee legal``: who is to act and the legal actions, grouped by kind."""
from __future__ import annotations

import textwrap
from typing import Any, Sequence

import msgspec

from .. import events as ev
from ..cards import Deck
from ..legal import Verdict, to_act
from ..position import Position
from ..text import visible
from . import Style
from .words import alternatives, describe, phrase


def _wrap(text: str) -> str:
    """One action line: log text in it shown escaped (:func:`~referee.text.visible`), then
    wrapped."""
    return textwrap.fill(visible(text), width=100, initial_indent="  ", subsequent_indent="    ",
                         break_long_words=False, break_on_hyphens=False) + "\n"


def action_lines(acts: Sequence[Any], deck: Deck, style: Style) -> list[str]:
    """The legal actions as sentences, one line each (cards named by ``deck``, the game's);
    actions of one player that differ only in their choice (the card, the bid, the cards laid
    away) share a line: ``Ann plays 10♠, K♠ or A♥``."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for a in acts:
        ph = phrase(a, deck, style)
        if ph is None:
            continue
        head, choice = ph
        items = groups.setdefault((head, choice is not None), [])
        if choice is not None:
            items.append(choice)
    return [_wrap(alternatives(head, items) if many else head)
            for (head, many), items in groups.items()]


def legal_text(name: str, line: int, pos: Position | None, at: Any,
               verdict: Verdict | None, style: Style,
               dealt: Position | None = None, proven: bool = False) -> str:
    """The text report (see ``man referee-legal``): where the line falls, who is to act and
    every legal action, each said as a person would say it, then the event at the line
    judged.  A ``deal`` at the line is judged as read (:func:`~referee.legal.trial_deal`):
    ``dealt`` is the moment after it, and the report says who acts first in the new hand.
    ``pos`` is the moment before the line (:class:`~referee.position.Position`; None: no match
    in play), its actions the legal ones.
    ``proven``: the record proves later what the table could not tell at the line (G14), so
    the actions are said to be those known at the line.  Text from the log or the command line (the file name, players, the fields of the event at
    ``line``) is shown escaped (:func:`~referee.text.visible`) before lines are wrapped."""
    name = visible(name)
    if pos is None:
        return f"{name}:{line}: no match is in play here\n"
    acts = pos.actions
    where = f"hand {pos.hand}" if pos.hand is not None else "before the first deal"
    trick, over = pos.trick, pos.over
    if trick is not None:
        where += f", after trick {trick}" if over else f", trick {trick}"
    out = [f"{name}:{line}: {pos.title}, {where}\n"]
    hidden = list(pos.unlisted)
    if not acts and not hidden:
        out.append(("a deal: it is read below, with who acts first in the hand it starts\n"
                    if verdict is not None and verdict.legal else "a deal: it is judged below\n")
                   if type(at) is ev.Deal else
                   "nobody is to act here: a deal comes first\n" if pos.hand is None else
                   "nobody is to act here (the hand is over or cannot be followed)\n")
    else:
        out.append(f"to act: {visible(', '.join(_actors(acts, hidden))) or 'both players'}\n")
        if proven:
            out.append(_wrap("legal as far as is known at this line (the record proves more "
                             "later: see below)"))
        out.extend(action_lines(acts, pos.deck, style))
        out.extend(_wrap(f"{p}: {_KINDS.get(kind, kind)} of cards not recorded (not listed)")
                   for p, kind in hidden)
    unknown = pos.unrecorded
    if unknown:
        alone = [p for p in unknown if p in pos.unknown]  # whose hand is not recorded
        took = [p for p in unknown if p not in pos.unknown]  # who took a pile not recorded
        what = [f"the cards of {_and(alone)}"] if alone else []
        what += [f"the {(pos.pile or 'pile').lower()} {_and(took)} took"] if took else []
        out.append(_wrap(f"not recorded: {' and '.join(what)} (G14): a card of theirs "
                         "is any card not seen elsewhere, and what they lay away or give is not "
                         "listed; a card seen later may still prove a revoke"))
    if at is not None:
        if isinstance(at, ev.ReadError):
            out.append(f"line {line}: unreadable ({at.code}: {visible(at.message)})\n")
        elif verdict is None:
            said = visible(describe(at, pos.deck, style) or "an event")
            out.append(f"line {line}: {said} (not a move within a hand)\n")
        elif verdict.unjudged is not None:
            said = visible(describe(at, pos.deck, style) or "an event")
            out.append(_wrap(f"line {line}: {said}: not judged: {verdict.unjudged}").lstrip())
        else:
            said = visible(describe(at, pos.deck, style) or "an event")
            judged = 'legal' if verdict.legal else 'NOT legal'
            if dealt is not None and verdict.legal:
                judged = _first_to_act(dealt, style)
            out.append(f"line {line}: {said}: {visible(judged)}\n")
            for code, sev, msg in verdict.findings:
                out.append(f"  {sev}[{code}]: {visible(msg)}\n")
    return "".join(out)


_KINDS = {"discard": "a discard", "give": "a give", "draw": "a draw"}


def _first_to_act(dealt: Position, style: Style) -> str:
    """After a ``deal`` read without a finding (``dealt``: the moment after it): the hand it
    starts and who acts first in it, by the game's rules, with what they may do (``read (hand
    1); Anna acts first: bids or passes``; the first card of a hand leads its first trick)."""
    acts = dealt.actions
    hidden = list(dealt.unlisted)
    said = f"read (hand {dealt.hand if dealt.hand is not None else '?'})"
    who = _actors(acts, hidden)
    if not who:
        return said + "; nobody is to act in it"
    parts = []
    for p in who:
        verbs: list[str] = []
        for a in acts:
            ph = phrase(a, dealt.deck, style) if getattr(a, "player", None) == p else None
            if ph is None:
                continue
            verb = ph[0].removeprefix(f"{p} ").removesuffix(":").removesuffix(" in")
            verb = "leads" if type(a) is ev.Play else verb
            if verb not in verbs:
                verbs.append(verb)
        verbs.extend(f"{_KINDS.get(k, k)} of cards not recorded" for q, k in hidden if q == p)
        parts.append(f"{p} acts first: {_and(verbs, 'or')}" if verbs else f"{p} acts first")
    return said + "; " + "; ".join(parts)


def _actors(acts: Sequence[Any], hidden: Sequence[tuple[str, str]]) -> list[str]:
    """Who is to act: the players of the legal actions (:func:`~referee.legal.to_act`), then
    those whose actions on cards not recorded cannot be listed (G14)."""
    who = to_act(acts)
    for p, _ in hidden:  # each once: a player may have a give and a discard not listed
        if p not in who:
            who.append(p)
    return who


def _and(names: list[str], word: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C`` (or ``word`` in place of "and")."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def legal_json(name: str, line: int, pos: Position | None, at: Any,
               verdict: Verdict | None,
               dealt: Position | None = None) -> dict[str, Any]:
    """The JSON report: file, line, game, hand, trick (see
    :attr:`~referee.position.Position.trick`), to_act, legal
    (the events, as log objects), event, event_legal, not_judged (why the referee passes over
    the event without judging it, :func:`~referee.legal.passed_over`; then event_legal is
    null), findings; in a hand whose record leaves
    out some hands (G14), unrecorded: the players whose cards are not recorded and who still
    hold cards not seen.  For a ``deal`` read without a finding (``dealt``: the moment after
    it), dealt: ``{"hand", "to_act"}``, the hand it starts and who acts first in it."""
    acts = pos.actions if pos is not None else ()
    out: dict[str, Any] = {
        "file": name, "line": line, "game": pos.game if pos is not None else None,
        "hand": pos.hand if pos is not None else None,
        "trick": pos.trick if pos is not None else None,
        "to_act": _actors(acts, pos.unlisted if pos is not None else ()),
        "legal": [msgspec.to_builtins(a) for a in acts],
        "event": msgspec.to_builtins(at) if at is not None and not isinstance(
            at, ev.ReadError) else None,
        "event_legal": verdict.legal if verdict is not None and verdict.unjudged is None
        else None,
        "not_judged": verdict.unjudged if verdict is not None else None,
        "findings": [{"code": c, "severity": s, "message": m}
                     for c, s, m in (verdict.findings if verdict else [])],
    }
    if pos is not None and pos.hand is not None and pos.partial:  # the play alone only (G14)
        out["unrecorded"] = list(pos.unrecorded)
    if dealt is not None and verdict is not None and verdict.legal and dealt.hand is not None:
        out["dealt"] = {"hand": dealt.hand, "to_act": _actors(dealt.actions, dealt.unlisted)}
    return out
