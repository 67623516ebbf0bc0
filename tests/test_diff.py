"""``referee diff`` and :func:`referee.diff.diff_logs` (issue 16): hand-made pairs of records for
every kind of difference in all four games, each expected consequence worked out by hand from
the rules (the arithmetic in the comments), and the command's output and exit status."""
from __future__ import annotations

import json
import tracemalloc

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import events as ev
from referee.cards import SUIT_SYMBOLS, CardError, parse_card_any
from referee.cli import main
from referee.diff import (DealDiff, EventDiff, FindingOnly, HandOnly, MatchOnly, MatchResultDiff,
                          Move, NotALog, ResultDiff, TotalsDiff, TrickDiff, diff_logs, normalise)
from referee.games import ENGINES

from .conftest import ROOT

EX = ROOT / "examples"
T33 = EX / "thirty-three" / "disputed.jsonl"
S66 = EX / "sixty-six" / "disputed.jsonl"
E83 = EX / "eighty-three" / "disputed.jsonl"
ASZ = EX / "asszorti" / "worked-hand.jsonl"


def lines(path) -> list[str]:
    return path.read_text().splitlines()


def log(ls: list[str]) -> bytes:
    return ("\n".join(ls) + "\n").encode()


def changed(path, line: int, old: str, new: str) -> bytes:
    """The log at ``path`` with ``old`` replaced by ``new`` on ``line`` (1-based)."""
    ls = lines(path)
    assert old in ls[line - 1]
    ls[line - 1] = ls[line - 1].replace(old, new)
    return log(ls)


def diffs(a, b, **kw):
    return list(diff_logs(a, b, **kw))


def of(ds, kind):
    return [d for d in ds if isinstance(d, kind)]


def invoke(*args, input=None):
    return CliRunner().invoke(main, ["diff", *map(str, args)], input=input,
                              catch_exceptions=False)


# --- the records agree ------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(EX.glob("*/*.jsonl")), ids=lambda p: p.name)
def test_a_log_agrees_with_itself(path):
    assert diffs(path, path) == []
    assert diffs(path, path, strict=True) == []


def test_spelling_that_the_game_reads_the_same_does_not_count_but_strict_counts_it():
    # Thirty-Three: 6D is the Bug (FORMAT.md "Cards"), T is 10, suit symbols and case are
    # ignored on input, the cards of a hand are a set, ts/note and key order carry no rule.
    ls = lines(T33)
    a = log(ls)
    deal = json.loads(ls[1])
    deal["hands"]["Anna"] = [c.replace("JK", "6D").replace("10", "T").lower()
                             for c in reversed(deal["hands"]["Anna"])]
    deal["note"] = "shuffled twice"
    ls[1] = json.dumps(dict(reversed(list(deal.items()))))
    ls[30] = ls[30].replace('"JK"', '"bug"')  # line 31: Anna leads the Bug
    ls[21] = ls[21].replace('"QH"', '"Q♥"')  # line 22
    ls[2] = ls[2].replace('"hearts"', '"hearts", "ts": "19:12"')
    b = log(ls)
    assert diffs(a, b) == []
    found = of(diffs(a, b, strict=True), EventDiff)
    # each run of events changed in place is shown by its first, the rest of it counted: hand 1
    # differs at lines 2 and 3 (the deal and the next event: one run), 22 and 31
    assert [(d.hand, d.a.line, d.b.line, d.later) for d in found] == \
        [(1, 2, 2, 1), (1, 22, 22, 0), (1, 31, 31, 0)]


def test_blank_lines_shift_lines_but_not_findings():
    # B has a blank line after the match: every line after it is one further down, the revoke
    # of hand 2 is at line 59 instead of 58; it is the same finding (not compared by line).
    ls = lines(T33)
    assert diffs(log(ls), log(ls[:1] + [""] + ls[1:])) == []


