"""Records of the play alone (issue 17, RULINGS G14): a metamorphic property test.

Take a log with its hands (simulated legal play of every game, and copies of it in which one
player's two cards of a hand are played in the other order, which makes revokes), remove the
hands (:func:`referee.simulate.play_alone`: all of them and the pile, or some players' only), and
referee both.  The record of the play alone knows less, so it may find less, never more:

(a) every revoke it finds is a revoke of the full log at the same line — or lies after a revoke
    of the full log in that hand which nothing seen later proves (the full log passes over what
    follows its revoke, G4; the play alone cannot see that revoke and goes on refereeing);
(b) a hand without a revoke in the full log has the same result (status, declarer, contract,
    the hand's own points: deltas, Asszorti's net).  There is no allowance for a hand made
    ``unscored`` by an ``incomplete-hand`` the full log does not have: in all four games the score
    rests on the tricks, the cards laid away, marriages, claims and declarations, which the record
    of the play alone still gives (ruling R27 in docs/rulings.md);
(c) every revoke of the full log whose proof is played later is found, at its line, with the
    same result: the proof is a card the offender plays later in the hand that the duty called
    for (``held`` in the finding's evidence: the led suit as the game counts it, Sixty-Six's
    higher cards of it), or, when the offender held none of the led suit, a trump the duty
    called for (``trumps``: Asszorti's and Sixty-Six's duty to trump).  A later card is one the
    offender held at the revoke: no draw comes between a card and a later one in the phases
    where a duty binds (Sixty-Six's only draws are from the open talon, where any card goes;
    the other games' piles are taken before the first card).

Hands are compared in a match until the first one whose result may lawfully differ (an
unproven revoke): the totals, bonuses, debts and the match's end depend on every hand before.

The suite runs a few examples (derandomized in CI, conftest.py); a bounded run over thousands
of hands per game:  ``python -m tests.test_play_alone_properties --hands 600 --variants 8``.
"""
from __future__ import annotations

import io
import json
import random
import sys
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import ENGINES
from referee.replay import Listener, Reads, replay
from referee.simulate import play_alone, simulate

from .conftest import Recorder

GAMES = sorted(ENGINES)

class _Holdings(Recorder):
    """A replay of the full log that also keeps, for every ``play`` line, what the player held
    just before it (``before[line]``: a frozenset of card strings), and the lines after which
    a holding grew (``gains``: Sixty-Six's draws)."""

    def __init__(self) -> None:
        super().__init__()
        self.before: dict[int, frozenset[str]] = {}
        self.gains: list[int] = []
        self._now: dict[str, frozenset[str]] = {}

    reads = Recorder.reads | Reads.STEPS | Reads.DEALS

    def start(self, replay: Any) -> None:
        self.replay = replay  # (the engine's own holdings are what this test checks)

    def event(self, step: Any) -> None:
        line = step.line
        if step.event == "play":
            self.before[line] = self._now.get(step.player, frozenset())
        engine = self.replay.engine
        h = engine.hand if engine is not None else None
        if h is None:
            self._now = {}
            return
        held = h.play.hands if h.play is not None else h.hands
        now = {p: frozenset(str(c) for c in cs) for p, cs in held.items()}
        if any(not cs <= self._now.get(p, frozenset()) for p, cs in now.items()):
            self.gains.append(line)
        self._now = now

    def deal(self, hand: Any, step: Any) -> None:
        h = self.replay.engine.hand
        self._now = {p: frozenset(str(c) for c in cs) for p, cs in h.hands.items()}


def _replay(events: list[dict[str, Any]], rec: Recorder) -> Recorder:
    data = "".join(json.dumps(e) + "\n" for e in events).encode()
    replay(io.BytesIO(data), "log.jsonl", rec)
    return rec


@lru_cache(maxsize=16)
def _simulated(game: str, seed: int, hands: int) -> tuple[str, ...]:
    return tuple(json.dumps(e) for e in simulate(game, seed, hands))


