"""Asszorti's commentary (see :mod:`referee.games.commentary`): the words ``check``, ``history``
and ``score`` say about the facts the rules core (:mod:`referee.games.asszorti`) records.

- the messages of the game's findings, from (code, rule, evidence) alone (keys per code in
  ``referee-log.5``): the auction (``illegal-bid``, ``illegal-pass``), the contract, the talon
  exchange, trumps, the doubling chain, claims, and the game's forms of ``out-of-turn``,
  ``out-of-phase`` and ``bad-event``; the rest are the shared words of
  :mod:`referee.commentary`;
- ``history``'s lines for a bid held, the forced dealer's contract, the talon exchange, a doubling
  call and a claim (:class:`~referee.games.asszorti.Note` facts); the contract's title;
- a hand result's sentence (:class:`~referee.games.asszorti.HandScore`) and the arithmetic of its
  stakes; the words of a revoke's penalty; the note under the score table.

No rule is decided here: every word follows from the facts given.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ... import commentary as shared
from ...cards import SUIT_NAMES, Card, Deck
from ...findings import FindingCode
from .rules import (ARRIVAZS, AUCTION, BIDS, CALLER, DECLARER, GAME, PARTNER, STEPS, TRICKS,
                       Asszorti, ArrivazsStake, BasicGame, Bid, ClaimNote, Doubling, DoubleNote,
                       ForcedNote, HandScore, HoldNote, Note, TalonNote, basic_game_value)
from ..base import tidy
from ..commentary import Commentary

Evidence = Mapping[str, Any]

STEP_TITLE: dict[str, str] = {s: s.capitalize() for s in STEPS}
"""Each doubling step as said at the table: ``Kontra``, ``Rekontra`` …"""


def trump_words(trump: str | None) -> str:
    """A trump choice (a suit letter, or None for no trumps) in words: ``diamonds trumps``,
    ``no trumps``."""
    return "no trumps" if trump is None else f"{SUIT_NAMES[trump]} trumps"


def _trump_named(name: str) -> str:
    """A trump choice as evidence names it (``diamonds``, ``none``) in words."""
    return "no trumps" if name == "none" else f"{name} trumps"


def stake_name(target: str) -> str:
    """A doubling target as a stake: ``the basic game`` or ``the arrivázs``."""
    return "the basic game" if target == GAME else "the arrivázs"


def _plural(n: int, word: str) -> str:
    return f"{word}{'s' * (n != 1)}"


# --- the arithmetic of a hand's stakes --------------------------------------------------------

def basic_game_words(b: BasicGame) -> str:
    """The basic game's arithmetic: ``4``, ``(12 + 1 × 6) × 8 = 144``, ``4 × 4 - 4 (6:5:0, A5) =
    12`` (what each opponent pays or is paid, unsigned)."""
    words = f"{b.value}" + (f" + {b.over} × {b.half}" if b.over else "")
    if b.multiplier != 1:
        words = f"({words}) × {b.multiplier}" if b.over else f"{words} × {b.multiplier}"
    if b.deduction:
        words += f" - {b.deduction} (6:5:0, A5)"
    return f"{words} = {abs(b.amount)}"


def arrivazs_words(a: ArrivazsStake) -> str:
    """An announced arrivázs's arithmetic: ``arrivázs 8 × 2 = 16``, ``idegen arrivázs 16 = 16``."""
    name = "idegen arrivázs" if a.idegen else "arrivázs"
    return (f"{name} {a.value}" + (f" × {a.multiplier}" if a.multiplier != 1 else "")
            + f" = {abs(a.amount)}")


# --- the game's findings, one function per code ------------------------------------------------