def test_card_order_in_a_stock_is_read():
    # Sixty-Six's stock is drawn top first: its order changes the game.
    ls = lines(S66)
    deal = json.loads(ls[1])
    deal["stock"][0], deal["stock"][1] = deal["stock"][1], deal["stock"][0]
    ls[1] = json.dumps(deal)
    [first] = of(diffs(S66, log(ls)), EventDiff)
    assert (first.hand, first.a.line) == (1, 2)


# --- the "Done when" example: one changed card -------------------------------------------------

def test_one_changed_card_reports_its_line_the_trick_and_the_score(tmp_path):
    # Line 22, trick 6 of hand 1: Anna leads Q♥ in A, K♥ in B.  Anna led her K♥ in trick 5
    # (line 19), so B's card is not held: B's hand 1 is unscored (G3), nobody scores in it.
    # A: Anna +33 (20 Hearts, CV 11 × 3 = 33, made; docs/api.md).  Totals after hand 1:
    # A 33/0/0, B 0/0/0.  Hands 2 and 3 are the same in both (Cili −26; +3/+7/+17), so the
    # final totals are A 33+0+3 = 36, 7, −9 and B 0+0+3 = 3, 7, −9.
    b = tmp_path / "copy.jsonl"
    b.write_bytes(changed(T33, 22, '"QH"', '"KH"'))
    ds = diffs(T33, b)
    [e] = of(ds, EventDiff)
    assert (e.match, e.hand, e.a.line, e.b.line, e.later) == ("club-night-2026-11-21", 1, 22, 22, 0)
    assert e.a.event == {"event": "play", "player": "Anna", "card": "QH"}
    assert e.b.event == {"event": "play", "player": "Anna", "card": "KH"}
    tricks = of(ds, TrickDiff)
    assert tricks[0].trick == 6 and tricks[0].a.cards == ("QH", "JC", "QD")
    assert tricks[0].a.winner == "Anna" and tricks[0].b is None
    assert [t.trick for t in tricks] == [6, 7, 8, 9, 10]  # B's hand stops before trick 6
    [r] = of(ds, ResultDiff)
    assert (r.a.status, r.a.deltas) == ("scored", {"Anna": 33, "Bela": 0, "Cili": 0})
    assert (r.b.status, r.b.deltas) == ("unscored", {"Anna": 0, "Bela": 0, "Cili": 0})
    [t] = of(ds, TotalsDiff)
    assert (t.hand, t.parted, t.a, t.b) == (1, True, {"Anna": 33, "Bela": 0, "Cili": 0},
                                            {"Anna": 0, "Bela": 0, "Cili": 0})
    [f] = of(ds, FindingOnly)
    assert (f.side, f.finding.code, f.finding.line, f.finding.trick) == \
        ("b", "card-not-held", 22, 6)
    [m] = of(ds, MatchResultDiff)
    assert m.a["totals"] == {"Anna": 36, "Bela": 7, "Cili": -9}
    assert m.b["totals"] == {"Anna": 3, "Bela": 7, "Cili": -9}

    r = invoke(T33, b, "--ascii")
    assert r.exit_code == 1
    out = r.output.splitlines()
    assert out[:5] == [
        f"--- {T33}", f"+++ {b}", "@@ match club-night-2026-11-21, hand 1 @@",
        '-line 22: {"event":"play","player":"Anna","card":"QH"}',
        '+line 22: {"event":"play","player":"Anna","card":"KH"}']
    assert "-trick 6: Anna QH, Bela JC, Cili QD -> Anna (line 22)" in out
    assert "-result: scored, Anna 20 hearts; Anna +33, Bela 0, Cili 0" in out
    assert "+result: unscored, Anna 20 hearts; Anna 0, Bela 0, Cili 0" in out
    assert "-totals after hand 1: Anna 33, Bela 0, Cili 0" in out
    assert "+totals after hand 1: Anna 0, Bela 0, Cili 0" in out
    assert "-match result: Anna 36, Bela 7, Cili -9; not finished; won by nobody" in out
    assert "+match result: Anna 3, Bela 7, Cili -9; not finished; won by nobody" in out


# --- the other three games: a card not held ----------------------------------------------------

