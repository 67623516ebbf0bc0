"""What a new user reads (issue 13, items 11-15): actions said as a person would say them,
the joker's name, tricks as they happened, what a card not held was, and JSON on both streams."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from referee.cards import JOKER
from referee.cli import main
from referee.games.eighty_three.rules import DECK as DECK_83
from referee.games.thirty_three.rules import DECK as DECK_33

from .conftest import ROOT, history_lines

EX = ROOT / "examples"


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                                              catch_exceptions=False)


# --- item 12: the joker has its game's name in every mode -----------------------------------

def test_joker_is_named_bug_or_joker_with_and_without_symbols():
    # FORMAT.md, "Cards": readable output names the joker Bug (Thirty-Three) or Joker; `JK` is
    # only the log's notation, so --ascii (letters for suits) keeps the name.
    assert DECK_33.name(JOKER, True) == DECK_33.name(JOKER, False) == "Bug"
    assert DECK_83.name(JOKER, True) == DECK_83.name(JOKER, False) == "Joker"


def test_ascii_history_names_the_bug_and_the_joker():
    # examples/thirty-three/match.jsonl line 2 deals the Bug (JK) to a player; the Eighty-Three
    # example deals the joker to Bob in hand 1 and Bob plays it to trick 2.
    out33 = invoke("history", "--ascii", EX / "thirty-three" / "match.jsonl").stdout
    out83 = invoke("history", "--ascii", EX / "eighty-three" / "match.jsonl").stdout
    assert "JK" not in out33 and "JK" not in out83
    assert " Bug" in out33
    assert "Bob JK" not in out83 and "Bob Joker, Cat 6H" in out83


# --- item 15: score --format json speaks JSON on both streams -------------------------------

def test_score_json_writes_findings_as_json_lines_on_standard_error():
    # The same finding objects as `check --format json` (FORMAT.md), on standard error; the
    # match objects stay on standard output.
    log = EX / "thirty-three" / "disputed.jsonl"
    checked = invoke("check", "--format", "json", log)
    scored = invoke("score", "--format", "json", log)
    assert scored.exit_code == checked.exit_code == 1
    found = [json.loads(x) for x in scored.stderr.splitlines()]
    assert found == [json.loads(x) for x in checked.stdout.splitlines()]
    assert found and found[0]["code"] == "revoke" and found[0]["line"] == 58
    assert all("hands" in json.loads(x) for x in scored.stdout.splitlines())
    # the text form is unchanged
    text = invoke("score", log).stderr
    assert text.startswith(f"{log}:58: error[revoke]: trick 6: Cili played 8♠")


def test_score_json_with_jobs_writes_findings_as_json_lines_too():
    logs = [EX / "thirty-three" / "disputed.jsonl", EX / "sixty-six" / "disputed.jsonl"]
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "referee", "score", "--format", "json",
                        "--jobs", "2", *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    q = subprocess.run([sys.executable, "-m", "referee", "check", "--format", "json",
                        *map(str, logs)], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1
    assert [json.loads(x) for x in p.stderr.splitlines()] == \
        [json.loads(x) for x in q.stdout.splitlines()]


def test_score_standings_object_says_what_it_is():
    # Two Thirty-Three matches: match.jsonl (finished, Cili wins) and disputed.jsonl.  The last
    # line is the standings object, marked "kind": "standings" so that jq can pick it out; the
    # match objects carry no "kind".
    logs = [EX / "thirty-three" / "match.jsonl", EX / "thirty-three" / "disputed.jsonl"]
    r = invoke("score", "--standings", "--format", "json", *logs)
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o.get("kind") for o in objs] == [None, None, "standings"]
    last = objs[-1]
    assert list(last) == ["kind", "standings", "matches"] and last["matches"] == 2
    assert set(last["standings"][0]) == {"game", "player", "matches", "finished", "won",
                                         "points"}


# --- item 14: a card not held says where the card is ----------------------------------------

def _example(game: str, name: str) -> list[dict]:
    return [json.loads(x) for x in (EX / game / name).read_text().splitlines() if x.strip()]


def _not_held(log: list[dict]) -> list[tuple[int, str]]:
    from .conftest import run_log
    return [(f.line, f.message) for f in run_log(log).findings if f.code == "card-not-held"]


def test_thirty_three_a_duplicated_play_says_where_it_was_played():
    # examples/thirty-three/match.jsonl: line 8 is Bela's 7♣ to trick 1 (lines 7-9).  The same
    # line again as line 9: Bela no longer holds 7♣, because she played it at line 8.
    log = _example("thirty-three", "match.jsonl")
    log.insert(8, dict(log[7]))
    [(line, msg)] = _not_held(log)
    assert line == 9
    assert msg.startswith("Bela plays 7♣, a card not held: Bela already played it to trick 1 "
                          "at line 8 (holding ")


def test_thirty_three_a_card_of_another_player_says_who_holds_it():
    # line 8 becomes Bela playing 7♥, a card dealt to Cili (line 2) and not played yet.
    log = _example("thirty-three", "match.jsonl")
    log[7] = {"event": "play", "player": "Bela", "card": "7H"}
    [(line, msg)] = _not_held(log)
    assert line == 8 and msg.startswith("Bela plays 7♥, a card not held: Cili holds it (holding ")


def test_thirty_three_discard_and_draw_say_who_holds_the_card():
    # line 6: Anna (hearts 20, boat K♦ 8♣ 8♦) lays away J♠, a card dealt to Cili.
    log = _example("thirty-three", "match.jsonl")
    log[5] = {"event": "discard", "player": "Anna", "cards": ["8C", "8D", "JS"]}
    assert _not_held(log) == [(6, "Anna discards J♠, not held (nor in the boat); Cili holds it; "
                                  "the hand is not scored and the rest of it is skipped (G3)")]
    # Null+2 (tests/test_thirty_three.py's deal): A draws 8♠ and A♥; the boat is 8♠ 7♠ 7♣ and
    # B was dealt A♥.
    from .conftest import run_log
    from .test_thirty_three import MATCH, bid, deal, pas
    rec = run_log([MATCH, deal(), bid("A", "misere", 22), pas("B"), pas("C"),
                   {"event": "draw", "player": "A", "cards": ["8S", "AH"]}])
    assert rec.findings[0].message.startswith(
        "A draws 8♠ A♥, but the boat holds 8♠ 7♠ 7♣ (T11); B holds A♥;")


def test_asszorti_discard_and_duplicate_play_say_where_the_card_is():
    # examples/asszorti/worked-hand.jsonl: contract 1 (line 10), Berta takes the top talon card
    # and lays away one (line 11).  A♣ was dealt to Csaba.
    log = _example("asszorti", "worked-hand.jsonl")
    top = log[1]["talon"][0]
    log[10] = {"event": "discard", "player": "Berta", "cards": ["AC"]}
    [(line, msg)] = _not_held(log)
    assert line == 11 and msg.startswith(
        f"Berta discards A♣, not held (the top 1 of the talon are {top[:-1]}"
        f"{dict(C='♣', D='♦', H='♥', S='♠')[top[-1]]}); Csaba holds it")
    # lines 13-15 are trick 1: Anna A♠, Berta 7♠, Csaba Q♠; Berta's line again as line 15.
    log = _example("asszorti", "worked-hand.jsonl")
    log.insert(14, dict(log[13]))
    [(line, msg)] = _not_held(log)
    assert line == 15 and msg.startswith(
        "Berta plays 7♠, a card not held: Berta already played it to trick 1 at line 14")


def test_sixty_six_play_and_marriage_say_where_the_card_is():
    # examples/sixty-six/match.jsonl: Ann leads 9♣ at line 3 (trick 1); Bob is to play.
    log = _example("sixty-six", "match.jsonl")
    dup = log[:3] + [dict(log[2])]
    assert _not_held(dup)[0][1].startswith(
        "Ann plays 9♣, a card not held: Ann already played it to trick 1 at line 3")
    for card, where in [("9D", "Ann holds it"),                   # dealt to Ann
                        ("JS", "it is still in the stock"),       # the stock's top card
                        ("AC", "it is the turned-up trump card")]:  # the trump card
        log2 = log[:3] + [{"event": "play", "player": "Bob", "card": card}]
        [(line, msg)] = _not_held(log2)
        assert line == 4 and f", a card not held: {where} (holding " in msg
    # Ann, on lead at line 3, shows hearts: she holds K♥, and Q♥ was dealt to Bob.
    log3 = log[:2] + [{"event": "marriage", "player": "Ann", "suit": "hearts"}]
    assert _not_held(log3)[0][1].startswith(
        "Ann shows a marriage in hearts without holding Q♥; Bob holds it")


def test_eighty_three_discard_and_give_say_where_the_card_is():
    # examples/eighty-three/match.jsonl hand 1: Bob lays away 6♣ 5♣ 4♣ 3♣ J♦ 10♦ at line 11.
    log = _example("eighty-three", "match.jsonl")
    log[10] = {"event": "discard", "player": "Bob",
               "cards": ["6C", "5C", "4C", "3C", "JD", "AH"]}          # A♥ was dealt to Ann
    assert _not_held(log)[0][:2] == (11, "Bob does not hold A♥; Ann holds it; the hand is not "
                                         "scored and the rest of it is skipped (G3)")
    # two cards: A♥ (Ann's) and 7♠, a kitty card that Ann took and laid away at line 10
    log[10] = {"event": "discard", "player": "Bob",
               "cards": ["6C", "5C", "4C", "3C", "AH", "7S"]}
    assert _not_held(log)[0][1].startswith("Bob does not hold A♥ 7♠; Ann holds A♥; "
                                           "Ann laid 7♠ away; the hand is not scored")
    log = _example("eighty-three", "match.jsonl")
    log[11] = {"event": "discard", "player": "Cat",                   # 6♣: Bob's, laid away
               "cards": ["9D", "8D", "7D", "6D", "4D", "6C"]}
    assert _not_held(log)[0][1].startswith("Cat does not hold 6♣; Bob laid it away")
    # hand 2, line 45: Ann gives 9♠ to Cat; K♠ instead, which Dan was dealt (line 39).
    log = _example("eighty-three", "match.jsonl")
    log[44] = {"event": "give", "player": "Ann", "to": "Cat", "cards": ["KS"]}
    assert _not_held(log)[0][:2] == (45, "Ann does not hold K♠; Dan holds it; the hand is not "
                                         "scored and the rest of it is skipped (G3)")
    # lines 14-17 are trick 1 of hand 1 (Ann A♥ first); Ann's line again as line 15.
    log = _example("eighty-three", "match.jsonl")
    log.insert(14, dict(log[13]))
    assert _not_held(log)[0][:2] == (15, "Ann plays A♥, a card not held: Ann already played it "
                                         "to trick 1 at line 14 (holding K♥ Q♥ J♥ A♣ A♠); the "
                                         "hand is not scored and the rest of it is skipped (G3)")


# --- item 11: legal says actions as a person would say them ---------------------------------

TRICKS = {"thirty-three": 10, "asszorti": 11, "sixty-six": 12, "eighty-three": 6}
"""Tricks in a hand: Thirty-Three 10 cards each, Asszorti 11, Sixty-Six 6 + 12 stock cards /
2 = 12, Eighty-Three 6 after the discards."""
LOGS = sorted((EX).glob("*/*.jsonl"))


def _legal_text(log, line: int) -> str:
    r = invoke("legal", log, "--line", line)
    assert r.exit_code in (0, 1) and r.stderr == ""
    return r.stdout


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_legal_at_every_line_shows_no_internal_spelling(log):
    """`legal` at every line of every example: no field=value, no `plain`, `None`, `True`,
    `False`, no note or time stamp, no trick after the game's last."""
    game = log.parent.name
    raw = log.read_text().splitlines()
    notes = [json.loads(x).get("note") for x in raw if x.strip()]
    notes = [n for n in notes if n]
    for line in range(1, len(raw) + 1):
        text = _legal_text(log, line)
        said = "\n".join(x for x in text.splitlines()
                         if not x.startswith(("  error[", "  warning[")))  # the referee's findings
        for word in (r"=", r"\bplain\b", r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"\bnote\b",
                     r"_", r"\bts\b", r"`"):
            assert not re.search(word, said), (line, word, text)
        for n in notes:
            assert n not in text, (line, text)
        for m in re.finditer(r"trick (\d+)", text):
            assert 1 <= int(m.group(1)) <= TRICKS[game], (line, text)
        obj = json.loads(invoke("legal", log, "--line", line, "--format", "json").stdout)
        assert obj["trick"] is None or 1 <= obj["trick"] <= TRICKS[game]
        if raw[line - 1].strip():
            # the JSON stays exact: the event at the line as the log has it, note and all
            assert obj["event"] == json.loads(raw[line - 1]), line


