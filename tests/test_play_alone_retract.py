"""A ``retract`` in a record of the play alone (RULINGS G14a; issue 29 item 4).

With the hands, a revoke taken back by a ``retract`` before the next card is a warning at the
revoking card, repaired at the retract, and the hand is scored normally (G4).  Without them the
referee cannot see the revoke at the card; G14a: the retract and the card played in its place are
cards seen from the player, and when they (or a later card of the player, no draw between) show
that the retracted card broke the duty, the revoke is proven and repaired, the same warning.  When
nothing proves it, the retract stands with no finding.  The referee used to call such a retract
``illegal-retract`` (an error).

Each game: an example with a revoke put in and taken back, with and without the hands.  A
repaired revoke changes nothing else (G4: the hand is scored normally), so every other finding and
every result is the example's own, at lines moved by the two lines put in.  Expected values are
derived in the comments; the examples' own results are derived by hand in their example tests.
"""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.legal import unrecorded
from referee.replay import replay_until

from .conftest import HERE, ROOT, run_log
from .test_play_alone import hidden, plays, thirty_three
from .test_play_alone_properties import b_not_given

REPROS = HERE / "repros"


def read(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def example(game: str) -> list[dict]:
    return read(ROOT / "examples" / game / "disputed.jsonl")


def codes(rec) -> list[tuple[int, str, str]]:
    return [(f.line, f.code, f.severity) for f in rec.findings]


def results(rec) -> list[tuple]:
    return [(r.status, r.declarer, r.contract, r.deltas, (r.extra or {}).get("net")) for r in rec.hands]


def put_in_revoke(log: list[dict], line: int, card: str) -> list[dict]:
    """``log`` with ``card`` played by the player of ``line`` and taken back, both before that
    line (now two lines later): a revoke repaired by the retract when the card breaks the duty."""
    e = log[line - 1]
    assert e["event"] == "play"
    p = e["player"]
    return log[:line - 1] + [{"event": "play", "player": p, "card": card},
                             {"event": "retract", "player": p, "card": card}] + log[line - 1:]


def moved(rec, after: int, by: int = 2) -> list[tuple[int, str, str]]:
    """The findings of ``rec`` with the lines after ``after`` moved by ``by``."""
    return [(n + by if n > after else n, c, s) for n, c, s in codes(rec)]


def the_warning(rec, line: int):
    [f] = [f for f in rec.findings if f.code == "revoke" and f.line == line]
    assert f.severity == "warning"
    assert f.evidence["repaired_at"] == line + 1 and f.evidence["established_at"] is None
    return f


# (game, line of a follower's card in the example, a card that player holds which breaks the
# duty there, the card of that line, which proves it without the hands):
CASES = [
    # Thirty-Three, hand 3 (Misère, no trumps; Cili declares): Anna leads 8♥ (line 65), Bela
    # plays A♥ (66).  Bela also holds K♣: K♣ instead would not follow hearts (§6).
    ("thirty-three", 66, "KC", "AH"),
    # Asszorti (clubs trumps): Anna leads A♠ (line 12), Berta trumps 8♣ (13), Csaba plays 9♠
    # (14).  Csaba also holds K♦: not a spade, while he holds spades (A3).
    ("asszorti", 14, "KD", "9S"),
    # Eighty-Three (hearts trumps): Ann leads A♥ (line 12), Bob plays 2♥ (13).  Bob also holds
    # K♦: a trump lead is followed with a trump (E3).
    ("eighty-three", 13, "KD", "2H"),
]


@pytest.mark.parametrize("game, line, card, proof", CASES)
def test_a_revoke_taken_back_is_repaired_with_and_without_the_hands(game, line, card, proof):
    ex = example(game)
    assert ex[line - 1]["card"] == proof
    log = put_in_revoke(ex, line, card)
    for record in (log, hidden(log)):
        base = run_log(ex if record is log else hidden(ex))
        rec = run_log(record)
        # the warning at the card put in (line), repaired at the retract (line + 1), and
        # everything else as in the example, two lines later; the same results
        assert codes(rec) == sorted(moved(base, line - 1) + [(line, "revoke", "warning")])
        assert "illegal-retract" not in {c for _, c, _ in codes(rec)}
        assert results(rec) == results(base)
        f = the_warning(rec, line)
        assert f.player == ex[line - 1]["player"] and f.evidence["card"] == card
        if record is log:
            assert f.rule == "G4" and "proved_by" not in f.evidence
        else:
            # the card played in its place (line + 2) proves it (G14a)
            assert f.rule == "G14a"
            assert f.evidence["proved_by"] == {"card": proof, "line": line + 2, "how": "played"}
            assert f.evidence["held"] == [proof]
            assert "Repaired by retract at line" in f.message


def test_the_examples_as_they_stand():
    # What the cases above build on (the example tests derive these by hand): Thirty-Three's
    # hand 3 (Misère 18 by Cili) scores Anna +3, Bela +7, Cili +17, and its hand 2 ends in
    # Cili's revoke at line 58 (with the hands; without them nothing later proves it and the
    # hand stops incomplete at 59); Eighty-Three's ends in Dan's revoke at line 27 (E6: Ann &
    # Cat +83), proven by his 2♣ at line 30 without the hands.
    rec = run_log(example("thirty-three"))
    assert (58, "revoke", "error") in codes(rec)
    assert rec.hands[2].deltas == {"Anna": 3, "Bela": 7, "Cili": 17}
    assert codes(run_log(hidden(example("thirty-three")))) == [(59, "incomplete-hand",
                                                                "warning")]
    for record in (example("eighty-three"), hidden(example("eighty-three"))):
        rec = run_log(record)
        assert codes(rec) == [(27, "revoke", "error")]
        assert rec.hands[0].deltas == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}


