"""``referee diff`` aligns the events of a hand (issue 29, items 6, 19, 20): a missing, an added
and a swapped event are named as such, a player renamed throughout is one line (``--rename``
applies one), events are shown as their lines hold them, and the totals of a record cut short
say which hand they stand after.

The scenarios are a new user's (``tests/repros/new-user/``, copied from the project's repros):
``server.jsonl`` is the server's log of a 15-hand Thirty-Three match; each ``s*.jsonl`` is a copy
with one mistake.  For each, what a director should read was written down by hand from the
rules, and is tested exactly."""
from __future__ import annotations

import json

import pytest

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import diff as diff_module
from referee.cli import main
from referee.diff import (EventAdded, EventDiff, EventMissing, EventsSwapped, FindingOnly,
                          MatchResultDiff, Renamed, ResultDiff, TotalsDiff, TrickDiff, diff_logs)

from .conftest import ROOT

NEW = ROOT / "tests" / "repros" / "new-user"
SERVER = NEW / "server.jsonl"
T33 = ROOT / "examples" / "thirty-three" / "disputed.jsonl"
EVENT_KINDS = (EventDiff, EventMissing, EventAdded, EventsSwapped, Renamed)


def invoke(*args):
    return CliRunner().invoke(main, ["diff", *map(str, args)], catch_exceptions=False)


def of(ds, *kinds):
    return [d for d in ds if isinstance(d, kinds)]


def lines(path):
    return path.read_text().splitlines()


def log(ls):
    return ("\n".join(ls) + "\n").encode()


# --- the five scenarios, as a director reads them ------------------------------------------------

def test_s1_two_cards_played_the_other_way_round_are_a_swap():
    # referee diff server.jsonl s1_card.jsonl
    # B has Bela's 9♠ (line 14, trick 3) and 10♠ (line 20, trick 5) the other way round.  Anna
    # plays 20 Hearts: trick 3 is led with A♥, trick 5 with K♥, Bela holds no heart, so either
    # spade is legal in either trick, and Anna's trump takes both tricks whichever Bela plays:
    # Anna takes the same cards, the same card points, the same result.  Only the two tricks
    # read differently; no result, total or finding differs.
    b = NEW / "s1_card.jsonl"
    r = invoke(SERVER, b, "--ascii")
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        f"--- {SERVER}", f"+++ {b}",
        "@@ match club-night-2026-11-14, hand 1 @@",
        ' swapped in B: line 14: {"event":"play","player":"Bela","card":"9S"} and '
        'line 20: {"event":"play","player":"Bela","card":"10S"} (B\'s lines 20 and 14)',
        "-trick 3: Anna AH, Bela 9S, Cili 7S -> Anna (line 13)",
        "+trick 3: Anna AH, Bela 10S, Cili 7S -> Anna (line 13)",
        "-trick 5: Anna KH, Bela 10S, Cili 10D -> Anna (line 19)",
        "+trick 5: Anna KH, Bela 9S, Cili 10D -> Anna (line 19)"]
    [o] = [json.loads(x) for x in invoke(SERVER, b, "--format", "json").stdout.splitlines()
           if json.loads(x)["kind"] == "swapped"]
    assert [x["line"] for x in o["a"]] == [14, 20] and [x["line"] for x in o["b"]] == [20, 14]
    assert [x["event"]["card"] for x in o["a"]] == ["9S", "10S"]
    assert [x["event"]["card"] for x in o["b"]] == ["9S", "10S"]  # the same events, in B


