"""Sixty-Six's commentary (see :mod:`referee.games.commentary`): the words of the game's own
findings, of what its events did beyond their own line (draws, the close, the exchange, a
marriage) and of the trump card under a deal.

Every sentence is built from facts the rules core (:mod:`referee.games.sixty_six`) recorded: a
finding's evidence (keys per code in ``referee-log.5``) or the hand's :data:`Note` facts.  Nothing
here decides a rule; where a finding has several causes, the evidence holds each fact and the
words name the first one the rules core checks.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ... import commentary as shared
from ...cards import ALL_CARDS, SUIT_NAMES, Card, parse_suit
from ...findings import FindingCode
from ..commentary import Commentary
from .rules import (GO_OUT, LAST_TRICK_BONUS, Closed, Count, DealEnd, Drawn, Exchanged,
                        Note, SixtySix)

Evidence = Mapping[str, Any]
Sayer = Callable[[SixtySix, str | None, Evidence], str]


def _card(engine: SixtySix, text: str) -> str:
    """A canonical card string of the evidence as readable text (``K♥``)."""
    return shared.card(text, engine.DECK)


def _pair(engine: SixtySix, suit: str) -> str:
    """The king and queen of ``suit`` (a suit name), as a marriage's lead names them."""
    s = parse_suit(suit)
    return f"{engine.name(ALL_CARDS['K' + s])} or {engine.name(ALL_CARDS['Q' + s])}"


def _lead(e: Evidence) -> str:
    """Who is on lead (``trick``, ``leader``: None once the trick has begun)."""
    if e["leader"] is None:
        return f"trick {e['trick']} is in progress"
    return f"{e['leader']} is on lead"