def _illegal_bid(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A bid by a player who spoke earlier than the holder; a bid not higher (``jump_bids``) or
    not the next level; a hold with nothing to hold, or by a player who spoke later."""
    p, holder, standing = e["player"], e["holder"], e["standing"]
    if e["call"] == "hold":
        if not e["applied"]:
            why = "no bid has been made" if standing is None else f"{p} holds {standing} already"
            return f"{p} holds, but {why}: there is nothing to hold (A1, A-R2); not applied"
        return (f"{p} holds {holder}'s {standing}, but spoke later than {holder}: {p} must bid "
                "the next level or pass (A1, A10); applied as recorded")
    bid = e["bid"]
    if "jump_bids" not in e:
        return (f"{p} bids {bid}, but spoke earlier than {holder}, who holds {standing}: {p} may "
                "only hold or pass (A1, A10); applied as recorded")
    if e["jump_bids"]:
        return (f"{p} bids {bid} over {holder}'s {standing}: a bid must be higher (jump_bids); "
                "applied as recorded")
    nxt = e["next"]
    why = (f"the first bid is {BIDS[0]}" if standing is None else
           f"after {holder}'s {standing} the next bid is {nxt}" if nxt else
           f"nothing is higher than {standing}; a later player can only pass")
    return f"{p} bids {bid}: {why}; there are no jump bids (Play, A1); applied as recorded"


def _illegal_pass(rule: str | None, e: Evidence, deck: Deck) -> str:
    """The forced dealer passes."""
    p = e["player"]
    return (f"{p} passes, but both others have passed without a bid: {p} cannot pass and must "
            "set one of the four contracts (Play, A1); not applied (A-R3)")


def _illegal_contract(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A second, different contract; a contract below the last bid, or not the bid
    (``jump_bids``)."""
    k = e["contract"]
    if "standing" in e:
        return (f"{e['player']} sets contract {k}, but the contract is {e['standing']} already "
                "(A11, A-R4); not applied")
    if e.get("jump_bids"):
        return (f"contract {k}, but with jump bids the contract is fixed at the bid "
                f"{e['last_bid']} (jump_bids); applied as recorded")
    return (f"contract {k} is below the last bid {e['last_bid']}; the declarer must play at "
            "least the last bid (Play, A1); applied as recorded")


def _illegal_discard(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A discard of the wrong number (``count``); none before the play (no ``cards``); a discard
    that cannot be applied: by another player, a second one, in a ``hand`` contract."""
    k, n = e["contract"], e.get("expected", 0)
    if "count" in e:
        return (f"contract {k} takes the top {n} talon {_plural(n, 'card')} and lays away as "
                f"many; {e['player']} laid away {e['count']} (Play); applied as recorded")
    if "cards" not in e:
        return (f"the play begins but {e['player']} has not exchanged {n} talon "
                f"{_plural(n, 'card')} for contract {k} (Play); the talon stays out of play "
                "(A11, A-R8)")
    p, decl = e["player"], e["declarer"]
    why = (f"only the declarer ({decl}) exchanges with the talon" if p != decl else
           "the declarer has discarded already" if e["discarded"] is not None else
           "a hand contract is played with the eleven cards dealt; the talon is out of play")
    return f"{p} discards {shared.cards(e['cards'], deck)}: {why} (Play)"


def _illegal_trump(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A second declaration of trumps."""
    return (f"{e['player']} declares {_trump_named(e['trump'])}, but "
            f"{_trump_named(e['declared'])} were declared already (A-R6); not applied")


def _illegal_kontra(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A doubling call applied with a fault (``applied``), or not applied: no kontra at this
    table (``kontra``), the wrong side (``caller``), an arrivázs not announced (``arrivazs``),
    out of the chain's order (``chain``)."""
    p, step = e["player"], e["call"]
    title, stake = STEP_TITLE[step], stake_name(e["target"])
    if e["applied"]:
        problems = []
        if CALLER.get(step) == PARTNER and e["first_kontra"] == p:
            problems.append(f"only the partner of {p}, who called the first Kontra, may call "
                            "Szubkontra")
        if not e["declared"]:
            problems.append("doubling starts when the trumps are named")
        elif e["tricks"]:
            problems.append("doubling ends when the first trick is complete")
        return f"{title} by {p} on {stake}: " + "; ".join(problems) + " (A2); applied (G12)"
    if "kontra" in e:
        text = f"{title} by {p}, but this table plays without kontra (rules kontra: false, A2)"
    elif "caller" in e:
        who = "the declarer" if e["caller"] == DECLARER else "an opponent"
        text = f"{title} by {p} on {stake}: only {who} calls {title} (A2)"
    elif "arrivazs" in e:
        text = (f"{title} by {p} on the arrivázs, but {e['declarer']} has not announced "
                "arrivázs (A2)")
    else:
        chain = e["chain"]
        done = " → ".join(STEP_TITLE[c["call"]] for c in chain) or "no call yet"
        why = ("is called already" if STEPS.index(step) < len(chain) else
               "has nothing to answer")
        text = (f"{title} by {p} on {stake} {why} (so far: {done}); the chain is "
                + " → ".join(STEP_TITLE[s] for s in STEPS) + " (A2)")
    return text + "; not applied (G12)"


def _illegal_claim(rule: str | None, e: Evidence, deck: Deck) -> str:
    """A claim by an opponent, before trumps or a second one; a dispute with no claim, by the
    declarer, or a second one."""
    p, decl = e["player"], e["declarer"]
    if e["event"] == "claim":
        why = (f"{p} is an opponent; only the declarer ({decl}) claims (A10)" if p != decl else
               "the trumps are not named yet (A11, A-R9)" if not e["declared"] else
               f"{p} claimed already at line {e['claimed_at']} (A-R9)")
        return f"claim by {p}: {why}; ignored"
    why = ("there is no claim to dispute" if e["claim_line"] is None else
           "only an opponent disputes a claim" if p == decl else
           f"the claim was disputed already at line {e['disputed_at']}")
    return f"dispute by {p}: {why} (A10); ignored"


def _bad_event(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A ``bid``, ``trump`` or ``target`` field that names no Asszorti choice (None: not one of
    the game's forms)."""
    if "bid" in e:
        return (f"an Asszorti {e['event']} names `bid` \"3\", \"2\", \"1\" or \"hand\", not "
                f"{e['bid']!r}")
    if "trump" in e:
        return f"`trump` is a suit or \"none\", not {e['trump']!r}"
    if "target" in e:
        return f"`target` is \"game\" or \"arrivazs\", not {e['target']!r}"
    return None


def _out_of_turn(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A pass by a player who has passed (no ``auction_rule``: the game's own turn check); the
    contract or trumps named by another player than the declarer, or than the player
    ``forced`` to set the contract (None: a shared form)."""
    p = e["player"]
    if "contract" in e and e.get("forced"):
        d = e["declarer"]
        return (f"{p} sets the contract, but after two passes without a bid {d} must set it "
                f"(Play, A1); applied as recorded: {e['contract']} stands for {d} (A-R5)")
    if "contract" in e:
        return (f"{p} sets the contract, but {e['declarer']} won the auction (A1); applied as "
                "recorded (A-R5)")
    if "trump" in e:
        return (f"{p} names trumps, but {e['declarer']} is the declarer (Play: only the "
                "declarer names trumps and announces arrivázs); applied as recorded (A-R5)")
    if e.get("passed") and "auction_rule" not in e:
        return f"{p} has already passed (A1)"
    return None


def _out_of_phase(rule: str | None, e: Evidence, deck: Deck) -> str | None:
    """A card in the auction (``card``); the play begun before trumps (``declared``); an event
    after an undisputed claim (``claim``) (None: a shared form)."""
    if "card" in e:
        return f"a card played during the auction ({rule})"  # a card comes only then
    if "declared" in e:
        return (f"play begins but {e['declarer']} has not named trumps or no trumps; the hand "
                "cannot be followed (G10, A-R7)")
    if "claim" in e:
        c = e["claim"]
        return (f"`{e['event']}` after {c['player']}'s claim at line {c['line']}, which nobody "
                "disputed: the claim stands and the hand is over (A7, A10, G4); ignored")
    return None


MESSAGES: dict[str, Callable[[str | None, Evidence, Deck], str | None]] = {
    "illegal-bid": _illegal_bid,
    "illegal-pass": _illegal_pass,
    "illegal-contract": _illegal_contract,
    "illegal-discard": _illegal_discard,
    "illegal-trump": _illegal_trump,
    "illegal-kontra": _illegal_kontra,
    "illegal-claim": _illegal_claim,
    "bad-event": _bad_event,
    "out-of-turn": _out_of_turn,
    "out-of-phase": _out_of_phase,
}
"""Finding code → the function that words the game's forms of it; None from it leaves the
finding to the shared words."""


class AsszortiCommentary(Commentary[Asszorti]):
    """Asszorti's words (see the module docstring)."""

    def say(self, engine: Asszorti, code: FindingCode, rule: str | None,
            evidence: Evidence) -> str:
        """The game's codes and forms (:data:`MESSAGES`), else the shared words."""
        sayer = MESSAGES.get(code)
        if sayer is not None:
            text = sayer(rule, evidence, engine.DECK)
            if text is not None:
                return text
        return super().say(engine, code, rule, evidence)

    PENALTY_RULE_WORDS = "Asszorti rules, Play (follow suit, else trump), {} and {}"
    """The revoke penalty's clauses (A3, the duty of the rules' Play section, and A9) as its
    message cites them."""

    def out_of_phase_when(self, engine: Asszorti, evidence: Evidence) -> str:
        """Where an event came that has no place there, from the event and the hand's phase:
        an auction call once the auction is over; a ``contract``, ``discard`` or ``declare``
        before it is; a doubling call before there is a contract; a claim during the auction;
        a ``discard`` once the first card is played (A1, A2, A11)."""
        event, phase = evidence["event"], evidence["phase"]
        if phase != AUCTION:
            return ("after the first card is played" if event == "discard"
                    else "after the auction is over")
        if event in ("contract", "discard", "declare"):
            return "before the auction is over"
        if event in STEPS:  # the doubling calls, each an event of its name
            return "before there is a contract"
        return "during the auction"

    def describe_event(self, engine: Asszorti, line: int, e: Any,
                       symbols: bool = True) -> str | None:
        """``history``'s words for the facts an event left (:class:`Note`): the bid held, the
        forced dealer's call, the cards taken from the talon, the stake a call doubles and by how
        much, where a claim came."""
        h = engine.hand
        note = h.notes.get(line) if h is not None else None
        return None if note is None else self.note_words(note, engine.DECK, symbols)

    @staticmethod
    def note_words(note: Note, deck: Deck, symbols: bool = True) -> str:
        """One :class:`Note` in words (cards named with suit symbols, or letters)."""
        p = note.player

        def names(cs: list[Card]) -> str:
            return " ".join(deck.name(c, symbols) for c in cs)

        if isinstance(note, HoldNote):
            return f"{p} holds {note.bid}"
        if isinstance(note, ForcedNote):
            said = f"sets the contract: {note.bid}" if note.contract else f"bids {note.bid}"
            return f"{p} (both others passed, no bid; cannot pass) {said}"
        if isinstance(note, TalonNote):
            return f"{p} takes {names(note.taken)} from the talon and lays away {names(note.laid)}"
        if isinstance(note, DoubleNote):
            return f"{p}: {STEP_TITLE[note.step]} on {stake_name(note.target)} (×{note.multiplier})"
        assert isinstance(note, ClaimNote)
        where = f"after trick {note.after}" if note.after else "before the first trick"
        if note.mid_trick:
            where = f"during trick {note.after + 1}"
        return f"{p} shows the hand and claims the rest ({where})"

    def contract_title(self, engine: Asszorti) -> str | None:
        """Readable, once the trumps are named: ``1 with diamonds trumps (basic game 6)``,
        ``, arrivázs (8)`` when announced (None before; ``history`` prints it when it changes)."""
        h = engine.hand
        return None if h is None else self._title(h.contract, h.declared, h.trump, h.arrivazs)

    @staticmethod
    def _title(k: Bid | None, declared: bool, trump: str | None, arrivazs: bool) -> str | None:
        """:meth:`contract_title` of contract ``k`` with ``trump`` (None: no trumps)."""
        if not declared or k is None:
            return None
        trumps = trump is not None
        out = (f"{k} with {trump_words(trump)} (basic game "
               f"{basic_game_value(k, trumps)})")
        if arrivazs:
            out += f", arrivázs ({ARRIVAZS[trumps]})"
        return out

    def doubling_words(self, engine: Asszorti) -> str:
        """The doubling chains called, e.g. ``game: Kontra (Anna) → Rekontra (Berta) ×4``."""
        return self._doublings(engine.current.doublings())

    @staticmethod
    def _doublings(doublings: Iterable[Doubling]) -> str:
        """:meth:`doubling_words` of the chains ``doublings``
        (:meth:`~referee.games.asszorti.AsszortiHand.doublings`)."""
        parts = []
        for t, calls, multiplier in doublings:
            chain = " → ".join(f"{STEP_TITLE[c.step]} ({c.player})" for c in calls)
            parts.append(f"{'game' if t == GAME else 'arrivázs'}: {chain} ×{multiplier}")
        return "; ".join(parts)

    def hand_summary(self, s: HandScore) -> str:
        """A scored hand's result in one sentence: the contract and its doubling, the tricks
        taken (and a claim's settlement), the arithmetic of each stake, what the declarer wins
        or pays each opponent, and the score sheet after it (A4–A8), from the hand's facts
        ``s`` alone (made when the summary is first asked for; a result keeps no engine
        alive)."""
        decl, d, per_opp = s.declarer, s.tricks[s.declarer], s.per_opponent
        tricks = ", ".join(f"{p} {n}" for p, n in s.tricks.items())
        st = s.settlement
        note = ""
        if st.outcome == "failed":
            note = (f"{decl}'s disputed claim failed at trick {st.failed_at}: tricks "
                    f"{st.first}–{TRICKS} go to {st.owners[-1]} (A7)")
        elif st.outcome == "stands":
            note = f"{decl}'s claim stands: tricks {st.first}–{TRICKS} go to {decl} (A7)"
        dbl = self._doublings(s.doublings)
        title = self._title(s.contract, s.declared, s.trump, s.arrivazs is not None)
        head = (f"{decl} plays {title}" + (f", {dbl}," if dbl else "")
                + f" and takes {d} {_plural(d, 'trick')} ({tricks})"
                + (f"; {note}" if note else ""))
        parts = [f"basic game {basic_game_words(s.basic)}"]
        if s.arrivazs is not None:
            parts.append(f"{arrivazs_words(s.arrivazs)} {'won' if s.arrivazs.won else 'lost'}")
        verb = "wins" if per_opp > 0 else "pays" if per_opp < 0 else "wins nothing"
        money = (f"{decl} {verb} {abs(per_opp)} {'from' if per_opp > 0 else 'to'} each opponent"
                 if per_opp else f"{decl} {verb}")
        sheet = ", ".join(f"{p} {tidy(v)}" + (f" (owes {tidy(s.debt[p])})" if s.debt[p] else "")
                          for p, v in s.sheet.items())
        return f"{head}; {'; '.join(parts)}: {money}; sheet: {sheet}"

    def revoke_detail(self, engine: Asszorti, evidence: Evidence) -> str:
        """Which duty a revoke broke (A3): following suit, or, void in the suit led (no card of
        it ``held``), playing a trump."""
        p = evidence["player"]
        if not evidence["held"]:
            return (f"void in {self.led_suit_words(engine, evidence)}, {p} had to play a trump "
                    "(failure to trump)")
        return f"{p} had to follow suit"

    def revoke_consequence(self, engine: Asszorti, evidence: Evidence) -> str:
        """An established revoke's penalty in words, from its ``consequence``
        (:class:`~referee.games.asszorti.RevokeConsequence`, A9, A4)."""
        r = evidence["consequence"]
        words = f"basic game {r['basic_game']}" + (
            f" × {r['basic_multiplier']}" if r["basic_multiplier"] > 1 else "")
        if r["arrivazs"] is not None:
            words += f" + arrivázs {r['arrivazs']}" + (
                f" × {r['arrivazs_multiplier']}" if r["arrivazs_multiplier"] > 1 else "")
        if r["at_fault"] == "declarer":
            return f"the hand ends; {r['declarer']} pays each opponent {words} = {r['each']}"
        return (f"the hand ends; the opponents' side is at fault: each opponent pays "
                f"{r['declarer']} {words} = {r['each']}")

    def score_notes(self, engine: Asszorti) -> list[str]:
        """Under the score table: how to read the sheet, and who still owes what (A8)."""
        owing = [f"{p} {tidy(v)}" for p, v in engine.debt.items() if v]
        return ["totals are the score sheet (no entry below 0); net is the zero-sum balance; "
                "debt is what each still owes, taken off the next win (A8)"
                + (f"; still owed: {', '.join(owing)}" if owing else "")]


COMMENTARY = AsszortiCommentary()
