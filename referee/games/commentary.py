"""The commentary part of a game: the words ``check``, ``history`` and ``score`` say about the facts
the rules core records.

A game has three parts (``docs/engine.md``): the *rules core* (``referee/games/<game>.py``, a
:class:`~referee.games.base.MatchEngine`), the *commentary* (``referee/games/<game>/commentary.py``,
a :class:`Commentary`) and the *policy* (``referee/games/<game>/policy.py``).  The rules core
decides and records facts (a finding's code, rule and evidence; what an event did, as plain data
on its hand); the commentary turns those facts into text and decides no rule.

- :meth:`Commentary.say` words a finding from (code, rule, evidence); codes every game shares are
  worded by :func:`referee.commentary.say`, a game words its own codes (``revoke``,
  ``illegal-bid`` ...) in its subclass.
- :meth:`Commentary.describe_event`, :meth:`Commentary.take_notes`,
  :meth:`Commentary.deal_notes`, :meth:`Commentary.contract_title` and
  :meth:`Commentary.score_notes` give ``history`` and ``score`` their game-specific lines.

:func:`commentary_for` gives a game's commentary (imported on first use).
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, Mapping, TypeVar

from .. import commentary as shared
from ..findings import FindingCode
from ..cards import Card
from . import companion
from .base import MatchEngine

E = TypeVar("E", bound=MatchEngine[Any])


class Commentary(Generic[E]):
    """Base of a game's commentary (see the module docstring); stateless: every method is given
    the engine (``E``, the game's :class:`~referee.games.base.MatchEngine`) as it stands and
    never changes it.  One instance per game, from :func:`commentary_for`.

    During the move of the words out of the rules core (issue 14), ``phase_words`` falls back
    to the engine's own ``PHASE_WORDS`` where a game still has them, and a game still wording
    its revokes on the engine (``counting_words``/``revoke_detail`` there) keeps those words
    (transitional)."""

    def say(self, engine: E, code: FindingCode, rule: str | None, evidence: Mapping[str, Any]) -> str:
        """The message of a finding of ``code`` under ``rule`` with ``evidence`` (keys per code
        in ``referee-log.5``), cards named by the game's deck.  Default: :meth:`revoke_words`
        for ``revoke``, else the shared words (:func:`referee.commentary.say`); raises KeyError
        for a code nobody words (a programming error)."""
        if code == "revoke":
            return self.revoke_words(engine, evidence)
        if code == "out-of-phase" and "phase" in evidence and "card" not in evidence:
            return f"`{evidence['event']}` {self.out_of_phase_when(engine, evidence)} ({rule})"
        return shared.say(code, rule, evidence, engine.DECK)

    # --- revokes (G4) ---------------------------------------------------------------------

    def revoke_words(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """A ``revoke`` finding's message from its evidence (``referee-log.5``): the card, the
        lead and the cards the duty required (with :meth:`counting_words` and
        :meth:`revoke_detail`, the game's notes); then, when it was settled, how: repaired by a
        retract (``repaired_at``), or established (``established_at``, else
        :meth:`revoke_established`) with the penalty's clauses (``penalty_rule``) and
        :meth:`revoke_consequence`.  Evidence without ``repaired_at`` (an open revoke, as
        ``legal`` shows it) gives the first part alone."""
        e = evidence
        deck = engine.DECK
        name = self.led_suit_words(engine, e)
        parts = []
        if e["held"]:
            parts.append(f"holding {shared.cards(e['held'], deck)} ({name})")
        if e["trumps"]:
            parts.append(f"holding trumps {shared.cards(e['trumps'], deck)}")
        why = self.revoke_detail(engine, e)
        text = (f"trick {e['trick']}: {e['player']} played {shared.card(e['card'], deck)} "
                f"to a lead of {shared.card(e['led'], deck)} "
                f"({name}{self.counting_words(engine, e)}) while " + " and ".join(parts)
                + (f"; {why}" if why else ""))
        if "repaired_at" not in e:
            return text
        if e["repaired_at"] is not None:
            if "proved_by" in e:  # a record of the play alone (G14a)
                text += "; " + shared.proof(e["proved_by"], e["player"], engine.DECK,
                                            established=False)
            return f"{text}. Repaired by retract at line {e['repaired_at']} (G4)"
        at = e["established_at"]
        where = (f"established at line {at}" if at is not None else
                 f"established {self.revoke_established(engine, e)}")
        if "proved_by" in e:  # a record of the play alone (G14)
            where = shared.proof(e["proved_by"], e["player"], engine.DECK)
        return (f"{text}. Rule: {shared.rules_words(e['penalty_rule'], self.PENALTY_RULE_WORDS)}; "
                f"{where}; {self.revoke_consequence(engine, e)}")

    PENALTY_RULE_WORDS: ClassVar[str | None] = None
    """How a revoke's message cites its penalty's clauses (evidence ``penalty_rule``, a list of
    rule ids): a template with one ``{}`` per id (``"Thirty-Three {} follow suit, {} and {}"``),
    or None for the ids joined by commas."""

    def led_suit_words(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """The suit led of a revoke (evidence ``suit``: a suit name, or ``"trumps"`` where the
        trumps are a suit of their own) as its words name it; a game adds what its contract
        makes of it (Eighty-Three: ``"hearts, trumps"``)."""
        return str(evidence["suit"])

    def counting_words(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """Game hook: words after the led suit's name that say which contract decides the
        effective suits (``", as Diamonds counts them"``); default none."""
        return ""

    def revoke_detail(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """Game hook: a note on the revoke's cards, after the cards held (``"J♥ is the left
        bower, a diamond here"``); default none."""
        return ""

    def revoke_established(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """How a revoke came to stand when no later card established it (evidence
        ``established_by``): by the hand's last card, when the record stopped, as the hand
        ended.  A game words its own values by overriding this (transitional: a value that is
        already words is said as it is)."""
        how = evidence["established_by"]
        if how == "last-card":
            return "by the hand's last card (G4)"
        if how == "record-stops":
            return (f"when the record of the hand stopped after line {evidence['stopped_after']} "
                    f"({shared.stop_words(evidence['stop'])}, G11)")
        if how == "hand-ended":
            return "as the hand ended"
        return str(how)

    def revoke_consequence(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """Game hook: an established revoke's consequence in words, from evidence
        ``consequence`` (the facts of the game's ``revoke_penalty``: ``ends``, ``pays`` and the
        game's own) and ``penalty``.  Default: what ends, then each payment (``"the hand ends;
        Ann +2"``)."""
        c = evidence["consequence"]
        pays = ", ".join(f"{p['player']} {'+' if p['points'] > 0 else ''}{p['points']}"
                         for p in c["pays"])
        return f"the {c['ends']} ends" + (f"; {pays}" if pays else "")

    def revoke_summary(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """The summary of a hand an established revoke ended (``history``'s result line)."""
        return f"revoke by {evidence['player']}: {self.revoke_consequence(engine, evidence)}"

    # --- a hand not scored (G3, G5) -------------------------------------------------------

    def voided(self, engine: E, message: str) -> str:
        """The message of a finding that leaves the hand unscored (G3), saying so unless it
        already does."""
        if "not scored" in message:
            return message
        return message + "; the hand is not scored and the rest of it is skipped (G3)"

    def unscored_summary(self, engine: E, reason: str, facts: Mapping[str, Any]) -> str:
        """The summary of a hand ended unscored for ``reason`` (``"unfollowable"``,
        ``"record-stops"`` with ``stop``; see ``MatchEngine._unscored``).  A game words its own
        reasons by overriding this (transitional: a reason that is already words is said as
        it is)."""
        if reason == "unfollowable":
            return "the record of the hand could not be followed"
        if reason == "record-stops":
            return f"the record of the hand stops ({shared.stop_words(facts['stop'])})"
        return reason

    # --- words shared by findings ---------------------------------------------------------

    PHASE_WORDS: ClassVar[dict[str, str]] = {}
    """How ``out-of-phase``'s message names each phase of a hand (its evidence ``phase``:
    ``"auction"`` → ``"during the auction"``)."""

    def out_of_phase_when(self, engine: E, evidence: Mapping[str, Any]) -> str:
        """Where in the hand an event came that has no place there (``out-of-phase``'s
        evidence ``event`` and ``phase``): by default :meth:`phase_words` of the phase; a game
        whose words depend on the event too overrides this (Asszorti)."""
        return self.phase_words(engine, evidence["phase"])

    def phase_words(self, engine: E, phase: str) -> str:
        """Where in the hand an event came that has no place in ``phase`` (``out-of-phase``'s
        message): :attr:`PHASE_WORDS`, else (transitional) the engine's own ``PHASE_WORDS``,
        else ``"in the <phase>"``."""
        return (self.PHASE_WORDS.get(phase) or engine.PHASE_WORDS.get(phase)
                or f"in the {phase}")


    def rotation_words(self, engine: E) -> str:
        """How the deal passes in the game (its ``ROTATION``, ``wrong-dealer``'s evidence
        ``rotation``) in words (:data:`referee.commentary.ROTATION_WORDS`)."""
        return shared.ROTATION_WORDS[engine.ROTATION]

    def whereabouts_note(self, engine: E, facts: list[dict[str, Any]], alone: bool = True) -> str:
        """Whereabouts facts (``MatchEngine.where_is``) to follow a finding's words:
        ``"; Ann holds it"`` when the finding names this one card alone, else with the cards
        named (``"; Ann holds 9♠; Bob laid 8♠ away"``); ``""`` where nothing is known."""
        return shared.where_note(facts, engine.DECK, alone and len(facts) == 1)

    def describe_event(self, engine: E, line: int, e: Any, symbols: bool = True) -> str | None:
        """``history``'s line for the event just applied at ``line``, when the game can say more
        than the generic words of :mod:`referee.render.words`; None keeps the generic line."""
        return None

    def take_notes(self, engine: E, name: Callable[[Card], str]) -> tuple[list[str], list[str]]:
        """Lines ``history`` shows for what the last event did beyond its own line (Sixty-Six's
        implicit draws), as (lines before the event's line, lines after it); ``name`` turns a
        card into text.  The facts are consumed (the engine forgets them once taken)."""
        return [], []

    def deal_notes(self, engine: E) -> list[tuple[str, str]]:
        """Extra (label, text) lines ``history`` shows under a deal (Sixty-Six's trump card).
        Asked for a deal the referee rejected too (a misdeal, a bad card, an unknown player:
        G3; the html page words every deal line), when the game's ``start_hand`` never ran:
        word only what the hand's facts hold, never assume a deal that stood."""
        return []

    def contract_title(self, engine: E) -> str | None:
        """The current hand's contract as ``history`` names it (with its value)."""
        return engine.contract_name()

    def score_notes(self, engine: E) -> list[str]:
        """Extra lines under a match's text score table (Eighty-Three's team totals)."""
        return []


_COMMENTARIES: dict[str, Commentary[Any]] = {}
_DEFAULT: Commentary[Any] = Commentary()


def commentary_for(engine: MatchEngine[Any] | type[MatchEngine[Any]]) -> Commentary[Any]:
    """The commentary of ``engine``'s game (an engine or its class): the ``COMMENTARY`` of the
    module ``commentary`` of the engine's package (``referee.games.sixty_six.commentary``), imported
    on first use; the default :class:`Commentary` for a game without one."""
    cls = engine if isinstance(engine, type) else type(engine)
    got = _COMMENTARIES.get(cls.GAME)
    if got is None:
        got = companion(cls, "commentary") or _DEFAULT
        _COMMENTARIES[cls.GAME] = got
    return got