def test_sixty_six_card_not_held():
    # Line 12, hand 2, trick 1: Bob (marriage in hearts) leads K♥, Ann plays 10♣ in A but Q♣
    # in B, which lies in the stock: not held, hand 2 unscored (G3).  A: Bob's trump marriage,
    # 27 + 40 = 67 against Ann's 33: Bob +1 (test_sixty_six_examples).  Hand 1 is Ann +2 in
    # both (Bob's revoke, S9).  Totals A 2 : 1, B 2 : 0; B's `score` line (Ann 2, Bob 1) is
    # then one too many for Bob: a score-mismatch only B has.
    ds = diffs(S66, changed(S66, 12, '"10C"', '"QC"'))
    [e] = of(ds, EventDiff)
    assert (e.hand, e.a.line, e.later) == (2, 12, 0)
    t1 = of(ds, TrickDiff)[0]
    # hearts are trumps (the turned-up J♥): Bob's K♥ takes Ann's 10♣
    assert (t1.trick, t1.a.cards, t1.a.winner) == (1, ("KH", "10C"), "Bob")
    assert (t1.b.cards, t1.b.winner) == (("KH",), None)
    [r] = of(ds, ResultDiff)
    assert (r.a.deltas, r.b.deltas, r.b.status) == ({"Ann": 0, "Bob": 1}, {"Ann": 0, "Bob": 0},
                                                   "unscored")
    [t] = of(ds, TotalsDiff)
    assert (t.hand, t.a, t.b) == (2, {"Ann": 2, "Bob": 1}, {"Ann": 2, "Bob": 0})
    assert sorted((f.side, f.finding.code) for f in of(ds, FindingOnly)) == \
        [("b", "card-not-held"), ("b", "score-mismatch")]