def _hands_of(events: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(line of the deal, last line) of every hand: from a deal to the line before the next
    deal, match or score (lines are 1-based)."""
    out: list[tuple[int, int]] = []
    start = None
    for i, e in enumerate(events, 1):
        if e["event"] in ("deal", "match", "score", "end") and start is not None:
            out.append((start, i - 1))
            start = None
        if e["event"] == "deal":
            start = i
    if start is not None:
        out.append((start, len(events)))
    return out


def swap_two_cards(events: list[dict[str, Any]], rng: random.Random, holdings: _Holdings,
                   rate: float = 0.6, cut: float = 0.2) -> list[dict[str, Any]]:
    """A copy of ``events`` in which, in about ``rate`` of the hands, one player plays two of
    their cards in the other order: the card of line j (later) at line i, where the player
    held it (``before``), and the card of line i at line j.  Following cards are chosen first
    (a revoke needs a lead to follow).  The players' holdings stay as dealt, so the full log
    finds nothing but what the new order breaks (a revoke, a trick led out of turn, a marriage
    lead); pairs with one of the player's marriages or exchanges between them are left alone
    (they show or give a card of the player), and so are cards before a draw (Sixty-Six's
    open talon, where any card may be played: a new order there changes who draws which card,
    which only the full log can know).  In about ``cut`` of the hands changed, the record then
    stops before the card of line j (the cards of the hand from a line after i on are left
    out): a failure at line i that nothing later proves."""
    before = holdings.before
    out = [dict(e) for e in events]
    size = len(events[0]["players"])
    for start, end in _hands_of(events):
        if rng.random() >= rate:
            continue
        plays = [k for k in range(start, end + 1) if events[k - 1]["event"] == "play"]
        pairs = []
        drawn = [g for g in holdings.gains if start < g <= end]
        for n, i in enumerate(plays):
            if drawn and i <= drawn[-1]:
                continue
            who = events[i - 1]["player"]
            follows = n % size != 0  # every trick of a simulated hand is complete
            for j in plays[n + 1:]:
                e = events[j - 1]
                if e["player"] != who or e["card"] not in before.get(i, ()):
                    continue
                if any(events[k - 1]["event"] in ("marriage", "exchange") and
                       events[k - 1].get("player") == who for k in range(i, j)):
                    continue
                pairs.append((not follows, i, j))
        if not pairs:
            continue
        pairs.sort()
        first = [p for p in pairs if not p[0]] or pairs
        _, i, j = rng.choice(first)
        out[i - 1]["card"], out[j - 1]["card"] = events[j - 1]["card"], events[i - 1]["card"]
        if rng.random() < cut:
            k = rng.randint(i + 1, j)
            for n in range(k, end + 1):
                if events[n - 1]["event"] == "play":
                    out[n - 1] = {}
    return [e for e in out if e]


@dataclass
class Tally:
    """What one comparison saw (the bounded run adds these up)."""

    hands: int = 0
    compared: int = 0
    revokes: int = 0
    provable: int = 0
    found: int = 0
    unproven: int = 0

    def add(self, o: "Tally") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(o, f.name))


def _result(game: str, r: Any) -> tuple:
    own = r.extra.get("net") if game == "asszorti" else r.deltas
    return (r.status, r.declarer, r.contract, tuple(sorted(own.items())))


def _provable(f: Any, events: list[dict[str, Any]], end: int) -> bool:
    """Whether a card the offender plays after the revoke, in the same hand, proves it (see the
    module docstring, (c))."""
    ev_ = f.evidence or {}
    held, trumps = set(ev_.get("held", ())), set(ev_.get("trumps", ()))
    proof = held or trumps
    who = ev_.get("player", f.player)
    return any(e["event"] == "play" and e["player"] == who and e["card"] in proof
               for e in events[f.line:end])


def compare(game: str, events: list[dict[str, Any]], hide: list[str] | None = None) -> Tally:
    """Referee ``events`` and the same record with the hands removed (``hide`` as
    :func:`referee.simulate.hide_hands` takes it) and assert (a), (b), (c) of the module
    docstring.  Returns what was seen."""
    full = _replay(events, Recorder())
    alone_events = list(play_alone(events, hide))
    alone = _replay(alone_events, Recorder())
    t = Tally()
    full_res = {r.line: r for r in full.hands}
    alone_res = {r.line: r for r in alone.hands}
    comparable = True
    matches = [i for i, e in enumerate(events, 1) if e["event"] == "match"]
    match = 0
    for start, end in _hands_of(events):
        now = sum(1 for m in matches if m < start)
        if now != match:
            match, comparable = now, True
        if start not in full_res:
            continue
        t.hands += 1
        revokes_full = [f for f in full.findings if f.code == "revoke" and
                        f.severity == "error" and start <= f.line <= end]
        revokes_alone = [f for f in alone.findings if f.code == "revoke" and
                         f.severity == "error" and start <= f.line <= end]
        where = f"{game} hand at line {start}"
        a, b = full_res[start], alone_res.get(start)
        if b is None:  # the match ended sooner without the hands, after an unproven revoke
            assert not comparable, f"{where}: no result without the hands"
            continue
        full_lines = {f.line for f in revokes_full}
        unproven = [f for f in revokes_full if not _provable(f, events, end)]
        for f in revokes_alone:  # (a)
            assert f.line in full_lines or any(u.line < f.line for u in unproven), (
                f"{where}: revoke at line {f.line} without the hands, not in the full log "
                f"(full: {sorted(full_lines)})")
        t.revokes += len(revokes_full)
        for f in revokes_full:  # (c)
            if _provable(f, events, end):
                t.provable += 1
                assert f.line in {g.line for g in revokes_alone}, (
                    f"{where}: the revoke at line {f.line} ({f.evidence}) is proven by a later "
                    f"card, but the record of the play alone does not find it")
                t.found += 1
            else:
                t.unproven += 1
        if not comparable:
            continue
        if revokes_full and any(f.line == revokes_full[0].line for f in revokes_alone):
            t.compared += 1
            assert _result(game, b) == _result(game, a), (
                f"{where}: the same revoke, another result: {_result(game, a)} with the hands, "
                f"{_result(game, b)} without")
            continue
        if revokes_full:
            comparable = False  # an unproven revoke: this hand and the rest may differ
            continue
        t.compared += 1
        assert _result(game, b) == _result(game, a), (  # (b)
            f"{where}: no revoke, another result: {_result(game, a)} with the hands, "
            f"{_result(game, b)} without")
    return t


def check_game(game: str, seed: int, hands: int, variants: int, mseed: int) -> Tally:
    """The unchanged simulated log and ``variants`` copies with cards swapped, each compared
    with all hands removed and (every other variant) with some players' hands removed."""
    events = [json.loads(x) for x in _simulated(game, seed, hands)]
    holdings = _replay(events, _Holdings())
    rng = random.Random(mseed)
    players = events[0]["players"]
    total = compare(game, events)
    for k in range(variants):
        changed = swap_two_cards(events, rng, holdings)
        hide = None
        if k % 2:
            hide = rng.sample(players, rng.randint(1, len(players)))
            if rng.random() < 0.5 and ENGINES[game].PILE:
                hide.append(ENGINES[game].PILE)
        total.add(compare(game, changed, hide))
    return total


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 2**32))
def test_removing_the_hands_finds_no_more_and_every_proven_revoke(game, seed, mseed):
    t = check_game(game, seed, 4, 3, mseed)
    assert t.hands >= 4  # the unchanged log's (a changed one may end its match sooner)