def test_legal_rows_checked_by_hand():
    # thirty-three/disputed.jsonl:58: trick 6 led A♥ in Nines; Cili holds 8♥, the only heart
    # (Nines takes the 9♥ out of hearts), so 8♥ is her only legal card; she played 8♠, with a
    # note ("played quickly") that is not shown.
    log = EX / "thirty-three" / "disputed.jsonl"
    assert _legal_text(log, 58) == (
        f"{log}:58: Thirty-Three, hand 2, trick 6\n"
        "to act: Cili\n"
        "  Cili plays 8♥\n"
        "line 58: Cili plays 8♠: NOT legal\n"
        "  error[revoke]: trick 6: Cili played 8♠ to a lead of A♥ (hearts, as Nines counts "
        "them) while holding 8♥ (hearts)\n")
    # sixty-six/disputed.jsonl:5: Ann won trick 1 (A♠ over 9♠) and is on lead; the draw (Ann
    # K♠, Bob Q♠) is due.  She may draw, lead any card she will hold (10♠ A♥ 10♥ K♥ Q♥ and
    # K♠), show K♥ Q♥, close now or before the draw, or declare out.  No exchange: the nine of
    # trumps (9♣) is the turned-up card itself.
    log = EX / "sixty-six" / "disputed.jsonl"
    text = _legal_text(log, 5).splitlines()
    assert text[0] == f"{log}:5: Sixty-Six, hand 1, trick 2"
    assert text[1] == "to act: Ann" and text[2] == "  both players draw"
    head, cards = text[3].split(" plays ")
    assert head == "  Ann" and set(cards.replace(" or ", ", ").split(", ")) == \
        {"10♠", "K♠", "A♥", "10♥", "K♥", "Q♥"}
    assert text[4:] == ["  Ann shows a marriage in hearts", "  Ann closes the talon",
                        "  Ann closes the talon before the draw", "  Ann declares out",
                        "line 5: Ann closes the talon: legal"]
    # asszorti/disputed.jsonl: Berta claims after trick 7 (line 30); Anna and Csaba may dispute;
    # Anna does (line 31); Csaba's dispute at line 32 is one too many (A10).
    log = EX / "asszorti" / "disputed.jsonl"
    text = _legal_text(log, 31)
    assert "  Anna disputes the claim\n  Csaba disputes the claim\n" in text
    assert text.endswith("line 31: Anna disputes the claim: legal\n")
    assert "line 32: Csaba disputes the claim: NOT legal\n" in _legal_text(log, 32)
    # asszorti/session.jsonl: hand 1's eleventh and last trick ends at line 41; line 42 is the
    # score sheet: after trick 11, not "trick 12".
    log = EX / "asszorti" / "session.jsonl"
    assert _legal_text(log, 42).splitlines()[0] == f"{log}:42: Asszorti, hand 1, after trick 11"
    assert json.loads(invoke("legal", log, "--line", 42, "--format", "json").stdout)["trick"] \
        == 11
    # eighty-three/match.jsonl:4: Ann opened 40, so Bob may pass or bid 41 to 83, or 83 doubled
    log = EX / "eighty-three" / "match.jsonl"
    text = _legal_text(log, 4)
    assert "  Bob bids 41, 42, 43," in text and ", 83 or 83 doubled\n" in text
    assert "  Bob passes\n" in text and text.endswith("line 4: Bob bids 45: legal\n")