def test_eighty_three_card_not_held():
    # Line 12, trick 1: Ann leads A♥ in A, 3♠ in B, a kitty card she discarded at line 8: not
    # held, the hand is unscored (G3).  A: Dan's revoke in trick 4, E6 with the defenders at
    # fault: Ann & Cat +83, Bob & Dan 0.  B: all 0.  The revoke (line 27: plays from line 12,
    # four a trick, Dan's A♦ is the 4th card of trick 4: 12 + 3·4 + 3 = 27) is only in A (B's
    # hand stops at line 12), the card-not-held only in B.
    ds = diffs(E83, changed(E83, 12, '"AH"', '"3S"'))
    [e] = of(ds, EventDiff)
    assert (e.hand, e.a.line, e.b.event["card"]) == (1, 12, "3S")
    t1 = of(ds, TrickDiff)[0]
    assert (t1.trick, t1.a.cards, t1.a.winner, t1.b) == (1, ("AH", "2H", "3H", "4H"), "Ann", None)
    [r] = of(ds, ResultDiff)
    assert r.a.deltas == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}
    assert r.b.deltas == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
    [m] = of(ds, MatchResultDiff)
    assert m.a["totals"] == {"Ann": 83, "Bob": 0, "Cat": 83, "Dan": 0}
    assert m.b["totals"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
    assert sorted((f.side, f.finding.code, f.finding.line) for f in of(ds, FindingOnly)) == \
        [("a", "revoke", 27), ("b", "card-not-held", 12)]


def test_asszorti_card_not_held():
    # Line 14, trick 1: Anna leads A♠; Berta follows 7♠ in A, A♥ in B: a talon card she never
    # took (contract 1: she took the top card A♦ only), not held, the hand is unscored (G3).
    # A: 1 with diamonds 6 + one overtrick 3 = 9 from each: sheet 0 / 18 / 0.  B: 0 / 0 / 0.
    ds = diffs(ASZ, changed(ASZ, 14, '"7S"', '"AH"'))
    [e] = of(ds, EventDiff)
    assert (e.hand, e.a.line, e.later) == (1, 14, 0)
    t1 = of(ds, TrickDiff)[0]
    # diamonds are trumps; A♠ is the highest spade
    assert (t1.a.cards, t1.a.winner, t1.b.cards, t1.b.winner) == \
        (("AS", "7S", "QS"), "Anna", ("AS",), None)
    [r] = of(ds, ResultDiff)
    assert (r.a.deltas, r.b.deltas) == ({"Anna": 0, "Berta": 18, "Csaba": 0},
                                        {"Anna": 0, "Berta": 0, "Csaba": 0})
    assert [(f.side, f.finding.code) for f in of(ds, FindingOnly)] == [("b", "card-not-held")]


# --- deals, hands and matches in one record only --------------------------------------------

def test_a_different_deal_says_which_cards_moved():
    # B swaps Anna's A♠ and Bela's Q♠ in the deal of hand 1 (line 2).
    ls = lines(T33)
    deal = json.loads(ls[1])
    h = deal["hands"]
    h["Anna"][h["Anna"].index("AS")] = "QS"
    h["Bela"][h["Bela"].index("QS")] = "AS"
    ls[1] = json.dumps(deal)
    ds = diffs(T33, log(ls))
    [d] = of(ds, DealDiff)
    # spades in the deck's order: A♠ before Q♠
    assert d.moves == (Move("AS", "Anna", "Bela"), Move("QS", "Bela", "Anna"))
    e = of(ds, EventDiff)[0]
    assert (e.hand, e.a.line, e.later) == (1, 2, 0)
    r = invoke(T33, "-", input=log(ls), )
    assert "deal (lines 2 / 2): A♠ Anna → Bela, Q♠ Bela → Anna" in r.output


def test_a_hand_in_one_record_only():
    # B stops before hand 3 (line 60).  Totals after hand 2 agree (33/0/−26); after hand 3 A
    # has 33+3 = 36, 0+7 = 7, −26+17 = −9 and B still 33/0/−26: they part at hand 3.
    ls = lines(T33)
    ds = diffs(log(ls), log(ls[:59]))
    assert ds[0] == HandOnly("a", "club-night-2026-11-21", 3, 60)
    [t] = of(ds, TotalsDiff)
    assert (t.hand, t.a, t.b) == (3, {"Anna": 36, "Bela": 7, "Cili": -9},
                                  {"Anna": 33, "Bela": 0, "Cili": -26})
    assert len(of(ds, MatchResultDiff)) == 1


def test_a_match_in_one_record_only_and_ids_in_another_order():
    t33, s66 = lines(T33), lines(S66)
    ds = diffs(log(t33), log(t33 + s66))
    assert ds == [MatchOnly("b", "disputed", 95, "sixty-six", ("Ann", "Bob"))]
    # paired by id, not by position: the same two matches in the other order agree
    assert diffs(log(t33 + s66), log(s66 + t33)) == []


def test_matches_without_id_pair_by_position():
    ls = lines(S66)
    ls[0] = ls[0].replace(', "id": "disputed"', "")
    other = list(ls)
    other[11] = other[11].replace('"10C"', '"QC"')
    ds = diffs(log(ls + ls), log(ls + other))
    assert not of(ds, MatchOnly)
    # the first match (number 1) agrees; the second differs at its line 12 + 20 = 32
    assert [(e.match, e.a.line) for e in of(ds, EventDiff)] == [(2, 32)]


def test_a_recorded_score_is_compared_as_an_event_and_its_finding_reported():
    # After hand 1 (ends at line 36) the sheet says Anna 33 in A, 30 in B; the referee has 33.
    ls = lines(T33)
    a = ls[:36] + ['{"event": "score", "totals": {"Anna": 33, "Bela": 0, "Cili": 0}}'] + ls[36:]
    b = ls[:36] + ['{"event": "score", "totals": {"Anna": 30, "Bela": 0, "Cili": 0}}'] + ls[36:]
    ds = diffs(log(a), log(b))
    assert [(type(d).__name__, getattr(d, "hand", None)) for d in ds] == \
        [("EventDiff", 1), ("FindingOnly", None)]
    f = ds[1].finding
    assert (ds[1].side, f.code, f.line) == ("b", "score-mismatch", 37)


# --- files that cannot be read ---------------------------------------------------------------

def test_not_a_log_and_unreadable_files_exit_2(tmp_path):
    prose = tmp_path / "notes.txt"
    prose.write_text("hello\nworld\n")
    assert diffs(T33, prose) == [NotALog("b", str(prose))]
    r = invoke(T33, prose)
    assert r.exit_code == 2 and "not a log" in r.stderr and r.stdout == ""
    r = invoke(prose, T33, "--format", "json")
    assert r.exit_code == 2
    assert json.loads(r.stdout) == {"kind": "not-a-log", "side": "a", "file": str(prose)}
    assert invoke(T33, tmp_path / "missing.jsonl").exit_code == 2
    assert invoke(tmp_path, T33).exit_code == 2
    assert invoke(T33, T33).exit_code == 0
    assert invoke("-", "-").exit_code == 2


def test_json_lines_one_object_per_difference():
    b = changed(T33, 22, '"QH"', '"KH"')
    r = invoke(T33, "-", "--format", "json", input=b)
    assert r.exit_code == 1
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["kind"] for o in objs] == ["event"] + ["trick"] * 5 + \
        ["result", "totals", "finding", "match-result"]
    assert objs[0] == {"kind": "event", "match": "club-night-2026-11-21", "hand": 1, "index": 21,
                       "a": {"line": 22, "event": {"event": "play", "player": "Anna",
                                                   "card": "QH"}},
                       "b": {"line": 22, "event": {"event": "play", "player": "Anna",
                                                   "card": "KH"}},
                       "later": 0}
    assert objs[8]["side"] == "b" and objs[8]["finding"]["code"] == "card-not-held"