def test_swapping_makes_revokes():
    """The mutation does what it is for: the full logs hold revokes, and most are proven by a
    later card (a check that the comparison is not empty)."""
    t = Tally()
    for game in GAMES:
        t.add(check_game(game, 11, 4, 4, 5))
    assert t.revokes >= 8 and t.found >= t.revokes // 2


def main(argv: list[str]) -> None:
    """The bounded run: ``--hands N`` simulated hands per game (in logs of 50), ``--variants V``
    mutated copies of each; prints what was compared per game."""
    import argparse
    import time
    p = argparse.ArgumentParser(prog="python -m tests.test_play_alone_properties")
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--variants", type=int, default=8)
    p.add_argument("--games", default=",".join(GAMES))
    a = p.parse_args(argv)
    for game in a.games.split(","):
        t0 = time.monotonic()
        t = Tally()
        for seed in range(0, a.hands, 50):
            t.add(check_game(game, seed, min(50, a.hands - seed), a.variants, seed))
        print(f"{game}: {t.hands} hands ({t.compared} results compared), {t.revokes} revokes in "
              f"the full logs, {t.provable} provable by a later card, {t.found} found without "
              f"the hands, {t.unproven} not provable by a later card "
              f"({time.monotonic() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])


def b_not_given(*cards: tuple[str, str]) -> list[dict[str, Any]]:
    """Thirty-Three, lines 1-6: A's and C's hands given (C's with Q♠ and 7♦), B's and the boat
    not; A declares 18 hearts (contract value 11 × 2 = 22) and lays away A♣ 7♥ 8♥; then
    ``cards`` (player, card) played from line 7 on."""
    return [{"event": "match", "game": "thirty-three", "players": ["A", "B", "C"]},
            {"event": "deal", "dealer": "C", "hands": {
                "A": ["AS", "10S", "KH", "QH", "9H", "8H", "7H", "AH", "10H", "AC"],
                "C": ["QS", "7D", "8D", "9D", "10D", "KD", "AD", "8C", "9C", "10C"]}},
            {"event": "bid", "player": "A", "game": "hearts", "level": 18},
            {"event": "pass", "player": "B"}, {"event": "pass", "player": "C"},
            {"event": "discard", "player": "A", "cards": ["AC", "7H", "8H"]}] + [
        {"event": "play", "player": p, "card": c} for p, c in cards]


def test_a_known_revoke_waits_for_an_earlier_one_a_later_card_proves():
    """Found by the property test (Eighty-Three, one hand known, its partner's not): a revoke
    from a known hand must not decide the hand while an earlier failure from an unknown hand may
    still be proven (ruling R26: of two failures, the earlier line is the revoke).

    Thirty-Three, A and C's hands given, B's not; A declares 18 hearts (contract value 22).
    Trick 1: A leads A♠ (line 7), B plays 7♣ (line 8: unknown hand, a possible failure), C plays
    7♦ holding Q♠ (line 9: a revoke on the record's face).  A's A♠ wins (no heart in the trick),
    A leads 10♠ (line 10), and B plays K♠ (line 11): B held a spade at trick 1, so B's 7♣ at
    line 8 is the revoke, the earlier one.  T8: B loses the contract value, 22; nobody else
    scores; C's failure after it is passed over (G4)."""
    log = b_not_given(("A", "AS"), ("B", "7C"), ("C", "7D"), ("A", "10S"), ("B", "KS"))
    rec = _replay(log, Recorder())
    assert [(f.line, f.code, f.player) for f in rec.findings] == [(8, "revoke", "B")]
    assert rec.findings[0].evidence["proved_by"] == {"card": "KS", "line": 11, "how": "played"}
    [h] = rec.hands
    assert (h.status, h.deltas) == ("penalty", {"A": 0, "B": -22, "C": 0})


def test_what_followed_a_proven_revoke_names_no_declarer():
    """Found by the property test: after a revoke proven by a later card, what the hand
    recorded after the failing card is passed over (G4, G14), a declaration out included, so
    the score names no declarer, as with the hands (S10: ``declarer`` is whoever declared out).

    Sixty-Six, hands and stock left out, spades trumps (Q♠ turned up).  Tricks 1-5 with the
    talon open (any card may be played, S1); Moritz exchanges the 9♠ (line 7) and closes (line
    16).  Trick 7: Moritz leads A♥ (line 19), Max plays K♠ (line 20); Max plays 9♥ at line 23 —
    after the close nobody draws, so Max held it at trick 7 and had to follow hearts: the revoke
    is at line 20.  S9: Moritz, the offender's opponent, scores 2.  Moritz's lead out of turn
    (line 21: Max's K♠ won trick 7) and declaration (line 25) come after it and are passed
    over."""
    log = [{"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"]},
           {"event": "deal", "dealer": "Moritz", "trump_card": "QS"}]
    for e in (("Max", "AC"), ("Moritz", "10C"), ("Max", "10H"), ("Moritz", "10S"),
              ("exchange", "Moritz"), ("Moritz", "QS"), ("Max", "QC"), ("draw",),
              ("Moritz", "9D"), ("Max", "10D"), ("Max", "KD"), ("Moritz", "AD"), ("draw",),
              ("close", "Moritz"), ("Moritz", "KC"), ("Max", "9C"), ("Moritz", "AH"),
              ("Max", "KS"), ("Moritz", "QD"), ("Max", "JS"), ("Max", "9H"), ("Moritz", "AS"),
              ("declare_out", "Moritz")):
        if e[0] in ("exchange", "close", "declare_out"):
            log.append({"event": e[0], "player": e[1]})
        elif e[0] == "draw":
            log.append({"event": "draw"})
        else:
            log.append({"event": "play", "player": e[0], "card": e[1]})
    rec = _replay(log, Recorder())
    assert [(f.line, f.code, f.player) for f in rec.findings] == [(20, "revoke", "Max")]
    assert rec.findings[0].evidence["proved_by"] == {"card": "9H", "line": 23, "how": "played"}
    [h] = rec.hands
    assert (h.status, h.declarer, h.deltas) == ("penalty", None, {"Max": 0, "Moritz": 2})