@pytest.mark.parametrize("name", ["66-retract-full.jsonl", "66-retract-nohands.jsonl"])
def test_sixty_six_repro(name):
    # `referee check 66-retract-nohands.jsonl` gave illegal-retract (error) at line 6; the full
    # record has a revoke repaired there.  After A's close (line 3) the duty binds (S1): A leads
    # A♥ (4), B plays 9♠ (5) while holding Q♥ (and K♥), retracts it (6) and plays Q♥ (7),
    # which shows he held a heart: a revoke warning at line 5 repaired at line 6, both records.
    # The hand then: T1 A♥ Q♥ (A: 11 + 3), T2 10♥ K♥ (10 + 4), T3 A♠ K♠ (11 + 4), T4 10♠ 9♠
    # (10 + 0), T5 A♣ Q♣ (11 + 3): A has 14 + 14 + 15 + 10 + 14 = 67 ≥ 66 and declares out
    # (line 16); B took no trick, so A scores 3 (S5, S6).
    rec = run_log(read(REPROS / name))
    assert codes(rec) == [(5, "revoke", "warning")]
    f = the_warning(rec, 5)
    assert f.player == "B" and f.evidence["card"] == "9S"
    [h] = rec.hands
    assert (h.status, h.declarer, h.deltas) == ("scored", "A", {"A": 3, "B": 0})
    if "nohands" in name:
        assert f.evidence["proved_by"] == {"card": "QH", "line": 7, "how": "played"}


def test_nothing_proves_it_the_retract_stands_with_no_finding():
    # Hearts 18 by A (contract value 11 × 2 = 22), hands and boat left out.  T1: A leads A♥
    # (line 7), B plays A♠ (8), retracts it (9), plays K♠ (10); C plays 7♥ (11).  Nothing seen
    # from B shows a heart (or a bower or the Bug): no finding for the retract (G14a), and the
    # log stops in mid-hand (G5): incomplete-hand at line 11, the hand unscored.
    log = thirty_three("hearts", ("A", "AH"), ("B", "AS"))
    log += [{"event": "retract", "player": "B", "card": "AS"}] + plays(("B", "KS"), ("C", "7H"))
    rec = run_log(log)
    assert codes(rec) == [(11, "incomplete-hand", "warning")]
    assert rec.hands[0].status == "unscored"


def test_a_later_card_proves_the_retracted_one_and_the_one_in_its_place():
    # As above, then T2: A wins T1 (A♥ the highest trump there) and leads K♥ (12); B plays 8♥
    # (13): B held a heart since the deal (nothing is drawn in the play).  So A♠ (8) was a
    # revoke, taken back at 9: a warning (G14a); K♠ (10), played in its place and not taken
    # back, was one too: the revoke that decides the hand, proven at 13 (G14).  T8: B loses
    # the contract value, 22; nobody else scores.
    log = thirty_three("hearts", ("A", "AH"), ("B", "AS"))
    log += [{"event": "retract", "player": "B", "card": "AS"}]
    log += plays(("B", "KS"), ("C", "7H"), ("A", "KH"), ("B", "8H"))
    rec = run_log(log)
    assert codes(rec) == [(8, "revoke", "warning"), (10, "revoke", "error")]
    f = the_warning(rec, 8)
    assert f.evidence["proved_by"] == {"card": "8H", "line": 13, "how": "played"}
    g = rec.findings[1]
    assert g.evidence["proved_by"] == {"card": "8H", "line": 13, "how": "played"}
    assert (rec.hands[0].status, rec.hands[0].deltas) == ("penalty", {"A": 0, "B": -22, "C": 0})