def test_text_escapes_log_strings_and_colours_only_when_asked(monkeypatch):
    ls = lines(T33)
    ls[2] = ls[2].replace('"hearts"', '"hearts\\u001b[2J"')
    r = invoke(T33, "-", input=log(ls))
    assert "\x1b" not in r.output and "\\x1b[2J" in r.output
    # colour only when the style asks for it (a terminal without NO_COLOR: cli._style)
    import io
    from referee.render import Style
    from referee.render.diff import DiffPrinter
    out = io.StringIO()
    printer = DiffPrinter(out, "a", "b", style=Style(colour=True))
    for d in diff_logs(T33, log(ls)):
        printer.write(d)
    assert out.getvalue().splitlines()[0] == "\x1b[31m--- a\x1b[0m"
    assert "\x1b[2J" not in out.getvalue()


def test_cards_are_compared_through_the_games_deck():
    # the normal form of a card event is the card of the game's deck, whatever its spelling
    assert normalise(ev.Play(player="A", card="T♥"), "sixty-six") == \
        normalise(ev.Play(player="A", card="10h", note="x"), "sixty-six")
    assert normalise(ev.Play(player="A", card="6D"), "thirty-three") == \
        normalise(ev.Play(player="A", card="JK"), "thirty-three")
    # in Eighty-Three 6♦ is a card of its own, not the joker
    assert normalise(ev.Play(player="A", card="6D"), "eighty-three") != \
        normalise(ev.Play(player="A", card="JK"), "eighty-three")


def test_memory_does_not_grow_with_the_number_of_matches():
    one = lines(T33)

    def many(n):
        out = []
        for i in range(n):
            out += [one[0].replace("club-night-2026-11-21", f"m{i}")] + one[1:]
        return log(out)

    peaks = []
    for n in (4, 32):
        data = many(n)
        tracemalloc.start()
        assert diffs(data, data) == []
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    # 8 times the matches, well under twice the peak (the file's bytes excepted, held by the
    # test itself: both sides read from the same bytes)
    assert peaks[1] - len(many(32)) < 2 * peaks[0]


# --- properties (hypothesis) -------------------------------------------------------------------

EXAMPLES = sorted(EX.glob("*/*.jsonl"))
_OUTLINE = {"C": "♧", "D": "♢", "H": "♡", "S": "♤"}
_SET_FIELDS = ("cards", "boat", "kitty")