def test_s2_one_missing_line_is_one_missing_event():
    # referee diff server.jsonl s2_missing.jsonl
    # B lacks line 11, Bela's 9♣ in trick 2; every later line of B is one line up.  Before the
    # fix: "line 11 … and 25 later events of the hand differ".  Now one event missing in B,
    # after B's line 10 (Anna's J♦), and nothing else at the level of events.  What follows from
    # refereeing B: Cili's 7♦ (B's line 11) comes in Bela's turn (out-of-turn, G2), then Anna's
    # A♥ (B's line 12) is a second card of hers to trick 2: out-of-turn, the hand not scored
    # (G3).  So Anna's 20 Hearts, +33 in A, is 0 in B; B's sheet (line 143: Anna 83) is then
    # 83 − 50 = +33 off (score-mismatch, following from line 11), and B's final total for Anna
    # is A's less 33.
    b = NEW / "s2_missing.jsonl"
    ds = list(diff_logs(SERVER, b))
    assert of(ds, *EVENT_KINDS) == [EventMissing(
        "club-night-2026-11-14", 1, 10,
        diff_module.EventAt(11, {"event": "play", "player": "Bela", "card": "9C"}),
        after=10, later=0, last=11)]
    [res] = of(ds, ResultDiff)
    assert (res.a.status, res.a.deltas["Anna"], res.b.status, res.b.deltas["Anna"]) == \
        ("scored", 33, "unscored", 0)
    assert [(f.side, f.finding.code, f.finding.line) for f in of(ds, FindingOnly)] == \
        [("b", "out-of-turn", 11), ("b", "out-of-turn", 12), ("b", "score-mismatch", 143)]
    [m] = of(ds, MatchResultDiff)
    assert m.b["totals"] == {**m.a["totals"], "Anna": m.a["totals"]["Anna"] - 33}
    out = invoke(SERVER, b, "--ascii").output.splitlines()
    assert out[2:4] == ["@@ match club-night-2026-11-14, hand 1 @@",
                        '-line 11: {"event":"play","player":"Bela","card":"9C"} missing in B, '
                        "after B's line 10"]
    assert not any("later event" in x for x in out)


def test_s3_two_plays_in_the_other_order_are_a_swap():
    # referee diff server.jsonl s3_swap.jsonl
    # B has lines 17 and 18 (Bela's 10♣, then Cili's 9♦, trick 4) the other way round.  In B
    # Cili plays in Bela's turn: out-of-turn, applied as recorded, the hand irregular (G2, G4b).
    # Anna's 10♥ leads trick 4 and is trump: it takes the trick either way, so the deltas are
    # the same (Anna +33) and no total differs; only the status does.
    b = NEW / "s3_swap.jsonl"
    r = invoke(SERVER, b, "--ascii")
    assert r.exit_code == 1
    out = r.output.splitlines()
    assert out[:8] == [
        f"--- {SERVER}", f"+++ {b}",
        "@@ match club-night-2026-11-14, hand 1 @@",
        ' swapped in B: line 17: {"event":"play","player":"Bela","card":"10C"} and '
        'line 18: {"event":"play","player":"Cili","card":"9D"} (B\'s lines 18 and 17)',
        "-trick 4: Anna 10H, Bela 10C, Cili 9D -> Anna (line 16)",
        "+trick 4: Anna 10H, Cili 9D, Bela 10C -> Anna (line 16)",
        "-result: scored, Anna 20 hearts; Anna +33, Bela 0, Cili 0",
        "+result: irregular, Anna 20 hearts; Anna +33, Bela 0, Cili 0"]
    assert out[8].startswith(f"+{b}:17: error[out-of-turn]: trick 4: Cili played 9D")
    assert len(out) == 9


def test_s4_a_score_typed_wrong_is_shown_with_the_numbers_of_its_line():
    # referee diff server.jsonl s4_score.jsonl
    # B's sheet after hand 4 (line 144) has Bela −43 for −34.  The lines hold integers: they are
    # shown as integers (before the fix: "Anna":83.0).  B's sheet is off by −43 − (−34) = −9.
    b = NEW / "s4_score.jsonl"
    r = invoke(SERVER, b)
    assert r.exit_code == 1
    out = r.output.splitlines()
    assert out[2:5] == [
        "@@ match club-night-2026-11-14, hand 4 @@",
        '-line 144: {"event":"score","totals":{"Anna":83,"Bela":-34,"Cili":21}}',
        '+line 144: {"event":"score","totals":{"Anna":83,"Bela":-43,"Cili":21}}']
    assert "recorded -43, referee -34, difference -9" in out[-1]
    js = invoke(SERVER, b, "--format", "json").stdout
    assert '"totals":{"Anna":83,"Bela":-34,"Cili":21}' in js and "83.0" not in js
    first = json.loads(js.splitlines()[0])
    assert first["b"]["event"]["totals"] == {"Anna": 83, "Bela": -43, "Cili": 21}
    assert all(type(v) is int for v in first["b"]["event"]["totals"].values())