def test_a_known_revoke_that_waited_is_scored_as_it_stood():
    """Found by the property test: a revoke on the record's face (a card shown in a marriage is
    known), established while an earlier failure from the unknown part may still be proven,
    waits (R26); when nothing proves the earlier one, it decides the hand as it stood when it
    was established — a declaration out after it is passed over (G4), as with the hands.

    Sixty-Six, hands and stock left out, diamonds trumps (Q♦ turned up).  Max shows K♠ Q♠ (line
    7) and leads Q♠ (line 8); he still holds K♠.  After Moritz closes (line 15): trick 6, Moritz
    A♦, Max J♥ (line 17: Max may hold a diamond, unknown); trick 7, Moritz A♠ (line 18), Max
    Q♣ (line 19) while holding K♠: a revoke, established by Moritz's 10♥ (line 20).  No diamond
    is ever seen from Max, so line 17 stays unproven; S9: Moritz scores 2, and Moritz's
    declaration (line 21) comes after the revoke: no declarer."""
    log = [{"event": "match", "game": "sixty-six", "players": ["Max", "Moritz"]},
           {"event": "deal", "dealer": "Moritz", "trump_card": "QD"}]
    for e in (("Max", "9S"), ("Moritz", "9C"), ("Max", "KD"), ("Moritz", "JS"),
              ("marriage", "Max", "spades"), ("Max", "QS"), ("Moritz", "KH"), ("Max", "AH"),
              ("Moritz", "JC"), ("marriage", "Max", "clubs"), ("Max", "KC"), ("Moritz", "9D"),
              ("close", "Moritz"), ("Moritz", "AD"), ("Max", "JH"), ("Moritz", "AS"),
              ("Max", "QC"), ("Moritz", "10H"), ("declare_out", "Moritz")):
        if e[0] == "marriage":
            log.append({"event": "marriage", "player": e[1], "suit": e[2]})
        elif e[0] == "close":
            log.append({"event": "close", "player": e[1], "before_draw": True})
        elif e[0] == "declare_out":
            log.append({"event": "declare_out", "player": e[1]})
        else:
            log.append({"event": "play", "player": e[0], "card": e[1]})
    rec = _replay(log, Recorder())
    assert [(f.line, f.code, f.player) for f in rec.findings] == [(19, "revoke", "Max")]
    ev_ = rec.findings[0].evidence
    assert ev_["established_at"] == 20 and "proved_by" not in ev_ and ev_["held"] == ["KS"]
    [h] = rec.hands
    assert (h.status, h.declarer, h.deltas) == ("penalty", None, {"Max": 0, "Moritz": 2})