def test_every_action_of_every_game_is_said_in_words():
    """Each event type any game proposes, and those only judged, in words (item 11)."""
    from referee import events as ev
    from referee.render import Style
    from referee.render.words import describe
    style = Style()
    cases = [
        (ev.Close(player="Ann", before_draw=True), "Ann closes the talon before the draw"),
        (ev.Close(player="Ann"), "Ann closes the talon"),
        (ev.Dispute(player="Csaba"), "Csaba disputes the claim"),
        (ev.Play(player="Cili", card="8S", note="played quickly"), "Cili plays 8S"),
        (ev.Draw(), "both players draw"),
        (ev.Draw(player="A", cards=["8S", "7S"]), "A draws 8S 7S"),
        (ev.Bid(player="A", game="no-trump", level="slam-hand"), "A bids slam hand no trump"),
        (ev.Bid(player="A", game="misere", level=20), "A bids 20 misère"),
        (ev.Bid(player="Bob", points=83, doubled=True), "Bob bids 83 doubled"),
        (ev.Bid(player="Berta", bid="hand"), "Berta bids hand"),
        (ev.Bid(player="Berta"), "Berta bids (no bid given)"),
        (ev.Hold(player="Berta"), "Berta holds"),
        (ev.Contract(player="Berta", bid="2"), "Berta sets the contract: 2"),
        (ev.Declare(player="Berta", trump="none", arrivazs=True), "Berta declares no trumps and "
                                                                  "arrivázs"),
        (ev.Declare(player="Berta", trump="hearts"), "Berta declares hearts as trumps"),
        (ev.Kontra(player="Anna", target="arrivazs"), "Anna: Kontra on the arrivázs"),
        (ev.Rekontra(player="B", against="A"), "B: Rekontra against A"),
        (ev.Mordkontra(player="Anna"), "Anna: Mordkontra"),
        (ev.Trump(player="Ann", suit="S"), "Ann names trumps: spades"),
        (ev.Give(player="Ann", to="Cat", cards=["9S"]), "Ann gives 9S to Cat"),
        (ev.Discard(player="Ann", cards=[]), "Ann discards no cards"),
        (ev.Marriage(player="Ann", suit="hearts"), "Ann shows a marriage in hearts"),
        (ev.Exchange(player="Ann"), "Ann exchanges the nine of trumps for the trump card"),
        (ev.DeclareOut(player="Bob"), "Bob declares out"),
        (ev.Reveal(player="A"), "A shows the hand"),
        (ev.Claim(player="Berta"), "Berta claims the rest"),
        (ev.Retract(player="Cili", card="8S"), "Cili takes back 8S"),
        (ev.Resign(player="Bob"), "Bob resigns"),
        (ev.Timeout(player="Bob"), "Bob runs out of time"),
        (ev.Deal(dealer="Ann", hands={}), "Ann deals a new hand"),
        (ev.End(), "the table ends the match"),
    ]
    for e, words in cases:
        assert describe(e, None, style) == words
    assert {type(e) for e, _ in cases} | {ev.Match, ev.Score, ev.Pass, ev.Szubkontra,
                                         ev.Hirskontra} == set(ev.EVENT_TYPES)