def _illegal_lead(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-lead``: after a marriage in ``suit`` the ``player`` led ``card`` (S2)."""
    return (f"trick {e['trick']}: {e['player']} showed the marriage in {e['suit']} and then led "
            f"{_card(engine, e['card'])}; the lead after a marriage must be its king or queen "
            f"({_pair(engine, e['suit'])}) (S2); applied as recorded (G2)")


def _illegal_exchange(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-exchange``: no face-up card to take (``turned_up`` None, or the nine itself,
    G3); or not allowed now (S3): the talon ``closed_by`` someone, the player not on lead
    (``on_lead``, ``leader``, ``trick``), or without a trick (``tricks_won``)."""
    p = e["player"]
    if rule == "G3":
        why = ("the trump card has been drawn" if e["turned_up"] is None else
               "the nine of trumps is the face-up card already")
        return f"{p} exchanges the nine of trumps, but {why}; the deal cannot be followed (G3)"
    closer = e["closed_by"]
    if closer is not None:
        why = (f"the talon is closed; only {engine.other(closer)} could exchange, right after "
               f"{closer}'s close")
    elif not e["on_lead"]:
        why = f"only the player on lead may exchange, before leading, and {_lead(e)}"
    else:
        why = f"{p} has not won a trick yet"
    return (f"{p} exchanges {_card(engine, e['card'])} for {_card(engine, e['turned_up'])}: "
            f"{why} (S3); applied as recorded (G2)")


def _illegal_close(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-close``: closed already (``closed_by``, ``closed_at``), the talon used up
    (``talon``), or by a player not on lead (``leader``, ``trick``); ``applied``."""
    p = e["player"]
    if "closed_at" in e:
        return (f"{p} closes the talon, but {e['closed_by']} closed it already at line "
                f"{e['closed_at']} (S4); ignored")
    if "talon" in e:
        return (f"{p} closes the talon, but it is used up: there is nothing left to close (S4); "
                "ignored")
    return (f"{p} closes the talon, but only the player on lead may close and {_lead(e)} (S4); "
            "applied as recorded (G2)")


def _illegal_marriage(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-marriage``: the talon closed (``closed_by``, ``closed_at``) or used up
    (``talon`` 0), the player not on lead, a marriage shown for this lead already
    (``pending``), or this one shown before (``shown``)."""
    p = e["player"]
    if e["closed_by"] is not None:
        why = f"the talon was closed by {e['closed_by']} at line {e['closed_at']}"
    elif e["talon"] == 0:
        why = "the talon is used up"
    elif not e["on_lead"]:
        why = f"only the player on lead may show one, and {_lead(e)}"
    elif "pending" in e:
        why = (f"{p} has shown the marriage in {e['pending']} for this lead already; one "
               "marriage per lead")
    else:
        why = f"{p} has shown this marriage already"
    return (f"{p} shows the marriage in {e['suit']}: {why} (S2); it does not count and demands "
            "no lead (S11, SS-R1)")


def _illegal_draw(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-draw``: none due, as the talon is ``closed_by`` someone or used up (``talon``
    0), no trick is played yet (``tricks`` 0), or the draw was made."""
    why = ("the talon is closed" if e["closed_by"] else
           "the talon is used up" if e["talon"] == 0 else
           "no trick has been played yet" if e["tricks"] == 0 else
           "the draw after this trick has been made already")
    return f"a draw, but none is due: {why}; nothing is drawn (SS-R2)"


def _illegal_declaration(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-declaration``: who may declare now (``may_declare``), after the last trick
    (``played_out``) or not."""
    who = e["may_declare"]
    if e["played_out"]:
        when = f"the last trick went to {who}"
    elif who is not None:
        when = f"only {who} may declare now"
    else:
        when = "a card has been played since"
    return (f"{e['player']} declares out, but a player may declare only right after winning a "
            f"trick or showing a marriage, before the next card ({when}) (S5, S10); ignored")


def _illegal_retract(engine: SixtySix, rule: str | None, e: Evidence) -> str:
    """``illegal-retract`` under SS-R6: the last card of a ``trick`` after which the talon
    changed; ``card`` is the log's text as given."""
    return (f"{e['player']} takes back {e['card']}, the last card of trick {e['trick']}, after "
            "the talon has changed since that trick (a draw, close or exchange); the deal "
            "cannot be followed (SS-R6)")


SAYERS: dict[str, Sayer] = {
    "illegal-lead": _illegal_lead,
    "illegal-exchange": _illegal_exchange,
    "illegal-close": _illegal_close,
    "illegal-marriage": _illegal_marriage,
    "illegal-draw": _illegal_draw,
    "illegal-declaration": _illegal_declaration,
}
"""Sixty-Six's own finding codes → the function that words them."""


class SixtySixCommentary(Commentary[SixtySix]):
    """The words of Sixty-Six (see the module docstring)."""

    def say(self, engine: SixtySix, code: FindingCode, rule: str | None,
            evidence: Evidence) -> str:
        """The game's own codes (:data:`SAYERS`) and its forms of shared ones: a retract
        after the talon changed (SS-R6), an unreadable ``trump_card`` (``bad-card`` with
        ``field``), a ``marriage`` naming no suit (``bad-event``); the rest as every game
        words them."""
        sayer = SAYERS.get(code)
        if sayer is not None:
            return sayer(engine, rule, evidence)
        if code == "illegal-retract" and rule == "SS-R6":
            return _illegal_retract(engine, rule, evidence)
        if code == "bad-card" and evidence.get("field") == "trump_card":
            return "trump_card: " + super().say(engine, code, rule, evidence)
        if code == "bad-event" and evidence.get("event") == "marriage" and "suit" in evidence:
            return (f"marriage: {evidence['suit']!r} is not a suit (clubs, diamonds, hearts, "
                    "spades)")
        return super().say(engine, code, rule, evidence)

    PENALTY_RULE_WORDS = "Sixty-Six {} (follow, head the trick, trump when void) and {}"
    """The revoke penalty's clauses (S1, S9) as its message cites them."""

    def revoke_detail(self, engine: SixtySix, evidence: Evidence) -> str:
        """Why the duty bound (S1): the talon closed (``closed_by``, ``closed_at``) or used
        up."""
        if evidence["closed_by"]:
            return (f"the talon was closed by {evidence['closed_by']} at line "
                    f"{evidence['closed_at']}")
        return "the talon is used up"

    def revoke_consequence(self, engine: SixtySix, evidence: Evidence) -> str:
        """The ``consequence``: the deal ends and the offender's opponent (the one entry of
        ``pays``) scores its points (S9)."""
        c = evidence["consequence"]
        paid = c["pays"][0]
        return f"the {c['ends']} ends, {paid['player']} +{paid['points']}"

    def unscored_summary(self, engine: SixtySix, reason: str, facts: Mapping[str, Any]) -> str:
        """A ``resign`` or ``timeout`` in mid-deal (reasons ``resigned``, ``timed-out``, with
        ``player``) leaves the deal unscored (S10); other reasons as every game words them."""
        if reason in ("resigned", "timed-out"):
            what = "runs out of time" if reason == "timed-out" else "resigns"
            return f"{facts['player']} {what} in mid-deal; the deal is not scored (S10)"
        return super().unscored_summary(engine, reason, facts)

    def deal_notes(self, engine: SixtySix) -> list[tuple[str, str]]:
        """The turned-up trump card and the trump suit it makes (S8).  A deal the referee
        rejected (a misdeal, a bad card, an unknown player: G3) made no suit trumps
        (``trump`` is empty): the card turned up is named if it was read, else nothing is
        said (the finding says why)."""
        h = engine.current
        c = h.trump_card
        if not h.trump:  # the hand never started: no suit is trumps
            if c is None:
                return []
            return [("trump card", f"{engine.name(c)} turned up; the deal is rejected, so no "
                                   "suit is trumps (G3)")]
        assert c is not None  # a started hand has one: its suit is the trump suit
        return [("trump card", f"{engine.name(c)} under the stock: "
                               f"{SUIT_NAMES[h.trump]} are trumps")]

    def take_notes(self, engine: SixtySix,
                   name: Callable[[Card], str]) -> tuple[list[str], list[str]]:
        """The draw the last event set off (before its line) and what it did (after it):
        the hand's :data:`Note` facts in words, which the hand then forgets."""
        h = engine.hand
        if h is None or not h.notes:
            return [], []
        out: tuple[list[str], list[str]] = ([], [])
        for note in h.notes:
            out[0 if isinstance(note, Drawn) else 1].append(self.note_words(engine, note, name))
        h.notes.clear()
        return out

    def note_words(self, engine: SixtySix, note: Note, name: Callable[[Card], str]) -> str:
        """One :data:`Note` as ``history`` says it, cards named by ``name``."""
        if isinstance(note, Drawn):
            words = "draw: " + ", ".join(f"{p} {name(c)}" for p, c in note.draws)
            if note.last:
                words += " (the trump card); the talon is used up: follow, head, trump (S1)"
            return words
        if isinstance(note, Closed):
            opp = engine.other(note.player)
            return (f"the talon is closed with {note.talon} cards"
                    + (", before the draw: both hands stay a card short" if note.before_draw
                       else "")
                    + f"; {note.player} must reach {GO_OUT} and declare; {opp} "
                    + ("has a trick" if note.opponent_has_trick else "has no trick yet")
                    + "; from now on follow, head, trump (S1, S4, S6)")
        if isinstance(note, Exchanged):
            return (f"{note.player} takes {name(note.taken)} and lays {name(note.nine)} face up "
                    "under the stock")
        s = note.shown.suit
        return (f"the marriage is worth {note.shown.value}" + (" (trumps)" if note.trumps else "")
                + ("" if note.counted else f", counted once {note.player} has a trick")
                + f"; {note.player} must lead {name(ALL_CARDS['K' + s])} or "
                  f"{name(ALL_CARDS['Q' + s])} (S2)")

    def result_words(self, end: DealEnd) -> str:
        """The text of a deal's result (``score``'s and ``history``'s line), from its
        :class:`~referee.games.sixty_six.DealEnd` facts alone (a result keeps no engine
        alive)."""
        how = end.how
        if how == "closer-silent":
            return (f"{end.player} closed the talon and did not declare out; {end.scorer} "
                    + ("had a trick" if end.trick_at_close else "had no trick")
                    + f" at the close: {end.scorer} +{end.points} (S6)")
        if how in ("played-out", "drawn"):
            score = (", ".join(f"{p} {n}" for p, n in end.points_with_last)
                     + f" with {LAST_TRICK_BONUS} for {end.last}'s last trick")
            if how == "drawn":
                return (f"played out: {score}: a drawn deal, nobody scores; {end.dealer} deals "
                        "again (S7)")
            return f"played out: {score}: {end.scorer} +{end.points} (S7)"
        mine, theirs = end.counts
        p, opp = mine.player, theirs.player
        if how == "out-first":
            words = (f"{p} declared out with {_count(mine)}: {opp} closed and {p} went out "
                     "first (S6)")
        elif how == "out":
            rule = " (S5, S6)" if end.closed_by == p else " (S5)"
            if end.loser == "without a trick":
                why = f"{opp} has no trick{rule}"
            else:
                why = (f"{opp} has {_count(theirs)}, "
                       + ("less than 33" if end.loser == "under 33" else "not less than 33")
                       + rule)
            words = f"{p} declared out with {_count(mine)}: {why}"
        elif how == "closer-short":
            words = (f"{p} declared out with {_count(mine)}, short of {GO_OUT}: {p} closed and "
                     f"fell short; {opp} "
                     + ("had a trick" if end.trick_at_close else "had no trick")
                     + " at the close (S6, S10)")
        else:
            words = (f"{p} declared out with {_count(mine)}, short of {GO_OUT}: a false "
                     "declaration (S5)")
        words += f"; {end.scorer} +{end.points}"
        if end.played_out:
            words += f"; no {LAST_TRICK_BONUS} for the last trick (S10)"
        return words


def _count(c: Count) -> str:
    """A player's card points in words: the total, and how marriages made it (S2)."""
    words = f"{c.total}"
    if c.counted:
        words += f" ({c.trick_points} in tricks + {c.counted} in marriages)"
    elif c.shown:
        words += f" (marriages of {c.shown} do not count without a trick)"
    return words


COMMENTARY = SixtySixCommentary()
