"""Output of ``referee legal``: who is to act and the legal actions, grouped by kind."""
from __future__ import annotations

import textwrap
from typing import Any

import msgspec

from .. import events as ev
from ..games.base import OPEN, MatchEngine
from ..legal import Verdict, legal_actions, to_act, unlisted, unrecorded
from ..text import visible
from . import Style
from .words import alternatives, describe, phrase


def trick_at(engine: MatchEngine[Any] | None) -> tuple[int | None, bool]:
    """(trick, over): the trick being played, or once the hand's play is over (its last trick
    complete, or the hand ended between tricks) the last trick played, with ``over`` True.
    (None, False) before the first card or without a hand.  Never a trick after the last: the
    trick machine opens the next trick as soon as one is complete."""
    h = engine.hand if engine is not None else None
    tp = h.play if h is not None else None
    if engine is None or h is None or tp is None:
        return None, False
    if tp.current.who or not tp.tricks:
        return tp.current.number, False
    if h.mode != OPEN or engine.all_tricks_played():
        return tp.tricks[-1].number, True
    return tp.current.number, False


def _wrap(text: str) -> str:
    """One action line: log text in it shown escaped (:func:`~referee.text.visible`), then
    wrapped."""
    return textwrap.fill(visible(text), width=100, initial_indent="  ", subsequent_indent="    ",
                         break_long_words=False, break_on_hyphens=False) + "\n"