# --- item 13: history shows a trick as it happened ------------------------------------------

def _history(tmp_path, log: list[dict]) -> list[str]:
    f = tmp_path / "log.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in log))
    return history_lines(invoke("history", f).stdout)


def _trick_lines(lines: list[str], n: int, hand: int = 2) -> list[str]:
    """The lines of trick ``n`` in hand ``hand``."""
    start = next(i for i, x in enumerate(lines) if x.startswith(f"-- Hand {hand} "))
    end = next((i for i, x in enumerate(lines) if i > start and x.startswith("-- Hand ")),
               len(lines))
    return [x for x in lines[start:end] if x.startswith(f"   trick {n:>2}")]


# examples/thirty-three/disputed.jsonl hand 2 (Nines 18, declarer Bela): Bela wins trick 5 with
# the Bug and leads A♥ to trick 6 at line 57.  Cili holds 8♥ (her only heart: Nines takes the
# nines out of their suits); Anna holds K♦ 8♦ J♠ K♥ Q♣ (dealt K♦ J♦ 8♦ 10♠ J♠ 7♠ K♥ J♥ 7♥ Q♣,
# and 7♥ 7♠ 10♠ J♦ J♥ played to tricks 1-5).

def _trick6(tmp_path, *moves: str) -> tuple[list[str], list[str]]:
    """History of disputed.jsonl up to line 57 (Bela leads A♥ to trick 6 of hand 2), then
    ``moves`` ("play Cili 8H", "retract Cili 8H") from line 58: (trick 6's lines, all lines)."""
    log = _example("thirty-three", "disputed.jsonl")[:57]
    for m in moves:
        kind, who, card = m.split()
        log.append({"event": kind, "player": who, "card": card})
    lines = _history(tmp_path, log)
    return _trick_lines(lines, 6), lines