def test_r28_a_retracted_lead_was_no_revoke_whatever_the_hand():
    # A lead binds no duty: taking it back is illegal-retract (G4a, applied) with or without
    # the hands, for no holding could make it a revoke.  A leads A♥ (7), retracts it (8).
    log = thirty_three("hearts", ("A", "AH"))
    log += [{"event": "retract", "player": "A", "card": "AH"}]
    rec = run_log(log)
    assert codes(rec) == [(8, "illegal-retract", "error"), (8, "incomplete-hand", "warning")]


# --- the only holding left is known (RULINGS G14b) ---------------------------------------------

def hide_only(log: list[dict], *players: str) -> list[dict]:
    """``log`` with the hands of ``players`` left out of every deal (the rest, pile included,
    given)."""
    out = []
    for e in log:
        if e.get("event") == "deal":
            e = {**e, "hands": {p: cs for p, cs in e["hands"].items() if p not in players}}
        out.append(e)
    return out


def test_r28_33_the_one_hand_left_out_is_the_rest_of_the_deck():
    # The disputed example's hand 2 with Cili's hand alone left out: Anna's and Bela's hands
    # and the boat are given (10 + 10 + 3 of the 33 cards), so Cili's ten are the other ten,
    # known from the deal on (G14b).  Her 8♠ to Bela's A♥ (line 58) while holding 8♥ is then
    # a revoke at once, established by Anna's next card (line 59), as with every hand given;
    # without the ruling nothing later proves it and the hand stops incomplete (G5).  T8:
    # Nines 18 = 13 × 2 = 26: Cili -26, nobody else scores.
    ex = example("thirty-three")
    rec = run_log(hide_only(ex, "Cili"))
    full = run_log(ex)
    assert codes(rec) == codes(full) == [(58, "revoke", "error")]
    f = rec.findings[0]
    assert f.evidence["established_at"] == 59 and "proved_by" not in f.evidence
    assert results(rec) == results(full)
    assert rec.hands[1].deltas == {"Anna": 0, "Bela": 0, "Cili": -26}


def test_r28_66_the_hand_left_out_is_known_so_legal_lists_as_with_it(tmp_path):
    # The Sixty-Six repro with A's hand and the stock given and B's left out: B holds the
    # other six of the 24 cards (6 + 11 + the turned-up J♦ given): K♥ Q♥ 9♠ K♠ K♣ Q♣.  After
    # the close, B must follow A's A♥ (S1): legal lists K♥ and Q♥ alone, as with B's hand, and
    # the 9♠ is a revoke at once (G4), repaired by the retract at line 6.
    full = read(REPROS / "66-retract-full.jsonl")
    log = [full[0], {**full[1], "hands": {"A": full[1]["hands"]["A"]}}] + full[2:]
    rec = run_log(log)
    assert codes(rec) == [(5, "revoke", "warning")]
    f = rec.findings[0]
    assert f.rule == "G4" and f.evidence["held"] == ["KH", "QH"]
    path = tmp_path / "b-left-out.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log))
    r = CliRunner().invoke(main, ["legal", str(path), "--line", "5", "--format", "json"],
                           catch_exceptions=False)
    obj = json.loads(r.output)
    assert sorted(a["card"] for a in obj["legal"]) == ["KH", "QH"]
    assert obj["event_legal"] is False and "unrecorded" not in obj


def test_r28_33_a_holding_seen_to_the_last_card_leaves_the_other_known():
    # The disputed example's hand 3 (Misère by Cili, its lines 60-94) alone, as lines 2-36, with
    # Bela's and Cili's hands left out (Anna's and the boat given).  Trick 10: Anna A♣ (line
    # 34), Bela J♠ (35): Bela's tenth card, every one of his seen.  Every other holding and the
    # pile are then given or seen to the last card, so Cili's one card left is known at line 35
    # (G14b): the rest of the deck, 7♣, the only card of the 33 the record places nowhere
    # before her last card (line 36).
    ex = example("thirty-three")
    log = [ex[0]] + hide_only(ex[59:], "Bela", "Cili")
    assert log[1]["event"] == "deal" and len(log) == 36
    data = "".join(json.dumps(e) + "\n" for e in log).encode()
    engine, at, _ = replay_until(io.BytesIO(data), "x.jsonl", 36)
    h = engine.hand
    assert at.card == "7C" and {str(c) for c in h.hands["Cili"]} == {"7C"}
    last = h.seen["Cili"][-1]
    assert (str(last.card), last.line, last.how) == ("7C", 35, "left")
    assert unrecorded(engine) == []
    rec = run_log(log)  # and the hand is scored as with the hands: +3, +7, +17
    assert codes(rec) == [] and rec.hands[0].deltas == {"Anna": 3, "Bela": 7, "Cili": 17}