def test_a_number_is_shown_as_its_line_writes_it():
    # 83.0 and 83 are the same number (no difference); --strict counts the spelling, and each
    # side shows its own.
    ls = lines(SERVER)
    other = list(ls)
    other[143] = other[143].replace('"Anna": 83', '"Anna": 83.0')
    assert list(diff_logs(SERVER, log(other))) == []
    [d] = of(list(diff_logs(SERVER, log(other), strict=True)), EventDiff)
    assert json.dumps(d.a.event["totals"]) == '{"Anna": 83, "Bela": -34, "Cili": 21}'
    assert json.dumps(d.b.event["totals"]) == '{"Anna": 83.0, "Bela": -34, "Cili": 21}'


def test_s5_a_player_renamed_throughout_is_one_line():
    # referee diff server.jsonl s5_name.jsonl
    # B calls Cili "Cilli" on every line that names her (the match, every deal, pass, play and
    # score): the same seat, and neither record uses the other's name.  Before the fix: 428
    # lines.  Now the one line, and nothing else: with the name read as B's, every event, trick,
    # result and total agrees.  The records still differ (exit 1).
    b = NEW / "s5_name.jsonl"
    r = invoke(SERVER, b)
    assert (r.exit_code, r.output.splitlines()) == (1, [
        f"--- {SERVER}", f"+++ {b}", "@@ match club-night-2026-11-14 @@", " Cili is Cilli in B"])
    assert json.loads(invoke(SERVER, b, "--format", "json").stdout) == \
        {"kind": "rename", "match": "club-night-2026-11-14", "a": "Cili", "b": "Cilli"}
    # --strict too: every line of B is A's with the name changed, nothing else
    assert list(diff_logs(SERVER, b, strict=True)) == \
        [Renamed("club-night-2026-11-14", "Cili", "Cilli")]
    # --rename applies it before comparing: the records then agree
    r = invoke(SERVER, b, "--rename", "Cili=Cilli")
    assert (r.exit_code, r.output) == (0, "")
    assert list(diff_logs(SERVER, b, renames={"Cili": "Cilli"})) == []
    assert list(diff_logs(SERVER, b, renames={"Cili": "Cilli"}, strict=True)) == \
        list(diff_logs(SERVER, SERVER, strict=True))


def test_a_rename_with_another_mistake_says_both():
    # B: s5's rename, and Bela's 9♣ at line 11 written 10♣ (she plays 10♣ at line 17 too: a card
    # played twice in B).  The rename is one line; the card is one event changed in place.
    ls = lines(NEW / "s5_name.jsonl")
    ls[10] = ls[10].replace('"9C"', '"10C"')
    ds = list(diff_logs(SERVER, log(ls)))
    assert [type(d) for d in of(ds, *EVENT_KINDS)] == [Renamed, EventDiff]
    e = of(ds, EventDiff)[0]
    assert (e.hand, e.a.line, e.b.event["card"], e.later) == (1, 11, "10C", 0)
    # B's second 10♣ (line 17) is a card not held; findings name players by B's name
    assert any(f.finding.code == "card-not-held" and f.finding.line == 17
               for f in of(ds, FindingOnly))