def action_lines(acts: list[Any], engine: MatchEngine[Any], style: Style) -> list[str]:
    """The legal actions as sentences, one line each; actions of one player that differ only in
    their choice (the card, the bid, the cards laid away) share a line:
    ``Ann plays 10♠, K♠ or A♥``."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for a in acts:
        ph = phrase(a, engine.DECK, style)
        if ph is None:
            continue
        head, choice = ph
        items = groups.setdefault((head, choice is not None), [])
        if choice is not None:
            items.append(choice)
    return [_wrap(alternatives(head, items) if many else head)
            for (head, many), items in groups.items()]


def legal_text(name: str, line: int, engine: MatchEngine[Any] | None, acts: list[Any], at: Any,
               verdict: Verdict | None, style: Style,
               dealt: MatchEngine[Any] | None = None, proven: bool = False) -> str:
    """The text report (see ``man referee-legal``): where the line falls, who is to act and
    every legal action, each said as a person would say it, then the event at the line
    judged.  A ``deal`` at the line is judged as read (:func:`~referee.legal.trial_deal`):
    ``dealt`` is the engine after it, and the report says who acts first in the new hand.
    ``proven``: the record proves later what the table could not tell at the line (G14), so
    the actions are said to be those known at the line.  Text from the log or the command line (the file name, players, the fields of the event at
    ``line``) is shown escaped (:func:`~referee.text.visible`) before lines are wrapped."""
    name = visible(name)
    if engine is None:
        return f"{name}:{line}: no match is in play here\n"
    h = engine.hand
    where = f"hand {h.number}" if h is not None else "before the first deal"
    trick, over = trick_at(engine)
    if trick is not None:
        where += f", after trick {trick}" if over else f", trick {trick}"
    out = [f"{name}:{line}: {engine.TITLE}, {where}\n"]
    hidden = unlisted(engine)
    if not acts and not hidden:
        out.append(("a deal: it is read below, with who acts first in the hand it starts\n"
                    if verdict is not None and verdict.legal else "a deal: it is judged below\n")
                   if type(at) is ev.Deal else
                   "nobody is to act here: a deal comes first\n" if h is None else
                   "nobody is to act here (the hand is over or cannot be followed)\n")
    else:
        out.append(f"to act: {visible(', '.join(_actors(acts, hidden))) or 'both players'}\n")
        if proven:
            out.append(_wrap("legal as far as is known at this line (the record proves more "
                             "later: see below)"))
        out.extend(action_lines(acts, engine, style))
        out.extend(_wrap(f"{p}: {_KINDS.get(kind, kind)} of cards not recorded (not listed)")
                   for p, kind in hidden)
    unknown = unrecorded(engine)
    if unknown:
        assert h is not None  # (a hand is open)
        alone = [p for p in unknown if p in h.unknown]  # whose hand is not recorded
        took = [p for p in unknown if p not in h.unknown]  # who took a pile not recorded
        what = [f"the cards of {_and(alone)}"] if alone else []
        what += [f"the {(engine.PILE or 'pile').lower()} {_and(took)} took"] if took else []
        out.append(_wrap(f"not recorded: {' and '.join(what)} (G14): a card of theirs "
                         "is any card not seen elsewhere, and what they lay away or give is not "
                         "listed; a card seen later may still prove a revoke"))
    if at is not None:
        if isinstance(at, ev.ReadError):
            out.append(f"line {line}: unreadable ({at.code}: {visible(at.message)})\n")
        elif verdict is None:
            said = visible(describe(at, engine.DECK, style) or "an event")
            out.append(f"line {line}: {said} (not a move within a hand)\n")
        elif verdict.unjudged is not None:
            said = visible(describe(at, engine.DECK, style) or "an event")
            out.append(_wrap(f"line {line}: {said}: not judged: {verdict.unjudged}").lstrip())
        else:
            said = visible(describe(at, engine.DECK, style) or "an event")
            judged = 'legal' if verdict.legal else 'NOT legal'
            if dealt is not None and verdict.legal:
                judged = _first_to_act(dealt, style)
            out.append(f"line {line}: {said}: {visible(judged)}\n")
            for code, sev, msg in verdict.findings:
                out.append(f"  {sev}[{code}]: {visible(msg)}\n")
    return "".join(out)


_KINDS = {"discard": "a discard", "give": "a give", "draw": "a draw"}


def _first_to_act(dealt: MatchEngine[Any], style: Style) -> str:
    """After a ``deal`` read without a finding: the hand it starts and who acts first in it,
    by the game's rules, with what they may do (``read (hand 1); Anna acts first: bids or
    passes``; the first card of a hand leads its first trick)."""
    h = dealt.hand
    acts = legal_actions(dealt)
    hidden = unlisted(dealt)
    said = f"read (hand {h.number if h is not None else '?'})"
    who = _actors(acts, hidden)
    if not who:
        return said + "; nobody is to act in it"
    parts = []
    for p in who:
        verbs: list[str] = []
        for a in acts:
            ph = phrase(a, dealt.DECK, style) if getattr(a, "player", None) == p else None
            if ph is None:
                continue
            verb = ph[0].removeprefix(f"{p} ").removesuffix(":").removesuffix(" in")
            verb = "leads" if type(a) is ev.Play else verb
            if verb not in verbs:
                verbs.append(verb)
        verbs.extend(f"{_KINDS.get(k, k)} of cards not recorded" for q, k in hidden if q == p)
        parts.append(f"{p} acts first: {_and(verbs, 'or')}" if verbs else f"{p} acts first")
    return said + "; " + "; ".join(parts)


def _actors(acts: list[Any], hidden: list[tuple[str, str]]) -> list[str]:
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


def legal_json(name: str, line: int, engine: MatchEngine[Any] | None, acts: list[Any], at: Any,
               verdict: Verdict | None,
               dealt: MatchEngine[Any] | None = None) -> dict[str, Any]:
    """The JSON report: file, line, game, hand, trick (see :func:`trick_at`), to_act, legal
    (the events, as log objects), event, event_legal, not_judged (why the referee passes over
    the event without judging it, :func:`~referee.legal.passed_over`; then event_legal is
    null), findings; in a hand whose record leaves
    out some hands (G14), unrecorded: the players whose cards are not recorded and who still
    hold cards not seen.  For a ``deal`` read without a finding (``dealt``: the engine after
    it), dealt: ``{"hand", "to_act"}``, the hand it starts and who acts first in it."""
    h = engine.hand if engine is not None else None
    out: dict[str, Any] = {
        "file": name, "line": line, "game": engine.GAME if engine else None,
        "hand": h.number if h is not None else None,
        "trick": trick_at(engine)[0],
        "to_act": _actors(acts, unlisted(engine) if engine is not None else []),
        "legal": [msgspec.to_builtins(a) for a in acts],
        "event": msgspec.to_builtins(at) if at is not None and not isinstance(
            at, ev.ReadError) else None,
        "event_legal": verdict.legal if verdict is not None and verdict.unjudged is None
        else None,
        "not_judged": verdict.unjudged if verdict is not None else None,
        "findings": [{"code": c, "severity": s, "message": m}
                     for c, s, m in (verdict.findings if verdict else [])],
    }
    if engine is not None and h is not None and h.partial:  # the play alone only (G14)
        out["unrecorded"] = unrecorded(engine)
    if dealt is not None and verdict is not None and verdict.legal and dealt.hand is not None:
        out["dealt"] = {"hand": dealt.hand.number,
                        "to_act": _actors(legal_actions(dealt), unlisted(dealt))}
    return out