def test_r28_a_pile_left_out_is_never_the_holding_left():
    # The Sixty-Six repro with both hands given and the stock left out: the stock's eleven
    # cards are the rest of the deck as a set, but not in the order the draws take them (R28):
    # the stock stays unknown.  The play (after the close: no draw) is refereed as with it.
    from referee.cards import is_blank
    full = read(REPROS / "66-retract-full.jsonl")
    log = [full[0], {k: v for k, v in full[1].items() if k != "stock"}] + full[2:]
    data = "".join(json.dumps(e) + "\n" for e in log).encode()
    engine, _, _ = replay_until(io.BytesIO(data), "x.jsonl", 3)
    assert len(engine.hand.pile) == 11 and all(map(is_blank, engine.hand.pile))
    rec = run_log(log)
    assert codes(rec) == [(5, "revoke", "warning")] and rec.hands[0].deltas == {"A": 3, "B": 0}


def test_a_revoke_already_established_is_not_repaired_by_a_later_retract():
    # Thirty-Three, A's and C's hands given, B's not; A declares 18 hearts (CV 11 × 2 = 22).
    # Trick 1: A leads A♠ (line 7), B plays 7♣ (8: B's hand unknown, a possible failure), C
    # plays 7♦ holding Q♠ (9: a revoke on the record's face), A's 10♠ (10) establishes it (G4),
    # and C's retract of 7♦ (11) comes too late: with the hands it is passed over.  Without
    # B's hand the established revoke waits for B's failure at line 8 (R26); nothing proves
    # that one, so C's revoke decides the hand when the record stops: T8, C -22, nobody else
    # scores; the retract does not repair it.
    log = b_not_given(("A", "AS"), ("B", "7C"), ("C", "7D"), ("A", "10S"))
    log += [{"event": "retract", "player": "C", "card": "7D"}]
    rec = run_log(log)
    assert codes(rec) == [(9, "revoke", "error")]
    assert rec.findings[0].evidence["established_at"] == 10
    assert (rec.hands[0].status, rec.hands[0].deltas) == ("penalty", {"A": 0, "B": 0, "C": -22})


def test_r28_history_says_the_hand_left_out_is_the_rest_of_the_deck(tmp_path):
    # G14b in the history: Cili's hand, left out of the record, is shown as the rest of the
    # deck with a mark saying so, never as if the record had dealt it.  The disputed example's
    # hand 2 gives Anna's and Bela's ten and the boat's three: Cili's are the other ten, the
    # same ten cards the full record deals her.
    ex = example("thirty-three")
    path = tmp_path / "cili-left-out.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in hide_only(ex, "Cili")))
    out = CliRunner().invoke(main, ["history", "--ascii", "--hand", "2", str(path)]).output
    lines = out.splitlines()
    at = next(i for i, s in enumerate(lines) if s.split()[:1] == ["Cili"])
    assert lines[at + 1].strip() == "(not recorded: the rest of the deck, G14b)"
    assert len(lines[at].split()) == 1 + 10  # her name and ten cards
    full = CliRunner().invoke(main, ["history", "--ascii", "--hand", "2",
                                     str(ROOT / "examples" / "thirty-three" / "disputed.jsonl")])
    cili = [s for s in full.output.splitlines() if s.split()[:1] == ["Cili"]][0]
    assert lines[at] == cili  # the same ten cards as the full record deals her
    assert out.count("G14b") == 1


def test_r28_the_api_and_the_page_name_the_hand_known_as_the_rest_of_the_deck(tmp_path):
    # The same record (Cili's hand alone left out of hand 2): the API's Hand says whose hand
    # is the rest of the deck (inferred) and deals it, and the page says so in the hand's facts.
    import referee
    ex = example("thirty-three")
    path = tmp_path / "cili-left-out.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in hide_only(ex, "Cili")))
    [m] = referee.read_log(str(path))
    [full] = referee.read_log(str(ROOT / "examples" / "thirty-three" / "disputed.jsonl"))
    hand = m.hands[1]
    assert hand.inferred == "Cili" and hand.unknown == ()
    assert sorted(hand.dealt["Cili"]) == sorted(full.hands[1].dealt["Cili"])  # (deck order)
    assert full.hands[1].inferred is None
    page = CliRunner().invoke(main, ["history", "--format", "html", "--hand", "2",
                                     str(path)]).output
    assert "Cili&#x27;s hand not recorded: the rest of the deck (G14b)" in page \
        or "Cili's hand not recorded: the rest of the deck (G14b)" in page