def test_history_shows_the_card_that_established_a_revoke(tmp_path):
    # line 58 Cili 8♠ (a revoke), line 59 Anna K♥: the next card establishes it (G4) and the
    # hand ends in trick 6.
    lines = history_lines(invoke("history", EX / "thirty-three" / "disputed.jsonl").stdout)
    assert _trick_lines(lines, 6) == [
        "   trick  6 (not finished): Bela A♥, Cili 8♠ (revoke), Anna K♥ (establishes the "
        "revoke)"]


def test_history_shows_a_retracted_card_and_its_replacement_in_the_trick(tmp_path):
    # Cili takes 8♠ back (line 59) and plays 8♥ (line 60); Anna K♥ (line 61) completes the
    # trick: A♥ is the highest heart of the three, so Bela wins it.
    trick, lines = _trick6(tmp_path, "play Cili 8S", "retract Cili 8S", "play Cili 8H",
                           "play Anna KH")
    assert trick == [
        "   trick  6: Bela A♥*, Cili 8♠ (revoke, taken back at line 59), Cili 8♥, Anna K♥  → Bela"]
    assert not any("takes back" in x for x in lines)   # said once, in the trick
    assert any("warning[revoke]" in x and "Repaired by retract at line 59" in x for x in lines)


def test_history_prints_a_trick_reopened_by_a_retract_once(tmp_path):
    # Cili follows with 8♥ (line 58); Anna's K♦ (line 59) completes trick 6 while she holds
    # K♥: a revoke.  She takes it back (line 60), which reopens the trick, and plays K♥ (line
    # 61): the trick is complete again, Bela's A♥ the highest heart.  One trick 6 line only.
    trick, lines = _trick6(tmp_path, "play Cili 8H", "play Anna KD", "retract Anna KD",
                           "play Anna KH")
    assert trick == [
        "   trick  6: Bela A♥*, Cili 8♥, Anna K♦ (revoke, taken back at line 60), Anna K♥  → Bela"]
    # the log stops before trick 7: no card of trick 6 is left over for it
    assert not _trick_lines(lines, 7)


def test_history_shows_an_illegal_retract_that_was_applied_and_one_that_was_not(tmp_path):
    # line 58 Cili 8♥ follows suit; Cili takes it back (line 59, no revoke: illegal-retract,
    # the card is taken back all the same, G4a) and plays it again (line 60).  Then Anna
    # "takes back" a card she never played (line 61): not applied, the hand is not scored, and
    # that line is printed as it was written.
    trick, lines = _trick6(tmp_path, "play Cili 8H", "retract Cili 8H", "play Cili 8H",
                           "retract Anna KH")
    assert trick == [
        "   trick  6 (not finished): Bela A♥, Cili 8♥ (taken back at line 59), Cili 8♥"]
    assert "   Anna takes back K♥" in lines