def test_a_name_changed_on_the_match_line_only_is_no_rename():
    # B renames Cili in its match line only: its events still name Cili, who is no player of
    # B's match.  That is no rename throughout: the match line differs as an event.
    ls = lines(SERVER)
    ls[0] = ls[0].replace('"Cili"', '"Cilli"')
    ds = list(diff_logs(SERVER, log(ls)))
    assert not of(ds, Renamed)
    [e] = of(ds, EventDiff)[:1]
    assert (e.hand, e.a.line) == (0, 1)


def test_rename_usage():
    for bad in ("Cili", "=Cilli", "Cili="):
        r = invoke(SERVER, SERVER, "--rename", bad)
        assert r.exit_code == 2 and "OLD=NEW" in r.output
    r = invoke(SERVER, SERVER, "--rename", "Cili=X", "--rename", "Cili=Y")
    assert r.exit_code == 2 and "renamed twice" in r.output


def test_a_rename_onto_a_name_a_already_uses_is_a_usage_error():
    # `referee diff --rename Cili=Anna server.jsonl server.jsonl`: server.jsonl's match (line 1)
    # seats Anna, Bela and Cili, so the rename would make two Annas: a usage error, nothing
    # compared (before issue 29's trial it printed 82 lines whose sides read the same, exit 1)
    r = CliRunner().invoke(main, ["diff", "--rename", "Cili=Anna", str(SERVER), str(SERVER)])
    assert r.exit_code == 2
    assert "A already has a player Anna (line 1)" in r.output
    assert "@@" not in r.output
    # the same from standard input (found as A is read: line 1 names Anna)
    r = CliRunner().invoke(main, ["diff", "--rename", "Cili=Anna", "-", str(SERVER)],
                           input=SERVER.read_bytes())
    assert r.exit_code == 2 and "A already has a player Anna (line 1)" in r.output
    with pytest.raises(diff_module.RenameError):
        list(diff_logs(SERVER, SERVER, renames={"Cili": "Anna"}))
    # a swap renames Anna away too: no clash (the seats then differ from B's: exit 1)
    r = invoke(SERVER, SERVER, "--rename", "Cili=Anna", "--rename", "Anna=Cili")
    assert r.exit_code == 1 and "A already has" not in r.output


def test_a_rename_of_a_name_a_never_uses_is_a_warning():
    # `--rename Zed=Zod`: no event of server.jsonl names Zed; the rename does nothing, which
    # is said on standard error; the records (the same file twice) agree: exit 0
    r = CliRunner().invoke(main, ["diff", "--rename", "Zed=Zod", str(SERVER), str(SERVER)])
    assert r.exit_code == 0
    assert r.stdout == ""
    assert "warning: --rename Zed=Zod" in r.stderr and "names no player Zed" in r.stderr
    assert diff_module.unused_renames(SERVER, {"Zed": "Zod", "Cili": "Cilli"}) == ["Zed"]


# --- item 19: a record cut short ----------------------------------------------------------------

def test_the_totals_of_a_record_cut_short_say_which_hand_they_stand_after(tmp_path):
    # referee diff examples/thirty-three/disputed.jsonl short.jsonl (short.jsonl: its first 59
    # lines, up to the end of hand 2).  Hand 1: Anna +33; hand 2: Cili −26; hand 3 (A only):
    # Anna +3, Bela +7, Cili +17.  After hand 3 A has 36, 7, −9; B has no hand 3: its totals
    # are still those after hand 2, 33, 0, −26 (before the fix: "+totals after hand 3").
    short = NEW / "short.jsonl"
    assert short.read_bytes() == log(lines(T33)[:59])
    r = invoke(T33, short, "--ascii")
    assert r.exit_code == 1
    assert r.output.splitlines()[2:6] == [
        "@@ match club-night-2026-11-21, hand 3 @@",
        f"-line 60: hand 3 only in {T33}",
        "-totals after hand 3: Anna 36, Bela 7, Cili -9",
        "+totals after hand 2 (no hand 3 in B): Anna 33, Bela 0, Cili -26"]
    [t] = of(list(diff_logs(T33, short)), TotalsDiff)
    assert (t.hand, t.hand_a, t.hand_b) == (3, 3, 2)
    # the other way round: A is the one without hand 3
    r = invoke(short, T33, "--ascii")
    assert "-totals after hand 2 (no hand 3 in A): Anna 33, Bela 0, Cili -26" in r.output