# --- a revoke taken back by a retract (RULINGS G14a, issue 29 item 4) -------------------------

def put_in_repaired_revoke(events: list[dict[str, Any]], rng: random.Random,
                           tries: int = 40) -> tuple[list[dict[str, Any]], int] | None:
    """A copy of ``events`` with a revoke put in and taken back: before a card played to a
    lead (line i), the same player first plays a card they hold that the duty forbids there,
    then retracts it (lines i and i + 1; the card of line i comes at i + 2).  Returns the copy
    and i, or None when no such card was found in ``tries`` lines tried."""
    from referee.replay import replay_until
    data = "".join(json.dumps(e) + "\n" for e in events).encode()
    lines = [i for i, e in enumerate(events, 1) if e["event"] == "play"]
    for i in rng.sample(lines, min(tries, len(lines))):
        engine, at, _ = replay_until(io.BytesIO(data), "log.jsonl", i)
        h = engine.hand if engine is not None else None
        tp = h.play if h is not None else None
        if tp is None or h.mode.value != "open" or h.revoke is not None or not tp.current.cards:
            continue
        p = events[i - 1]["player"]
        if tp.to_play() != p:
            continue
        allowed = engine.allowed_cards(p)
        if allowed is None:
            continue
        wrong = sorted(str(c) for c in tp.hands[p] if c not in allowed)
        if not wrong:
            continue
        card = rng.choice(wrong)
        put = [{"event": "play", "player": p, "card": card},
               {"event": "retract", "player": p, "card": card}]
        return events[:i - 1] + put + events[i - 1:], i
    return None