def respell(draw, text, game):
    """Another spelling of a card the game reads the same (FORMAT.md "Cards")."""
    try:
        c = parse_card_any(text)
    except CardError:
        return text
    if c.is_joker:
        words = ["JK", "jk", "Joker", "BUG", "bug"] + (["6D", "6♦", "6d"]
                                                       if game == "thirty-three" else [])
        return draw(st.sampled_from(words))
    rank = draw(st.sampled_from(["T", "t", "10"])) if c.rank == "10" else c.rank
    suit = draw(st.sampled_from([c.suit, c.suit.lower(), SUIT_SYMBOLS[c.suit],
                                 _OUTLINE[c.suit]]))
    out = rank + suit
    return out.lower() if draw(st.booleans()) else out


def respelled(draw, path):
    ls = lines(path)
    game = json.loads(ls[0])["game"]
    out = []
    for text in ls:
        e = json.loads(text)
        for k in ("card", "trump_card"):
            if k in e:
                e[k] = respell(draw, e[k], game)
        for k in _SET_FIELDS + ("talon", "stock"):
            if isinstance(e.get(k), list):
                e[k] = [respell(draw, c, game) for c in e[k]]
                if k in _SET_FIELDS:
                    e[k] = draw(st.permutations(e[k]))
        if e["event"] == "deal" and "hands" in e:  # a record of the play alone has none
            e["hands"] = {p: draw(st.permutations([respell(draw, c, game) for c in cs]))
                          for p, cs in e["hands"].items()}
        if draw(st.booleans()):
            e["note"] = draw(st.text(max_size=5))
        if draw(st.booleans()):
            e["ts"] = "2026-12-01T12:00:00Z"
        items = draw(st.permutations(list(e.items())))
        out.append(json.dumps(dict(items), ensure_ascii=draw(st.booleans())))
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_log_respelled_agrees_with_itself(data):
    path = data.draw(st.sampled_from(EXAMPLES))
    b = respelled(data.draw, path)
    assert diffs(path, log(b)) == []
    # --strict compares the JSON as written: it differs exactly where a line was rewritten
    pairs = lambda t: json.loads(t, object_pairs_hook=lambda p: p)  # noqa: E731
    changed_lines = [i + 1 for i, (x, y) in enumerate(zip(lines(path), b)) if pairs(x) != pairs(y)]
    found = of(diffs(path, log(b), strict=True), EventDiff)
    assert bool(found) == bool(changed_lines)
    if found:
        assert found[0].a.line == changed_lines[0]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_changing_one_event_is_found_at_that_event(data):
    path = data.draw(st.sampled_from(EXAMPLES))
    ls = lines(path)
    first = json.loads(ls[0])
    deck = ENGINES[first["game"]].DECK
    players = first["players"]
    i = data.draw(st.sampled_from([k for k, t in enumerate(ls) if k and any(
        f in json.loads(t) for f in ("card", "player", "dealer"))]))
    e = json.loads(ls[i])
    if "card" in e:
        old = deck.parse(e["card"])
        e["card"] = str(data.draw(st.sampled_from([c for c in deck.cards if c != old])))
    else:
        k = "player" if "player" in e else "dealer"
        e[k] = data.draw(st.sampled_from([p for p in players if p != e[k]]))
    ls[i] = json.dumps(e)
    found = of(diffs(path, log(ls)), EventDiff)
    assert [(d.a.line, d.b.line, d.later) for d in found] == [(i + 1, i + 1, 0)]
    assert found[0].b.event == e


def test_totals_part_and_agree_again():
    # Sixty-Six match.jsonl, hands 2 and 3 swapped in B (their deals start at lines 27 and 39).
    # Deltas (test_sixty_six_examples): hand 2 Ann +3, hand 3 Bob +3.  After hand 2: A 3 : 0,
    # B 0 : 3 (parted); after hand 3 both 3 : 3 (agree again).
    path = EX / "sixty-six" / "match.jsonl"
    ls = lines(path)
    b = ls[:26] + ls[38:51] + ls[26:38] + ls[51:]
    ds = diffs(path, log(b))
    assert [(t.hand, t.parted, t.a, t.b) for t in of(ds, TotalsDiff)] == [
        (2, True, {"Ann": 3, "Bob": 0}, {"Ann": 0, "Bob": 3}),
        (3, False, {"Ann": 3, "Bob": 3}, {"Ann": 3, "Bob": 3})]
    # each hand's deal is changed in place (the events after it align as they can: two other
    # hands); B's hand 3 starts a line later (B's hand 2 is A's hand 3, one line longer)
    assert [(d.hand, d.a.line, d.b.line) for d in of(ds, EventDiff) if d.index == 1] == \
        [(2, 27, 27), (3, 39, 40)]