# --- the alignment, on every example ------------------------------------------------------------

EXAMPLES = sorted((ROOT / "examples").glob("*/*.jsonl"))


def inner_lines(ls):
    """Indexes of lines inside a hand: not a match, not a deal (they start a match or a hand),
    and followed by another line of the same hand."""
    kinds = [json.loads(t)["event"] for t in ls]
    return [k for k in range(1, len(ls) - 1)
            if kinds[k] not in ("match", "deal") and kinds[k + 1] not in ("match", "deal")]


def draw_inner(data):
    """An example (its path and lines) and the index of a line inside one of its hands."""
    path = data.draw(st.sampled_from(EXAMPLES))
    ls = lines(path)
    return path, ls, data.draw(st.sampled_from(inner_lines(ls)))


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_one_line_removed_is_one_missing_event(data):
    path, ls, k = draw_inner(data)
    ds = list(diff_logs(path, log(ls[:k] + ls[k + 1:])))
    [d] = of(ds, *EVENT_KINDS)
    assert isinstance(d, EventMissing)
    assert (d.a.line, d.later) == (k + 1, 0)
    assert d.a.event == json.loads(ls[k])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_one_line_added_is_one_added_event(data):
    path, ls, k = draw_inner(data)
    player = data.draw(st.sampled_from(json.loads(ls[0])["players"]))
    extra = {"event": "dispute", "player": player, "note": "typed twice"}
    ds = list(diff_logs(path, log(ls[:k] + [json.dumps(extra)] + ls[k:])))
    [d] = of(ds, *EVENT_KINDS)
    assert isinstance(d, EventAdded) and d.later == 0
    # (next to a dispute of the same player, either of the two may be the one added)
    assert {k: v for k, v in d.b.event.items() if k != "note"} == \
        {"event": "dispute", "player": player}


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_two_lines_swapped_are_one_swap(data):
    path, ls, k = draw_inner(data)  # k and k + 1 both inside one hand
    b = ls[:k] + [ls[k + 1], ls[k]] + ls[k + 2:]
    ds = list(diff_logs(path, log(b)))
    [d] = of(ds, *EVENT_KINDS)
    assert isinstance(d, EventsSwapped)
    assert [x.line for x in d.a] == [k + 1, k + 2] and [x.line for x in d.b] == [k + 2, k + 1]


def test_past_the_alignment_limit_events_are_compared_by_place(monkeypatch):
    # B: s2 (line 11 missing), and Cili's A♣ of trick 10 (A's line 36, B's 35) written K♦, so
    # the hands no longer end alike.  With no room to align (ALIGN_LIMIT 0) the 26 events of
    # A's hand from line 11 on and the 25 of B's are compared by place, as before the
    # alignment: B's line 11 against A's 11, … 35 against 35: a run of 25 changed events, and
    # A's line 36 has no partner: missing.  Aligned, the same records give line 11 missing and
    # line 36 changed in place.
    ls = lines(NEW / "s2_missing.jsonl")
    assert '"AC"' in ls[34]
    ls[34] = ls[34].replace('"AC"', '"KD"')
    aligned = of(list(diff_logs(SERVER, log(ls))), *EVENT_KINDS)
    assert [(type(d), d.a.line, d.later) for d in aligned] == \
        [(EventMissing, 11, 0), (EventDiff, 36, 0)]
    monkeypatch.setattr(diff_module, "ALIGN_LIMIT", 0)
    by_place = of(list(diff_logs(SERVER, log(ls))), *EVENT_KINDS)
    assert [(type(d), d.a.line, d.later) for d in by_place] == \
        [(EventDiff, 11, 24), (EventMissing, 36, 0)]