def _moved(rec: Recorder, after: int, by: int = 2) -> list[tuple[int, str, str]]:
    return [(f.line + by if f.line > after else f.line, f.code, f.severity) for f in rec.findings]


def check_repaired(game: str, seed: int, mseed: int, hide: list[str] | None = None) -> bool:
    """The metamorphic relation for a revoke taken back (G4, G14a): put one in a simulated log
    (:func:`put_in_repaired_revoke`); with the hands and without them (``hide``) the record
    then has, at the card put in, a revoke warning repaired at the retract, and everything else
    as before, two lines later: the other findings and every result (G4: a repaired revoke
    leaves the hand to be scored normally).  The card played in the revoke's place proves it
    without the hands: a legal card where the one taken back was not (G14a).  False when no
    card could be put in."""
    events = [json.loads(x) for x in _simulated(game, seed, 2)]
    got = put_in_repaired_revoke(events, random.Random(mseed))
    if got is None:
        return False
    changed, i = got
    for before, after in ((events, changed),
                          (list(play_alone(events, hide)), list(play_alone(changed, hide)))):
        base, rec = _replay(before, Recorder()), _replay(after, Recorder())
        want = sorted(_moved(base, i - 1) + [(i, "revoke", "warning")])
        assert sorted((f.line, f.code, f.severity) for f in rec.findings) == want, (
            game, seed, i, rec.findings)
        [f] = [f for f in rec.findings if f.line == i]
        assert f.evidence["repaired_at"] == i + 1
        assert [_result(game, r) for r in rec.hands] == [_result(game, r) for r in base.hands]
    compare(game, changed, hide)  # (a), (b), (c) hold on it too
    return True


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 2**32),
       st.sampled_from(["all", "one", "pile"]))
def test_a_revoke_taken_back_is_found_alike_with_and_without_the_hands(game, seed, mseed, how):
    players = json.loads(_simulated(game, seed, 2)[0])["players"]
    hide = {"all": None, "one": [random.Random(mseed).choice(players)],
            "pile": [ENGINES[game].PILE or ""] + players[1:]}[how]
    check_repaired(game, seed, mseed, hide)


def test_revokes_can_be_put_in_every_game():
    """The mutation does what it is for: a revoke and its retract are put in, in every game."""
    for game in GAMES:
        assert any(check_repaired(game, seed, seed) for seed in range(6)), game