def test_the_readme_example_is_what_the_command_prints(tmp_path, monkeypatch):
    text = (ROOT / "README.md").read_text()
    sed = "$ sed '22s/\"QH\"/\"KH\"/' examples/thirty-three/disputed.jsonl > copy.jsonl\n"
    block = text.split(sed)[1]
    block = block.split("$ referee diff examples/thirty-three/disputed.jsonl copy.jsonl\n")[1]
    want = block.split("$ echo $?\n")[0]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples" / "thirty-three").mkdir(parents=True)
    (tmp_path / "examples" / "thirty-three" / "disputed.jsonl").write_bytes(T33.read_bytes())
    (tmp_path / "copy.jsonl").write_bytes(changed(T33, 22, '"QH"', '"KH"'))
    r = invoke("examples/thirty-three/disputed.jsonl", "copy.jsonl")
    assert (r.exit_code, r.output) == (1, want)


_LINES = st.one_of(
    st.sampled_from([t for p in (T33, S66, E83, ASZ) for t in lines(p)]),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    st.sampled_from(['{"event": "play", "player": "Anna", "card": "XX"}', "[1]", '"x"', "",
                     '{"event": "deal", "dealer": "Ann", "hands": {"Ann": ["JK", "6D", "10♥"]}}',
                     '{"event": "match", "game": "sixty-six", "players": ["Ann", "Ann"]}',
                     '{"event": "match", "game": "asszorti", "players": ["A", "B", "C"], '
                     '"id": 7}']))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_LINES, max_size=30), st.lists(_LINES, max_size=30), st.booleans())
def test_any_two_files_are_compared_without_raising(a, b, strict):
    import io
    from referee.render.diff import DiffPrinter
    da = "\n".join(x.replace("\n", " ") for x in a).encode("utf-8", "surrogateescape")
    db = "\n".join(x.replace("\n", " ") for x in b).encode("utf-8", "surrogateescape")
    text, js = io.StringIO(), io.StringIO()
    pt, pj = DiffPrinter(text, "a", "b"), DiffPrinter(js, "a", "b", "json")
    for d in diff_logs(da, db, strict=strict):
        pt.write(d)
        pj.write(d)
    for line in js.getvalue().splitlines():
        json.loads(line)
    assert "\x1b" not in text.getvalue()
    # a file agrees with itself, whatever it holds (a file that is no log at all is said so)
    assert all(isinstance(d, NotALog) for d in diffs(da, da, strict=strict))


def test_matches_further_apart_than_the_look_ahead_are_in_one_record_only():
    # 18 matches m0 … m17; B moves m17 to the front.  Within the look-ahead of WINDOW = 16
    # matches of A (m0 … m15) there is no m17, so B's m17 is reported as only in B; A's m17,
    # last, then finds no partner left: only in A.  Moved by less than the look-ahead, it pairs.
    from referee.diff import WINDOW
    assert WINDOW == 16
    one = lines(S66)
    match = [one[0].replace('"disputed"', f'"m{i}"') for i in range(18)]
    a = [x for i in range(18) for x in [match[i]] + one[1:]]
    b = [x for i in [17] + list(range(17)) for x in [match[i]] + one[1:]]
    ds = diffs(log(a), log(b))
    assert [(d.side, d.match, d.line) for d in ds] == [("b", "m17", 1), ("a", "m17", 341)]
    c = [x for i in [15] + list(range(15)) + [16, 17] for x in [match[i]] + one[1:]]
    assert diffs(log(a), log(c)) == []
